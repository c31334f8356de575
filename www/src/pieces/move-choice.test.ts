import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choiceLabel } from './move-choice';
import { squareName } from '../board/geometry';

const name = (sq: number) => squareName(sq, 8);

test('a choice says what it takes, then what else it does', () => {
  // A Lion's igui on e5 (36) from d4, landing on f6 (45).
  assert.equal(choiceLabel({ text: 'd4f6^e5', captures: [36, 45], promotion: null, effects: [{ kind: 'taken', at: 36, to: null }] }, name), 'd4f6^e5: takes e5, f6');
  // A Circe hop over d5 (35): the Rook reborn on c8 (58) or b8 (57), the mover's choice.
  const reborn = (to: number) => ({ text: `d3d6>${name(to)}`, captures: [], promotion: null, effects: [{ kind: 'reborn' as const, at: 35, to }] });
  assert.equal(choiceLabel(reborn(58), name), 'd3d6>c8: takes nothing; d5 reborn on c8');
  assert.equal(choiceLabel(reborn(57), name), 'd3d6>b8: takes nothing; d5 reborn on b8');
  // Turned and demoted, then reborn: each said.
  const all = { text: 'd3d6>g1', captures: [], promotion: null, effects: [{ kind: 'side' as const, at: 35, to: 6 }, { kind: 'demoted' as const, at: 35, to: 6 }, { kind: 'reborn' as const, at: 35, to: 6 }] };
  assert.equal(choiceLabel(all, name), 'd3d6>g1: takes nothing; d5 changes side, d5 demoted, d5 reborn on g1');
  // No effects listed (an older engine): only what it takes.
  assert.equal(choiceLabel({ text: 'a1*a6', captures: [40], promotion: null }, name), 'a1*a6: takes a6');
});
