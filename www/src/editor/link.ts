// A whole variant definition (board, setup, pieces) as a link, with no
// server: the TOML text compressed (deflate-raw) and written base64url in
// the address's fragment, `#definition=...`, which never reaches a server.
// The app opens such a link and plays the definition; <bigboard-game>
// takes the link (or its fragment) as its `definition` attribute.
//
// A link comes from anyone, so it is read within bounds (docs/page-safety.md):
// its packed data is refused beyond MAX_LINK_DATA characters before it is
// unpacked at all, and unpacking stops as soon as the text would exceed
// MAX_TEXT bytes, so a small link that unpacks to gigabytes costs no more
// than reading MAX_TEXT.

const KEY = 'definition=';

/** The longest text a link may hold once unpacked, in bytes of UTF-8 (a definition is far smaller). */
export const MAX_TEXT = 1 << 20;

/**
 * The most characters of packed data a link may have: base64url of
 * MAX_TEXT bytes that do not compress at all (deflate then stores them in
 * blocks of at most 65,535 bytes, 5 bytes of header each), so every text
 * within MAX_TEXT has a link within this bound.
 */
export const MAX_LINK_DATA = Math.ceil(((MAX_TEXT + 5 * Math.ceil(MAX_TEXT / 65535) + 8) * 4) / 3);

/** How many packed bytes are given to the decompressor at once: at most ~1 MB of output each (deflate's ratio is below 1,032:1). */
const FEED_BYTES = 1024;

/** Thrown (and caught below) when a bound is passed; its message is said to the player. */
class TooLong extends Error {}

async function through(data: Uint8Array<ArrayBuffer>, stream: GenericTransformStream): Promise<Uint8Array> {
  const out = new Blob([data]).stream().pipeThrough(stream);
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

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function unbase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it has characters that are not base64url');
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** The fragment (with its '#') holding definition `text`. */
export async function definitionFragment(text: string): Promise<string> {
  const packed = await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  return `#${KEY}${base64url(packed)}`;
}

/** Whether `ref` (a whole address or a fragment) holds a definition. */
export function holdsDefinition(ref: string): boolean {
  return /#definition=/.test(ref);
}

/**
 * The definition text in `ref` (a whole address, or a fragment with its
 * '#'); null when it holds none. Throws an Error saying why when the link
 * is too long (its data beyond MAX_LINK_DATA characters, or its text
 * beyond MAX_TEXT bytes) or damaged (its text cannot be unpacked).
 */
export async function readDefinitionLink(ref: string): Promise<string | null> {
  const at = ref.indexOf(`#${KEY}`);
  if (at < 0) return null;
  const data = ref.slice(at + 1 + KEY.length).split('&')[0]!.trim();
  try {
    if (data === '') throw new Error('it is empty');
    if (data.length > MAX_LINK_DATA) {
      throw new TooLong(`its data is ${data.length.toLocaleString('en')} characters long, more than the ${MAX_LINK_DATA.toLocaleString('en')} a definition of ${MAX_TEXT.toLocaleString('en')} bytes needs`);
    }
    const bytes = await inflateBounded(unbase64url(data), MAX_TEXT);
    if (bytes === null) throw new TooLong(`its text would unpack to more than ${MAX_TEXT.toLocaleString('en')} bytes (1 MB), the most a definition may have`);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    if (e instanceof TooLong) throw new Error(`the definition link is refused: ${e.message}`);
    const why = e instanceof Error && /^(it |its )/.test(e.message) ? e.message : 'it was cut short or changed';
    throw new Error(`the definition link is damaged (${why}); copy the whole link again`);
  }
}
