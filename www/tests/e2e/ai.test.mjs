// The AI in its Web Worker: replies, undo against it, Stop and Move now,
// and the page carrying on in hot-seat when the worker cannot start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVariant, clickMove, history, open, ready, status } from './support.mjs';

test('playing White against the AI at level 1: its reply arrives, undo takes back both', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'white-ai');
  await clickMove(page, 'b3', 'b7');
  // The AI (Black) answers from the worker.
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2, null, { timeout: 20000 });
  assert.equal((await status(page)).side, 0);
  assert.equal(await page.$eval('#ai-box', (b) => b.classList.contains('thinking')), false);

  await clickMove(page, 'e3', 'd5');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 4, null, { timeout: 20000 });
  await page.click('#undo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal((await status(page)).side, 0);
  // Redo gives back your move and the reply.
  await page.click('#redo');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 4);
  assert.equal((await status(page)).side, 0);
  assert.deepEqual(errors, []);
});

test('the AI shows its thinking; Move now plays the line found so far, Stop cancels', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'really-big-board');
  await page.selectOption('#level', '8');
  await page.selectOption('#mode', 'black-ai');
  // The AI plays White: it thinks (5 s at level 8) and reports depths.
  await page.waitForSelector('#ai-box.thinking');
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#ai-info').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#ai-text'), /White \(AI, level 8\) is thinking/);
  // The page stays responsive while the worker searches.
  const t0 = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  assert.ok(Date.now() - t0 < 1000);
  await page.click('#move-now');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 1, null, { timeout: 5000 });
  assert.equal((await status(page)).side, 1);

  // Now Black (you) moves, the AI thinks again, and Stop cancels it.
  await clickMove(page, 'e15', 'e13');
  await page.waitForSelector('#ai-box.thinking');
  await page.click('#stop');
  await page.waitForSelector('#ai-box:not(.thinking)');
  await page.waitForTimeout(300);
  assert.equal((await history(page)).coord.length, 2);
  assert.equal(await page.$eval('#resume', (b) => b.disabled), false);
  // Asked to play again, it does (level 1 is quick).
  await page.selectOption('#level', '1');
  await page.click('#resume');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 3, null, { timeout: 20000 });
  assert.deepEqual(errors, []);
});

test('AI vs AI plays on by itself', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'flee');
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'ai-ai');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length >= 4, null, { timeout: 30000 });
  await page.selectOption('#mode', 'hotseat');
  assert.deepEqual(errors, []);
});

test('when the worker cannot start, the game goes on in hot-seat and says so', async (t) => {
  const { page, errors } = await open(t);
  await page.route('**/worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  // A game against the AI starts its worker at once (it warms up while
  // the person thinks): the failure shows before any move.
  await page.selectOption('#mode', 'white-ai');
  await page.waitForFunction(() => /AI is unavailable/.test(document.querySelector('#status-line').textContent), null, {
    timeout: 10000,
  });
  assert.equal(await page.$eval('#mode', (s) => s.value), 'hotseat');
  // Both sides are played by hand now.
  await clickMove(page, 'b3', 'b7');
  await clickMove(page, 'a8', 'b7');
  assert.equal((await history(page)).coord.length, 2);
  // The page handles the failure: nothing uncaught, nothing in the console.
  assert.deepEqual(errors, []);
  await page.reload();
  await ready(page);
});

test('measurement: the AI searching in the browser worker (Xhess start, level 8)', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  await page.selectOption('#level', '8');
  await page.selectOption('#mode', 'black-ai');
  await page.waitForSelector('#ai-box.thinking');
  // The last depth reported before the move (5 s at level 8).
  let last = '';
  while ((await history(page)).coord.length === 0) {
    const text = await page.textContent('#ai-info');
    if (/^depth \d+/.test(text)) last = text;
    await page.waitForTimeout(100);
  }
  const m = /^depth (\d+) .* ([\d.]+[kM]?) nodes\/s/.exec(last);
  assert.ok(m !== null, `progress reported: ${last}`);
  console.log(`measure: browser AI, xhess start, level 8: depth ${m[1]}, ${m[2]} nodes/s`);
  assert.deepEqual(errors, []);
});

/** Where the side panel's controls are on screen. */
function controlBoxes(page) {
  return page.evaluate(() =>
    ['#variant', '#mode', '#new-game', '#undo', '#resign', '#hint', '#move-input', '#moves', '#stop'].map((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      // Where each begins (the move list grows downward as moves are added; that is no shift).
      return `${sel} ${Math.round(r.left)},${Math.round(r.top)}`;
    }),
  );
}

test('a steady layout: no control moves when the AI starts thinking, while it thinks, or when it has moved', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1280, height: 800 } });
  await chooseVariant(page, 'xhess');
  await page.selectOption('#level', '8');
  await page.selectOption('#mode', 'white-ai');
  await page.waitForTimeout(50);
  const before = await controlBoxes(page);
  await clickMove(page, 'b3', 'b7');
  await page.waitForSelector('#ai-box.thinking');
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#ai-info').textContent), null, { timeout: 20000 });
  assert.deepEqual(await controlBoxes(page), before, 'while the AI thinks');
  await page.click('#move-now');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2, null, { timeout: 5000 });
  await page.waitForSelector('#ai-box:not(.thinking)');
  assert.deepEqual(await controlBoxes(page), before, 'after its move');
  assert.deepEqual(errors, []);
});
