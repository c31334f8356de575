import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resignation } from './ending';
import { DEFINITIONS_KEY, DefinitionStore, textHash } from './definitions';
import { DEFINITIONS, GameLibrary, LIBRARY_KEY, WHOLE_LIST, decodeLibrary, encodeLibrary, storageProblem } from './library';
import { STORAGE_KEY, decodeSaved, encodeSaved, type SavedGame } from './storage';

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

  test('unreadable data: a bad entry is set aside as it was, the others kept; nonsense is an empty list saying why', () => {
    const lib = decodeLibrary(encodeLibrary({ current: 'a', games: [], unreadable: [] }));
    assert.deepEqual([lib.current, lib.games, lib.unreadable, lib.problem], [null, [], [], null]);
    const good = { id: 'a', name: '', created: 1, updated: 2, result: '*', game };
    const bad = [{ ...good, id: 'b', result: '2-0' }, { ...good, id: 'c', name: 'mine', game: { ...game, level: 12 } }, { ...good, id: '' }, 7, good];
    const text = JSON.stringify({ version: 1, current: 'a', games: [good, ...bad] });
    const read = decodeLibrary(text);
    assert.deepEqual(read.games.map((g) => g.id), ['a']);
    assert.equal(read.current, 'a');
    assert.deepEqual(read.unreadable.map((u) => u.raw), bad);
    assert.deepEqual(read.unreadable.map((u) => u.name), ['', 'mine', '', '', '']);
    assert.deepEqual(read.unreadable.map((u) => u.why.split(' ').slice(0, 3).join(' ')), [
      'its result "2-0"',
      'its game has',
      'it has no',
      'it is not',
      'another saved game',
    ]);
    assert.deepEqual(JSON.parse(read.unreadable[1]!.text), bad[1]);
    // Written again, every entry is there as it was.
    assert.deepEqual(JSON.parse(encodeLibrary(read)), JSON.parse(text));
    for (const [nonsense, why] of [
      ['x', /not JSON/],
      ['[]', /not a list of games/],
      ['{"version":2,"games":[]}', /version 2, perhaps from a newer version/],
      ['{"version":1,"games":{}}', /not a list of games/],
    ] as const) {
      const r = decodeLibrary(nonsense);
      assert.deepEqual([r.current, r.games, r.unreadable], [null, [], []], nonsense);
      assert.match(r.problem ?? '', why, nonsense);
    }
  });

  test('an entry that does not decode is never written over or removed by the page, only by the player', () => {
    const store = memory();
    const good = { id: 'a', name: 'kept', created: 1, updated: 2, result: '*', game };
    const newer = { id: 'n', name: 'newer', created: 1, updated: 3, result: '*', game: { ...game, mode: 'analysis-board' }, extra: [1] };
    store.map.set(LIBRARY_KEY, JSON.stringify({ version: 1, current: 'n', games: [good, newer] }));
    const lib = new GameLibrary(store, tick);
    assert.equal(lib.current(), null);
    assert.deepEqual(lib.unreadable().map((u) => [u.name, u.raw]), [['newer', newer]]);
    // The page saves its new game, renames and deletes others: the unreadable entry stays as it was.
    const b = lib.put(null, game, '*');
    lib.rename('a', 'renamed');
    lib.remove(b);
    const games = () => JSON.parse(store.map.get(LIBRARY_KEY)!).games;
    assert.deepEqual(games().find((g: { id: string }) => g.id === 'n'), newer);
    assert.equal(new GameLibrary(store, tick).unreadable().length, 1);
    // The player deletes it, and may take that back.
    const u = lib.removeUnreadable(lib.unreadable()[0]!.key);
    assert.deepEqual(u?.raw, newer);
    assert.equal(games().some((g: { id: string }) => g.id === 'n'), false);
    lib.restoreUnreadable(u!);
    assert.deepEqual(games().find((g: { id: string }) => g.id === 'n'), newer);
    assert.equal(lib.removeUnreadable('nope'), null);
  });

  test('an entry with fields of a newer version is written back with them until the page changes it', () => {
    const store = memory();
    const a = { id: 'a', name: 'a', created: 1, updated: 2, result: '*', game: { ...game, clock: '5+3' }, colour: 'teal' };
    const b = { ...a, id: 'b', name: 'b' };
    store.map.set(LIBRARY_KEY, JSON.stringify({ version: 1, current: null, games: [a, b] }));
    const lib = new GameLibrary(store, tick);
    assert.deepEqual(lib.list().map((e) => e.id).sort(), ['a', 'b']);
    lib.put(null, game, '*');
    const games = () => JSON.parse(store.map.get(LIBRARY_KEY)!).games;
    assert.deepEqual(games().slice(0, 2), [a, b]);
    // Changed by this page: written as this page knows it.
    lib.rename('b', 'renamed');
    const written = games().find((g: { id: string }) => g.id === 'b');
    assert.equal(written.name, 'renamed');
    assert.equal(written.colour, undefined);
    assert.deepEqual(games()[0], a);
  });

  test('a game that does not replay is set aside as it was read, and the page goes on in a new entry', () => {
    const store = memory();
    const entry = { id: 'g', name: 'my game', created: 1, updated: 2, result: '*', game, future: 'a field of a newer version' };
    store.map.set(LIBRARY_KEY, JSON.stringify({ version: 1, current: 'g', games: [entry] }));
    const lib = new GameLibrary(store, tick);
    assert.equal(lib.current()?.id, 'g');
    const u = lib.markUnreadable('g', 'move 9 (g2i1): the game is over');
    assert.equal(u?.why, 'move 9 (g2i1): the game is over');
    assert.equal(lib.current(), null);
    assert.equal(lib.get('g'), null);
    assert.equal(lib.markUnreadable('g', 'again'), null);
    const b = lib.put(null, { ...game, moves: [] }, '*');
    assert.notEqual(b, 'g');
    const kept = JSON.parse(store.map.get(LIBRARY_KEY)!);
    assert.equal(kept.current, b);
    assert.deepEqual(kept.games.find((g: { id: string }) => g.id === 'g'), entry);
  });

  test('a list this page cannot read is not written over: no game is saved until the player deletes it', () => {
    const store = memory();
    const text = '{"version":2,"games":[{"id":"x","shape":"new"}]}';
    store.map.set(LIBRARY_KEY, text);
    const lib = new GameLibrary(store, tick);
    assert.match(lib.problem ?? '', /saved games list could not be read \(it is of version 2.*\); it is kept as it is, and no game is saved until you delete it in Saved games/);
    assert.deepEqual(lib.unreadable().map((u) => [u.key, u.text]), [[WHOLE_LIST, text]]);
    const a = lib.put(null, game, '*');
    assert.match(lib.problem ?? '', /no game is saved/);
    assert.equal(store.map.get(LIBRARY_KEY), text);
    assert.equal(new GameLibrary(store, tick).unreadable()[0]?.text, text);
    // Deleted by the player: the games of the visit are saved from then on.
    assert.equal(lib.removeUnreadable(WHOLE_LIST)?.text, text);
    assert.equal(lib.problem, null);
    assert.deepEqual(new GameLibrary(store, tick).list().map((e) => e.id), [a]);
  });
});

