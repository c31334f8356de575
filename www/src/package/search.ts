// The package's search: the engine in a worker of its own (a Web Worker in
// a browser, a worker_threads Worker in Node), so a search never holds the
// caller's thread. It speaks the page's worker protocol (src/ai/protocol.ts)
// and, as the page does (src/ai/host.ts), stops a search by ending the
// worker: a wasm search reads no messages while it runs.
import type { FromWorker } from '../ai/protocol';
import { MAX_LEVEL, MIN_LEVEL, type SearchChoice, type SearchProgress } from '../engine/types';
import { platform, type WorkerLink } from './platform';

/** The position to search: a Board, or the texts that make one. */
export interface SearchRequest {
  /** The variant's id (a built-in, or the id of `definition`). */
  variant: string;
  /** The TOML text of an author-defined variant; absent or null for a built-in. */
  definition?: string | null;
  /** The position text the game started from. */
  fen: string;
  /** The moves played from it, coordinate texts (the engine sees repetitions through them). */
  moves?: readonly string[];
}

/** How long and how hard to search, and whom to tell as it goes. */
export interface SearchOptions {
  /** The strength, 1 to 8 as in the app (3 by default). */
  level?: number;
  /** The most time to think, in milliseconds (1000 by default). */
  timeMs?: number;
  /** Seeds the choice among equal moves (1 by default): the same seed, the same move. */
  seed?: number;
  /** Called after each depth with its depth, score, nodes and principal variation. */
  onProgress?: (info: SearchProgress) => void;
  /** Aborting it stops the search: the promise resolves with null. */
  signal?: AbortSignal;
}

interface Pending {
  id: number;
  onProgress?: (info: SearchProgress) => void;
  resolve(choice: SearchChoice | null): void;
  reject(e: Error): void;
}

/** Where a position comes from: a Board answers these. */
interface PositionSource {
  readonly definition: string | null;
  variant(): { id: string };
  startFen(): string;
  moves(): string[];
}

/**
 * The engine searching in a worker. One search at a time: a second
 * `search()` stops the first (which resolves with null). The worker, its
 * wasm and its hash table live until `close()`; the first search starts it.
 */
export class Search {
  private link: WorkerLink | null = null;
  private pending: Pending | null = null;
  private nextId = 1;

  private worker(): WorkerLink {
    if (this.link !== null) return this.link;
    const link = platform().worker();
    link.listen(
      (m) => this.receive(m),
      (message) => this.fail(`bigboard: the search worker failed: ${message}`),
    );
    this.link = link;
    return link;
  }

  private receive(m: FromWorker): void {
    const p = this.pending;
    if (m.type === 'fatal') return this.fail(`bigboard: ${m.message}`);
    if (p === null || !('id' in m) || m.id !== p.id) return;
    if (m.type === 'progress') p.onProgress?.(m.info);
    else if (m.type === 'result') {
      this.pending = null;
      p.resolve(m.choice);
    } else if (m.type === 'error') {
      this.pending = null;
      p.reject(new Error(`bigboard: ${m.message}`));
    }
  }

  private fail(message: string): void {
    const p = this.pending;
    this.pending = null;
    this.link?.terminate();
    this.link = null;
    p?.reject(new Error(message));
  }

  /**
   * Chooses a move for the side to move in `position` (a Board, or its
   * variant, start position and moves). Resolves with the move chosen
   * (`best`, a coordinate text; null when there is no legal move), its
   * score, depth and principal variation; with null when stopped. Rejects
   * when the engine refuses the position.
   */
  search(position: PositionSource | SearchRequest, options: SearchOptions = {}): Promise<SearchChoice | null> {
    this.stop();
    const req: SearchRequest =
      'startFen' in position
        ? { variant: position.variant().id, definition: position.definition, fen: position.startFen(), moves: position.moves() }
        : position;
    const level = Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(options.level ?? 3)));
    const timeMs = Math.max(1, options.timeMs ?? 1000);
    const seed = (options.seed ?? 1) >>> 0;
    if (options.signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const p: Pending = { id, onProgress: options.onProgress, resolve, reject };
      this.pending = p;
      options.signal?.addEventListener('abort', () => {
        if (this.pending === p) this.stop();
      });
      try {
        this.worker().post({
          type: 'think',
          id,
          variant: req.variant,
          definition: req.definition ?? null,
          fen: req.fen,
          moves: (req.moves ?? []).join(' '),
          level,
          timeMs,
          seed,
        });
      } catch (e) {
        this.pending = null;
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** Stops the search under way, if any (it resolves with null); the next search starts a fresh worker. */
  stop(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    this.link?.terminate();
    this.link = null;
    p.resolve(null);
  }

  /** Stops any search and ends the worker. */
  close(): void {
    this.stop();
    this.link?.terminate();
    this.link = null;
  }
}
