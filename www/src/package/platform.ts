// What differs between a browser and Node for the package: where the wasm
// module comes from, and how a search worker is started and spoken to.
import type { FromWorker, ToWorker } from '../ai/protocol';
import type { WasmSource } from './api';


/** A started search worker, as the package's Search speaks to it. */
export interface WorkerLink {
  post(message: ToWorker): void;
  /** Calls `listener` with each message, and `failed` when the worker itself fails. */
  listen(listener: (message: FromWorker) => void, failed: (message: string) => void): void;
  terminate(): void;
}

export interface Platform {
  /** The package's own wasm module. */
  wasm(): WasmSource | Promise<WasmSource>;
  /** Starts a search worker (its own wasm instance). */
  worker(): WorkerLink;
}

let current: Platform | null = null;

/** Sets where the wasm and the search worker come from (each entry point does, once). */
export function setPlatform(p: Platform): void {
  current = p;
}

/** The platform the entry point set. */
export function platform(): Platform {
  if (current === null) throw new Error('bigboard: no platform set (import "bigboard", not a file inside it)');
  return current;
}
