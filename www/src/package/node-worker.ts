// The package's search worker for Node (worker_threads): its own wasm
// instance and one long-lived Engine, answering the page's worker protocol
// (src/ai/protocol.ts) as src/ai/worker.ts does in a browser.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import init, { Engine } from 'bigboard-wasm';
import type { SearchChoice, SearchProgress } from '../engine/types';
import { isToWorker, type FromWorker } from '../ai/protocol';

/** Hash table size in megabytes (as the page's worker). */
const HASH_MB = 48;

const port = parentPort;
if (port === null) throw new Error('bigboard: node-worker.js runs as a worker_threads Worker');
const post = (m: FromWorker) => port.postMessage(m);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

const ready: Promise<Engine> = readFile(new URL('./bigboard_bg.wasm', import.meta.url))
  .then((bytes) => init({ module_or_path: bytes }))
  .then(() => new Engine(HASH_MB));
ready.then(
  () => post({ type: 'ready' }),
  (e: unknown) => post({ type: 'fatal', message: `the search could not start: ${message(e)}` }),
);

port.on('message', (req: unknown) => {
  if (!isToWorker(req)) return;
  void ready.then((engine) => {
    if (req.type === 'clear') return engine.clear();
    if (req.type !== 'think') return;
    const { id } = req;
    try {
      const t0 = performance.now();
      engine.load(req.variant, req.definition ?? null);
      post({ type: 'loaded', id, ms: performance.now() - t0 });
      const choice = engine.think(req.variant, req.definition ?? null, req.fen, req.moves, req.level, req.timeMs, req.seed, (info) =>
        post({ type: 'progress', id, info: info as SearchProgress }),
      ) as SearchChoice;
      post({ type: 'result', id, choice });
    } catch (e) {
      post({ type: 'error', id, message: message(e) });
    }
  }, () => {});
});
