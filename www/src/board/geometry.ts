// Board layout shared by drawing and input: square size, orientation,
// coordinate gutters, square <-> pixel, and square names.
import type { Square } from '../engine/types';

/**
 * A board laid out on a canvas. Sizes are in device pixels and whole, so
 * square edges fall on pixel boundaries and stay sharp at any devicePixelRatio.
 *
 * ```
 *  +--------+---------------------+
 *  | ranks  |  cols x rows        |   the drawing: x from gutter, y from 0
 *  | gutter |  cells of `square`  |
 *  +--------+---------------------+
 *  |        |  files gutter       |   height gutter
 *  +--------+---------------------+
 * ```
 *
 * The drawing is a grid of `cols` x `rows` cells: the board's files and
 * ranks, or more when reserves are drawn beside it (UC-170-17: 29 x 18,
 * the board a1-h8 in its bottom-left corner), with a gap before each
 * column listed in `gaps`. Flipped, the whole drawing is turned round;
 * or, with `turnBoxes`, each box between two gaps is turned round in its
 * place, the play board within its own ranks, so that the play board
 * stays at the bottom left with the other side's men nearest the player
 * and each reserve beside it with that side's reserve at the bottom.
 */
export interface Geometry {
  readonly files: number;
  readonly ranks: number;
  /** The drawing's columns and rows (the board's files and ranks when it is drawn alone). */
  readonly cols: number;
  readonly rows: number;
  /** Grid columns before which a gap is left between two boards. */
  readonly gaps: readonly number[];
  /** The width of a gap. */
  readonly gap: number;
  /** The columns' names when not the board's files (`a`-`h`, `A`-`R`, `S`-`U`). */
  readonly colNames: readonly string[] | null;
  /** The rows' names, from rank 1 up, when not the ranks' numbers ('' for a row without one). */
  readonly rankNames: readonly string[] | null;
  /** The grid rank of the board's first rank (0 when the board is at the bottom of the drawing). */
  readonly boardRank0: number;
  /** Black at the bottom. */
  readonly flipped: boolean;
  /** Flipped, each box between gaps turns round in its place (see above) rather than the whole drawing. */
  readonly turnBoxes: boolean;
  /** Device pixels per CSS pixel. */
  readonly dpr: number;
  /** Side of a square. */
  readonly square: number;
  /** Width of the rank labels' column and height of the file labels' row. */
  readonly gutter: number;
  /** Canvas size. */
  readonly width: number;
  readonly height: number;
}

/** A drawing larger than the board: its grid, gaps and column names (see `Geometry`). */
export interface GridLayout {
  cols: number;
  rows: number;
  gaps: readonly number[];
  colNames: readonly string[];
  rankNames?: readonly string[];
  /** The grid rank of the board's first rank; 0 when absent. */
  boardRank0?: number;
  /** Flipped, each box between gaps turns round in its place (see `Geometry`). */
  turnBoxes?: boolean;
}

export interface FitOptions {
  files: number;
  ranks: number;
  /** Space available, in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
  dpr: number;
  flipped: boolean;
  /** Zoomed in: squares of at least this many CSS pixels, the board scrolling in its box. */
  minSquareCss?: number;
  /** The drawing when it holds more than the board. */
  layout?: GridLayout | null;
}

/**
 * The smallest square drawn, in CSS pixels: a piece can still be told and
 * hit. A board that would need smaller squares scrolls in its box.
 */
export const MIN_SQUARE_CSS = 12;
/** Coordinate gutter in CSS pixels: a fraction of a square, within bounds. */
const GUTTER_MIN_CSS = 14;
const GUTTER_MAX_CSS = 24;
const GUTTER_SQUARE_FRACTION = 0.4;
/** A gap between two boards of a drawing, as a fraction of a square. */
const GAP_SQUARE_FRACTION = 0.5;

/** The largest board of `files` x `ranks` squares (or drawing of `layout`) that fits the space given. */
export function fitGeometry(o: FitOptions): Geometry {
  const dpr = o.dpr > 0 && Number.isFinite(o.dpr) ? o.dpr : 1;
  const w = Math.max(0, o.cssWidth) * dpr;
  const h = Math.max(0, o.cssHeight) * dpr;
  const cols = o.layout?.cols ?? o.files;
  const rows = o.layout?.rows ?? o.ranks;
  const gaps = o.layout?.gaps ?? [];
  const across = cols + gaps.length * GAP_SQUARE_FRACTION;
  // A first guess of the square size fixes the gutter, then the square fills what is left.
  const guess = Math.min(w / (across + GUTTER_SQUARE_FRACTION), h / (rows + GUTTER_SQUARE_FRACTION));
  const gutter = Math.round(
    Math.min(GUTTER_MAX_CSS * dpr, Math.max(GUTTER_MIN_CSS * dpr, guess * GUTTER_SQUARE_FRACTION)),
  );
  const fit = Math.floor(Math.min((w - gutter) / across, (h - gutter) / rows));
  const square = Math.max(Math.round(Math.max(MIN_SQUARE_CSS, o.minSquareCss ?? 0) * dpr), fit);
  const gap = gaps.length === 0 ? 0 : Math.floor(square * GAP_SQUARE_FRACTION);
  return {
    files: o.files,
    ranks: o.ranks,
    cols,
    rows,
    gaps,
    gap,
    colNames: o.layout?.colNames ?? null,
    rankNames: o.layout?.rankNames ?? null,
    boardRank0: o.layout?.boardRank0 ?? 0,
    flipped: o.flipped,
    turnBoxes: o.layout?.turnBoxes === true && gaps.length > 0,
    dpr,
    square,
    gutter,
    width: gutter + cols * square + gaps.length * gap,
    height: rows * square + gutter,
  };
}

