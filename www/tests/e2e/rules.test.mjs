// Special moves and results through the page: castling, promotion dialogs,
// a checkmate banner, and import errors that leave the game unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickMove, clickSquare, fen, history, importText, open, pixelAt, status } from './support.mjs';

/** The piece letter on a square of a FEN's board (braces hold multi-letter codes), or '' when empty. */
function pieceOn(fenText, name, files) {
  const rows = fenText.split(' ')[0].split('/');
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1));
  const row = rows[rows.length - rank];
  let f = 0;
  for (const token of row.match(/\{[^}]*\}|\d+|./g)) {
    if (/^\d+$/.test(token)) {
      if (file < f + Number(token)) return '';
      f += Number(token);
    } else {
      if (f === file) return token;
      f++;
    }
  }
  assert.ok(f === files);
  return '';
}

const promotionCodes = (page) => page.$$eval('#promotion .promotion-choice', (bs) => bs.map((b) => b.dataset.code));

test('castling on the Really Big Board: king i1 to n1, rook to m1', async (t) => {
  const { page, errors } = await open(t);
  // Clear j1..o1 by importing the moves (the Variant tag picks the game).
  const moves = 'o1p3 a15a14 m2m4 b15b14 l1m2 c15c14 n1n3 d15d14 m1k3 e15e14 k1l4 f15f14 j1i3 g15g14';
  await importText(page, `[Variant "really-big-board"]\n\n${moves}`);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 14);
  assert.match(await page.textContent('#pgn-message'), /Imported: 14 moves/);
  await clickSquare(page, 'i1');
  await clickSquare(page, 'n1');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 15);
  const f = await fen(page);
  assert.equal(pieceOn(f, 'n1', 16), 'K');
  assert.equal(pieceOn(f, 'm1', 16), 'R');
  assert.equal(pieceOn(f, 'p1', 16), '');
  assert.equal(pieceOn(f, 'i1', 16), '');
  assert.deepEqual(errors, []);
});

test('Overboard promotions: optional on rank 12, only the Wonder on rank 16', async (t) => {
  const { page, errors } = await open(t);
  const start = '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1';
  await importText(page, `[Variant "overboard"]\n[FEN "${start}"]\n\n*`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, start);

  // e11-e12: the Ski-Queen or no promotion; cancelling changes nothing.
  await clickSquare(page, 'e11');
  await clickSquare(page, 'e12');
  await page.waitForSelector('#promotion[open]');
  assert.deepEqual(await promotionCodes(page), ['SQ', '']);
  assert.match(await page.textContent('#promotion [data-code="SQ"]'), /Ski-Queen/);
  assert.match(await page.textContent('#promotion [data-code=""]'), /No promotion/);
  await page.click('#promotion .promotion-cancel');
  await page.waitForFunction(() => !document.querySelector('#promotion').open);
  assert.equal((await history(page)).coord.length, 0);

  await clickSquare(page, 'e11');
  await clickSquare(page, 'e12');
  await page.click('#promotion [data-code="SQ"]');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['e11e12=SQ']);
  assert.equal(pieceOn(await fen(page), 'e12', 16), '{SQ}');

  await clickMove(page, 'p16', 'p15');

  // g15-g16: forced, the Wonder alone: made without a dialog, and told.
  await clickSquare(page, 'g15');
  await clickSquare(page, 'g16');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 3);
  assert.equal(await page.$eval('#promotion', (d) => d.open), false, 'no dialog for the one choice');
  assert.deepEqual((await history(page)).coord.slice(-1), ['g15g16=W']);
  assert.match(await page.textContent('#status-line'), /Promoted to a Wonder, the only choice\./);
  assert.equal(pieceOn(await fen(page), 'g16', 16), 'W');
  assert.deepEqual(errors, []);
});

