// The game's headless state: the live game, the position viewed, who plays
// and what a record of it says. It answers questions and draws nothing; the
// controller (`controller.ts`) changes it, and the app (`app.ts`) shows it
// on the board. Kept apart from the DOM, it runs in Node as it does in the page.
import type { AiClient, AiClientEvents } from '../ai/client';
import type { AiPlayer } from '../ai/player';
import type { BoardPosition } from '../board/board';
import { moveSquares } from '../board/geometry';
import { Rules, errorMessage } from '../engine/engine';
import { passTurn } from '../engine/fen';
import type { Color, Destination, GalleryVariant, History, Mode, Orientation, SearchChoice, Square, Status, VariantInfo } from '../engine/types';
import { withEnding, type Ending } from '../record/ending';
import { linkFragment } from '../record/link';
import { recordText, type Notation, type Players } from '../record/record';
import type { Entry } from '../record/library';
import { GameKeeper, type Snapshot } from './keeper';
import { lineText } from './line-text';
import { dropSquaresOf, dropViewOf, reserveViewOf } from './reserve-view';
import type { OpenTurn } from './turn';

const DEFAULT_LEVEL = 3;

export interface ControllerOptions {
  /** The built-in variants a record may name (and the first one the default game); may be empty when `start` is given. */
  variants: readonly VariantInfo[];
  /** Author definitions offered beside the built-ins (the gallery), found again by id in saved games, links and records. */
  gallery?: readonly GalleryVariant[];
  storage: Storage | null;
  /** The AI's client of the engine worker; called the first time the AI is needed. */
  createAi(events: AiClientEvents): AiClient;
  /** The game to begin with when none is saved (the first built-in variant's setup when absent). */
  start?: GameStart;
  /** A diagram: any piece may be picked up to show its moves, but nothing is played. */
  readOnly?: boolean;
  /**
   * When the AI's engine starts ahead of its first turn, to warm up while
   * the person thinks: as soon as a game against it is live ('live', the
   * default), or when the person first touches the board ('touch': a board
   * element, one of perhaps several on a page, each engine holding its own
   * hash table).
   */
  aiAhead?: 'live' | 'touch';
}


/** A variant (with its TOML text when author-defined), a position (its setup when null) and moves. */
export interface GameStart {
  variant: string;
  definition: string | null;
  fen: string | null;
  moves: readonly string[];
  /** The seed of a random setup (variants with `setup = "random"`; `fen` null), or null. */
  seed?: number | null;
}

export abstract class GameState {
  readonly variants: readonly VariantInfo[];
  readonly gallery: readonly GalleryVariant[];
  protected rules!: Rules;
  protected hist!: History;
  protected status!: Status;
  protected view: { ply: number; rules: Rules } | null = null;
  protected redoCount = 0;
  /** A resignation, agreed draw or fallen flag ending the game; cleared by undo and a new game. */
  protected ending: Ending | null = null;
  protected readonly setups = new Map<string, string>();
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  protected definition: string | null;
  mode: Mode = 'hotseat';
  level = DEFAULT_LEVEL;
  orientation: Orientation = 'white';
  autoFlip = false;
  /** Who plays the AI's moves (the controller makes it, with the moves it plays). */
  abstract readonly ai: AiPlayer;
  /** A line for the status bar: errors and notices. */
  message = '';
  /** A notice that is not an error (the game before a new one is kept), shown while `message` is empty. */
  note = '';
  /** Why the game could not be saved (storage full or refused), or null. */
  saveProblem: string | null = null;
  /** The saved games and the game before the live one. */
  readonly keeper: GameKeeper;
  /** The gallery variant being compiled for a new game, and what stops its compilation. */
  protected loadingVariant: { id: string; abort: AbortController } | null = null;
  /** A turn whose move is played and whose drops may follow (variants with reserves), or null. */
  protected turn: OpenTurn | null = null;
  /** The seed of the random setup the live game started from, or null. */
  protected seedValue: number | null = null;
  /**
   * The side this screen plays in a game with a friend on another device
   * (the other side's moves arrive over the link, see playRemote), or null.
   * Another game, or another choice of players, ends it.
   */
  localSide: Color | null = null;
  /** The AI's last move: the ply it was played at, its text in the game, and the search that chose it. */
  protected lastAi: { ply: number; played: string; choice: SearchChoice } | null = null;