/** Where the canvas goes in its box, in CSS pixels from the box's top-left corner. */
export interface Placement {
  left: number;
  top: number;
  /** The board is larger than its box, which scrolls to show every square. */
  scrolls: boolean;
}

/**
 * Centres a board of `width` x `height` CSS pixels in a box of the given
 * client size; a board larger than the box (its squares held at the
 * smallest size) starts at the box's edge instead, since a scroll box
 * cannot reach what sticks out to its left or top.
 */
export function placeBoard(width: number, height: number, boxWidth: number, boxHeight: number): Placement {
  return {
    left: Math.max(0, Math.floor((boxWidth - width) / 2)),
    top: Math.max(0, Math.floor((boxHeight - height) / 2)),
    scrolls: width > boxWidth + 0.5 || height > boxHeight + 0.5,
  };
}

export function fileOf(sq: Square, files: number): number {
  return sq % files;
}

export function rankOf(sq: Square, files: number): number {
  return Math.floor(sq / files);
}

/** The first column of the box (between gaps) holding column `col`, and the one after its last. */
function boxOf(g: Geometry, col: number): { start: number; end: number } {
  let start = 0;
  for (const b of g.gaps) {
    if (col < b) return { start, end: b };
    start = b;
  }
  return { start, end: g.cols };
}

/** Whether grid rank `rank` of the play board's box is one of the board's ranks (turned round within them when boxes turn). */
function boardRow(g: Geometry, rank: number): boolean {
  return rank >= g.boardRank0 && rank < g.boardRank0 + g.ranks;
}

/** Column and row on screen (0, 0 top left of the drawing) of grid cell (`col`, `rank`), counted from White's bottom left. */
export function gridCell(g: Geometry, col: number, rank: number): { col: number; row: number } {
  if (!g.flipped) return { col, row: g.rows - 1 - rank };
  if (!g.turnBoxes) return { col: g.cols - 1 - col, row: rank };
  const box = boxOf(g, col);
  const c = box.start + box.end - 1 - col;
  if (box.start > 0) return { col: c, row: rank };
  // The play board's box: the board turns within its ranks; the cells above it (no squares) stay.
  const r = boardRow(g, rank) ? 2 * g.boardRank0 + g.ranks - 1 - rank : rank;
  return { col: c, row: g.rows - 1 - r };
}

/** The grid cell (col, rank) drawn at screen column `col`, row `row` (the inverse of `gridCell`). */
function cellAtScreen(g: Geometry, col: number, row: number): { col: number; rank: number } {
  if (!g.flipped) return { col, rank: g.rows - 1 - row };
  if (!g.turnBoxes) return { col: g.cols - 1 - col, rank: row };
  // Turning a box round is its own inverse.
  const box = boxOf(g, col);
  const c = box.start + box.end - 1 - col;
  if (box.start > 0) return { col: c, rank: row };
  const r = g.rows - 1 - row;
  return { col: c, rank: boardRow(g, r) ? 2 * g.boardRank0 + g.ranks - 1 - r : r };
}

/**
 * The grid rank named beside screen row `row`: the first column's; with
 * boxes turned in their places, the board's ranks on its rows and the
 * reserves' ranks above it (where the board's box has no squares).
 */
export function rowRank(g: Geometry, row: number): number {
  const first = cellAtScreen(g, 0, row);
  if (!(g.flipped && g.turnBoxes) || boardRow(g, first.rank)) return first.rank;
  return cellAtScreen(g, g.gaps[0]!, row).rank;
}

/** How many gaps lie left of screen column `col`. */
function gapsBefore(g: Geometry, col: number): number {
  let n = 0;
  for (const b of g.gaps) if ((g.flipped && !g.turnBoxes ? g.cols - b : b) <= col) n++;
  return n;
}

/** Left edge of screen column `col`, in device pixels. */
function columnX(g: Geometry, col: number): number {
  return g.gutter + col * g.square + gapsBefore(g, col) * g.gap;
}

/** Top-left corner of grid cell (`col`, `rank`), in device pixels. */
export function cellOrigin(g: Geometry, col: number, rank: number): { x: number; y: number } {
  const c = gridCell(g, col, rank);
  return { x: columnX(g, c.col), y: c.row * g.square };
}

