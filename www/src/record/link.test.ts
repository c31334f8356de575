import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkFragment, readFragment } from './link';

test('a game link reads back the same game', () => {
  const games = [
    { variant: 'xhess', fen: null, moves: [] },
    { variant: 'really-big-board', fen: null, moves: ['e2e6', 'e15e11', 'h1h1', 'e15e16=W'] },
    { variant: 'flee', fen: '4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 b - - 3 42', moves: ['e16e15'] },
    { variant: 'overboard', fen: '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1', moves: ['e11e12=SQ'] },
    { variant: 'uc-170-17', fen: null, moves: ['e1d2+@a1+@h2', 'c6d5'], seed: 42 },
  ];
  for (const g of games) {
    const hash = linkFragment(g);
    assert.ok(hash.startsWith('#variant='), hash);
    assert.ok(!/[ "<>]/.test(hash), `nothing to escape in a URL: ${hash}`);
    assert.deepEqual(readFragment(hash), g);
    assert.deepEqual(readFragment(new URL(`https://example.org/play/${hash}`).hash), g);
  }
});

test('a fragment without a variant holds no game', () => {
  assert.equal(readFragment(''), null);
  assert.equal(readFragment('#'), null);
  assert.equal(readFragment('#moves=e2e4'), null);
  assert.equal(readFragment('#section-2'), null);
});

test('a seed that is no whole number is left out', () => {
  assert.equal(readFragment('#variant=uc-170-17&seed=4x2')?.seed, undefined);
  assert.equal(readFragment('#variant=uc-170-17&seed=-3')?.seed, undefined);
  assert.equal(readFragment('#variant=uc-170-17&seed=0')?.seed, 0);
});
