// Draws the reserves beside the board (see reserve-layout.ts): each list
// in drop order with the men still there and the used cells empty; the
// next piece and next pawn to be dropped and the piece the next promotion
// brings marked for each side; each side's credits beside its pawn
// reserve; and, while a turn may still drop, the squares a drop may go
// to. Knows nothing of rules: the engine said all of it.
import { cellOrigin, squareOrigin, type Geometry } from './geometry';
import { creditCells, reserveCell, type ReserveClass, type ReserveLayout } from './reserve-layout';
import type { StripLayout } from './reserve-strip';
import type { PieceSprites } from '../pieces/figures';
import type { Theme } from './theme';
import type { Color, PieceInfo, SideReserve, Square } from '../engine/types';

/** The reserves as a frame shows them. */
export interface ReserveView {
  layout: ReserveLayout;
  /** The strips that stand for the reserves on a narrow screen. */
  strip: StripLayout;
  sides: readonly [SideReserve, SideReserve];
  /** The sides' names (White, Blue). */
  names: readonly [string, string];
}

/** An open turn's drops: where each class may go, and the men they bring. */
export interface DropView {
  side: Color;
  piece: { kind: number; squares: readonly Square[] } | null;
  pawn: { kind: number; squares: readonly Square[] } | null;
  /** The reserve man picked by a click (only its squares are marked), or null for both. */
  picked: ReserveClass | null;
}

/** The marks of the next drop and of the next promotion. */
const NEXT = '#1a7f37';
const PROMOTION = 'rgba(200, 140, 0, 0.95)';
const PICKED = 'rgba(20, 85, 30, 0.35)';

function frame(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, style: string, width: number): void {
  ctx.strokeStyle = style;
  ctx.lineWidth = width;
  ctx.strokeRect(x + width / 2, y + width / 2, size - width, size - width);
}

/** The reserve cells, men and marks of both sides. */
export function drawReserves(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  r: ReserveView,
  drops: DropView | null,
  theme: Theme,
  pieces: readonly PieceInfo[],
  sprites: PieceSprites,
): void {
  const l = r.layout;
  const width = Math.max(2, Math.round(g.square * 0.08));
  const line = Math.max(1, Math.round(g.dpr));
  for (const side of [0, 1] as const) {
    const s = r.sides[side];
    for (const cls of ['piece', 'pawn'] as const) {
      const kinds = cls === 'piece' ? s.pieces : s.pawns;
      const front = cls === 'piece' ? s.piece_front : s.pawn_front;
      const back = cls === 'piece' ? s.piece_back : s.pawn_back;
      const next = cls === 'piece' ? s.next_piece : s.next_pawn;
      for (let index = 0; index < kinds.length; index++) {
        const c = reserveCell(l, { side, cls, index });
        const o = cellOrigin(g, c.col, c.rank);
        // One colour for every cell, a thin line between them: the
        // reserves read as lists, not as more board.
        ctx.fillStyle = theme.light;
        ctx.fillRect(o.x, o.y, g.square, g.square);
        ctx.strokeStyle = theme.dark;
        ctx.lineWidth = line;
        ctx.strokeRect(o.x + line / 2, o.y + line / 2, g.square - line, g.square - line);
        const picked = drops !== null && drops.side === side && drops.picked === cls && index === next;
        if (picked) {
          ctx.fillStyle = PICKED;
          ctx.fillRect(o.x, o.y, g.square, g.square);
        }
        // Used cells (dropped or promoted to) stay empty.
        const piece = index >= front && index < back ? pieces[kinds[index]!] : undefined;
        if (piece !== undefined) ctx.drawImage(sprites.get(piece, side, g.square, g.flipped), o.x, o.y);
        if (index === next) frame(ctx, o.x, o.y, g.square, NEXT, width);
        if (cls === 'piece' && index === s.promotion) {
          // The promotion's mark inside the next drop's when one man is left.
          const inset = index === next ? width : 0;
          frame(ctx, o.x + inset, o.y + inset, g.square - 2 * inset, PROMOTION, width);
          const c2 = g.square / 2;
          ctx.beginPath();
          ctx.moveTo(o.x + g.square - inset, o.y + inset);
          ctx.lineTo(o.x + g.square - inset - c2 * 0.5, o.y + inset);
          ctx.lineTo(o.x + g.square - inset, o.y + inset + c2 * 0.5);
          ctx.closePath();
          ctx.fillStyle = PROMOTION;
          ctx.fill();
        }
      }
    }
    drawCredits(ctx, g, l, side, r.names[side], s.credits, theme);
  }
  if (drops !== null) drawDropTargets(ctx, g, drops, pieces, sprites, theme);
}

/** A side's name and credits in the free cells beside its pawn reserve. */
function drawCredits(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  l: ReserveLayout,
  side: 0 | 1,
  name: string,
  credits: readonly [number, number],
  theme: Theme,
): void {
  const at = creditCells(l, side);
  const lines = [name, `pieces ${credits[0]}`, `pawns ${credits[1]}`];
  // Read from the top down: White's block ends just above its pawns, Blue's starts just below its own.
  const n = lines.length;
  const rankOf = (i: number) => (g.flipped ? (side === 0 ? at.rank + i : at.rank - n + 1 + i) : side === 0 ? at.rank + n - 1 - i : at.rank - i);
  const size = Math.round(g.square * 0.36);
  ctx.font = `600 ${size}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const left = cellOrigin(g, at.col, at.rank);
  const right = cellOrigin(g, at.col + at.cols - 1, at.rank);
  const x0 = Math.min(left.x, right.x);
  const w = Math.abs(right.x - left.x) + g.square;
  lines.forEach((text, i) => {
    const o = cellOrigin(g, at.col, rankOf(i));
    const has = i > 0 && credits[i - 1]! > 0;
    if (has) {
      ctx.fillStyle = NEXT;
      ctx.fillRect(x0, o.y + g.square * 0.1, w, g.square * 0.8);
    }
    ctx.fillStyle = has ? '#ffffff' : theme.gutterText;
    ctx.fillText(text, x0 + w / 2, o.y + g.square / 2, w - 4);
  });
}

/** Where the open turn may drop: the man it would bring, faint, with a dot. */
export function drawDropTargets(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  d: DropView,
  pieces: readonly PieceInfo[],
  sprites: PieceSprites,
  theme: Theme,
): void {
  const shown: [ReserveClass, DropView['piece']][] = [
    ['pawn', d.pawn],
    ['piece', d.piece],
  ];
  for (const [cls, drop] of shown) {
    if (drop === null || (d.picked !== null && d.picked !== cls)) continue;
    const piece = pieces[drop.kind];
    for (const sq of drop.squares) {
      const o = squareOrigin(g, sq);
      if (piece !== undefined) {
        ctx.globalAlpha = 0.4;
        ctx.drawImage(sprites.get(piece, d.side, g.square, g.flipped), o.x, o.y);
        ctx.globalAlpha = 1;
      }
      // As visible as a move's target: the same dot, and the square framed in the same colour (the ghost of the
      // man to drop would otherwise hide a smaller mark on small squares).
      const c = g.square / 2;
      ctx.beginPath();
      ctx.arc(o.x + c, o.y + c, Math.max(2.5 * g.dpr, c * 0.27), 0, Math.PI * 2);
      ctx.fillStyle = theme.marks.move;
      ctx.fill();
      const w = Math.max(1.5 * g.dpr, g.square * 0.06);
      ctx.lineWidth = w;
      ctx.strokeStyle = theme.marks.move;
      ctx.strokeRect(o.x + w / 2, o.y + w / 2, g.square - w, g.square - w);
    }
  }
}
