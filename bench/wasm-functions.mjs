// Where the module's extra instructions are, function by function: the
// instructions a node each hot function executes in the browser engine's
// code for the module (V8 under Node, optimising tier only) and natively,
// counted by valgrind's callgrind between two depths of the same search,
// so that start-up cancels and the machine's load does not matter.
//
//   node bench/wasm-functions.mjs [VARIANT] [SHALLOW] [DEEP]   (xhess 6 9)
//
// Run by `FUNCTIONS=1 bench/wasm-vs-native.sh [VARIANT] [DEEP]`. Needs
// `./build.sh` first (www/pkg, the native binary, wasm-bindgen and
// www/node_modules) and valgrind. `NODE=PATH` runs another Node: V8 reads
// the module's branch hints from version 13.7 (Node 26's V8 does, Node
// 20's does not), so an older Node counts code the browser no longer makes.
// `PKG=DIR` counts another build of the module (as www/pkg, built from the
// code the native binary and target/wasm32-unknown-unknown were built
// from, whose names it takes).
//
// The module is www/pkg's, which has no names: its functions are named
// from a copy built the same way with names kept (`wasm-opt -g`), whose
// functions keep their order. V8 names the code it makes in a perf map
// (`--perf-basic-prof`); callgrind's per-instruction counts are summed
// over each function's code there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { default: binaryen } = await import(`${root}www/node_modules/binaryen/index.js`);
const [variant = 'xhess', shallow = '6', deep = '9'] = process.argv.slice(2);
const node = process.env.NODE ?? 'node';
const bin = `${root}target/release/bigboard`;
const pkg = process.env.PKG ?? `${root}www/pkg`;
const work = mkdtempSync(join(tmpdir(), 'bigboard-functions-'));

function run(command, args) {
  // In the scratch directory: V8 writes its code log (isolate-*.log) where it runs.
  const r = spawnSync(command, args, { cwd: work, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  return r;
}

/** Function names by index (imports first), from a copy of www/pkg's module built with names. */
function functionNames() {
  const built = `${root}target/wasm32-unknown-unknown/release/bigboard.wasm`;
  run('wasm-bindgen', ['--target', 'web', '--out-dir', work, '--no-typescript', built]);
  const features = ['bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue', 'simd'];
  const named = join(work, 'named.wasm');
  run(`${root}www/node_modules/.bin/wasm-opt`, ['-O3', '-g', ...features.map((f) => `--enable-${f}`), '-o', named, join(work, 'bigboard_bg.wasm')]);
  const m = binaryen.readBinary(readFileSync(named));
  const all = [];
  for (let i = 0; i < m.getNumFunctions(); i++) all.push(binaryen.getFunctionInfo(m.getFunctionByIndex(i)));
  m.dispose();
  return [...all.filter((f) => f.module), ...all.filter((f) => !f.module)].map((f) => f.name);
}

/** A readable function name: no hash, no crate path, impl blocks by their type. */
const short = (name) =>
  name
    .replace(/::h[0-9a-f]{16}$/, '')
    .replace(/'\d+$/, '')
    .replace(/<impl bigboard::[\w:]*::(\w+)>/g, '$1')
    .replace(/bigboard::/g, '');

/** Self instructions by function from a callgrind file; `at(address)` names code without symbols. */
function selfCosts(file, at) {
  const costs = new Map();
  const names = new Map();
  let fn = '';
  let address = 0;
  let skip = false;
  const position = (token, previous) =>
    token === '*' ? previous : token[0] === '+' ? previous + parseInt(token.slice(1)) : token[0] === '-' ? previous - parseInt(token.slice(1)) : parseInt(token);
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // Names are given once, where first met (as a function or a callee).
    const named = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (named && named[2] !== undefined) names.set(named[1], named[2]);
    if (line.startsWith('fn=')) {
      fn = names.get(named[1]);
    } else if (line.startsWith('calls=')) {
      skip = true;
    } else if (/^[0-9+*-]/.test(line)) {
      const parts = line.split(' ');
      address = position(parts[0], address);
      if (skip) {
        skip = false;
        continue;
      }
      // Positions are (instruction, line) with instructions dumped, (line) without.
      const name = at ? at(address) : fn;
      const n = Number(parts[at ? 2 : 1]);
      if (name && n) costs.set(name, (costs.get(name) ?? 0) + n);
    }
  }
  return costs;
}

/** The module's search to `depth` under callgrind: [self instructions by function, nodes]. */
function moduleCosts(depth, names) {
  const out = join(work, `module-${depth}.cg`);
  const script = `import { readFileSync } from 'node:fs';
const mod = await import('${pkg}/bigboard.js');
mod.initSync({ module: readFileSync('${pkg}/bigboard_bg.wasm') });
console.log('nodes ' + new mod.Engine(16).searchDepth('${variant}', null, '', '', ${depth}).nodes);`;
  const r = run('valgrind', ['--tool=callgrind', '--dump-instr=yes', `--callgrind-out-file=${out}`, node, '--perf-basic-prof', '--no-liftoff', '--single-threaded', '--input-type=module', '-e', script]);
  const pid = /^==(\d+)==/m.exec(r.stderr)[1];
  const mapFile = `/tmp/perf-${pid}.map`;
  const ranges = readFileSync(mapFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [start, size, ...rest] = l.split(' ');
      const name = rest.join(' ');
      const wasm = /wasm-function\[(\d+)\]/.exec(name);
      return [parseInt(start, 16), parseInt(size, 16), wasm ? short(names[Number(wasm[1])]) : null];
    })
    .filter((r) => r[2])
    .sort((a, b) => a[0] - b[0]);
  rmSync(mapFile, { force: true });
  const at = (address) => {
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (address < ranges[mid][0]) hi = mid - 1;
      else if (address >= ranges[mid][0] + ranges[mid][1]) lo = mid + 1;
      else return ranges[mid][2];
    }
    return null;
  };
  return [selfCosts(out, at), Number(/^nodes (\d+)/m.exec(r.stdout)[1])];
}

