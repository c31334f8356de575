// UC-170-17 in the app: the play board with each side's reserve queue
// beside it, the 29 x 18 drawing with both reserves in the seed's drop
// order on demand, turns with drops entered by clicking (a piece and a
// pawn in one turn, a drop declined with Done, a move taken back with
// Escape, the reserve man picked first), an exchange earning both sides a
// credit, and a reload restoring reserves, credits and seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickSquare, fen, history, importText, open, pixelAt, ready } from './support.mjs';

const reserves = (page) => page.evaluate(() => window.bigboardTest.reserves());
const turnOpen = (page) => page.evaluate(() => window.bigboardTest.turnOpen());

/** Opens a game link (`#variant=...`) in the page. */
async function openLink(page, params) {
  const before = await page.evaluate(() => window.bigboardTest.fen());
  await page.evaluate((p) => (location.hash = new URLSearchParams(p).toString()), params);
  await page.waitForFunction((f) => window.bigboardTest.variant() === 'uc-170-17' && window.bigboardTest.fen() !== f, before);
}

/** The codes of a position text's `reserve=` lists, [White pieces, White pawns, Blue pieces, Blue pawns], upper case. */
function reserveField(text) {
  const field = text.split(' ').find((f) => f.startsWith('reserve=')).slice('reserve='.length);
  return field.split(',').flatMap((side) => side.split('/')).map((list) => (list === '-' ? [] : [...list.matchAll(/\{([^}]*)\}|([^{}])/g)].map((m) => (m[1] ?? m[2]).toUpperCase())));
}

/** Opens the whole reserve (the 29 x 18 drawing) by clicking the credits on White's strip, below h1. */
async function openSheet(page) {
  const h1 = await page.evaluate(() => window.bigboardTest.squareCenter('h1'));
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  await page.mouse.click(h1.x, h1.y + square);
  await page.waitForFunction(() => window.bigboardTest.reserveStrip().open);
}

/** Clicks a square and waits for the page to draw. */
async function click(page, name) {
  await clickSquare(page, name);
  await page.waitForTimeout(30);
}

test('a seeded game opens with the play board filling the box, the reserves as queues beside it; the 29 x 18 drawing in the seed\'s order on demand', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  assert.equal(await page.evaluate(() => window.bigboardTest.seed()), 42);
  const lists = reserveField(await fen(page));
  const r = await reserves(page);
  assert.deepEqual(r[0].piece_codes, lists[0]);
  assert.deepEqual(r[0].pawn_codes, lists[1]);
  assert.deepEqual(r[1].piece_codes, lists[2]);
  assert.deepEqual(r[1].pawn_codes, lists[3]);
  assert.equal(r[0].piece_codes.length, 162);
  assert.equal(r[1].pawn_codes.length, 9);
  assert.equal(await page.inputValue('#seed'), '42');

  // At 1600 x 1000 the play board takes the box: squares of more than 60 px; each side's queue in a strip, White's
  // below a1: the next three pieces in drop order left to right, then the next two pawns, then the next promotion.
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.reserveStrip()), { compact: true, open: false });
  const big = await page.evaluate(() => window.bigboardTest.squareCss());
  assert.ok(big > 60, `${big} px squares`);
  {
    const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
    const queue = await page.evaluate(() => [0, 1, 2].map((i) => window.bigboardTest.reserveCenter(0, 'piece', i)));
    const pawn = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'pawn', 0));
    const promo = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 161));
    assert.ok(Math.abs(queue[0].x - a1.x) < 1 && Math.abs(queue[0].y - a1.y - big) < 1, 'the next piece below a1');
    assert.ok(queue[0].x < queue[1].x && queue[1].x < queue[2].x && queue[2].x < pawn.x && pawn.x < promo.x, JSON.stringify({ queue, pawn, promo }));
    assert.equal(await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 3)), null, 'three pieces shown');
  }
  await openSheet(page);

  // The drawing: 29 columns and 2 gaps across, 18 rows down, beside the gutters.
  const box = await page.$eval('#board', (c) => ({ w: c.getBoundingClientRect().width, h: c.getBoundingClientRect().height }));
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  assert.ok(Math.abs(box.w - box.h - 11 * square - square /* two half-square gaps */) < square, JSON.stringify({ box, square }));
  // A1 (White's first reserve piece) is right of h1 after a gap; a9 above a8 is no square.
  const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  const a8 = await page.evaluate(() => window.bigboardTest.squareCenter('a8'));
  const A1 = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 0));
  const S18 = await page.evaluate(() => window.bigboardTest.reserveCenter(1, 'pawn', 0));
  assert.ok(Math.abs(A1.y - a1.y) < 1, 'A1 on rank 1');
  assert.ok(A1.x - a1.x > 8.4 * square, 'a gap before the piece reserve');
  assert.ok(Math.abs(S18.y - (a8.y - 10 * square)) < 1, 'S18 on rank 18');
  const gutter = await pixelAt(page, a8.x, a8.y - square * 1.5);
  const corner = await pixelAt(page, a1.x - square * 0.45, a1.y - square * 0.45);
  const nowhere = await pixelAt(page, a8.x - square * 0.45, a8.y - square * 1.45);
  assert.deepEqual(nowhere, gutter, 'a9 is drawn as background');
  assert.notDeepEqual(corner, gutter, 'a1 is a square');
  // The reserve text names the next drops and the promotion.
  const pieces = await page.evaluate(() => window.bigboardTest.pieces());
  const name = (code) => pieces.find((p) => p.code === code).name;
  const info = await page.textContent('#reserve-info');
  assert.ok(info.includes(`next piece ${name(lists[0][0])}`), info);
  assert.ok(info.includes(`a promotion brings ${name(lists[0][161])}`), info);
  // The mouse on a reserve man names it.
  await page.mouse.move(A1.x, A1.y);
  await page.waitForFunction((n) => document.getElementById('board').title.includes(n), name(lists[0][0]));
  assert.match(await page.$eval('#board', (c) => c.title), /White's reserve: .*, dropped next/);
  await page.screenshot({ path: process.env.UC_SCREENSHOT ?? '/tmp/uc-seed-42.png' });
  assert.deepEqual(errors, []);
});

