// An invitation and its answer as text short enough for a link, a QR code
// or a chat message: the connection description (SDP) deflated
// (CompressionStream's raw deflate) and written in base64url. The link puts
// it in the address's fragment, which the browser never sends to a host.

/** A connection offer (the inviter's) or answer (the friend's). */
export interface Invitation {
  kind: 'offer' | 'answer';
  sdp: string;
}

/** The fragment keys of an invitation link and of an answer link. */
const KEYS = { offer: 'friend', answer: 'friend-answer' } as const;

const MAX_CODE_CHARS = 20000;
const MAX_SDP_CHARS = 60000;

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    // A small code that inflates without end is refused before it fills the memory.
    if (size > limit) {
      await reader.cancel();
      throw new Error(`it unpacks to more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

/** The code of `inv`: its kind's letter ('o' or 'a') and the deflated SDP in base64url. */
export async function packInvitation(inv: Invitation): Promise<string> {
  const packed = await through(new TextEncoder().encode(inv.sdp), new CompressionStream('deflate-raw'), MAX_SDP_CHARS * 4);
  return `${inv.kind === 'offer' ? 'o' : 'a'}${base64url(packed)}`;
}

/**
 * The invitation in `text`: a code, a link holding one, or a pasted text
 * with either in it. Throws with what is wrong.
 */
export async function unpackInvitation(text: string): Promise<Invitation> {
  const code = codeIn(text);
  if (code === null) throw new Error('no invitation or answer code was found in that text');
  if (code.length > MAX_CODE_CHARS) throw new Error(`the code is ${code.length} characters long, more than an invitation's ${MAX_CODE_CHARS}`);
  const kind = code[0] === 'o' ? 'offer' : code[0] === 'a' ? 'answer' : null;
  if (kind === null) throw new Error('the code is neither an invitation nor an answer');
  let sdp: string;
  try {
    const bytes = await through(fromBase64url(code.slice(1)), new DecompressionStream('deflate-raw'), MAX_SDP_CHARS);
    sdp = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    throw new Error(`the code is damaged (${e instanceof Error ? e.message : String(e)}); copy it again, whole`);
  }
  if (!sdp.startsWith('v=0')) throw new Error('the code holds no connection description');
  return { kind, sdp };
}

/** The code in a text: after "#friend=" or "#friend-answer=" in a link, or the text itself when it is one word of code characters. */
export function codeIn(text: string): string | null {
  const t = text.trim();
  const linked = /#(?:friend|friend-answer)=([A-Za-z0-9_-]+)/.exec(t);
  if (linked !== null) return linked[1]!;
  return /^[oa][A-Za-z0-9_-]+$/.test(t) ? t : null;
}

/** A link to `base` (the page's address, its fragment dropped) carrying `code`. */
export function linkFor(base: string, code: string): string {
  const kind = code.startsWith('o') ? 'offer' : 'answer';
  return `${base.replace(/#.*$/, '')}#${KEYS[kind]}=${code}`;
}

/** Whether a page's fragment holds an invitation or an answer. */
export function holdsInvitation(hash: string): boolean {
  return /^#(friend|friend-answer)=/.test(hash);
}
