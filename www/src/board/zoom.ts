// Zooming a board whose squares are smaller than a finger: buttons in a bar
// below the board's box (never over a square), a pinch or Ctrl + wheel, to
// squares of 44, 60 or 80 CSS pixels, keeping the point under the pinch (or
// the box's centre) where it is; the board then pans by scrolling its box.

/** Squares smaller than this (CSS pixels) are under a finger's size: the board offers zoom. */
const TOUCH_SQUARE_CSS = 40;
/** The zoomed square sizes, in CSS pixels. */
const ZOOM_STEPS = [44, 60, 80] as const;

/** What the zoom asks of its board. */
export interface Zoomed {
  /** Lays the board out again (at the zoom's square size). */
  resize(): void;
  /**
   * The viewport point the buttons zoom about, brought to the box's centre
   * (the play board's centre when reserves are drawn beside it), or null
   * for the box's centre, kept where it is.
   */
  focus?(): { x: number; y: number } | null;
}

export class Zoom {
  /** Zoomed in: the least square size in CSS pixels (null: the board fits its box). */
  square: number | null = null;
  /** The square size that fits the box, in CSS pixels (the board sets it as it lays out). */
  fitSquare = 0;
  readonly buttons: HTMLElement;

  constructor(
    private readonly container: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly board: Zoomed,
  ) {
    this.buttons = this.makeButtons();
  }

  /** The zoom buttons, for a bar outside the board's box. */
  private makeButtons(): HTMLElement {
    const box = document.createElement('div');
    box.className = 'zoom';
    const button = (text: string, label: string, step: number) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => this.step(step));
      return b;
    };
    box.append(button('−', 'Zoom out', -1), button('+', 'Zoom in', 1));
    return box;
  }

  /** Shows the buttons where they are of use: squares under a finger's size when the board fits, or zoomed in now. */
  update(): void {
    this.buttons.hidden = !(this.fitSquare < TOUCH_SQUARE_CSS || this.square !== null);
    const [out, into] = this.buttons.querySelectorAll('button');
    if (out !== undefined) out.disabled = this.square === null;
    if (into !== undefined) into.disabled = (this.square ?? 0) >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  }

  /** Zoom in or out a step: the fitted board, then squares of 44, 60 and 80 CSS pixels. */
  step(step: number): void {
    const now = this.square ?? this.fitSquare;
    const steps = ZOOM_STEPS.filter((s) => s > this.fitSquare);
    const next = step > 0 ? steps.find((s) => s > now + 0.5) : [...steps].reverse().find((s) => s < now - 0.5);
    this.to(next ?? (step > 0 ? now : this.fitSquare));
  }

  /**
   * Squares of `squareCss` CSS pixels (the fitted size or less: no zoom),
   * keeping the point of the board under the client point (x, y) (the
   * box's centre when absent) where it is.
   */
  to(squareCss: number, clientX?: number, clientY?: number): void {
    const max = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
    const target = Math.min(max, squareCss);
    const zoom = target <= this.fitSquare + 0.5 ? null : target;
    if (zoom === this.square) return;
    const box = this.container.getBoundingClientRect();
    const r = this.canvas.getBoundingClientRect();
    const focus = clientX === undefined ? (this.board.focus?.() ?? null) : null;
    const x = clientX ?? focus?.x ?? box.left + this.container.clientWidth / 2;
    const y = clientY ?? focus?.y ?? box.top + this.container.clientHeight / 2;
    const fx = (x - r.left) / Math.max(1, r.width);
    const fy = (y - r.top) / Math.max(1, r.height);
    this.square = zoom;
    this.board.resize();
    const r2 = this.canvas.getBoundingClientRect();
    const w = r2.width;
    const h = r2.height;
    // The focus goes to the box's centre; a pinch's point stays under the fingers.
    const toX = focus === null ? x - box.left : this.container.clientWidth / 2;
    const toY = focus === null ? y - box.top : this.container.clientHeight / 2;
    this.container.scrollLeft = this.canvas.offsetLeft + fx * w - toX;
    this.container.scrollTop = this.canvas.offsetTop + fy * h - toY;
  }
}
