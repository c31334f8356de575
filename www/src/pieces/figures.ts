// Piece figures: the six standard pieces drawn from their own paths,
// every other piece a token showing how it moves (token.ts); each rendered
// once per size into a sprite so a redraw is a few image copies.
import type { Color, PieceInfo } from '../engine/types';
import { BLACK_DETAIL, BLACK_FILL, HALO, INK, WHITE_FILL } from './colours';
import { drawToken } from './token';

export type Figure = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';

/** The standard figure a piece is drawn as, recognised by its name, or null for a token. */
export function figureOf(name: string): Figure | null {
  switch (name) {
    case 'King':
      return 'king';
    case 'Queen':
      return 'queen';
    case 'Rook':
      return 'rook';
    case 'Bishop':
      return 'bishop';
    case 'Knight':
      return 'knight';
    default:
      return name.endsWith('Pawn') ? 'pawn' : null;
  }
}

/** The usual letter of each figure; a piece drawn as a figure under another letter gets a badge. */
const FIGURE_CODE: Record<Figure, string> = {
  king: 'K',
  queen: 'Q',
  rook: 'R',
  bishop: 'B',
  knight: 'N',
  pawn: 'P',
};

/**
 * Figures on a 100 x 100 grid: `body` is filled and outlined, `detail`
 * drawn as lines in the outline colour (light on black pieces).
 */
interface FigurePaths {
  body: string[];
  detail: string[];
  dots?: [number, number, number][];
}

const FIGURES: Record<Figure, FigurePaths> = {
  pawn: {
    body: [
      'M24 90 H76 V84 Q76 79 70 79 H30 Q24 79 24 84 Z',
      'M32 79 C32 66 40 60 44 56 H56 C60 60 68 66 68 79 Z',
      'M38 57 Q38 51 44 50 H56 Q62 51 62 57 Z',
    ],
    detail: [],
    dots: [[50, 36, 14]],
  },
  rook: {
    body: [
      'M22 90 H78 V83 Q78 79 73 79 H27 Q22 79 22 83 Z',
      'M30 79 L34 46 H66 L70 79 Z',
      'M26 46 V22 H36 V30 H45 V22 H55 V30 H64 V22 H74 V46 Z',
    ],
    detail: ['M31 72 H69', 'M34 46 H66'],
  },
  bishop: {
    body: [
      'M20 91 C32 91 42 89 50 83 C58 89 68 91 80 91 V86 C68 86 58 84 50 78 C42 84 32 86 20 86 Z',
      'M36 78 L38 70 H62 L64 78 Z',
      'M37 70 C23 58 28 38 50 22 C72 38 77 58 63 70 Z',
    ],
    detail: ['M58 38 L48 52', 'M44 62 H56', 'M50 57 V67'],
    dots: [[50, 17, 7]],
  },
  knight: {
    body: [
      'M24 90 H78 V84 Q78 79 72 79 H30 Q24 79 24 84 Z',
      'M32 79 C30 66 38 58 46 50 C40 52 34 54 28 58 C22 62 16 58 16 52 C16 46 22 42 28 36 ' +
        'C32 30 36 24 42 20 L40 10 L48 16 L54 10 L56 18 C70 24 78 40 78 58 C78 66 76 72 74 79 Z',
    ],
    detail: ['M56 22 C66 30 72 44 72 62', 'M24 52 L28 50'],
    dots: [[40, 30, 3.5]],
  },
  queen: {
    body: [
      'M22 91 H78 V85 Q78 80 72 80 H28 Q22 80 22 85 Z',
      'M28 80 L16 34 L34 56 L34 26 L46 54 L50 20 L54 54 L66 26 L66 56 L84 34 L72 80 Z',
    ],
    detail: ['M30 70 Q50 64 70 70'],
    dots: [
      [16, 30, 5.5],
      [34, 22, 5.5],
      [50, 16, 5.5],
      [66, 22, 5.5],
      [84, 30, 5.5],
    ],
  },
  king: {
    body: [
      'M22 91 H78 V85 Q78 80 72 80 H28 Q22 80 22 85 Z',
      'M28 80 C20 70 12 58 18 48 C24 38 38 40 44 48 L50 56 L56 48 C62 40 76 38 82 48 C88 58 80 70 72 80 Z',
      'M44 54 C40 44 42 36 50 32 C58 36 60 44 56 54 Z',
      'M46 32 V25 H40 V19 H46 V12 H54 V19 H60 V25 H54 V32 Z',
    ],
    detail: ['M30 70 Q50 64 70 70'],
  },
};

/** Path2D objects are built once, the first time a figure is drawn. */
const pathCache = new Map<Figure, { body: Path2D[]; detail: Path2D[] }>();

