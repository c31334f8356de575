import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isFromWorker, isToWorker, type FromWorker, type ToWorker } from './protocol';

const progress = { depth: 3, score_cp: 25, mate: null, nodes: 1200, nps: 50000, time_ms: 24, pv: ['e2e4', 'e9e7'] };
const choice = { best: 'e2e4', score_cp: null, mate: 2, depth: 5, nodes: 9000, pv: ['e2e4'] };

describe('isToWorker', () => {
  test('accepts every request', () => {
    const good: ToWorker[] = [
      { type: 'think', id: 1, variant: 'xhess', fen: 'x', moves: 'e2e4', level: 3, timeMs: 5000, seed: 7 },
      { type: 'clear', id: 0 },
    ];
    for (const m of good) assert.ok(isToWorker(m), JSON.stringify(m));
  });

  test('rejects anything else', () => {
    const bad: unknown[] = [
      null,
      42,
      'think',
      {},
      { type: 'think', id: 1 },
      { type: 'think', id: -1, variant: 'x', fen: '', moves: '', level: 1, timeMs: 1, seed: 1 },
      { type: 'think', id: 1.5, variant: 'x', fen: '', moves: '', level: 1, timeMs: 1, seed: 1 },
      { type: 'think', id: 1, variant: 'x', fen: '', moves: [], level: 1, timeMs: 1, seed: 1 },
      { type: 'clear' },
      { type: 'stop', id: 1 },
    ];
    for (const m of bad) assert.equal(isToWorker(m), false, JSON.stringify(m));
  });
});

describe('isFromWorker', () => {
  test('accepts every message', () => {
    const good: FromWorker[] = [
      { type: 'ready' },
      { type: 'loaded', id: 2, ms: 0 },
      { type: 'loaded', id: 2, ms: 1250.5 },
      { type: 'progress', id: 2, info: progress },
      { type: 'result', id: 2, choice },
      { type: 'result', id: 2, choice: { ...choice, best: null, pv: [] } },
      { type: 'error', id: 2, message: 'unknown variant' },
      { type: 'fatal', message: 'no wasm' },
    ];
    for (const m of good) assert.ok(isFromWorker(m), JSON.stringify(m));
  });

  test('rejects anything else', () => {
    const bad: unknown[] = [
      undefined,
      { type: 'progress', id: 2 },
      { type: 'progress', id: 2, info: { ...progress, pv: 'e2e4' } },
      { type: 'progress', id: 2, info: { ...progress, depth: '3' } },
      { type: 'result', choice },
      { type: 'result', id: 2, choice: { ...choice, best: 5 } },
      { type: 'error', id: 2 },
      { type: 'fatal' },
      { type: 'loaded', id: 2 },
      { type: 'loaded', ms: 3 },
      { type: 'loaded', id: 2, ms: -1 },
      { type: 'loaded', id: 2, ms: '3' },
      { type: 'hello' },
    ];
    for (const m of bad) assert.equal(isFromWorker(m), false, JSON.stringify(m));
  });
});
