import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pgnResult, resultText } from './result';
import type { Status } from '../engine/types';

const playing: Status = { side: 0, check: false, over: false, winner: null, reason: null, reason_id: null };

test('the banner names the winner and the reason', () => {
  assert.equal(resultText(playing), null);
  assert.equal(
    resultText({ ...playing, over: true, winner: 1, reason: 'checkmate', reason_id: 'checkmate' }),
    'Black wins — checkmate',
  );
  assert.equal(
    resultText({ ...playing, over: true, winner: 0, reason: 'king on the last rank', reason_id: 'far-rank' }),
    'White wins — king on the last rank',
  );
  assert.equal(resultText({ ...playing, over: true, reason: 'stalemate', reason_id: 'stalemate' }), 'Draw — stalemate');
  assert.equal(
    resultText({ ...playing, over: true, reason: 'repetition', reason_id: 'repetition' }),
    'Draw — threefold repetition',
  );
  assert.equal(resultText({ ...playing, over: true, reason: 'move limit', reason_id: 'move-limit' }), 'Draw — move limit reached');
  // The rule families of author definitions: a stalemate that wins
  // (Shatranj), a bare king, a goal square (Jeson Mor).
  assert.equal(
    resultText({ ...playing, over: true, winner: 0, reason: 'stalemate', reason_id: 'stalemate' }),
    'White wins — stalemate',
  );
  assert.equal(
    resultText({ ...playing, over: true, winner: 1, reason: 'bare king', reason_id: 'bare-king' }),
    'Black wins — bare king',
  );
  assert.equal(resultText({ ...playing, over: true, reason: 'bare king', reason_id: 'bare-king' }), 'Draw — bare king');
  assert.equal(
    resultText({ ...playing, over: true, winner: 0, reason: 'goal square', reason_id: 'goal' }),
    'White wins — goal square reached',
  );
  // Royal modes (UC-170-17): the last royal captured, an anti-king mated.
  assert.equal(
    resultText({ ...playing, over: true, winner: 0, reason: 'royals captured', reason_id: 'royals-captured' }),
    'White wins — every royal piece captured',
  );
  assert.equal(
    resultText({ ...playing, over: true, winner: 1, reason: 'anti-king mated', reason_id: 'anti-king-mated' }),
    'Black wins — anti-king mated',
  );
  // Counted checks (Three-check): the side that gave the last check wins.
  assert.equal(
    resultText({ ...playing, over: true, winner: 0, reason: 'checks given', reason_id: 'checks' }),
    'White wins — the last check given',
  );
});

test('PGN result tokens', () => {
  assert.equal(pgnResult(playing), '*');
  assert.equal(pgnResult({ ...playing, over: true, winner: 0 }), '1-0');
  assert.equal(pgnResult({ ...playing, over: true, winner: 1 }), '0-1');
  assert.equal(pgnResult({ ...playing, over: true }), '1/2-1/2');
});

test('the banner names the sides as the variant does', () => {
  assert.equal(resultText({ ...playing, over: true, winner: 1, reason: 'royals', reason_id: 'royals-captured' }, ['White', 'Blue']), 'Blue wins — every royal piece captured');
});