  protected constructor(protected readonly o: ControllerOptions) {
    this.variants = o.variants;
    this.gallery = o.gallery ?? [];
    this.definition = o.start?.definition ?? null;
    this.keeper = new GameKeeper(o.storage);
  }

  // ---- what the page shows

  get variant(): VariantInfo {
    return this.rules.variant();
  }
  /** The id of the gallery variant whose definition is being compiled for a new game, or null. */
  get loading(): string | null {
    return this.loadingVariant?.id ?? null;
  }

  /**
   * The definition text the page has for variant `id`: the gallery's, for
   * an id that is not a built-in one; null otherwise.
   */
  definitionFor(id: string): string | null {
    if (this.variants.some((v) => v.id === id)) return null;
    return this.gallery.find((g) => g.id === id)?.text ?? null;
  }

  /** The name of variant `id`, built-in or of the gallery; the id itself when it is neither. */
  variantName(id: string): string {
    return this.variants.find((v) => v.id === id)?.name ?? this.gallery.find((g) => g.id === id)?.name ?? id;
  }
  get history(): History {
    return this.hist;
  }

  /**
   * The AI's last move and the search that chose it, while that move is
   * still the live game's move at its ply (not undone, not another game).
   */
  get aiChoice(): { ply: number; choice: SearchChoice } | null {
    const a = this.lastAi;
    return a !== null && this.hist.coord[a.ply] === a.played ? { ply: a.ply, choice: a.choice } : null;
  }

  /** `line` (coordinate texts) as played from the live game's position after `ply` moves, in `notation`. */
  lineAt(ply: number, line: readonly string[], notation: Notation): string[] {
    const r = this.rules.withPosition(this.hist.start_fen, this.hist.coord.slice(0, ply));
    try {
      return lineText(r, line, notation);
    } finally {
      r.free();
    }
  }
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  get definitionText(): string | null {
    return this.definition;
  }
  /**
   * The definition text of the variant played when it is the player's own
   * (pasted, imported, from a link): neither built-in nor the gallery's
   * text for its id; else null.
   */
  get ownDefinition(): string | null {
    return this.definition !== null && this.definitionFor(this.variant.id) !== this.definition ? this.definition : null;
  }
  /** The definition saved game `e` is played with: its own, the gallery's for its id, or null for a built-in one. */
  definitionOfSaved(e: Entry): string | null {
    return e.definition?.text ?? this.definitionFor(e.game.variant);
  }
  /** Whether saved game `e` is of the variant played (the same id, and the same definition when it is one's own). */
  isOfLiveVariant(e: Entry): boolean {
    return e.game.variant === this.variant.id && (e.definition?.text ?? null) === this.ownDefinition;
  }
  get liveStatus(): Status {
    return this.status;
  }
  get viewPly(): number | null {
    return this.view?.ply ?? null;
  }
  /** The seed of the random setup the live game started from, or null. */
  get seed(): number | null {
    return this.seedValue;
  }
  /** Whether a turn's move is played and its drops may still follow (Done or Enter ends it, Escape takes it back). */
  get turnOpen(): boolean {
    return this.turn !== null;
  }
  /** The live game's reserves (White's, then the other side's), or null in a variant without reserves. */
  reserves() {
    return this.rules.reserves();
  }
  get canUndo(): boolean {
    // In a game with a friend a move is taken back by agreement (a takeback request).
    if (this.localSide !== null) return false;
    return this.hist.coord.length > 0 || this.ending !== null || this.keeper.canBringBack;
  }
  get canRedo(): boolean {
    return this.redoCount > 0;
  }
  /** Whether `side` has the material to win the live game at all. */
  canWin(side: Color): boolean {
    return this.rules.canWin(side);
  }
  fen(): string {
    return this.rules.fen();
  }
  pieces() {
    return this.rules.pieces();
  }
  diagram(kind: number) {
    try {
      return this.rules.diagram(kind);
    } catch {
      return null;
    }
  }

