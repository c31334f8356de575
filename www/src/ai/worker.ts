// The engine worker, one per page or board, serving the AI, hints and
// analysis: its own wasm instance with one compiled variant and one
// long-lived Engine whose hash table survives between requests. A search
// blocks this thread; the page stops it by terminating the worker.
import init, { Engine } from 'bigboard-wasm';
import type { SearchChoice, SearchProgress } from '../engine/types';
import { isToWorker, type FromWorker, type ToWorker } from './protocol';

/** The part of the worker's global scope used here (the page's types are the DOM's). */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

/** Hash table size in megabytes. */
const HASH_MB = 48;

/**
 * How long a fresh worker warms up at most, in milliseconds (see
 * `Engine.warmUp`): the browser optimises the search's code over about a
 * second of searching. The warm-up is short searches, each followed by a
 * look at the messages: it stops as soon as a search is asked for.
 */
const WARM_UP_MS = 1000;

const scope = self as unknown as WorkerScope;
const post = (m: FromWorker) => scope.postMessage(m);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A worker made from a blob (the single offline file) has no wasm file
 * beside it: the page sends the compiled module in its first message.
 */
function wasmSource(): Promise<URL | WebAssembly.Module> {
  if (!import.meta.url.startsWith('blob:')) return Promise.resolve(new URL('./bigboard_bg.wasm', import.meta.url));
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent) => {
      const m: unknown = e.data;
      if (isToWorker(m) && m.type === 'wasm') {
        scope.removeEventListener('message', onMessage);
        resolve(m.module);
      }
    };
    scope.addEventListener('message', onMessage);
  });
}

const ready: Promise<Engine> = wasmSource()
  .then((source) => init({ module_or_path: source }))
  .then(() => new Engine(HASH_MB));
ready.then(
  (engine) => {
    post({ type: 'ready' });
    void warmUp(engine);
  },
  (e: unknown) => post({ type: 'fatal', message: `the AI could not start: ${message(e)}` }),
);

/** A search was asked for: warming up is over. */
let asked = false;

async function warmUp(engine: Engine): Promise<void> {
  const end = performance.now() + WARM_UP_MS;
  while (!asked && performance.now() < end) {
    engine.warmUp();
    // A task's turn: a message waiting is handled now.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function handle(engine: Engine, req: ToWorker): void {
  switch (req.type) {
    case 'clear':
      engine.clear();
      return;
    case 'wasm':
      return;
    case 'think': {
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
    }
  }
}

scope.addEventListener('message', (e) => {
  const req: unknown = e.data;
  if (!isToWorker(req)) return;
  if (req.type === 'think') asked = true;
  ready.then(
    (engine) => handle(engine, req),
    () => {},
  );
});
