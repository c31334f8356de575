// The game controller: plays, takes back and replays moves on the live
// game, opens and keeps games, views earlier positions, and lets the AI
// move when it is its turn. Headless: it draws nothing and asks no
// dialog; the app (`app.ts`) draws its position on the board and asks the
// player, and a unit test drives it in Node (`controller.test.ts`).
import { AiPlayer, DEFAULT_PACE_MS } from '../ai/player';
import { Rules, compileDefinition, errorMessage, type DefinitionProblem } from '../engine/engine';
import type { Mode, Square } from '../engine/types';
import { withEnding, type Ending } from '../record/ending';
import type { LinkedGame } from '../record/link';
import { playMoves, resolveMoveText } from '../record/movetext';
import { readRecord } from '../record/record';
import { pgnResult } from '../record/result';
import type { SavedGame } from '../record/storage';
import type { ReserveClass } from '../board/reserve-layout';
import type { Snapshot } from './keeper';
import { GameState, createGame, startOf, type ControllerOptions } from './state';
import { OpenTurn } from './turn';

export type { ControllerOptions, GameStart } from './state';

export class GameController extends GameState {
  readonly ai: AiPlayer;
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

  constructor(o: ControllerOptions) {
    super(o);
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
    const saved = this.keeper.restore();
    this.rules = this.restore(saved);
    this.reread();
  }

  private restore(saved: Snapshot | null): Rules {
    if (saved !== null) {
      try {
        // Its own definition, or the gallery's for its id.
        const definition = saved.definition ?? this.definitionFor(saved.variant);
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

  // ---- changes

  /** Re-reads the game after a change and shows it. */
  protected refresh(): void {
    this.reread();
    this.show(this.moved && this.view === null);
    this.moved = false;
  }

  /** Reads the live game's moves and status (with an ending outside the rules). */
  private reread(): void {
    this.hist = this.rules.history();
    this.status = withEnding(this.rules.status(), this.ending);
  }

  /** Shows the position (`shownPosition`); headless, nothing is drawn. */
  protected show(_animate: boolean): void {}

  private save(): void {
    // A turn is saved once it is whole.
    if (this.turn !== null) return;
    const game = this.snapshot();
    // A gallery variant is saved by its id, as a built-in one, and found
    // again in the gallery; a page's own definition is saved with the game.
    this.saveProblem = this.keeper.save({ ...game, definition: this.ownDefinition }, pgnResult(this.status));
  }

  /** After any change: show, save, tell the controls, and let the AI move if it is its turn. */
  private changed(): void {
    this.refresh();
    this.save();
    this.startAi();
    this.notify();
  }

  /** A game against the AI: its engine starts now, and warms up while the person thinks. */
  protected prepareAi(): void {
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

  protected notify(): void {
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

  /**
   * Plays a move entered on the board. When drops may follow it (a credit
   * held or earned by it), the move is played and the turn stays open:
   * the drop squares are marked until Done (Enter) or Escape.
   */
  protected playTurn(text: string): void {
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
  dropAt(sq: Square): void {
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

  /** An open turn: the next reserve man of `cls` is picked (or put back). */
  pickReserve(cls: ReserveClass): void {
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
    const e = this.keeper.library?.get(id);
    if (e === undefined || e === null) return;
    const g = e.game;
    // The game is rebuilt before anything switches: one that does not
    // replay (its definition no longer loads) is set aside as unreadable,
    // and the live game stays in its own entry.
    const definition = this.definitionOfSaved(e);
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
    this.leaveView();
    this.rules.free();
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

  /**
   * Replaces the game by the one in `text` (of a built-in or gallery
   * variant, the own variant played, or one of a saved game, whose
   * definition the record does not hold); throws with the reason, leaving
   * the game unchanged.
   */
  importText(text: string): void {
    const current = this.variant.id;
    const definitionOf = (id: string) => (id === current ? this.definition : (this.definitionFor(id) ?? this.keeper.library?.definitionOf(id) ?? null));
    const rules = readRecord(text, [...this.variants, ...this.gallery], current, definitionOf);
    this.message = '';
    this.replaceKeeping(rules, definitionOf(rules.variant().id));
  }
}
