import assert from 'node:assert/strict';
import { test } from 'node:test';
import { definitionFragment, holdsDefinition, readDefinitionLink } from './link';

const TEXT = `id = "tiny"
name = "Tiny — a test (ü)"
board = "5x5"
setup = ["rnbqk", "ppppp", "5", "PPPPP", "RNBQK"]
`;

test('a definition link reads back the same text', async () => {
  const hash = await definitionFragment(TEXT);
  assert.match(hash, /^#definition=[A-Za-z0-9_-]+$/);
  assert.ok(holdsDefinition(hash));
  assert.equal(await readDefinitionLink(hash), TEXT);
  assert.equal(await readDefinitionLink(`https://example.org/play/index.html${hash}`), TEXT);
  // Compressed: a long text of repeated lines takes far fewer characters.
  const long = TEXT.repeat(40);
  assert.ok((await definitionFragment(long)).length < long.length / 4);
});

test('an address without a definition holds none; a damaged one is refused', async () => {
  assert.equal(await readDefinitionLink('#variant=xhess'), null);
  assert.equal(holdsDefinition('https://example.org/'), false);
  const hash = await definitionFragment(TEXT);
  await assert.rejects(readDefinitionLink(hash.slice(0, hash.length - 12)), /definition link is damaged/);
  await assert.rejects(readDefinitionLink('#definition=not*base64'), /damaged \(it has characters/);
  await assert.rejects(readDefinitionLink('#definition='), /damaged \(it is empty/);
});
