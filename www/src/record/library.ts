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
import type { PgnResult } from './result';
import { STORAGE_KEY, decodeSaved, type SavedGame } from './storage';

export const LIBRARY_KEY = 'bigboard.games';
const VERSION = 1;

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

/** The entry in `x`, or why it is not one. */
function decodeEntry(x: unknown): Entry | string {
  if (!isRecord(x)) return 'it is not a saved game';
  const { id, name, created, updated, result, game } = x;
  if (typeof id !== 'string' || id === '') return 'it has no id';
  if (typeof name !== 'string') return 'its name is not text';
  if (typeof created !== 'number' || !Number.isFinite(created) || typeof updated !== 'number' || !Number.isFinite(updated)) return 'its dates are not numbers';
  if (typeof result !== 'string' || !RESULTS.includes(result)) return `its result ${JSON.stringify(result)} is not one of ${RESULTS.join(', ')}`;
  const saved = decodeSaved(JSON.stringify({ ...(isRecord(game) ? game : {}), version: 1 }));
  if (saved === null) return 'its game has fields this version does not know (a mode, a level, a position…), perhaps from a newer version';
  return { id, name, created, updated, result: result as PgnResult, game: saved };
}

/**
 * The list as text. An entry found in `asRead` (as it was read, while this
 * page has not changed it) is written as it was read, fields of a newer
 * version and all; an unreadable one always is.
 */
export function encodeLibrary(data: LibraryData, asRead: ReadonlyMap<string, unknown> = new Map()): string {
  const games = [...data.games.map((e) => asRead.get(e.id) ?? e), ...data.unreadable.map((u) => u.raw)];
  return JSON.stringify({ version: VERSION, current: data.current, games });
}

/** The library in `text`; an entry that does not decode is kept aside as unreadable; empty when there is none. */
export function decodeLibrary(text: string | null): ReadLibrary {
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
    let e = decodeEntry(g);
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
  private seq = 0;
  /** Why the last write failed, or null when it succeeded. */
  problem: string | null = null;

  constructor(
    private readonly store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    private readonly now: () => number = Date.now,
  ) {
    let text: string | null = null;
    let old: string | null = null;
    try {
      text = store.getItem(LIBRARY_KEY);
      old = text === null ? store.getItem(STORAGE_KEY) : null;
    } catch {
      // Storage unreadable: an empty list, and writes will say why they fail.
    }
    const read = decodeLibrary(text);
    this.data = { current: read.current, games: read.games, unreadable: read.unreadable };
    this.read = read.read;
    if (read.problem !== null && text !== null) {
      this.blocked = { key: WHOLE_LIST, name: 'The saved games list', why: read.problem, text };
      this.problem = this.blockedProblem();
    }
    // The one game kept before there was a list becomes its first entry.
    const single = decodeSaved(old);
    if (single !== null) {
      const id = this.newId();
      this.data = { current: id, games: [{ id, name: '', created: this.now(), updated: this.now(), result: '*', game: single }], unreadable: [] };
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
    return `the saved games list could not be read (${this.blocked?.why}); it is kept as it is, and no game is saved until you delete it in Saved games`;
  }

  /** Writes the list; false (with `problem` set) when the store refuses, or the list there is one this page cannot read. */
  private write(): boolean {
    if (this.blocked !== null) {
      this.problem = this.blockedProblem();
      return false;
    }
    try {
      this.store.setItem(LIBRARY_KEY, encodeLibrary(this.data, this.read));
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
   * the one being played; returns its id. `problem` says when the store
   * refused (the list in memory is kept all the same).
   */
  put(id: string | null, game: SavedGame, result: PgnResult): string {
    const t = this.now();
    let entry = id === null ? null : this.get(id);
    if (entry === null) {
      entry = { id: this.newId(), name: '', created: t, updated: t, result, game };
      this.data.games.push(entry);
    } else {
      entry.game = game;
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

  /** What this page cannot read: the whole list, or entries of it. */
  unreadable(): Unreadable[] {
    return this.blocked === null ? [...this.data.unreadable] : [this.blocked, ...this.data.unreadable];
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
    const raw = this.read.get(id) ?? JSON.parse(JSON.stringify(e));
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
    if (this.blocked !== null && key === this.blocked.key) {
      const u = this.blocked;
      try {
        this.store.removeItem(LIBRARY_KEY);
      } catch (e) {
        this.problem = storageProblem(e);
        return null;
      }
      this.blocked = null;
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
    if (u.key === WHOLE_LIST) return;
    if (!this.data.unreadable.some((o) => o.key === u.key)) this.data.unreadable.push(u);
    this.write();
  }
}
