// Page load and definition load times of two builds of the wasm module,
// side by side: how long the module takes to compile and instantiate, and
// how long each built-in definition (src/variants/*.toml) takes to read and
// compile into a variant (a `DefinitionLoader` stepped to the end). Each
// sample is a fresh Node process, the builds taking turns, so that both
// see the same minutes of a busy machine; medians are printed.
//
//   node bench/load-times.mjs PKG_A PKG_B [ROUNDS]    (ROUNDS 15)
//
// A PKG is a directory as `./build.sh` leaves www/pkg (bigboard.js and
// bigboard_bg.wasm). To compare with another commit, build it in a copy
// of the repository and pass its www/pkg.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const definitions = readdirSync(`${root}src/variants`)
  .filter((f) => f.endsWith('.toml'))
  .sort()
  .map((f) => [f.replace(/\.toml$/, ''), readFileSync(`${root}src/variants/${f}`, 'utf8')]);

if (process.argv[2] === '--sample') {
  // One sample: this process loads the module once and each definition once
  // (a definition compiled once is kept, so a second load would measure the cache).
  const pkg = resolve(process.argv[3]);
  const bytes = readFileSync(`${pkg}/bigboard_bg.wasm`);
  const wasm = await import(pathToFileURL(`${pkg}/bigboard.js`).href);
  const start = performance.now();
  wasm.initSync({ module: new WebAssembly.Module(bytes) });
  const times = { module: performance.now() - start };
  for (const [id, text] of definitions) {
    const t = performance.now();
    const loader = new wasm.DefinitionLoader(text);
    while (!loader.step(1e9));
    if (loader.problems().length > 0) throw new Error(`${id}: ${JSON.stringify(loader.problems())}`);
    times[id] = performance.now() - t;
  }
  console.log(JSON.stringify(times));
  process.exit(0);
}

const [a, b, rounds = '15'] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node bench/load-times.mjs PKG_A PKG_B [ROUNDS]');
  process.exit(2);
}
const samples = { [a]: [], [b]: [] };
for (let i = 0; i < Number(rounds); i++) {
  for (const pkg of i % 2 === 0 ? [a, b] : [b, a]) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--sample', pkg], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${pkg}: ${r.stderr}`);
    samples[pkg].push(JSON.parse(r.stdout));
  }
}
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1];
};
const size = (pkg) => {
  // Gzipped as ./build.sh measures it: `gzip -9`.
  const file = `${resolve(pkg)}/bigboard_bg.wasm`;
  const gz = spawnSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 26 }).stdout.length;
  return `${readFileSync(file).length.toLocaleString('en')} (${gz.toLocaleString('en')} gz)`;
};
const rows = [['', ...[a, b]], ['module bytes', size(a), size(b)]];
for (const key of ['module', ...definitions.map(([id]) => id)]) {
  const label = key === 'module' ? 'compile + instantiate, ms' : `load ${key}, ms`;
  rows.push([label, ...[a, b].map((pkg) => median(samples[pkg].map((s) => s[key])).toFixed(1))]);
}
console.log(`medians of ${rounds} runs each, alternating (node ${process.version})`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
