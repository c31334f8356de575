// Branch hints for the browser's compiler, from a profile of the module's
// own searches.
//
//   node tools/branch-hints.mjs PKG     (from www/; PKG as www/pkg)
//
// Rewrites PKG/bigboard_bg.wasm with WebAssembly's branch-hint section
// (`metadata.code.branch_hint`), which Chrome reads since version 137: a
// branch marked unlikely has its target laid out apart and treated as
// cold when registers are allocated. The browser's compiler knows nothing
// of which way a branch goes; a native compiler's register allocator
// splits its work by such frequencies, and V8's spills a value wherever
// any path holding it calls out (it keeps no register across a call).
//
// The profile: every `if` and `br_if` of the module (as binaryen prints it)
// is wrapped in a call that counts its condition, the module so built runs
// a short search from the start of each built-in variant in Node, and each
// branch that went one way in at least 49 of 50 evaluations (summed over
// the variants, each weighing the same) is hinted that way. Only branches
// with at least one in 100,000 of the evaluations are: each hint costs the
// module about 3 bytes gzipped, and the rarer ones measured no faster. The searches
// are deterministic, so the hints are the same on every build of the
// same code. Hints change no result: only how the code is laid out.

import binaryen from 'binaryen';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A branch's taken share below this (or above one less it) earns a hint. */
export const RARE = 0.02;
/** Branches evaluated less than this share of a search's branches are left alone. */
export const MINIMUM_SHARE = 1e-5;
/** The searches profiled: each built-in variant's start, to a depth of a few seconds in all. */
export const JOBS = [
  ['xhess', 8],
  ['overboard', 7],
  ['really-big-board', 6],
  ['flee', 6],
  ['uc-170-17', 3],
];

const IMPORT_MODULE = 'bigboard-branch-profile';
const COUNTER = '$__branch_hint_count';

/** Parentheses opened less closed on a line, strings (names, data) left out. */
function balance(line) {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return depth;
}

const indent = (line) => line.length - line.trimStart().length;

/**
 * The branches of a module printed by binaryen (one node a line, a node's
 * children indented one more than it, its closing parenthesis alone at its
 * own indent): for each, the line of its `if` or `br_if` and the lines
 * its condition spans.
 */