  /** The AI plays `side` in the current mode. */
  isAiTurn(side: Color): boolean {
    if (this.ai.failure !== null) return false;
    return this.mode === 'ai-ai' || (this.mode === 'white-ai' && side === 1) || (this.mode === 'black-ai' && side === 0);
  }

  /** The side a person plays against the AI; null in hot-seat and AI vs AI. */
  humanSide(): Color | null {
    if (this.ai.failure !== null) return null;
    return this.mode === 'white-ai' ? 0 : this.mode === 'black-ai' ? 1 : null;
  }

  /** Whether the piece on `sq` may be picked up: any piece in a diagram; else one of the side to move, in the live position, on a turn played at this screen. */
  canSelect(sq: Square): boolean {
    if (this.o.readOnly === true) return this.rules.board().some((c) => c.sq === sq);
    if (this.view !== null || this.turn !== null || this.status.over || this.isAiTurn(this.status.side) || this.remoteTurn()) return false;
    return this.rules.board().some((c) => c.sq === sq && c.color === this.status.side);
  }

  /** Where the piece on `sq` may go; in a diagram, a piece of the side not to move is asked with the turn passed. */
  destinations(sq: Square): Destination[] {
    return this.o.readOnly === true ? this.movesOf(sq) : this.rules.destinations(sq);
  }

  /** Where the piece on `sq` may go, of either side: one of the side not to move is asked with the turn passed. */
  movesOf(sq: Square): Destination[] {
    const shown = this.view?.rules ?? this.rules;
    const cell = shown.board().find((c) => c.sq === sq);
    if (cell === undefined) return [];
    if (cell.color === shown.sideToMove()) return shown.destinations(sq);
    try {
      // The same compiled variant: a click compiles nothing.
      const passed = shown.withPosition(passTurn(shown.fen()));
      const dests = passed.destinations(sq);
      passed.free();
      return dests;
    } catch {
      return [];
    }
  }

  /** Whether it is the turn of the friend playing on another device. */
  protected remoteTurn(): boolean {
    return this.localSide !== null && this.status.side !== this.localSide;
  }

  /**
   * The position shown, as the board draws it: the live one or the earlier
   * one viewed, its last move and what it did, and an open turn's drop squares.
   */
  shownPosition(): BoardPosition {
    const shown = this.view?.rules ?? this.rules;
    const coords = this.view === null ? this.hist.coord : this.hist.coord.slice(0, this.view.ply);
    const v = this.variant;
    const lastText = coords.length > 0 ? coords[coords.length - 1]! : null;
    const last = lastText === null ? null : moveSquares(lastText, v.width, v.height);
    // What the last move did besides moving: men dropped, and its effects (men taken elsewhere than on its target, swapped, turned, reborn ...).
    const dropped = lastText === null ? [] : dropSquaresOf(lastText, v.width, v.height);
    const effects = last === null ? [] : shown.lastEffects();
    // While a turn is open, the board stays turned to the side whose turn it is.
    const side = this.turn !== null ? ((1 - this.status.side) as Color) : this.status.side;
    const autoFlipped = this.autoFlip && this.mode === 'hotseat' && side === 1;
    return {
      files: v.width,
      ranks: v.height,
      cells: shown.board(),
      pieces: shown.pieces(),
      lastMove: last,
      checks: shown.checkedSquares(),
      holes: shown.holes(),
      flipped: (this.orientation === 'black') !== autoFlipped,
      reserves: reserveViewOf(shown, v),
      dropped,
      effects,
      frozen: shown.frozen(),
      drops: this.view === null && this.turn !== null ? dropViewOf(this.turn, (1 - this.status.side) as Color) : null,
    };
  }

  /** The live game as the keeper keeps it. */
  protected snapshot(): Snapshot {
    return {
      variant: this.variant.id,
      definition: this.definition,
      variantName: this.variant.name,
      startFen: this.hist.start_fen,
      moves: this.hist.coord,
      mode: this.mode,
      level: this.level,
      orientation: this.orientation,
      autoFlip: this.autoFlip,
      ending: this.ending,
      seed: this.seedValue,
    };
  }

  // ---- records

