// The page's side of the AI worker: one request at a time, progress
// reports, and Stop / Move now by terminating a busy worker (a searching
// wasm worker reads no messages) and starting a fresh one.
import type { SearchChoice, SearchProgress } from '../types';
import { isFromWorker, type FromWorker, type ThinkRequest, type ToWorker } from './protocol';

export interface AiClientEvents {
  /** The search in progress finished a depth. */
  progress(info: SearchProgress): void;
  /** The AI cannot work (the worker or its wasm failed); it stays off. */
  failed(message: string): void;
}

export type ThinkParams = Omit<ThinkRequest, 'type' | 'id'>;

interface Pending {
  id: number;
  resolve(choice: SearchChoice | null): void;
  reject(error: Error): void;
  last: SearchProgress | null;
}

export class AiClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending: Pending | null = null;
  private failure: string | null = null;

  constructor(
    private readonly spawn: () => Worker,
    private readonly events: AiClientEvents,
  ) {
    this.worker = this.start();
  }

  /** Why the AI is off, or null while it works. */
  get failed(): string | null {
    return this.failure;
  }

  /** A search is under way. */
  get busy(): boolean {
    return this.pending !== null;
  }

  private start(): Worker | null {
    let w: Worker;
    try {
      w = this.spawn();
    } catch (e) {
      queueMicrotask(() => this.fail(`the AI worker could not be started: ${e instanceof Error ? e.message : e}`));
      return null;
    }
    w.addEventListener('message', (e: MessageEvent) => {
      if (w === this.worker && isFromWorker(e.data)) this.receive(e.data);
    });
    w.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      if (w === this.worker) this.fail(`the AI worker failed${e.message ? `: ${e.message}` : ''}`);
    });
    return w;
  }

  private receive(m: FromWorker): void {
    const p = this.pending;
    switch (m.type) {
      case 'ready':
        return;
      case 'fatal':
        this.fail(m.message);
        return;
      case 'progress':
        if (p !== null && p.id === m.id) {
          p.last = m.info;
          this.events.progress(m.info);
        }
        return;
      case 'result':
        if (p !== null && p.id === m.id) {
          this.pending = null;
          p.resolve(m.choice);
        }
        return;
      case 'error':
        if (p !== null && p.id === m.id) {
          this.pending = null;
          p.reject(new Error(m.message));
        }
    }
  }

  private post(m: ToWorker): void {
    this.worker?.postMessage(m);
  }

  private fail(message: string): void {
    if (this.failure !== null) return;
    this.failure = message;
    this.worker?.terminate();
    this.worker = null;
    const p = this.pending;
    this.pending = null;
    p?.resolve(null);
    this.events.failed(message);
  }

  /** Replaces a busy worker by a fresh one: the only way to interrupt a search. */
  private restart(): void {
    this.worker?.terminate();
    this.worker = this.start();
  }

  /**
   * Chooses a move. Resolves with null when stopped or when the AI failed;
   * rejects when the engine refused the request. A request made while
   * another runs stops that one first.
   */
  think(params: ThinkParams): Promise<SearchChoice | null> {
    if (this.failure !== null) return Promise.resolve(null);
    this.stop();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, last: null };
      this.post({ type: 'think', id, ...params });
    });
  }

  /** Cancels the search in progress, if any. */
  stop(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    this.restart();
    p.resolve(null);
  }

  /**
   * Ends the search now with the first move of the last line it reported;
   * false (and the search goes on) when it has reported none yet.
   */
  moveNow(): boolean {
    const p = this.pending;
    const best = p?.last?.pv[0];
    if (p === null || p.last === null || best === undefined) return false;
    this.pending = null;
    this.restart();
    const { score_cp, mate, depth, nodes, pv } = p.last;
    p.resolve({ best, score_cp, mate, depth, nodes, pv });
    return true;
  }

  /** Forgets what the engine learned (a new game). */
  clear(): void {
    if (this.pending === null) this.post({ type: 'clear', id: this.nextId++ });
  }

  dispose(): void {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
  }
}
