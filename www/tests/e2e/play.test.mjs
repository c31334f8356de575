// Playing by clicking and dragging on the canvas: moves, a capture, turns
// alternating in hot-seat, illegal attempts, undo/redo, the move list's
// read-only view, and a reload restoring the game.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVariant, clickMove, clickSquare, dragMove, fen, history, open, ready, status } from './support.mjs';

test('hot-seat: click moves, a capture, drag and drop, turns alternate, illegal attempts change nothing', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  assert.equal((await status(page)).side, 0);

  // The Cannon on b3 takes the Horseman on b7 by jumping over b4.
  await clickMove(page, 'b3', 'b7');
  let h = await history(page);
  assert.deepEqual(h.coord, ['b3b7']);
  assert.match(h.san[0], /x/);
  assert.equal((await status(page)).side, 1);

  // White cannot move now: clicking a white piece then a square does nothing.
  const before = await fen(page);
  await clickSquare(page, 'e4');
  await clickSquare(page, 'e5');
  await page.waitForTimeout(50);
  assert.equal(await fen(page), before);

  // Black recaptures by dragging the Rook... the piece on a8 to b7.
  await dragMove(page, 'a8', 'b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  h = await history(page);
  assert.equal(h.coord[1], 'a8b7');
  assert.equal((await status(page)).side, 0);

  // An illegal target: select a piece, click a square it cannot reach.
  const mid = await fen(page);
  await clickSquare(page, 'a1');
  await clickSquare(page, 'b5');
  await page.waitForTimeout(50);
  assert.equal(await fen(page), mid);
  // Clicking an empty square with nothing selected does nothing either.
  await clickSquare(page, 'e5');
  await page.waitForTimeout(50);
  assert.equal(await fen(page), mid);

  // The move list shows numbered SAN.
  const list = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
  assert.equal(list.length, 1);
  assert.match(list[0], /^1\./);
  assert.deepEqual(errors, []);
});

test('undo, redo, the move list view, and reload restoring the game', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'really-big-board');
  const start = await fen(page);
  await clickMove(page, 'e2', 'e6');
  await clickMove(page, 'e15', 'e11');
  await clickMove(page, 'b1', 'c3');
  const three = await fen(page);
  assert.deepEqual((await history(page)).coord, ['e2e6', 'e15e11', 'b1c3']);

  await page.click('#undo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal((await status(page)).side, 0);
  await page.click('#redo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 3);
  assert.equal(await fen(page), three);

  // Viewing the position after move 1 is read-only; the live game is untouched.
  await page.click('#moves [data-ply="1"]');
  await page.waitForSelector('#view-bar:not([hidden])');
  assert.match(await page.textContent('#view-text'), /after move 1/);
  await clickSquare(page, 'e15');
  await clickSquare(page, 'e14');
  await page.waitForTimeout(50);
  assert.equal(await fen(page), three);
  await page.click('#live');
  await page.waitForSelector('#view-bar', { state: 'hidden' });

  // Flip the board: a1 moves to the top right; clicks still land on the right squares.
  const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  await page.click('#flip');
  const a1f = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  assert.ok(a1f.x > a1.x && a1f.y < a1.y, 'a1 is at the top right after flipping');
  await clickMove(page, 'd15', 'd13');

  // Reload: the game, the variant and the orientation come back.
  await page.reload();
  await ready(page);
  assert.deepEqual((await history(page)).coord, ['e2e6', 'e15e11', 'b1c3', 'd15d13']);
  assert.equal(await page.$eval('#variant', (s) => s.value), 'really-big-board');
  const a1r = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  assert.deepEqual(a1r, a1f);

  // Undo everything, then a new game.
  for (let i = 0; i < 4; i++) await page.click('#undo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 0);
  assert.equal(await fen(page), start);
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
  await page.click('#new-game');
  assert.equal(await page.$eval('#redo', (b) => b.disabled), true);
  assert.deepEqual(errors, []);
});

test('hot-seat auto flip turns the board to the side to move', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'flee');
  await page.check('#auto-flip');
  const a1 = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  await clickMove(page, 'e2', 'e3');
  await page.waitForTimeout(50);
  const a1b = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  assert.ok(a1b.y < a1.y, 'Black to move: a1 at the top');
  await clickMove(page, 'e15', 'e14');
  const a1w = await page.evaluate(() => window.bigboardTest.squareCenter('a1'));
  assert.deepEqual(a1w, a1);
  assert.deepEqual(errors, []);
});
