// The marks of what a move does besides moving its man, by the kinds the
// engine names (see `Effect`): a small badge per kind, each its own
// colour and sign, so a player tells a man taken from one swapped, turned,
// promoted, demoted, reborn, frozen or freed. Before a move (a man looked
// at or picked up) the badges sit on the men its moves would touch (a
// rebirth's on the square the man would go to); after a move, the men it
// touched are ringed where they stand now, with their badges, and the men
// it removed crossed out where they stood. Knows nothing of rules: where
// each man was and went is the engine's word.
import { squareOrigin, type Geometry } from './geometry';
import type { Marks } from './theme';
import type { Destination, Effect, EffectKind, Square } from '../engine/types';

/** A badge's colours: its disc, and its sign drawn on it. */
interface BadgeStyle {
  disc: string;
  sign: string;
}

/** Each kind's badge (taken uses the theme's capture colour); every disc has a white rim, apart on dark squares and men. */
const STYLES: Record<Exclude<EffectKind, 'taken'>, BadgeStyle> = {
  left: { disc: '#3d3d3d', sign: '#ffffff' },
  swapped: { disc: '#00656e', sign: '#ffffff' },
  side: { disc: '#ffffff', sign: '#000000' },
  promoted: { disc: '#136b2c', sign: '#ffffff' },
  demoted: { disc: '#a34700', sign: '#ffffff' },
  changed: { disc: '#5e1a8c', sign: '#ffffff' },
  reborn: { disc: '#a0135f', sign: '#ffffff' },
  frozen: { disc: '#0b3d91', sign: '#ffffff' },
  unfrozen: { disc: '#ffffff', sign: '#0b3d91' },
};

/** The badge colours of `kind` in a theme. */
export function badgeStyle(kind: EffectKind, marks: Marks): BadgeStyle {
  return kind === 'taken' ? { disc: marks.capture, sign: '#ffffff' } : STYLES[kind];
}

/** The order badges take places in a square: men removed first (bottom left), then the others. */
const ORDER: readonly EffectKind[] = ['taken', 'left', 'swapped', 'side', 'promoted', 'demoted', 'changed', 'reborn', 'frozen', 'unfrozen'];

/** A badge's radius as a share of the square. */
const BADGE = 0.15;

/** Places in a square for its badges, as shares of the square from its top left: bottom left, bottom right, top left, bottom middle. */
const PLACES: readonly [number, number][] = [
  [BADGE * 1.3, 1 - BADGE * 1.3],
  [1 - BADGE * 1.3, 1 - BADGE * 1.3],
  [BADGE * 1.3, BADGE * 1.3],
  [0.5, 1 - BADGE * 1.3],
];

/** The centre of badge place `i` of square `sq`, in device pixels. */
export function badgeCentre(g: Geometry, sq: Square, i: number): { x: number; y: number } {
  const o = squareOrigin(g, sq);
  const [fx, fy] = PLACES[i % PLACES.length]!;
  return { x: o.x + fx * g.square, y: o.y + fy * g.square };
}

/** A six-armed star (frost) of radius `r` round (x, y). */
function star(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 3; i++) {
    const a = (i * Math.PI) / 3 + Math.PI / 2;
    ctx.moveTo(x - r * Math.cos(a), y - r * Math.sin(a));
    ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
  }
  ctx.stroke();
}

/** An arrow head at (x, y) pointing along `angle`. */
function head(ctx: CanvasRenderingContext2D, x: number, y: number, angle: number, h: number): void {
  ctx.beginPath();
  ctx.moveTo(x + h * Math.cos(angle), y + h * Math.sin(angle));
  ctx.lineTo(x + h * Math.cos(angle + 2.4), y + h * Math.sin(angle + 2.4));
  ctx.lineTo(x + h * Math.cos(angle - 2.4), y + h * Math.sin(angle - 2.4));
  ctx.closePath();
  ctx.fill();
}

