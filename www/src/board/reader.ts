// What the board says to a screen reader: the square under the keyboard
// cursor and the piece on it by name, the pieces of a rank or a file, or
// of the whole board side by side. Words only: the board announces them.
import type { Cell, Destination, PieceInfo, Square } from '../engine/types';
import { fileName, fileOf, rankOf, squareName } from './geometry';

/** The position the words are about. */
export interface Readable {
  files: number;
  ranks: number;
  cells: readonly Cell[];
  pieces: readonly PieceInfo[];
}

const side = (c: Cell) => (c.color === 0 ? 'White' : 'Black');

function pieceName(p: Readable, c: Cell): string {
  return p.pieces[c.kind]?.name ?? c.code;
}

/** "e4, White Horseman" or "e4, empty". */
export function readSquare(p: Readable, sq: Square): string {
  const c = p.cells.find((x) => x.sq === sq);
  return `${squareName(sq, p.files)}, ${c === undefined ? 'empty' : `${side(c)} ${pieceName(p, c)}`}`;
}

function listed(p: Readable, cells: readonly Cell[]): string {
  return cells.map((c) => `${side(c)} ${pieceName(p, c)} ${squareName(c.sq, p.files)}`).join(', ');
}

/** The pieces of `sq`'s rank, from the a-file: "Rank 2: White Pawn a2, ..." or "Rank 5: empty." */
export function readRank(p: Readable, sq: Square): string {
  const rank = rankOf(sq, p.files);
  const cells = p.cells.filter((c) => rankOf(c.sq, p.files) === rank).sort((a, b) => a.sq - b.sq);
  return `Rank ${rank + 1}: ${cells.length === 0 ? 'empty' : listed(p, cells)}.`;
}

/** The pieces of `sq`'s file, from rank 1. */
export function readFile(p: Readable, sq: Square): string {
  const file = fileOf(sq, p.files);
  const cells = p.cells.filter((c) => fileOf(c.sq, p.files) === file).sort((a, b) => a.sq - b.sq);
  return `File ${fileName(file)}: ${cells.length === 0 ? 'empty' : listed(p, cells)}.`;
}

/** Every piece, White's then Black's, royal pieces first, then by square. */
export function readBoard(p: Readable): string {
  const parts: string[] = [];
  for (const color of [0, 1] as const) {
    const cells = p.cells
      .filter((c) => c.color === color)
      .sort((a, b) => Number(p.pieces[b.kind]?.royal ?? false) - Number(p.pieces[a.kind]?.royal ?? false) || a.sq - b.sq);
    const who = color === 0 ? 'White' : 'Black';
    parts.push(`${who}: ${cells.length === 0 ? 'nothing' : cells.map((c) => `${pieceName(p, c)} ${squareName(c.sq, p.files)}`).join(', ')}.`);
  }
  return parts.join(' ');
}

/** A piece picked up: "White Horseman on e4 picked up: 3 moves, e5, e6, d5." */
export function readPickUp(p: Readable, sq: Square, dests: readonly Destination[]): string {
  const what = readSquare(p, sq).replace(/^[^,]*, /, '');
  const names = dests.map((d) => `${d.to === sq ? 'pass' : squareName(d.to, p.files)}${d.capture ? ' capturing' : ''}`);
  const n = dests.length;
  return `${what} on ${squareName(sq, p.files)} picked up: ${n === 0 ? 'no moves' : `${n} move${n === 1 ? '' : 's'}, ${names.join(', ')}`}.`;
}

/** What the board's keys do, for its description. */
export const BOARD_KEYS =
  'On the board: arrow keys move the cursor, Enter or Space picks up a piece and puts it down on a square it can go to (on its own square, a pass), Escape cancels; R reads the rank, F the file, B the whole board, and the square under the cursor is read as the cursor moves.';