test('Really Big Board promotion offers all ten pieces', async (t) => {
  const { page, errors } = await open(t);
  const start = 'k15/4P11/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${start}"]\n`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, start);
  await clickSquare(page, 'e15');
  await clickSquare(page, 'e16');
  await page.waitForSelector('#promotion[open]');
  const codes = await promotionCodes(page);
  assert.deepEqual([...codes].sort(), ['A', 'B', 'C', 'D', 'N', 'O', 'Q', 'R', 'S', 'W']);
  await page.click('#promotion [data-code="O"]');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['e15e16=O']);
  assert.deepEqual(errors, []);
});

test('a checkmate loaded from text shows the result banner', async (t) => {
  const { page, errors } = await open(t);
  const start = 'k15/16/1QK13/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${start}"]\n[Result "1-0"]\n\n1. b14b15 1-0\n`);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result'), 'White wins — checkmate');
  const s = await status(page);
  assert.equal(s.over, true);
  assert.equal(s.reason_id, 'checkmate');
  // The export gives the same record back, in coordinates or SAN.
  await page.selectOption('#notation', 'coord');
  await page.click('#export');
  const text = await page.inputValue('#pgn');
  assert.match(text, /\[Variant "really-big-board"\]/);
  assert.match(text, /\[FEN "k15\/16\/1QK13/);
  assert.match(text, /\[Result "1-0"\]/);
  assert.match(text, /1\. b14b15 1-0/);
  await page.selectOption('#notation', 'san');
  await page.click('#export');
  assert.match(await page.inputValue('#pgn'), /1\. Qb15# 1-0/);
  assert.deepEqual(errors, []);
});

test('bad imports are reported and leave the game unchanged', async (t) => {
  const { page, errors } = await open(t);
  await clickMove(page, 'b3', 'b7');
  const before = await fen(page);
  const cases = [
    ['[Variant "nosuch"]\n\n1. e2e4', /unknown variant 'nosuch'/],
    ['[Variant "xhess"]\n\n1. e2e4', /e2e4/],
    ['[Variant "xhess"]\n\n1. b3b7 b3b4', /b3b4/],
    ['[Variant "xhess"]\n[FEN "not a position"]\n\n*', /Import failed/],
    ['[Variant "xhess"]\n\n1. Nf3', /move 1 \(Nf3\): move 'Nf3': no legal move has this notation/],
  ];
  for (const [text, message] of cases) {
    await importText(page, text);
    const shown = await page.textContent('#pgn-message');
    assert.match(shown, /^Import failed, the game is unchanged: /);
    assert.match(shown, message);
    assert.equal(await fen(page), before);
  }
  assert.deepEqual(errors, []);
});

test("the Rose's pass by hand: its own square marked, a second click passes; no pass in check", async (t) => {
  const { page, errors } = await open(t);
  // Rose h1 with its octagon free (the perft suite's rose-pass position).
  const start = '15k/16/16/16/16/16/16/16/16/16/16/16/K15/6P1P7/16/7O8 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${start}"]\n\n*`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, start);
  const [h1, i1] = await page.evaluate(() => [window.bigboardTest.squareCenter('h1'), window.bigboardTest.squareCenter('i1')]);
  const half = (i1.x - h1.x) / 2;
  // The pass mark is a badge in the square's top right corner: a disc in the move colour.
  const markPoint = () => pixelAt(page, h1.x + half * 0.62, h1.y - half * 0.62);
  const before = await markPoint();
  await clickSquare(page, 'h1');
  await page.waitForTimeout(60);
  assert.deepEqual(await markPoint(), [0x04, 0x42, 0x0e], `the pass mark in the Wood theme's move colour, not ${before}`);
  await clickSquare(page, 'h1');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['h1h1']);
  assert.equal((await status(page)).side, 1);

  // In check there is no pass: a second click puts the Rose down.
  const checked = '15k/16/16/16/16/16/16/16/16/16/16/2n13/K15/6P1P7/16/7O8 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${checked}"]\n\n*`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, checked);
  await clickSquare(page, 'h1');
  await clickSquare(page, 'h1');
  await page.waitForTimeout(60);
  assert.deepEqual((await history(page)).coord, []);
  assert.deepEqual(await markPoint(), before);
  assert.deepEqual(errors, []);
});
