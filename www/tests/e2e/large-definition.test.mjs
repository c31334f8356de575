// A page author's large definition in <bigboard-game> (64 x 64, riders and
// leapers): the page keeps drawing frames while it compiles, the AI, the
// Hint button and the analysis share one engine worker, and a diagram's
// clicks compile nothing.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { browserPage } from './support.mjs';

/**
 * The longest time always allowed between two frames while the definition
 * compiles, in milliseconds. A machine busy with other work delays frames
 * by itself, so a gap up to a quarter of the whole load is allowed too:
 * compiling in one piece would leave one gap as long as the load.
 */
const MAX_FRAME_GAP_MS = 200;

/**
 * A definition on a `size` x `size` board: a king and one piece of each
 * movement in `moves` per side, on the back ranks (the first on the b-file,
 * then every other file).
 */
function largeDefinition(size = 64, moves = ['Q', 'N', 'NN', 'CC', 'ZZ']) {
  const codes = 'ABCDEFGHIJ';
  const back = new Map(moves.map((_, i) => [1 + 2 * i, codes[i]]));
  back.set(size / 2, 'K');
  const rank = (lower) => {
    let out = '';
    let empty = 0;
    for (let f = 0; f < size; f++) {
      const c = back.get(f);
      if (c === undefined) {
        empty++;
        continue;
      }
      if (empty > 0) out += String(empty);
      empty = 0;
      out += lower ? c.toLowerCase() : c;
    }
    return empty > 0 ? out + String(empty) : out;
  };
  const setup = [rank(true), ...Array(size - 2).fill(String(size)), rank(false)].join('/');
  let text = `id = "large"\nname = "Large"\nwidth = ${size}\nheight = ${size}\nsetup = "${setup} w - - 0 1"\n`;
  text += '\n[[piece]]\nname = "King"\ncode = "K"\nmoves = "K"\nroyal = true\n';
  moves.forEach((m, i) => (text += `\n[[piece]]\nname = "Piece ${codes[i]}"\ncode = "${codes[i]}"\nmoves = "${m}"\n`));
  return text;
}

/**
 * Before any page script: every frame's time is recorded, and window.Worker
 * is a real Worker that counts how many were started and ended.
 */
function instrument() {
  const frames = [];
  const frame = (t) => {
    frames.push(t);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.frameTimes = () => frames.slice();
  const counts = { started: 0, ended: 0 };
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      counts.started++;
    }
    terminate() {
      counts.ended++;
      super.terminate();
    }
  };
  window.workerCounts = () => ({ ...counts });
}