/** The native search to `depth` under callgrind: [self instructions by function, nodes]. */
function nativeCosts(depth) {
  const out = join(work, `native-${depth}.cg`);
  const r = run('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, bin, 'search', variant, '--depth', String(depth), '--hash', '16']);
  const costs = new Map();
  for (const [name, n] of selfCosts(out, null)) {
    const key = short(name);
    if (key.includes('::')) costs.set(key, (costs.get(key) ?? 0) + n);
  }
  const info = r.stdout.split('\n').find((l) => l.startsWith(`info depth ${depth} `));
  return [costs, Number(/ nodes (\d+)/.exec(info)[1])];
}

/** Per node between the two depths: function -> instructions. */
function perNode([a, an], [b, bn]) {
  const out = new Map();
  for (const [name, n] of b) out.set(name, (n - (a.get(name) ?? 0)) / (bn - an));
  return [out, bn - an];
}

try {
  const names = functionNames();
  const [wasm, wn] = perNode(moduleCosts(shallow, names), moduleCosts(deep, names));
  const [native, nn] = perNode(nativeCosts(shallow), nativeCosts(deep));
  if (wn !== nn) throw new Error(`the searches differ: ${nn} nodes natively, ${wn} in the module`);
  const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`${variant}, depths ${shallow} to ${deep} (${wn} nodes), ${node} (V8 ${run(node, ['-p', 'process.versions.v8']).stdout.trim()})`);
  console.log(`instructions a node: native ${sum(native).toFixed(0)}, module ${sum(wasm).toFixed(0)}, ${(sum(wasm) / sum(native)).toFixed(2)} times`);
  console.log('  native  module  ratio   extra  function');
  const rows = [...new Set([...wasm.keys(), ...native.keys()])]
    .map((f) => [f, native.get(f) ?? 0, wasm.get(f) ?? 0])
    .filter(([, n, w]) => Math.max(n, w) >= 5)
    .sort((x, y) => y[2] - y[1] - (x[2] - x[1]));
  for (const [f, n, w] of rows) {
    const ratio = n > 0 ? (w / n).toFixed(2) : '   -';
    console.log(`${n.toFixed(0).padStart(8)} ${w.toFixed(0).padStart(7)} ${ratio.padStart(6)} ${(w - n).toFixed(0).padStart(7)}  ${f}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
