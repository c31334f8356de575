// The reserves beside the play board: the board takes the box, and each
// side's reserve becomes a strip of one row, White's below, the other
// side's above (the other way round on a flipped board): the next pieces
// in drop order (the next one marked), the next pawns (the next one
// marked), the piece the next promotion brings, then the credits. Each
// strip reads from the left on either orientation (the drawing is turned
// round when flipped, so the strips' cells are counted from its other end
// then). A tap on a strip opens the whole reserve (the 29 x 18 drawing);
// a tap on the reserve there closes it.
import { cellOrigin, fileName, type Geometry, type GridLayout } from './geometry';
import type { ReserveClass } from './reserve-layout';
import type { PieceSprites } from '../pieces/figures';
import type { Theme } from './theme';
import type { Color, PieceInfo, SideReserve } from '../engine/types';

/** A strip's cell counted from its left end on screen. */
export type StripSlot = number;

/** What a strip cell shows: the man `ahead` places behind the next of its class in drop order, or the next promotion. */
export type SlotShows = { cls: ReserveClass; ahead: number } | { cls: 'promotion' };

export interface StripLayout extends GridLayout {
  files: number;
}

/** The cells the credits take at the strip's right end. */
function creditCells(files: number): number {
  return files >= 6 ? 2 : files >= 5 ? 1 : 0;
}

/**
 * What each strip cell left of the credits shows: as many next pieces as
 * fit, then the next pawns (two fifths of the queue's cells, at least
 * one), then the next promotion. Eight files: three pieces, two pawns.
 */
export function stripSlots(files: number): SlotShows[] {
  const queue = Math.max(2, files - creditCells(files) - 1);
  const pawns = Math.max(1, Math.floor((queue * 2) / 5));
  const out: SlotShows[] = [];
  for (let i = 0; i < queue - pawns; i++) out.push({ cls: 'piece', ahead: i });
  for (let i = 0; i < pawns; i++) out.push({ cls: 'pawn', ahead: i });
  out.push({ cls: 'promotion' });
  return out.slice(0, Math.max(3, files));
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
  return { side, slot: place < stripSlots(l.files).length ? place : null };
}

/** What a slot shows, or null past the men (the credits). */
export function slotShows(l: StripLayout, slot: StripSlot): SlotShows | null {
  return stripSlots(l.files)[slot] ?? null;
}

/** Which reserve man a slot shows: its class and index in the list, or null when there is none. */
export function slotMan(l: StripLayout, s: SideReserve, slot: StripSlot): { cls: ReserveClass; index: number } | null {
  const shows = slotShows(l, slot);
  if (shows === null) return null;
  if (shows.cls === 'promotion') return s.promotion === null ? null : { cls: 'piece', index: s.promotion };
  const next = shows.cls === 'piece' ? s.next_piece : s.next_pawn;
  const back = shows.cls === 'piece' ? s.piece_back : s.pawn_back;
  if (next === null || next + shows.ahead >= back) return null;
  return { cls: shows.cls, index: next + shows.ahead };
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
  const slots = stripSlots(l.files);
  for (const side of [0, 1] as const) {
    const s = sides[side];
    slots.forEach((shows, slot) => {
      const c = stripCell(l, side, slot, g.flipped);
      const o = cellOrigin(g, c.col, c.rank);
      ctx.fillStyle = theme.light;
      ctx.fillRect(o.x, o.y, g.square, g.square);
      const man = slotMan(l, s, slot);
      if (man === null) return;
      const head = shows.cls !== 'promotion' && shows.ahead === 0;
      if (picked !== null && picked.side === side && picked.cls === man.cls && head) {
        ctx.fillStyle = PICKED;
        ctx.fillRect(o.x, o.y, g.square, g.square);
      }
      const kinds = man.cls === 'piece' ? s.pieces : s.pawns;
      const piece = pieces[kinds[man.index]!];
      if (piece !== undefined) ctx.drawImage(sprites.get(piece, side, g.square, g.flipped), o.x, o.y);
      // The next of each class framed in green, the next promotion in amber; the men behind them numbered in turn.
      if (shows.cls === 'promotion' || head) {
        ctx.strokeStyle = shows.cls === 'promotion' ? PROMOTION : NEXT;
        ctx.lineWidth = width;
        ctx.strokeRect(o.x + width / 2, o.y + width / 2, g.square - width, g.square - width);
      } else {
        const r = Math.max(6 * g.dpr, g.square * 0.16);
        ctx.fillStyle = 'rgba(0, 0, 0, 0.7)';
        ctx.beginPath();
        ctx.arc(o.x + r, o.y + r, r, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.font = `600 ${Math.round(r * 1.3)}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(shows.ahead + 1), o.x + r, o.y + r * 1.05);
      }
    });
    // The credits, in the cells right of the men.
    if (slots.length >= l.cols) continue;
    const rank = stripCell(l, side, 0, g.flipped).rank;
    const first = cellOrigin(g, stripCol(l, slots.length, g.flipped), rank);
    const last = cellOrigin(g, stripCol(l, l.cols - 1, g.flipped), rank);
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
