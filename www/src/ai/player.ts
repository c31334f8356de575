// The AI's turns: a search in the worker when it is the AI's turn, its
// answer played only if the game has not moved on meanwhile, Stop, Move now
// and a worker that fails.
import type { SearchChoice, SearchProgress, Color } from '../engine/types';
import type { AiClient, AiClientEvents } from './client';

/** Thinking time at full strength (level 8; level 7 takes half, lower levels the engine's own limits). */
export const THINK_TIME_MS = 5000;

/** AI vs AI waits this long between moves unless told otherwise, so a game can be followed. */
export const DEFAULT_PACE_MS = 1000;

/** The position to think about. */
export interface AiTurn {
  variant: string;
  /** The TOML text of an author-defined variant, or null. */
  definition: string | null;
  fen: string;
  moves: readonly string[];
  side: Color;
  level: number;
}

export interface AiPlayerHooks {
  createClient(events: AiClientEvents): AiClient;
  /** The number of moves in the live game now. */
  plies(): number;
  /** Plays the AI's move, chosen by the search `choice` reports on. */
  play(text: string, choice: SearchChoice): void;
  /** The search ended without a move (stopped, refused: `error` says why). */
  idle(error: string | null): void;
  /** A progress report arrived. */
  progress(): void;
  /** The AI cannot work at all. */
  failed(message: string): void;
}

export class AiPlayer {
  /** Why the AI is off, or null. */
  failure: string | null = null;
  /** The search in progress: the side it plays for and its last report. */
  thinking: { side: Color; progress: SearchProgress | null } | null = null;
  /** Stopped by the user: it waits until asked to play again. */
  paused = false;
  private client: AiClient | null = null;
  /** Tells a late answer from the current one. */
  private token = 0;

  constructor(private readonly hooks: AiPlayerHooks) {}

  private ensureClient(): AiClient | null {
    if (this.client === null && this.failure === null) {
      this.client = this.hooks.createClient({
        progress: (info) => {
          if (this.thinking !== null) {
            this.thinking.progress = info;
            this.hooks.progress();
          }
        },
        failed: (message) => {
          this.failure = message;
          this.token++;
          this.thinking = null;
          this.hooks.failed(message);
        },
      });
    }
    return this.failure === null ? this.client : null;
  }

  /** Starts thinking about `turn` unless already thinking, paused or off. */
  start(turn: AiTurn): void {
    if (this.thinking !== null || this.paused) return;
    const client = this.ensureClient();
    if (client === null) return;
    const plies = turn.moves.length;
    const token = ++this.token;
    this.thinking = { side: turn.side, progress: null };
    client
      .think({
        variant: turn.variant,
        definition: turn.definition,
        fen: turn.fen,
        moves: turn.moves.join(' '),
        level: turn.level,
        timeMs: THINK_TIME_MS,
        seed: Math.floor(Math.random() * 0xffffffff),
      })
      .then(
        (choice) => {
          if (token !== this.token) return;
          this.thinking = null;
          if (choice?.best != null && plies === this.hooks.plies()) this.hooks.play(choice.best, choice);
          else this.hooks.idle(null);
        },
        (e: unknown) => {
          if (token !== this.token) return;
          this.thinking = null;
          this.paused = true;
          this.hooks.idle(e instanceof Error ? e.message : String(e));
        },
      );
  }

  /** Starts the engine ahead of the AI's first turn (see `EngineHost.prepare`). */
  prepare(): void {
    this.ensureClient()?.prepare();
  }

  /** Drops the search in progress, if any (the game changed under it). */
  cancel(): void {
    this.token++;
    this.thinking = null;
    this.client?.stop();
  }

  /** Cancels the search and pauses; false when there was none. */
  stop(): boolean {
    if (this.thinking === null) return false;
    this.cancel();
    this.paused = true;
    return true;
  }

  /** Plays the best move found so far; false when there is none yet (it keeps thinking). */
  moveNow(): boolean {
    return this.client?.moveNow() ?? false;
  }

  /** Stops for good: the search is dropped and the worker ends. */
  dispose(): void {
    this.cancel();
    this.client?.dispose();
    this.client = null;
  }

  /** A new game: forget what was learned. */
  clear(): void {
    this.paused = false;
    this.client?.clear();
  }
}
