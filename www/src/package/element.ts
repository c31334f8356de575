// The package's element entry ('bigboard/element'): importing it defines
// <bigboard-game> (docs/embedding.md), its wasm module and AI worker the
// files beside this script (dist/bigboard_bg.wasm, dist/worker.js) unless
// `defineBigboardGame` is given others, as a bundle that moves them needs.
import { defineBigboardGame as define } from '../embed/element';

/** Where the element finds the engine: the wasm module, and how to start an AI worker. */
export interface ElementAssets {
  /** The wasm module (bigboard_bg.wasm): its URL, or the compiled module. */
  wasm(): URL | WebAssembly.Module | Promise<URL | WebAssembly.Module>;
  /** Starts an AI worker: a module Worker of the package's dist/worker.js. */
  worker(): Worker;
}

/**
 * Defines `<bigboard-game>` (once; importing this module already has,
 * with the files beside it). Call it with `assets` before the first
 * element is connected when your bundler serves bigboard_bg.wasm and
 * worker.js from elsewhere.
 */
export function defineBigboardGame(assets?: ElementAssets): void {
  define(assets);
}

define();
