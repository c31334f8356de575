// The gallery in the app: the variant menu's Gallery group lists every
// definition of examples/variants/ by its name; a gallery variant chosen
// there is played by the engine's rules for it, and a game link, a reload
// and the saved games bring it back; the single offline file has the
// gallery too, and its AI plays a gallery variant.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DIST, WWW, browserPage, clickMove, history, importText, open, ready, status } from './support.mjs';

const GALLERY_DIR = join(WWW, '..', 'examples', 'variants');

/** Each gallery file's variant name: its top-level `name` key (before the first table). */
async function galleryNames() {
  const names = [];
  for (const file of (await readdir(GALLERY_DIR)).filter((f) => f.endsWith('.toml'))) {
    const head = (await readFile(join(GALLERY_DIR, file), 'utf8')).split(/^\[/m, 1)[0];
    const name = /^name\s*=\s*"([^"]*)"\s*$/m.exec(head);
    assert.ok(name !== null, `${file} has a name`);
    names.push(name[1]);
  }
  return names.sort();
}

/** Picks the menu entry labelled `label` and waits for variant `id`'s game. */
async function pick(page, label, id) {
  await page.selectOption('#variant', { label });
  await page.waitForFunction((v) => window.bigboardTest.variant() === v, id);
}

const variantOf = (page) => page.evaluate(() => window.bigboardTest.variant());
const coords = async (page) => (await history(page)).coord;
const square = (page, name) => page.evaluate((n) => window.bigboardTest.squareCenter(n), name);

test('the Gallery group lists every gallery file; Xiangqi and Chu Shogi play from it, and a link, a reload and the saved games keep them', async (t) => {
  const { page, errors, context, server, browser } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

  const groups = await page.$$eval('#variant optgroup', (gs) => gs.map((g) => ({ label: g.label, options: [...g.children].map((o) => o.textContent) })));
  assert.deepEqual(groups.map((g) => g.label), ['Built-in', 'Gallery']);
  const gallery = groups[1].options;
  assert.deepEqual(gallery.map((o) => o.replace(/ \(\d+×\d+\)$/, '')).sort(), await galleryNames());
  assert.ok(gallery.includes('Xiangqi (9×10)') && gallery.includes('Chu Shogi (12×12)'), gallery.join(', '));

  // Xiangqi: a 9 x 10 board, and its rules are the engine's: the cannon takes only over a screen.
  await pick(page, 'Xiangqi (9×10)', 'xiangqi');
  assert.equal(await page.textContent('#variant-name'), 'Xiangqi');
  assert.notEqual(await square(page, 'i10'), null);
  assert.equal(await square(page, 'j1'), null);
  assert.equal(await square(page, 'a11'), null);
  assert.match(await page.evaluate(() => window.bigboardTest.fen()), /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C5C1\/9\/RNBAKABNR w /);
  await page.fill('#move-input', 'b3b8');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /b3b8/.test(document.querySelector('#status-line').textContent));
  assert.deepEqual(await coords(page), [], 'a cannon does not take without a screen');
  await clickMove(page, 'b3', 'b10');
  await clickMove(page, 'a7', 'a6');
  assert.deepEqual(await coords(page), ['b3b10', 'a7a6']);
  assert.match((await history(page)).san[0], /x/);

  // The game link names the gallery variant and opens it in another browser.
  await page.$eval('details.record', (d) => (d.open = true));
  await page.click('#copy-link');
  await page.waitForFunction(() => /game link/.test(document.querySelector('#pgn-message').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#variant=xiangqi&moves=b3b10%2Ca7a6$/);
  const other = await browser.newContext({ viewport: { width: 1000, height: 800 }, serviceWorkers: 'block' });
  const second = await other.newPage();
  await second.goto(link);
  await ready(second);
  assert.equal(await variantOf(second), 'xiangqi');
  assert.deepEqual(await coords(second), ['b3b10', 'a7a6']);
  assert.equal(await second.$eval('#variant', (s) => s.value), 'xiangqi');
  await other.close();

  // A reload goes on with the saved Xiangqi game.
  await page.reload();
  await ready(page);
  assert.equal(await variantOf(page), 'xiangqi');
  assert.deepEqual(await coords(page), ['b3b10', 'a7a6']);
  assert.equal(await page.$eval('#variant', (s) => s.value), 'xiangqi');

  // Chu Shogi: 12 x 12; the Lion leaps two squares over its own pawn.
  await pick(page, 'Chu Shogi (12×12)', 'chu-shogi');
  assert.match(await page.textContent('#status-line'), /The game before is kept in Saved games/);
  assert.notEqual(await square(page, 'l12'), null);
  assert.equal(await square(page, 'm1'), null);
  assert.equal((await page.evaluate(() => window.bigboardTest.pieces())).find((p) => p.code === 'N')?.name, 'Lion');
  await clickMove(page, 'f3', 'f5');
  assert.deepEqual(await coords(page), ['f3f5']);
  await page.reload();
  await ready(page);
  assert.equal(await variantOf(page), 'chu-shogi');
  assert.deepEqual(await coords(page), ['f3f5']);

  // Both games are in the saved list by their variants' names; the Xiangqi one resumes.
  await page.$eval('#games-box', (d) => (d.open = true));
  await page.selectOption('#games-filter', 'all');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);
  const metas = await page.$$eval('#games li.game .game-meta', (ms) => ms.map((m) => m.textContent));
  assert.match(metas[0], /^Chu Shogi · .* · 1 move$/);
  assert.match(metas[1], /^Xiangqi · .* · 2 moves$/);
  await page.locator('#games li.game', { hasText: 'Xiangqi' }).locator('[data-action="resume"]').click();
  await page.waitForFunction(() => window.bigboardTest.variant() === 'xiangqi');
  assert.deepEqual(await coords(page), ['b3b10', 'a7a6']);

  // Its record names the variant, and reads back into the same game.
  await page.$eval('details.record', (d) => (d.open = true));
  await page.selectOption('#notation', 'coord');
  await page.click('#export');
  const record = await page.inputValue('#pgn');
  assert.match(record, /\[Variant "xiangqi"\][\s\S]*1\. b3b10 a7a6 \*\n$/);
  await page.click('#new-game');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 0);
  await page.fill('#pgn', record);
  await page.click('#import');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal(await variantOf(page), 'xiangqi');
  assert.deepEqual(errors, []);
});

