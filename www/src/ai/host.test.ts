import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AiClient } from './client';
import { EngineHost, covers, type ThinkParams } from './host';
import type { FromWorker, ThinkRequest, ToWorker } from './protocol';
import type { SearchProgress } from '../engine/types';

/** A worker that records what it is sent and answers when told. */
class FakeWorker {
  readonly sent: ToWorker[] = [];
  terminated = false;
  private readonly listeners: ((e: { data: unknown }) => void)[] = [];

  postMessage(m: ToWorker): void {
    this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, f: (e: { data: unknown }) => void): void {
    if (type === 'message') this.listeners.push(f);
  }
  emit(m: FromWorker): void {
    for (const f of this.listeners) f({ data: m });
  }
  /** The requests to think, in the order sent. */
  get thinks(): ThinkRequest[] {
    return this.sent.filter((m): m is ThinkRequest => m.type === 'think');
  }
  get last(): ThinkRequest {
    const t = this.thinks;
    assert.ok(t.length > 0, 'nothing asked');
    return t[t.length - 1]!;
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const host = new EngineHost(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  const live = () => workers.filter((w) => !w.terminated);
  const failures: string[] = [];
  const shown: SearchProgress[] = [];
  const client = (priority: 'ai' | 'hint' | 'analysis') =>
    new AiClient(host, priority, { progress: (i) => shown.push(i), failed: (m) => failures.push(m) });
  return { host, workers, live, failures, shown, client };
}

const position: ThinkParams = { variant: 'xhess', definition: null, fen: 'start', moves: '', level: 8, timeMs: 1500, seed: 1 };
const progress = (depth: number): SearchProgress => ({ depth, score_cp: 10, mate: null, nodes: 100, nps: 1000, time_ms: 5, pv: ['e2e4'] });
const choice = (best: string) => ({ best, score_cp: 10, mate: null, depth: 3, nodes: 100, pv: [best] });
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('EngineHost', () => {
  test('one worker serves every client; the AI goes before a hint, a hint before analysis', async () => {
    const { workers, client } = setup();
    const analysis = client('analysis');
    const hint = client('hint');
    const ai = client('ai');
    const a = analysis.think({ ...position, moves: 'a' });
    const w = workers[0]!;
    assert.equal(w.last.moves, 'a');
    // Both wait while the analysis compiles its variant.
    const h = hint.think({ ...position, moves: 'h', timeMs: 700 });
    const m = ai.think({ ...position, moves: 'm', timeMs: 5000 });
    assert.equal(w.thinks.length, 1);
    w.emit({ type: 'result', id: w.last.id, choice: choice('a1a2') });
    assert.equal((await a)?.best, 'a1a2');
    await tick();
    assert.equal(w.last.moves, 'm');
    w.emit({ type: 'result', id: w.last.id, choice: choice('m1m2') });
    assert.equal((await m)?.best, 'm1m2');
    await tick();
    assert.equal(w.last.moves, 'h');
    w.emit({ type: 'result', id: w.last.id, choice: choice('h1h2') });
    assert.equal((await h)?.best, 'h1h2');
    assert.equal(workers.length, 1);
  });

  test('prepare starts the one worker ahead of the first request, which then goes to it', async () => {
    const { host, workers, client } = setup();
    const ai = client('ai');
    ai.prepare();
    ai.prepare();
    assert.equal(workers.length, 1, 'started once');
    assert.equal(workers[0]!.thinks.length, 0, 'nothing asked yet');
    const m = ai.think(position);
    assert.equal(workers.length, 1);
    const w = workers[0]!;
    w.emit({ type: 'result', id: w.last.id, choice: choice('e2e4') });
    assert.equal((await m)?.best, 'e2e4');
    host.dispose();
    ai.prepare();
    assert.equal(workers.length, 1, 'an ended host starts nothing');
  });

  test('a long analysis in the way of the AI is interrupted by a fresh worker, and runs again after', async () => {
    const { workers, live, client } = setup();
    const analysis = client('analysis');
    const ai = client('ai');
    void analysis.think({ ...position, timeMs: 60000 });
    const first = workers[0]!;
    first.emit({ type: 'ready' });
    first.emit({ type: 'loaded', id: first.last.id, ms: 3 });
    const m = ai.think({ ...position, moves: 'm', timeMs: 5000 });
    assert.equal(first.terminated, true);
    assert.equal(live().length, 1);
    const second = workers[1]!;
    assert.equal(second.last.moves, 'm');
    second.emit({ type: 'result', id: second.last.id, choice: choice('m1m2') });
    assert.equal((await m)?.best, 'm1m2');
    await tick();
    assert.equal(second.last.moves, '', 'the analysis runs again');
    assert.equal(live().length, 1);
  });

  test('a search is left to end by itself when that is sooner than a new worker compiling the variant', async () => {
    const { workers, client } = setup();
    const analysis = client('analysis');
    const ai = client('ai');
    const big = { ...position, definition: 'a large definition' };
    void analysis.think(big);
    const w = workers[0]!;
    // Still compiling: a new worker would have to compile again.
    const m = ai.think({ ...big, moves: 'm' });
    assert.equal(w.terminated, false);
    // Compiling took 20 s, more than the 1.5 s the analysis has left.
    w.emit({ type: 'loaded', id: w.last.id, ms: 20000 });
    assert.equal(w.terminated, false);
    w.emit({ type: 'result', id: w.last.id, choice: choice('a1a2') });
    await tick();
    assert.equal(w.last.moves, 'm');
    w.emit({ type: 'result', id: w.last.id, choice: choice('m1m2') });
    assert.equal((await m)?.best, 'm1m2');
    assert.equal(workers.length, 1);
  });

  test('Stop ends a long search at once; its late answer is ignored', async () => {
    const { workers, live, shown, client } = setup();
    const ai = client('ai');
    const m = ai.think({ ...position, timeMs: 5000 });
    const w = workers[0]!;
    w.emit({ type: 'loaded', id: w.last.id, ms: 1 });
    w.emit({ type: 'progress', id: w.last.id, info: progress(4) });
    assert.equal(shown.length, 1);
    ai.stop();
    assert.equal(await m, null);
    assert.equal(w.terminated, true);
    assert.equal(live().length, 0);
    assert.equal(ai.busy, false);
  });

  test('Move now answers with the line reported so far', async () => {
    const { workers, client } = setup();
    const ai = client('ai');
    const m = ai.think({ ...position, timeMs: 5000 });
    assert.equal(ai.moveNow(), false);
    const w = workers[0]!;
    w.emit({ type: 'loaded', id: w.last.id, ms: 1 });
    w.emit({ type: 'progress', id: w.last.id, info: { ...progress(6), pv: ['b3b7', 'a8b7'] } });
    assert.equal(ai.moveNow(), true);
    assert.deepEqual((await m)?.pv, ['b3b7', 'a8b7']);
    assert.equal(w.terminated, true);
  });

  test('a level-8 AI search of the position analysed shows its progress there and answers it', async () => {
    const { workers, shown, client } = setup();
    const ai = client('ai');
    const analysis = client('analysis');
    const m = ai.think({ ...position, timeMs: 5000 });
    const a = analysis.think(position);
    const w = workers[0]!;
    w.emit({ type: 'loaded', id: w.last.id, ms: 1 });
    w.emit({ type: 'progress', id: w.last.id, info: progress(9) });
    assert.deepEqual(
      shown.map((p) => p.depth),
      [9, 9],
    );
    w.emit({ type: 'result', id: w.last.id, choice: choice('c3c4') });
    assert.equal((await m)?.best, 'c3c4');
    assert.equal((await a)?.best, 'c3c4');
    await tick();
    assert.equal(w.thinks.length, 1);
  });

  test('covers: the same position, at least as strong and as long', () => {
    assert.ok(covers({ ...position, timeMs: 5000 }, position));
    assert.ok(!covers({ ...position, level: 3, timeMs: 5000 }, position));
    assert.ok(!covers({ ...position, timeMs: 700 }, position));
    assert.ok(!covers({ ...position, timeMs: 5000, moves: 'e2e4' }, position));
    assert.ok(!covers({ ...position, timeMs: 5000, definition: 'x' }, position));
  });

  test('a refused request rejects only its own client', async () => {
    const { workers, client } = setup();
    const ai = client('ai');
    const m = ai.think(position);
    const w = workers[0]!;
    w.emit({ type: 'error', id: w.last.id, message: 'unknown variant' });
    await assert.rejects(m, /unknown variant/);
    assert.equal(ai.failed, null);
  });

  test('a failed worker turns every client off, even one made afterwards', async () => {
    const { host, workers, failures, client } = setup();
    const ai = client('ai');
    const analysis = client('analysis');
    const m = ai.think(position);
    const a = analysis.think({ ...position, moves: 'x' });
    workers[0]!.emit({ type: 'fatal', message: 'no wasm' });
    assert.equal(await m, null);
    assert.equal(await a, null);
    assert.deepEqual(failures, ['no wasm', 'no wasm']);
    assert.equal(host.failed, 'no wasm');
    const hint = client('hint');
    assert.equal(await hint.think(position), null);
    await tick();
    assert.deepEqual(failures, ['no wasm', 'no wasm', 'no wasm']);
    assert.equal(workers.length, 1);
  });

  test('dispose ends the worker; a request made afterwards gets no answer at once', async () => {
    const { host, workers, client } = setup();
    const analysis = client('analysis');
    void analysis.think(position);
    host.dispose();
    assert.equal(workers[0]!.terminated, true);
    assert.equal(await analysis.think(position), null);
    assert.equal(workers.length, 1);
  });
});