/** The grid cell (col, rank) under a point given in CSS pixels from the canvas's corner, or null (a gutter or a gap). */
export function gridAt(g: Geometry, cssX: number, cssY: number): { col: number; rank: number } | null {
  const x = cssX * g.dpr;
  const row = Math.floor((cssY * g.dpr) / g.square);
  if (row < 0 || row >= g.rows || x < g.gutter) return null;
  for (let c = 0; c < g.cols; c++) {
    const left = columnX(g, c);
    if (x >= left && x < left + g.square) return cellAtScreen(g, c, row);
  }
  return null;
}

/** Column and row on screen (0, 0 top left of the drawing) of a square. */
export function squareCell(g: Geometry, sq: Square): { col: number; row: number } {
  return gridCell(g, fileOf(sq, g.files), rankOf(sq, g.files) + g.boardRank0);
}

/** Top-left corner of a square, in device pixels. */
export function squareOrigin(g: Geometry, sq: Square): { x: number; y: number } {
  return cellOrigin(g, fileOf(sq, g.files), rankOf(sq, g.files) + g.boardRank0);
}

/** Centre of a square in CSS pixels from the canvas's top-left corner. */
export function squareCenterCss(g: Geometry, sq: Square): { x: number; y: number } {
  const o = squareOrigin(g, sq);
  return { x: (o.x + g.square / 2) / g.dpr, y: (o.y + g.square / 2) / g.dpr };
}

/** The square at column `col`, row `row` on screen (clamped to the board). */
export function squareOfCell(g: Geometry, col: number, row: number): Square {
  // The board's columns and rows on screen (turned in its place, the board keeps them).
  const whole = g.flipped && !g.turnBoxes;
  const col0 = whole ? g.cols - g.files : 0;
  const row0 = whole ? g.boardRank0 : g.rows - g.boardRank0 - g.ranks;
  const c = Math.min(g.files - 1, Math.max(0, col - col0));
  const r = Math.min(g.ranks - 1, Math.max(0, row - row0));
  const file = g.flipped ? g.files - 1 - c : c;
  const rank = g.flipped ? r : g.ranks - 1 - r;
  return rank * g.files + file;
}

/** The square under a point given in CSS pixels from the canvas's corner, or null. */
export function squareAt(g: Geometry, cssX: number, cssY: number): Square | null {
  const cell = gridAt(g, cssX, cssY);
  const rank = cell === null ? -1 : cell.rank - g.boardRank0;
  if (cell === null || cell.col >= g.files || rank < 0 || rank >= g.ranks) return null;
  return rank * g.files + cell.col;
}

/** A file's letters as the engine writes them: a..z, then aa, ab, ... */
export function fileName(file: number): string {
  const letter = (i: number) => String.fromCharCode(97 + i);
  return file >= 26 ? letter(Math.floor(file / 26) - 1) + letter(file % 26) : letter(file);
}

/** A square's name, e.g. `a1`, `p16`. */
export function squareName(sq: Square, files: number): string {
  return fileName(fileOf(sq, files)) + String(rankOf(sq, files) + 1);
}

const SQUARE_PREFIX = /^([a-z]{1,2})([1-9][0-9]{0,2})/;

/** Reads a square name at the start of `text`: the square and the length read, or null. */
function readSquare(text: string, files: number, ranks: number): { sq: Square; length: number } | null {
  const m = SQUARE_PREFIX.exec(text);
  if (m === null) return null;
  const letters = m[1]!;
  let file = 0;
  for (const c of letters) file = file * 26 + (c.charCodeAt(0) - 96);
  file -= 1;
  const rank = Number(m[2]) - 1;
  if (file >= files || rank >= ranks) return null;
  return { sq: rank * files + file, length: m[0].length };
}

/** The square named `name` on a board of `files` x `ranks`, or null. */
export function parseSquare(name: string, files: number, ranks: number): Square | null {
  const r = readSquare(name, files, ranks);
  return r !== null && r.length === name.length ? r.sq : null;
}

/**
 * The two squares of a coordinate move text such as `e2e4` or `e15e16=W`,
 * also of the moves written with a mark between them: a shot or mutual
 * destruction `a1*a6` (`a1**a6`), a swap `d4<>d7`, and a frozen man's
 * removal `e4-` (its one square twice); or null.
 */
export function moveSquares(text: string, files: number, ranks: number): { from: Square; to: Square } | null {
  const a = readSquare(text, files, ranks);
  if (a === null) return null;
  let rest = text.slice(a.length);
  if (rest.startsWith('-')) return { from: a.sq, to: a.sq };
  const mark = ['**', '*', '<>'].find((m) => rest.startsWith(m));
  if (mark !== undefined) rest = rest.slice(mark.length);
  const b = readSquare(rest, files, ranks);
  return b === null ? null : { from: a.sq, to: b.sq };
}