function pathsOf(figure: Figure): { body: Path2D[]; detail: Path2D[] } {
  let p = pathCache.get(figure);
  if (p === undefined) {
    const f = FIGURES[figure];
    p = { body: f.body.map((d) => new Path2D(d)), detail: f.detail.map((d) => new Path2D(d)) };
    pathCache.set(figure, p);
  }
  return p;
}


/** Draws a standard figure in a 100 x 100 box (the context is already scaled). */
function drawFigure(ctx: CanvasRenderingContext2D, figure: Figure, color: Color): void {
  const { body, detail } = pathsOf(figure);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.lineWidth = 3.5;
  ctx.fillStyle = color === 0 ? WHITE_FILL : BLACK_FILL;
  ctx.strokeStyle = INK;
  for (const p of body) {
    ctx.fill(p);
    ctx.stroke(p);
  }
  for (const [x, y, r] of FIGURES[figure].dots ?? []) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    // An eye is a small dot in the detail colour; a ball or a head is part of the body.
    if (r < 4) {
      ctx.fillStyle = color === 0 ? INK : BLACK_DETAIL;
      ctx.fill();
    } else {
      ctx.fill();
      ctx.stroke();
    }
  }
  ctx.strokeStyle = color === 0 ? INK : BLACK_DETAIL;
  ctx.lineWidth = 2.5;
  for (const p of detail) ctx.stroke(p);
}

/** A small lettered badge for a piece drawn as a standard figure under another code. */
function drawBadge(ctx: CanvasRenderingContext2D, piece: PieceInfo): void {
  ctx.beginPath();
  ctx.arc(78, 76, 15, 0, Math.PI * 2);
  ctx.fillStyle = INK;
  ctx.fill();
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.font = `bold ${piece.code.length > 1 ? 14 : 19}px system-ui, Helvetica, Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(piece.code, 78, 77, 26);
}

/**
 * Draws `piece` of `color` filling the square box at (x, y) of side `size`
 * (current units); `flipped`: on a turned board (a token's marks turn too).
 */
export function drawPiece(
  ctx: CanvasRenderingContext2D,
  piece: PieceInfo,
  color: Color,
  x: number,
  y: number,
  size: number,
  flipped = false,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  const figure = figureOf(piece.name);
  if (figure === null) {
    drawToken(ctx, piece, color, flipped);
  } else {
    drawFigure(ctx, figure, color);
    if (piece.code !== FIGURE_CODE[figure]) drawBadge(ctx, piece);
  }
  ctx.restore();
}

/** Pre-rendered pieces at one pixel size, keyed by kind and colour. */
export class PieceSprites {
  private size = 0;
  private readonly cache = new Map<string, HTMLCanvasElement>();
  private contrast = false;

  /** High contrast: each piece gets a halo of the opposite colour. */
  setContrast(on: boolean): void {
    if (on === this.contrast) return;
    this.contrast = on;
    this.cache.clear();
  }

  /** A canvas of `size` x `size` device pixels showing the piece (on a turned board when `flipped`). */
  get(piece: PieceInfo, color: Color, size: number, flipped = false): HTMLCanvasElement {
    const px = Math.max(1, Math.round(size));
    if (px !== this.size) {
      this.cache.clear();
      this.size = px;
    }
    // The key carries name and code too: kinds are reused across variants.
    const key = `${piece.kind}:${color}:${flipped ? 't' : ''}:${piece.code}:${piece.name}:${piece.moves}`;
    let sprite = this.cache.get(key);
    if (sprite === undefined) {
      sprite = document.createElement('canvas');
      sprite.width = px;
      sprite.height = px;
      const ctx = sprite.getContext('2d');
      if (ctx !== null && this.contrast) drawHaloed(ctx, piece, color, px, flipped);
      else if (ctx !== null) drawPiece(ctx, piece, color, 0, 0, px, flipped);
      this.cache.set(key, sprite);
    }
    return sprite;
  }
}

/** The piece slightly shrunk, over its silhouette in the opposite colour spread around it. */
function drawHaloed(ctx: CanvasRenderingContext2D, piece: PieceInfo, color: Color, px: number, flipped: boolean): void {
  const inset = Math.max(1, Math.round(px * 0.04));
  const inner = px - 2 * inset;
  const shape = document.createElement('canvas');
  shape.width = px;
  shape.height = px;
  const s = shape.getContext('2d');
  if (s === null) return;
  drawPiece(s, piece, color, inset, inset, inner, flipped);
  s.globalCompositeOperation = 'source-in';
  s.fillStyle = color === 0 ? HALO.white : HALO.black;
  s.fillRect(0, 0, px, px);
  const r = Math.max(1, Math.round(px * 0.035));
  for (const [dx, dy] of [[-r, 0], [r, 0], [0, -r], [0, r], [-r, -r], [r, r], [-r, r], [r, -r]] as const) ctx.drawImage(shape, dx, dy);
  drawPiece(ctx, piece, color, inset, inset, inner, flipped);
}
