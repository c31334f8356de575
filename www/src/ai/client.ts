// One user's handle on the shared engine worker (the AI, the Hint button
// or the analysis): one request at a time, its progress reports, Stop and
// Move now. The EngineHost decides when the request runs.
import type { SearchChoice, SearchProgress } from '../engine/types';
import type { EngineHost, Job, Priority, ThinkParams } from './host';

export type { ThinkParams } from './host';

export interface AiClientEvents {
  /** The search in progress finished a depth. */
  progress(info: SearchProgress): void;
  /** The engine cannot work (the worker or its wasm failed); it stays off. */
  failed(message: string): void;
}

interface Pending extends Job {
  resolve(choice: SearchChoice | null): void;
  last: SearchProgress | null;
}

export class AiClient {
  private pending: Pending | null = null;
  private readonly hostEvents = { failed: (message: string) => this.fail(message) };

  constructor(
    private readonly host: EngineHost,
    private readonly priority: Priority,
    private readonly events: AiClientEvents,
  ) {
    host.listen(this.hostEvents);
    const failure = host.failed;
    if (failure !== null) queueMicrotask(() => this.fail(failure));
  }

  /** Why the engine is off, or null while it works. */
  get failed(): string | null {
    return this.host.failed;
  }

  /** A request is waiting or being searched. */
  get busy(): boolean {
    return this.pending !== null;
  }

  private fail(message: string): void {
    const p = this.pending;
    this.pending = null;
    p?.resolve(null);
    this.events.failed(message);
  }

  /**
   * Chooses a move. Resolves with null when stopped, when the engine
   * failed or was ended; rejects when the engine refused the request. A request made
   * while another of this client's waits or runs drops that one first.
   */
  think(params: ThinkParams): Promise<SearchChoice | null> {
    if (this.host.failed !== null || this.host.closed) return Promise.resolve(null);
    this.stop();
    return new Promise((resolve, reject) => {
      const done = () => {
        if (this.pending === p) this.pending = null;
      };
      const p: Pending = {
        params,
        last: null,
        resolve,
        owner: {
          priority: this.priority,
          progress: (info) => {
            p.last = info;
            this.events.progress(info);
          },
          result: (choice) => {
            done();
            resolve(choice);
          },
          error: (message) => {
            done();
            reject(new Error(message));
          },
        },
      };
      this.pending = p;
      this.host.submit(p);
    });
  }

  /** Drops the request waiting or in progress, if any (it resolves with null). */
  stop(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    this.host.withdraw(p);
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
    this.host.withdraw(p);
    const { score_cp, mate, depth, nodes, pv } = p.last;
    p.resolve({ best, score_cp, mate, depth, nodes, pv });
    return true;
  }

  /** Starts the engine ahead of the first request (see `EngineHost.prepare`). */
  prepare(): void {
    this.host.prepare();
  }

  /** Forgets what the engine learned (a new game). */
  clear(): void {
    this.host.clear();
  }

  /** Drops the request and stops listening; the worker is the host's to end. */
  dispose(): void {
    this.stop();
    this.host.unlisten(this.hostEvents);
  }
}
