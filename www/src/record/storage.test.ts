import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DRAW_AGREED, flagFall, resignation } from './ending';
import { decodeSaved, encodeSaved, type SavedGame } from './storage';

const saved: SavedGame = {
  variant: 'overboard',
  startFen: '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1',
  moves: ['e11e12=SQ', 'p16p15'],
  mode: 'black-ai',
  level: 8,
  orientation: 'black',
  autoFlip: true,
  ending: null,
};

describe('storage', () => {
  test('round trip', () => {
    assert.deepEqual(decodeSaved(encodeSaved(saved)), saved);
  });

  test('a resignation, an agreed draw or a fallen flag is kept with the game', () => {
    for (const ending of [resignation(1), resignation(0), DRAW_AGREED, flagFall(0, false)]) {
      const game = { ...saved, ending };
      assert.deepEqual(decodeSaved(encodeSaved(game)), game);
    }
  });

  test('a save without an ending, or with an unreadable one, restores the game with none', () => {
    const good = JSON.parse(encodeSaved(saved)) as Record<string, unknown>;
    delete good['ending'];
    assert.deepEqual(decodeSaved(JSON.stringify(good)), saved);
    for (const ending of [{ winner: 2, reason: 'x' }, { winner: 0, reason: '' }, { winner: 1 }, 'White resigns', 7]) {
      assert.deepEqual(decodeSaved(JSON.stringify({ ...good, ending })), saved, JSON.stringify(ending));
    }
  });

  test('nothing saved', () => {
    assert.equal(decodeSaved(null), null);
  });

  test('unreadable or wrong data is ignored', () => {
    const good = JSON.parse(encodeSaved(saved)) as Record<string, unknown>;
    const variants: unknown[] = [
      'not json',
      '[]',
      'null',
      { ...good, version: 2 },
      { ...good, variant: '' },
      { ...good, startFen: 3 },
      { ...good, moves: 'e2e4' },
      { ...good, moves: ['e2e4', 5] },
      { ...good, mode: 'online' },
      { ...good, level: 0 },
      { ...good, level: 9 },
      { ...good, level: 2.5 },
      { ...good, orientation: 'up' },
      { ...good, autoFlip: 'yes' },
    ];
    for (const v of variants) {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      assert.equal(decodeSaved(text), null, text);
    }
  });
});

test('a random setup\'s seed is kept; one that is no whole number is dropped, the game kept', () => {
  const g: SavedGame = { variant: 'uc-170-17', startFen: '8/8/8/8/8/8/8/4K3 w - - 0 1', moves: ['e1d2'], mode: 'hotseat', level: 3, orientation: 'white', autoFlip: false, ending: null, seed: 42 };
  assert.equal(decodeSaved(encodeSaved(g))?.seed, 42);
  const bad = decodeSaved(encodeSaved({ ...g, seed: 1.5 }));
  assert.notEqual(bad, null);
  assert.equal(bad?.seed, undefined);
});