test('an exchange by clicking earns both credits; a drop declined with Done; the reserve man then a square', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-' });
  // White takes the Knight: no credit yet, so the turn ends with the move.
  await click(page, 'd1');
  await click(page, 'd5');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.equal(await turnOpen(page), false);
  // Blue takes back: the exchange earns each side a credit, and Blue may drop at once.
  await click(page, 'c6');
  await click(page, 'd5');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  let r = await reserves(page);
  assert.deepEqual(r[0].credits, [1, 0]);
  assert.deepEqual(r[1].credits, [1, 0]);
  assert.match(await page.textContent('#turn'), /Blue may drop/);
  // Blue declines: Done.
  await page.click('#drop-done');
  await page.waitForFunction(() => !window.bigboardTest.turnOpen());
  assert.deepEqual((await history(page)).coord, ['d1d5', 'c6d5']);
  r = await reserves(page);
  assert.deepEqual(r[1].credits, [1, 0], 'the credit is kept');
  assert.equal(r[1].next_piece, 0);
  // White moves its King; the turn stays open. Escape takes it back.
  const before = await fen(page);
  await click(page, 'e1');
  await click(page, 'e2');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !window.bigboardTest.turnOpen());
  assert.equal(await fen(page), before);
  assert.equal((await history(page)).coord.length, 2);
  // Again, then the marked reserve Rook (A1), then h1: the Rook is dropped and the turn ends.
  await click(page, 'e1');
  await click(page, 'e2');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  const A1 = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 0));
  await page.mouse.click(A1.x, A1.y);
  await click(page, 'h1');
  await page.waitForFunction(() => !window.bigboardTest.turnOpen());
  const h = await history(page);
  assert.equal(h.coord[2], 'e1e2+@h1');
  assert.match(h.san[2], /R@h1/);
  r = await reserves(page);
  assert.deepEqual(r[0].credits, [0, 0]);
  assert.equal(r[0].next_piece, null, 'the reserve is empty');
  assert.match(await page.textContent('#moves'), /R@h1/);
  assert.deepEqual(errors, []);
});

