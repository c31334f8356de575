// Moves you can see: a move slides in about 150 ms while the game has it at
// once, not with reduced motion or a dropped piece; AI vs AI at a chosen
// pace, paused and stepped (the app and the element).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserPage, chooseVariant, clickMove, dragMove, fen, history, open } from './support.mjs';

const motion = (page) => page.evaluate(() => window.bigboardTest.motion());

/** Colours at the centres of `squares`, sampled every frame for `ms`, in the page. */
function sampleFrames(page, squares, ms) {
  return page.evaluate(
    ([names, ms]) => {
      const c = document.getElementById('board');
      const ctx = c.getContext('2d');
      const points = names.map((n) => window.bigboardTest.squareCenter(n));
      window.samples = [];
      const end = performance.now() + ms;
      const frame = () => {
        const r = c.getBoundingClientRect();
        const k = c.width / r.width;
        window.samples.push(points.map((p) => [...ctx.getImageData(Math.floor((p.x - r.left) * k), Math.floor((p.y - r.top) * k), 1, 1).data.slice(0, 3)].join()));
        if (performance.now() < end) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    [squares, ms],
  );
}

test('a move slides from its square to its target; the game has it at once; none with reduced motion or a drop', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  const before = await motion(page);
  // The Cannon b3 takes on b7: it passes over the empty b5 and b6.
  await sampleFrames(page, ['b5', 'b6'], 500);
  await page.waitForTimeout(50);
  const plain = await page.evaluate(() => window.samples[0]);
  await clickMove(page, 'b3', 'b7');
  // The position is the new one before the drawing ends.
  assert.deepEqual((await history(page)).coord, ['b3b7']);
  await page.waitForTimeout(600);
  const after = await motion(page);
  assert.equal(after.started, before.started + 1);
  assert.ok(after.frames - before.frames >= 3, `frames drawn while it slid: ${after.frames - before.frames}`);
  const samples = await page.evaluate(() => window.samples);
  assert.ok(
    samples.some((s) => s[0] !== plain[0] || s[1] !== plain[1]),
    `the piece was seen on b5 or b6 on its way (${samples.length} frames sampled)`,
  );
  assert.deepEqual(samples.at(-1), plain, 'and those squares are plain again after');

  // A dragged piece is already there: nothing slides.
  await dragMove(page, 'a8', 'b7');
  await page.waitForFunction(() => window.bigboardTest.history().coord.length === 2);
  assert.equal((await motion(page)).started, after.started);

  // Reduced motion: the move is shown at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const position = await fen(page);
  await clickMove(page, 'e3', 'd5');
  assert.notEqual(await fen(page), position);
  await page.waitForTimeout(200);
  assert.equal((await motion(page)).started, after.started);
  assert.deepEqual(errors, []);
});

/**
 * Times (ms) at which the move count changed, watched in the page for `ms`
 * (of the app, or of element `#id`): read as the page redraws its move list
 * or turn line (a mutation observer), so a loaded machine's late timers do
 * not shift them.
 */
function watchPlies(page, ms, id = null) {
  return page.evaluate(
    ([ms, id]) =>
      new Promise((done) => {
        const count = () => (id === null ? window.bigboardTest.history() : document.getElementById(id).history())?.coord.length ?? 0;
        const times = [];
        let last = count();
        const start = performance.now();
        const seen = () => {
          const n = count();
          if (n !== last) times.push({ at: performance.now() - start, plies: n });
          last = n;
        };
        const observer = new MutationObserver(seen);
        const root = id === null ? document.getElementById('moves') : document.getElementById(id).shadowRoot;
        observer.observe(root, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          done(times);
        }, ms);
      }),
    [ms, id],
  );
}

test('AI vs AI at a chosen pace; Pause holds it, Step plays one move, Play goes on', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'flee');
  await page.selectOption('#level', '1');
  await page.selectOption('#mode', 'ai-ai');
  await page.selectOption('#pace', '500');
  const times = await watchPlies(page, 2400);
  assert.ok(times.length >= 3, JSON.stringify(times));
  for (let i = 1; i < times.length; i++) assert.ok(times[i].at - times[i - 1].at >= 450, `moves ${JSON.stringify(times)} at least 0.5 s apart`);

  await page.click('#stop');
  assert.equal(await page.textContent('#stop'), 'Pause');
  await page.waitForSelector('#step:not([disabled])');
  const held = (await history(page)).coord.length;
  await page.waitForTimeout(1200);
  assert.equal((await history(page)).coord.length, held, 'paused');
  await page.click('#step');
  await page.waitForFunction((n) => window.bigboardTest.history().coord.length === n + 1, held);
  await page.waitForTimeout(1200);
  assert.equal((await history(page)).coord.length, held + 1, 'one move, then paused again');
  await page.click('#resume');
  await page.waitForFunction((n) => window.bigboardTest.history().coord.length >= n + 3, held, { timeout: 20000 });
  await page.selectOption('#mode', 'hotseat');
  assert.deepEqual(errors, []);
});

test('the element: AI vs AI at its pace attribute, with Pause and Step', async (t) => {
  const { page, errors, server } = await browserPage(t, { viewport: { width: 900, height: 900 }, timeout: 15000 });
  await page.goto(`${server.url}embed-example.html`);
  await page.evaluate(() => {
    const game = document.createElement('bigboard-game');
    game.id = 'watch';
    for (const [k, v] of Object.entries({ variant: 'xhess', mode: 'ai-vs-ai', 'ai-level': '1', pace: '0.4', controls: 'pause,step' })) game.setAttribute(k, v);
    document.body.prepend(game);
  });
  const plies = () => document.getElementById('watch').history()?.coord.length ?? 0;
  const times = await watchPlies(page, 2000, 'watch');
  assert.ok(times.length >= 3, JSON.stringify(times));
  for (let i = 1; i < times.length; i++) assert.ok(times[i].at - times[i - 1].at >= 350, JSON.stringify(times));
  const game = page.locator('#watch');
  await game.locator('button.control-pause').click();
  await game.locator('button.control-pause', { hasText: 'Play' }).waitFor();
  const held = await page.evaluate(plies);
  await page.waitForTimeout(900);
  assert.equal(await page.evaluate(plies), held);
  await game.locator('button.control-step').click();
  await page.waitForFunction((n) => document.getElementById('watch').history().coord.length === n + 1, held);
  await page.waitForTimeout(900);
  assert.equal(await page.evaluate(plies), held + 1);
  await game.locator('button.control-pause').click();
  await page.waitForFunction((n) => document.getElementById('watch').history().coord.length >= n + 3, held);
  assert.deepEqual(errors, []);
});
