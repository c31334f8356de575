// The piece editor in headless Chromium: marks clicked on its grid are
// written as XBetza, the string read back through the engine gives the
// same marks (leaper, riders, directional and move-only pieces), the
// engine's diagram agrees with the marks, a pasted string with a hop keeps
// the hop as written, a bad string is refused leaving the editor as it
// was; and a whole definition shared as a link opens and plays in the app.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { WWW, chooseVariant, open, ready } from './support.mjs';

const GRID = '.piece-editor .pe-grid:not(.pe-diagram)';

async function openEditor(page) {
  await page.$eval('#pieces-box', (d) => (d.open = true));
  await page.click('#open-editor');
  await page.waitForSelector('.piece-editor[open]');
}

/** Clicks square (x, y) of the grid `times` times. */
async function mark(page, x, y, times = 1) {
  for (let i = 0; i < times; i++) await page.click(`${GRID} .pe-cell[data-x="${x}"][data-y="${y}"]`);
}

async function tool(page, { slide = false, initial = false, range = '0' } = {}) {
  await page.check(`.piece-editor input[type=radio][value=${slide ? 'slide' : 'leap'}]`);
  await page.setChecked('.piece-editor .pe-initial', initial);
  await page.selectOption('.piece-editor .pe-range', range);
}

/** The marked squares of a grid: "x,y" -> its data-mark. */
function marks(page, selector = GRID) {
  return page.$$eval(`${selector} .pe-cell`, (cells) =>
    Object.fromEntries(cells.filter((c) => c.dataset.mark).map((c) => [`${c.dataset.x},${c.dataset.y}`, c.dataset.mark])),
  );
}

/** Closes the editor, chooses a variant, opens the editor again. */
async function chooseVariantClosed(page, id) {
  await page.click('.piece-editor .pe-close');
  await chooseVariant(page, id);
  await openEditor(page);
}

const written = (page) => page.inputValue('.piece-editor .pe-string');
const message = (page) => page.textContent('.piece-editor .pe .pe-message');

async function read(page, text) {
  await page.fill('.piece-editor .pe-string', text);
  await page.click('.piece-editor .pe-read');
}

/**
 * The marks and string now; then cleared, the string read back into the
 * grid: the same marks. The engine's diagram shows the same squares with
 * the same modes (mode and first-move flag, whatever the kind of mark).
 */
async function roundTrip(page, expected) {
  const before = await marks(page);
  assert.equal(await written(page), expected);
  const strip = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.replace(/^(slide|leap) /, '')]));
  assert.deepEqual(await marks(page, '.piece-editor .pe-diagram'), strip(before), `the engine plays what is marked for ${expected}`);
  await page.click('.piece-editor .pe-clear');
  assert.deepEqual(await marks(page), {});
  await read(page, expected);
  assert.deepEqual(await marks(page), before, `${expected} reads back into the same marks`);
  assert.equal(await written(page), expected);
  await page.click('.piece-editor .pe-clear');
}

test('grid to string to grid: knight, rook, bishop, directional, pawn-like and move-only pieces', async (t) => {
  const { page, errors } = await open(t);
  await openEditor(page);

  for (const [x, y] of [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]]) await mark(page, x, y);
  assert.equal(Object.keys(await marks(page)).length, 8);
  await roundTrip(page, 'N');

  await tool(page, { slide: true });
  for (const [x, y] of [[0, 3], [0, -1], [5, 0], [-2, 0]]) await mark(page, x, y);
  assert.equal(Object.keys(await marks(page)).length, 28, 'four rays to the edge of the 15 x 15 grid');
  await roundTrip(page, 'R');
  for (const [x, y] of [[1, 1], [2, -2], [-3, -3], [-1, 1]]) await mark(page, x, y);
  await roundTrip(page, 'B');

  await tool(page);
  await mark(page, 0, 1);
  await mark(page, 1, -1);
  await mark(page, -1, -1);
  await roundTrip(page, 'fWbF');

  // A pawn: a step forward, moving only; diagonal captures; two squares on its first move.
  await mark(page, 0, 1, 2);
  await mark(page, 1, 1, 3);
  await mark(page, -1, 1, 3);
  await tool(page, { slide: true, initial: true, range: '2' });
  await mark(page, 0, 2, 2);
  const pawn = await marks(page);
  assert.equal(pawn['0,2'], 'slide move initial');
  assert.equal(pawn['1,1'], 'leap capture');
  await roundTrip(page, 'fmWfcFifmR2');

  await tool(page, { slide: true });
  for (const [x, y] of [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]]) await mark(page, x, y, 2);
  await roundTrip(page, 'mQ');

  assert.deepEqual(errors, []);
});

