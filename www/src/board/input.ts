// Pointer input on the board: click-click and drag-and-drop for mouse,
// pen and touch (a second click on a piece that may pass, passes), plus
// hover and long-press to name a piece. It turns pointer events into
// intents; the owner decides what they mean.
import type { Square } from '../engine/types';

export interface InputHandlers {
  /** A press the owner takes before any other meaning (an open turn's drop squares and reserve men); true when taken. */
  tap?(x: number, y: number): boolean;
  /** The square under a point in CSS pixels from the canvas corner, or null. */
  squareAt(x: number, y: number): Square | null;
  /** The square selected now, or null. */
  selected(): Square | null;
  /** A piece on `sq` may be picked up now. */
  canSelect(sq: Square): boolean;
  /** The selected piece may go to `sq`. */
  isDestination(sq: Square): boolean;
  select(sq: Square | null): void;
  /** A move asked for; `dropped` when the piece was dragged there (it is drawn there already). */
  move(from: Square, to: Square, dropped: boolean): void;
  /** A dragged piece moved (null when the drag ended); `touch`: under a finger, which hides it. */
  drag(state: { from: Square; x: number; y: number; touch: boolean } | null): void;
  /** The pointer hovers over `sq` (or nothing), no button pressed. */
  hover(sq: Square | null): void;
  /** A finger rested on `sq`. */
  longPress(sq: Square, clientX: number, clientY: number): void;
  /** Two fingers pinch: `scale` since they came down, about the client point (x, y); null when they lift. */
  pinch(p: { scale: number; x: number; y: number } | null): void;
  /** Ctrl + wheel (a trackpad's pinch): zoom by `factor` about the client point (x, y). */
  wheelZoom(factor: number, x: number, y: number): void;
}

/** A press becomes a drag once the pointer travels this far (CSS pixels). */
const DRAG_THRESHOLD = 4;
/** A touch held this long names the piece under it. */
const LONG_PRESS_MS = 550;

interface Press {
  pointerId: number;
  from: Square;
  startX: number;
  startY: number;
  /** The piece was already selected: a click without dragging deselects it. */
  wasSelected: boolean;
  dragging: boolean;
}

/** Attaches the handlers to `canvas`; returns a function that detaches them. */
export function attachInput(canvas: HTMLCanvasElement, h: InputHandlers): () => void {
  let press: Press | null = null;
  let longPressTimer: ReturnType<typeof setTimeout> | null = null;
  /** Fingers on the board, for a pinch. */
  const touches = new Map<number, { x: number; y: number }>();
  let pinchStart: number | null = null;
  const spread = () => {
    const [a, b] = [...touches.values()];
    return a === undefined || b === undefined ? null : { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };

  const local = (e: PointerEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const cancelLongPress = () => {
    if (longPressTimer !== null) clearTimeout(longPressTimer);
    longPressTimer = null;
  };

  const down = (e: PointerEvent) => {
    if (e.pointerType === 'touch') {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        // A second finger: a pinch, not a move.
        cancelLongPress();
        if (press?.dragging === true) h.drag(null);
        press = null;
        pinchStart = spread()?.d ?? null;
        e.preventDefault();
        return;
      }
    }
    if (e.button !== 0 || !e.isPrimary) return;
    e.preventDefault();
    const p = local(e);
    if (h.tap?.(p.x, p.y) === true) return;
    const sq = h.squareAt(p.x, p.y);
    const selected = h.selected();
    if (sq === null) {
      if (selected !== null) h.select(null);
      return;
    }
    cancelLongPress();
    if (e.pointerType !== 'mouse') {
      longPressTimer = setTimeout(() => {
        longPressTimer = null;
        h.longPress(sq, e.clientX, e.clientY);
      }, LONG_PRESS_MS);
    }
    if (selected !== null && sq !== selected && h.isDestination(sq)) {
      h.move(selected, sq, false);
      return;
    }
    if (h.canSelect(sq)) {
      if (sq !== selected) h.select(sq);
      press = { pointerId: e.pointerId, from: sq, startX: p.x, startY: p.y, wasSelected: sq === selected, dragging: false };
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // A pointer that is no longer active (or a synthetic one) is simply not captured.
      }
    } else if (selected !== null) {
      h.select(null);
    }
  };

  const move = (e: PointerEvent) => {
    if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinchStart !== null) {
      const now = spread();
      if (now !== null && pinchStart > 0) h.pinch({ scale: now.d / pinchStart, x: now.x, y: now.y });
      return;
    }
    const p = local(e);
    if (press === null || e.pointerId !== press.pointerId) {
      if (e.pointerType === 'mouse' && e.buttons === 0) h.hover(h.squareAt(p.x, p.y));
      return;
    }
    if (!press.dragging && Math.hypot(p.x - press.startX, p.y - press.startY) > DRAG_THRESHOLD) {
      press.dragging = true;
      cancelLongPress();
    }
    if (press.dragging) h.drag({ from: press.from, x: p.x, y: p.y, touch: e.pointerType !== 'mouse' });
  };

  const lift = (e: PointerEvent) => {
    touches.delete(e.pointerId);
    if (pinchStart !== null && touches.size < 2) {
      pinchStart = null;
      h.pinch(null);
      return true;
    }
    return false;
  };

  const up = (e: PointerEvent) => {
    if (lift(e)) return;
    cancelLongPress();
    if (press === null || e.pointerId !== press.pointerId) return;
    const done = press;
    press = null;
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    if (done.dragging) {
      h.drag(null);
      const p = local(e);
      const to = h.squareAt(p.x, p.y);
      if (to !== null && to !== done.from && h.isDestination(to)) h.move(done.from, to, true);
      else if (to !== done.from) h.select(null);
    } else if (done.wasSelected) {
      // A second click on the piece: a pass where its own square is one
      // of its destinations (the Rose's full circle), else it is put down.
      if (h.isDestination(done.from)) h.move(done.from, done.from, false);
      else h.select(null);
    }
  };

  const cancel = (e: PointerEvent) => {
    if (lift(e)) return;
    cancelLongPress();
    if (press === null || e.pointerId !== press.pointerId) return;
    if (press.dragging) h.drag(null);
    press = null;
  };

  const leave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && press === null) h.hover(null);
  };
  const noMenu = (e: Event) => e.preventDefault();
  const wheel = (e: WheelEvent) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    h.wheelZoom(Math.exp(-e.deltaY * 0.01), e.clientX, e.clientY);
  };

  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('pointerleave', leave);
  canvas.addEventListener('contextmenu', noMenu);
  canvas.addEventListener('wheel', wheel, { passive: false });
  return () => {
    canvas.removeEventListener('wheel', wheel);
    cancelLongPress();
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', cancel);
    canvas.removeEventListener('pointerleave', leave);
    canvas.removeEventListener('contextmenu', noMenu);
  };
}
