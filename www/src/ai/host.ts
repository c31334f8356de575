// One engine worker shared by the AI, the Hint button and the analysis of
// a page (or of one board element), so that their memory is that of one
// wasm instance: one compiled variant and one hash table. The worker
// answers one request at a time; waiting requests go by priority (the AI's
// move, then a hint, then analysis). A busy wasm search reads no messages:
// a search that is no longer wanted, or is in the way of a more urgent
// one, is interrupted by ending the worker and starting a fresh one, unless
// letting it run out is quicker than the new worker's start (loading the
// wasm and compiling the variant again); an interrupted request that is
// still wanted runs again afterwards.
import type { SearchChoice, SearchProgress } from '../engine/types';
import { isFromWorker, type FromWorker, type ThinkRequest, type ToWorker } from './protocol';

/** Who asks: the AI's move comes first, then a hint, then analysis. */
export type Priority = 'ai' | 'hint' | 'analysis';
const RANK: Record<Priority, number> = { ai: 0, hint: 1, analysis: 2 };

export type ThinkParams = Omit<ThinkRequest, 'type' | 'id'>;

/** What the host tells the one who asked for a search. */
export interface JobOwner {
  readonly priority: Priority;
  /** The search finished a depth (or a search covering this one did). */
  progress(info: SearchProgress): void;
  result(choice: SearchChoice): void;
  /** The engine refused the request. */
  error(message: string): void;
}

/** A request, waiting or running. */
export interface Job {
  readonly owner: JobOwner;
  readonly params: ThinkParams;
}

interface Running {
  job: Job;
  id: number;
  /** When the worker began the search (after compiling the variant), or null before. */
  searchingSince: number | null;
  /** No one wants its answer any more. */
  abandoned: boolean;
}

/** Until measured: how long a fresh worker takes to load the wasm and be ready, in milliseconds. */
const DEFAULT_START_MS = 150;

/** The definition text of the variant, or its built-in id: what the worker compiles. */
const variantKey = (p: ThinkParams) => p.definition ?? `builtin:${p.variant}`;
const samePosition = (a: ThinkParams, b: ThinkParams) =>
  variantKey(a) === variantKey(b) && a.fen === b.fen && a.moves === b.moves;

/** A search for `by` answers `wanted` as well: the same position, at least as strong and as long. */
export function covers(by: ThinkParams, wanted: ThinkParams): boolean {
  return samePosition(by, wanted) && by.level >= wanted.level && by.timeMs >= wanted.timeMs;
}

export interface HostEvents {
  /** The worker cannot work (it or its wasm failed); every request is dropped and none is taken any more. */
  failed(message: string): void;
}

export class EngineHost {
  private worker: Worker | null = null;
  private spawnedAt = 0;
  private startMs = DEFAULT_START_MS;
  /** How long the worker took to compile each variant (key: variantKey). */
  private readonly compileMs = new Map<string, number>();
  private running: Running | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private failure: string | null = null;
  private disposed = false;
  private scheduled = false;
  private readonly listeners = new Set<HostEvents>();
  /** Workers started so far (for tests and measurements). */
  started = 0;

  constructor(private readonly spawn: () => Worker) {}

  /** Why the engine is off, or null while it works. */
  get failed(): string | null {
    return this.failure;
  }

  /** Ended for good by `dispose`: requests are not taken any more. */
  get closed(): boolean {
    return this.disposed;
  }

  /** Tells `events` when the worker fails, until `unlisten`. */
  listen(events: HostEvents): void {
    this.listeners.add(events);
  }

  unlisten(events: HostEvents): void {
    this.listeners.delete(events);
  }

  /** Queues `job`; the owner hears from it unless it is withdrawn first. */
  submit(job: Job): void {
    if (this.failure !== null || this.disposed) return;
    this.waiting.push(job);
    this.schedule();
  }

  /** Drops `job`, waiting or running: its owner hears nothing more from it. */
  withdraw(job: Job): void {
    const i = this.waiting.indexOf(job);
    if (i >= 0) this.waiting.splice(i, 1);
    if (this.running?.job === job) this.running.abandoned = true;
    this.schedule();
  }

  /**
   * Starts the worker ahead of a request (an AI that will have to move):
   * it warms up while no request waits, so that the first search is made
   * by code the browser has optimised already.
   */
  prepare(): void {
    if (this.failure !== null || this.disposed) return;
    this.ensureWorker();
  }