/** Serves `body` as a page of the test server (same origin as the element's files). */
async function openPage(t, body, { cpuSlowdown = 1 } = {}) {
  const b = await browserPage(t, { viewport: { width: 1280, height: 1000 }, timeout: 60000 });
  await b.page.addInitScript(instrument);
  if (cpuSlowdown > 1) {
    // A slower machine (a phone): the compilation takes long enough for a
    // freeze to show, however fast the test machine is today.
    b.cdp = await b.page.context().newCDPSession(b.page);
    await b.cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  const url = `${b.server.url}large-definition.html`;
  await b.page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  await b.page.goto(url);
  return b;
}

function pageWith(definition, attributes) {
  return `<!doctype html>
<meta charset="utf-8">
<title>A large definition</title>
<script type="text/x-bigboard-variant" id="large">${definition}</script>
<bigboard-game id="big" definition="large" ${attributes}></bigboard-game>
<script type="module" src="bigboard-embed.js"></script>
`;
}

const boardShown = (page) => page.waitForFunction(() => document.getElementById('big')?.fen?.() !== '');
const compilations = (page) => page.evaluate(() => customElements.get('bigboard-game').definitionCompilations());

/** The renderers' resident memory in MB (the page and its workers), from /proc. */
async function rendererMegabytes(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  let kb = 0;
  for (const p of processInfo.filter((p) => p.type === 'renderer')) {
    const status = await readFile(`/proc/${p.id}/status`, 'utf8').catch(() => '');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

test('a 64 x 64 definition: frames keep coming while it compiles; hint and analysis share one worker', async (t) => {
  const { page, browser, errors, cdp } = await openPage(t, pageWith(largeDefinition(), 'controls="hint,analysis"'), {
    cpuSlowdown: 4,
  });
  const game = page.locator('#big');
  await game.locator('.loading').filter({ hasText: 'Loading the variant…' }).waitFor();
  const loadingSince = await page.evaluate(() => performance.now());
  await boardShown(page);
  const shownAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(100);
  assert.equal(await game.locator('.loading').count(), 0);
  const frames = (await page.evaluate(() => window.frameTimes())).filter((f) => f >= loadingSince - 50 && f <= shownAt + 50);
  let gap = 0;
  for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
  const loadMs = shownAt - loadingSince;
  console.log(`measure: 64 x 64 definition loaded in ${Math.round(loadMs)} ms, ${frames.length} frames drawn meanwhile, longest gap ${Math.round(gap)} ms`);
  assert.ok(loadMs >= 300, `the definition compiles in ${loadMs} ms: too small to tell a responsive page`);
  assert.ok(frames.length >= 5, `${frames.length} frames`);
  const allowed = Math.max(MAX_FRAME_GAP_MS, loadMs / 4);
  assert.ok(gap <= allowed, `a frame came ${gap} ms after the one before (allowed: ${Math.round(allowed)} ms)`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  assert.equal(await compilations(page), 1, 'checked and played with one compilation');
  assert.deepEqual(await page.evaluate(() => window.workerCounts()), { started: 0, ended: 0 });

  const before = await rendererMegabytes(browser);
  await game.locator('input.control-analysis').check();
  await game.locator('.analysis-text').filter({ hasText: /depth \d+\)/ }).waitFor({ timeout: 60000 });
  await game.locator('button.control-hint').click();
  await game.locator('.hint-note').filter({ hasText: /^Hint: [A-Z]*[a-z]?\d*x?[a-z]+\d+/ }).waitFor({ timeout: 60000 });
  await game.locator('.analysis-text').filter({ hasText: /depth \d+\)/ }).waitFor({ timeout: 60000 });
  const after = await rendererMegabytes(browser);
  const workers = await page.evaluate(() => window.workerCounts());
  console.log(`measure: renderer memory ${before} MB with the board, ${after} MB with hint and analysis (workers started ${workers.started}, ended ${workers.ended})`);
  assert.equal(workers.started - workers.ended, 1, `live workers: ${JSON.stringify(workers)}`);
  assert.equal(await compilations(page), 1, 'the page compiled nothing more');
  assert.deepEqual(errors, []);
});

test('a diagram of a large definition: clicking a piece of the side not to move compiles nothing', async (t) => {
  const { page, errors } = await openPage(t, pageWith(largeDefinition(), 'mode="view"'));
  await boardShown(page);
  assert.equal(await compilations(page), 1);
  const picture = () => page.evaluate(() => document.getElementById('big').shadowRoot.querySelector('canvas').toDataURL());
  for (const square of ['b64', 'd64', 'b1']) {
    const plain = await picture();
    const p = await page.evaluate((n) => document.getElementById('big').squareCenter(n), square);
    const t0 = Date.now();
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction(
      (before) => document.getElementById('big').shadowRoot.querySelector('canvas').toDataURL() !== before,
      plain,
    );
    console.log(`measure: diagram click on ${square} shown in ${Date.now() - t0} ms`);
    await page.mouse.click(p.x, p.y);
  }
  assert.equal(await compilations(page), 1, 'no click compiled the definition again');
  assert.equal(await page.evaluate(() => window.workerCounts().started), 0, 'a diagram starts no worker');
  assert.deepEqual(errors, []);
});
