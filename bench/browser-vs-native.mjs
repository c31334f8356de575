// The AI in a real browser worker against the native engine: the same
// fixed-depth search, by turns, in a Web Worker of headless Chromium (the
// module the page loads, www/pkg) and in the native binary.
//
//   node bench/browser-vs-native.mjs VARIANT DEPTH ROUNDS
//
// Run by `BROWSER=1 bench/wasm-vs-native.sh [VARIANT] [DEPTH]`. The worker
// lives through the whole run, as the page's does through a game: it
// searches twice first (the browser compiles the hot code with its
// optimising tier while the first searches run), then each round runs one
// native search and one in the worker, in alternating order so that the
// machine's drift falls on both alike. Both use a 64 MB hash table cleared
// before each search, so both search the same tree (checked). Prints
// each round, the medians, and each side's fastest round with their ratio
// (the machine's other load only slows a search, so on a busy machine the
// fastest rounds are the least disturbed).
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { WORKER_PAGE, launchChromium, searchWorker, serve } from './browser-search.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(`${root}www/package.json`)('playwright-core');
const [variant = 'xhess', depth = '13', rounds = '8'] = process.argv.slice(2);
const bin = `${root}target/release/bigboard`;
const HASH_MB = Number(process.env.HASH ?? 64);

const WORKER = searchWorker('pkg', HASH_MB);

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

const server = await serve(async (url) => {
  const path = url.pathname;
  if (path === '/') return ['text/html; charset=utf-8', WORKER_PAGE];
  if (path === '/worker.js') return ['text/javascript', WORKER];
  if (/^\/pkg\/bigboard(_bg\.wasm|\.js)$/.test(path)) {
    return [TYPES[path.slice(path.lastIndexOf('.'))], await readFile(`${root}www${path}`)];
  }
});

const browser = await launchChromium(chromium);

/** One search in the worker: [nodes, nodes a second]. */
async function browserRate(page) {
  const r = await page.evaluate((q) => window.ask(q), { variant, depth: Number(depth) });
  if (r.error) throw new Error(`the worker's search failed: ${r.error}`);
  return [r.nodes, Math.round((r.nodes / r.ms) * 1000)];
}

/** One native search: [nodes, nodes a second] of its last depth. */
function nativeRate() {
  const out = spawnSync(bin, ['search', variant, '--depth', depth, '--hash', String(HASH_MB)], { encoding: 'utf8' });
  const line = out.stdout.split('\n').find((l) => l.startsWith(`info depth ${depth} `));
  if (!line) throw new Error(`the native search gave no depth ${depth}: ${out.stderr}`);
  return [Number(/ nodes (\d+)/.exec(line)[1]), Number(/ nps (\d+)/.exec(line)[1])];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (let i = 0; i < 2; i++) await browserRate(page);
  const natives = [];
  const browsers = [];
  const ratios = [];
  for (let i = 1; i <= Number(rounds); i++) {
    let n, w;
    if (i % 2) {
      n = nativeRate();
      w = await browserRate(page);
    } else {
      w = await browserRate(page);
      n = nativeRate();
    }
    if (n[0] !== w[0]) throw new Error(`the searches differ: ${n[0]} nodes native, ${w[0]} in the browser`);
    natives.push(n[1]);
    browsers.push(w[1]);
    ratios.push(w[1] / n[1]);
    console.log(`round ${i}: native ${n[1]} nodes/s, browser worker ${w[1]} nodes/s, ${Math.round((100 * w[1]) / n[1])}%`);
  }
  console.log(
    `median: native ${median(natives)} nodes/s, browser worker ${median(browsers)} nodes/s; ` +
      `median of the rounds' ratios ${Math.round(100 * median(ratios.map((r) => r * 1e6)) / 1e6)}%`,
  );
  // The machine's other load only slows a search: each side's fastest
  // round is its speed least disturbed.
  const best = (xs) => Math.max(...xs);
  console.log(
    `fastest: native ${best(natives)} nodes/s, browser worker ${best(browsers)} nodes/s; ` +
      `their ratio ${Math.round((100 * best(browsers)) / best(natives))}%`,
  );
} finally {
  await browser.close();
  server.close();
}
