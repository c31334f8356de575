import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIMD_PROBE, requireWasmSimd } from './engine';

test('the vector-instruction probe validates where they run, and only by its vector instructions', () => {
  assert.equal(WebAssembly.validate(SIMD_PROBE), true);
  assert.doesNotThrow(requireWasmSimd);
  // The same bytes with the vector instructions' prefix (0xfd) made an
  // unknown opcode no longer validate: the answer rests on those instructions.
  const broken = SIMD_PROBE.slice();
  broken[broken.indexOf(0xfd)] = 0xff;
  assert.equal(WebAssembly.validate(broken), false);
});
