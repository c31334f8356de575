import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesBlocks } from './rules-text';

test('rules text: paragraphs split by blank lines, "- " lines as one list, wrapped lines joined', () => {
  const text = '\nCheckmate to win.\nOr reach the far rank.\n\n- No castling.\n- Pawns promote\n  to a Guard.\n\nLast words.\n';
  assert.deepEqual(rulesBlocks(text), [
    { kind: 'paragraph', text: 'Checkmate to win. Or reach the far rank.' },
    { kind: 'list', items: ['No castling.', 'Pawns promote to a Guard.'] },
    { kind: 'paragraph', text: 'Last words.' },
  ]);
});

test('rules text: none gives no blocks; markup stays text', () => {
  assert.deepEqual(rulesBlocks(''), []);
  assert.deepEqual(rulesBlocks('  \n\n '), []);
  assert.deepEqual(rulesBlocks('<b>bold</b>'), [{ kind: 'paragraph', text: '<b>bold</b>' }]);
});
