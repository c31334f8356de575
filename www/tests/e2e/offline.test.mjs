// Offline as an installed app: a manifest and a service worker; with the
// network cut after the first load, a reload opens the app and plays (the
// AI included); a new build replaces the cached one on the next visit and
// the page says so.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DIST, clickMove, launch, ready, serve } from './support.mjs';

/** A copy of dist/ served on its own (a test may change its files), a browser, a page. */
async function installed(t) {
  const root = await mkdtemp(join(tmpdir(), 'bigboard-offline-'));
  await cp(DIST, root, { recursive: true });
  const server = await serve(root);
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(server.url);
  await ready(page);
  // The worker has taken the page over, kept the build's files and
  // finished activating (a busy machine may still be activating it when
  // the page is already controlled).
  await page.waitForFunction(async () => navigator.serviceWorker.controller !== null && (await caches.keys()).some((k) => k.startsWith('bigboard-')));
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  return { root, server, context, page, errors };
}

test('offline: after the first load, a reload with the network cut opens the app, which plays and whose AI answers', async (t) => {
  const { context, page, errors } = await installed(t);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.name, 'bigboard');
  assert.equal(manifest.display, 'standalone');

  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => fetch('https://example.org/').then(() => 'online', () => 'offline')), 'offline');
  await page.selectOption('#variant', 'xhess');
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'white-ai');
  await clickMove(page, 'b3', 'b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2, null, { timeout: 20000 });
  assert.deepEqual(errors.filter((e) => !/example\.org|ERR_INTERNET_DISCONNECTED/.test(e)), []);
});

test('a new build replaces the cached one on the next visit, and the page says so', async (t) => {
  const { root, page, errors } = await installed(t);
  assert.equal(await page.isHidden('#update'), true);
  const before = await page.evaluate(() => caches.keys());
  // Another build: its service worker differs.
  const sw = await readFile(join(root, 'sw.js'), 'utf8');
  await writeFile(join(root, 'sw.js'), sw.replace(/bigboard-[0-9a-f]{16}/, 'bigboard-0000000000000001'));
  await page.reload();
  await ready(page);
  await page.waitForSelector('#update:not([hidden])');
  assert.match(await page.textContent('#update'), /A new version of bigboard is installed/);
  // The old build's cache goes once the new one has taken over.
  await page.waitForFunction(async () => (await caches.keys()).join() === 'bigboard-0000000000000001');
  assert.notDeepEqual(before, ['bigboard-0000000000000001']);
  assert.deepEqual(errors, []);
});
