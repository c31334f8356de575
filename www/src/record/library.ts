// The saved games: every game the player has begun on this browser, kept
// in localStorage under one key, with a name, dates, a summary for the
// list (players, result, move count) and which one is being played. A new
// game or another variant starts a new entry and keeps the old one; a game
// leaves the list only when the player deletes it. A store that refuses to
// write (quota, private mode) is reported, never ignored.
//
// What this page cannot read (an entry of a newer build, a game its engine
// no longer replays, a list it does not understand) is kept as it is, shown
// as unreadable, and removed only by the player (docs/page-safety.md).
//
// A game of the player's own variant (neither built-in nor in the gallery)
// keeps its definition: the text once in the definitions store
// (`definitions.ts`), and in the entry its name there, with the variant's
// id and name, in place of the variant id: `"variant": {"id": "orda",
// "name": "Orda", "definition": "d1x2..."}`. A page of an older build does
// not decode that entry, so it keeps it as it is rather than rewrite it
// without its definition.
import { DEFINITIONS_KEY, DefinitionStore } from './definitions';
import type { PgnResult } from './result';
import { STORAGE_KEY, decodeSaved, type SavedGame } from './storage';

export const LIBRARY_KEY = 'bigboard.games';
const VERSION = 1;

/** The variant of a game of the player's own definition: its name and definition text. */
export interface OwnVariant {
  name: string;
  text: string;
}

/** One saved game. */
export interface Entry {
  id: string;
  /** The player's name for it; the variant and date until renamed. */
  name: string;
  /** Milliseconds since 1970: when it began, when it last changed. */
  created: number;
  updated: number;
  result: PgnResult;
  game: SavedGame;
  /** The variant's own definition, or null for a built-in or gallery variant (found again by its id). */
  definition: OwnVariant | null;
}

/** A saved game, or the whole list, that this page cannot read: kept as it is. */
export interface Unreadable {
  /** Names it on this page, unique among the unreadable ones (not stored). */
  key: string;
  /** The player's name for it, when it has one. */
  name: string;
  /** Why it cannot be read. */
  why: string;
  /** Its text as it is kept (JSON). */
  text: string;
  /** The list entry as it was read, written back unchanged; undefined for the whole list. */
  raw?: unknown;
}

/** The key of the unreadable item that stands for the whole list. */
export const WHOLE_LIST = 'list';
/** The key of the unreadable item that stands for the whole definitions store. */
export const DEFINITIONS = 'definitions';

export interface LibraryData {
  /** The entry being played, or null. */
  current: string | null;
  games: Entry[];
  /** The entries that do not decode, written back as they were read. */
  unreadable: Unreadable[];
}

