// Keeps games from being lost by a slip: the live game is saved as it
// changes (in the saved-games list, when the page has storage), a new game
// or another variant leaves the one before in the list, and the game before
// is remembered so Undo on the new game's first position brings it back
// (also in an element, which keeps nothing in storage). A game of the
// player's own variant (neither built-in nor in the gallery) is saved with
// its definition, so a reload or the list brings it back as any other.
import { GameLibrary, type Entry } from '../record/library';
import type { SavedGame } from '../record/storage';
import type { PgnResult } from '../record/result';

/**
 * A game as the controller rebuilds it: what is saved, and the definition
 * text of an author's variant (null for a built-in one, and for a gallery
 * one when saved: found again by its id), with its name.
 */
export interface Snapshot extends SavedGame {
  definition: string | null;
  /** The variant's name, kept with an own definition for the saved games list. */
  variantName?: string;
}

/** Saved entry `e` as the controller rebuilds it. */
export function snapshotOf(e: Entry): Snapshot {
  return e.definition === null ? { ...e.game, definition: null } : { ...e.game, definition: e.definition.text, variantName: e.definition.name };
}

export class GameKeeper {
  readonly library: GameLibrary | null;
  /** The list entry of the live game (null: a new entry at the next save). */
  private entryId: string | null = null;
  /** The game before the live one, for Undo on a new game. */
  private before: { game: Snapshot; entryId: string | null } | null = null;

  constructor(store: Storage | null) {
    this.library = store === null ? null : new GameLibrary(store);
  }

  /** The game to go on with: the list's current entry, or null. */
  restore(): Snapshot | null {
    const e = this.library?.current() ?? null;
    if (e === null) return null;
    this.entryId = e.id;
    return snapshotOf(e);
  }

  /**
   * The game `restore` gave cannot be replayed (`why`): its entry is kept
   * in the list as it was read, shown as unreadable, and the live game
   * goes in a new entry instead of over it.
   */
  cannotRestore(why: string): void {
    if (this.entryId !== null) this.library?.markUnreadable(this.entryId, why);
    this.entryId = null;
  }

  /** The id of the live game's entry, or null when it has none yet (or no storage). */
  get currentId(): string | null {
    return this.entryId;
  }

  /**
   * Saves the live game, with its definition when it has one (the
   * controller gives none for a gallery variant); the reason when storage
   * refused, else null.
   */
  save(game: Snapshot, result: PgnResult): string | null {
    if (this.library === null) return null;
    const { definition, variantName, ...saved } = game;
    const own = definition === null ? null : { name: variantName ?? game.variant, text: definition };
    this.entryId = this.library.put(this.entryId, saved, result, own);
    return this.library.problem;
  }

  /**
   * Another game replaces `live`: when it has moves (or an ending) it stays
   * in the list and becomes the one Undo brings back; an empty game is
   * simply replaced. Returns whether the game before was kept.
   */
  replacing(live: Snapshot, empty: boolean): boolean {
    if (empty) return false;
    this.before = { game: live, entryId: this.entryId };
    this.entryId = null;
    return true;
  }

  /** Whether Undo on an empty game brings back the one before it. */
  get canBringBack(): boolean {
    return this.before !== null;
  }

  /** The game before the live (empty) one, now live again; the empty one's entry goes. */
  bringBack(): Snapshot | null {
    const b = this.before;
    if (b === null) return null;
    this.before = null;
    if (this.entryId !== null) this.library?.remove(this.entryId);
    this.entryId = b.entryId !== null && this.library?.get(b.entryId) !== null ? b.entryId : null;
    return b.game;
  }

  /**
   * Switches to saved entry `id`; the live game stays in the list (or, when
   * `empty`, its entry goes). Returns the entry, or null when it is gone.
   */
  resume(id: string, empty: boolean): Entry | null {
    const e = this.library?.get(id) ?? null;
    if (e === null) return null;
    if (empty && this.entryId !== null && this.entryId !== id) this.library?.remove(this.entryId);
    this.entryId = id;
    this.before = null;
    this.library?.select(id);
    return e;
  }

  /** Deletes saved entry `id`; the live game's own entry is written again at its next save. */
  remove(id: string): Entry | null {
    const e = this.library?.remove(id) ?? null;
    if (id === this.entryId) this.entryId = null;
    if (this.before?.entryId === id) this.before.entryId = null;
    return e;
  }
}
