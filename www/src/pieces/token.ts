// A fairy piece's token: a disc whose face shows how it moves, drawn from
// its movement as the engine sketches it (see MovementSketch), with its
// code in the middle. Steps are dots, slides lines, leaps rings; a hop
// crosses its line with a bar, a bent path forks, a crooked one zigzags,
// the Rose's circle is a circle. A mark that only moves is hollow or thin,
// one that only captures ends in a cross; a first-move-only mark is faint.
// Forward is toward the opponent on screen, so the same marks point the
// other way for Black, and for either side on a turned board. Related
// kinds share marks (a Ski-Queen's and a Flying Queen's eight lines), so
// they read as kin.
import type { Color, MovementSketch, PieceInfo } from '../engine/types';
import { BLACK_DETAIL, BLACK_FILL, INK, WHITE_FILL } from './colours';

/** The token's face is drawn in a 100 x 100 box, centred on (50, 50). */
const C = 50;
const DISC = 44;
/** Where marks start (round the code) and end (inside the rim). */
const INNER = 16;
const OUTER = 40;
/** Distances of a step's dot, and of the rings of near and far leaps. */
const STEP_AT = 24;
const NEAR_LEAP_AT = 31;
const FAR_LEAP_AT = 38;
const LINE = 4.2;
const THIN = 2;

type Vec = readonly [number, number];

/** How a direction from White's side lies on screen: `up` (-1: the owner's forward is up the screen), `across` (-1: the board is turned). */
interface Facing {
  up: 1 | -1;
  across: 1 | -1;
}

/** A direction from White's side as a unit vector on screen. */
function screen(d: readonly [number, number], f: Facing): Vec {
  const len = Math.hypot(d[0], d[1]) || 1;
  return [(f.across * d[0]) / len, (f.up * d[1]) / len];
}

const at = (v: Vec, r: number): Vec => [C + v[0] * r, C + v[1] * r];

/** Turns `v` by `a` radians. */
function turn(v: Vec, a: number): Vec {
  return [v[0] * Math.cos(a) - v[1] * Math.sin(a), v[0] * Math.sin(a) + v[1] * Math.cos(a)];
}

function line(ctx: CanvasRenderingContext2D, a: Vec, b: Vec, width: number, dash: number[] = []): void {
  ctx.beginPath();
  ctx.setLineDash(dash);
  // Round caps would close a dashed line's gaps.
  ctx.lineCap = dash.length > 0 ? 'butt' : 'round';
  ctx.lineWidth = width;
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineCap = 'round';
}

function dot(ctx: CanvasRenderingContext2D, p: Vec, r: number, hollow: boolean): void {
  ctx.beginPath();
  ctx.arc(p[0], p[1], r, 0, Math.PI * 2);
  if (hollow) {
    ctx.lineWidth = THIN;
    ctx.stroke();
  } else {
    ctx.fill();
  }
}

function ring(ctx: CanvasRenderingContext2D, p: Vec, r: number): void {
  ctx.beginPath();
  ctx.arc(p[0], p[1], r, 0, Math.PI * 2);
  ctx.lineWidth = 2.4;
  ctx.stroke();
}

/** A small cross: this mark only captures. */
function cross(ctx: CanvasRenderingContext2D, p: Vec, r: number): void {
  line(ctx, [p[0] - r, p[1] - r], [p[0] + r, p[1] + r], 2.4);
  line(ctx, [p[0] - r, p[1] + r], [p[0] + r, p[1] - r], 2.4);
}

/** A bar across direction `v` at `p`, `half` long on each side. */
function bar(ctx: CanvasRenderingContext2D, p: Vec, v: Vec, half: number, width = 2.6): void {
  const n: Vec = [-v[1], v[0]];
  line(ctx, [p[0] - n[0] * half, p[1] - n[1] * half], [p[0] + n[0] * half, p[1] + n[1] * half], width);
}

/** The unit directions of `atom`'s eight (or four) images that point away from the middle along `v`. */
function outward(atom: readonly [number, number], v: Vec): Vec[] {
  const [a, b] = atom;
  const images = new Map<string, Vec>();
  for (const [x, y] of [[a, b], [b, a]] as const) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const len = Math.hypot(x, y) || 1;
        images.set(`${sx * x},${sy * y}`, [(sx * x) / len, (sy * y) / len]);
      }
    }
  }
  return [...images.values()].filter((w) => w[0] * v[0] + w[1] * v[1] > 0.1);
}

