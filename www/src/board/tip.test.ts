import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tipLines } from './tip';
import type { Destination, PieceInfo } from '../engine/types';

const withdrawer: PieceInfo = { kind: 3, code: 'WD', name: 'Withdrawer', moves: 'Q', royal: false, value: 5, description: '', traits: ['special capture'] };
const dest = (to: number, takes: number[] = []): Destination => ({ to, capture: false, promotions: [], plain: true, takes });

test('a plain man: its name, code and movement only', () => {
  const rook: PieceInfo = { kind: 1, code: 'R', name: 'Rook', moves: 'R', royal: false, value: 5, description: '' };
  assert.deepEqual(tipLines(rook, null, 0, [dest(8)], [], 8), ['Rook (R) · R']);
});

test('its number and what it does; the men its moves take elsewhere, each once, by name; frozen', () => {
  // A Withdrawer on d4 (27): stepping to c3 (18) takes e5 (36); to b2 (9) as well.
  const lines = tipLines(withdrawer, '123', 27, [dest(18, [36]), dest(9, [36]), dest(28)], [], 8);
  assert.deepEqual(lines, ['Withdrawer (WD) · Q', 'no. 123 · special capture', 'from here its moves also take e5']);
  // A man taken on the target itself is no news.
  assert.equal(tipLines(withdrawer, '123', 27, [dest(18, [18])], [], 8).length, 2);
  assert.equal(tipLines(withdrawer, null, 27, [], [27], 8).at(-1), 'frozen: it cannot move now');
});
