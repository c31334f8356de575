// The package's Platform in a browser: the wasm module and the search
// worker are the files beside the script (dist/bigboard_bg.wasm,
// dist/worker.js), found by its own URL as bundlers that follow
// `new URL(..., import.meta.url)` expect. The browser entries ('bigboard',
// 'bigboard/import') each set it.
import { isFromWorker } from '../ai/protocol';
import type { Platform } from './platform';

/** Where the engine comes from in a browser. */
export const browserPlatform: Platform = {
  wasm: () => new URL('./bigboard_bg.wasm', import.meta.url),
  worker: () => {
    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'bigboard-engine' });
    return {
      post: (m) => w.postMessage(m),
      listen: (listener, failed) => {
        w.addEventListener('message', (e) => {
          const m: unknown = e.data;
          if (isFromWorker(m)) listener(m);
        });
        w.addEventListener('error', (e) => failed(e.message || 'the worker could not start'));
      },
      terminate: () => w.terminate(),
    };
  },
};