export function findBranches(lines) {
  const closing = (i) => {
    if (balance(lines[i]) <= 0) return i;
    const k = indent(lines[i]);
    for (let j = i + 1; j < lines.length; j++) {
      if (indent(lines[j]) === k && lines[j].trimStart().startsWith(')')) return j;
    }
    throw new Error(`line ${i + 1}: no closing parenthesis`);
  };
  const children = (i) => {
    const end = closing(i);
    const k = indent(lines[i]);
    const kids = [];
    for (let j = i + 1; j < end; j++) {
      if (indent(lines[j]) === k + 1 && !lines[j].trimStart().startsWith(')')) {
        const last = closing(j);
        kids.push([j, last]);
        j = last;
      }
    }
    return kids;
  };
  const branches = [];
  lines.forEach((line, i) => {
    const s = line.trimStart();
    if (s === '(if' || s.startsWith('(if ')) {
      // The condition is the first child: then the arms.
      const [cond] = children(i).filter(([j]) => !/^\((then|else)\b/.test(lines[j].trimStart()));
      if (cond) branches.push({ line: i, first: cond[0], last: cond[1] });
    } else if (s.startsWith('(br_if ')) {
      // The condition is the last child (a value may come before it).
      const kids = children(i);
      if (kids.length) branches.push({ line: i, first: kids.at(-1)[0], last: kids.at(-1)[1] });
    }
  });
  return branches;
}

/** The module's text with every branch's condition counted by an imported function (its index). */
export function instrument(lines, branches) {
  const before = new Map();
  const after = new Map();
  branches.forEach((b, id) => {
    before.set(b.first, [...(before.get(b.first) ?? []), id]);
    after.set(b.last, (after.get(b.last) ?? 0) + 1);
  });
  const out = [];
  lines.forEach((line, i) => {
    if (i === 1) out.push(` (import "${IMPORT_MODULE}" "count" (func ${COUNTER} (param i32 i32) (result i32)))`);
    for (const id of before.get(i) ?? []) out.push(`(call ${COUNTER} (i32.const ${id})`);
    out.push(line);
    if (after.has(i)) out.push(')'.repeat(after.get(i)));
  });
  return out.join('\n');
}

/**
 * Per branch, its hint from the profile: `counts[id]` is [taken, evaluated]
 * (weighted), `evaluations` the weight of all; 0 unlikely, 1 likely,
 * undefined none.
 */
export function hintsFrom(counts, evaluations, rare = RARE, minimumShare = MINIMUM_SHARE) {
  return counts.map(([taken, total]) => {
    if (total <= 0 || total < minimumShare * evaluations) return undefined;
    const share = taken / total;
    if (share <= rare) return 0;
    if (share >= 1 - rare) return 1;
    return undefined;
  });
}

/** The module's text with each hinted branch preceded by its annotation. */
export function annotate(lines, branches, hints) {
  const at = new Map();
  branches.forEach((b, id) => {
    if (hints[id] !== undefined) at.set(b.line, hints[id]);
  });
  const out = [];
  lines.forEach((line, i) => {
    if (at.has(i)) out.push(`${' '.repeat(indent(line))}(@metadata.code.branch_hint "\\0${at.get(i)}")`);
    out.push(line);
  });
  return out.join('\n');
}

/** The features of the module as built (build.sh gives wasm-opt the same). */
const FEATURES =
  binaryen.Features.MVP |
  binaryen.Features.BulkMemory |
  binaryen.Features.BulkMemoryOpt |
  binaryen.Features.NontrappingFPToInt |
  binaryen.Features.SignExt |
  binaryen.Features.MutableGlobals |
  binaryen.Features.ReferenceTypes |
  binaryen.Features.Multivalue |
  binaryen.Features.SIMD128;

/** A module's binary from its text (binaryen keeps the branch-hint annotations). */
export function assemble(text) {
  const module = binaryen.parseText(text);
  try {
    module.setFeatures(FEATURES);
    if (!module.validate()) throw new Error('the module does not validate');
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}

/** A module's text, one node a line (binaryen's printing). */
export function disassemble(binary) {
  const module = binaryen.readBinary(binary);
  try {
    module.setFeatures(FEATURES);
    return module.emitText();
  } finally {
    module.dispose();
  }
}

/**
 * Runs the profile searches on the instrumented module through the
 * package's own glue (given the counting import) and returns the counts,
 * each search weighing the same.
 */
async function profile(pkg, instrumented, branchCount) {
  const glue = await readFile(join(pkg, 'bigboard.js'), 'utf8');
  const anchor = '"./bigboard_bg.js": import0,';
  if (!glue.includes(anchor)) throw new Error(`${pkg}/bigboard.js: the glue's imports were not found`);
  const dir = await mkdtemp(join(tmpdir(), 'bigboard-hints-'));
  try {
    const taken = new Float64Array(branchCount);
    const total = new Float64Array(branchCount);
    globalThis.__bigboardBranchCount = (id, c) => {
      total[id]++;
      if (c) taken[id]++;
      return c;
    };
    await writeFile(
      join(dir, 'glue.mjs'),
      glue.replace(anchor, `${anchor} "${IMPORT_MODULE}": { count: globalThis.__bigboardBranchCount },`),
    );
    const mod = await import(pathToFileURL(join(dir, 'glue.mjs')).href);
    mod.initSync({ module: instrumented });
    const counts = Array.from({ length: branchCount }, () => [0, 0]);
    for (const [variant, depth] of JOBS) {
      taken.fill(0);
      total.fill(0);
      const engine = new mod.Engine(16);
      engine.searchDepth(variant, null, '', '', depth);
      engine.free();
      const all = total.reduce((a, b) => a + b, 0);
      if (all === 0) throw new Error(`the ${variant} search evaluated no branch`);
      for (let i = 0; i < branchCount; i++) {
        counts[i][0] += taken[i] / all;
        counts[i][1] += total[i] / all;
      }
    }
    return { counts, evaluations: JOBS.length };
  } finally {
    delete globalThis.__bigboardBranchCount;
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(pkg) {
  const path = join(pkg, 'bigboard_bg.wasm');
  const lines = disassemble(await readFile(path)).split('\n');
  if (lines.some((line) => line.includes('@metadata.code.branch_hint'))) {
    throw new Error(`${path} has branch hints already`);
  }
  const branches = findBranches(lines);
  const instrumented = assemble(instrument(lines, branches));
  const { counts, evaluations } = await profile(pkg, instrumented, branches.length);
  const hints = hintsFrom(counts, evaluations);
  const hinted = assemble(annotate(lines, branches, hints));
  await writeFile(path, hinted);
  const unlikely = hints.filter((h) => h === 0).length;
  const likely = hints.filter((h) => h === 1).length;
  console.log(`branch hints: ${branches.length} branches, ${unlikely} unlikely, ${likely} likely`);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const [pkg] = process.argv.slice(2);
  if (!pkg) {
    console.error('usage: node tools/branch-hints.mjs PKG');
    process.exit(2);
  }
  await main(pkg);
}
