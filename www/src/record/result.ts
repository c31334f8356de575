// How a finished game is told: the banner's words and the PGN result token.
import type { ReasonId, Status } from '../engine/types';

export type PgnResult = '1-0' | '0-1' | '1/2-1/2' | '*';

const REASONS: Record<ReasonId, string> = {
  checkmate: 'checkmate',
  'far-rank': 'king on the last rank',
  stalemate: 'stalemate',
  repetition: 'threefold repetition',
  'move-limit': 'move limit reached',
  'bare-king': 'bare king',
  goal: 'goal square reached',
  'royals-captured': 'every royal piece captured',
  'anti-king-mated': 'anti-king mated',
  checks: 'the last check given',
};

/** "Black wins — checkmate", "Draw — stalemate", "White wins — stalemate"
 * (where stalemate wins), or null while the game goes on; `sides` names
 * the sides (White and Blue in UC-170-17). */
export function resultText(s: Status, sides: readonly [string, string] = ['White', 'Black']): string | null {
  if (!s.over) return null;
  const who = s.winner === 0 ? `${sides[0]} wins` : s.winner === 1 ? `${sides[1]} wins` : 'Draw';
  const why = s.reason_id !== null ? REASONS[s.reason_id] : s.reason;
  return why ? `${who} — ${why}` : who;
}

/** The PGN result token of a status. */
export function pgnResult(s: Status): PgnResult {
  if (!s.over) return '*';
  return s.winner === 0 ? '1-0' : s.winner === 1 ? '0-1' : '1/2-1/2';
}