/** The list as read from its text. */
export interface ReadLibrary extends LibraryData {
  /** Why the whole text is not a list this page reads (then it is empty), or null. */
  problem: string | null;
  /** Each readable entry as it was read, by id: what is kept should it turn out not to replay. */
  read: Map<string, unknown>;
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Where saved entries find their own variants' definitions: the store, or
 * why it could not be read (then no such entry decodes).
 */
export type Definitions = DefinitionStore | string;

/** The name in the definitions store that a stored entry refers to, or null. */
function definitionKey(raw: unknown): string | null {
  const variant = isRecord(raw) && isRecord(raw['game']) ? raw['game']['variant'] : null;
  return isRecord(variant) && typeof variant['definition'] === 'string' ? variant['definition'] : null;
}

/** The entry in `x`, or why it is not one. */
function decodeEntry(x: unknown, definitions: Definitions): Entry | string {
  if (!isRecord(x)) return 'it is not a saved game';
  const { id, name, created, updated, result, game } = x;
  if (typeof id !== 'string' || id === '') return 'it has no id';
  if (typeof name !== 'string') return 'its name is not text';
  if (typeof created !== 'number' || !Number.isFinite(created) || typeof updated !== 'number' || !Number.isFinite(updated)) return 'its dates are not numbers';
  if (typeof result !== 'string' || !RESULTS.includes(result)) return `its result ${JSON.stringify(result)} is not one of ${RESULTS.join(', ')}`;
  const fields = isRecord(game) ? { ...game } : {};
  let definition: OwnVariant | null = null;
  const variant = fields['variant'];
  if (isRecord(variant)) {
    // A variant of the player's own: its id, its name and its definition's name in the store.
    const { id: variantId, name: variantName, definition: key } = variant;
    if (typeof variantId !== 'string' || typeof variantName !== 'string' || typeof key !== 'string') return 'its variant is neither an id nor an id, a name and a definition';
    if (typeof definitions === 'string') return `its variant's definition is in the saved definitions, which could not be read (${definitions})`;
    const text = definitions.textOf(key);
    if (text === null) return `its variant's definition (${key}) is not among the saved definitions`;
    definition = { name: variantName, text };
    fields['variant'] = variantId;
  }
  const saved = decodeSaved(JSON.stringify({ ...fields, version: 1 }));
  if (saved === null) return 'its game has fields this version does not know (a mode, a level, a position…), perhaps from a newer version';
  return { id, name, created, updated, result: result as PgnResult, game: saved, definition };
}

/** Entry `e` as it is stored; its own variant's definition named as `definitions` names it. */
function encodeEntry(e: Entry, definitions: DefinitionStore): unknown {
  const { definition, ...entry } = e;
  if (definition === null) return entry;
  const variant = { id: e.game.variant, name: definition.name, definition: definitions.keyOf(definition.text) };
  return { ...entry, game: { ...e.game, variant } };
}

/** The stored entries of the list, and the names of the definitions they refer to. */
function storedEntries(data: LibraryData, asRead: ReadonlyMap<string, unknown>, definitions: DefinitionStore): { games: unknown[]; keys: string[] } {
  const games = [...data.games.map((e) => asRead.get(e.id) ?? encodeEntry(e, definitions)), ...data.unreadable.map((u) => u.raw)];
  const keys = games.map(definitionKey).filter((k): k is string => k !== null);
  return { games, keys };
}

/**
 * The list as text. An entry found in `asRead` (as it was read, while this
 * page has not changed it) is written as it was read, fields of a newer
 * version and all; an unreadable one always is. An own variant's
 * definition is named as `definitions` names it (added there when new).
 */
export function encodeLibrary(data: LibraryData, asRead: ReadonlyMap<string, unknown> = new Map(), definitions = new DefinitionStore()): string {
  const { games } = storedEntries(data, asRead, definitions);
  return JSON.stringify({ version: VERSION, current: data.current, games });
}

/**
 * The library in `text`, its own variants' definitions found in
 * `definitions`; an entry that does not decode is kept aside as
 * unreadable; empty when there is none.
 */
export function decodeLibrary(text: string | null, definitions: Definitions = new DefinitionStore()): ReadLibrary {
  const empty = (problem: string | null): ReadLibrary => ({ current: null, games: [], unreadable: [], problem, read: new Map() });
  if (text === null) return empty(null);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return empty('it is not JSON');
  }
  if (!isRecord(data) || !Array.isArray(data['games'])) return empty('it is not a list of games');
  if (data['version'] !== VERSION) return empty(`it is of version ${JSON.stringify(data['version'])}, perhaps from a newer version of the page; this one reads version ${VERSION}`);
  const out = empty(null);
  data['games'].forEach((g: unknown, i: number) => {
    let e = decodeEntry(g, definitions);
    if (typeof e !== 'string' && out.games.some((o) => o.id === (e as Entry).id)) e = 'another saved game has the same id';
    if (typeof e === 'string') {
      const name = isRecord(g) && typeof g['name'] === 'string' ? g['name'] : '';
      out.unreadable.push({ key: `entry-${i}`, name, why: e, text: JSON.stringify(g, null, 1), raw: g });
    } else {
      out.games.push(e);
      out.read.set(e.id, g);
    }
  });
  out.current = typeof data['current'] === 'string' && out.games.some((g) => g.id === data['current']) ? data['current'] : null;
  return out;
}

/** What the storage said when it refused to write, for the player. */
export function storageProblem(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') {
    return "the browser's storage for this page is full: delete some saved games, or export this one";
  }
  return `the browser refused to store it (${e instanceof Error ? e.message : String(e)})`;
}

