import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeTip, tipLines, tipNotation } from './tip';
import type { Destination, Effect, EffectKind, PieceInfo } from '../engine/types';

const withdrawer: PieceInfo = { kind: 3, code: 'WD', name: 'Withdrawer', moves: 'Q', royal: false, value: 5, description: '', traits: ['special capture'] };
const fx = (kind: EffectKind, at: number, to: number | null = at): Effect => ({ kind, at, to });
const taken = (at: number) => fx('taken', at, null);
const dest = (to: number, effects: Effect[] = []): Destination => ({ to, capture: false, promotions: [], plain: true, effects });

test('a plain man: its name and code, its description, its moves from here; the notation apart', () => {
  const rook: PieceInfo = { kind: 1, code: 'R', name: 'Rook', moves: 'R', royal: false, value: 5, description: 'Slides along ranks and files.' };
  assert.deepEqual(tipLines(rook, null, 0, [dest(8), { ...dest(16), capture: true }], [], 8), [
    'Rook (R)',
    'Slides along ranks and files.',
    'from here: 2 moves, 1 taking (marked on the board)',
  ]);
  assert.deepEqual(tipLines({ ...rook, description: '' }, null, 0, [], [], 8), ['Rook (R)']);
  assert.equal(tipNotation(rook), 'notation: R');
});

test('the tip goes above the point, else below, else to a corner: never over the man or its moves, always in view', () => {
  const view = { left: 0, top: 0, width: 400, height: 400 };
  const sq = (x: number, y: number) => ({ left: x, top: y, right: x + 50, bottom: y + 50 });
  // Room above, nothing there.
  assert.deepEqual(placeTip(100, 40, { x: 200, y: 200 }, view, [sq(175, 175)]), { left: 150, top: 132 });
  // A destination above: below then.
  assert.deepEqual(placeTip(100, 40, { x: 200, y: 200 }, view, [sq(175, 175), sq(175, 125)]), { left: 150, top: 228 });
  // Above and below taken: the top left corner.
  assert.deepEqual(placeTip(100, 40, { x: 200, y: 200 }, view, [sq(175, 175), sq(175, 125), sq(175, 225)]), { left: 4, top: 4 });
  // Near the top edge the tip stays in view.
  const p = placeTip(100, 40, { x: 10, y: 10 }, view, []);
  assert.ok(p.left >= 4 && p.top >= 4 && p.left + 100 <= 396 && p.top + 40 <= 396, JSON.stringify(p));
});

test('its number and what it does; the men its moves take elsewhere, each once, by name; frozen', () => {
  // A Withdrawer on d4 (27): stepping to c3 (18) takes e5 (36); to b2 (9) as well.
  const lines = tipLines(withdrawer, '123', 27, [dest(18, [taken(36)]), dest(9, [taken(36)]), dest(28)], [], 8);
  assert.deepEqual(lines, ['Withdrawer (WD)', 'from here: 3 moves (marked on the board)', 'no. 123 · special capture', 'from here its moves also take e5']);
  // A man taken on the target itself is no news.
  assert.equal(tipLines(withdrawer, '123', 27, [dest(18, [taken(18)])], [], 8).length, 3);
  assert.equal(tipLines(withdrawer, null, 27, [], [27], 8).at(-1), 'frozen: it cannot move now');
});

test('each kind of effect on its own line, in a fixed order, its squares sorted; a rebirth with where the man goes', () => {
  const grasshopper: PieceInfo = { kind: 9, code: 'AECG', name: 'AEC Grasshopper', moves: 'gQ', royal: false, value: 160, description: '' };
  // From d3 (19): over d5 (35) to d6 (43), over f5 (37) to g6 (46); the Swapper-like swap with b3 (17); an Immobilizer's freeze of e6 (44).
  const dests = [
    dest(43, [fx('side', 35, 6), fx('demoted', 35, 6), fx('reborn', 35, 6)]),
    dest(46, [fx('reborn', 37, 2), fx('left', 37, null)]),
    dest(17, [fx('swapped', 17, 19), fx('frozen', 44), fx('unfrozen', 28)]),
    dest(20, [fx('promoted', 28)]),
  ];
  assert.deepEqual(tipLines(grasshopper, null, 19, dests, [], 8).slice(2), [
    'from here its moves also put f5 out of the game',
    'from here its moves also swap with b3',
    'from here its moves also turn d5 to the other side',
    'from here its moves also promote e4 (a step up the value ladder)',
    'from here its moves also demote d5 (a step down the value ladder)',
    'from here its moves also send men to their rebirth squares: d5 → g1, f5 → c1',
    'from here its moves also freeze e6',
    'from here its moves also free e4',
  ]);
});
