// The board of every variant is drawn without errors; a board too large
// for its box scrolls; a screenshot of the Really Big Board; and figures
// worth watching (printed, not asserted).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { DIST, WWW, chooseVariant, clickMove, clickSquare, history, open, pixelAt, ready } from './support.mjs';

const VARIANTS = [
  { id: 'xhess', files: 10, ranks: 10, corner: 'a1' },
  { id: 'overboard', files: 16, ranks: 16, corner: 'a1' },
  { id: 'really-big-board', files: 16, ranks: 16, corner: 'a1' },
  { id: 'flee', files: 16, ranks: 16, corner: 'a1' },
  { id: 'uc-170-17', files: 8, ranks: 8, corner: 'a1', mid: 'e4' },
];

test('each variant opens with its board drawn and no console errors', async (t) => {
  const { page, errors } = await open(t);
  const ids = await page.$$eval('#variant optgroup[label="Built-in"] option', (os) => os.map((o) => o.value));
  assert.deepEqual(ids, VARIANTS.map((v) => v.id));
  for (const v of VARIANTS) {
    await chooseVariant(page, v.id);
    await page.waitForTimeout(50);
    const size = await page.$eval('#board', (c) => ({ w: c.width, h: c.height }));
    assert.ok(size.w > 300 && size.h > 300, `${v.id}: canvas ${size.w}x${size.h}`);
    // An empty square in the middle shows a board colour, a1 holds a piece (not the plain square colour).
    const mid = await page.evaluate((n) => window.bigboardTest.squareCenter(n), v.mid ?? (v.files === 10 ? 'e5' : 'h8'));
    const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
    const empty = await pixelAt(page, mid.x, mid.y);
    assert.ok(
      [[0xee, 0xd9, 0xb4], [0xb4, 0x87, 0x62]].some((c) => c.every((x, i) => Math.abs(x - empty[i]) < 4)),
      `${v.id}: middle square colour ${empty}`,
    );
    const piece = await pixelAt(page, a1.x, a1.y);
    assert.notDeepEqual(piece, empty, `${v.id}: a piece is drawn on a1`);
    // The last square exists and the next does not.
    const last = String.fromCharCode(96 + v.files) + v.ranks;
    assert.notEqual(await page.evaluate((n) => window.bigboardTest.squareCenter(n), last), null);
    assert.equal(await page.evaluate((n) => window.bigboardTest.squareCenter(n), `a${v.ranks + 1}`), null);
    const notes = await page.$eval('#notes', (n) => (n.hidden ? '' : n.textContent));
    if (v.id === 'overboard') assert.match(notes, /Setup reconstructed: the published diagram is not available\./);
    else if (v.id === 'uc-170-17') assert.match(notes, /random setups drawn from a seed/);
    else assert.equal(notes, '');
  }
  // The piece panel lists the pieces with a diagram each.
  await page.click('#pieces-box > summary');
  await page.waitForSelector('.piece-card');
  const cards = await page.$$eval('.piece-card', (cs) => cs.map((c) => [c.querySelector('.piece-name').textContent, !!c.querySelector('.piece-body canvas')]));
  assert.ok(cards.length >= 7, `flee has ${cards.length} pieces`);
  assert.ok(cards.every(([, d]) => d));
  assert.ok(cards.some(([n]) => n === 'King'));
  assert.deepEqual(errors, []);
});

test('a board too large for a small window scrolls in its box, and its far squares can be played', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 200, height: 700 } });
  await chooseVariant(page, 'really-big-board');
  assert.equal(await page.$eval('#board', (c) => c.classList.contains('scrolls')), true);
  /**
   * Scrolls the board's box to a corner; whether square `name` and that
   * corner of the canvas (coordinates included) are then inside the box.
   */
  const reachable = (corner, name) =>
    page.evaluate(
      ([c, n]) => {
        const wrap = document.getElementById('board-wrap');
        const left = c.includes('left');
        const top = c.includes('top');
        wrap.scrollLeft = left ? 0 : wrap.scrollWidth;
        wrap.scrollTop = top ? 0 : wrap.scrollHeight;
        const r = wrap.getBoundingClientRect();
        const box = { left: r.left, top: r.top, right: r.left + wrap.clientWidth, bottom: r.top + wrap.clientHeight };
        const b = document.getElementById('board').getBoundingClientRect();
        const edgeX = left ? b.left >= box.left - 0.5 : b.right <= box.right + 0.5;
        const edgeY = top ? b.top >= box.top - 0.5 : b.bottom <= box.bottom + 0.5;
        const p = window.bigboardTest.squareCenter(n);
        return edgeX && edgeY && p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom;
      },
      [corner, name],
    );
  assert.equal(await reachable('top right', 'p16'), true);
  assert.equal(await reachable('bottom left', 'a1'), true);
  await clickMove(page, 'i2', 'i6');
  assert.deepEqual((await history(page)).coord, ['i2i6']);
  assert.deepEqual(errors, []);
});

test('screenshot of the Really Big Board, and measurements', async (t) => {
  const { page, errors } = await open(t);
  // Overboard's reconstructed setup, shown in docs/variants/overboard.md beside its notice.
  await chooseVariant(page, 'overboard');
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(WWW, 'screenshot-overboard.png') });
  await chooseVariant(page, 'really-big-board');
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(WWW, 'screenshot.png') });

  // Tooltip: the piece's name on hover.
  const g1 = await page.evaluate(() => window.bigboardTest.squareCenter('g1'));
  await page.mouse.move(g1.x, g1.y);
  assert.equal(await page.$eval('#board', (c) => c.title), 'Archbishop (A)');

  // Time from a click on a piece to its highlight drawn, on 16 x 16.
  const samples = [];
  const work = [];
  for (const sq of ['b1', 'c1', 'e2', 'o1', 'h2', 'g1', 'd1', 'f1', 'k1']) {
    await clickSquare(page, sq);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const timing = await page.evaluate(() => window.bigboardTest.timing());
    samples.push(timing.highlightMs);
    work.push(timing.highlightWorkMs);
    await clickSquare(page, sq);
  }
  assert.ok(samples.every((s) => typeof s === 'number'));

  // Time until interactive, from a fresh navigation.
  await page.reload();
  await ready(page);
  const interactive = await page.evaluate(() => window.bigboardTest.timing().interactiveMs);

  const wasm = await readFile(join(DIST, 'bigboard_bg.wasm'));
  const gz = gzipSync(wasm, { level: 9 }).length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`measure: wasm ${wasm.length} bytes, ${gz} bytes gzipped`);
  // The module's size budget (docs/performance.md): 350 KB gzipped.
  const BUDGET_GZIPPED = 350 * 1024;
  assert.ok(gz <= BUDGET_GZIPPED, `wasm ${gz} bytes gzipped, over the budget of ${BUDGET_GZIPPED}`);
  console.log(`measure: interactive after ${interactive.toFixed(0)} ms on localhost`);
  console.log(
    `measure: click to highlight drawn on 16x16: median ${median(samples).toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms ` +
      `(engine + drawing: median ${median(work).toFixed(2)} ms, max ${Math.max(...work).toFixed(2)} ms)`,
  );
  assert.deepEqual(errors, []);
});
