// The game controller: the live game, the position being viewed, who plays,
// undo and redo, when the AI plays, saving, import and export. The board and
// the controls only show what it holds and report what the user did.
import type { AiClient, AiClientEvents } from '../ai/client';
import type { GameView } from '../ai/game-view';
import { AiPlayer, DEFAULT_PACE_MS } from '../ai/player';
import { Board } from '../board/board';
import { Rules, compileDefinition, errorMessage, type DefinitionProblem } from '../engine/engine';
import { withEnding, type Ending } from '../record/ending';
import { passTurn } from '../engine/fen';
import { playMoves, resolveMoveText } from '../record/movetext';
import { moveSquares, parseSquare, squareName } from '../board/geometry';
import { askPromotion } from '../pieces/promotion';
import { askMoveChoice } from '../pieces/move-choice';
import { showQueue } from '../pieces/queue-view';
import { OpenTurn } from './turn';
import { lineText } from './line-text';
import type { ReserveClass } from '../board/reserve-layout';
import { dropSquaresOf, dropViewOf, reserveViewOf } from './reserve-view';
import { linkFragment, type LinkedGame } from '../record/link';
import { readRecord, recordText, type Notation, type Players } from '../record/record';
import type { SavedGame } from '../record/storage';
import { GameKeeper, type Snapshot } from './keeper';
import { pgnResult } from '../record/result';
import type { Color, Destination, GalleryVariant, History, Mode, Orientation, SearchChoice, Square, Status, VariantInfo } from '../engine/types';

const DEFAULT_LEVEL = 3;


export interface AppOptions {
  /** The built-in variants a record may name (and the first one the default game); may be empty when `start` is given. */
  variants: readonly VariantInfo[];
  /** Author definitions offered beside the built-ins (the gallery), found again by id in saved games, links and records. */
  gallery?: readonly GalleryVariant[];
  boardContainer: HTMLElement;
  canvas: HTMLCanvasElement;
  promotionDialog: HTMLDialogElement;
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

export class App implements GameView {
  readonly board: Board;
  readonly variants: readonly VariantInfo[];
  readonly gallery: readonly GalleryVariant[];
  private rules: Rules;
  private hist: History;
  private status: Status;
  private view: { ply: number; rules: Rules } | null = null;
  private redoCount = 0;
  /** A resignation, agreed draw or fallen flag ending the game; cleared by undo and a new game. */
  private ending: Ending | null = null;
  private readonly setups = new Map<string, string>();
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  private definition: string | null;
  mode: Mode = 'hotseat';
  level = DEFAULT_LEVEL;
  orientation: Orientation = 'white';
  autoFlip = false;
  readonly ai: AiPlayer;
  /** A line for the status bar: errors and notices. */
  message = '';
  /** A notice that is not an error (the game before a new one is kept), shown while `message` is empty. */
  note = '';
  /** Why the game could not be saved (storage full or refused), or null. */
  saveProblem: string | null = null;
  /** The saved games and the game before the live one. */
  readonly keeper: GameKeeper;
  private readonly listeners: (() => void)[] = [];
  /** A move was just played: the next position shown draws it sliding. */
  private moved = false;
  /** In AI vs AI, the least time from one move to the next (ms), so a game can be watched. */
  paceMs = DEFAULT_PACE_MS;
  /** When the last move was played (performance.now()). */
  private lastMoveAt = 0;
  private paceTimer: ReturnType<typeof setTimeout> | null = null;
  /** Step: the AI plays one move, then pauses. */
  private stepping = false;
  /** The gallery variant being compiled for a new game, and what stops its compilation. */
  private loadingVariant: { id: string; abort: AbortController } | null = null;
  /** A turn whose move is played and whose drops may follow (variants with reserves), or null. */
  private turn: OpenTurn | null = null;
  /** The seed of the random setup the live game started from, or null. */
  private seedValue: number | null = null;
  /**
   * The side this screen plays in a game with a friend on another device
   * (the other side's moves arrive over the link, see playRemote), or null.
   * Another game, or another choice of players, ends it.
   */
  localSide: Color | null = null;
  /** The AI's last move: the ply it was played at, its text in the game, and the search that chose it. */
  private lastAi: { ply: number; played: string; choice: SearchChoice } | null = null;

