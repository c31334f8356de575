// An invitation and its answer as text short enough for a link, a QR code
// or a chat message: the connection description (SDP) deflated
// (CompressionStream's raw deflate) and written in base64url. The link puts
// it in the address's fragment, which the browser never sends to a host.

import { base64url, deflate, inflateBounded, unbase64url } from '../record/packed';

/** A connection offer (the inviter's) or answer (the friend's). */
export interface Invitation {
  kind: 'offer' | 'answer';
  sdp: string;
}

/** The fragment keys of an invitation link and of an answer link. */
const KEYS = { offer: 'friend', answer: 'friend-answer' } as const;

const MAX_CODE_CHARS = 20000;
const MAX_SDP_CHARS = 60000;

/** The code of `inv`: its kind's letter ('o' or 'a') and the deflated SDP in base64url. */
export async function packInvitation(inv: Invitation): Promise<string> {
  const packed = await deflate(new TextEncoder().encode(inv.sdp));
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
    // A small code that inflates without end is refused before it fills the memory.
    const bytes = await inflateBounded(unbase64url(code.slice(1)), MAX_SDP_CHARS);
    if (bytes === null) throw new Error(`it unpacks to more than ${MAX_SDP_CHARS} bytes`);
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
