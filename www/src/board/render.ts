// Draws the board, its highlights, coordinates and pieces on a canvas from
// a view of the state; knows nothing of rules.
import { cellOrigin, fileName, rowRank, squareOrigin, type Geometry } from './geometry';
import type { PieceSprites } from '../pieces/figures';
import { luminance } from './colour';
import type { Motion } from './motion';
import { drawDropTargets, drawReserves, type DropView, type ReserveView } from './reserve-render';
import { drawStrips } from './reserve-strip';
import type { Marks, Theme } from './theme';
import { drawLastEffects, drawMoveEffects } from './effect-marks';
import type { Cell, Destination, Effect, LastMove, PieceInfo, Square } from '../engine/types';

/** Everything a frame shows. */
export interface BoardView {
  geometry: Geometry;
  cells: readonly Cell[];
  pieces: readonly PieceInfo[];
  selected: Square | null;
  dests: readonly Destination[];
  lastMove: LastMove | null;
  checks: readonly Square[];
  /** Squares the board does not have (holes), drawn as the background. */
  holes: readonly Square[];
  /** A piece being dragged, at a point in CSS pixels from the canvas corner. */
  drag: { from: Square; x: number; y: number; touch: boolean } | null;
  /** The square under a dragged piece. */
  dragOver: Square | null;
  /** The board's colours. */
  theme: Theme;
  /** A suggested move, drawn as an arrow. */
  hint: LastMove | null;
  /** A move being drawn sliding, or null. */
  motion: Motion | null;
  /** A hovered or held piece's moves from its square, or null. */
  preview: { from: Square; dests: readonly Destination[] } | null;
  /** The keyboard's square, or null when the keys are not in use. */
  cursor: Square | null;
  /** The reserves beside the board, or null. */
  reserves: ReserveView | null;
  /** The reserves are drawn as strips above and below the board (a narrow screen). */
  compact: boolean;
  /** An open turn's drop squares, or null. */
  drops: DropView | null;
  /** Squares the last turn dropped men on. */
  dropped: readonly Square[];
  /** What the last turn did besides its move: men taken, swapped, turned, reborn ... (see effect-marks.ts). */
  effects: readonly Effect[];
  /** While the last move is new: its effects' rings spreading, from 0 to 1; null otherwise. */
  effectPulse: number | null;
  /** Men the last move removed, fading out where they stood (alpha from 1 to 0), or null. */
  fading: { cells: readonly Cell[]; alpha: number } | null;
  /** Men standing frozen. */
  frozen: readonly Square[];
}

/** A soft tint under the last move's frames and the selected square (decoration: the frames carry the contrast). */
const LAST_MOVE_TINT = 'rgba(155, 199, 0, 0.3)';
const SELECTED_TINT = 'rgba(20, 85, 30, 0.35)';
const DRAG_OVER = 'rgba(20, 85, 30, 0.3)';
const PROMOTION = 'rgba(200, 140, 0, 0.85)';

function fillSquare(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, style: string): void {
  const o = squareOrigin(g, sq);
  ctx.fillStyle = style;
  ctx.fillRect(o.x, o.y, g.square, g.square);
}

/** A frame just inside a square's edge, `width` device pixels thick. */
function frameSquare(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, style: string, width: number): void {
  const o = squareOrigin(g, sq);
  ctx.strokeStyle = style;
  ctx.lineWidth = width;
  ctx.strokeRect(o.x + width / 2, o.y + width / 2, g.square - width, g.square - width);
}

/** How thick the frames of the last move, selection and check are. */
function frameWidth(g: Geometry): number {
  return Math.max(2, Math.round(g.square * 0.07));
}

function drawSquares(ctx: CanvasRenderingContext2D, g: Geometry, t: Theme): void {
  // Behind the squares: the gutters' colour, which also fills the gaps
  // and the cells of a drawing that are no squares.
  ctx.fillStyle = t.gutterBg;
  ctx.fillRect(0, 0, g.width, g.height);
  for (let rank = 0; rank < g.ranks; rank++) {
    for (let file = 0; file < g.files; file++) {
      const o = squareOrigin(g, rank * g.files + file);
      ctx.fillStyle = (file + rank) % 2 === 0 ? t.dark : t.light;
      ctx.fillRect(o.x, o.y, g.square, g.square);
    }
  }
}