test('a piece and a pawn dropped by clicking in one turn; reload restores reserves, credits and seed', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0' });
  await click(page, 'e1');
  await click(page, 'd2');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  await click(page, 'a1');
  assert.equal(await turnOpen(page), true, 'the pawn may still be dropped');
  await click(page, 'h2');
  await page.waitForFunction(() => !window.bigboardTest.turnOpen());
  assert.deepEqual((await history(page)).coord, ['e1d2+@a1+@h2']);
  const after = await fen(page);
  const r = await reserves(page);
  assert.deepEqual(r[0].credits, [0, 0], 'both credits paid');
  assert.equal(r[0].next_piece, 1);
  assert.equal(r[0].next_pawn, 1);
  await page.reload();
  await ready(page);
  assert.equal(await fen(page), after);
  assert.deepEqual(await reserves(page), r);

  // A seed typed replays its setup; a reload keeps it, with its reserves.
  await page.fill('#seed', '7');
  await page.click('#seed-play');
  await page.waitForFunction(() => window.bigboardTest.seed() === 7);
  const seeded = await fen(page);
  const lists = await reserves(page);
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.bigboardTest.seed()), 7);
  assert.equal(await fen(page), seeded);
  assert.deepEqual(await reserves(page), lists);
  // The export carries the seed beside the setup's FEN.
  await page.$eval('details.record', (d) => (d.open = true));
  await page.click('#export');
  const exported = await page.inputValue('#pgn');
  assert.match(exported, /\[Seed "7"\]/);
  assert.ok(exported.includes(`[FEN "${seeded}"]`), exported);
  // "New game" draws another seed.
  await page.click('#new-game');
  await page.waitForFunction(() => window.bigboardTest.seed() !== 7);
  assert.notEqual(await fen(page), seeded);
  // Importing the export brings back the seed and its setup.
  await importText(page, exported);
  await page.waitForFunction(() => window.bigboardTest.seed() === 7);
  assert.equal(await fen(page), seeded);
  assert.deepEqual(errors, []);
});

test('the AI plays a turn with a drop: Blue mates by dropping its Queen on a8', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  // Blue's credit pays for its reserve Queen; on a8 it mates the King on h1 (g2 on the diagonal, h2 and g1 its own).
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/8/8/8/7P/6BK b - - 0 1 reserve=-/-,q/- credits=0,0/1,0' });
  await page.selectOption('#level', '2');
  await page.selectOption('#mode', 'white-ai');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1, null, { timeout: 30000 });
  const h = await history(page);
  assert.match(h.coord[0], /\+@a8$/, h.coord[0]);
  assert.match(h.san[0], /Q@a8/);
  const s = await page.evaluate(() => window.bigboardTest.status());
  assert.equal(s.over, true);
  assert.equal(s.winner, 1);
  await page.waitForFunction(() => !document.querySelector('#result').hidden);
  assert.match(await page.textContent('#result'), /^Blue wins — checkmate/);
  assert.deepEqual(errors, []);
});

