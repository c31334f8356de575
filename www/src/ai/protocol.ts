// Messages between the page and the engine worker (the AI, hints and
// analysis share it): discriminated unions with a request id, and guards
// that check what arrives. The worker answers one request at a time, in
// the order sent; the page decides that order.
import type { SearchChoice, SearchProgress } from '../engine/types';

/** Think about the position reached from `fen` by `moves` (coordinate texts, space separated). */
export interface ThinkRequest {
  type: 'think';
  id: number;
  variant: string;
  /** The TOML text of an author-defined variant; absent or null for a built-in one. */
  definition?: string | null;
  fen: string;
  moves: string;
  level: number;
  timeMs: number;
  seed: number;
}

/** Forget what was learned (a new game). */
export interface ClearRequest {
  type: 'clear';
  id: number;
}

/**
 * The compiled wasm module, for a worker made from a blob (the single
 * offline file), which has no file beside it to load.
 */
export interface WasmMessage {
  type: 'wasm';
  id: number;
  module: WebAssembly.Module;
}

export type ToWorker = ThinkRequest | ClearRequest | WasmMessage;

export type FromWorker =
  /** The wasm instance and the engine are ready. */
  | { type: 'ready' }
  /** The variant of request `id` is compiled (taking `ms`, 0 when it was already); the search starts. */
  | { type: 'loaded'; id: number; ms: number }
  /** The search finished a depth. */
  | { type: 'progress'; id: number; info: SearchProgress }
  | { type: 'result'; id: number; choice: SearchChoice }
  /** A request failed; the worker goes on. */
  | { type: 'error'; id: number; message: string }
  /** The worker cannot work at all (the wasm failed to load). */
  | { type: 'fatal'; message: string };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string');
}

const isNumberOrNull = (x: unknown) => x === null || typeof x === 'number';

function isProgress(x: unknown): x is SearchProgress {
  return (
    isRecord(x) &&
    typeof x['depth'] === 'number' &&
    isNumberOrNull(x['score_cp']) &&
    isNumberOrNull(x['mate']) &&
    typeof x['nodes'] === 'number' &&
    typeof x['nps'] === 'number' &&
    typeof x['time_ms'] === 'number' &&
    isStringArray(x['pv'])
  );
}

function isChoice(x: unknown): x is SearchChoice {
  return (
    isRecord(x) &&
    (x['best'] === null || typeof x['best'] === 'string') &&
    isNumberOrNull(x['score_cp']) &&
    isNumberOrNull(x['mate']) &&
    typeof x['depth'] === 'number' &&
    typeof x['nodes'] === 'number' &&
    isStringArray(x['pv'])
  );
}

export function isToWorker(x: unknown): x is ToWorker {
  if (!isRecord(x) || !isId(x['id'])) return false;
  switch (x['type']) {
    case 'think':
      return (
        typeof x['variant'] === 'string' &&
        (x['definition'] === undefined || x['definition'] === null || typeof x['definition'] === 'string') &&
        typeof x['fen'] === 'string' &&
        typeof x['moves'] === 'string' &&
        typeof x['level'] === 'number' &&
        typeof x['timeMs'] === 'number' &&
        typeof x['seed'] === 'number'
      );
    case 'clear':
      return true;
    case 'wasm':
      return x['module'] instanceof WebAssembly.Module;
    default:
      return false;
  }
}

export function isFromWorker(x: unknown): x is FromWorker {
  if (!isRecord(x)) return false;
  switch (x['type']) {
    case 'ready':
      return true;
    case 'loaded':
      return isId(x['id']) && typeof x['ms'] === 'number' && x['ms'] >= 0;
    case 'progress':
      return isId(x['id']) && isProgress(x['info']);
    case 'result':
      return isId(x['id']) && isChoice(x['choice']);
    case 'error':
      return isId(x['id']) && typeof x['message'] === 'string';
    case 'fatal':
      return typeof x['message'] === 'string';
    default:
      return false;
  }
}
