// A phone: a narrow HiDPI screen with touch. The board fits, stays sharp
// (canvas in device pixels) and takes taps; a long press names the piece.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVariant, history, launch, ready, serve } from './support.mjs';

test('touch: taps move pieces on a 3x HiDPI phone screen, a long press names a piece', async (t) => {
  const server = await serve();
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    hasTouch: true,
    isMobile: true,
  });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await ready(page);
  await chooseVariant(page, 'really-big-board');

  // The canvas has three device pixels per CSS pixel and fits the screen's width.
  const size = await page.$eval('#board', (c) => {
    const r = c.getBoundingClientRect();
    return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, left: r.left, right: r.right };
  });
  assert.ok(Math.abs(size.w / size.cssW - 3) < 0.01, JSON.stringify(size));
  assert.ok(size.left >= 0 && size.right <= 390, JSON.stringify(size));

  const tap = async (name) => {
    const p = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
    await page.touchscreen.tap(p.x, p.y);
  };
  await tap('e2');
  await tap('e6');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['e2e6']);

  // A long press (a held touch pointer) shows the piece's name and moves.
  const g16 = await page.evaluate(() => window.bigboardTest.squareCenter('g16'));
  await page.evaluate(({ x, y }) => {
    const c = document.getElementById('board');
    c.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 9, pointerType: 'touch', isPrimary: true, button: 0, clientX: x, clientY: y, bubbles: true }));
  }, g16);
  await page.waitForSelector('.piece-tip:not([hidden])');
  // Its name and code, what it does in words, its moves from g16 (drawn on the board), the notation last.
  assert.match(await page.textContent('.piece-tip'), /^Archbishop \(A\)\nBishop or knight\.\nfrom here: \d+ moves[^\n]*\nnotation: BN$/);
  await page.evaluate(({ x, y }) => {
    const c = document.getElementById('board');
    c.dispatchEvent(new PointerEvent('pointerup', { pointerId: 9, pointerType: 'touch', isPrimary: true, button: 0, clientX: x, clientY: y, bubbles: true }));
  }, g16);
  assert.deepEqual(errors, []);
});
