// Small reads and edits of position text that the page makes itself (the
// engine reads and checks the result).

/**
 * The same position with the other side to move and no en-passant squares:
 * a diagram uses it to show the moves of a piece whose side is not to move.
 */
export function passTurn(fen: string): string {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2) return fen;
  fields[1] = fields[1] === 'b' ? 'w' : 'b';
  if (fields.length >= 4) fields[3] = '-';
  return fields.join(' ');
}

/** Who moves first and the first move number, read from a position text's last fields. */
export function fenTurn(fen: string): { black: boolean; number: number } {
  const fields = fen.trim().split(/\s+/);
  const black = fields[1] === 'b';
  const n = Number(fields[5]);
  return { black, number: Number.isInteger(n) && n > 0 ? n : 1 };
}