/** How far a leap of `atom` is drawn from the centre. */
function leapDistance(atom: readonly [number, number]): number {
  return Math.max(atom[0], atom[1]) <= 2 ? NEAR_LEAP_AT : FAR_LEAP_AT;
}

/** The end of a slide: the rim, or nearer for a short range. */
function slideEnd(s: MovementSketch): number {
  if (s.style === 'half') return (INNER + OUTER) / 2;
  if (s.range >= 2) return INNER + ((OUTER - INNER) * Math.min(s.range, 4)) / 5;
  return OUTER;
}

/** The marks of a slide along `v`, its style told by dashes, beads, heads and kinks. */
function slide(ctx: CanvasRenderingContext2D, s: MovementSketch, v: Vec, width: number): void {
  const start = s.ski ? INNER + 9 : INNER;
  const end = slideEnd(s);
  if (s.ski) dot(ctx, at(v, INNER + 2), 1.8, false);
  line(ctx, at(v, start), at(v, end), width, s.style === 'fly' ? [4.5, 4.5] : []);
  if (s.range >= 2 || s.style === 'half') bar(ctx, at(v, end), v, 4);
  if (s.style === 'near') dot(ctx, at(v, (start + end) / 2), width * 0.95, false);
  if (s.style === 'far') {
    // An arrowhead: it goes as far as it can.
    const tip = at(v, end + 1);
    const l = turn(v, Math.PI * 0.8);
    const r = turn(v, -Math.PI * 0.8);
    ctx.beginPath();
    ctx.moveTo(tip[0], tip[1]);
    ctx.lineTo(tip[0] + l[0] * 10, tip[1] + l[1] * 10);
    ctx.lineTo(tip[0] + r[0] * 10, tip[1] + r[1] * 10);
    ctx.closePath();
    ctx.fill();
  }
  if (s.style === 'bounce') {
    const k = at(v, end);
    const back = turn(v, Math.PI / 2);
    line(ctx, k, [k[0] + back[0] * 7, k[1] + back[1] * 7], width);
  }
  if (s.wrap) bar(ctx, at(v, end), v, 2.5, 1.6);
  // An oblique rider (the Nightrider) shows its leap too.
  if (s.atom[0] !== 0 && s.atom[0] !== s.atom[1]) ring(ctx, at(v, leapDistance(s.atom) - 10), 3.2);
}

