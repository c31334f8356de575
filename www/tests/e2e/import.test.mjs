// "Import a variant" (the Pieces panel) in headless Chromium: Fairy-Stockfish
// sections pasted from its own example variants.ini convert and play,
// a section bigboard cannot express is listed with its key and reason, an
// Interactive Diagram block converts and plays, a text in neither format
// is refused leaving the game as it was; the import module is fetched only
// when a variant is first pasted; and the single offline file imports from
// disk.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { DIST, WWW, browserPage, clickMove, fen, history, open, ready } from './support.mjs';

/** The section `name` of Fairy-Stockfish's example file (tests/data/fsf/variants.ini), from its header to the next one. */
async function section(name) {
  const text = await readFile(join(WWW, '../tests/data/fsf/variants.ini'), 'utf8');
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`[${name}]`) || l.startsWith(`[${name}:`));
  assert.ok(at >= 0, `no section [${name}]`);
  let end = at + 1;
  while (end < lines.length && !lines[end].startsWith('[')) end++;
  return lines.slice(at, end).join('\n');
}

async function importDialog(page) {
  await page.$eval('#pieces-box', (d) => (d.open = true));
  await page.click('#open-import');
  await page.waitForSelector('.import-dialog[open]');
}

async function convert(page, text) {
  await page.fill('.import-dialog .import-text', text);
  await page.click('.import-dialog .import-convert');
  await page.waitForFunction(() => {
    const m = document.querySelector('.import-dialog .pe-message')?.textContent ?? '';
    return m !== '' && m !== 'Converting...';
  });
  return page.textContent('.import-dialog .pe-message');
}

const DIAGRAM = `<div class="idiagram">
files=5
ranks=5
promoZone=1
promoChoice=QR
satellite=tiny
pawn:P::p:a2,b2,c2,d2,e2
rook:R::r:a1,e1
queen:Q::q:d1
king:K::k:c1
</div>`;

test('Import a variant: Fairy-Stockfish sections and a Diagram block convert and play; refusals say why', async (t) => {
  const { page, errors } = await open(t);
  const fetched = [];
  page.on('request', (r) => {
    if (r.url().endsWith('bigboard_import_bg.wasm')) fetched.push(r.url());
  });
  const before = await fen(page);
  await importDialog(page);
  assert.deepEqual(fetched, [], 'the import module is not fetched before a variant is pasted');

  // Neither format: refused, the game unchanged.
  assert.match(await convert(page, 'just some words'), /^Not converted: neither a Fairy-Stockfish variants\.ini section .* nor an Interactive Diagram block/);
  assert.equal(await fen(page), before);

  // Two sections that convert and one that does not (connectN: no such rule).
  const text = [await section('hexapawn'), await section('orda'), await section('tictactoe')].join('\n');
  assert.match(await convert(page, text), /^Read as a Fairy-Stockfish variants\.ini text: 2 variants converted, 1 not/);
  assert.equal(fetched.length, 1, 'the import module is fetched once');
  assert.deepEqual(await page.$$eval('.import-dialog .import-choice option', (os) => os.map((o) => o.textContent)), ['hexapawn', 'orda']);
  const refusals = await page.$$eval('.import-dialog .import-refusals li', (ls) => ls.map((l) => l.textContent));
  assert.equal(refusals.length, 1);
  assert.match(refusals[0], /^\[tictactoe\] line \d+: connectN: '3': connecting men in a line: no such rule in bigboard$/);

  // The second one chosen and played: Orda's army faces the chess army.
  await page.selectOption('.import-dialog .import-choice', { index: 1 });
  assert.match(await page.inputValue('.import-dialog .import-definition'), /^id = "orda"$/m);
  await page.click('.import-dialog .import-play');
  await page.waitForSelector('.import-dialog[open]', { state: 'detached' }).catch(() => {});
  await page.waitForFunction(() => window.bigboardTest.variant() === 'orda');
  assert.match(await fen(page), /^lhaykahl\/8\/pppppppp\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w /);
  await clickMove(page, 'e2', 'e4');
  assert.deepEqual((await history(page)).coord, ['e2e4']);

  // Hexapawn: its pawns step forward and take diagonally only.
  await importDialog(page);
  await convert(page, await section('hexapawn'));
  await page.click('.import-dialog .import-play');
  await page.waitForFunction(() => window.bigboardTest.variant() === 'hexapawn');
  await clickMove(page, 'b1', 'b2');
  assert.deepEqual((await history(page)).coord, ['b1b2']);

  // A Diagram block as it stands in a page's source.
  await importDialog(page);
  assert.match(await convert(page, DIAGRAM), /^Read as an Interactive Diagram block: 1 variant converted\.$/);
  await page.click('.import-dialog .import-play');
  await page.waitForFunction(() => window.bigboardTest.variant() === 'imported-diagram');
  assert.match(await fen(page), /^r1kqr\/ppppp\/5\/PPPPP\/R1KQR w/);

  // A Diagram block with a bad line: its line, key and reason; nothing to play.
  await importDialog(page);
  const bad = await convert(page, DIAGRAM.replace('ranks=5', 'ranks=many'));
  assert.match(bad, /0 variants converted, 1 not/);
  assert.match(await page.textContent('.import-dialog .import-refusals li'), /^line 3: ranks: /);
  assert.ok(await page.isDisabled('.import-dialog .import-play'));
  assert.equal(fetched.length, 1, 'the import module is fetched once for the page');
  assert.deepEqual(errors, []);
});

test('Import a variant in the single offline file, from disk', async (t) => {
  const { page, errors } = await browserPage(t);
  await page.goto(pathToFileURL(join(DIST, 'bigboard.html')).href);
  await ready(page);
  await importDialog(page);
  assert.match(await convert(page, await section('orda')), /1 variant converted\.$/);
  await page.click('.import-dialog .import-play');
  await page.waitForFunction(() => window.bigboardTest.variant() === 'orda');
  assert.deepEqual(errors, []);
});
