// Player comforts: typing moves, the board described for screen readers,
// resigning and draws, themes, sounds, hints and clocks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertWhiteSide, chooseVariant, evalBarBox, fen, history, importText, open, pixelAt, ready, status } from './support.mjs';

/** Types `text` into the move field and presses Enter. */
async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

test('keyboard: typed coordinate and SAN moves play, a wrong one is refused, arrows step through, the board is described', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');

  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  assert.equal(await page.inputValue('#move-input'), '');

  // A refused move leaves the game as it was and says why.
  const before = await fen(page);
  await typeMove(page, 'a1a9');
  await page.waitForFunction(() => document.getElementById('status-line').textContent.includes('a1a9'));
  assert.equal(await fen(page), before);

  // SAN: learn the SAN of a8b7, take it back, type the SAN.
  await typeMove(page, 'a8b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  const san = (await history(page)).san[1];
  await page.click('#undo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await typeMove(page, san);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal((await history(page)).coord[1], 'a8b7');
  assert.equal((await status(page)).side, 0);

  // The canvas takes focus and tells the last move and the turn.
  assert.equal(await page.getAttribute('#board', 'tabindex'), '0');
  await page.focus('#board');
  const label = await page.getAttribute('#board', 'aria-label');
  assert.match(label, /Last move: 1\. Black/);
  assert.match(label, /White to move/);
  assert.equal(await page.textContent('#board-live'), label);

  // Away from the board (whose arrow keys move its cursor), arrow keys step back through the moves and forward to the game.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.getElementById('view-bar').hidden);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('view-bar').hidden);
  assert.deepEqual(errors, []);
});

/** The app on Xhess after White's b3b7, confirmations accepted. */
async function xhessAfterOneMove(t) {
  const { page, errors } = await open(t);
  page.on('dialog', (d) => d.accept());
  await chooseVariant(page, 'xhess');
  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  return { page, errors };
}

test('resign and draws: hot-seat resignation, a draw offer accepted, resigning against the AI', async (t) => {
  const { page, errors } = await xhessAfterOneMove(t);

  // Black, to move, resigns.
  await page.click('#resign');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), 'White wins — Black resigns');
  let s = await status(page);
  assert.equal(s.over, true);
  assert.equal(s.winner, 0);
  assert.equal(await page.isHidden('#resign'), true);

  // Undo takes the resignation back; a draw offer, accepted, ends the game drawn.
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('result').hidden);
  assert.equal((await history(page)).coord.length, 1);
  await page.click('#offer-draw');
  await page.waitForSelector('#draw-offer:not([hidden])');
  assert.match(await page.textContent('#draw-offer-text'), /Black offers a draw\. White, do you accept\?/);
  await page.click('#accept-draw');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), 'Draw — by agreement');
  assert.equal((await status(page)).winner, null);

  // Against the AI, the person resigns, whoever is to move.
  await page.click('#new-game');
  await page.selectOption('#mode', 'black-ai');
  await page.click('#resign');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), 'White wins — Black resigns');
  s = await status(page);
  assert.equal(s.over, true);
  assert.deepEqual(errors, []);
});

/** The colour near the corner of square a1 (clear of its piece). */
async function a1Colour(page) {
  const [a1, b1] = await page.evaluate(() => [window.bigboardTest.squareCenter('a1'), window.bigboardTest.squareCenter('b1')]);
  const half = (b1.x - a1.x) / 2;
  return pixelAt(page, a1.x - half * 0.85, a1.y + half * 0.85);
}

const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

test('themes: switching changes the board colours, the choice is kept, dark mode picks the dark theme', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.waitForTimeout(50);
  assert.equal(await page.inputValue('#theme'), 'auto');
  assert.equal(hex(await a1Colour(page)), '#b48762');

  await page.selectOption('#theme', 'green');
  await page.waitForTimeout(50);
  assert.equal(hex(await a1Colour(page)), '#769656');
  await page.selectOption('#theme', 'contrast');
  await page.waitForTimeout(50);
  assert.equal(hex(await a1Colour(page)), '#8c8c8c');

  await page.reload();
  await ready(page);
  await page.waitForTimeout(50);
  assert.equal(await page.inputValue('#theme'), 'contrast');
  assert.equal(hex(await a1Colour(page)), '#8c8c8c');

  // Automatic follows the system: dark mode gives the Night board.
  await page.selectOption('#theme', 'auto');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await ready(page);
  await page.waitForTimeout(50);
  assert.equal(hex(await a1Colour(page)), '#333b47');
  assert.deepEqual(errors, []);
});

