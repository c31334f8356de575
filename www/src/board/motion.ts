// A move seen as it is made: the piece slides from its square to its
// target in about 150 ms, a piece it takes fades out beneath it, and a
// promotion turns into its new piece as it lands. Only drawing waits: the
// game has the move already, and input goes to the new position at once.
// With the system's reduced-motion setting nothing slides.
import type { Cell, Color, LastMove, Square } from '../engine/types';

/** How long a move takes to draw. */
export const MOTION_MS = 150;

/** What a frame of a move shows. */
export interface Motion {
  from: Square;
  to: Square;
  /** The moving piece as it was (before any promotion). */
  kind: number;
  color: Color;
  /** The piece it became on landing, when a promotion changed it. */
  landedKind: number | null;
  /** The piece taken on the target square, if any. */
  captured: Cell | null;
  /** 0 at the start, 1 at the end (eased). */
  t: number;
}

/** Ease out: quick start, gentle landing. */
export function ease(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return 1 - (1 - c) ** 3;
}

/**
 * The motion of `move` between the cells before and after it: null when
 * nothing slides (a pass, or the cells do not show that move: an undo, a
 * new game, a jump in the move list).
 */
export function motionOf(move: LastMove, before: readonly Cell[], after: readonly Cell[]): Omit<Motion, 't'> | null {
  if (move.from === move.to) return null;
  const mover = before.find((c) => c.sq === move.from);
  const landed = after.find((c) => c.sq === move.to);
  if (mover === undefined || landed === undefined || mover.color !== landed.color) return null;
  // The moving piece has left its square (castling's rook aside, every move does).
  if (after.some((c) => c.sq === move.from)) return null;
  const target = before.find((c) => c.sq === move.to);
  return {
    from: move.from,
    to: move.to,
    kind: mover.kind,
    color: mover.color,
    landedKind: landed.kind !== mover.kind ? landed.kind : null,
    captured: target !== undefined && target.color !== mover.color ? target : null,
  };
}

/** Whether the system asks for reduced motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
