import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_LINK_DATA, MAX_TEXT, definitionFragment, holdsDefinition, readDefinitionLink } from './link';
import { inflateBounded, readBounded } from '../record/packed';

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

/** The packed (deflate-raw) form of `bytes`. */
async function pack(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** base64url without padding, as links write it. */
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A stream of `n` chunks of `size` zeros that counts how many were taken. */
function counted(n: number, size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (pulled === n) c.close();
        else {
          pulled++;
          c.enqueue(new Uint8Array(size));
        }
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

test('the bounded reader gives every byte within the bound, and stops just past it', async () => {
  const whole = counted(4, 100);
  assert.equal((await readBounded(whole.stream, 400))?.length, 400);
  const over = counted(1000, 100);
  assert.equal(await readBounded(over.stream, 250), null);
  // The third chunk passed the bound: nothing more was asked of the stream, and it was cancelled.
  assert.equal(over.pulled(), 3);
  assert.ok(over.cancelled());
  const bytes = await readBounded(new Blob([new Uint8Array([1, 2, 3]), new Uint8Array([4])]).stream(), 4);
  assert.deepEqual(bytes && [...bytes], [1, 2, 3, 4]);
});

test('bounded inflation unpacks what fits and refuses a bomb without unpacking it', async () => {
  const text = new TextEncoder().encode(TEXT.repeat(100));
  assert.deepEqual(await inflateBounded(await pack(text), text.length), text);
  assert.equal(await inflateBounded(await pack(text), text.length - 1), null);
  // 16 MB of zeros packs into ~16 KB: refused for a bound of 1 KB.
  const bomb = await pack(new Uint8Array(16 << 20));
  assert.ok(bomb.length < 20_000);
  assert.equal(await inflateBounded(bomb, 1024), null);
  await assert.rejects(inflateBounded(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 1024));
});

test('a link whose text unpacks beyond the limit, or whose data is beyond its bound, is refused saying so', async () => {
  const over = await pack(new Uint8Array(MAX_TEXT + 1).fill(0x20));
  await assert.rejects(readDefinitionLink(`#definition=${b64url(over)}`), /definition link is refused: its text would unpack to more than 1,048,576 bytes/);
  const exact = await pack(new Uint8Array(MAX_TEXT).fill(0x20));
  assert.equal((await readDefinitionLink(`#definition=${b64url(exact)}`))?.length, MAX_TEXT);
  await assert.rejects(readDefinitionLink(`#definition=${'A'.repeat(MAX_LINK_DATA + 1)}`), /definition link is refused: its data is [0-9,]+ characters long, more than the [0-9,]+/);
  // A text of MAX_TEXT bytes that does not compress at all still fits the data bound.
  const noise = new Uint8Array(MAX_TEXT);
  for (let i = 0, x = 1; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    noise[i] = x >>> 24;
  }
  assert.ok(b64url(await pack(noise)).length <= MAX_LINK_DATA);
});