test('sounds: off by default, the toggle is kept across a reload', async (t) => {
  const { page, errors } = await open(t);
  assert.equal(await page.isChecked('#sound'), false);
  await page.check('#sound');
  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#sound'), true);
  await page.uncheck('#sound');
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#sound'), false);
  assert.deepEqual(errors, []);
});

test('hint: the engine suggests a move, drawn as an arrow, gone after a move', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.click('#hint');
  await page.waitForFunction(() => window.bigboardTest.hint() !== null, null, { timeout: 15000 });
  const hint = await page.evaluate(() => window.bigboardTest.hint());
  const [, from, to] = /^([a-z]+\d+)([a-z]+\d+)/.exec(hint);
  // Written in SAN, as the move list writes moves: the piece's letter, maybe a capture, then the destination.
  assert.match(await page.textContent('#hint-text'), new RegExp(`^Hint: [A-Z]*[a-z]?\\d*x?${to}`));

  // The arrow's shaft, halfway along, is in the Wood theme's hint colour (violet, #4c0894, nearly opaque).
  await page.waitForTimeout(100);
  const [a, b] = await page.evaluate(([f, g]) => [window.bigboardTest.squareCenter(f), window.bigboardTest.squareCenter(g)], [from, to]);
  const [r, gr, bl] = await pixelAt(page, (a.x + b.x) / 2, (a.y + b.y) / 2);
  assert.ok(bl > r + 30 && gr < 70, `violet arrow expected, got ${[r, gr, bl]}`);

  // The hinted move is legal; once played, the hint is gone.
  await typeMove(page, hint);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.equal(await page.evaluate(() => window.bigboardTest.hint()), null);
  assert.deepEqual(errors, []);
});

test('clock: a custom time, the side to move runs out and loses, the result survives a reload', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  assert.equal(await page.isHidden('#clocks'), true);
  await page.selectOption('#clock-preset', 'custom');
  await page.fill('#clock-custom', '0:03+0');
  await page.press('#clock-custom', 'Enter');
  await page.waitForSelector('#clocks:not([hidden])');
  assert.match(await page.textContent('#clock-white'), /^White 0:0[23]/);

  // White moves at once; Black's time runs and its flag falls.
  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await page.waitForFunction(() => document.getElementById('clock-black').classList.contains('running'));
  await page.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 8000 });
  assert.equal(await page.textContent('#result'), "White wins — Black's time ran out");
  assert.match(await page.textContent('#clock-black'), /Black 0:00\.0/);
  const white = await page.textContent('#clock-white');
  assert.doesNotMatch(white, /0:00\.0/);

  await page.reload();
  await ready(page);
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), "White wins — Black's time ran out");
  assert.equal(await page.inputValue('#clock-preset'), 'custom');
  assert.equal((await status(page)).winner, 0);
  assert.deepEqual(errors, []);
});

test('clock: a corrupt saved clock is dropped on reload, not shown or let fall', async (t) => {
  const { page, errors } = await open(t);
  await page.evaluate(() =>
    localStorage.setItem(
      'bigboard.clock',
      JSON.stringify({ tc: { baseMs: -1, incMs: 1e308 }, remaining: [-5, 1e308], running: 0, flag: null, since: 1e308, plies: -3 }),
    ),
  );
  await page.reload();
  await ready(page);
  await page.waitForTimeout(300);
  assert.equal(await page.isHidden('#clocks'), true);
  assert.equal(await page.inputValue('#clock-preset'), 'off');
  assert.equal(await page.isHidden('#result'), true);
  assert.equal((await status(page)).over, false);
  assert.deepEqual(errors, []);
});

test('clock: a flag falling against a bare king is a draw', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'flee');
  // Not on one file: Flee kings attack each other along open lines.
  const position = '3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1';
  await importText(page, `[Variant "flee"]\n[FEN "${position}"]\n\n*`);
  await page.waitForFunction((f) => window.bigboardTest.history().start_fen === f, position);
  await page.selectOption('#clock-preset', 'custom');
  await page.fill('#clock-custom', '0:03+0');
  await page.press('#clock-custom', 'Enter');
  await page.waitForFunction(() => document.getElementById('clock-white').classList.contains('running'));

  // White, with a queen, runs out of time; Black has only a king and cannot win.
  await page.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 8000 });
  assert.equal(await page.textContent('#result'), "Draw — White's time ran out and Black cannot win");
  const s = await status(page);
  assert.equal(s.over, true);
  assert.equal(s.winner, null);
  assert.deepEqual(errors, []);
});