test('the single offline file, opened from disk, has the gallery: Xiangqi plays, is kept over a reload, and the AI answers in it', async (t) => {
  const { page, errors } = await browserPage(t, { timeout: 15000 });
  await page.goto(pathToFileURL(join(DIST, 'bigboard.html')).href);
  await ready(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  const gallery = await page.$$eval('#variant optgroup[label="Gallery"] option', (os) => os.map((o) => o.textContent.replace(/ \(\d+×\d+\)$/, '')));
  assert.deepEqual(gallery.sort(), await galleryNames());
  await pick(page, 'Xiangqi (9×10)', 'xiangqi');
  await clickMove(page, 'e4', 'e5');
  await page.reload();
  await ready(page);
  assert.equal(await variantOf(page), 'xiangqi');
  assert.deepEqual(await coords(page), ['e4e5']);
  // The AI's worker (a blob here) is given the definition and answers by its rules.
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'white-ai');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2, null, { timeout: 30000 });
  assert.equal(await variantOf(page), 'xiangqi');
  assert.deepEqual(errors, []);
});

test('Three-check from the gallery: the third check ends the game, and the banner says so', async (t) => {
  const { page, errors } = await open(t);
  const moves = '1. e2e4 f7f6 2. d1h5 g7g6 3. h5g6 h7g6 4. f1c4 d7d5 5. c4d5 e7e6 6. d5e6 g8h6 7. e6f7 1-0';
  await importText(page, `[Variant "3check"]\n[Result "1-0"]\n\n${moves}\n`);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result'), 'White wins — the last check given');
  const s = await status(page);
  assert.equal(s.reason_id, 'checks');
  assert.match(await page.evaluate(() => window.bigboardTest.fen()), / checks=3,0$/);
  assert.deepEqual(errors, []);
});
