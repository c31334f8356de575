import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coordinateText, playMoves, resolveMoveText, sanKey } from './movetext';

/** Stands for the engine: knows one SAN, and records what it was asked. */
function fakeRules(asked: string[]) {
  return {
    moveFromSan(san: string): string {
      asked.push(san);
      if (san === 'Qa21a22') return 'a21a22';
      throw new Error(`move '${san}': no legal move has this notation`);
    },
  };
}

test('coordinate text goes to the engine as it is, dashes and x removed', () => {
  assert.equal(coordinateText('e2-e4'), 'e2e4');
  assert.equal(coordinateText('ab12xab13=Q'), 'ab12ab13=Q');
  assert.equal(coordinateText('Qa21a22'), null);
  assert.equal(coordinateText('e2e4+@c1+@f2'), 'e2e4+@c1+@f2');
  assert.equal(coordinateText('e1d1+{AK}@a2'), 'e1d1+{AK}@a2');
  assert.equal(coordinateText('e7e8=AM+@a1'), 'e7e8=AM+@a1');
  const asked: string[] = [];
  assert.deepEqual(resolveMoveText(fakeRules(asked), ' e15e16=W '), { move: 'e15e16=W' });
  assert.deepEqual(asked, [], 'no SAN lookup for coordinates');
});

test('SAN is asked of the engine once, without check marks', () => {
  const asked: string[] = [];
  assert.deepEqual(resolveMoveText(fakeRules(asked), 'Qa21a22+!'), { move: 'a21a22' });
  assert.deepEqual(asked, ['Qa21a22']);
  const r = resolveMoveText(fakeRules(asked), 'Qz9');
  assert.ok('error' in r && r.error.startsWith('Move Qz9 refused: ') && r.error.includes('no legal move'), JSON.stringify(r));
  assert.deepEqual(resolveMoveText(fakeRules(asked), '  '), { error: 'Type a move, such as e2e4.' });
});

test('playMoves plays SAN and coordinates in order and names the first move refused', () => {
  const played: string[] = [];
  const rules = {
    ...fakeRules([]),
    play(text: string) {
      if (text === 'z9z9') throw new Error('no piece on z9');
      played.push(text);
    },
  };
  playMoves(rules, ['e2e4', 'Qa21a22', 'e7-e5']);
  assert.deepEqual(played, ['e2e4', 'a21a22', 'e7e5']);
  assert.throws(() => playMoves(rules, ['e2e4', 'z9z9', 'e7e5']), /^Error: move 2 \(z9z9\): no piece on z9$/);
  assert.throws(() => playMoves(rules, ['He5']), /^Error: move 1 \(He5\): move 'He5': no legal move/);
});

test('a turn with drops keeps one space before each drop', () => {
  assert.equal(sanKey('Kd2  R@a1 P@h2+'), 'Kd2 R@a1 P@h2');
  assert.equal(sanKey(' N f3 '), 'Nf3');
  assert.equal(sanKey('BIxe7 OPN@b7#'), 'BIxe7 OPN@b7');
});
