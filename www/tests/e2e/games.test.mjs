// No game lost by a slip: New game and another variant keep the game in
// progress (Undo brings it back), the Saved games list resumes, renames,
// exports and deletes (with undo), and a full storage is told.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVariant, clickMove, history, open, ready } from './support.mjs';

const coords = async (page) => (await history(page)).coord;
const rows = (page) =>
  page.$$eval('#games li.game', (lis) => lis.map((li) => ({ name: li.querySelector('.game-name, .game-rename')?.textContent ?? '', meta: li.querySelector('.game-meta').textContent, playing: li.classList.contains('playing') })));

test('New game and another variant keep the game; Undo brings it back; the saved games list', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await clickMove(page, 'b3', 'b7');
  await page.click('#new-game');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 0);
  assert.match(await page.textContent('#status-line'), /The game before is kept in Saved games; Undo brings it back/);
  assert.equal(await page.isDisabled('#undo'), false);
  await page.click('#undo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1);
  assert.deepEqual(await coords(page), ['b3b7']);

  // Another variant: the Xhess game stays in the list.
  await chooseVariant(page, 'flee');
  await clickMove(page, 'e2', 'e3');
  await page.$eval('#games-box', (d) => (d.open = true));
  await page.waitForSelector('#games li.game');
  let list = await rows(page);
  assert.equal(list.length, 1, 'this variant only');
  assert.ok(list[0].playing);
  assert.match(list[0].meta, /Two players · in progress · 1 move$/);
  await page.selectOption('#games-filter', 'all');
  list = await rows(page);
  assert.equal(list.length, 2);
  assert.match(list[1].meta, /^Xhess · /);

  // Rename the Xhess game, then resume it.
  const xhess = page.locator('#games li.game', { hasText: 'Xhess' });
  await xhess.locator('[data-action="rename"]').click();
  await page.fill('#games .game-rename', 'Friday game');
  await page.press('#games .game-rename', 'Enter');
  await page.waitForSelector('#games .game-name:text("Friday game")');
  await page.locator('#games li.game', { hasText: 'Friday game' }).locator('[data-action="resume"]').click();
  await page.waitForFunction(() => document.querySelector('#variant').value === 'xhess');
  assert.deepEqual(await coords(page), ['b3b7']);

  // Export the Flee game from the list; delete it, and undo the deletion.
  const flee = page.locator('#games li.game', { hasText: 'Flee' });
  await flee.locator('[data-action="export"]').click();
  assert.match(await page.inputValue('#pgn'), /\[Variant "flee"\][\s\S]*1\. ee3 \*\n$/);
  await flee.locator('[data-action="delete"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 1);
  assert.match(await page.textContent('#games-message'), /Deleted Flee/);
  await page.click('#games-message [data-action="undo-delete"]');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);

  // All of it survives a reload.
  await page.reload();
  await ready(page);
  assert.deepEqual(await coords(page), ['b3b7']);
  await page.$eval('#games-box', (d) => (d.open = true));
  await page.selectOption('#games-filter', 'all');
  await page.waitForFunction(() => document.querySelectorAll('#games li.game').length === 2);
  assert.equal((await rows(page))[0].name, 'Friday game');
  assert.deepEqual(errors, []);
});

test('a storage that refuses to write is told, until a save succeeds', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.evaluate(() => {
    const real = Storage.prototype.setItem;
    window.restoreStorage = () => (Storage.prototype.setItem = real);
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await clickMove(page, 'b3', 'b7');
  await page.waitForFunction(() => /not saved/.test(document.querySelector('#status-line').textContent));
  assert.match(await page.textContent('#status-line'), /This game is not saved: the browser's storage for this page is full: delete some saved games, or export this one\./);
  await page.evaluate(() => window.restoreStorage());
  await clickMove(page, 'a8', 'b7');
  await page.waitForFunction(() => !/not saved/.test(document.querySelector('#status-line').textContent));
  await page.reload();
  await ready(page);
  assert.deepEqual(await coords(page), ['b3b7', 'a8b7']);
  assert.deepEqual(errors, []);
});
