// UC-170-17's effects on the board, each from a position text: a man's
// moves looked at (the tip's words and the badges on the men they would
// touch) and a move played by clicking (the men it touched ringed and
// badged where they stand, the men it removed crossed out, the marks
// spreading once unless the system asks for reduced motion): a swap, a
// change of side (Andernach), a rebirth (Circe), an Einstein demotion and
// promotion, a freeze.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickSquare, fen, open, pixelAt } from './support.mjs';

/** The home squares of the rebirth tests (as in tests/circe.rs): the Blue Knight's is b8. */
const HOME = 'home={ch}n{sc}qk{gr}{fc}{ror}/{scp}{np}{ep}{xj}{st}{sgp}{bp}p/P{BP}{SGP}{ST}{XJ}{EP}{NP}{SCP}/{ROR}{FC}{GR}QK{SC}N{CH}';

/** Each badge's disc (effect-marks.ts). */
const DISC = {
  swapped: [0x00, 0x65, 0x6e],
  promoted: [0x13, 0x6b, 0x2c],
  demoted: [0xa3, 0x47, 0x00],
  reborn: [0xa0, 0x13, 0x5f],
  frozen: [0x0b, 0x3d, 0x91],
};

const near = (c, want) => c.every((x, i) => Math.abs(x - want[i]) < 14);

/** Opens the game of position text `text` (a game link) and waits for it. */
async function openFen(page, text) {
  const before = await fen(page);
  await page.evaluate((f) => (location.hash = new URLSearchParams({ variant: 'uc-170-17', fen: f }).toString()), text);
  await page.waitForFunction((f) => window.bigboardTest.variant() === 'uc-170-17' && window.bigboardTest.fen() !== f, before);
  await page.waitForTimeout(50);
}

/** The pixel of badge place `i` of square `name`, `dx`, `dy` badge radii off its centre (clear of its sign). */
async function badge(page, name, i, dx = 0, dy = 0.8) {
  const c = await page.evaluate(([n, j]) => window.bigboardTest.badgeCenter(n, j), [name, i]);
  const r = 0.15 * (await page.evaluate(() => window.bigboardTest.squareCss()));
  return pixelAt(page, c.x + dx * r, c.y + dy * r);
}

/** Plays `from`-`to` by clicking and waits until its marks have stopped spreading. */
async function play(page, from, to) {
  const n = (await page.evaluate(() => window.bigboardTest.history())).coord.length;
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForFunction((k) => window.bigboardTest.history().coord.length === k + 1, n);
  await page.waitForTimeout(1000);
}

/** The tip of the man on `name`, shown by the mouse resting on it. */
async function tip(page, name) {
  const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
  await page.mouse.move(c.x, c.y);
  await page.waitForSelector('.piece-tip:not([hidden])');
  const text = await page.textContent('.piece-tip');
  await page.mouse.move(5, 5);
  await page.waitForSelector('.piece-tip', { state: 'hidden' });
  return text.split('\n');
}

test('a swap: the tip and a badge on the partner before; after, the partner ringed and badged on the mover\'s square', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openFen(page, '4k3/8/3r4/8/3{SWP}4/8/8/4K3 w - - 0 1');
  assert.ok((await tip(page, 'd4')).includes('from here its moves also swap with d6'));
  assert.ok(!near(await badge(page, 'd6', 0), DISC.swapped), 'no badge before the man is looked at');
  await clickSquare(page, 'd4');
  await page.waitForTimeout(50);
  assert.ok(near(await badge(page, 'd6', 0), DISC.swapped), `d6 badged: ${await badge(page, 'd6', 0)}`);
  await clickSquare(page, 'd4');
  // The swap is played by clicking its square (the engine writes it d4<>d6).
  const animated = await page.evaluate(() => window.bigboardTest.effectsAnimated());
  await play(page, 'd4', 'd6');
  assert.deepEqual((await page.evaluate(() => window.bigboardTest.history())).coord, ['d4<>d6']);
  assert.match((await fen(page)).split(' ')[0], /3\{SWP\}4\/8\/3r4/, 'the Rook on d4, the Swapper on d6');
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'swapped', at: 'd6', to: 'd4' }]);
  assert.ok(near(await badge(page, 'd4', 0), DISC.swapped), `d4 badged: ${await badge(page, 'd4', 0)}`);
  assert.equal(await page.evaluate(() => window.bigboardTest.effectsAnimated()), animated + 1, 'the marks spread once');
  assert.deepEqual(errors, []);
});

test('a change of side (Andernach): the leapt Rook turned, half black half white badge where it stands', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openFen(page, '4k3/8/8/3r4/3{AGH}4/8/8/4K3 w - - 0 1');
  assert.ok((await tip(page, 'd4')).includes('from here its moves also turn d5 to the other side'));
  await play(page, 'd4', 'd6');
  assert.match((await fen(page)).split(' ')[0], /3R4/, "the Rook is White's");
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'side', at: 'd5', to: 'd5' }]);
  // The badge's halves: black on the left, white on the right.
  assert.ok(near(await badge(page, 'd5', 0, -0.45, 0.6), [0, 0, 0]), `${await badge(page, 'd5', 0, -0.45, 0.6)}`);
  assert.ok(near(await badge(page, 'd5', 0, 0.45, 0.6), [255, 255, 255]), `${await badge(page, 'd5', 0, 0.45, 0.6)}`);
  assert.deepEqual(errors, []);
});

