// Pieces a player can read: every fairy kind is a token drawn from its
// movement; the tokens of Overboard's 34 kinds differ pixel for pixel; a
// piece the mouse rests on shows its name, notation and moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVariant, open, pixelAt } from './support.mjs';

/** Each kind of the variant played drawn at `px` pixels, as RGBA bytes, in the page. */
function renderKinds(page, px, color, flipped = false) {
  return page.evaluate(
    ([px, color, flipped]) =>
      window.bigboardTest.pieces().map((p) => {
        const c = document.createElement('canvas');
        c.width = c.height = px;
        window.bigboardTest.drawPiece(c, p.kind, color, flipped);
        return { name: p.name, data: Array.from(c.getContext('2d').getImageData(0, 0, px, px).data) };
      }),
    [px, color, flipped],
  );
}

/** The share of pixels that differ plainly (a channel by more than 64) between two renderings. */
function difference(a, b) {
  let differ = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) > 64 || Math.abs(a[i + 1] - b[i + 1]) > 64 || Math.abs(a[i + 2] - b[i + 2]) > 64 || Math.abs(a[i + 3] - b[i + 3]) > 64) differ++;
  }
  return differ / (a.length / 4);
}

test("Overboard's 34 kinds: every token differs from every other by its pixels, for both sides, at 48 px", async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'overboard');
  for (const color of [0, 1]) {
    const kinds = await renderKinds(page, 48, color);
    assert.equal(kinds.length, 34);
    let least = { share: 1, pair: '' };
    for (let i = 0; i < kinds.length; i++) {
      for (let j = i + 1; j < kinds.length; j++) {
        const share = difference(kinds[i].data, kinds[j].data);
        if (share < least.share) least = { share, pair: `${kinds[i].name} / ${kinds[j].name}` };
      }
    }
    console.log(`measure: Overboard tokens (${color === 0 ? 'White' : 'Black'}, 48 px): the closest pair, ${least.pair}, differs in ${(least.share * 100).toFixed(1)}% of its pixels`);
    assert.ok(least.share >= 0.02, `${least.pair} differ in only ${(least.share * 100).toFixed(1)}% of their pixels`);
  }
  assert.deepEqual(errors, []);
});

test('a piece the mouse rests on shows its name, notation and its moves from its square', async (t) => {
  const { page, errors } = await open(t);
  await chooseVariant(page, 'xhess');
  // A black Horseman while White is to move: its moves as if it were Black's turn.
  const [e7, e6] = await page.evaluate(() => [window.bigboardTest.squareCenter('e7'), window.bigboardTest.squareCenter('e6')]);
  const plain = await pixelAt(page, e6.x, e6.y);
  await page.mouse.move(e7.x, e7.y);
  await page.waitForSelector('.piece-tip:not([hidden])');
  assert.match(await page.textContent('.piece-tip'), /^Horseman \(H\)\n/);
  await page.waitForTimeout(60);
  assert.deepEqual(await pixelAt(page, e6.x, e6.y), [0x04, 0x42, 0x0e], `a move dot on e6 (was ${plain})`);
  // Moving away hides it.
  await page.mouse.move(5, 5);
  await page.waitForSelector('.piece-tip', { state: 'hidden' });
  await page.waitForTimeout(60);
  assert.deepEqual(await pixelAt(page, e6.x, e6.y), plain);
  assert.deepEqual(errors, []);
});
