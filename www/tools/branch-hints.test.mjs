// The branch-hint tool on a small module whose branches' odds are known:
// `node --test tools/` from www/.
import assert from 'node:assert/strict';
import test from 'node:test';
import binaryen from 'binaryen';
import { annotate, assemble, disassemble, findBranches, hintsFrom, instrument } from './branch-hints.mjs';

// A loop of n turns: a branch taken on one turn in a hundred (the call's
// name holds parentheses, as Rust's names may), one taken on every other
// turn, and the loop's own branch back, taken on all turns but the last.
const SOURCE = `(module
  (func $"rare(1%)" (param $i i32) (result i32)
    (i32.eqz (i32.rem_u (local.get $i) (i32.const 100))))
  (func $run (export "run") (param $n i32) (result i32)
    (local $i i32) (local $rare i32) (local $odd i32)
    (loop $turn
      (if (call $"rare(1%)" (local.get $i))
        (then (local.set $rare (i32.add (local.get $rare) (i32.const 1)))))
      (block $even
        (br_if $even (i32.eqz (i32.and (local.get $i) (i32.const 1))))
        (local.set $odd (i32.add (local.get $odd) (i32.const 1))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $turn (i32.lt_u (local.get $i) (local.get $n))))
    (i32.add (i32.mul (local.get $rare) (i32.const 1000)) (local.get $odd))))`;

/** The module as binaryen prints it, its names kept. */
function printed() {
  const module = binaryen.parseText(SOURCE);
  try {
    return module.emitText().split('\n');
  } finally {
    module.dispose();
  }
}

async function run(binary, imports = {}) {
  const { instance } = await WebAssembly.instantiate(binary, imports);
  return instance.exports.run(1000);
}

/** The hints of the module's branches from a run of `turns`, by the text of each branch's line. */
async function profiled() {
  const lines = printed();
  const branches = findBranches(lines);
  const counts = branches.map(() => [0, 0]);
  const count = (id, c) => {
    counts[id][1]++;
    if (c) counts[id][0]++;
    return c;
  };
  const instrumented = assemble(instrument(lines, branches));
  const result = await run(instrumented, { 'bigboard-branch-profile': { count } });
  return { lines, branches, counts, result };
}

test('every if and br_if is found with its condition', () => {
  const lines = printed();
  const branches = findBranches(lines);
  const kinds = branches.map((b) => lines[b.line].trim().split(' ')[0]);
  assert.deepEqual(kinds.sort(), ['(br_if', '(br_if', '(if']);
  for (const b of branches) {
    assert.ok(b.first > b.line && b.last >= b.first, `the condition follows line ${b.line + 1}`);
  }
  const cond = branches.find((b) => lines[b.line].includes('(if'));
  assert.match(lines[cond.first], /call \$"rare\(1%\)"/, 'a name with parentheses is one call');
});

test('the instrumented module counts each branch and computes the same result', async () => {
  const { lines, branches, counts, result } = await profiled();
  assert.equal(result, await run(assemble(SOURCE)));
  assert.equal(result, 10 * 1000 + 500);
  const at = (text) => counts[branches.findIndex((b) => lines[b.line].includes(text))];
  assert.deepEqual(at('(if'), [10, 1000]);
  assert.deepEqual(at('(br_if $turn'), [999, 1000]);
  assert.deepEqual(at('(br_if $even'), [500, 1000]);
});

test('a branch taken 1% of the time is unlikely, 99.9% likely, half and half not hinted', async () => {
  const { lines, branches, counts } = await profiled();
  const hints = hintsFrom(counts, 1000);
  const of = (text) => hints[branches.findIndex((b) => lines[b.line].includes(text))];
  assert.equal(of('(if'), 0);
  assert.equal(of('(br_if $turn'), 1);
  assert.equal(of('(br_if $even'), undefined);
  // Branches seen too seldom get none.
  assert.ok(hintsFrom(counts, 1e12).every((h) => h === undefined));
});

test('the hints reach the binary, before their branches, and change no result', async () => {
  const { lines, branches, counts } = await profiled();
  const hinted = assemble(annotate(lines, branches, hintsFrom(counts, 1000)));
  // Read back from the binary, the labels have binaryen's names.
  const text = disassemble(hinted).split('\n');
  const hintBefore = (text, pattern) => {
    const i = text.findIndex((l) => pattern.test(l));
    const m = /branch_hint "\\0(\d)"/.exec(text[i - 1]);
    return m ? Number(m[1]) : undefined;
  };
  assert.equal(hintBefore(text, /^\s*\(if$/), 0);
  assert.equal(hintBefore(text, /\(br_if \$label/), 1);
  assert.equal(hintBefore(text, /\(br_if \$block/), undefined);
  assert.equal(await run(hinted), await run(assemble(SOURCE)));
});
