// Games of the player's own variants are kept as any other: a variant
// imported through Pieces > Import a variant, one played from the piece
// editor's definition box and one opened from a definition link are saved
// with their definitions, go on after a reload, and are listed in Saved
// games by their variants' names, to resume, export and rename.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { WWW, chooseVariant, clickMove, history, open, ready } from './support.mjs';

/** The section `name` of Fairy-Stockfish's example file (tests/data/fsf/variants.ini), from its header to the next one. */
async function section(name) {
  const lines = (await readFile(join(WWW, '../tests/data/fsf/variants.ini'), 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.startsWith(`[${name}]`) || l.startsWith(`[${name}:`));
  assert.ok(at >= 0, `no section [${name}]`);
  let end = at + 1;
  while (end < lines.length && !lines[end].startsWith('[')) end++;
  return lines.slice(at, end).join('\n');
}

/** Converts `text` in Pieces > Import a variant and plays the first variant it gives. */
async function importAndPlay(page, text, id) {
  await page.$eval('#pieces-box', (d) => (d.open = true));
  await page.click('#open-import');
  await page.waitForSelector('.import-dialog[open]');
  await page.fill('.import-dialog .import-text', text);
  await page.click('.import-dialog .import-convert');
  await page.waitForFunction(() => /converted/.test(document.querySelector('.import-dialog .pe-message')?.textContent ?? ''));
  await page.click('.import-dialog .import-play');
  await page.waitForFunction((v) => window.bigboardTest.variant() === v, id);
}

const coords = async (page) => (await history(page)).coord;
const rows = (page) => page.$$eval('#games li.game', (lis) => lis.map((li) => ({ name: li.querySelector('.game-name')?.textContent ?? '', meta: li.querySelector('.game-meta').textContent, playing: li.classList.contains('playing') })));

async function openList(page, filter) {
  await page.$eval('#games-box', (d) => (d.open = true));
  await page.selectOption('#games-filter', filter);
  await page.waitForSelector('#games li.game');
}

/** Jeson Mor renamed, its knights stepping fWbF: a definition of the player's own. */
async function steppers() {
  const text = await readFile(join(WWW, '../examples/variants/jeson-mor.toml'), 'utf8');
  return text.replace('id = "jeson-mor"', 'id = "own-steppers"').replace('name = "Jeson Mor"', 'name = "Own Steppers"').replace('moves = "N"', 'moves = "fWbF"');
}

test("an imported variant's game goes on after a reload, and is listed, resumed, exported and renamed in Saved games", async (t) => {
  const { page, errors } = await open(t);
  await importAndPlay(page, await section('orda'), 'orda');
  await clickMove(page, 'e2', 'e4');
  await clickMove(page, 'e6', 'e5');
  const fenBefore = await page.evaluate(() => window.bigboardTest.fen());

  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.bigboardTest.variant()), 'orda');
  assert.deepEqual(await coords(page), ['e2e4', 'e6e5']);
  assert.equal(await page.evaluate(() => window.bigboardTest.fen()), fenBefore);
  const stored = await page.evaluate(() => ({ games: JSON.parse(localStorage.getItem('bigboard.games')).games, definitions: Object.values(JSON.parse(localStorage.getItem('bigboard.definitions')).definitions) }));
  assert.deepEqual(stored.games.map((g) => g.game.variant.id), ['orda']);
  assert.equal(stored.definitions.length, 1);
  assert.match(stored.definitions[0], /^id = "orda"$/m);

  // In the list of this variant's games, by its name.
  await openList(page, 'variant');
  let list = await rows(page);
  assert.equal(list.length, 1);
  assert.ok(list[0].playing);
  assert.match(list[0].name, /^orda, /, 'the name the import gave it');
  assert.match(list[0].meta, /Two players · in progress · 2 moves$/);

  // A second imported variant: a game of its own; the list of all shows both.
  await importAndPlay(page, await section('hexapawn'), 'hexapawn');
  await clickMove(page, 'b1', 'b2');
  await page.selectOption('#games-filter', 'all');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);
  list = await rows(page);
  assert.ok(list[0].playing);
  assert.match(list[1].meta, /^orda · .* · 2 moves$/);

  // The Orda game renamed, exported, then resumed from the list.
  const orda = page.locator('#games li.game', { hasText: 'orda, ' });
  await orda.locator('[data-action="rename"]').click();
  await page.fill('#games .game-rename', 'My Orda game');
  await page.press('#games .game-rename', 'Enter');
  await page.waitForSelector('#games .game-name:text("My Orda game")');
  await page.locator('#games li.game', { hasText: 'My Orda game' }).locator('[data-action="export"]').click();
  assert.match(await page.inputValue('#pgn'), /\[Variant "orda"\][\s\S]*1\. e4 e5 \*\n$/);
  await page.locator('#games li.game', { hasText: 'My Orda game' }).locator('[data-action="resume"]').click();
  await page.waitForFunction(() => window.bigboardTest.variant() === 'orda');
  assert.deepEqual(await coords(page), ['e2e4', 'e6e5']);
  await clickMove(page, 'd2', 'd4');

  // Both survive a reload; the one played goes on.
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.bigboardTest.variant()), 'orda');
  assert.deepEqual(await coords(page), ['e2e4', 'e6e5', 'd2d4']);
  await openList(page, 'all');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);
  list = await rows(page);
  assert.equal(list[0].name, 'My Orda game');
  assert.match(list[1].meta, /· 1 move$/);
  assert.equal(await page.locator('#games li.unreadable').count(), 0);
  assert.deepEqual(errors, []);
});

