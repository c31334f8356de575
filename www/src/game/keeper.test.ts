import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameKeeper, type Snapshot } from './keeper';

const live: Snapshot = {
  variant: 'xhess',
  definition: null,
  startFen: 'r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w - - 0 1',
  moves: ['e4e5', 'e7e6'],
  mode: 'hotseat',
  level: 3,
  orientation: 'white',
  autoFlip: false,
  ending: null,
};
const fresh: Snapshot = { ...live, variant: 'flee', startFen: '4k11/16 w - - 0 1', moves: [] };

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as Storage;
}

test('a new game keeps the one before in the list, and Undo brings it back', () => {
  const k = new GameKeeper(memory());
  k.save(live, '*');
  const first = k.currentId;
  assert.ok(k.replacing(live, false));
  k.save(fresh, '*');
  assert.notEqual(k.currentId, first);
  assert.equal(k.library?.list().length, 2, 'both games are in the list');
  assert.ok(k.canBringBack);
  assert.deepEqual(k.bringBack(), live);
  assert.equal(k.currentId, first);
  assert.equal(k.library?.list().length, 1, "the new game's empty entry went");
  assert.equal(k.canBringBack, false);
});

test('an empty game is replaced, not kept; Undo still brings back the last game with moves', () => {
  const k = new GameKeeper(memory());
  k.save(live, '*');
  k.replacing(live, false);
  k.save(fresh, '*');
  assert.equal(k.replacing(fresh, true), false);
  k.save({ ...fresh, variant: 'overboard' }, '*');
  assert.equal(k.library?.list().length, 2);
  assert.deepEqual(k.bringBack(), live);
});

test('resume switches entries and drops an empty live one; without storage, Undo of a new game still works', () => {
  const k = new GameKeeper(memory());
  k.save(live, '*');
  const first = k.currentId!;
  k.replacing(live, false);
  k.save(fresh, '*');
  assert.equal(k.resume(first, true)?.game.moves.length, 2);
  assert.equal(k.library?.list().length, 1);
  assert.equal(k.canBringBack, false);
  assert.equal(k.resume('gone', false), null);

  const bare = new GameKeeper(null);
  assert.equal(bare.save(live, '*'), null);
  assert.ok(bare.replacing(live, false));
  assert.deepEqual(bare.bringBack(), live);
  assert.equal(bare.library, null);
});

test('a saved game that does not replay is kept as it was; the live game is saved in a new entry', () => {
  const store = memory();
  const before = new GameKeeper(store);
  before.save(live, '*');
  const id = before.currentId!;
  const text = store.getItem('bigboard.games');
  const k = new GameKeeper(store);
  assert.equal(k.restore()?.moves.length, 2);
  k.cannotRestore('move 2 (e7e6): the game is over');
  assert.equal(k.currentId, null);
  k.save(fresh, '*');
  assert.notEqual(k.currentId, id);
  const games = JSON.parse(store.getItem('bigboard.games')!).games;
  assert.deepEqual(games.find((g: { id: string }) => g.id === id), JSON.parse(text!).games[0]);
  assert.deepEqual(k.library?.unreadable().map((u) => u.why), ['move 2 (e7e6): the game is over']);
});

test("a game of the player's own variant is saved with its definition and restored by the next page", () => {
  const store = memory();
  const own: Snapshot = { ...live, variant: 'orda', definition: 'id = "orda"\nname = "Orda"\n', variantName: 'Orda', startFen: '8/8 w - - 0 1', moves: ['e2e4'] };
  const k = new GameKeeper(store);
  assert.equal(k.save(own, '*'), null);
  const id = k.currentId;
  k.replacing(own, false);
  k.save(live, '*');
  const e = k.library?.get(id!);
  assert.deepEqual(e?.definition, { name: 'Orda', text: own.definition });
  assert.equal(e?.game.variant, 'orda');
  k.resume(id!, false);
  assert.deepEqual(new GameKeeper(store).restore(), own);
  // A built-in variant's game has none.
  k.resume(k.library!.list().find((g) => g.id !== id)!.id, false);
  assert.deepEqual(new GameKeeper(store).restore(), { ...live, definition: null });
});
