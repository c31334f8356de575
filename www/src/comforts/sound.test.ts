import assert from 'node:assert/strict';
import { test } from 'node:test';
import { soundFor } from './sound';

test('the sound for a change', () => {
  assert.equal(soundFor('e4', false, false), 'move');
  assert.equal(soundFor('Nxe5', false, false), 'capture');
  assert.equal(soundFor('Qh5+', false, false), 'check');
  assert.equal(soundFor('Qxf7#', true, true), 'end');
  assert.equal(soundFor(null, false, true), 'end');
  assert.equal(soundFor(null, false, false), null);
});