test("a game of the piece editor's definition and one of a definition link go on after a reload", async (t) => {
  const { page, errors, server } = await open(t);
  const text = await steppers();
  await page.$eval('#pieces-box', (d) => (d.open = true));
  await page.click('#open-editor');
  await page.waitForSelector('.piece-editor[open]');
  await page.fill('.piece-editor .pe-definition', text);
  await page.click('.piece-editor .pe-play');
  await page.waitForFunction(() => window.bigboardTest.variant() === 'own-steppers');
  await clickMove(page, 'e1', 'e2');
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.bigboardTest.variant()), 'own-steppers');
  assert.deepEqual(await coords(page), ['e1e2']);
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.pieces().map((p) => p.moves)), ['fWbF']);

  // Its definition link, opened: a new game of it (the one before kept);
  // played, then reloaded with the link still in the address, it goes on.
  await page.$eval('#pieces-box', (d) => (d.open = true));
  await page.click('#open-editor');
  await page.waitForSelector('.piece-editor[open]');
  assert.equal(await page.inputValue('.piece-editor .pe-definition'), text);
  await page.click('.piece-editor .pe-copy-link');
  await page.waitForFunction(() => !document.querySelector('.piece-editor .pe-link').hidden);
  const link = await page.inputValue('.piece-editor .pe-link');
  await page.$eval('.piece-editor', (d) => d.close());
  await page.goto(`${server.url}#definition=${link.split('#definition=')[1]}`);
  await page.waitForFunction(() => /goes on/.test(document.getElementById('status-line').textContent));
  assert.equal(await page.evaluate(() => window.bigboardTest.variant()), 'own-steppers');
  assert.deepEqual(await coords(page), ['e1e2'], 'the game of that definition goes on rather than a new one');
  assert.match(await page.textContent('#status-line'), /The game of the link's definition, Own Steppers, goes on; New game starts one afresh\./);
  await page.click('#new-game');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 0);
  await clickMove(page, 'a1', 'a2');
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => /goes on/.test(document.getElementById('status-line').textContent));
  assert.deepEqual(await coords(page), ['a1a2']);
  assert.match(page.url(), /#definition=/);
  await openList(page, 'variant');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);
  const list = await rows(page);
  assert.deepEqual(list.map((r) => r.name.split(',')[0]), ['Own Steppers', 'Own Steppers']);
  assert.deepEqual(
    await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('bigboard.definitions')).definitions).length),
    1,
    'one copy of the definition for its two games',
  );

  // Another variant played: the address drops the link, and a reload goes on with that game.
  await chooseVariant(page, 'xhess');
  await page.waitForFunction(() => location.hash === '');
  await clickMove(page, 'b3', 'b7');
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.bigboardTest.variant()), 'xhess');
  assert.deepEqual(await coords(page), ['b3b7']);
  assert.deepEqual(errors, []);
});
