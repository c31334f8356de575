// Two builds of the module, each in its own Web Worker of one headless
// Chromium page, searching the same tree by turns: how much faster one
// build runs than the other in the browser itself (Node's V8 is older than
// Chromium's and does not always agree).
//
//   node bench/browser-ab.mjs PKG_A PKG_B [VARIANT] [DEPTH] [ROUNDS]
//
// PKG_A and PKG_B are directories like www/pkg (bigboard.js and
// bigboard_bg.wasm), for example a copy of www/pkg kept before a change
// and www/pkg rebuilt after it by ./build.sh. Defaults: xhess, depth 12, 10
// rounds. Both workers search twice first (the browser compiles the hot
// code with its optimising tier meanwhile); each round then runs one search
// in each, the first alternating between A and B so that the machine's
// drift falls on both alike. Prints each round's rates and B's speed over
// A's, then the median and mean of those ratios. HASH=MB sets both hash
// tables (48 by default, the page's).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, searchWorker, serve } from './browser-search.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(`${root}www/package.json`)('playwright-core');
const [a, b, variant = 'xhess', depth = '12', rounds = '10'] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node bench/browser-ab.mjs PKG_A PKG_B [VARIANT] [DEPTH] [ROUNDS]');
  process.exit(2);
}
const PKGS = { a: resolve(a), b: resolve(b) };
const HASH_MB = Number(process.env.HASH ?? 48);

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
function worker(build) {
  const w = new Worker('./worker.js?' + build, { type: 'module' });
  const waiting = [];
  w.onmessage = (e) => waiting.shift()(e.data);
  return (request) => new Promise((ok) => { waiting.push(ok); w.postMessage(request); });
}
window.search = { a: worker('a'), b: worker('b') };
</script>`;

const server = await serve(async (url) => {
  const build = url.search.slice(1);
  const file = /^\/(a|b)\/(bigboard\.js|bigboard_bg\.wasm)$/.exec(url.pathname);
  if (url.pathname === '/') return ['text/html; charset=utf-8', PAGE];
  if (url.pathname === '/worker.js' && /^(a|b)$/.test(build)) return ['text/javascript', searchWorker(build, HASH_MB)];
  if (file) {
    const type = file[2].endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    return [type, await readFile(`${PKGS[file[1]]}/${file[2]}`)];
  }
});

const browser = await launchChromium(chromium);

/** One search in build `which`'s worker: [nodes, nodes a second]. */
async function rate(page, which) {
  const r = await page.evaluate(([w, q]) => window.search[w](q), [which, { variant, depth: Number(depth) }]);
  if (r.error) throw new Error(`build ${which.toUpperCase()}'s search failed: ${r.error}`);
  return [r.nodes, (r.nodes / r.ms) * 1000];
}

try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (let i = 0; i < 2; i++) {
    await rate(page, 'a');
    await rate(page, 'b');
  }
  const ratios = [];
  for (let i = 1; i <= Number(rounds); i++) {
    const order = i % 2 ? ['a', 'b'] : ['b', 'a'];
    const r = {};
    for (const w of order) r[w] = await rate(page, w);
    // A different tree would make the rates incomparable.
    if (r.a[0] !== r.b[0]) throw new Error(`the searches differ: ${r.a[0]} nodes in A, ${r.b[0]} in B`);
    ratios.push(r.b[1] / r.a[1]);
    console.log(
      `round ${i}: A ${Math.round(r.a[1])} nodes/s, B ${Math.round(r.b[1])} nodes/s, B/A ${(r.b[1] / r.a[1]).toFixed(3)}`,
    );
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = ratios.reduce((s, x) => s + x, 0) / ratios.length;
  console.log(`B/A: median ${median.toFixed(3)}, mean ${mean.toFixed(3)} over ${ratios.length} rounds`);
} finally {
  await browser.close();
  server.close();
}
