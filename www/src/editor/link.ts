// A whole variant definition (board, setup, pieces) as a link, with no
// server: the TOML text compressed (deflate-raw) and written base64url in
// the address's fragment, `#definition=...`, which never reaches a server.
// The app opens such a link and plays the definition; <bigboard-game>
// takes the link (or its fragment) as its `definition` attribute.

const KEY = 'definition=';

/** The longest text a link may hold once unpacked (a definition is far smaller). */
const MAX_TEXT = 1 << 20;

async function through(data: Uint8Array<ArrayBuffer>, stream: GenericTransformStream): Promise<Uint8Array> {
  const out = new Blob([data]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
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
 * '#'); null when it holds none. Throws an Error saying the link is
 * damaged when its text cannot be unpacked.
 */
export async function readDefinitionLink(ref: string): Promise<string | null> {
  const at = ref.indexOf(`#${KEY}`);
  if (at < 0) return null;
  const data = ref.slice(at + 1 + KEY.length).split('&')[0]!.trim();
  try {
    if (data === '') throw new Error('it is empty');
    const bytes = await through(unbase64url(data), new DecompressionStream('deflate-raw'));
    if (bytes.length > MAX_TEXT) throw new Error('its text is too long');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    const why = e instanceof Error && /^(it |its )/.test(e.message) ? e.message : 'it was cut short or changed';
    throw new Error(`the definition link is damaged (${why}); copy the whole link again`);
  }
}
