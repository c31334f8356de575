// What two pages playing over a direct link say to each other, and the
// check of everything that arrives: the other page is not trusted, so a
// message is read field by field and anything unexpected is refused with
// the reason. Whether a move is legal is the engine's question, asked by
// the game-sync controller; here only the shape is judged.

/** The version of this message set; a page refuses a game of another. */
export const PROTOCOL = 1;

/** The longest message read (an author's definition travels in the game message). */
export const MAX_MESSAGE_CHARS = 256 * 1024;
const MAX_MOVES = 5000;
const MAX_MOVE_CHARS = 200;
export const MAX_CHAT_CHARS = 500;

export type Side = 0 | 1;

/** The game both pages play: sent by the inviter when the link opens (and again on a reconnection). */
export interface GameMessage {
  t: 'game';
  v: number;
  /** Names the game across reconnections. */
  id: string;
  variant: string;
  /** The TOML text of an author's variant, or null (built-in or gallery). */
  definition: string | null;
  /** The start position, or null for the setup (of `seed` when the variant draws its setups). */
  fen: string | null;
  seed: number | null;
  moves: string[];
  /** The side the sender plays. */
  side: Side;
  /** The time control, or null for none. */
  clock: { baseMs: number; incMs: number } | null;
}

/** The joiner's answer to the game message: its own moves, for both to check. */
export interface ReadyMessage {
  t: 'ready';
  moves: string[];
}

/**
 * A turn: the move text (with its drops) and the ply it is played at. No
 * time goes with it: each page's clock charges the time it measures itself,
 * and each page judges its own side's time (see FlagMessage).
 */
export interface MoveMessage {
  t: 'move';
  ply: number;
  move: string;
}

export interface ResignMessage {
  t: 'resign';
}

/**
 * The sender's flag fell on its own clock, which alone judges the sender's
 * time; `ply`: the whole turns played when it fell. The receiver's clock
 * shows the sender's side at zero and waits for this word (or a move made
 * in time) before it ends the game, so both pages end it alike.
 */
export interface FlagMessage {
  t: 'flag';
  ply: number;
}

/** An offer of a draw, or a request to take back the sender's last move; `ply`: the moves played when it was made. */
export interface OfferMessage {
  t: 'offer';
  what: 'draw' | 'takeback';
  ply: number;
}

export interface AnswerMessage {
  t: 'answer';
  what: 'draw' | 'takeback';
  accept: boolean;
  ply: number;
}

export interface ChatMessage {
  t: 'chat';
  text: string;
}

export type Message = GameMessage | ReadyMessage | MoveMessage | ResignMessage | FlagMessage | OfferMessage | AnswerMessage | ChatMessage;

/** A message as sent on the channel. */
export function encodeMessage(m: Message): string {
  return JSON.stringify(m);
}

type Fields = Record<string, unknown>;

class Refused extends Error {}

function str(o: Fields, key: string, max: number): string {
  const x = o[key];
  if (typeof x !== 'string') throw new Refused(`its "${key}" is not text`);
  if (x.length > max) throw new Refused(`its "${key}" is longer than ${max} characters`);
  return x;
}

function strOrNull(o: Fields, key: string, max: number): string | null {
  return o[key] === null ? null : str(o, key, max);
}

function int(o: Fields, key: string, min: number, max: number): number {
  const x = o[key];
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) throw new Refused(`its "${key}" is not a whole number from ${min} to ${max}`);
  return x;
}

function side(o: Fields, key: string): Side {
  return int(o, key, 0, 1) as Side;
}

function bool(o: Fields, key: string): boolean {
  const x = o[key];
  if (typeof x !== 'boolean') throw new Refused(`its "${key}" is not true or false`);
  return x;
}

/**
 * A move's text: printable ASCII without spaces, quotes, backslashes or
 * angle brackets, which no move is written with (the engine judges the rest).
 */
