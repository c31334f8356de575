// The reserves on a narrow screen (a phone): the board takes the width,
// and each side's reserve becomes a strip of one row beside the board,
// White's below, the other side's above (the other way round on a flipped
// board): the next piece and next pawn to be dropped and the piece the
// next promotion brings, then the credits. Each strip reads from the left
// on either orientation (the drawing is turned round when flipped, so the
// strips' cells are counted from its other end then).
// A tap on a strip opens the whole reserve (the 29 x 18 drawing); a tap on
// the reserve there closes it.
import { cellOrigin, fileName, type Geometry, type GridLayout } from './geometry';
import type { ReserveClass } from './reserve-layout';
import type { PieceSprites } from '../pieces/figures';
import type { Theme } from './theme';
import type { Color, PieceInfo, SideReserve } from '../engine/types';

/** A strip's men: the next piece, the next pawn, the piece the next promotion brings. */
export type StripSlot = 0 | 1 | 2;
/** How many cells the men take; the credits follow. */
const MEN = 3;

export interface StripLayout extends GridLayout {
  files: number;
}

/** The board with a strip row below it (White's) and above it (the other side's). */
export function stripLayout(files: number, ranks: number): StripLayout {
  const colNames: string[] = [];
  for (let c = 0; c < files; c++) colNames.push(fileName(c));
  const rankNames = ['', ...Array.from({ length: ranks }, (_, i) => String(i + 1)), ''];
  return { cols: files, rows: ranks + 2, gaps: [], colNames, rankNames, boardRank0: 1, files };
}

/** The grid column of the strip cell `place` cells from the strip's left end on screen. */
function stripCol(l: StripLayout, place: number, flipped: boolean): number {
  return flipped ? l.cols - 1 - place : place;
}

/** The grid cell of a side's strip slot. */
export function stripCell(l: StripLayout, side: Color, slot: StripSlot, flipped: boolean): { col: number; rank: number } {
  return { col: stripCol(l, slot, flipped), rank: side === 0 ? 0 : l.rows - 1 };
}

/** The side and slot (null for the credits' cells) of a strip cell, or null off the strips. */
export function stripAt(l: StripLayout, col: number, rank: number, flipped: boolean): { side: Color; slot: StripSlot | null } | null {
  const side: Color | null = rank === 0 ? 0 : rank === l.rows - 1 ? 1 : null;
  if (side === null || col < 0 || col >= l.cols) return null;
  const place = stripCol(l, col, flipped);
  return { side, slot: place < MEN ? (place as StripSlot) : null };
}

/** Which reserve man a slot shows: its class and index in the list, or null when there is none. */
export function slotMan(s: SideReserve, slot: StripSlot): { cls: ReserveClass; index: number } | null {
  const index = slot === 0 ? s.next_piece : slot === 1 ? s.next_pawn : s.promotion;
  return index === null ? null : { cls: slot === 1 ? 'pawn' : 'piece', index };
}

const NEXT = '#1a7f37';
const PROMOTION = 'rgba(200, 140, 0, 0.95)';
const PICKED = 'rgba(20, 85, 30, 0.35)';

/** Draws both strips. `picked`: the open turn's side and the class whose man was picked. */
export function drawStrips(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  l: StripLayout,
  sides: readonly [SideReserve, SideReserve],
  picked: { side: Color; cls: ReserveClass | null } | null,
  theme: Theme,
  pieces: readonly PieceInfo[],
  sprites: PieceSprites,
): void {
  const width = Math.max(2, Math.round(g.square * 0.08));
  for (const side of [0, 1] as const) {
    const s = sides[side];
    for (const slot of [0, 1, 2] as const) {
      const c = stripCell(l, side, slot, g.flipped);
      const o = cellOrigin(g, c.col, c.rank);
      ctx.fillStyle = theme.light;
      ctx.fillRect(o.x, o.y, g.square, g.square);
      const man = slotMan(s, slot);
      if (man === null) continue;
      if (picked !== null && picked.side === side && picked.cls === man.cls && slot < 2) {
        ctx.fillStyle = PICKED;
        ctx.fillRect(o.x, o.y, g.square, g.square);
      }
      const kinds = man.cls === 'piece' ? s.pieces : s.pawns;
      const piece = pieces[kinds[man.index]!];
      if (piece !== undefined) ctx.drawImage(sprites.get(piece, side, g.square, g.flipped), o.x, o.y);
      ctx.strokeStyle = slot === 2 ? PROMOTION : NEXT;
      ctx.lineWidth = width;
      ctx.strokeRect(o.x + width / 2, o.y + width / 2, g.square - width, g.square - width);
    }
    // The credits, clear of the last two cells (where the zoom buttons float over the board's corner).
    const rank = stripCell(l, side, 0, g.flipped).rank;
    const first = cellOrigin(g, stripCol(l, MEN, g.flipped), rank);
    const last = cellOrigin(g, stripCol(l, Math.max(MEN, l.cols - 3), g.flipped), rank);
    const x0 = Math.min(first.x, last.x);
    const w = Math.abs(last.x - first.x) + g.square;
    const has = s.credits[0] > 0 || s.credits[1] > 0;
    if (has) {
      ctx.fillStyle = NEXT;
      ctx.fillRect(x0, first.y + g.square * 0.12, w, g.square * 0.76);
    }
    ctx.fillStyle = has ? '#ffffff' : theme.gutterText;
    ctx.font = `600 ${Math.round(g.square * 0.28)}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const y = first.y + g.square / 2;
    ctx.fillText('credits', x0 + w / 2, y - g.square * 0.2, w - 4);
    ctx.fillText(`${s.credits[0]} piece · ${s.credits[1]} pawn`, x0 + w / 2, y + g.square * 0.2, w - 4);
  }
}
