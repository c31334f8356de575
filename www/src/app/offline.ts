// The app page's entry point in the single offline file (dist/bigboard.html):
// the wasm modules and the AI worker's code are inlined at build time (build.mjs
// defines the three constants), so the page needs no other file and no network.
import { errorMessage, requireWasmSimd } from '../engine/engine';
import { defineBigboardGame } from '../embed/element';
import { startPage } from './page';

declare const BIGBOARD_WASM_BASE64: string;
declare const BIGBOARD_WORKER_CODE: string;
declare const BIGBOARD_IMPORT_WASM_BASE64: string;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function boot(): Promise<void> {
  requireWasmSimd();
  const wasm = await WebAssembly.compile(decodeBase64(BIGBOARD_WASM_BASE64));
  const workerUrl = URL.createObjectURL(new Blob([BIGBOARD_WORKER_CODE], { type: 'text/javascript' }));
  const assets = {
    wasm: () => wasm,
    worker: () => {
      // A classic worker (a file:// page cannot start a module worker from a
      // blob); made from a blob, it has no wasm file beside it and waits for the module.
      const w = new Worker(workerUrl, { name: 'bigboard-engine' });
      w.postMessage({ type: 'wasm', id: 0, module: wasm });
      return w;
    },
  };
  // <bigboard-game> boards written into a copy of this file work from disk too, on the same inlined engine.
  defineBigboardGame(assets);
  // The import module is decoded and compiled when a variant is first pasted.
  startPage({ wasm, worker: assets.worker, importer: () => WebAssembly.compile(decodeBase64(BIGBOARD_IMPORT_WASM_BASE64)) });
}

boot().catch((e: unknown) => {
  document.body.textContent = `bigboard could not start: ${errorMessage(e)}`;
});