  constructor(private readonly o: AppOptions) {
    this.variants = o.variants;
    this.gallery = o.gallery ?? [];
    this.definition = o.start?.definition ?? null;
    this.ai = new AiPlayer({
      createClient: (events) => o.createAi(events),
      plies: () => this.hist.coord.length,
      play: (text, choice) => {
        const ply = this.hist.coord.length;
        // A move the engine chose and then refuses would be chosen again: pause instead of looping.
        if (!this.play(text, false)) this.ai.paused = true;
        else this.lastAi = { ply, played: this.hist.coord[ply] ?? text, choice };
        if (this.stepping) {
          this.stepping = false;
          this.ai.paused = true;
        }
        this.changed();
      },
      idle: (error) => {
        if (error !== null) this.message = `The AI could not move: ${error}`;
        this.changed();
      },
      progress: () => this.notify(),
      failed: (message) => {
        this.mode = 'hotseat';
        this.message = `The AI is unavailable (${message}); the game goes on with two players at this screen.`;
        this.changed();
      },
    });
    if (o.aiAhead === 'touch') o.boardContainer.addEventListener('pointerdown', () => this.prepareAi(), { passive: true });
    this.board = new Board(o.boardContainer, o.canvas, {
      canSelect: (sq) => this.canSelect(sq),
      destinations: (sq) => this.destinations(sq),
      preview: (sq) => this.movesOf(sq),
      move: (from, dest) => void this.userMove(from, dest),
      drop: (sq) => this.dropAt(sq),
      pickReserve: (cls) => this.pickReserve(cls),
      showQueue: (side) => void this.showQueue(side),
      endTurn: () => this.endTurn(),
    });
    this.keeper = new GameKeeper(o.storage);
    const saved = this.keeper.restore();
    try {
      this.rules = this.restore(saved);
    } catch (e) {
      // No game (a bad position or definition): the board stops following the window.
      this.board.dispose();
      throw e;
    }
    this.hist = this.rules.history();
    this.status = this.rules.status();
    this.refresh();
  }

  private restore(saved: SavedGame | null): Rules {
    if (saved !== null) {
      try {
        const definition = this.definitionFor(saved.variant);
        const rules = createGame(saved.variant, saved.startFen, saved.moves, definition, saved.seed ?? null);
        this.definition = definition;
        this.seedValue = rules.seed();
        this.mode = saved.mode;
        this.level = saved.level;
        this.orientation = saved.orientation;
        this.autoFlip = saved.autoFlip;
        this.ending = saved.ending;
        return rules;
      } catch (e) {
        // Kept as it is, never written over: the new game goes in an entry of its own.
        this.keeper.cannotRestore(errorMessage(e));
        this.message = `The saved game could not be restored: ${errorMessage(e)}. It is kept as it is in Saved games.`;
      }
    }
    const s = startOf(this.o);
    // The moves may be SAN or coordinates (an element's moves attribute).
    const rules = Rules.create(s.variant, s.fen, [], s.definition, s.fen === null ? (s.seed ?? null) : null);
    try {
      playMoves(rules, s.moves);
    } catch (e) {
      rules.free();
      throw e;
    }
    this.seedValue = rules.seed();
    return rules;
  }

  /** Calls `f` after every change of state. */
  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  /** Shows `text` in the status line (a notice from outside the game: a link that could not be opened). */
  say(text: string): void {
    this.message = text;
    this.notify();
  }

