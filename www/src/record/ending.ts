// Games ended by the players rather than the rules: resignation, a draw
// agreed in hot-seat, a fallen flag. The engine's status, with such an
// ending laid over it, is what the page shows; the app saves the ending
// with the game.
import type { Color, Status } from '../engine/types';

export interface Ending {
  /** Null for a draw. */
  winner: Color | null;
  /** "White resigns", "by agreement", "Black's time ran out". */
  reason: string;
}

export const sideName = (c: Color): string => (c === 0 ? 'White' : 'Black');

/** The engine's status, ended by `e` when the rules have not ended the game already. */
export function withEnding(s: Status, e: Ending | null): Status {
  if (e === null || s.over) return s;
  return { ...s, over: true, winner: e.winner, reason: e.reason, reason_id: null };
}

export function resignation(side: Color): Ending {
  return { winner: side === 0 ? 1 : 0, reason: `${sideName(side)} resigns` };
}

export const DRAW_AGREED: Ending = { winner: null, reason: 'by agreement' };

/** `side`'s flag fell: the opponent wins, or draws when `opponentCanWin` is false (a bare king, say). */
export function flagFall(side: Color, opponentCanWin = true): Ending {
  const other: Color = side === 0 ? 1 : 0;
  if (!opponentCanWin) return { winner: null, reason: `${sideName(side)}'s time ran out and ${sideName(other)} cannot win` };
  return { winner: other, reason: `${sideName(side)}'s time ran out` };
}

/** The ending in `x` (as read back from saved JSON), or null when it is none or not an ending. */
export function readEnding(x: unknown): Ending | null {
  if (typeof x !== 'object' || x === null) return null;
  const { winner, reason } = x as Record<string, unknown>;
  if (winner !== null && winner !== 0 && winner !== 1) return null;
  if (typeof reason !== 'string' || reason === '' || reason.length > 200) return null;
  return { winner, reason };
}
