import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreText, whiteShare } from './analysis';

test('White\'s share and the score, from White\'s side', () => {
  assert.equal(whiteShare(0, null, 0), 0.5);
  assert.ok(whiteShare(300, null, 0) > 0.8);
  assert.ok(whiteShare(300, null, 1) < 0.2);
  assert.equal(whiteShare(null, 3, 0), 1);
  assert.equal(whiteShare(null, 3, 1), 0);
  assert.equal(scoreText(125, null, 0), '+1.25');
  assert.equal(scoreText(125, null, 1), '-1.25');
  assert.equal(scoreText(null, -2, 1), '#2');
});
