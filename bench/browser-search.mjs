// What the browser benchmarks share: the worker that runs one timed
// search of the module, and headless Chromium started as the tests start
// it, and the local server of the page.

import { createServer } from 'node:http';

/**
 * The source of a module Web Worker that loads the module from `dir`
 * (relative to the worker) with a hash table of `hashMb` megabytes and,
 * for each message `{ variant, depth }`, clears the table, searches the
 * variant's start to that depth and answers `{ nodes, ms }` (or
 * `{ error }`).
 */
export function searchWorker(dir, hashMb) {
  return `import init, { Engine } from './${dir}/bigboard.js';
const ready = init({ module_or_path: new URL('./${dir}/bigboard_bg.wasm', import.meta.url) }).then(() => new Engine(${hashMb}));
onmessage = async (e) => {
  const { variant, depth } = e.data;
  try {
    const engine = await ready;
    engine.clear();
    const t = performance.now();
    const r = engine.searchDepth(variant, null, '', '', depth);
    postMessage({ nodes: r.nodes, ms: performance.now() - t });
  } catch (err) {
    postMessage({ error: String(err) });
  }
};`;
}

/**
 * A page that starts the module Web Worker ./worker.js and gives
 * `window.ask(message)`: a promise of the worker's answer (answers come in
 * the order asked).
 */
export const WORKER_PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
const worker = new Worker('./worker.js', { type: 'module' });
const waiting = [];
worker.onmessage = (e) => waiting.shift()(e.data);
window.ask = (message) => new Promise((ok) => { waiting.push(ok); worker.postMessage(message); });
</script>`;

/** Headless Chromium (`CHROMIUM`, or Debian's), through playwright-core's `chromium`. */
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A local HTTP server for the benchmark's page, listening on a free port:
 * `route(url)` answers `[content type, body]` for a request's URL, or
 * nothing for a 404 (as does an error while reading a file).
 */
export async function serve(route) {
  const server = createServer(async (req, res) => {
    try {
      const found = await route(new URL(req.url ?? '/', 'http://x'));
      if (found) {
        res.writeHead(200, { 'content-type': found[0] }).end(found[1]);
      } else {
        res.writeHead(404).end();
      }
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}
