// The package's Platform in Node: the wasm module is read from the
// package with fs, and a search runs in a worker_threads Worker
// (node-worker.ts), so it does not hold the caller's thread and can be
// stopped by ending the worker, as in a browser. The Node entries
// ('bigboard', 'bigboard/import' under the node condition) each set it.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { isFromWorker } from '../ai/protocol';
import type { Platform } from './platform';

/** Where the engine comes from in Node. */
export const nodePlatform: Platform = {
  wasm: () => readFile(new URL('./bigboard_bg.wasm', import.meta.url)),
  worker: () => {
    const w = new Worker(new URL('./node-worker.js', import.meta.url), { name: 'bigboard-engine' });
    // A search worker left idle does not keep Node running.
    w.unref();
    return {
      post: (m) => {
        w.ref();
        w.postMessage(m);
      },
      listen: (listener, failed) => {
        w.on('message', (m: unknown) => {
          if (!isFromWorker(m)) return;
          if (m.type === 'result' || m.type === 'error') w.unref();
          listener(m);
        });
        w.on('error', (e: Error) => failed(e.message));
      },
      terminate: () => void w.terminate(),
    };
  },
};
