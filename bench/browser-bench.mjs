// `bigboard bench`'s twelve positions in a real browser worker against the
// native engine: each round runs the native `bench` and the same searches
// in a Web Worker of headless Chromium (the module the page loads,
// www/pkg), in alternating order so that the machine's drift falls on both
// alike. As `bench` does, each search has a fresh 16 MB table; both sides
// search the same trees (checked).
//
//   node bench/browser-bench.mjs [ROUNDS]       (default 4)
//
// Needs `./build.sh` (www/pkg) and `cargo build --release` (the native
// binary, which also lists the positions: `bigboard bench --list`). The
// worker searches them all once before the rounds (the browser compiles
// the hot code with its optimising tier meanwhile). Prints each round's
// nodes a second over all the positions, native and in the worker, and
// their ratio; then, per position, the ratio of the medians.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { WORKER_PAGE, launchChromium, serve } from './browser-search.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(`${root}www/package.json`)('playwright-core');
const rounds = Number(process.argv[2] ?? 4);
const bin = `${root}target/release/bigboard`;

/** The native binary's output lines for `args`. */
function run(args) {
  const out = spawnSync(bin, args, { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`bigboard ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.split('\n').filter((l) => l !== '');
}

const positions = run(['bench', '--list']).map((l) => {
  const [variant, depth, fen, moves] = l.split('\t');
  return { variant, depth: Number(depth), fen, moves };
});

// Each position searched with a fresh engine (16 MB), as `bench` does: [nodes, ms] each.
const WORKER = `import init, { Engine } from './pkg/bigboard.js';
const ready = init({ module_or_path: new URL('./pkg/bigboard_bg.wasm', import.meta.url) });
onmessage = async (e) => {
  await ready;
  const out = [];
  for (const { variant, fen, moves, depth } of e.data) {
    const engine = new Engine(16);
    const t = performance.now();
    const r = engine.searchDepth(variant, null, fen, moves, depth);
    out.push([r.nodes, performance.now() - t]);
    engine.free();
  }
  postMessage(out);
};`;

const server = await serve(async (url) => {
  const path = url.pathname;
  if (path === '/') return ['text/html; charset=utf-8', WORKER_PAGE];
  if (path === '/worker.js') return ['text/javascript', WORKER];
  if (/^\/pkg\/bigboard(_bg\.wasm|\.js)$/.test(path)) {
    return [path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript', await readFile(`${root}www${path}`)];
  }
});

/** The native `bench`: [nodes, ms] of each position. */
function native() {
  const lines = run(['bench']).filter((l) => / depth +\d+ /.test(l));
  if (lines.length !== positions.length) throw new Error(`bench printed ${lines.length} searches`);
  return lines.map((l) => {
    const m = / (\d+) nodes +(\d+) ms/.exec(l);
    return [Number(m[1]), Number(m[2])];
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length / 2;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[m - 1] + s[m]) / 2;
};
const rate = ([nodes, ms]) => (nodes / ms) * 1000;
const total = (runs) => [runs.reduce((s, r) => s + r[0], 0), runs.reduce((s, r) => s + r[1], 0)];

const browser = await launchChromium(chromium);
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.evaluate((p) => window.ask(p), positions);
  const per = positions.map(() => ({ native: [], worker: [] }));
  for (let i = 1; i <= rounds; i++) {
    const first = i % 2 ? native() : null;
    const w = await page.evaluate((p) => window.ask(p), positions);
    const n = first ?? native();
    positions.forEach((p, j) => {
      if (n[j][0] !== w[j][0]) throw new Error(`${p.variant} depth ${p.depth}: ${n[j][0]} nodes native, ${w[j][0]} in the worker`);
      per[j].native.push(rate(n[j]));
      per[j].worker.push(rate(w[j]));
    });
    const [nr, wr] = [rate(total(n)), rate(total(w))];
    console.log(`round ${i}: native ${Math.round(nr / 1000)}k nodes/s, browser worker ${Math.round(wr / 1000)}k nodes/s, ${Math.round((100 * wr) / nr)}%`);
  }
  positions.forEach((p, j) => {
    const ratio = median(per[j].worker) / median(per[j].native);
    console.log(`${p.variant.padEnd(17)} depth ${String(p.depth).padStart(2)}${p.moves ? ' (moves in)' : ''}: ${Math.round(100 * ratio)}%`);
  });
} finally {
  await browser.close();
  server.close();
}