  /** Forgets what the engine learned (a new game). */
  clear(): void {
    this.post({ type: 'clear', id: this.nextId++ });
  }

  /** Ends the worker for good. */
  dispose(): void {
    this.disposed = true;
    this.waiting.length = 0;
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
  }

  // ---- scheduling

  /** The most urgent waiting job (the first asked among equals). */
  private next(): Job | null {
    let best: Job | null = null;
    for (const j of this.waiting) if (best === null || RANK[j.owner.priority] < RANK[best.owner.priority]) best = j;
    return best;
  }

  /** Dispatches, or interrupts what is in the way, now. */
  private schedule(): void {
    if (this.failure !== null || this.disposed) return;
    const next = this.next();
    const r = this.running;
    if (r !== null) {
      const outranked = next !== null && RANK[next.owner.priority] < RANK[r.job.owner.priority];
      if (!(r.abandoned || outranked) || !this.quickerToRestart(r)) return;
      this.restart();
    }
    if (next === null) return;
    this.waiting.splice(this.waiting.indexOf(next), 1);
    const id = this.nextId++;
    this.running = { job: next, id, searchingSince: null, abandoned: false };
    this.ensureWorker();
    this.post({ type: 'think', id, ...next.params });
  }

  /** Schedules in a later task: after an answer, its owner may ask again first. */
  private scheduleSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.schedule();
    }, 0);
  }

  /**
   * Whether a fresh worker would be ready before the running search ends by
   * itself. Never while the worker is still starting or compiling: a new
   * one would have to do the same again.
   */
  private quickerToRestart(r: Running): boolean {
    if (r.searchingSince === null) return false;
    const left = r.job.params.timeMs - (performance.now() - r.searchingSince);
    return left > this.startMs + (this.compileMs.get(variantKey(r.job.params)) ?? 0);
  }

  /** Ends the busy worker; the search it ran goes back to wait when still wanted. */
  private restart(): void {
    const r = this.running;
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
    if (r !== null && !r.abandoned) this.waiting.unshift(r.job);
  }

  // ---- the worker

  private ensureWorker(): void {
    if (this.worker !== null) return;
    let w: Worker;
    try {
      w = this.spawn();
    } catch (e) {
      queueMicrotask(() => this.fail(`the engine worker could not be started: ${e instanceof Error ? e.message : e}`));
      return;
    }
    this.started++;
    this.spawnedAt = performance.now();
    w.addEventListener('message', (e: MessageEvent) => {
      if (w === this.worker && isFromWorker(e.data)) this.receive(e.data);
    });
    w.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      if (w === this.worker) this.fail(`the engine worker failed${e.message ? `: ${e.message}` : ''}`);
    });
    this.worker = w;
  }

  private post(m: ToWorker): void {
    this.worker?.postMessage(m);
  }

  private receive(m: FromWorker): void {
    const r = this.running;
    switch (m.type) {
      case 'ready':
        this.startMs = performance.now() - this.spawnedAt;
        return;
      case 'fatal':
        this.fail(m.message);
        return;
      case 'loaded':
        if (r === null || r.id !== m.id) return;
        r.searchingSince = performance.now();
        this.compileMs.set(variantKey(r.job.params), m.ms);
        this.schedule();
        return;
      case 'progress':
        if (r === null || r.id !== m.id || r.abandoned) return;
        r.job.owner.progress(m.info);
        // A waiting request this search answers as well shows its progress meanwhile.
        for (const j of this.waiting) if (covers(r.job.params, j.params)) j.owner.progress(m.info);
        return;
      case 'result':
      case 'error': {
        if (r === null || r.id !== m.id) return;
        this.running = null;
        if (!r.abandoned) {
          if (m.type === 'error') r.job.owner.error(m.message);
          else {
            r.job.owner.result(m.choice);
            for (const j of this.waiting.filter((w) => covers(r.job.params, w.params))) {
              this.waiting.splice(this.waiting.indexOf(j), 1);
              j.owner.result(m.choice);
            }
          }
        }
        this.scheduleSoon();
      }
    }
  }

  private fail(message: string): void {
    if (this.failure !== null || this.disposed) return;
    this.failure = message;
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
    this.waiting.length = 0;
    for (const l of [...this.listeners]) l.failed(message);
  }
}
