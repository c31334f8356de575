// The saved games: every game the player has begun on this browser, kept
// in localStorage under one key, with a name, dates, a summary for the
// list (players, result, move count) and which one is being played. A new
// game or another variant starts a new entry and keeps the old one; a game
// leaves the list only when the player deletes it. A store that refuses to
// write (quota, private mode) is reported, never ignored.
import type { PgnResult } from '../game/result';
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

export interface LibraryData {
  /** The entry being played, or null. */
  current: string | null;
  games: Entry[];
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function decodeEntry(x: unknown): Entry | null {
  if (!isRecord(x)) return null;
  const { id, name, created, updated, result, game } = x;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return null;
  if (typeof created !== 'number' || !Number.isFinite(created) || typeof updated !== 'number' || !Number.isFinite(updated)) return null;
  if (typeof result !== 'string' || !RESULTS.includes(result)) return null;
  const saved = decodeSaved(JSON.stringify({ ...(isRecord(game) ? game : {}), version: 1 }));
  if (saved === null) return null;
  return { id, name, created, updated, result: result as PgnResult, game: saved };
}

export function encodeLibrary(data: LibraryData): string {
  return JSON.stringify({ version: VERSION, ...data });
}

/** The library in `text`; an unreadable entry is dropped, the others kept; empty when none. */
export function decodeLibrary(text: string | null): LibraryData {
  const empty: LibraryData = { current: null, games: [] };
  if (text === null) return empty;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return empty;
  }
  if (!isRecord(data) || data['version'] !== VERSION || !Array.isArray(data['games'])) return empty;
  const games: Entry[] = [];
  for (const g of data['games']) {
    const e = decodeEntry(g);
    if (e !== null && !games.some((o) => o.id === e.id)) games.push(e);
  }
  const current = typeof data['current'] === 'string' && games.some((g) => g.id === data['current']) ? data['current'] : null;
  return { current, games };
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
    this.data = decodeLibrary(text);
    // The one game kept before there was a list becomes its first entry.
    const single = decodeSaved(old);
    if (single !== null) {
      const id = this.newId();
      this.data = { current: id, games: [{ id, name: '', created: this.now(), updated: this.now(), result: '*', game: single }] };
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

  /** Writes the list; false (with `problem` set) when the store refuses. */
  private write(): boolean {
    try {
      this.store.setItem(LIBRARY_KEY, encodeLibrary(this.data));
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
}
