// Where reserves are drawn beside the board (docs/variants/uc-170-17-game-rules.md section 14): the
// play board, then the piece reserve, then the pawn reserve, each after a
// gap, as one grid with the preset's coordinates. UC-170-17: files a-h,
// A-R and S-U (29 columns), ranks 1-18; White's pieces fill A1, B1, ...
// R1, A2, ... in drop order, Blue's A18, B18, ...; White's pawns S1, T1,
// U1, S2, ..., Blue's S18, T18, U18, S17, ...
import { fileName, type GridLayout } from './geometry';

/** Piece kinds in a reserve row, pawn kinds in a pawn reserve row. */
export const PIECE_COLS = 18;
export const PAWN_COLS = 3;

/** Which list of a side's reserve: its pieces or its pawns. */
export type ReserveClass = 'piece' | 'pawn';

/** A man's place in a reserve list. */
export interface ReservePlace {
  side: 0 | 1;
  cls: ReserveClass;
  index: number;
}

/** The grid of a board with reserves, and where each list goes in it. */
export interface ReserveLayout extends GridLayout {
  files: number;
  /** Rows each side's piece list and pawn list fill. */
  pieceRows: number;
  pawnRows: number;
}

/**
 * The layout for a board of `files` x `ranks` and reserve lists of at
 * most `pieces` pieces and `pawns` pawns a side. The grid does not shrink
 * with shorter lists (a game from a position text holds only what is
 * left): each side's piece reserve has at least one row more than the
 * board has ranks (9 on 8 ranks: the preset's 18 rows), its pawn reserve
 * at least three rows.
 */
export function reserveLayout(files: number, ranks: number, pieces: number, pawns: number): ReserveLayout {
  const pieceRows = Math.max(ranks + 1, Math.ceil(pieces / PIECE_COLS));
  const pawnRows = Math.max(3, Math.ceil(pawns / PAWN_COLS));
  const rows = Math.max(ranks, 2 * pieceRows, 2 * pawnRows);
  const cols = files + PIECE_COLS + PAWN_COLS;
  const colNames: string[] = [];
  for (let c = 0; c < files; c++) colNames.push(fileName(c));
  // The reserves' files go on in capitals: A-R for pieces, S-U for pawns.
  for (let c = 0; c < PIECE_COLS + PAWN_COLS; c++) colNames.push(String.fromCharCode(65 + c));
  // Flipped, each box turns round in its place: the play board stays at the bottom left.
  return { cols, rows, gaps: [files, files + PIECE_COLS], colNames, files, pieceRows, pawnRows, turnBoxes: true };
}

/** The grid cell (col, rank from White's side) of a reserve man. */
export function reserveCell(l: ReserveLayout, p: ReservePlace): { col: number; rank: number } {
  const width = p.cls === 'piece' ? PIECE_COLS : PAWN_COLS;
  const col0 = p.cls === 'piece' ? l.files : l.files + PIECE_COLS;
  const row = Math.floor(p.index / width);
  return { col: col0 + (p.index % width), rank: p.side === 0 ? row : l.rows - 1 - row };
}

/** The reserve place of grid cell (col, rank), or null for a cell of no reserve list (the board, the empty middle). */
export function reservePlaceAt(l: ReserveLayout, col: number, rank: number): ReservePlace | null {
  if (col < l.files || col >= l.cols) return null;
  const cls: ReserveClass = col < l.files + PIECE_COLS ? 'piece' : 'pawn';
  const width = cls === 'piece' ? PIECE_COLS : PAWN_COLS;
  const rowsOf = cls === 'piece' ? l.pieceRows : l.pawnRows;
  const x = col - (cls === 'piece' ? l.files : l.files + PIECE_COLS);
  if (rank < rowsOf) return { side: 0, cls, index: rank * width + x };
  if (rank >= l.rows - rowsOf) return { side: 1, cls, index: (l.rows - 1 - rank) * width + x };
  return null;
}

/** The free cells between the two sides' pawn reserves where a side's credits are written: its first row and how many. */
export function creditCells(l: ReserveLayout, side: 0 | 1): { col: number; rank: number; cols: number } {
  const col = l.files + PIECE_COLS;
  return { col, rank: side === 0 ? l.pawnRows : l.rows - 1 - l.pawnRows, cols: PAWN_COLS };
}