function drawCoordinates(ctx: CanvasRenderingContext2D, g: Geometry, t: Theme): void {
  ctx.fillStyle = t.gutterBg;
  ctx.fillRect(0, 0, g.gutter, g.height);
  ctx.fillRect(0, g.rows * g.square, g.width, g.gutter);
  const size = Math.round(Math.min(g.gutter * 0.62, g.square * 0.42));
  ctx.font = `600 ${size}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
  ctx.fillStyle = t.gutterText;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let col = 0; col < g.cols; col++) {
    const o = cellOrigin(g, col, 0);
    ctx.fillText(g.colNames?.[col] ?? fileName(col), o.x + g.square / 2, g.rows * g.square + g.gutter / 2);
  }
  for (let row = 0; row < g.rows; row++) {
    const rank = rowRank(g, row);
    ctx.fillText(g.rankNames?.[rank] ?? String(rank + 1), g.gutter / 2, row * g.square + g.square / 2, g.gutter - 2);
  }
}

function drawCheck(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, marks: Marks): void {
  const o = squareOrigin(g, sq);
  const c = g.square / 2;
  const grad = ctx.createRadialGradient(o.x + c, o.y + c, 0, o.x + c, o.y + c, c * 1.1);
  grad.addColorStop(0, 'rgba(255, 0, 0, 1)');
  grad.addColorStop(0.3, 'rgba(231, 0, 0, 1)');
  grad.addColorStop(0.75, 'rgba(169, 0, 0, 0)');
  ctx.fillStyle = grad;
  ctx.fillRect(o.x, o.y, g.square, g.square);
  frameSquare(ctx, g, sq, marks.check, frameWidth(g) + 1);
}

function drawDestination(ctx: CanvasRenderingContext2D, g: Geometry, d: Destination, marks: Marks): void {
  const o = squareOrigin(g, d.to);
  const c = g.square / 2;
  if (d.capture) {
    // Wedges in the four corners, clear of the round piece to be taken and its rim.
    const w = c * 0.5;
    ctx.fillStyle = marks.capture;
    for (const [x, y, dx, dy] of [
      [o.x, o.y, 1, 1],
      [o.x + g.square, o.y, -1, 1],
      [o.x, o.y + g.square, 1, -1],
      [o.x + g.square, o.y + g.square, -1, -1],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + dx * w, y);
      ctx.lineTo(x, y + dy * w);
      ctx.closePath();
      ctx.fill();
    }
  } else {
    ctx.beginPath();
    ctx.arc(o.x + c, o.y + c, Math.max(2.5 * g.dpr, c * 0.27), 0, Math.PI * 2);
    ctx.fillStyle = marks.move;
    ctx.fill();
  }
  if (d.promotions.length > 0) {
    // A small crown-coloured corner marks a promotion square.
    ctx.beginPath();
    ctx.moveTo(o.x + g.square, o.y + c * 0.55);
    ctx.lineTo(o.x + g.square - c * 0.45, o.y + c * 0.55);
    ctx.lineTo(o.x + g.square, o.y + c);
    ctx.closePath();
    ctx.fillStyle = PROMOTION;
    ctx.fill();
  }
}

/** A frozen man: an icy wash and a small six-armed star in the square's corner. */
function drawFrozen(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square): void {
  const o = squareOrigin(g, sq);
  ctx.save();
  ctx.fillStyle = 'rgba(120, 190, 255, 0.28)';
  ctx.fillRect(o.x, o.y, g.square, g.square);
  const r = g.square * 0.13;
  const x = o.x + g.square - r * 1.5;
  const y = o.y + r * 1.5;
  ctx.beginPath();
  ctx.arc(x, y, r * 1.35, 0, Math.PI * 2);
  ctx.fillStyle = '#0b3d91';
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(1, r * 0.28);
  ctx.beginPath();
  for (let i = 0; i < 3; i++) {
    const a = (i * Math.PI) / 3;
    ctx.moveTo(x - r * Math.cos(a), y - r * Math.sin(a));
    ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * A pass (a move back to the piece's own square): a badge in the square's
 * top right corner, a disc in the move colour with a circular arrow in it,
 * apart from the piece's own rim.
 */
function drawPass(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, marks: Marks): void {
  const o = squareOrigin(g, sq);
  const r = g.square * 0.17;
  const x = o.x + g.square - r - g.square * 0.02;
  const y = o.y + r + g.square * 0.02;
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = marks.move;
  ctx.fill();
  // The arrow, light on the dark disc (or dark on a light one).
  const light = luminance(marks.move) < 0.3;
  ctx.strokeStyle = light ? '#ffffff' : '#000000';
  ctx.fillStyle = ctx.strokeStyle;
  ctx.lineWidth = Math.max(1.5, r * 0.22);
  const a = r * 0.55;
  const end = Math.PI * 1.55;
  ctx.beginPath();
  ctx.arc(x, y, a, -Math.PI * 0.2, end);
  ctx.stroke();
  const hx = x + a * Math.cos(end);
  const hy = y + a * Math.sin(end);
  const h = r * 0.42;
  ctx.beginPath();
  ctx.moveTo(hx + h, hy);
  ctx.lineTo(hx - h * 0.3, hy - h * 0.7);
  ctx.lineTo(hx - h * 0.3, hy + h * 0.7);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function drawArrow(ctx: CanvasRenderingContext2D, g: Geometry, m: LastMove, colour: string): void {
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
  ctx.globalAlpha = 0.85;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
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

/**
 * A move part way: the piece taken fading on the target, the mover between
 * its squares and, for a promotion, turning into its new piece as it lands.
 */
function drawMotion(ctx: CanvasRenderingContext2D, g: Geometry, pieces: readonly PieceInfo[], m: Motion, sprites: PieceSprites): void {
  const a = squareOrigin(g, m.from);
  const b = squareOrigin(g, m.to);
  const taken = m.captured === null ? undefined : pieces[m.captured.kind];
  if (m.captured !== null && taken !== undefined) {
    ctx.globalAlpha = 1 - m.t;
    ctx.drawImage(sprites.get(taken, m.captured.color, g.square, g.flipped), b.x, b.y);
  }
  const x = Math.round(a.x + (b.x - a.x) * m.t);
  const y = Math.round(a.y + (b.y - a.y) * m.t);
  const mover = pieces[m.kind];
  const landed = m.landedKind === null ? undefined : pieces[m.landedKind];
  // A promotion shows the new piece over the last third of the way.
  const turn = landed === undefined ? 0 : Math.max(0, (m.t - 0.66) / 0.34);
  if (mover !== undefined) {
    ctx.globalAlpha = 1 - turn;
    ctx.drawImage(sprites.get(mover, m.color, g.square, g.flipped), x, y);
  }
  if (landed !== undefined) {
    ctx.globalAlpha = turn;
    ctx.drawImage(sprites.get(landed, m.color, g.square, g.flipped), x, y);
  }
  ctx.globalAlpha = 1;
}

/** How much the loupe magnifies, and its radius in squares. */
const LOUPE_ZOOM = 1.7;
const LOUPE_RADIUS = 1.6;

/** Where the loupe over a finger at (x, y) (device pixels) goes: above it, or below near the top edge. */
export function loupeCentre(g: Geometry, x: number, y: number): { x: number; y: number; r: number } {
  const r = LOUPE_RADIUS * g.square;
  const lift = r + g.square * 0.9;
  const cy = y - lift >= r ? y - lift : y + lift;
  return { x: Math.min(g.width - r, Math.max(r, x)), y: cy, r };
}

/** Copies the board round (x, y), magnified, into a ringed circle above the finger. */
function drawLoupe(ctx: CanvasRenderingContext2D, g: Geometry, x: number, y: number): void {
  const c = loupeCentre(g, x, y);
  const src = (2 * c.r) / LOUPE_ZOOM;
  ctx.save();
  ctx.beginPath();
  ctx.arc(c.x, c.y, c.r, 0, Math.PI * 2);
  ctx.clip();
  ctx.fillStyle = '#000000';
  ctx.fillRect(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r);
  ctx.drawImage(ctx.canvas, x - src / 2, y - src / 2, src, src, c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r);
  ctx.restore();
  ctx.beginPath();
  ctx.arc(c.x, c.y, c.r, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(2, g.square * 0.06);
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(c.x, c.y, c.r + ctx.lineWidth, 0, Math.PI * 2);
  ctx.strokeStyle = '#000000';
  ctx.stroke();
}

/** Draws one frame. The context's transform is identity: everything is in device pixels. */
export function drawBoard(ctx: CanvasRenderingContext2D, v: BoardView, sprites: PieceSprites): void {
  const g = v.geometry;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, g.width, g.height);
  drawSquares(ctx, g, v.theme);
  for (const sq of v.holes) fillSquare(ctx, g, sq, v.theme.gutterBg);
  drawCoordinates(ctx, g, v.theme);
  const marks = v.theme.marks;
  if (v.lastMove !== null) {
    for (const sq of [v.lastMove.from, v.lastMove.to, ...v.dropped]) {
      fillSquare(ctx, g, sq, LAST_MOVE_TINT);
      frameSquare(ctx, g, sq, marks.last, frameWidth(g));
    }
  }
  // A piece that may pass gets the pass mark on its square instead of the selection's frame.
  const passes = v.selected !== null && v.dests.some((d) => d.to === v.selected);
  if (v.selected !== null) {
    fillSquare(ctx, g, v.selected, SELECTED_TINT);
    if (!passes) frameSquare(ctx, g, v.selected, marks.move, frameWidth(g) + 1);
  }
  if (v.dragOver !== null && v.dragOver !== v.drag?.from) fillSquare(ctx, g, v.dragOver, DRAG_OVER);
  for (const sq of v.checks) drawCheck(ctx, g, sq, marks);

  let dragged: Cell | null = null;
  const m = v.motion;
  for (const cell of v.cells) {
    const piece = v.pieces[cell.kind];
    if (piece === undefined) continue;
    // The piece landing is drawn with its move, below.
    if (m !== null && cell.sq === m.to) continue;
    const o = squareOrigin(g, cell.sq);
    if (v.drag !== null && v.drag.from === cell.sq) {
      dragged = cell;
      ctx.globalAlpha = 0.3;
    }
    ctx.drawImage(sprites.get(piece, cell.color, g.square, g.flipped), o.x, o.y);
    ctx.globalAlpha = 1;
  }
  if (m !== null) drawMotion(ctx, g, v.pieces, m, sprites);
  if (v.fading !== null) {
    ctx.globalAlpha = v.fading.alpha;
    for (const cell of v.fading.cells) {
      const piece = v.pieces[cell.kind];
      const o = squareOrigin(g, cell.sq);
      if (piece !== undefined) ctx.drawImage(sprites.get(piece, cell.color, g.square, g.flipped), o.x, o.y);
    }
    ctx.globalAlpha = 1;
  }
  for (const sq of v.frozen) drawFrozen(ctx, g, sq);
  drawLastEffects(ctx, g, v.effects, marks, v.effectPulse);
  if (v.reserves !== null && v.compact) {
    const picked = v.drops === null ? null : { side: v.drops.side, cls: v.drops.picked };
    drawStrips(ctx, g, v.reserves.strip, v.reserves.sides, picked, v.theme, v.pieces, sprites);
    if (v.drops !== null) drawDropTargets(ctx, g, v.drops, v.pieces, sprites, v.theme);
  } else if (v.reserves !== null) drawReserves(ctx, g, v.reserves, v.drops, v.theme, v.pieces, sprites);
  if (v.preview !== null) {
    // The moves of a piece looked at: its square framed, its destinations marked.
    frameSquare(ctx, g, v.preview.from, marks.last, frameWidth(g) + 1);
    for (const d of v.preview.dests) if (d.to !== v.preview.from) drawDestination(ctx, g, d, marks);
    drawMoveEffects(ctx, g, v.preview.dests, marks);
  }
  drawMoveEffects(ctx, g, v.dests, marks);
  for (const d of v.dests) {
    if (d.to === v.selected) drawPass(ctx, g, d.to, marks);
    else drawDestination(ctx, g, d, marks);
  }
  if (v.hint !== null) drawArrow(ctx, g, v.hint, marks.hint);
  if (v.cursor !== null) {
    // The keyboard's square: a dashed frame in the hint colour, over everything.
    ctx.save();
    ctx.setLineDash([g.square * 0.16, g.square * 0.08]);
    frameSquare(ctx, g, v.cursor, marks.hint, frameWidth(g) + 1);
    ctx.restore();
  }

  if (dragged !== null && v.drag !== null) {
    const piece = v.pieces[dragged.kind];
    if (piece !== undefined) {
      // A dragged piece is drawn larger, centred under the pointer.
      const size = Math.round(g.square * 1.25);
      const x = Math.round(v.drag.x * g.dpr - size / 2);
      const y = Math.round(v.drag.y * g.dpr - size / 2);
      ctx.drawImage(sprites.get(piece, dragged.color, g.square, g.flipped), x, y, size, size);
    }
    // Under a finger the piece and its target are hidden: a loupe shows them, magnified, above it.
    if (v.drag.touch) drawLoupe(ctx, g, v.drag.x * g.dpr, v.drag.y * g.dpr);
  }
}
