import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resignation } from '../game/ending';
import { GameLibrary, LIBRARY_KEY, decodeLibrary, encodeLibrary, storageProblem } from './library';
import { STORAGE_KEY, encodeSaved, type SavedGame } from './storage';

const game: SavedGame = {
  variant: 'xhess',
  startFen: 'r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w - - 0 1',
  moves: ['e4e5', 'e7e6'],
  mode: 'white-ai',
  level: 3,
  orientation: 'white',
  autoFlip: false,
  ending: null,
};

/** A Storage stand-in; `full` makes writes fail as a full store does. */
function memory() {
  const map = new Map<string, string>();
  const s = {
    map,
    full: false,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (s.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
  return s;
}

let clock = 1000;
const tick = () => ++clock;

describe('the saved games', () => {
  test('games are added, kept, listed latest first, and read back by a new page', () => {
    const store = memory();
    const lib = new GameLibrary(store, tick);
    const a = lib.put(null, game, '*');
    const b = lib.put(null, { ...game, variant: 'flee', moves: [] }, '*');
    assert.notEqual(a, b);
    assert.equal(lib.current()?.id, b);
    lib.put(a, { ...game, moves: [...game.moves, 'b3b7'], ending: resignation(1) }, '1-0');
    assert.deepEqual(lib.list().map((e) => e.id), [a, b]);
    assert.equal(lib.current()?.id, a);
    const again = new GameLibrary(store, tick);
    assert.deepEqual(again.list(), lib.list());
    assert.equal(again.current()?.id, a);
    assert.deepEqual(again.get(a)?.game.ending, resignation(1));
    assert.equal(again.get(a)?.result, '1-0');
  });

  test('rename, remove and restore', () => {
    const lib = new GameLibrary(memory(), tick);
    const a = lib.put(null, game, '*');
    assert.ok(lib.rename(a, '  Friday game  '));
    assert.equal(lib.get(a)?.name, 'Friday game');
    assert.equal(lib.rename('nope', 'x'), false);
    const gone = lib.remove(a);
    assert.equal(gone?.id, a);
    assert.equal(lib.get(a), null);
    assert.equal(lib.current(), null);
    lib.restore(gone!);
    assert.equal(lib.get(a)?.name, 'Friday game');
    assert.equal(lib.remove('nope'), null);
  });

  test('the one game kept before there was a list becomes its first entry', () => {
    const store = memory();
    store.map.set(STORAGE_KEY, encodeSaved(game));
    const lib = new GameLibrary(store, tick);
    assert.deepEqual(lib.current()?.game, game);
    assert.ok(store.map.has(LIBRARY_KEY));
    assert.equal(store.map.has(STORAGE_KEY), false);
  });

  test('a full store is told, and the games stay in memory until a write succeeds', () => {
    const store = memory();
    const lib = new GameLibrary(store, tick);
    lib.put(null, game, '*');
    store.full = true;
    const b = lib.put(null, game, '*');
    assert.match(lib.problem ?? '', /storage for this page is full: delete some saved games, or export this one/);
    assert.equal(lib.list().length, 2);
    store.full = false;
    lib.put(b, game, '*');
    assert.equal(lib.problem, null);
    assert.equal(new GameLibrary(store, tick).list().length, 2);
    assert.match(storageProblem(new Error('denied')), /refused to store it \(denied\)/);
  });

  test('unreadable data: a bad entry is dropped, the others kept; nonsense is an empty list', () => {
    const lib = decodeLibrary(encodeLibrary({ current: 'a', games: [] }));
    assert.deepEqual(lib, { current: null, games: [] });
    const good = { id: 'a', name: '', created: 1, updated: 2, result: '*', game };
    const text = JSON.stringify({
      version: 1,
      current: 'a',
      games: [good, { ...good, id: 'b', result: '2-0' }, { ...good, id: 'c', game: { ...game, level: 12 } }, { ...good, id: '' }, 7, good],
    });
    const read = decodeLibrary(text);
    assert.deepEqual(read.games.map((g) => g.id), ['a']);
    assert.equal(read.current, 'a');
    for (const bad of [null, 'x', '[]', '{"version":2,"games":[]}', '{"version":1,"games":{}}']) {
      assert.deepEqual(decodeLibrary(bad), { current: null, games: [] }, String(bad));
    }
  });
});