/** One badge: a disc with a white rim and the kind's sign. */
export function drawBadge(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, kind: EffectKind, marks: Marks): void {
  const s = badgeStyle(kind, marks);
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r + Math.max(1, r * 0.16), 0, Math.PI * 2);
  ctx.fillStyle = kind === 'side' || kind === 'unfrozen' ? '#000000' : '#ffffff';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = s.disc;
  ctx.fill();
  ctx.strokeStyle = s.sign;
  ctx.fillStyle = s.sign;
  ctx.lineWidth = Math.max(1.5, r * 0.3);
  ctx.lineCap = 'round';
  const a = r * 0.5;
  switch (kind) {
    case 'taken':
    case 'left':
      ctx.beginPath();
      ctx.moveTo(x - a, y - a);
      ctx.lineTo(x + a, y + a);
      ctx.moveTo(x + a, y - a);
      ctx.lineTo(x - a, y + a);
      ctx.stroke();
      break;
    case 'swapped': {
      // Two arrows the opposite ways.
      ctx.lineWidth = Math.max(1, r * 0.2);
      const h = r * 0.32;
      ctx.beginPath();
      ctx.moveTo(x - a, y - r * 0.28);
      ctx.lineTo(x + a - h * 0.5, y - r * 0.28);
      ctx.moveTo(x + a, y + r * 0.28);
      ctx.lineTo(x - a + h * 0.5, y + r * 0.28);
      ctx.stroke();
      head(ctx, x + a, y - r * 0.28, 0, h);
      head(ctx, x - a, y + r * 0.28, Math.PI, h);
      break;
    }
    case 'side':
      // Half white, half black: the man's side turned.
      ctx.beginPath();
      ctx.arc(x, y, r, Math.PI / 2, (Math.PI * 3) / 2);
      ctx.closePath();
      ctx.fill();
      break;
    case 'promoted':
    case 'demoted': {
      const d = kind === 'promoted' ? -1 : 1;
      ctx.beginPath();
      ctx.moveTo(x, y + d * r * 0.6);
      ctx.lineTo(x - r * 0.58, y - d * r * 0.42);
      ctx.lineTo(x + r * 0.58, y - d * r * 0.42);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'changed':
      ctx.beginPath();
      ctx.moveTo(x, y - a);
      ctx.lineTo(x + a, y);
      ctx.lineTo(x, y + a);
      ctx.lineTo(x - a, y);
      ctx.closePath();
      ctx.fill();
      break;
    case 'reborn': {
      // A circular arrow: back to its rebirth square.
      ctx.lineWidth = Math.max(1, r * 0.22);
      const end = Math.PI * 1.6;
      ctx.beginPath();
      ctx.arc(x, y, r * 0.52, -Math.PI * 0.15, end);
      ctx.stroke();
      head(ctx, x + r * 0.52 * Math.cos(end), y + r * 0.52 * Math.sin(end), end + Math.PI / 2, r * 0.38);
      break;
    }
    case 'frozen':
    case 'unfrozen':
      ctx.lineWidth = Math.max(1, r * 0.2);
      star(ctx, x, y, r * 0.62);
      break;
  }
  ctx.restore();
}

/** Where an effect is marked: before the move on the man touched (a rebirth on its new square), after it where the man stands now. */
export function effectSquare(e: Effect, after: boolean): Square {
  if (after) return e.to ?? e.at;
  return e.kind === 'reborn' && e.to !== null ? e.to : e.at;
}

/** Whether the effect takes the man off the board. */
export function removes(e: Effect): boolean {
  return e.to === null;
}

/** The kinds to badge on each square, in badge order. */
function bySquare(list: readonly { sq: Square; kind: EffectKind }[]): Map<Square, EffectKind[]> {
  const out = new Map<Square, EffectKind[]>();
  for (const { sq, kind } of list) {
    const kinds = out.get(sq) ?? [];
    if (!kinds.includes(kind)) kinds.push(kind);
    out.set(sq, kinds);
  }
  for (const kinds of out.values()) kinds.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return out;
}

/** Draws each square's badges in their places. */
function drawBadges(ctx: CanvasRenderingContext2D, g: Geometry, list: readonly { sq: Square; kind: EffectKind }[], marks: Marks): void {
  for (const [sq, kinds] of bySquare(list)) {
    kinds.forEach((kind, i) => {
      const c = badgeCentre(g, sq, i);
      drawBadge(ctx, c.x, c.y, g.square * BADGE, kind, marks);
    });
  }
}

/**
 * The effects the moves listed would have, on the men they touch: a man
 * taken on a move's own target is that move's capture, marked by it.
 */
