// Big boards on a phone (390 x 844, touch, 3x): zoom by buttons and by a
// pinch, squares of a finger's size when zoomed, panning by scrolling, a
// tap move on the zoomed board, a loupe above the finger while dragging,
// and the move list before the settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserPage, chooseVariant, history, ready } from './support.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { deviceScaleFactor: 3, hasTouch: true, isMobile: true } };

async function phone(t) {
  const b = await browserPage(t, PHONE);
  await b.page.goto(b.server.url);
  await ready(b.page);
  await b.page.evaluate(() => localStorage.clear());
  await chooseVariant(b.page, 'really-big-board');
  return b;
}

const squareCss = (page) => page.evaluate(() => window.bigboardTest.squareCss());
const center = (page, name) => page.evaluate((n) => window.bigboardTest.squareCenter(n), name);

/** Synthetic touch pointers on the board (Playwright's touchscreen only taps). */
function touch(page, type, id, x, y) {
  return page.evaluate(
    ([type, id, x, y]) => {
      document.getElementById('board').dispatchEvent(
        new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y, bubbles: true }),
      );
    },
    [type, id, x, y],
  );
}

test('phone: zoom buttons of a finger\'s size, squares of 44 px and more when zoomed, a tap move after panning', async (t) => {
  const { page, errors } = await phone(t);
  const fitted = await squareCss(page);
  assert.ok(fitted < 40, `16 x 16 fits in ${fitted} px squares`);
  const buttons = await page.$$eval('.zoom button', (bs) => bs.map((b) => ({ label: b.getAttribute('aria-label'), ...b.getBoundingClientRect().toJSON() })));
  assert.deepEqual(buttons.map((b) => b.label), ['Zoom out', 'Zoom in']);
  for (const b of buttons) assert.ok(b.width >= 40 && b.height >= 40, JSON.stringify(b));

  await page.tap('.zoom button[aria-label="Zoom in"]');
  assert.equal(await squareCss(page), 44);
  await page.tap('.zoom button[aria-label="Zoom in"]');
  assert.equal(await squareCss(page), 60);
  await page.tap('.zoom button[aria-label="Zoom out"]');
  assert.equal(await squareCss(page), 44);
  const a1 = await center(page, 'a1');
  const b1 = await center(page, 'b1');
  assert.ok(b1.x - a1.x >= 40, 'a finger-sized square');

  // Pan to White's side (the box scrolls) and play e2-e6 with two taps.
  await page.$eval('#board-wrap', (w) => (w.scrollTop = w.scrollHeight));
  const e2 = await center(page, 'e2');
  const e6 = await center(page, 'e6');
  const box = await page.$eval('#board-wrap', (w) => w.getBoundingClientRect().toJSON());
  for (const p of [e2, e6]) assert.ok(p.y > box.top && p.y < box.bottom && p.x > box.left && p.x < box.right, 'both squares in view');
  await page.touchscreen.tap(e2.x, e2.y);
  await page.touchscreen.tap(e6.x, e6.y);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['e2e6']);
  // Zoomed out again, the board fits.
  await page.tap('.zoom button[aria-label="Zoom out"]');
  assert.equal(await squareCss(page), fitted);
  assert.deepEqual(errors, []);
});

test('phone: a pinch zooms about its centre; a loupe shows the dragged piece above the finger', async (t) => {
  const { page, errors } = await phone(t);
  const fitted = await squareCss(page);
  const h8 = await center(page, 'h8');
  // Two fingers round h8 move apart to twice their distance.
  await touch(page, 'pointerdown', 1, h8.x - 20, h8.y);
  await touch(page, 'pointerdown', 2, h8.x + 20, h8.y);
  await touch(page, 'pointermove', 1, h8.x - 40, h8.y);
  await touch(page, 'pointermove', 2, h8.x + 40, h8.y);
  await touch(page, 'pointerup', 1, h8.x - 40, h8.y);
  await touch(page, 'pointerup', 2, h8.x + 40, h8.y);
  const zoomed = await squareCss(page);
  assert.ok(zoomed > fitted * 1.8 && zoomed >= 40, `${fitted} -> ${zoomed}`);
  const after = await center(page, 'h8');
  assert.ok(Math.abs(after.x - h8.x) < zoomed / 2 && Math.abs(after.y - h8.y) < zoomed / 2, `h8 stayed under the pinch: ${JSON.stringify([h8, after])}`);
  assert.deepEqual((await history(page)).coord, [], 'a pinch plays nothing');

  // A finger drags the pawn on h2: a loupe above it while it moves, none after.
  await page.tap('.zoom button[aria-label="Zoom out"]');
  await page.tap('.zoom button[aria-label="Zoom out"]');
  const h2 = await center(page, 'h2');
  const h5 = await center(page, 'h5');
  await touch(page, 'pointerdown', 1, h2.x, h2.y);
  await touch(page, 'pointermove', 1, h2.x, h2.y - 10);
  await touch(page, 'pointermove', 1, h5.x, h5.y);
  const loupe = await page.evaluate(() => window.bigboardTest.loupe());
  assert.ok(loupe !== null && loupe.y < h5.y - loupe.r, `a loupe above the finger: ${JSON.stringify(loupe)}`);
  await touch(page, 'pointerup', 1, h5.x, h5.y);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['h2h5']);
  assert.equal(await page.evaluate(() => window.bigboardTest.loupe()), null);
  assert.deepEqual(errors, []);
});

test('phone: the move list comes before the settings', async (t) => {
  const { page, errors } = await phone(t);
  const [moves, controls] = await page.$$eval(['#moves', '.controls'].join(','), (els) => els.map((e) => e.getBoundingClientRect().top));
  const order = await page.evaluate(() => ({ moves: document.querySelector('#moves').getBoundingClientRect().top, controls: document.querySelector('.controls').getBoundingClientRect().top }));
  assert.ok(order.moves < order.controls, JSON.stringify(order));
  assert.ok(order.moves < 844 * 1.25, `the moves within a short scroll: ${order.moves}`);
  assert.ok(moves !== undefined && controls !== undefined);
  assert.deepEqual(errors, []);
});