test('the editor is readable by assistive technology: each square says where it is and what it holds', async (t) => {
  // axe-core is injected as a script: the page's policy is set aside for this audit only.
  const { page, errors } = await open(t, { contextOptions: { bypassCSP: true } });
  await openEditor(page);
  await mark(page, 1, 2, 2);
  assert.equal(await page.getAttribute(`${GRID} .pe-cell[data-x="1"][data-y="2"]`, 'aria-label'), '1 right, 2 forward: moves only');
  await page.addScriptTag({ path: join(WWW, 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => (await window.axe.run(document.querySelector('.piece-editor'), { resultTypes: ['violations'] })).violations);
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')}`), []);
  assert.deepEqual(errors, []);
});

test('a pasted string is read into the grid, its hop kept as written; a bad string is refused', async (t) => {
  const { page, errors } = await open(t);
  await openEditor(page);
  await read(page, 'fmWfcFifmR2cpR');
  const got = await marks(page);
  // The step forward is also the first square of the first move's slide.
  assert.equal(got['0,1'], 'slide move');
  assert.equal(got['-1,1'], 'leap capture');
  assert.equal(got['0,2'], 'slide move initial');
  assert.equal(await written(page), 'fmWfcFifmR2cpR');
  assert.match(await page.textContent('.piece-editor .pe-kept'), /cpR/);
  assert.match(await message(page), /kept as written/);

  // The knight's four forward leaps, as a Diagram page writes them.
  await read(page, 'fhN');
  assert.deepEqual(Object.keys(await marks(page)).sort(), ['-1,2', '-2,1', '1,2', '2,1']);
  assert.equal(await written(page), 'fhN');

  const before = await marks(page);
  await read(page, 'fhX');
  assert.match(await message(page), /Not read, the editor is unchanged: .*character 3/);
  assert.deepEqual(await marks(page), before);
  await read(page, 'nR');
  assert.match(await message(page), /Not read/);
  assert.deepEqual(await marks(page), before);
  assert.deepEqual(errors, []);
});

/** A small variant with a piece written in the editor: Jeson Mor's board, its knights stepping fWbF. */
async function definition() {
  const text = await readFile(join(WWW, '../examples/variants/jeson-mor.toml'), 'utf8');
  return text.replace('id = "jeson-mor"', 'id = "linked-steppers"').replace('name = "Jeson Mor"', 'name = "Linked Steppers"').replace('moves = "N"', 'moves = "fWbF"');
}

test('a definition shared as a link opens and plays in the app; a damaged link is refused', async (t) => {
  const { page, errors, context, server } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await openEditor(page);
  const text = await definition();
  await page.fill('.piece-editor .pe-definition', text);
  await page.click('.piece-editor .pe-copy-link');
  await page.waitForFunction(() => !document.querySelector('.piece-editor .pe-link').hidden);
  const link = await page.inputValue('.piece-editor .pe-link');
  assert.match(link, /#definition=[A-Za-z0-9_-]+$/);
  assert.ok(link.length < text.length, `compressed: ${link.length} characters for ${text.length}`);

  // A fresh page opened on the link plays the definition.
  const other = await context.newPage();
  await other.goto(link);
  await ready(other);
  await other.waitForFunction(() => window.bigboardTest.variant() === 'linked-steppers');
  const pieces = await other.evaluate(() => window.bigboardTest.pieces().map((p) => p.moves));
  assert.deepEqual(pieces, ['fWbF']);
  assert.equal(await other.textContent('#variant-name'), 'Linked Steppers');

  // Cut short: refused with a clear message, the game as it was.
  const damaged = link.slice(0, link.length - 15);
  const third = await context.newPage();
  await third.goto(`${server.url}`);
  await ready(third);
  const variant = await third.evaluate(() => window.bigboardTest.variant());
  await third.goto(damaged);
  await ready(third);
  await third.waitForFunction(() => /definition link is damaged/.test(document.getElementById('status-line').textContent));
  assert.match(await third.textContent('#status-line'), /^The definition link is damaged \(.*\); copy the whole link again\.$/);
  assert.equal(await third.evaluate(() => window.bigboardTest.variant()), variant);

  // The gallery variant in play fills the box (while the author has not changed it): its link too can be copied.
  await page.fill('.piece-editor .pe-definition', '');
  await chooseVariantClosed(page, 'jeson-mor');
  assert.match(await page.inputValue('.piece-editor .pe-definition'), /^id = "jeson-mor"$/m);
  await chooseVariantClosed(page, 'xiangqi');
  assert.match(await page.inputValue('.piece-editor .pe-definition'), /^id = "xiangqi"$/m);
  await page.fill('.piece-editor .pe-definition', text);

  // Play from the editor: the definition in the box becomes the game.
  await page.click('.piece-editor .pe-play');
  await page.waitForFunction(() => window.bigboardTest.variant() === 'linked-steppers');

  // The same link pasted into an embed's definition attribute: the element plays it.
  const embed = await context.newPage();
  await embed.goto(`${server.url}embed-example.html`);
  await embed.evaluate(([l, d]) => {
    for (const [id, ref] of [['linked', l], ['linked-damaged', d]]) {
      const game = document.createElement('bigboard-game');
      game.id = id;
      game.setAttribute('definition', ref);
      document.body.append(game);
    }
  }, [link, damaged]);
  await embed.waitForFunction(() => document.getElementById('linked')?.fen?.() !== '');
  assert.match(await embed.evaluate(() => document.getElementById('linked').fen()), /^nnnnnnnnn\/9\//);
  const problem = embed.locator('#linked-damaged').locator('.problems li');
  await problem.first().waitFor();
  assert.match(await problem.first().textContent(), /definition link is damaged/);
  assert.deepEqual(errors, []);
});