export function drawMoveEffects(ctx: CanvasRenderingContext2D, g: Geometry, dests: readonly Destination[], marks: Marks): void {
  const list: { sq: Square; kind: EffectKind }[] = [];
  for (const d of dests) {
    for (const e of d.effects ?? []) {
      if (e.kind === 'taken' && e.at === d.to) continue;
      list.push({ sq: effectSquare(e, false), kind: e.kind });
    }
  }
  drawBadges(ctx, g, list, marks);
}

/** A man the last move took away (or put out of the game): a cross where it stood, on a light disc. */
function drawRemoved(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, colour: string): void {
  const o = squareOrigin(g, sq);
  const c = g.square / 2;
  const a = g.square * 0.26;
  ctx.save();
  ctx.beginPath();
  ctx.arc(o.x + c, o.y + c, a * 1.35, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.fill();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, g.square * 0.09);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(o.x + c - a, o.y + c - a);
  ctx.lineTo(o.x + c + a, o.y + c + a);
  ctx.moveTo(o.x + c + a, o.y + c - a);
  ctx.lineTo(o.x + c - a, o.y + c + a);
  ctx.stroke();
  ctx.restore();
}

/** A man the last move touched: a dashed ring in the last move's colour round it. */
function drawRing(ctx: CanvasRenderingContext2D, g: Geometry, sq: Square, marks: Marks): void {
  const o = squareOrigin(g, sq);
  const c = g.square / 2;
  ctx.save();
  ctx.setLineDash([g.square * 0.12, g.square * 0.07]);
  ctx.lineWidth = Math.max(2, g.square * 0.08);
  ctx.strokeStyle = marks.last;
  ctx.beginPath();
  ctx.arc(o.x + c, o.y + c, c * 0.9, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * The last move's effects: the men it removed crossed out where they
 * stood (taken in the capture colour, put out of the game in grey), the
 * others ringed where they stand now with their badges, and a reborn
 * man's old square circled faintly. `pulse`, from 0
 * to 1 while the move is new (null once it is over, or with reduced
 * motion): a ring in each badge's colour spreads and fades round each
 * square.
 */
export function drawLastEffects(ctx: CanvasRenderingContext2D, g: Geometry, effects: readonly Effect[], marks: Marks, pulse: number | null): void {
  const kept: { sq: Square; kind: EffectKind }[] = [];
  const removed = new Set<Square>();
  for (const e of effects) {
    if (removes(e)) {
      if (!removed.has(e.at)) drawRemoved(ctx, g, e.at, e.kind === 'taken' ? marks.capture : STYLES.left.disc);
      removed.add(e.at);
    } else kept.push({ sq: effectSquare(e, true), kind: e.kind });
  }
  const rings = bySquare(kept);
  for (const sq of rings.keys()) drawRing(ctx, g, sq, marks);
  // Where a reborn man was leapt: a small dotted circle in the rebirth colour.
  for (const e of effects) {
    if (e.kind !== 'reborn' || e.to === e.at || removed.has(e.at) || rings.has(e.at)) continue;
    const o = squareOrigin(g, e.at);
    ctx.save();
    ctx.setLineDash([g.square * 0.04, g.square * 0.05]);
    ctx.lineWidth = Math.max(1.5, g.square * 0.05);
    ctx.strokeStyle = STYLES.reborn.disc;
    ctx.beginPath();
    ctx.arc(o.x + g.square / 2, o.y + g.square / 2, g.square * 0.22, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }
  drawBadges(ctx, g, kept, marks);
  if (pulse === null) return;
  const spread = [...removed].map((sq) => ({ sq, kind: 'taken' as EffectKind })).concat([...rings].map(([sq, kinds]) => ({ sq, kind: kinds[0]! })));
  for (const { sq, kind } of spread) {
    const o = squareOrigin(g, sq);
    const c = g.square / 2;
    ctx.save();
    ctx.globalAlpha = 1 - pulse;
    const disc = badgeStyle(kind, marks).disc;
    ctx.strokeStyle = disc === '#ffffff' ? marks.last : disc;
    ctx.lineWidth = Math.max(2, g.square * 0.1 * (1 - pulse * 0.5));
    ctx.beginPath();
    ctx.arc(o.x + c, o.y + c, c * (0.55 + 0.75 * pulse), 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }
}
