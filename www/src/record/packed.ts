// Bytes packed for a link's fragment: compressed by raw deflate and
// written in base64url, and unpacked within a bound, since a link comes
// from anyone (docs/page-safety.md): a small link that would unpack to
// gigabytes costs no more than reading the bound. Definition links and
// Play a friend's invitations use it.

/** How many packed bytes are given to the decompressor at once: at most ~1 MB of output each (deflate's ratio is below 1,032:1). */
const FEED_BYTES = 1024;


/** `data` compressed by raw deflate (CompressionStream's 'deflate-raw'). */
export async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const out = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/**
 * All of `stream`'s bytes, or null as soon as there would be more than
 * `limit` of them: the stream is then cancelled, and what it would still
 * have produced is never made.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * `packed` (deflate-raw) unpacked, or null when it would be more than
 * `limit` bytes. The input is fed a little at a time, only as the output is
 * read, so the decompressor never runs ahead of the bound by more than
 * one small piece's worth. Throws when the data is not valid deflate.
 */
export async function inflateBounded(packed: Uint8Array<ArrayBuffer>, limit: number): Promise<Uint8Array | null> {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  let stopped = false;
  const feeding = (async () => {
    for (let i = 0; i < packed.length && !stopped; i += FEED_BYTES) await writer.write(packed.subarray(i, i + FEED_BYTES));
    if (!stopped) await writer.close();
  })();
  // Once reading stops (the bound passed, or damaged data), the writes
  // fail with the stream: that is expected, and said by the reading side.
  feeding.catch(() => undefined);
  try {
    return await readBounded(stream.readable, limit);
  } finally {
    stopped = true;
  }
}

export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function unbase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it has characters that are not base64url');
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