test('analysis: off by default; on, an evaluation bar and a principal variation, updated after a move; kept across a reload', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  assert.equal(await page.isChecked('#analysis'), false);
  assert.equal(await page.isHidden('#eval-bar'), true);
  await page.check('#analysis');
  await page.waitForSelector('#eval-bar:not([hidden])');
  await page.waitForFunction(() => /depth \d+\): \S/.test(document.getElementById('analysis-text').textContent), null, { timeout: 8000 });
  const fill = await page.$eval('#eval-fill', (e) => e.style.height);
  assert.match(fill, /^\d+(\.\d+)?%$/);
  // The line in the page's notation: SAN by default (never a coordinate
  // pair, which SAN writes only after a capital letter), coordinates at
  // once when they are chosen.
  const san = await page.textContent('#analysis-text');
  assert.doesNotMatch(san, /\): [a-z]+\d+[a-z]+\d+/, san);
  await page.$eval('#notation', (n) => (n.closest('details').open = true));
  await page.selectOption('#notation', 'coord');
  assert.match(await page.textContent('#analysis-text'), /depth \d+\): [a-z]+\d+[a-z]+\d+/);
  const first = await page.textContent('#analysis-text');

  // Input is not blocked: a move plays at once, and the analysis starts again on the new position.
  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  await page.waitForFunction(
    (before) => {
      const text = document.getElementById('analysis-text').textContent;
      return text !== before && /depth \d+\): [a-z]+\d+[a-z]+\d+/.test(text);
    },
    first,
    { timeout: 8000 },
  );
  assert.doesNotMatch(await page.textContent('#analysis-text'), /^.*: b3b7/);

  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#analysis'), true);
  await page.uncheck('#analysis');
  assert.equal(await page.isHidden('#eval-bar'), true);
  assert.deepEqual(errors, []);
});

test('analysis: White\'s part of the evaluation bar is on White\'s side of the board, flipped or turned for each player', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.check('#analysis');
  await page.waitForSelector('#eval-bar:not([hidden])');
  await page.waitForFunction(() => /depth \d+\)/.test(document.getElementById('analysis-text').textContent), null, { timeout: 8000 });
  await page.waitForTimeout(400);
  assertWhiteSide(await evalBarBox(page, null), true);

  await page.click('#flip');
  await page.waitForFunction(() => window.bigboardTest.squareCenter('a1').y < window.bigboardTest.squareCenter('a10').y);
  assertWhiteSide(await evalBarBox(page, null), false);
  await page.click('#flip');
  assertWhiteSide(await evalBarBox(page, null), true);

  // Turned for each player: with Black to move, Black is at the bottom and White's part at the top.
  await page.check('#auto-flip');
  await typeMove(page, 'b3b7');
  await page.waitForFunction(() => window.bigboardTest.squareCenter('a1').y < window.bigboardTest.squareCenter('a10').y);
  assertWhiteSide(await evalBarBox(page, null), false);
  assert.deepEqual(errors, []);
});

test('a resignation and an agreed draw survive a reload; undo and a new game clear them', async (t) => {
  const { page, errors } = await xhessAfterOneMove(t);
  await page.click('#resign');
  await page.waitForFunction(() => !document.getElementById('result').hidden);

  await page.reload();
  await ready(page);
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), 'White wins — Black resigns');
  let s = await status(page);
  assert.equal(s.over, true);
  assert.equal(s.winner, 0);
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  assert.equal(await page.isHidden('#resign'), true);

  // Undo takes the resignation back, and so it stays after a reload.
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('result').hidden);
  await page.reload();
  await ready(page);
  assert.equal(await page.isHidden('#result'), true);
  assert.equal((await status(page)).over, false);
  assert.deepEqual((await history(page)).coord, ['b3b7']);

  // An agreed draw, kept; a new game clears it.
  await page.click('#offer-draw');
  await page.click('#accept-draw');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  assert.equal(await page.textContent('#result'), 'Draw — by agreement');
  s = await status(page);
  assert.equal(s.over, true);
  assert.equal(s.winner, null);
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('result').hidden);
  await page.reload();
  await ready(page);
  assert.equal(await page.isHidden('#result'), true);
  assert.deepEqual((await history(page)).coord, []);
  assert.deepEqual(errors, []);
});
