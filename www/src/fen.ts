// Small edits of position text that the page makes itself (the engine
// reads and checks the result).

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
