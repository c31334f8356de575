// Notation in and out on the app page: import of SAN and coordinates with
// numbers, comments, variations and result; export in SAN or coordinates,
// copied to the clipboard and downloaded; a game link opened in another
// browser context.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fen, history, importText, open, ready } from './support.mjs';

const exported = async (page, notation) => {
  await page.selectOption('#notation', notation);
  await page.click('#export');
  return page.inputValue('#pgn');
};

test('import reads SAN and coordinates; export writes either, to the clipboard and to a file', async (t) => {
  const { page, errors, context, server } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await importText(page, '[Variant "Xhess"]\n\n1. He5 {the centre} He6 2. Cxb7+?! (2. Hd4 Hd5) Hxb7 *');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 4);
  assert.deepEqual((await history(page)).coord, ['e4e5', 'e7e6', 'b3b7', 'a8b7']);
  assert.match(await page.textContent('#pgn-message'), /Imported: 4 moves/);
  const position = await fen(page);

  const san = await exported(page, 'san');
  assert.match(san, /^\[Event "Casual game"\]\n\[Site "bigboard"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]\n\[White "\?"\]\n\[Black "\?"\]\n\[Variant "xhess"\]\n\[Result "\*"\]\n\n1\. He5 He6 2\. Cxb7 Hxb7 \*\n$/);
  const coord = await exported(page, 'coord');
  assert.match(coord, /\n\n1\. e4e5 e7e6 2\. b3b7 a8b7 \*\n$/);

  // Coordinates without numbers, the result only: the same game.
  await importText(page, 'e4e5 e7e6 b3b7 a8b7 1/2-1/2');
  await page.waitForFunction(() => /Imported: 4 moves/.test(document.querySelector('#pgn-message').textContent));
  assert.equal(await fen(page), position);

  // A move the engine refuses: the game is unchanged and the message names it.
  await importText(page, '1. He5 He6 2. Qz9');
  await page.waitForFunction(() => /Import failed/.test(document.querySelector('#pgn-message').textContent));
  assert.match(await page.textContent('#pgn-message'), /move 3 \(Qz9\): move 'Qz9': no legal move has this notation/);
  assert.equal(await fen(page), position);

  await page.selectOption('#notation', 'san');
  await page.click('#copy-record');
  await page.waitForFunction(() => /clipboard/.test(document.querySelector('#pgn-message').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#pgn'));
  assert.match(await page.inputValue('#pgn'), /2\. Cxb7 Hxb7 \*\n$/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-record')]);
  assert.match(download.suggestedFilename(), /^xhess-\d{4}-\d\d-\d\d\.pgn$/);
  assert.equal(await readFile(await download.path(), 'utf8'), await page.inputValue('#pgn'));
  assert.deepEqual(errors, []);
});

test('a game link opens the same position and moves in another browser; a bad link is told', async (t) => {
  const { page, errors, context, server, browser } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const start = '15k/16/16/16/16/16/16/16/16/16/16/16/K15/6P1P7/16/7O8 w - - 0 1';
  await importText(page, `[Variant "really-big-board"]\n[FEN "${start}"]\n\n1. Oh1h1 Kp15`);
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  await page.click('#copy-link');
  await page.waitForFunction(() => /game link/.test(document.querySelector('#pgn-message').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#variant=really-big-board&fen=.+&moves=h1h1%2Cp16p15$/);

  // Another browser context: nothing shared but the link.
  const other = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const second = await other.newPage();
  await second.goto(link);
  await ready(second);
  assert.deepEqual((await history(second)).coord, ['h1h1', 'p16p15']);
  assert.equal((await history(second)).start_fen, start);
  assert.equal(await fen(second), await fen(page));
  assert.equal(await second.evaluate(() => location.hash), '', 'the fragment is dropped once read');
  // A reload goes on with the game, now saved.
  await second.reload();
  await ready(second);
  assert.deepEqual((await history(second)).coord, ['h1h1', 'p16p15']);

  // A link whose moves the engine refuses leaves the game as it was, and says why.
  await second.goto(`${server.url}#variant=xhess&moves=e4e5,z9z9`);
  await second.waitForFunction(() => /game link could not be opened/.test(document.querySelector('#status-line').textContent));
  assert.match(await second.textContent('#status-line'), /move 2 \(z9z9\)/);
  assert.deepEqual((await history(second)).coord, ['h1h1', 'p16p15']);
  await other.close();
  assert.deepEqual(errors, []);
});