function moveText(x: unknown, where: string): string {
  if (typeof x !== 'string' || x.length === 0 || x.length > MAX_MOVE_CHARS || !/^[!-~]+$/.test(x) || /[<>&"'`\\]/.test(x)) {
    throw new Refused(`${where} is not a move's text`);
  }
  return x;
}

function moves(o: Fields): string[] {
  const x = o.moves;
  if (!Array.isArray(x)) throw new Refused('its "moves" is not a list');
  if (x.length > MAX_MOVES) throw new Refused(`it has more than ${MAX_MOVES} moves`);
  return x.map((m, i) => moveText(m, `move ${i + 1}`));
}

function what(o: Fields): 'draw' | 'takeback' {
  const x = o.what;
  if (x !== 'draw' && x !== 'takeback') throw new Refused('its "what" is neither "draw" nor "takeback"');
  return x;
}

function clock(o: Fields): GameMessage['clock'] {
  const x = o.clock;
  if (x === null) return null;
  if (typeof x !== 'object' || Array.isArray(x)) throw new Refused('its "clock" is not a time control');
  const c = x as Fields;
  const day = 24 * 3600 * 1000;
  return { baseMs: int(c, 'baseMs', 1000, day), incMs: int(c, 'incMs', 0, 3600 * 1000) };
}

/**
 * Reads a message received as `text`; `{ error }` says what is wrong with
 * it (for the receiver to see) when it is not one of the messages above.
 */
export function readMessage(text: unknown): { message: Message } | { error: string } {
  if (typeof text !== 'string') return { error: 'a message that is not text was refused' };
  if (text.length > MAX_MESSAGE_CHARS) return { error: `a message of ${text.length} characters was refused (at most ${MAX_MESSAGE_CHARS})` };
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return { error: `a message that is not JSON was refused: "${preview(text)}"` };
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { error: `a message that is not an object was refused: "${preview(text)}"` };
  const f = o as Fields;
  const t = f.t;
  try {
    switch (t) {
      case 'game': {
        const v = int(f, 'v', 0, 1e6);
        if (v !== PROTOCOL) throw new Refused(`it is of version ${v} of the messages, and this page speaks version ${PROTOCOL}`);
        const id = str(f, 'id', 64);
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Refused('its "id" is not a game id');
        const variant = str(f, 'variant', 100);
        if (variant === '') throw new Refused('it names no variant');
        const seed = f.seed === null ? null : int(f, 'seed', 0, Number.MAX_SAFE_INTEGER);
        return {
          message: {
            t,
            v,
            id,
            variant,
            definition: strOrNull(f, 'definition', MAX_MESSAGE_CHARS),
            fen: strOrNull(f, 'fen', 4000),
            seed,
            moves: moves(f),
            side: side(f, 'side'),
            clock: clock(f),
          },
        };
      }
      case 'ready':
        return { message: { t, moves: moves(f) } };
      case 'move':
        return { message: { t, ply: int(f, 'ply', 0, MAX_MOVES), move: moveText(f.move, 'its "move"') } };
      case 'resign':
        return { message: { t } };
      case 'flag':
        return { message: { t, ply: int(f, 'ply', 0, MAX_MOVES) } };
      case 'offer':
        return { message: { t, what: what(f), ply: int(f, 'ply', 0, MAX_MOVES) } };
      case 'answer':
        return { message: { t, what: what(f), accept: bool(f, 'accept'), ply: int(f, 'ply', 0, MAX_MOVES) } };
      case 'chat':
        return { message: { t, text: str(f, 'text', MAX_CHAT_CHARS) } };
      default:
        return { error: `a message of unknown kind ${typeof t === 'string' ? `"${preview(t)}"` : '(none)'} was refused` };
    }
  } catch (e) {
    if (e instanceof Refused) return { error: `a "${String(t)}" message was refused: ${e.message}` };
    throw e;
  }
}

/** The start of a text received, for a message about it (never inserted as HTML). */
function preview(text: string): string {
  const t = text.replace(/\s+/g, ' ');
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

/** A new game id: random, URL-safe. */
export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