describe("the saved games of the player's own variants", () => {
  const orda = { name: 'Orda', text: 'id = "orda"\nname = "Orda"\n# ... the rest of a long definition\n' };
  const other = { name: 'Orda', text: `${orda.text}# edited\n` };
  const ordaGame: SavedGame = { ...game, variant: 'orda', startFen: 'lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', moves: ['e2e4', 'e7e6'] };
  const stored = (store: ReturnType<typeof memory>) => JSON.parse(store.map.get(LIBRARY_KEY)!);
  const definitions = (store: ReturnType<typeof memory>) => JSON.parse(store.map.get(DEFINITIONS_KEY)!).definitions;

  test('a game keeps its definition: one copy of each text, named by its hash, read back by a new page', () => {
    const store = memory();
    const lib = new GameLibrary(store, tick);
    lib.put(null, game, '*');
    assert.equal(store.map.has(DEFINITIONS_KEY), false, 'no definitions store while no game needs one');
    const a = lib.put(null, ordaGame, '*', orda);
    const b = lib.put(null, { ...ordaGame, moves: [] }, '*', orda);
    const c = lib.put(null, ordaGame, '*', other);
    assert.deepEqual(definitions(store), { [textHash(orda.text)]: orda.text, [textHash(other.text)]: other.text });
    // The entry names the variant by id, name and definition: a page of an older build does not decode it, and keeps it as it is.
    const entry = stored(store).games.find((g: { id: string }) => g.id === a);
    assert.deepEqual(entry.game.variant, { id: 'orda', name: 'Orda', definition: textHash(orda.text) });
    assert.equal(decodeSaved(JSON.stringify({ ...entry.game, version: 1 })), null);
    const again = new GameLibrary(store, tick);
    assert.deepEqual(again.list(), lib.list());
    assert.deepEqual(again.get(a)?.definition, orda);
    assert.deepEqual(again.get(c)?.definition, other);
    assert.equal(again.get(a)?.game.variant, 'orda');
    assert.equal(again.current()?.id, c);
    assert.equal(again.definitionOf('orda'), other.text, 'the latest changed game of it');
    assert.equal(again.definitionOf('xhess'), null);
    // Renamed by the new page: the entry is written with its definition named again.
    again.rename(a, 'mine');
    assert.deepEqual(new GameLibrary(store, tick).get(a)?.definition, orda);
    // A definition no game names any more leaves the store; Undo of the deletion brings it back.
    const gone = again.remove(c)!;
    assert.deepEqual(Object.values(definitions(store)), [orda.text]);
    again.restore(gone);
    assert.equal(Object.keys(definitions(store)).length, 2);
    again.remove(a);
    again.remove(b);
    again.remove(c);
    assert.deepEqual(definitions(store), {});
    assert.deepEqual(new GameLibrary(store, tick).list().map((e) => e.game.variant), ['xhess']);
  });

  test('two texts of one hash are told apart', () => {
    const clash = DefinitionStore.decode(JSON.stringify({ version: 1, definitions: { [textHash(orda.text)]: 'another text' } }));
    assert.ok(clash instanceof DefinitionStore);
    const key = clash.keyOf(orda.text);
    assert.equal(key, `${textHash(orda.text)}-2`);
    assert.equal(clash.textOf(key), orda.text);
    assert.equal(clash.keyOf('another text'), textHash(orda.text));
    assert.notEqual(textHash(orda.text), textHash(other.text));
  });

  test('a game whose definition is missing is kept as it was, unreadable; the others are read', () => {
    const store = memory();
    const lib = new GameLibrary(store, tick);
    const a = lib.put(null, ordaGame, '*', orda);
    const b = lib.put(null, game, '*');
    const entry = stored(store).games.find((g: { id: string }) => g.id === a);
    store.map.set(DEFINITIONS_KEY, JSON.stringify({ version: 1, definitions: {} }));
    const again = new GameLibrary(store, tick);
    assert.deepEqual(again.list().map((e) => e.id), [b]);
    const [u] = again.unreadable();
    assert.match(u?.why ?? '', /^its variant's definition \(d[0-9a-z]+\) is not among the saved definitions$/);
    assert.deepEqual(u?.raw, entry);
    again.put(b, { ...game, moves: [] }, '*');
    assert.deepEqual(stored(store).games.find((g: { id: string }) => g.id === a), entry, 'written back as it was');
    assert.deepEqual(decodeLibrary(JSON.stringify({ version: 1, current: null, games: [entry] }), 'it is not JSON').unreadable[0]?.why, "its variant's definition is in the saved definitions, which could not be read (it is not JSON)");
    // A game that does not replay (its definition no longer loads) is set aside with the name of its definition.
    const c = again.put(null, ordaGame, '*', other);
    const set = again.markUnreadable(c, 'line 1: no such key');
    assert.deepEqual((set?.raw as { game: { variant: unknown } }).game.variant, { id: 'orda', name: 'Orda', definition: textHash(other.text) });
    again.put(b, game, '*');
    assert.equal(definitions(store)[textHash(other.text)], other.text, 'the definition of an unreadable game is kept');
  });

  test('a definitions store this page cannot read is not written over; no game is saved until the player deletes it', () => {
    const store = memory();
    const text = '{"version":2,"definitions":{"x":{"shape":"new"}}}';
    store.map.set(DEFINITIONS_KEY, text);
    const lib = new GameLibrary(store, tick);
    assert.match(lib.problem ?? '', /saved definitions of your own variants could not be read \(it is of version 2.*\); they are kept as they are, and no game is saved until you delete them in Saved games/);
    assert.deepEqual(lib.unreadable().map((u) => [u.key, u.text]), [[DEFINITIONS, text]]);
    const a = lib.put(null, ordaGame, '*', orda);
    assert.equal(store.map.get(DEFINITIONS_KEY), text);
    assert.equal(store.map.has(LIBRARY_KEY), false);
    assert.equal(lib.removeUnreadable(DEFINITIONS)?.text, text);
    assert.equal(lib.problem, null);
    assert.deepEqual(new GameLibrary(store, tick).get(a)?.definition, orda);
    lib.restoreUnreadable({ key: DEFINITIONS, name: '', why: '', text });
    assert.deepEqual(lib.unreadable(), []);
  });

  test('a full store is told; no list is written naming a definition the store lacks', () => {
    const store = memory();
    const lib = new GameLibrary(store, tick);
    lib.put(null, game, '*');
    const before = store.map.get(LIBRARY_KEY);
    store.full = true;
    const a = lib.put(null, ordaGame, '*', { name: 'Big', text: 'x'.repeat(40000) });
    assert.match(lib.problem ?? '', /storage for this page is full/);
    assert.equal(store.map.get(LIBRARY_KEY), before);
    assert.equal(store.map.has(DEFINITIONS_KEY), false);
    store.full = false;
    lib.put(a, ordaGame, '*', { name: 'Big', text: 'x'.repeat(40000) });
    assert.equal(lib.problem, null);
    assert.equal(new GameLibrary(store, tick).get(a)?.definition?.text.length, 40000);
  });

  test('a version 1 list of games of built-in variants is read and written as it was', () => {
    const store = memory();
    const text = JSON.stringify({ version: 1, current: 'a', games: [{ id: 'a', name: '', created: 1, updated: 2, result: '*', game }] });
    store.map.set(LIBRARY_KEY, text);
    const lib = new GameLibrary(store, tick);
    assert.equal(lib.current()?.definition, null);
    lib.select('a');
    assert.equal(store.map.get(LIBRARY_KEY), text);
    assert.equal(encodeLibrary(decodeLibrary(text)), text);
    assert.equal(store.map.has(DEFINITIONS_KEY), false);
  });
});