  /** The setup of variant `variantId` of `definition` (null: a built-in one); two own definitions may share an id. */
  protected setupFen(variantId: string, definition: string | null): string {
    const key = `${variantId}\n${definition ?? ''}`;
    let fen = this.setups.get(key);
    if (fen === undefined) {
      const live = variantId === this.variant.id && definition === this.definition;
      const r = live ? this.rules.withPosition(null) : Rules.create(variantId, null, [], definition);
      fen = r.startFen();
      r.free();
      this.setups.set(key, fen);
    }
    return fen;
  }

  /** The game as PGN-like text, moves in `notation`, with tags naming the players. */
  exportText(notation: Notation = 'coord'): string {
    return recordText(this.variant.id, this.hist, this.status, this.setupFen(this.variant.id, this.definition), notation, this.players(), this.seedValue);
  }

  /**
   * Why saved game `id` (of a built-in variant) does not replay on this
   * page, or null when it does, is of a gallery or own variant (not
   * compiled just to check it), or is gone.
   */
  replayProblem(id: string): string | null {
    const e = this.keeper.library?.get(id);
    const g = e?.game;
    if (e === undefined || e === null || g === undefined || this.definitionOfSaved(e) !== null) return null;
    try {
      createGame(g.variant, g.startFen, g.moves, null, g.seed ?? null).free();
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  }

  /** Saved game `id` as PGN-like text, moves in `notation`; throws when it cannot be replayed. */
  exportSaved(id: string, notation: Notation): string {
    const e = this.keeper.library?.get(id);
    if (e === undefined || e === null) throw new Error('no such saved game');
    const g = e.game;
    const definition = this.definitionOfSaved(e);
    const rules = createGame(g.variant, g.startFen, g.moves, definition, g.seed ?? null);
    try {
      const status = withEnding(rules.status(), g.ending);
      const ai = (c: Color) => (g.mode === 'ai-ai' || (g.mode === 'white-ai' && c === 1) || (g.mode === 'black-ai' && c === 0));
      const side = (c: Color) => (ai(c) ? `bigboard AI, level ${g.level}` : g.mode === 'hotseat' ? '?' : 'Player');
      const players = { white: side(0), black: side(1), date: new Date(e.created) };
      return recordText(g.variant, rules.history(), status, this.setupFen(g.variant, definition), notation, players, rules.seed());
    } finally {
      rules.free();
    }
  }

  /** Who plays each side, for a record's tags. */
  protected players(): Players {
    const ai = `bigboard AI, level ${this.level}`;
    const side = (c: Color) => (this.isAiTurn(c) ? ai : this.mode === 'hotseat' ? '?' : 'Player');
    return { white: side(0), black: side(1), date: new Date() };
  }

  /** The game as a link's fragment: the variant, its start when not the setup, and the moves. */
  linkFragment(): string {
    const id = this.variant.id;
    if (this.seedValue !== null) return linkFragment({ variant: id, fen: null, moves: this.hist.coord, seed: this.seedValue });
    const fen = this.hist.start_fen === this.setupFen(id, this.definition) ? null : this.hist.start_fen;
    return linkFragment({ variant: id, fen, moves: this.hist.coord });
  }
}

/**
 * A game rebuilt from what was kept: from the setup of `seed` when it is
 * given and is still `startFen` (a seed's setup is fixed, but a save from
 * another build is checked), else from `startFen`.
 */
export function createGame(variant: string, startFen: string, moves: readonly string[], definition: string | null, seed: number | null): Rules {
  if (seed !== null) {
    let seeded: Rules | null = null;
    try {
      seeded = Rules.create(variant, null, moves, definition, seed);
    } catch {
      // Not that setup's game: rebuilt from its start position below.
    }
    if (seeded !== null && seeded.startFen() === startFen) return seeded;
    seeded?.free();
  }
  return Rules.create(variant, startFen, moves, definition);
}

/** The game to begin with when none is saved: the options' start, or the first built-in variant's setup. */
export function startOf(o: ControllerOptions): GameStart {
  return o.start ?? { variant: o.variants[0]?.id ?? 'xhess', definition: null, fen: null, moves: [] };
}