test('a rebirth (Circe): the tip names where the leapt Knight goes; after, it is badged on its home square', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  await openFen(page, `k7/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1 ${HOME}`);
  assert.ok((await tip(page, 'd3')).includes('from here its moves also send men to their rebirth squares: d5 → b8'));
  // Looked at, the rebirth square carries the badge (the man is still on d5).
  await clickSquare(page, 'd3');
  await page.waitForTimeout(50);
  assert.ok(near(await badge(page, 'b8', 0), DISC.reborn), `b8 badged: ${await badge(page, 'b8', 0)}`);
  await clickSquare(page, 'd3');
  await play(page, 'd3', 'd6');
  assert.match((await fen(page)).split(' ')[0], /^kn6\//, 'the Knight on b8');
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'reborn', at: 'd5', to: 'b8' }]);
  assert.ok(near(await badge(page, 'b8', 0), DISC.reborn), `b8 badged: ${await badge(page, 'b8', 0)}`);
  assert.deepEqual(errors, []);
});

test('Einstein: a quiet hop demotes the leapt Rook to a Knight, a hop that takes promotes the leapt Knight to a Rook', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 } });
  // The kinds on the board: Queen, Rook, Knight (and the Grasshopper, lower).
  await openFen(page, '4k3/8/8/3r4/3{EGH}4/7n/8/Q3K3 w - - 0 1');
  assert.ok((await tip(page, 'd4')).includes('from here its moves also demote d5 (a step down the value ladder)'));
  await play(page, 'd4', 'd6');
  assert.match((await fen(page)).split(' ')[0], /\/3n4\//, 'a Blue Knight on d5');
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'demoted', at: 'd5', to: 'd5' }]);
  assert.ok(near(await badge(page, 'd5', 0), DISC.demoted), `d5 badged: ${await badge(page, 'd5', 0)}`);
  await openFen(page, '4k3/8/3p4/3n4/3{EGH}4/7r/8/4K3 w - - 0 1');
  assert.ok((await tip(page, 'd4')).includes('from here its moves also promote d5 (a step up the value ladder)'));
  await play(page, 'd4', 'd6');
  assert.match((await fen(page)).split(' ')[0], /\/3r4\//, 'a Blue Rook on d5');
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'promoted', at: 'd5', to: 'd5' }]);
  assert.ok(near(await badge(page, 'd5', 0), DISC.promoted), `d5 badged: ${await badge(page, 'd5', 0)}`);
  assert.deepEqual(errors, []);
});

test('an Immobilizer: the men its moves would freeze are told; after the move the Rook frozen is badged; no spreading with reduced motion', async (t) => {
  const { page, errors } = await open(t, { viewport: { width: 1600, height: 1000 }, contextOptions: { reducedMotion: 'reduce' } });
  await openFen(page, '4k3/8/4r3/8/3{IM}4/8/8/K7 w - - 0 1');
  assert.ok((await tip(page, 'd4')).includes('from here its moves also freeze e6, e8'));
  await play(page, 'd4', 'd5');
  assert.deepEqual(await page.evaluate(() => window.bigboardTest.effects()), [{ kind: 'frozen', at: 'e6', to: 'e6' }]);
  assert.ok(near(await badge(page, 'e6', 0), DISC.frozen), `e6 badged: ${await badge(page, 'e6', 0)}`);
  assert.equal(await page.evaluate(() => window.bigboardTest.effectsAnimated()), 0, 'reduced motion: nothing spreads');
  assert.deepEqual(errors, []);
});

test('phone: a long press shows the tip of a man with effects inside the board\'s box, its long lines wrapped', async (t) => {
  const PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { deviceScaleFactor: 3, hasTouch: true, isMobile: true } };
  const { page, errors } = await open(t, PHONE);
  await openFen(page, `k7/8/4r3/3b4/7N/3{AECG}4/1{SWP}6/7K w - - 0 1 ${HOME}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const press = async (name, id) => {
    const c = await page.evaluate((n) => window.bigboardTest.squareCenter(n), name);
    const fire = (type) =>
      page.evaluate(
        ([p, k, ty]) =>
          document.getElementById('board').dispatchEvent(new PointerEvent(ty, { pointerId: k, pointerType: 'touch', isPrimary: true, button: 0, clientX: p.x, clientY: p.y, bubbles: true })),
        [c, id, type],
      );
    await fire('pointerdown');
    await page.waitForSelector('.piece-tip:not([hidden])');
    const box = await page.$eval('#board-wrap', (w) => w.getBoundingClientRect().toJSON());
    const tip = await page.$eval('.piece-tip', (e) => e.getBoundingClientRect().toJSON());
    const text = await page.textContent('.piece-tip');
    await fire('pointerup');
    return { box, tip, text };
  };
  for (const [name, id] of [['d3', 21], ['a8', 22], ['h1', 23]]) {
    const { box, tip, text } = await press(name, id);
    const at = `${name}: ${JSON.stringify({ box, tip })}`;
    assert.ok(tip.left >= box.left && tip.right <= box.right, at);
    assert.ok(tip.top >= box.top && tip.bottom <= box.bottom, at);
    if (name === 'd3') {
      assert.ok(text.includes('from here its moves also send men to their rebirth squares: d5 → g1'), text);
      // More lines on screen than written: the long ones wrap.
      const lineHeight = await page.$eval('.piece-tip', (e) => parseFloat(getComputedStyle(e).lineHeight) || 18);
      assert.ok(tip.height > text.split('\n').length * lineHeight, `${tip.height} px for ${text.split('\n').length} lines`);
    }
    await page.waitForSelector('.piece-tip', { state: 'hidden', timeout: 5000 });
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(errors, []);
});
