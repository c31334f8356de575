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

import { base64url, deflate, inflateBounded, unbase64url } from '../record/packed';

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

/** Thrown (and caught below) when a bound is passed; its message is said to the player. */
class TooLong extends Error {}

/** The fragment (with its '#') holding definition `text`. */
export async function definitionFragment(text: string): Promise<string> {
  const packed = await deflate(new TextEncoder().encode(text));
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