/** One pattern's marks. */
function drawSketch(ctx: CanvasRenderingContext2D, s: MovementSketch, f: Facing): void {
  const onlyMoves = s.moves && !s.captures;
  const onlyCaptures = s.captures && !s.moves;
  const width = onlyMoves ? THIN : LINE;
  ctx.globalAlpha = s.initial ? 0.45 : 1;
  if (s.path === 'circle') {
    // The Rose: a circle of leaps, with its rings where it may stop first.
    ctx.beginPath();
    ctx.lineWidth = THIN;
    ctx.arc(C, C, NEAR_LEAP_AT - 4, 0, Math.PI * 2);
    ctx.stroke();
    for (const d of s.dirs) ring(ctx, at(screen(d, f), NEAR_LEAP_AT - 4), 3.4);
  } else if (s.path === 'mill') {
    // A windmill: turning arcs round the middle.
    for (let i = 0; i < 4; i++) {
      ctx.beginPath();
      ctx.lineWidth = width;
      ctx.arc(C, C, STEP_AT, (i * Math.PI) / 2 + 0.2, (i * Math.PI) / 2 + 1.2);
      ctx.stroke();
    }
  }
  for (const d of s.dirs) {
    if (s.path === 'circle' || s.path === 'mill') break;
    const v = screen(d, f);
    switch (s.path) {
      case 'step': {
        const p = at(v, STEP_AT);
        if (onlyCaptures) cross(ctx, p, 4);
        else dot(ctx, p, onlyMoves ? 4 : 5, onlyMoves);
        break;
      }
      case 'leap': {
        const p = at(v, leapDistance(s.atom));
        ring(ctx, p, Math.max(s.atom[0], s.atom[1]) <= 2 ? 4.4 : 3.4);
        if (onlyCaptures) cross(ctx, p, 2.4);
        if (s.lame) bar(ctx, at(v, leapDistance(s.atom) - 9), v, 3.5);
        break;
      }
      case 'slide':
        slide(ctx, s, v, width);
        if (onlyCaptures) cross(ctx, at(v, slideEnd(s) + 1), 3.5);
        break;
      case 'hop': {
        // A line crossed by the screen it hops; a grasshopper lands just beyond it.
        const end = s.range === 1 && !s.grasshopper ? leapDistance(s.atom) : OUTER;
        line(ctx, at(v, INNER), at(v, end), width);
        bar(ctx, at(v, INNER + 11), v, 6, 3);
        if (s.grasshopper) dot(ctx, at(v, INNER + 18), 3.4, false);
        if (onlyCaptures) cross(ctx, at(v, end), 3.5);
        break;
      }
      case 'bent': {
        // The first leg, then a fork: it turns on its way.
        const first = s.range === 1 ? (Math.max(s.atom[0], s.atom[1]) === 1 ? STEP_AT - 2 : NEAR_LEAP_AT - 6) : STEP_AT;
        const knee = at(v, first);
        line(ctx, at(v, INNER), knee, width);
        // It goes on outward along its last leg's lines: the images of that atom pointing away from the middle.
        for (const w of outward(s.last_atom, v)) {
          // Ending in a slide, the fork runs to the rim; ending in a step or leap, it is short, with a dot.
          const reach = s.last_rides ? OUTER + 2 - first : 9;
          const end: Vec = [knee[0] + w[0] * reach, knee[1] + w[1] * reach];
          line(ctx, knee, end, width * 0.8);
          if (!s.last_rides) dot(ctx, end, 3, false);
        }
        if (onlyCaptures) cross(ctx, knee, 3);
        break;
      }
      case 'crooked': {
        ctx.beginPath();
        ctx.lineWidth = width * 0.8;
        const n: Vec = [-v[1], v[0]];
        for (let i = 0; i <= 6; i++) {
          const p = at(v, INNER + ((OUTER - INNER) * i) / 6);
          const side = i === 0 || i === 6 ? 0 : i % 2 === 0 ? -3.5 : 3.5;
          if (i === 0) ctx.moveTo(p[0], p[1]);
          else ctx.lineTo(p[0] + n[0] * side, p[1] + n[1] * side);
        }
        ctx.stroke();
        break;
      }
      case 'chain': {
        // Hops that may go on: links along the line.
        for (const r of [INNER + 5, INNER + 14, INNER + 23]) ring(ctx, at(v, r), 3.2);
        break;
      }
      case 'leapfrog': {
        bar(ctx, at(v, STEP_AT - 2), v, 5);
        ring(ctx, at(v, NEAR_LEAP_AT + 2), 3.6);
        break;
      }
    }
  }
  ctx.globalAlpha = 1;
}

/** The code in the middle, on a hub of the disc's colour that the marks start round. */
function drawCode(ctx: CanvasRenderingContext2D, code: string, color: Color): void {
  ctx.beginPath();
  ctx.arc(C, C, INNER - 2, 0, Math.PI * 2);
  ctx.fillStyle = color === 0 ? WHITE_FILL : BLACK_FILL;
  ctx.fill();
  const size = code.length === 1 ? 21 : code.length === 2 ? 16 : 12;
  ctx.font = `bold ${size}px system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = color === 0 ? INK : '#ffffff';
  ctx.fillText(code, C, C + 1, 2 * INNER + 2);
}

/**
 * Draws `piece`'s token in a 100 x 100 box (the context already scaled);
 * `flipped`: the board is turned, Black at the bottom.
 */
export function drawToken(ctx: CanvasRenderingContext2D, piece: PieceInfo, color: Color, flipped: boolean): void {
  ctx.beginPath();
  ctx.arc(C, C, DISC, 0, Math.PI * 2);
  ctx.fillStyle = color === 0 ? WHITE_FILL : BLACK_FILL;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = INK;
  ctx.stroke();
  if (color === 1) {
    // A light inner rim: the black disc stands out on a dark square.
    ctx.beginPath();
    ctx.arc(C, C, DISC - 3, 0, Math.PI * 2);
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = BLACK_DETAIL;
    ctx.stroke();
  }
  // The owner's forward is up the screen for White on a board the right way
  // round; Black's moves are White's mirrored rank-wise; a turned board
  // turns everything.
  const f: Facing = { up: (color === 0) !== flipped ? -1 : 1, across: flipped ? -1 : 1 };
  const ink = color === 0 ? INK : BLACK_DETAIL;
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of piece.sketch ?? []) drawSketch(ctx, s, f);
  drawCode(ctx, piece.code, color);
}
