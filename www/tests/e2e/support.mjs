// Shared by the end-to-end tests: a static server for www/dist on a free
// loopback port, Debian's headless Chromium through playwright-core, and
// helpers that drive the page through the canvas and its test hook.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const WWW = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST = join(WWW, 'dist');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `root` on 127.0.0.1 at a free port; resolves to { url, close() }. */
export async function serve(root = DIST) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(root + sep)) throw new Error('outside the root');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * A server, a browser and a blank page that records console errors and
 * page errors. `t.after` closes them all.
 */
export async function browserPage(t, { viewport = { width: 1280, height: 900 }, timeout = 10000, contextOptions = {} } = {}) {
  const server = await serve();
  const browser = await launch();
  // The app's service worker would answer from its cache (and past page.route): only offline.test.mjs lets it run.
  const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...contextOptions });
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  return { page, errors, server, browser, context };
}

/** [`browserPage`] showing the app, with empty storage unless asked. */
export async function open(t, { viewport = { width: 1280, height: 900 }, clearStorage = true, contextOptions = {} } = {}) {
  const { page, errors, server, browser, context } = await browserPage(t, { viewport, contextOptions });
  await page.goto(server.url);
  await ready(page);
  if (clearStorage) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await ready(page);
  }
  return { page, errors, server, browser, context };
}

/** Waits until the page has drawn its first board. */
export async function ready(page) {
  await page.waitForFunction(() => document.body.classList.contains('ready') && window.bigboardTest !== undefined);
}

export const fen = (page) => page.evaluate(() => window.bigboardTest.fen());
export const status = (page) => page.evaluate(() => window.bigboardTest.status());
export const history = (page) => page.evaluate(() => window.bigboardTest.history());

/** Clicks the centre of the square called `name`. */
export async function clickSquare(page, name) {
  const p = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
  if (p === null) throw new Error(`no square ${name}`);
  await page.mouse.click(p.x, p.y);
}

/** Plays a move by clicking its two squares and waits for it to be in the history. */
export async function clickMove(page, from, to) {
  const before = (await history(page)).coord.length;
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForFunction((n) => window.bigboardTest.history().coord.length > n, before);
}

/** Drags the piece on `from` to `to` with the mouse. */
export async function dragMove(page, from, to) {
  const a = await page.evaluate((n) => window.bigboardTest.squareCenter(n), from);
  const b = await page.evaluate((n) => window.bigboardTest.squareCenter(n), to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Chooses a variant in the select box and waits for its game (a gallery variant's definition is loaded first). */
export async function chooseVariant(page, id) {
  await page.selectOption('#variant', id);
  await page.waitForFunction((v) => window.bigboardTest.variant() === v && document.querySelector('#variant').value === v, id);
}

/** Imports a game record through the Export / import panel. */
export async function importText(page, text) {
  await page.$eval('details.record', (d) => (d.open = true));
  await page.fill('#pgn', text);
  await page.click('#import');
}

/** The canvas pixel colour at viewport point (x, y), as [r, g, b]. */
export async function pixelAt(page, x, y) {
  return page.evaluate(
    ([cx, cy]) => {
      const c = document.getElementById('board');
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      const d = c.getContext('2d').getImageData(Math.floor((cx - r.left) * k), Math.floor((cy - r.top) * k), 1, 1).data;
      return [d[0], d[1], d[2]];
    },
    [x, y],
  );
}

/** Where the evaluation bar and its White part are on screen, in element `#id` (or the page when null). */
export function evalBarBox(page, id) {
  return page.evaluate((i) => {
    const root = i === null ? document : document.getElementById(i).shadowRoot;
    const bar = root.querySelector('.eval-bar').getBoundingClientRect();
    const fill = root.querySelector('.eval-fill').getBoundingClientRect();
    return { barTop: bar.top, barBottom: bar.bottom, fillTop: fill.top, fillBottom: fill.bottom };
  }, id);
}

/**
 * Checks that the White part of the bar is at the bottom (`whiteAtBottom`)
 * or the top, and that it is not the whole bar (so the check means something).
 */
export function assertWhiteSide(box, whiteAtBottom) {
  const at = JSON.stringify(box);
  assert.ok(box.barBottom - box.barTop > 50, at);
  assert.ok(box.fillBottom - box.fillTop < box.barBottom - box.barTop - 4, at);
  if (whiteAtBottom) assert.ok(Math.abs(box.fillBottom - box.barBottom) <= 2 && box.fillTop > box.barTop + 2, at);
  else assert.ok(Math.abs(box.fillTop - box.barTop) <= 2 && box.fillBottom < box.barBottom - 2, at);
}