/** The games kept in a Storage, with the one being played. */
export class GameLibrary {
  private data: LibraryData;
  /** Each entry as read, while this page has not changed it: written back as it was. */
  private read: Map<string, unknown>;
  /** The whole list's text, while it is one this page cannot read: nothing is written over it. */
  private blocked: Unreadable | null = null;
  /** The own variants' definitions, by name: those read, and those of games saved since. */
  private definitions: DefinitionStore;
  /** The definitions store's text, while it is one this page cannot read: nothing is written over it (nor the list). */
  private definitionsBlocked: Unreadable | null = null;
  private seq = 0;
  /** Why the last write failed, or null when it succeeded. */
  problem: string | null = null;

  constructor(
    private readonly store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    private readonly now: () => number = Date.now,
  ) {
    let text: string | null = null;
    let old: string | null = null;
    let definitionsText: string | null = null;
    try {
      text = store.getItem(LIBRARY_KEY);
      old = text === null ? store.getItem(STORAGE_KEY) : null;
      definitionsText = store.getItem(DEFINITIONS_KEY);
    } catch {
      // Storage unreadable: an empty list, and writes will say why they fail.
    }
    const definitions = DefinitionStore.decode(definitionsText);
    this.definitions = typeof definitions === 'string' ? new DefinitionStore() : definitions;
    if (typeof definitions === 'string' && definitionsText !== null) {
      this.definitionsBlocked = { key: DEFINITIONS, name: 'The saved definitions of your own variants', why: definitions, text: definitionsText };
    }
    const read = decodeLibrary(text, definitions);
    this.data = { current: read.current, games: read.games, unreadable: read.unreadable };
    this.read = read.read;
    if (read.problem !== null && text !== null) {
      this.blocked = { key: WHOLE_LIST, name: 'The saved games list', why: read.problem, text };
    }
    if (this.blocked !== null || this.definitionsBlocked !== null) this.problem = this.blockedProblem();
    // The one game kept before there was a list becomes its first entry.
    const single = decodeSaved(old);
    if (single !== null) {
      const id = this.newId();
      this.data = { current: id, games: [{ id, name: '', created: this.now(), updated: this.now(), result: '*', game: single, definition: null }], unreadable: [] };
      if (this.write()) {
        try {
          store.removeItem(STORAGE_KEY);
        } catch {
          // Left behind: it is read again only while the list is missing.
        }
      }
    }
  }