test('the AI plays a UC-170-17 turn in its worker at every level, 1 to 8, from a seeded start', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  const started = Date.now();
  for (let level = 1; level <= 8; level++) {
    // Hot-seat while the game is set up, so the AI starts at the level chosen.
    await page.selectOption('#mode', 'hotseat');
    await openLink(page, { variant: 'uc-170-17', seed: String(100 + level) });
    const start = await fen(page);
    await page.selectOption('#level', String(level));
    // The AI plays White, to move.
    await page.selectOption('#mode', 'black-ai');
    if (level >= 7) {
      // Levels 7 and 8 think for seconds: once a depth is reported, Move now plays the line found.
      await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#ai-info').textContent), null, { timeout: 20000 });
      await page.click('#move-now');
    }
    await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1, null, { timeout: 20000 });
    const h = await history(page);
    // Played through the engine, which takes only a legal move; the side to move is Blue's.
    assert.equal(h.start_fen, start, `level ${level}`);
    assert.match(h.coord[0], /^[a-h][1-8]/, `level ${level}: ${h.coord[0]}`);
    assert.notEqual(await fen(page), start);
    assert.equal((await page.evaluate(() => window.bigboardTest.status())).side, 1, `level ${level}`);
    assert.ok((await page.textContent('#moves')).includes(h.san[0]), `level ${level}: ${h.san[0]} in the move list`);
  }
  console.log(`measure: the AI's first UC-170-17 turn at levels 1-8: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  assert.deepEqual(errors, []);
});

/** Is the colour `c` within a few steps of `want`? */
const near = (c, want) => c.every((x, i) => Math.abs(x - want[i]) < 12);
/** The capture mark's colour in the default (wood) theme. */
const CAPTURE = [0x7a, 0x06, 0x06];

test('a withdrawal\'s removed man is marked where it stood', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/4p3/3{WD}4/8/8/4K3 w - - 0 1' });
  const e5 = await page.evaluate(() => window.bigboardTest.squareCenter('e5'));
  assert.ok(!near(await pixelAt(page, e5.x, e5.y), CAPTURE), 'no mark before the move');
  // Picked up, the Withdrawer's moves mark the pawn some of them would take.
  await click(page, 'd4');
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  const badge = await pixelAt(page, e5.x - 0.305 * square, e5.y + 0.41 * square);
  assert.ok(near(badge, CAPTURE), `e5 marked as taken by a move: ${badge}`);
  // It steps away from the pawn on e5, which leaves the board.
  await click(page, 'c3');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.doesNotMatch((await fen(page)).split(' ')[0], /p/, 'the pawn is gone');
  await page.waitForTimeout(400);
  assert.ok(near(await pixelAt(page, e5.x, e5.y), CAPTURE), `e5 marked: ${await pixelAt(page, e5.x, e5.y)}`);
  assert.deepEqual(errors, []);
});

test('two Lion moves to one square: the chooser lists both with what each takes', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/5p2/4p3/3{LI}4/8/8/4K3 w - - 0 1' });
  await click(page, 'd4');
  await click(page, 'f6');
  await page.waitForSelector('#promotion[open]');
  const labels = await page.$$eval('#promotion [data-move]', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels.sort(), ['d4f6: takes f6', 'd4f6^e5: takes e5, f6']);
  await page.click('#promotion [data-move="d4f6^e5"]');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['d4f6^e5']);
  await page.waitForTimeout(400);
  const e5 = await page.evaluate(() => window.bigboardTest.squareCenter('e5'));
  assert.ok(near(await pixelAt(page, e5.x, e5.y), CAPTURE), 'the man taken on the way is marked');
  assert.deepEqual(errors, []);
});

test('phone: the board takes the width, the reserves are strips that show a side\'s queue and open to the whole reserve; no page scroll sideways', async (t) => {
  const PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { deviceScaleFactor: 3, hasTouch: true, isMobile: true } };
  const { page, errors } = await open(t, PHONE);
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  await page.waitForTimeout(200);
  const strip = () => page.evaluate(() => window.bigboardTest.reserveStrip());
  assert.deepEqual(await strip(), { compact: true, open: false });
  // The board takes the page's width (its box is as tall as the board and its strips need): eight squares and the rank gutter across 390 px.
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  const board = await page.$eval('#board', (c) => c.getBoundingClientRect().toJSON());
  assert.ok(board.width >= 390 - 16, `the board is ${board.width} px wide`);
  assert.ok(square >= (390 - 16 - 24) / 8, `squares of ${square} px`);
  const wrap = await page.$eval('#board-wrap', (w) => ({ scrolls: w.scrollHeight > w.clientHeight + 1 || w.scrollWidth > w.clientWidth + 1, bottom: w.getBoundingClientRect().bottom }));
  assert.equal(wrap.scrolls, false, 'the board and both strips fit in its box');
  assert.ok(board.bottom <= wrap.bottom + 0.5);
  const noScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(await noScroll());
  // The strips show the next piece, the next pawn and the promotion of each side, beside the board.
  const r = await reserves(page);
  const next = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 0));
  const promo = await page.evaluate(() => window.bigboardTest.reserveCenter(1, 'piece', 161));
  const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  const a8 = await page.evaluate(() => window.bigboardTest.squareCenter('a8'));
  assert.ok(next.y > a1.y, "White's strip below the board");
  assert.ok(promo.y < a8.y, "Blue's strip above it");
  assert.equal(r[1].promotion, 161);
  // A tap on a strip shows that side's queue, legibly (the whole reserve would have 12 px squares here): every
  // piece in drop order with a 44 px figure, the next one marked; from there the whole reserve opens; a tap on the
  // reserve closes it.
  await page.touchscreen.tap(next.x, next.y);
  await page.waitForSelector('#promotion[open] .queue-man');
  assert.equal(await page.textContent('#promotion h2'), "White's reserve, in drop order");
  const men = await page.$$eval('#promotion .queue-man', (ms) => ms.map((m) => ({ text: m.textContent, size: m.querySelector('canvas')?.getBoundingClientRect().width ?? 0 })));
  assert.equal(men.length, 162 + 9);
  const pieces = await page.evaluate(() => window.bigboardTest.pieces());
  const first = pieces.find((p) => p.code === r[0].piece_codes[0]);
  assert.equal(men[0].text, `1. ${first.name} (${first.code}) · dropped next`);
  assert.ok(men.every((m) => m.size >= 40), 'figures of 40 px and more');
  const wrapHeight = () => page.$eval('#board-wrap', (w) => w.getBoundingClientRect().height);
  const closedHeight = await wrapHeight();
  await page.tap('#promotion [data-queue="whole"]');
  await page.waitForFunction(() => window.bigboardTest.reserveStrip().open);
  assert.equal((await strip()).compact, false);
  assert.ok(await noScroll());
  // Opened, the whole reserve keeps the box's height (the page does not jump), and the zoom buttons stay clear of it.
  await page.waitForTimeout(100);
  assert.equal(await wrapHeight(), closedHeight);
  const drawing = await page.$eval('#board', (c) => c.getBoundingClientRect().toJSON());
  const buttons = await page.$$eval('.zoom button', (bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
  for (const b of buttons) assert.ok(b.bottom <= drawing.top || b.top >= drawing.bottom || b.right <= drawing.left || b.left >= drawing.right, JSON.stringify({ b, drawing }));
  const A1 = await page.evaluate(() => window.bigboardTest.reserveCenter(0, 'piece', 0));
  await page.touchscreen.tap(A1.x, A1.y);
  await page.waitForFunction(() => window.bigboardTest.reserveStrip().compact);
  assert.deepEqual(errors, []);
});

test('phone, flipped: Blue\'s strip at the bottom, White\'s at the top, each reading from the left in drop order as when straight', async (t) => {
  const PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { deviceScaleFactor: 3, hasTouch: true, isMobile: true } };
  const { page, errors } = await open(t, PHONE);
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  await page.click('#flip');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.bigboardTest.squareCenter('h8').y > window.bigboardTest.squareCenter('h1').y);
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.reserveStrip()), { compact: true, open: false });
  const r = await reserves(page);
  const at = (name) => page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
  const strip = (side) =>
    page.evaluate(
      ([s, pieceNext, pawnNext, promo]) => [
        window.bigboardTest.reserveCenter(s, 'piece', pieceNext),
        window.bigboardTest.reserveCenter(s, 'pawn', pawnNext),
        window.bigboardTest.reserveCenter(s, 'piece', promo),
      ],
      [side, r[side].next_piece, r[side].next_pawn, r[side].promotion],
    );
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  const h8 = await at('h8');
  const a1 = await at('a1');
  for (const side of [0, 1]) {
    const [piece, pawn, promo] = await strip(side);
    // Next piece, next pawn, promotion, left to right, the first above or below the board's left file (h when flipped).
    assert.ok(piece.x < pawn.x && pawn.x < promo.x, `side ${side}: ${JSON.stringify([piece, pawn, promo])}`);
    assert.ok(Math.abs(piece.x - h8.x) < 1, `side ${side}: the next piece at the left`);
    assert.ok(Math.abs(pawn.y - piece.y) < 1 && Math.abs(promo.y - piece.y) < 1);
    if (side === 1) assert.ok(piece.y > h8.y + square / 2, "Blue's strip below the board");
    else assert.ok(piece.y < a1.y - square / 2, "White's strip above it");
  }
  // A tap on Blue's next piece shows Blue's queue, and from there the whole reserve.
  const [blueNext] = await strip(1);
  await page.touchscreen.tap(blueNext.x, blueNext.y);
  await page.waitForSelector('#promotion[open] .queue-man');
  assert.equal(await page.textContent('#promotion h2'), "Blue's reserve, in drop order");
  await page.tap('#promotion [data-queue="whole"]');
  await page.waitForFunction(() => window.bigboardTest.reserveStrip().open);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(errors, []);
});

test('the piece catalogue lists all 187 kinds and finds a kind by name, by number and by code', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  await page.click('#pieces-box > summary');
  await page.waitForFunction(() => document.querySelectorAll('.piece-card').length === 187);
  const shown = () => page.$$eval('.piece-card:not([hidden]) .piece-name', (ns) => ns.map((n) => n.textContent));
  assert.equal(await page.textContent('#piece-count'), '187 of 187');
  await page.fill('#piece-search', 'withdrawer');
  await page.waitForFunction(() => document.querySelector('#piece-count').textContent.startsWith('1 of'));
  assert.deepEqual(await shown(), ['Withdrawer']);
  await page.fill('#piece-search', 'LI');
  await page.waitForFunction(() => document.querySelector('#piece-count').textContent.startsWith('1 of'));
  assert.deepEqual(await shown(), ['Shishi (Lion)']);
  await page.fill('#piece-search', '1');
  assert.deepEqual(await shown(), ['King'], 'number 1');
  await page.fill('#piece-search', 'p1');
  assert.equal((await shown()).length, 1, 'pawn kind 1');
  // Filters: what the kinds do.
  await page.fill('#piece-search', '');
  await page.selectOption('#piece-filter', 'special capture');
  const special = await shown();
  assert.ok(special.includes('Withdrawer') && special.includes('Shishi (Lion)'), special.join(', '));
  assert.ok(!special.includes('Queen') && special.length < 187);
  await page.selectOption('#piece-filter', 'pawn');
  assert.equal((await shown()).length, 17);
  assert.deepEqual(errors, []);
});

test('a man changed by a hop is ringed; men frozen by an Immobilizer are marked', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  // White's Andernach Grasshopper hops over Blue's Rook on d5, which becomes White's.
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/3r4/3{AGH}4/8/8/4K3 w - - 0 1' });
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  const d5 = await page.evaluate(() => window.bigboardTest.squareCenter('d5'));
  const ring = () => pixelAt(page, d5.x, d5.y - square * 0.45);
  const before = await ring();
  await click(page, 'd4');
  await click(page, 'd6');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await page.waitForTimeout(400);
  assert.match((await fen(page)).split(' ')[0], /3R4/, 'the Rook is White\'s');
  assert.notDeepEqual(await ring(), before, 'd5 is ringed');

  // Blue's Immobilizer on e5 freezes White's Queen on d4: d4 is washed, f4 (a square of the same colour) is not.
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/4{im}3/3Q4/8/8/4K3 w - - 0 1' });
  await page.waitForTimeout(300);
  const corner = async (name) => {
    const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
    return pixelAt(page, c.x - square * 0.45, c.y + square * 0.45);
  };
  assert.notDeepEqual(await corner('d4'), await corner('f4'));
  assert.deepEqual(await corner('b4'), await corner('f4'), 'unfrozen squares alike');
  assert.deepEqual(errors, []);
});

test('by keyboard: a move, then Enter on a marked square drops; Enter elsewhere ends the turn', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0' });
  await page.focus('#board');
  // The cursor starts on a1 (bottom left): right four times to e1, Enter picks up the King; up to e2, Enter moves.
  await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.bigboardTest.turnOpen());
  assert.match(await page.textContent('#board-live'), /White may drop/);
  // Down to e1 (left empty by the King): a piece drop there.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.bigboardTest.history().coord[0] === 'e1e2+@e1');
  assert.equal(await page.evaluate(() => window.bigboardTest.turnOpen()), true, 'the pawn may still follow');
  // Enter on e1 (no longer a drop square) ends the turn.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !window.bigboardTest.turnOpen());
  assert.deepEqual((await history(page)).coord, ['e1e2+@e1']);
  assert.deepEqual(errors, []);
});

test('a promotion by clicking takes the marked reserve piece, the last of the reserve', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1 reserve=RN/-,-/-' });
  let r = await reserves(page);
  assert.equal(r[0].piece_codes[r[0].promotion], 'N', 'the Knight is marked for the next promotion');
  await click(page, 'a7');
  await click(page, 'a8');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.equal(await page.evaluate(() => document.querySelector('#promotion').open), false, 'nothing to choose');
  assert.match((await fen(page)).split(' ')[0], /^N3k3\//);
  r = await reserves(page);
  assert.equal(r[0].piece_back, 1, 'the Knight left the reserve');
  assert.equal(r[0].piece_codes[r[0].promotion], 'R', 'the Rook is next');
  assert.equal(r[0].next_piece, 0);
  assert.deepEqual(errors, []);
});

test('flipped, the play board stays at the bottom left, turned round, each reserve turned in its own box beside it', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  await openSheet(page);
  const at = (name) => page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
  const reserve = (side, cls, index) => page.evaluate(([s, c, i]) => window.bigboardTest.reserveCenter(s, c, i), [side, cls, index]);
  const square = await page.evaluate(() => window.bigboardTest.squareCss());
  const straight = { a1: await at('a1'), h8: await at('h8') };
  // Turned for each player: after White's move the board turns to Blue.
  await page.check('#auto-flip');
  await click(page, 'e2');
  await click(page, 'e3');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await page.waitForFunction((a1) => Math.abs(window.bigboardTest.squareCenter('h8').x - a1.x) < 1, straight.a1);
  const h8 = await at('h8');
  const a1 = await at('a1');
  assert.ok(Math.abs(h8.y - straight.a1.y) < 1, 'h8 where a1 was: bottom left');
  assert.ok(Math.abs(a1.x - straight.h8.x) < 1 && Math.abs(a1.y - straight.h8.y) < 1, 'a1 where h8 was');
  // The reserves stay right of the board; Blue's at the bottom, each box turned round.
  const blueFirst = await reserve(1, 'piece', 0);
  const whiteFirst = await reserve(0, 'piece', 0);
  const blueLast = await reserve(1, 'piece', 17);
  assert.ok(blueFirst.x > a1.x + 8 * square && whiteFirst.x > a1.x + 8 * square, 'the piece reserve right of the board');
  assert.ok(Math.abs(blueFirst.y - h8.y) < 1, "Blue's first reserve piece on the bottom row");
  assert.ok(blueLast.x < blueFirst.x, "Blue's reserve reads from the right, turned round");
  assert.ok(whiteFirst.y < a1.y - 8 * square, "White's reserve at the top");
  const bluePawn = await reserve(1, 'pawn', 0);
  assert.ok(bluePawn.x > blueFirst.x && Math.abs(bluePawn.y - h8.y) < 1, "Blue's pawns right of its pieces, at the bottom");
  // The mouse on a turned reserve man names it (Blue's first, dropped next).
  await page.mouse.move(blueFirst.x, blueFirst.y);
  await page.waitForFunction(() => /Blue's reserve: .*dropped next/.test(document.getElementById('board').title));
  await page.screenshot({ path: process.env.UC_FLIPPED_SCREENSHOT ?? '/tmp/uc-flipped.png' });
  // A move by clicking on the turned board: Blue's pawn e7-e6; the board turns back to White.
  await click(page, 'e7');
  await click(page, 'e6');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal((await history(page)).coord[1], 'e7e6');
  await page.waitForFunction((a1) => Math.abs(window.bigboardTest.squareCenter('a1').x - a1.x) < 1, straight.a1);
  assert.deepEqual(errors, []);
});

test('the result banner names the special endings: every royal captured, the Anti-King mated', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  // White's only royal is a Wuss (extinction rules): Blue's Rook takes it by clicking.
  await openLink(page, { variant: 'uc-170-17', fen: '3rk3/8/8/8/3{WUS}4/8/8/8 b - - 0 1' });
  await click(page, 'd8');
  await click(page, 'd4');
  await page.waitForFunction(() => window.bigboardTest.status().over);
  const s = await page.evaluate(() => window.bigboardTest.status());
  assert.equal(s.winner, 1);
  await page.waitForFunction(() => !document.querySelector('#result').hidden);
  assert.match(await page.textContent('#result'), /^Blue wins — every royal piece captured/);
  // White's Anti-King alone, which no turn can keep attacked (Blue's King does not count): mated, White has lost.
  await openLink(page, { variant: 'uc-170-17', fen: 'k7/8/8/8/3{AK}4/8/8/8 w - - 0 1' });
  await page.waitForFunction(() => window.bigboardTest.status().over);
  await page.waitForFunction(() => !document.querySelector('#result').hidden && /anti-king mated/.test(document.querySelector('#result').textContent));
  assert.match(await page.textContent('#result'), /^Blue wins — anti-king mated/);
  assert.deepEqual(errors, []);
});

test('the mouse resting on a man: its number, what it does, the men its moves take elsewhere from here, and whether it is frozen', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  const tip = async (name) => {
    const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
    await page.mouse.move(c.x, c.y);
    await page.waitForSelector('.piece-tip:not([hidden])');
    return page.textContent('.piece-tip');
  };
  const leave = async () => {
    await page.mouse.move(5, 5);
    await page.waitForSelector('.piece-tip', { state: 'hidden' });
  };
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/4p3/3{WD}4/8/8/4K3 w - - 0 1' });
  const pieces = await page.evaluate(() => window.bigboardTest.pieces());
  const withdrawer = pieces.findIndex((p) => p.code === 'WD');
  const number = pieces.slice(0, withdrawer + 1).filter((p) => p.pawn !== true).length;
  let text = await tip('d4');
  const lines = text.split('\n');
  // Words first (name, description, moves from here), the notation string last.
  assert.equal(lines[0], 'Withdrawer (WD)');
  assert.ok(lines.includes(`no. ${number} · special capture`), text);
  assert.ok(lines.includes('from here its moves also take e5'), text);
  assert.match(lines.at(-1), /^notation: /);
  await leave();
  // Blue's pawn takes nothing elsewhere: no such line.
  text = await tip('e5');
  assert.doesNotMatch(text, /also take/);
  await leave();
  // White's Queen beside Blue's Immobilizer stands frozen.
  await openLink(page, { variant: 'uc-170-17', fen: '4k3/8/8/4{im}3/3Q4/8/8/4K3 w - - 0 1' });
  text = await tip('d4');
  assert.match(text, /^Queen \(Q\)/);
  assert.match(text, /frozen: it cannot move now/);
  assert.deepEqual(errors, []);
});

test('measurements: a seeded UC-170-17 game interactive after a reload; a man\'s moves (and their effects) marked on the 29 x 18 drawing', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openLink(page, { variant: 'uc-170-17', seed: '42' });
  // Time from a click on a man to its moves drawn (first two ranks of each side: pieces and pawns, some with special captures).
  const samples = [];
  const work = [];
  for (const sq of ['a1', 'b1', 'c1', 'd1', 'e1', 'g1', 'h1', 'a2', 'd2', 'h2']) {
    await clickSquare(page, sq);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const timing = await page.evaluate(() => window.bigboardTest.timing());
    samples.push(timing.highlightMs);
    work.push(timing.highlightWorkMs);
    await clickSquare(page, sq);
  }
  assert.ok(samples.every((s) => typeof s === 'number'));
  // The saved game (seed, setup, reserves) is restored by a reload; time until the page takes input.
  const before = await fen(page);
  await page.reload();
  await ready(page);
  assert.equal(await fen(page), before);
  assert.equal(await page.evaluate(() => window.bigboardTest.seed()), 42);
  const interactive = await page.evaluate(() => window.bigboardTest.timing().interactiveMs);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`measure: UC-170-17 (seed 42) interactive after ${interactive.toFixed(0)} ms on localhost`);
  console.log(
    `measure: click to a man's moves drawn on UC-170-17's 29 x 18: median ${median(samples).toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms ` +
      `(engine + drawing: median ${median(work).toFixed(2)} ms, max ${Math.max(...work).toFixed(2)} ms)`,
  );
  // An open board of men with effects (Immobilizers, Swappers, the Grasshoppers of every hurdle effect, Lions,
  // Withdrawers, a Long Leaper, a Coordinator): each man's moves with their effects, picked up and looked at.
  await openLink(page, { variant: 'uc-170-17', fen: 'k1{im}1{ll}1{cgh}1/{swp}1{li}1{aecg}1{wd}1/8/1p1p1p1p/P1P1P1P1/8/1{WD}1{AECG}1{SWP}1{LI}/{LL}1{IM}1{CGH}1{CD}K w - - 0 1' });
  const busy = { pick: [], look: [] };
  for (const sq of ['b2', 'd2', 'f2', 'h2', 'a1', 'c1', 'e1', 'g1', 'c7', 'e7']) {
    if (sq < 'c7') {
      await clickSquare(page, sq);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      busy.pick.push((await page.evaluate(() => window.bigboardTest.timing())).highlightWorkMs);
      await clickSquare(page, sq);
      await page.mouse.move(5, 5);
    }
    const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), sq);
    await page.mouse.move(c.x, c.y);
    await page.waitForSelector('.piece-tip:not([hidden])');
    busy.look.push((await page.evaluate(() => window.bigboardTest.timing())).previewWorkMs);
    await page.mouse.move(5, 5);
    await page.waitForSelector('.piece-tip', { state: 'hidden' });
  }
  console.log(
    `measure: men with effects on an open UC-170-17 board: picked up, moves and effects drawn in median ${median(busy.pick).toFixed(2)} ms, max ${Math.max(...busy.pick).toFixed(2)} ms; ` +
      `looked at (either side; moves, effects and tip) median ${median(busy.look).toFixed(2)} ms, max ${Math.max(...busy.look).toFixed(2)} ms`,
  );
  assert.ok(busy.look.every((ms) => typeof ms === 'number'));
  assert.deepEqual(errors, []);
});
