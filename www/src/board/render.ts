// Draws the board, its highlights, coordinates and pieces on a canvas from
// a view of the state; knows nothing of rules.
import { fileName, squareOrigin, type Geometry } from './geometry';
import type { PieceSprites } from '../pieces/figures';
import type { Theme } from './theme';
import type { Cell, Destination, LastMove, PieceInfo, Square } from '../engine/types';

/** Everything a frame shows. */
export interface BoardView {
  geometry: Geometry;
  cells: readonly Cell[];
  pieces: readonly PieceInfo[];
  selected: Square | null;
  dests: readonly Destination[];
  lastMove: LastMove | null;
  checks: readonly Square[];
  /** A piece being dragged, at a point in CSS pixels from the canvas corner. */
  drag: { from: Square; x: number; y: number } | null;
  /** The square under a dragged piece. */
  dragOver: Square | null;
  /** The board's colours. */
  theme: Theme;
  /** A suggested move, drawn as an arrow. */
  hint: LastMove | null;
}

const LAST_MOVE = 'rgba(155, 199, 0, 0.41)';
const SELECTED = 'rgba(20, 85, 30, 0.5)';
const DEST = 'rgba(20, 85, 30, 0.5)';
const HINT = 'rgba(30, 110, 220, 0.75)';
const DRAG_OVER = 'rgba(20, 85, 30, 0.3)';

function fillSquare(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, style: string): void {
  const o = squareOrigin(g, sq);
  ctx.fillStyle = style;
  ctx.fillRect(o.x, o.y, g.square, g.square);
}

function drawSquares(ctx: CanvasRenderingContext2D, g: Geometry, t: Theme): void {
  ctx.fillStyle = t.light;
  ctx.fillRect(g.gutter, 0, g.files * g.square, g.ranks * g.square);
  ctx.fillStyle = t.dark;
  for (let rank = 0; rank < g.ranks; rank++) {
    for (let file = rank % 2; file < g.files; file += 2) {
      const o = squareOrigin(g, rank * g.files + file);
      ctx.fillRect(o.x, o.y, g.square, g.square);
    }
  }
}

function drawCoordinates(ctx: CanvasRenderingContext2D, g: Geometry, t: Theme): void {
  ctx.fillStyle = t.gutterBg;
  ctx.fillRect(0, 0, g.gutter, g.height);
  ctx.fillRect(0, g.ranks * g.square, g.width, g.gutter);
  const size = Math.round(Math.min(g.gutter * 0.62, g.square * 0.42));
  ctx.font = `600 ${size}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
  ctx.fillStyle = t.gutterText;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let file = 0; file < g.files; file++) {
    const col = g.flipped ? g.files - 1 - file : file;
    ctx.fillText(fileName(file), g.gutter + (col + 0.5) * g.square, g.ranks * g.square + g.gutter / 2);
  }
  for (let rank = 0; rank < g.ranks; rank++) {
    const row = g.flipped ? rank : g.ranks - 1 - rank;
    ctx.fillText(String(rank + 1), g.gutter / 2, (row + 0.5) * g.square, g.gutter - 2);
  }
}

function drawCheck(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square): void {
  const o = squareOrigin(g, sq);
  const c = g.square / 2;
  const grad = ctx.createRadialGradient(o.x + c, o.y + c, 0, o.x + c, o.y + c, c * 1.1);
  grad.addColorStop(0, 'rgba(255, 0, 0, 1)');
  grad.addColorStop(0.3, 'rgba(231, 0, 0, 1)');
  grad.addColorStop(0.75, 'rgba(169, 0, 0, 0)');
  ctx.fillStyle = grad;
  ctx.fillRect(o.x, o.y, g.square, g.square);
}

function drawDestination(ctx: CanvasRenderingContext2D, g: Geometry, d: Destination): void {
  const o = squareOrigin(g, d.to);
  const c = g.square / 2;
  ctx.beginPath();
  if (d.capture) {
    // A ring around the piece to be taken.
    ctx.arc(o.x + c, o.y + c, c * 0.86, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(2, g.square * 0.09);
    ctx.strokeStyle = DEST;
    ctx.stroke();
  } else {
    ctx.arc(o.x + c, o.y + c, c * 0.27, 0, Math.PI * 2);
    ctx.fillStyle = DEST;
    ctx.fill();
  }
  if (d.promotions.length > 0) {
    // A small crown-coloured corner marks a promotion square.
    ctx.beginPath();
    ctx.moveTo(o.x + g.square, o.y);
    ctx.lineTo(o.x + g.square - c * 0.45, o.y);
    ctx.lineTo(o.x + g.square, o.y + c * 0.45);
    ctx.closePath();
    ctx.fillStyle = 'rgba(200, 140, 0, 0.85)';
    ctx.fill();
  }
}

function drawArrow(ctx: CanvasRenderingContext2D, g: Geometry, m: LastMove): void {
  const a = squareOrigin(g, m.from);
  const b = squareOrigin(g, m.to);
  const c = g.square / 2;
  const x0 = a.x + c;
  const y0 = a.y + c;
  const x1 = b.x + c;
  const y1 = b.y + c;
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const head = g.square * 0.45;
  const w = Math.max(3, g.square * 0.16);
  ctx.save();
  ctx.strokeStyle = HINT;
  ctx.fillStyle = HINT;
  ctx.lineWidth = w;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - Math.cos(angle) * head * 0.8, y1 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(angle - 0.45), y1 - head * Math.sin(angle - 0.45));
  ctx.lineTo(x1 - head * Math.cos(angle + 0.45), y1 - head * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** Draws one frame. The context's transform is identity: everything is in device pixels. */
export function drawBoard(ctx: CanvasRenderingContext2D, v: BoardView, sprites: PieceSprites): void {
  const g = v.geometry;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, g.width, g.height);
  drawSquares(ctx, g, v.theme);
  drawCoordinates(ctx, g, v.theme);
  if (v.lastMove !== null) {
    fillSquare(ctx, g, v.lastMove.from, LAST_MOVE);
    fillSquare(ctx, g, v.lastMove.to, LAST_MOVE);
  }
  if (v.selected !== null) fillSquare(ctx, g, v.selected, SELECTED);
  if (v.dragOver !== null && v.dragOver !== v.drag?.from) fillSquare(ctx, g, v.dragOver, DRAG_OVER);
  for (const sq of v.checks) drawCheck(ctx, g, sq);

  let dragged: Cell | null = null;
  for (const cell of v.cells) {
    const piece = v.pieces[cell.kind];
    if (piece === undefined) continue;
    const o = squareOrigin(g, cell.sq);
    if (v.drag !== null && v.drag.from === cell.sq) {
      dragged = cell;
      ctx.globalAlpha = 0.3;
    }
    ctx.drawImage(sprites.get(piece, cell.color, g.square), o.x, o.y);
    ctx.globalAlpha = 1;
  }
  for (const d of v.dests) drawDestination(ctx, g, d);
  if (v.hint !== null) drawArrow(ctx, g, v.hint);

  if (dragged !== null && v.drag !== null) {
    const piece = v.pieces[dragged.kind];
    if (piece !== undefined) {
      // A dragged piece is drawn larger, centred under the pointer.
      const size = Math.round(g.square * 1.25);
      const x = Math.round(v.drag.x * g.dpr - size / 2);
      const y = Math.round(v.drag.y * g.dpr - size / 2);
      ctx.drawImage(sprites.get(piece, dragged.color, g.square), x, y, size, size);
    }
  }
}
