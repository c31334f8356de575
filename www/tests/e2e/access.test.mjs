// Play without a mouse or sight: a square cursor on the board moved with
// the arrow keys, Enter to pick up and put down (a pass and a promotion
// too), Escape to cancel, the board read aloud by rank, file and whole;
// and an axe-core audit of the app and the element with no serious or
// critical violation.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { WWW, browserPage, chooseVariant, history, importText, open } from './support.mjs';

const said = (page) => page.textContent('#board-say').then((t) => t.trim());

/** Presses `key` `n` times on the focused board. */
async function press(page, key, n = 1) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

test('keyboard play: cursor, pick up and put down, Escape, a pass, a promotion by keyboard, the board read aloud', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.focus('#board');
  // The first arrow shows the cursor at the bottom left: a1, White's Rook.
  await press(page, 'ArrowUp');
  assert.equal(await said(page), 'a1, White Rook');
  // Up two, right one: b3, the Cannon; pick it up.
  await press(page, 'ArrowUp', 2);
  await press(page, 'ArrowRight');
  assert.equal(await said(page), 'b3, White Cannon');
  await press(page, 'Enter');
  assert.match(await said(page), /^White Cannon on b3 picked up: \d+ moves?, .*b7 capturing/);
  // Escape puts it down; Enter picks it up again; to b7 (up four) and Enter: the capture.
  await press(page, 'Escape');
  assert.equal(await said(page), 'Put down.');
  await press(page, 'Enter');
  await press(page, 'ArrowUp', 4);
  assert.equal(await said(page), 'b7, Black Horseman, a capture');
  await press(page, 'Enter');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  // Reading: the rank, the file and the whole board.
  await press(page, 'r');
  assert.match(await said(page), /^Rank 7: White Cannon b7, Black Horseman c7, /);
  await press(page, 'f');
  assert.match(await said(page), /^File b: White Rook b1|^File b: /);
  assert.match(await said(page), /White Cannon b7/);
  await press(page, 'b');
  assert.match(await said(page), /^White: King e2, .* Black: King e9, /);
  // The arrow keys did not step through the move list.
  assert.equal(await page.isHidden('#view-bar'), true);
  assert.deepEqual(errors, []);
});

test('by keyboard: the Rose passes, and a promotion is chosen in its dialog', async (t) => {
  const { page, errors } = await open(t);
  const rose = '15k/16/16/16/16/16/16/16/16/16/16/16/K15/6P1P7/16/7O8 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${rose}"]\n\n*`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, rose);
  await page.focus('#board');
  await press(page, 'ArrowRight');
  await press(page, 'ArrowRight', 7);
  assert.equal(await said(page), 'h1, White Rose');
  await press(page, 'Enter');
  assert.match(await said(page), /picked up: 10 moves, .*pass/);
  await press(page, 'ArrowLeft');
  await press(page, 'ArrowRight');
  assert.equal(await said(page), 'h1, White Rose, pass here');
  await press(page, 'Enter');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['h1h1']);

  // Overboard: e11-e12 promotes (or not); the dialog takes the keyboard.
  const start = '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1';
  await importText(page, `[Variant "overboard"]\n[FEN "${start}"]\n\n*`);
  await page.waitForFunction((s) => window.bigboardTest.history().start_fen === s, start);
  // The cursor stays where it was left (h1): the first key shows it there.
  await page.focus('#board');
  await press(page, 'ArrowLeft');
  assert.equal(await said(page), 'h1, empty');
  await press(page, 'ArrowLeft', 3);
  await press(page, 'ArrowUp', 10);
  assert.equal(await said(page), 'e11, White Guard Pawn');
  await press(page, 'Enter');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await page.waitForSelector('#promotion[open]');
  // The first choice has the focus: the Ski-Queen.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.code), 'SQ');
  await press(page, 'Enter');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual((await history(page)).coord, ['e11e12=SQ']);
  assert.deepEqual(errors, []);
});

const AXE = join(WWW, 'node_modules/axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page (inside open shadow roots too). */
async function audit(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')}`);
}

test('axe-core: no serious or critical violation on the app (panels open, a game against the AI) or the element page', async (t) => {
  // The page's policy allows only its own scripts; the audit's script is let in for the test.
  const { page, errors, server } = await open(t, { contextOptions: { bypassCSP: true } });
  await page.selectOption('#mode', 'white-ai');
  await page.$$eval('details', (ds) => ds.forEach((d) => (d.open = true)));
  await page.waitForTimeout(200);
  assert.deepEqual(await audit(page), []);

  const embed = await browserPage(t, { contextOptions: { bypassCSP: true }, timeout: 15000 });
  await embed.page.goto(`${embed.server.url}embed-example.html`);
  await embed.page.waitForFunction(() => ['vs-ai', 'diagram', 'custom'].every((id) => document.getElementById(id)?.fen?.() !== ''));
  assert.deepEqual(await audit(embed.page), []);
  assert.ok(server);
  assert.deepEqual(errors, []);
  assert.deepEqual(embed.errors, []);
});