  private newId(): string {
    return `${this.now().toString(36)}-${(this.seq++).toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
  }

  private blockedProblem(): string {
    if (this.blocked !== null) return `the saved games list could not be read (${this.blocked.why}); it is kept as it is, and no game is saved until you delete it in Saved games`;
    return `the saved definitions of your own variants could not be read (${this.definitionsBlocked?.why}); they are kept as they are, and no game is saved until you delete them in Saved games`;
  }

  /**
   * Writes the definitions the list refers to (when they are not already
   * what is stored; those no entry names any more go), then the list;
   * false (with `problem` set) when the store refuses, or what is there is
   * one this page cannot read. The definitions go first: a list is never
   * written naming a definition the store lacks.
   */
  private write(): boolean {
    if (this.blocked !== null || this.definitionsBlocked !== null) {
      this.problem = this.blockedProblem();
      return false;
    }
    try {
      const { games, keys } = storedEntries(this.data, this.read, this.definitions);
      const definitions = this.definitions.encode(keys);
      const stored = this.store.getItem(DEFINITIONS_KEY);
      // Another tab may have written the store since: it is checked, not remembered.
      if (stored !== definitions && (stored !== null || keys.length > 0)) this.store.setItem(DEFINITIONS_KEY, definitions);
      this.store.setItem(LIBRARY_KEY, JSON.stringify({ version: VERSION, current: this.data.current, games }));
      this.problem = null;
      return true;
    } catch (e) {
      this.problem = storageProblem(e);
      return false;
    }
  }

  /** Every saved game, the latest changed first. */
  list(): Entry[] {
    return [...this.data.games].sort((a, b) => b.updated - a.updated);
  }

  get(id: string): Entry | null {
    return this.data.games.find((g) => g.id === id) ?? null;
  }

  /** The entry being played, or null. */
  current(): Entry | null {
    return this.data.current === null ? null : this.get(this.data.current);
  }

  /**
   * Saves `game` as entry `id` (a new entry when null or gone) and makes it
   * the one being played; returns its id. `definition` is its variant's
   * own, for a variant neither built-in nor in the gallery. `problem` says
   * when the store refused (the list in memory is kept all the same).
   */
  put(id: string | null, game: SavedGame, result: PgnResult, definition: OwnVariant | null = null): string {
    const t = this.now();
    let entry = id === null ? null : this.get(id);
    if (entry === null) {
      entry = { id: this.newId(), name: '', created: t, updated: t, result, game, definition };
      this.data.games.push(entry);
    } else {
      entry.game = game;
      entry.definition = definition;
      entry.result = result;
      entry.updated = t;
      this.read.delete(entry.id);
    }
    this.data.current = entry.id;
    this.write();
    return entry.id;
  }

  /** Makes `id` the one being played (or none); false when there is no such entry. */
  select(id: string | null): boolean {
    if (id !== null && this.get(id) === null) return false;
    this.data.current = id;
    this.write();
    return true;
  }

  rename(id: string, name: string): boolean {
    const e = this.get(id);
    if (e === null) return false;
    e.name = name.trim().slice(0, 100);
    this.read.delete(id);
    this.write();
    return true;
  }

  /** Removes `id`; returns the entry removed (to put back with `restore`), or null. */
  remove(id: string): Entry | null {
    const i = this.data.games.findIndex((g) => g.id === id);
    if (i < 0) return null;
    const [e] = this.data.games.splice(i, 1);
    if (this.data.current === id) this.data.current = null;
    this.write();
    return e ?? null;
  }

  /** Puts back an entry removed (undo of a deletion). */
  restore(e: Entry): void {
    if (this.get(e.id) === null) this.data.games.push(e);
    this.write();
  }

  /**
   * The definition of own variant `variantId` in the latest changed saved
   * game of it, or null: a record naming that variant is read with it.
   */
  definitionOf(variantId: string): string | null {
    return this.list().find((e) => e.definition !== null && e.game.variant === variantId)?.definition?.text ?? null;
  }

  /** What this page cannot read: the whole list, the definitions store, or entries of the list. */
  unreadable(): Unreadable[] {
    const whole = [this.blocked, this.definitionsBlocked].filter((u): u is Unreadable => u !== null);
    return [...whole, ...this.data.unreadable];
  }

  /**
   * Sets entry `id` aside as unreadable (its game does not replay: `why`),
   * to be written back as it was read; it is no longer the one played.
   * Returns the unreadable item, or null when there is no such entry.
   */
  markUnreadable(id: string, why: string): Unreadable | null {
    const i = this.data.games.findIndex((g) => g.id === id);
    if (i < 0) return null;
    const [e] = this.data.games.splice(i, 1);
    const raw = this.read.get(id) ?? JSON.parse(JSON.stringify(encodeEntry(e!, this.definitions)));
    const u: Unreadable = { key: `game-${id}`, name: e!.name, why, text: JSON.stringify(raw, null, 1), raw };
    this.data.unreadable.push(u);
    if (this.data.current === id) this.data.current = null;
    return u;
  }

  /**
   * Removes unreadable item `key` at the player's word: an entry leaves the
   * list (`restoreUnreadable` puts it back); the whole list is deleted from
   * the store, and saving starts again. Returns the item, or null.
   */
  removeUnreadable(key: string): Unreadable | null {
    const whole = [this.blocked, this.definitionsBlocked].find((u) => u !== null && u.key === key) ?? null;
    if (whole !== null) {
      const u = whole;
      try {
        this.store.removeItem(key === WHOLE_LIST ? LIBRARY_KEY : DEFINITIONS_KEY);
      } catch (e) {
        this.problem = storageProblem(e);
        return null;
      }
      if (key === WHOLE_LIST) this.blocked = null;
      else this.definitionsBlocked = null;
      // The games of this visit, kept in memory meanwhile, are saved now.
      this.write();
      return u;
    }
    const i = this.data.unreadable.findIndex((u) => u.key === key);
    if (i < 0) return null;
    const [u] = this.data.unreadable.splice(i, 1);
    this.write();
    return u ?? null;
  }

  /** Puts back an unreadable entry removed (undo of a deletion). */
  restoreUnreadable(u: Unreadable): void {
    if (u.key === WHOLE_LIST || u.key === DEFINITIONS) return;
    if (!this.data.unreadable.some((o) => o.key === u.key)) this.data.unreadable.push(u);
    this.write();
  }
}