  /** Starts the AI if it is its turn; called once the page is wired. */
  start(): void {
    this.changed();
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
  squareCenter(name: string): { x: number; y: number } | null {
    const v = this.variant;
    const sq = parseSquare(name, v.width, v.height);
    return sq === null ? null : this.board.squareCenterClient(sq);
  }

  /** Viewport coordinates of the centre of a reserve man's cell, or null without reserves. */
  reserveCenter(side: Color, cls: ReserveClass, index: number): { x: number; y: number } | null {
    return this.board.reserveCenterClient(side, cls, index);
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

  private canSelect(sq: Square): boolean {
    if (this.o.readOnly === true) return this.rules.board().some((c) => c.sq === sq);
    if (this.view !== null || this.turn !== null || this.status.over || this.isAiTurn(this.status.side) || this.remoteTurn()) return false;
    return this.rules.board().some((c) => c.sq === sq && c.color === this.status.side);
  }

  /** Where the piece on `sq` may go; in a diagram, a piece of the side not to move is asked with the turn passed. */
  private destinations(sq: Square): Destination[] {
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

  // ---- changes

  /** Re-reads the game after a change and shows it. */
  private refresh(): void {
    this.hist = this.rules.history();
    this.status = withEnding(this.rules.status(), this.ending);
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
    this.board.setPosition({
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
    }, this.moved && this.view === null);
    this.moved = false;
  }

  /** The live game as the keeper keeps it. */
  private snapshot(): Snapshot {
    return {
      variant: this.variant.id,
      definition: this.definition,
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

  private save(): void {
    // A turn is saved once it is whole.
    if (this.turn !== null) return;
    const game = this.snapshot();
    // A gallery variant is saved by its id, as a built-in one, and found
    // again in the gallery; a page's own definition is not saved.
    const named = game.definition !== null && this.definitionFor(game.variant) === game.definition;
    this.saveProblem = this.keeper.save(named ? { ...game, definition: null } : game, pgnResult(this.status));
  }

  /** After any change: show, save, tell the controls, and let the AI move if it is its turn. */
  private changed(): void {
    this.refresh();
    this.save();
    this.startAi();
    this.notify();
  }

  /** A game against the AI: its engine starts now, and warms up while the person thinks. */
  private prepareAi(): void {
    if (this.mode !== 'hotseat' && !this.status.over && this.o.readOnly !== true) this.ai.prepare();
  }

  /** Lets the AI think when it is its turn; in AI vs AI, once the pace since the last move has passed. */
  private startAi(): void {
    if (this.o.aiAhead !== 'touch') this.prepareAi();
    if (this.turn !== null || this.status.over || !this.isAiTurn(this.status.side) || this.ai.paused) return;
    const wait = this.mode === 'ai-ai' ? this.paceMs - (performance.now() - this.lastMoveAt) : 0;
    if (wait > 0) {
      // The timer asks again: the game may have changed meanwhile.
      this.paceTimer ??= setTimeout(() => {
        this.paceTimer = null;
        this.startAi();
        this.notify();
      }, wait);
      return;
    }
    const v = this.variant;
    this.ai.start({ variant: v.id, definition: this.definition, fen: this.hist.start_fen, moves: this.hist.coord, side: this.status.side, level: this.level });
  }

  private notify(): void {
    for (const f of this.listeners) f();
  }

  private leaveView(): void {
    this.view?.rules.free();
    this.view = null;
  }

  /**
   * Another game replaces the live one (a new game, another variant, an
   * import, a link): the live one is kept, and Undo on the new game's first
   * position brings it back.
   */
  private replaceKeeping(rules: Rules, definition: string | null, mode: Mode = this.mode): void {
    const empty = this.hist.coord.length === 0 && this.ending === null;
    const kept = this.keeper.replacing(this.snapshot(), empty);
    this.mode = mode;
    this.note = kept ? `The game before is kept${this.keeper.library !== null ? ' in Saved games' : ''}; Undo brings it back.` : '';
    this.definition = definition;
    this.replaceGame(rules);
  }

  private replaceGame(rules: Rules, ending: Ending | null = null): void {
    // Another game is live: a gallery variant still compiling for the menu is not wanted.
    this.cancelLoading();
    this.turn = null;
    // The game with a friend is left: the link stops following the board.
    this.localSide = null;
    this.seedValue = rules.seed();
    this.ai.cancel();
    this.lastAi = null;
    this.leaveView();
    this.rules.free();
    this.rules = rules;
    this.redoCount = 0;
    this.ending = ending;
    this.ai.clear();
    this.changed();
  }

  private async userMove(from: Square, dest: Destination): Promise<void> {
    if (this.o.readOnly === true) return;
    const v = this.variant;
    // The engine's text: a shot, swap or mutual destruction is not written as its two squares.
    let text = dest.text ?? squareName(from, v.width) + squareName(dest.to, v.width);
    const choices = dest.choices ?? [];
    if (choices.length > 1) {
      // Several moves to this square with different effects: the player picks one.
      const plies = this.hist.coord.length;
      const chosen = await askMoveChoice(this.o.promotionDialog, choices, (sq) => squareName(sq, v.width));
      if (chosen === null || plies !== this.hist.coord.length) return;
      this.ai.paused = false;
      this.playTurn(chosen);
      return;
    }
    let only: string | null = null;
    if (dest.promotions.length === 1 && !dest.plain) {
      // One choice and no declining (a reserve's last piece, Overboard's Wonder, Flee!'s Guard): nothing to ask;
      // the status line tells what the man became.
      only = dest.promotions[0]!;
      text += `=${only}`;
    } else if (dest.promotions.length > 0) {
      const plies = this.hist.coord.length;
      const side = this.status.side;
      const pieces = this.rules.pieces();
      const kind = this.rules.board().find((c) => c.sq === from)?.kind;
      const mover = kind === undefined ? null : (pieces[kind] ?? null);
      const code = await askPromotion(this.o.promotionDialog, dest.promotions, dest.plain, pieces, side, mover);
      if (code === null || plies !== this.hist.coord.length) return;
      if (code !== '') text += `=${code}`;
    }
    this.ai.paused = false;
    const plies = this.hist.coord.length;
    this.playTurn(text);
    if (only !== null && (this.hist.coord.length > plies || this.turnOpen)) {
      const piece = this.rules.pieces().find((p) => p.code === only);
      this.note = `Promoted to ${piece === undefined ? only : `a ${piece.name}`}, the only choice.`;
      this.notify();
    }
  }

  /**
   * Plays a move entered on the board. When drops may follow it (a credit
   * held or earned by it), the move is played and the turn stays open:
   * the drop squares are marked until Done (Enter) or Escape.
   */
  private playTurn(text: string): void {
    let options = null;
    if (this.rules.reserves() !== null) {
      try {
        options = this.rules.dropSquares(text);
      } catch {
        options = null;
      }
    }
    if (options === null || options.turns.length === 0) {
      this.play(text);
      return;
    }
    if (!this.play(text, false)) {
      this.changed();
      return;
    }
    this.turn = new OpenTurn(text, options);
    this.changed();
  }

  /** An open turn: drops the next reserve man on `sq` (the turn is played again with its drops). */
  private dropAt(sq: Square): void {
    const t = this.turn;
    if (t === null) return;
    const played = t.text;
    const text = t.drop(sq);
    if (text === null) return;
    this.rules.undo();
    this.turn = null;
    if (!this.play(text, false)) {
      // The engine listed this turn; should it refuse it, the turn so far stands, ended.
      const message = this.message;
      this.play(played, false);
      this.message = message;
    } else if (!t.complete) {
      this.turn = t;
    }
    this.changed();
  }

  /** Shows `side`'s reserve queue; the whole reserve drawing when asked from there. */
  private async showQueue(side: Color): Promise<void> {
    const r = this.rules.reserves();
    const s = r?.[side];
    if (s === undefined) return;
    const names = this.variant.sides ?? ['White', 'Black'];
    if ((await showQueue(this.o.promotionDialog, s, side, names[side], this.rules.pieces())) === 'whole') this.board.openReserve();
  }

  /** An open turn: the next reserve man of `cls` is picked (or put back). */
  private pickReserve(cls: ReserveClass): void {
    if (this.turn?.pick(cls) === true) this.changed();
  }

  /** Ends an open turn with the drops made so far. */
  endTurn(): void {
    if (this.turn === null) return;
    this.turn = null;
    this.note = '';
    this.changed();
  }

  /** Takes back an open turn's move (and its drops). */
  takeBackTurn(): void {
    if (this.turn === null) return;
    this.turn = null;
    this.note = '';
    this.rules.undo();
    this.changed();
  }

  /**
   * Plays a move text on the live game; on error the game is unchanged and
   * the message says why. Shows the change unless `show` is false.
   */
  play(text: string, show = true): boolean {
    let ok = true;
    try {
      this.rules.play(text);
      this.moved = true;
      this.lastMoveAt = performance.now();
      this.redoCount = 0;
      this.message = '';
      this.note = '';
    } catch (e) {
      this.message = `Move ${text} refused: ${errorMessage(e)}`;
      ok = false;
    }
    if (show) this.changed();
    return ok;
  }

  /** Plays a typed move (coordinate text or SAN); false with the reason in `message` when refused. */
  enterMove(text: string): boolean {
    if (this.o.readOnly === true || this.status.over || this.isAiTurn(this.status.side) || this.remoteTurn()) {
      this.message = this.remoteTurn() ? "It is your friend's turn." : 'No move can be played now.';
      this.notify();
      return false;
    }
    this.takeBackTurn();
    this.leaveView();
    const r = resolveMoveText(this.rules, text);
    if ('error' in r) {
      this.message = r.error;
      this.changed();
      return false;
    }
    this.ai.paused = false;
    return this.play(r.move);
  }

  /** Ends the game for a reason outside the rules (resignation, agreement, time); the moves stay. */
  end(e: Ending): void {
    if (this.status.over) return;
    // An open turn ends with the drops made so far.
    this.turn = null;
    this.ai.cancel();
    this.leaveView();
    this.ending = e;
    this.changed();
  }

  /** Whether it is the turn of the friend playing on another device. */
  private remoteTurn(): boolean {
    return this.localSide !== null && this.status.side !== this.localSide;
  }

  /**
   * Plays a turn that came from the friend's device, judged by the engine
   * as a move made here is; null when played, else why it was refused (the
   * game unchanged).
   */
  playRemote(text: string): string | null {
    if (this.localSide === null) return 'no game with a friend is being played';
    if (this.status.over) return 'the game is over';
    if (this.turn !== null || this.status.side === this.localSide) return 'it is not their turn';
    try {
      this.rules.play(text);
    } catch (e) {
      return errorMessage(e);
    }
    this.moved = true;
    this.lastMoveAt = performance.now();
    this.redoCount = 0;
    this.changed();
    return null;
  }

  /** Takes back the last `n` whole turns (a takeback both players agreed to); the moves stay in no redo list. */
  takeBackAgreed(n: number): void {
    this.takeBackTurn();
    this.leaveView();
    this.ending = null;
    for (let i = 0; i < n && this.rules.undo(); i++);
    this.redoCount = 0;
    this.changed();
  }

  /**
   * A game with a friend on another device, as the inviter's page sent it
   * (of a built-in, gallery or author variant, from its setup, a position
   * or a seed's setup); throws with the reason, leaving the game unchanged.
   */
  openShared(g: { variant: string; definition: string | null; fen: string | null; seed: number | null; moves: readonly string[] }): void {
    const definition = g.definition ?? this.definitionFor(g.variant);
    if (definition === null && !this.variants.some((v) => v.id === g.variant)) {
      throw new Error(`the variant '${g.variant.slice(0, 40)}' is not one of this page's`);
    }
    const rules = Rules.create(g.variant, g.fen, g.moves, definition, g.fen === null ? g.seed : null);
    this.message = '';
    this.replaceKeeping(rules, definition, 'hotseat');
  }

  /** Takes back a move; against the AI, its reply and your move. */
  undo(): void {
    if (this.localSide !== null) {
      this.message = 'In a game with a friend, ask them to take back a move.';
      this.notify();
      return;
    }
    if (this.turn !== null) {
      this.takeBackTurn();
      return;
    }
    if (this.hist.coord.length === 0 && this.ending === null && this.keeper.canBringBack) {
      this.bringBack();
      return;
    }
    if (this.ending !== null) {
      // Takes back the resignation, agreement or fallen flag first.
      this.ending = null;
      this.changed();
      return;
    }
    this.leaveView();
    this.ai.cancel();
    const human = this.humanSide();
    if (human === null) {
      if (this.rules.undo()) this.redoCount++;
      if (this.mode === 'ai-ai') this.ai.paused = true;
    } else {
      let n = 0;
      do {
        if (!this.rules.undo()) break;
        n++;
      } while (this.rules.sideToMove() !== human);
      if (this.rules.sideToMove() !== human) {
        // Only the AI's opening move is left: nothing of yours to take back.
        for (; n > 0; n--) this.rules.redo();
      }
      this.redoCount += n;
    }
    this.changed();
  }

  /** Undo of a new game: the game before it is live again, as it was. */
  private bringBack(): void {
    const g = this.keeper.bringBack();
    if (g === null) return;
    try {
      const same = g.variant === this.variant.id && g.definition === this.definition && (g.seed ?? null) === null;
      const rules = same ? this.rules.withPosition(g.startFen, g.moves) : createGame(g.variant, g.startFen, g.moves, g.definition, g.seed ?? null);
      this.message = '';
      this.note = '';
      this.definition = g.definition;
      this.takeSettings(g);
      this.replaceGame(rules, g.ending);
    } catch (e) {
      this.message = `The game before could not be brought back: ${errorMessage(e)}`;
      this.changed();
    }
  }

  /** Who plays, the level and the board's turn, of a game brought back or resumed. */
  private takeSettings(g: SavedGame): void {
    this.mode = g.mode;
    this.level = g.level;
    this.orientation = g.orientation;
    this.autoFlip = g.autoFlip;
    this.ai.paused = false;
  }

  /** Goes on with saved game `id`; the live game stays in the list. */
  resume(id: string): void {
    const g = this.keeper.library?.get(id)?.game;
    if (g === undefined) return;
    // The game is rebuilt before anything switches: one that does not
    // replay is set aside as unreadable, and the live game stays in its own entry.
    const definition = this.definitionFor(g.variant);
    let rules: Rules;
    try {
      rules = createGame(g.variant, g.startFen, g.moves, definition, g.seed ?? null);
    } catch (err) {
      this.keeper.library?.markUnreadable(id, errorMessage(err));
      this.message = `That saved game could not be opened: ${errorMessage(err)}. It is kept as it is in Saved games.`;
      this.notify();
      return;
    }
    const empty = this.hist.coord.length === 0 && this.ending === null;
    // Saved as it is now, before switching.
    this.save();
    if (this.keeper.resume(id, empty) === null) {
      rules.free();
      return;
    }
    this.message = '';
    this.note = '';
    this.definition = definition;
    this.takeSettings(g);
    this.replaceGame(rules, g.ending);
  }

  /** Plays again what undo took back (against the AI, your move and its reply). */
  redo(): void {
    if (this.turn !== null || this.localSide !== null) return;
    this.ending = null;
    this.leaveView();
    this.ai.cancel();
    const human = this.humanSide();
    let n = 0;
    do {
      if (!this.rules.redo()) break;
      n++;
    } while (human !== null && this.rules.sideToMove() !== human);
    this.redoCount = Math.max(0, this.redoCount - n);
    this.changed();
  }

  /**
   * A new game of `variantId` (built-in or of the gallery) from its setup,
   * or from `fen`; in a variant with random setups, from the setup of
   * `seed`, or of a seed drawn afresh when it is null.
   */
  newGame(variantId: string = this.variant.id, fen: string | null = null, seed: number | null = null): void {
    try {
      this.message = '';
      const same = variantId === this.variant.id;
      const definition = same ? this.definition : this.definitionFor(variantId);
      // A random setup is drawn by a new game of the engine's (the variant stays compiled).
      const random = fen === null && (seed !== null || (same && this.variant.random_setup === true));
      const rules = same && !random ? this.rules.withPosition(fen) : Rules.create(variantId, fen, [], definition, fen === null ? seed : null);
      this.replaceKeeping(rules, definition);
    } catch (e) {
      this.message = `No new game: ${errorMessage(e)}`;
      this.changed();
    }
  }

  /**
   * A new game of the variant chosen in the menu. A gallery variant's
   * definition is loaded as a page's is: compiled a few milliseconds at a
   * time between frames, then its problems, if any, told (the game stays)
   * or its game started. A later choice cancels the compilation.
   */
  async chooseVariant(variantId: string): Promise<void> {
    const text = variantId === this.variant.id ? null : this.definitionFor(variantId);
    if (text === null) {
      this.newGame(variantId);
      return;
    }
    this.cancelLoading();
    const loading = { id: variantId, abort: new AbortController() };
    this.loadingVariant = loading;
    this.message = '';
    this.notify();
    let problems: DefinitionProblem[];
    try {
      problems = await compileDefinition(text, loading.abort.signal);
    } catch (e) {
      if (loading.abort.signal.aborted) return;
      problems = [{ at: '', message: errorMessage(e) }];
    }
    if (this.loadingVariant !== loading) return;
    this.loadingVariant = null;
    if (problems.length > 0) {
      const file = this.gallery.find((g) => g.id === variantId)?.file ?? variantId;
      const n = problems.length;
      const list = problems.map((p) => (p.at === '' ? p.message : `${p.at}: ${p.message}`)).join('; ');
      this.message = `The variant definition "${file}" has ${n} problem${n === 1 ? '' : 's'}: ${list}`;
      this.changed();
      return;
    }
    // Compiled and kept by the engine: the game's creation compiles nothing again.
    this.newGame(variantId);
  }

  private cancelLoading(): void {
    this.loadingVariant?.abort.abort();
    this.loadingVariant = null;
  }

  setMode(mode: Mode): void {
    if (mode !== 'hotseat' && this.ai.failure !== null) {
      this.message = `The AI is unavailable (${this.ai.failure}).`;
      mode = 'hotseat';
    }
    this.ai.cancel();
    this.mode = mode;
    this.localSide = null;
    this.ai.paused = false;
    if (mode === 'white-ai') this.orientation = 'white';
    if (mode === 'black-ai') this.orientation = 'black';
    this.changed();
  }

  setLevel(level: number): void {
    this.level = level;
    this.changed();
  }

  setAutoFlip(on: boolean): void {
    this.autoFlip = on;
    this.changed();
  }

  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.changed();
  }

  /** Shows the position after `ply` moves, read-only; the live position when `ply` is the last. */
  showPly(ply: number): void {
    if (this.turn !== null) return;
    const coord = this.hist.coord;
    this.leaveView();
    if (ply >= 0 && ply < coord.length) {
      try {
        this.view = { ply, rules: this.rules.withPosition(this.hist.start_fen, coord.slice(0, ply)) };
      } catch (e) {
        this.message = `Cannot show that position: ${errorMessage(e)}`;
      }
    }
    this.changed();
  }

  // ---- the AI

  /** Cancels the AI's search (or, in AI vs AI, its wait between moves); it waits until asked to play again. */
  stopAi(): void {
    this.stepping = false;
    if (this.ai.stop()) this.changed();
    else if (this.mode === 'ai-ai' && !this.ai.paused) {
      this.ai.paused = true;
      this.changed();
    }
  }

  /** A paused AI plays one move, at once, then pauses again. */
  stepAi(): void {
    if (!this.ai.paused || this.status.over || !this.isAiTurn(this.status.side)) return;
    this.stepping = true;
    this.lastMoveAt = 0;
    this.ai.paused = false;
    this.changed();
  }

  /** The least time between two moves of AI vs AI, in ms. */
  setPace(ms: number): void {
    this.paceMs = Math.max(0, ms);
    if (this.paceTimer !== null) {
      clearTimeout(this.paceTimer);
      this.paceTimer = null;
    }
    this.changed();
  }

  /** Plays the best move found so far; false when the AI has none yet (it keeps thinking). */
  moveNow(): boolean {
    return this.ai.moveNow();
  }

  /** Lets a paused AI play again. */
  resumeAi(): void {
    this.ai.paused = false;
    this.changed();
  }

  /** Ends the game for good (an embedded board removed): the AI's request is dropped and the wasm memory is freed. */
  dispose(): void {
    this.cancelLoading();
    if (this.paceTimer !== null) clearTimeout(this.paceTimer);
    this.ai.dispose();
    this.board.dispose();
    this.leaveView();
    this.rules.free();
  }

  // ---- records

  private setupFen(variantId: string): string {
    let fen = this.setups.get(variantId);
    if (fen === undefined) {
      const r = variantId === this.variant.id ? this.rules.withPosition(null) : Rules.create(variantId, null, [], this.definitionFor(variantId));
      fen = r.startFen();
      r.free();
      this.setups.set(variantId, fen);
    }
    return fen;
  }

  /** The game as PGN-like text, moves in `notation`, with tags naming the players. */
  exportText(notation: Notation = 'coord'): string {
    return recordText(this.variant.id, this.hist, this.status, this.setupFen(this.variant.id), notation, this.players(), this.seedValue);
  }

  /**
   * Why saved game `id` (of a built-in variant) does not replay on this
   * page, or null when it does, is of a gallery variant (not compiled just
   * to check it), or is gone.
   */
  replayProblem(id: string): string | null {
    const g = this.keeper.library?.get(id)?.game;
    if (g === undefined || this.definitionFor(g.variant) !== null) return null;
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
    const rules = createGame(g.variant, g.startFen, g.moves, this.definitionFor(g.variant), g.seed ?? null);
    try {
      const status = withEnding(rules.status(), g.ending);
      const ai = (c: Color) => (g.mode === 'ai-ai' || (g.mode === 'white-ai' && c === 1) || (g.mode === 'black-ai' && c === 0));
      const side = (c: Color) => (ai(c) ? `bigboard AI, level ${g.level}` : g.mode === 'hotseat' ? '?' : 'Player');
      const players = { white: side(0), black: side(1), date: new Date(e.created) };
      return recordText(g.variant, rules.history(), status, this.setupFen(g.variant), notation, players, rules.seed());
    } finally {
      rules.free();
    }
  }

  /** Who plays each side, for a record's tags. */
  private players(): Players {
    const ai = `bigboard AI, level ${this.level}`;
    const side = (c: Color) => (this.isAiTurn(c) ? ai : this.mode === 'hotseat' ? '?' : 'Player');
    return { white: side(0), black: side(1), date: new Date() };
  }

  /** The game as a link's fragment: the variant, its start when not the setup, and the moves. */
  linkFragment(): string {
    const id = this.variant.id;
    if (this.seedValue !== null) return linkFragment({ variant: id, fen: null, moves: this.hist.coord, seed: this.seedValue });
    const fen = this.hist.start_fen === this.setupFen(id) ? null : this.hist.start_fen;
    return linkFragment({ variant: id, fen, moves: this.hist.coord });
  }

  /** Opens the game of a link; throws with the reason, leaving the game unchanged. */
  openLink(g: LinkedGame): void {
    const definition = this.definitionFor(g.variant);
    const known = definition !== null || this.variants.some((v) => v.id === g.variant);
    if (!known) throw new Error(`the link's variant '${g.variant.slice(0, 40)}' is not one of this page's`);
    const rules = Rules.create(g.variant, g.fen, [], definition, g.fen === null ? (g.seed ?? null) : null);
    try {
      playMoves(rules, g.moves);
    } catch (e) {
      rules.free();
      throw e;
    }
    this.message = '';
    this.replaceKeeping(rules, definition);
  }

  /**
   * A new game of the author definition `text` (a definition link's, the
   * piece editor's), compiled between frames; throws with its problems,
   * leaving the game unchanged.
   */
  async openDefinition(text: string): Promise<void> {
    const problems = await compileDefinition(text);
    if (problems.length > 0) {
      throw new Error(`the definition has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems.map((p) => (p.at === '' ? p.message : `${p.at}: ${p.message}`)).join('; ')}`);
    }
    // Compiled and kept by the engine: the game's creation compiles nothing again.
    const rules = Rules.create('', null, [], text);
    this.message = '';
    this.replaceKeeping(rules, text);
  }

  /** Replaces the game by the one in `text` (of a built-in or gallery variant); throws with the reason, leaving the game unchanged. */
  importText(text: string): void {
    const current = this.variant.id;
    const definitionOf = (id: string) => (id === current ? this.definition : this.definitionFor(id));
    const rules = readRecord(text, [...this.variants, ...this.gallery], current, definitionOf);
    this.message = '';
    this.replaceKeeping(rules, definitionOf(rules.variant().id));
  }
}

/**
 * A game rebuilt from what was kept: from the setup of `seed` when it is
 * given and is still `startFen` (a seed's setup is fixed, but a save from
 * another build is checked), else from `startFen`.
 */
function createGame(variant: string, startFen: string, moves: readonly string[], definition: string | null, seed: number | null): Rules {
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

function startOf(o: AppOptions): GameStart {
  return o.start ?? { variant: o.variants[0]?.id ?? 'xhess', definition: null, fen: null, moves: [] };
}
