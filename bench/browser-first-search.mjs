// The first move of a fresh engine worker: the page's own worker
// (www/dist/worker.js, built by ./build.sh) asked to move at once, as when
// the AI has the first move, or after a person's first second of thought,
// which the worker spends warming up (`Engine.warmUp`). A browser runs a
// module's code first as its baseline compiler made it and optimises a
// function only once it has run a while, so a search that starts at once
// runs its first second or so on slower code.
//
//   node bench/browser-first-search.mjs [VARIANT] [TIME_MS] [ROUNDS]
//
// Defaults: xhess, 2000 ms (the AI's level 8 searching from the start
// position for that long), 4 rounds. Each round starts two fresh workers
// in turn, each in a fresh browser context (nothing compiled before): one
// asked as soon as it is made, one 1,200 ms after it said it was ready
// (alternating which goes first). Prints each search's nodes a second
// (nodes over the time from the start of the search to its result) and
// depth, then the medians. PAUSE=MS sets the wait. SECOND=1 also times
// each worker's second move (the same request again, the code then
// optimised, the table holding the first move's search).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { launchChromium, serve } from './browser-search.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { chromium } = createRequire(`${root}www/package.json`)('playwright-core');
const [variant = 'xhess', timeMs = '2000', rounds = '4'] = process.argv.slice(2);
const PAUSE_MS = Number(process.env.PAUSE ?? 1200);
const SECOND = process.env.SECOND === '1';
const dist = `${root}www/dist`;

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
// Starts the page's worker; asks it to think after \`pauseMs\` (none: at
// once), and again when \`second\`.
window.firstMove = (request, pauseMs, second) => new Promise((done, fail) => {
  const w = new Worker('./worker.js', { type: 'module' });
  let started = 0;
  const runs = [];
  w.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'ready' && pauseMs !== null) setTimeout(() => w.postMessage(request), pauseMs);
    if (m.type === 'loaded') started = performance.now();
    if (m.type === 'result') {
      runs.push({ nodes: m.choice.nodes, depth: m.choice.depth, ms: performance.now() - started });
      if (second && runs.length === 1) w.postMessage({ ...request, id: 2 });
      else done(runs);
    }
    if (m.type === 'error' || m.type === 'fatal') fail(new Error(m.message));
  };
  if (pauseMs === null) w.postMessage(request);
});
</script>`;

const server = await serve(async (url) => {
  if (url.pathname === '/') return ['text/html; charset=utf-8', PAGE];
  const file = /^\/(worker\.js|bigboard_bg\.wasm)$/.exec(url.pathname);
  if (file) return [file[1].endsWith('.wasm') ? 'application/wasm' : 'text/javascript', await readFile(`${dist}/${file[1]}`)];
});

const browser = await launchChromium(chromium);

async function firstMove(pauseMs) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const request = { type: 'think', id: 1, variant, definition: null, fen: '', moves: '', level: 8, timeMs: Number(timeMs), seed: 1 };
    return await page.evaluate(([q, p, s]) => window.firstMove(q, p, s), [request, pauseMs, SECOND]);
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length / 2;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[m - 1] + s[m]) / 2;
};
const rate = (r) => (r.nodes / r.ms) * 1000;
const label = { now: 'asked at once', later: `asked ${PAUSE_MS} ms after ready` };

try {
  const runs = { now: [], later: [] };
  const seconds = [];
  for (let i = 1; i <= Number(rounds); i++) {
    for (const when of i % 2 ? ['now', 'later'] : ['later', 'now']) {
      const [r, again] = await firstMove(when === 'now' ? null : PAUSE_MS);
      runs[when].push(r);
      if (again) seconds.push(again);
      const then = again ? `; second move ${Math.round(rate(again) / 1000)}k nodes/s, depth ${again.depth}` : '';
      console.log(`round ${i}, ${label[when]}: ${Math.round(rate(r) / 1000)}k nodes/s, depth ${r.depth}${then}`);
    }
  }
  for (const when of ['now', 'later']) {
    const rs = runs[when];
    console.log(
      `${label[when]}: median ${Math.round(median(rs.map(rate)) / 1000)}k nodes/s, depth ${median(rs.map((r) => r.depth))}`,
    );
  }
  if (seconds.length > 0) {
    console.log(`second moves: median ${Math.round(median(seconds.map(rate)) / 1000)}k nodes/s, depth ${median(seconds.map((r) => r.depth))}`);
  }
} finally {
  await browser.close();
  server.close();
}
