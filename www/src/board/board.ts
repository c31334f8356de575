// The board widget: a canvas that fits its container (or, when its squares
// would be too small, scrolls in it), redraws at most once per animation
// frame, and turns pointer input into selections and moves.
import { cellOrigin, fitGeometry, gridAt, type FitOptions, placeBoard, squareAt, squareCell, squareCenterCss, squareName, squareOfCell, type Geometry } from './geometry';
import { attachInput } from './input';
import { attachKeys } from './keys';
import { readBoard, readFile, readPickUp, readRank, readSquare } from './reader';
import { PieceSprites } from '../pieces/figures';
import { MOTION_MS, ease, motionOf, reducedMotion, type Motion } from './motion';
import { drawBoard, loupeCentre, type BoardView } from './render';
import type { DropView, ReserveView } from './reserve-render';
import { reserveCell, reservePlaceAt, type ReserveClass } from './reserve-layout';
import { slotMan, slotShows, stripAt, stripCell, stripSlots } from './reserve-strip';

import { Zoom } from './zoom';

/** Squares smaller than this (CSS pixels) cannot show a reserve man's code: a strip then opens a side's queue. */
const READABLE_CSS = 20;
import { placeTip, tipLines, tipNotation } from './tip';
import { badgeCentre } from './effect-marks';
import { pieceNumbers } from '../pieces/catalogue';
import { DEFAULT_THEME, type Theme } from './theme';
import type { Cell, Color, Destination, Effect, LastMove, PieceInfo, Square } from '../engine/types';

/** What the board asks its owner. */
export interface BoardOwner {
  /** A piece on `sq` may be picked up now. */
  canSelect(sq: Square): boolean;
  /** Where the piece on `sq` may go (asked of the engine). */
  destinations(sq: Square): Destination[];
  /** Where the piece on `sq`, of either side, could go from there in this position (shown when it is hovered or held). */
  preview(sq: Square): Destination[];
  /** The user moved from `from` to `dest.to`. */
  move(from: Square, dest: Destination): void;
  /** An open turn: the user dropped on `sq` (one of the marked squares). */
  drop?(sq: Square): void;
  /** An open turn: the user picked the next reserve man of `cls` (only its squares are marked then). */
  pickReserve?(cls: ReserveClass): void;
  /** A tap on a side's reserve strip where the whole reserve would be too small to read: show that side's queue. */
  showQueue?(side: Color): void;
  /** An open turn: Enter where no drop goes, to end it. */
  endTurn?(): void;
}

/** The position shown. */
export interface BoardPosition {
  files: number;
  ranks: number;
  cells: readonly Cell[];
  pieces: readonly PieceInfo[];
  lastMove: LastMove | null;
  checks: readonly Square[];
  /** Squares the board does not have, drawn as the background. */
  holes: readonly Square[];
  flipped: boolean;
  /** The reserves drawn beside the board (variants with reserves), or null. */
  reserves?: ReserveView | null;
  /** An open turn's drop squares, or null. */
  drops?: DropView | null;
  /** Where the last turn dropped men, marked like its move. */
  dropped?: readonly Square[];
  /** What the last turn did besides its move (men taken elsewhere than on its target, swapped, turned, reborn ...). */
  effects?: readonly Effect[];
  /** Men that stand frozen. */
  frozen?: readonly Square[];
}

/** How long a move's effects are drawn spreading (rings round the men it touched), and its removed men fading out. */
export const EFFECT_MS = 900;
const FADE_MS = 450;

/** How long the mouse rests on a piece before its moves are shown. */
const HOVER_MS = 350;
/** How long a piece's name and moves stay shown. */
const TIP_MS = 2500;
/** A tip shown this long (ms) unfolds its notation line, and then stays this much longer than TIP_MS. */
const NOTATION_MS = 1200;
const NOTATION_READ_MS = 2000;

export class Board {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly sprites = new PieceSprites();
  private geometry: Geometry;
  private position: BoardPosition;
  private selected: Square | null = null;
  private dests: Destination[] = [];
  private drag: BoardView['drag'] = null;
  private dragOver: Square | null = null;
  private hovered: Square | null = null;
  private framePending = false;
  private theme: Theme = DEFAULT_THEME;
  private hintMove: LastMove | null = null;
  private selectStart: number | null = null;
  private readonly tip: HTMLElement;
  private readonly observer: ResizeObserver;
  /** Ends the window and media-query listeners when the board goes away. */
  private readonly listening = new AbortController();
  private tipTimer: ReturnType<typeof setTimeout> | null = null;
  /** A hovered or held piece's moves, shown until the pointer leaves it. */
  private preview: { from: Square; dests: Destination[] } | null = null;
  private hoverTimer: ReturnType<typeof setTimeout> | null = null;
  /** The keyboard's square, shown while the board has the focus and the keys were used. */
  private cursor: Square | null = null;
  private cursorShown = false;
  /** Says a text to screen readers (the page's or the element's live region). */
  announcer: (text: string) => void = () => {};
  /** Zoomed in or fitted, by buttons, pinch or wheel. */
  private readonly zoom: Zoom;
  /** The square size when a pinch began. */
  private pinchBase: number | null = null;
  private selectWorkMs = 0;
  /** The move being drawn, from when. */
  private motion: (Omit<Motion, 't'> & { start: number }) | null = null;
  /** The last move's effects drawn spreading since `start`, with the men it removed as they stood. */
  private effectAnim: { start: number; removed: Cell[] } | null = null;
  /** Moves whose effects were drawn spreading (for tests). */
  effectsAnimated = 0;
  /** The last move asked for was a piece dropped on its square. */
  private dropped = false;
  /** Moves drawn sliding, and frames drawn while one slid (for tests). */
  motionsStarted = 0;
  motionFrames = 0;
  /** Milliseconds from the last selection to its highlight drawn (waiting for the frame included). */
  lastHighlightMs: number | null = null;
  /** Milliseconds of work for it: asking the engine for destinations, and drawing the frame. */
  lastHighlightWorkMs: number | null = null;
  /** Milliseconds the last man looked at (hovered or held) took to ask its moves and effects and write its tip. */
  lastPreviewWorkMs: number | null = null;
  /** The reserves are drawn as strips (too narrow for the whole drawing), and whether the whole reserve was opened anyway. */
  compact = false;
  reserveOpen = false;
  /** The squares' size (CSS pixels) the whole reserve's drawing would have in the box. */
  private wholeSquareCss = 0;

  constructor(
    private readonly container: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly owner: BoardOwner,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('this browser cannot draw on a canvas');
    this.ctx = ctx;
    this.position = { files: 8, ranks: 8, cells: [], pieces: [], lastMove: null, checks: [], holes: [], flipped: false };
    this.zoom = new Zoom(container, canvas, {
      resize: () => this.resize(),
      // With reserves drawn beside it, the buttons zoom on the play board, not on the middle of the drawing.
      focus: () => {
        const p = this.position;
        if (p.reserves === null || p.reserves === undefined) return null;
        const a = this.squareCenterClient(0);
        const b = this.squareCenterClient(p.files * p.ranks - 1);
        return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      },
    });
    this.geometry = this.fit();
    this.tip = document.createElement('div');
    this.tip.className = 'piece-tip';
    this.tip.hidden = true;
    container.append(this.tip);
    // The zoom buttons sit in a bar below the board's box, not in it: in the box they would cover squares and take
    // the taps meant for them. Below, the board does not move when they come and go. The box and its bar share a
    // column (`.board-frame`) in the box's old place.
    const frame = document.createElement('div');
    frame.className = 'board-frame';
    container.replaceWith(frame);
    frame.append(container, this.zoom.buttons);
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(container);
    window.addEventListener('resize', () => this.resize(), { signal: this.listening.signal });
    this.watchPixelRatio();
    attachKeys(canvas, {
      moveCursor: (dc, dr) => this.moveCursor(dc, dr),
      activate: () => this.activate(),
      cancel: () => {
        if (this.selected === null) return false;
        this.select(null);
        this.announcer('Put down.');
        return true;
      },
      read: (what) => this.announcer(what === 'rank' ? readRank(this.position, this.cursorSquare()) : what === 'file' ? readFile(this.position, this.cursorSquare()) : readBoard(this.position)),
    });
    canvas.addEventListener('blur', () => {
      this.cursorShown = false;
      this.redraw();
    });
    canvas.addEventListener('pointerdown', () => {
      this.cursorShown = false;
    });
    attachInput(canvas, {
      tap: (x, y) => this.tap(x, y),
      squareAt: (x, y) => squareAt(this.geometry, x, y),
      selected: () => this.selected,
      canSelect: (sq) => this.owner.canSelect(sq),
      isDestination: (sq) => this.dests.some((d) => d.to === sq),
      select: (sq) => this.select(sq),
      move: (from, to, dropped) => {
        const dest = this.dests.find((d) => d.to === to);
        this.select(null);
        // A dropped piece is where it goes already: its move is not drawn again.
        this.dropped = dropped;
        if (dest !== undefined) this.owner.move(from, dest);
      },
      drag: (state) => {
        this.drag = state;
        this.dragOver = state === null ? null : squareAt(this.geometry, state.x, state.y);
        this.redraw();
      },
      hover: (sq) => this.hover(sq),
      pinch: (p) => {
        if (p === null) {
          this.pinchBase = null;
          return;
        }
        this.pinchBase ??= this.squareCss;
        this.zoom.to(this.pinchBase * p.scale, p.x, p.y);
      },
      wheelZoom: (f, x, y) => this.zoom.to(this.squareCss * f, x, y),
      longPress: (sq, x, y) => this.showPreview(sq, x, y),
    });
    // A reserve man under the mouse is named in the canvas's tooltip: listened to after the board's own hover, which
    // clears the tooltip when the mouse leaves a square for a reserve man.
    canvas.addEventListener('pointermove', (e) => {
      const r = canvas.getBoundingClientRect();
      const text = this.reserveTitle(e.clientX - r.left, e.clientY - r.top);
      if (text !== null) canvas.title = text;
    });
  }

  /**
   * Shows a new position; the selection is dropped. `animate`: the position
   * is the one before after its last move, which is drawn sliding (unless
   * the piece was dropped there, or the system asks for reduced motion).
   */
  setPosition(p: BoardPosition, animate = false): void {
    const cols = (q: BoardPosition) => q.reserves?.layout.cols ?? 0;
    const resized = p.files !== this.position.files || p.ranks !== this.position.ranks || p.flipped !== this.position.flipped || cols(p) !== cols(this.position);
    const m = animate && !this.dropped && !resized && p.lastMove !== null && !reducedMotion() ? motionOf(p.lastMove, this.position.cells, p.cells) : null;
    this.motion = m === null ? null : { ...m, start: performance.now() };
    if (this.motion !== null) this.motionsStarted++;
    // The effects of a move just played spread from the men it touched; the men it removed fade out.
    const effects = p.effects ?? [];
    const before = this.position.cells;
    this.effectAnim =
      animate && !resized && effects.length > 0 && !reducedMotion()
        ? { start: performance.now(), removed: before.filter((c) => effects.some((e) => e.to === null && e.at === c.sq) && !p.cells.some((d) => d.sq === c.sq)) }
        : null;
    if (this.effectAnim !== null) this.effectsAnimated++;
    if (animate) this.dropped = false;
    this.position = p;
    if (p.reserves === null || p.reserves === undefined) this.reserveOpen = false;
    this.selected = null;
    this.dests = [];
    this.drag = null;
    this.dragOver = null;
    this.hintMove = null;
    this.hidePreview();
    if (resized) this.resize();
    this.updateTitle();
    this.redraw();
  }

  /** The last move's effects drawn (for tests). */
  get effects(): readonly Effect[] {
    return this.position.effects ?? [];
  }

  /** Where badge place `i` of square `sq` is, in viewport CSS pixels (for tests). */
  badgeCenterClient(sq: Square, i: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const c = badgeCentre(this.geometry, sq, i);
    return { x: r.left + c.x / this.geometry.dpr, y: r.top + c.y / this.geometry.dpr };
  }

  /** Whether Black is at the bottom. */
  get flipped(): boolean {
    return this.position.flipped;
  }

  /** The suggested move drawn as an arrow (until the next position), or null. */
  get hint(): LastMove | null {
    return this.hintMove;
  }
  setHint(m: LastMove | null): void {
    this.hintMove = m;
    this.redraw();
  }

  /** Draws with the colours (and piece style) of `t`. */
  setTheme(t: Theme): void {
    this.theme = t;
    this.sprites.setContrast(t.contrast);
    this.redraw();
  }

  /** Redraws sharp when the window moves to a screen of another pixel density. */
  private watchPixelRatio(): void {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener(
      'change',
      () => {
        this.resize();
        this.watchPixelRatio();
      },
      { once: true, signal: this.listening.signal },
    );
  }

  /** Stops following the window's size and pixel density (the board is gone). */
  dispose(): void {
    this.observer.disconnect();
    this.listening.abort();
    if (this.tipTimer !== null) clearTimeout(this.tipTimer);
    if (this.hoverTimer !== null) clearTimeout(this.hoverTimer);
  }

  /** Viewport (CSS pixel) coordinates of the centre of grid cell (`col`, `rank`) (a reserve's cell). */
  cellCenterClient(col: number, rank: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const g = this.geometry;
    const o = cellOrigin(g, col, rank);
    return { x: r.left + (o.x + g.square / 2) / g.dpr, y: r.top + (o.y + g.square / 2) / g.dpr };
  }

  /** Viewport (CSS pixel) coordinates of a square's centre. */
  squareCenterClient(sq: Square): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    const c = squareCenterCss(this.geometry, sq);
    return { x: r.left + c.x, y: r.top + c.y };
  }

  /** The board has the keyboard focus (in the page, or in an element's shadow root). */
  private hasFocus(): boolean {
    const root = this.canvas.getRootNode();
    return (root instanceof ShadowRoot ? root.activeElement : document.activeElement) === this.canvas;
  }

  /** The cursor's square: where it was left, else the selected piece, else the bottom left corner on screen. */
  private cursorSquare(): Square {
    if (this.cursor !== null && this.cursor < this.position.files * this.position.ranks) return this.cursor;
    return this.selected ?? squareOfCell(this.geometry, 0, this.geometry.rows - 1);
  }

  private moveCursor(dCol: number, dRow: number): void {
    const from = this.cursorSquare();
    const { col, row } = squareCell(this.geometry, from);
    // The first key shows the cursor where it is; the next ones move it.
    const sq = this.cursorShown ? squareOfCell(this.geometry, col + dCol, row + dRow) : from;
    this.cursor = sq;
    this.cursorShown = true;
    const dest = this.dests.find((d) => d.to === sq);
    const note =
      dest === undefined ? (this.dropTargets().includes(sq) ? ', a drop' : '') : sq === this.selected ? ', pass here' : dest.capture ? ', a capture' : ', a move';
    this.announcer(`${readSquare(this.position, sq)}${note}`);
    this.scrollIntoView(sq);
    this.redraw();
  }

  /** The squares an open turn may drop on now (of the reserve man picked, if one is). */
  private dropTargets(): Square[] {
    const d = this.position.drops;
    if (d === null || d === undefined) return [];
    const out: Square[] = [];
    if (d.piece !== null && d.picked !== 'pawn') out.push(...d.piece.squares);
    if (d.pawn !== null && d.picked !== 'piece') out.push(...d.pawn.squares);
    return out;
  }

  /**
   * A press the board takes before moves: while a turn is open, a drop
   * square or the next reserve man; on a narrow screen, a strip (which
   * opens the whole reserve) or the opened reserve (which closes it).
   * True when it was one.
   */
  private tap(x: number, y: number): boolean {
    const d = this.position.drops ?? null;
    const r = this.position.reserves ?? null;
    const sq = squareAt(this.geometry, x, y);
    if (d !== null && sq !== null && this.dropTargets().includes(sq)) {
      this.owner.drop?.(sq);
      return true;
    }
    const cell = gridAt(this.geometry, x, y);
    if (r === null || cell === null || sq !== null) return false;
    // The reserve man pressed, if any.
    let man: { side: Color; cls: ReserveClass; index: number } | null = null;
    if (this.compact) {
      const at = stripAt(r.strip, cell.col, cell.rank, this.geometry.flipped);
      // Only the next man of a class is picked up to drop; a tap elsewhere on a strip opens the whole reserve.
      const head = at === null || at.slot === null ? null : slotShows(r.strip, at.slot);
      const m = at === null || at.slot === null || head === null || head.cls === 'promotion' || head.ahead > 0 ? null : slotMan(r.strip, r.sides[at.side], at.slot);
      if (at !== null && m !== null) man = { side: at.side, ...m };
      if (at === null) return false;
    } else {
      man = reservePlaceAt(r.layout, cell.col, cell.rank);
    }
    if (d !== null && man !== null && man.side === d.side) {
      const s = r.sides[man.side];
      const next = man.cls === 'piece' ? s.next_piece : s.next_pawn;
      if (man.index === next && (man.cls === 'piece' ? d.piece : d.pawn) !== null) {
        this.owner.pickReserve?.(man.cls);
        return true;
      }
    }
    if (this.compact && this.wholeSquareCss < READABLE_CSS && this.owner.showQueue !== undefined) {
      // The whole reserve would be too small to read here (a phone): the side's queue, in words and figures.
      const at = stripAt(r.strip, cell.col, cell.rank, this.geometry.flipped);
      if (at !== null) this.owner.showQueue(at.side);
      return true;
    }
    if (this.compact || this.reserveOpen) {
      // A strip opens the whole reserve; the reserve, opened, closes again.
      this.reserveOpen = this.compact;
      this.resize();
      return true;
    }
    return false;
  }

  /** The name of the reserve man at a point (CSS pixels from the canvas's corner) and what is next for it, or null. */
  private reserveTitle(x: number, y: number): string | null {
    const r = this.position.reserves ?? null;
    const cell = r === null ? null : gridAt(this.geometry, x, y);
    if (r === null || cell === null) return null;
    let man: { side: Color; cls: ReserveClass; index: number } | null = null;
    if (this.compact) {
      const at = stripAt(r.strip, cell.col, cell.rank, this.geometry.flipped);
      const m = at === null || at.slot === null ? null : slotMan(r.strip, r.sides[at.side], at.slot);
      if (at !== null && m !== null) man = { side: at.side, ...m };
    } else {
      man = reservePlaceAt(r.layout, cell.col, cell.rank);
    }
    if (man === null) return null;
    const s = r.sides[man.side];
    const kind = (man.cls === 'piece' ? s.pieces : s.pawns)[man.index];
    const front = man.cls === 'piece' ? s.piece_front : s.pawn_front;
    const back = man.cls === 'piece' ? s.piece_back : s.pawn_back;
    if (kind === undefined || man.index < front || man.index >= back) return '';
    const piece = this.position.pieces[kind];
    if (piece === undefined) return '';
    const next = man.index === (man.cls === 'piece' ? s.next_piece : s.next_pawn) ? ', dropped next' : '';
    const promo = man.cls === 'piece' && man.index === s.promotion ? ', the next promotion' : '';
    return `${r.names[man.side]}'s reserve: ${piece.name} (${piece.code})${next}${promo} · ${piece.moves}`;
  }

  /** Viewport coordinates of the centre of a reserve man's cell as drawn now (on a strip, only the men it shows), or null. */
  reserveCenterClient(side: Color, cls: ReserveClass, index: number): { x: number; y: number } | null {
    const r = this.position.reserves ?? null;
    if (r === null) return null;
    if (!this.compact) {
      const c = reserveCell(r.layout, { side, cls, index });
      return this.cellCenterClient(c.col, c.rank);
    }
    for (let slot = 0; slot < stripSlots(r.strip.files).length; slot++) {
      const m = slotMan(r.strip, r.sides[side], slot);
      if (m !== null && m.cls === cls && m.index === index) {
        const c = stripCell(r.strip, side, slot, this.geometry.flipped);
        return this.cellCenterClient(c.col, c.rank);
      }
    }
    return null;
  }

  /** Enter or Space: pick up the piece under the cursor, or put the one picked up down there. */
  private activate(): void {
    const sq = this.cursorSquare();
    this.cursor = sq;
    this.cursorShown = true;
    if (this.position.drops !== null && this.position.drops !== undefined) {
      // An open turn: drop where the cursor is, or end the turn.
      if (this.dropTargets().includes(sq)) this.owner.drop?.(sq);
      else this.owner.endTurn?.();
      return;
    }
    const from = this.selected;
    const dest = this.dests.find((d) => d.to === sq);
    if (from !== null && dest !== undefined) {
      this.select(null);
      this.owner.move(from, dest);
    } else if (from === sq) {
      this.select(null);
      this.announcer('Put down.');
    } else if (this.owner.canSelect(sq)) {
      this.select(sq);
      this.announcer(readPickUp(this.position, sq, this.dests));
    } else {
      this.announcer(from === null ? `${readSquare(this.position, sq)}: nothing to pick up.` : `${squareName(sq, this.position.files)}: not a move for it.`);
    }
    this.redraw();
  }

  /** Keeps `sq` in view on a board that scrolls in its box. */
  private scrollIntoView(sq: Square): void {
    const c = squareCenterCss(this.geometry, sq);
    const half = this.geometry.square / this.geometry.dpr;
    const left = this.canvas.offsetLeft + c.x;
    const top = this.canvas.offsetTop + c.y;
    const box = this.container;
    if (left - half < box.scrollLeft) box.scrollLeft = left - half;
    else if (left + half > box.scrollLeft + box.clientWidth) box.scrollLeft = left + half - box.clientWidth;
    if (top - half < box.scrollTop) box.scrollTop = top - half;
    else if (top + half > box.scrollTop + box.clientHeight) box.scrollTop = top + half - box.clientHeight;
  }

  private select(sq: Square | null): void {
    this.hidePreview();
    const start = performance.now();
    this.selectStart = start;
    this.selected = sq;
    this.dests = sq === null ? [] : this.owner.destinations(sq);
    this.selectWorkMs = performance.now() - start;
    this.redraw();
  }

  private fit(): Geometry {
    const box = this.container.getBoundingClientRect();
    const o: FitOptions = {
      files: this.position.files,
      ranks: this.position.ranks,
      cssWidth: box.width,
      cssHeight: box.height,
      dpr: window.devicePixelRatio || 1,
      flipped: this.position.flipped,
      layout: this.position.reserves?.layout ?? null,
    };
    let fit = fitGeometry(o);
    this.wholeSquareCss = fit.square / fit.dpr;
    // Reserves are strips beside the play board, which then takes the box, on any screen: a player plays on the
    // board and needs from the reserves the next men in order. The whole reserve is drawn when opened from a strip.
    const r = this.position.reserves ?? null;
    this.compact = r !== null && !this.reserveOpen;
    if (this.compact && r !== null) {
      o.layout = r.strip;
      fit = fitGeometry(o);
    }
    this.zoom.fitSquare = fit.square / fit.dpr;
    // The height the drawing takes at the box's whole width: a narrow page (a phone) gives the box that height, so a
    // drawing taller than wide (the board between its reserve strips) is not held to a square box's height.
    // The whole reserve opened from a strip keeps the strips' height: the page does not jump, and the zoom buttons at
    // the box's top stay clear of the (lower) whole drawing centred in it.
    const shape = r !== null && this.reserveOpen ? { ...o, layout: r.strip } : o;
    const tall = fitGeometry({ ...shape, cssHeight: Math.max(o.cssHeight, o.cssWidth * 4) });
    // As a share of the box's width, which the page's style applies to the screen's width.
    if (o.cssWidth > 0) this.container.style.setProperty('--board-aspect', (tall.height / tall.dpr / o.cssWidth).toFixed(4));
    return this.zoom.square === null ? fit : fitGeometry({ ...o, minSquareCss: this.zoom.square });
  }

  /** Where the loupe over a dragging finger is, in viewport CSS pixels, or null when there is none (for tests). */
  get loupe(): { x: number; y: number; r: number } | null {
    if (this.drag === null || !this.drag.touch) return null;
    const g = this.geometry;
    const c = loupeCentre(g, this.drag.x * g.dpr, this.drag.y * g.dpr);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + c.x / g.dpr, y: rect.top + c.y / g.dpr, r: c.r / g.dpr };
  }

  /** Draws the whole reserve (the 29 x 18 drawing) in place of the strips; a tap on it closes it. */
  openReserve(): void {
    if (this.position.reserves === null || this.position.reserves === undefined) return;
    this.reserveOpen = true;
    this.resize();
  }

  /** The squares of the man looked at now and of its moves (for tests), or none. */
  get previewSquares(): Square[] {
    return this.preview === null ? [] : [this.preview.from, ...this.preview.dests.map((d) => d.to)];
  }

  /** Squares' size now, in CSS pixels. */
  get squareCss(): number {
    return this.geometry.square / this.geometry.dpr;
  }

  private resize(): void {
    const g = this.fit();
    this.geometry = g;
    if (this.canvas.width !== g.width || this.canvas.height !== g.height) {
      this.canvas.width = g.width;
      this.canvas.height = g.height;
    }
    const width = g.width / g.dpr;
    const height = g.height / g.dpr;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    // The client size leaves out scroll bars, so a board that scrolls is not centred under them.
    const at = placeBoard(width, height, this.container.clientWidth, this.container.clientHeight);
    this.canvas.style.left = `${at.left}px`;
    this.canvas.style.top = `${at.top}px`;
    this.canvas.classList.toggle('scrolls', at.scrolls);
    this.zoom.update();
    this.redraw();
  }

  /** Asks for a frame; several changes before it are drawn once. */
  redraw(): void {
    if (this.framePending) return;
    this.framePending = true;
    requestAnimationFrame(() => {
      this.framePending = false;
      this.draw();
    });
  }

  private draw(): void {
    const start = performance.now();
    const p = this.position;
    let motion: Motion | null = null;
    if (this.motion !== null) {
      const x = (start - this.motion.start) / MOTION_MS;
      if (x >= 1) this.motion = null;
      else {
        motion = { ...this.motion, t: ease(x) };
        this.motionFrames++;
      }
    }
    let effectPulse: number | null = null;
    let fading: BoardView['fading'] = null;
    if (this.effectAnim !== null) {
      const x = (start - this.effectAnim.start) / EFFECT_MS;
      if (x >= 1) this.effectAnim = null;
      else {
        effectPulse = ease(x);
        const f = (start - this.effectAnim.start) / FADE_MS;
        if (f < 1 && this.effectAnim.removed.length > 0) fading = { cells: this.effectAnim.removed, alpha: 1 - f };
      }
    }
    drawBoard(
      this.ctx,
      {
        geometry: this.geometry,
        cells: p.cells,
        pieces: p.pieces,
        selected: this.selected,
        dests: this.dests,
        lastMove: p.lastMove,
        checks: p.checks,
        holes: p.holes,
        drag: this.drag,
        dragOver: this.dragOver,
        theme: this.theme,
        hint: this.hintMove,
        motion,
        preview: this.selected === null ? this.preview : null,
        cursor: this.cursorShown && this.hasFocus() ? this.cursorSquare() : null,
        reserves: p.reserves ?? null,
        compact: this.compact,
        drops: p.drops ?? null,
        dropped: p.dropped ?? [],
        effects: p.effects ?? [],
        effectPulse,
        fading,
        frozen: p.frozen ?? [],
      },
      this.sprites,
    );
    if (motion !== null || effectPulse !== null) this.redraw();
    if (this.selectStart !== null) {
      const end = performance.now();
      this.lastHighlightMs = end - this.selectStart;
      this.lastHighlightWorkMs = this.selectWorkMs + (end - start);
      this.selectStart = null;
    }
  }

  private pieceOn(sq: Square | null): PieceInfo | null {
    if (sq === null) return null;
    const cell = this.position.cells.find((c) => c.sq === sq);
    return cell === undefined ? null : (this.position.pieces[cell.kind] ?? null);
  }

  private hover(sq: Square | null): void {
    if (sq === this.hovered) return;
    this.hovered = sq;
    this.updateTitle();
    this.hidePreview();
    // A piece the mouse rests on shows its name and moves (not while one is picked up).
    if (sq !== null && this.selected === null && this.pieceOn(sq) !== null) {
      this.hoverTimer = setTimeout(() => {
        this.hoverTimer = null;
        const c = this.squareCenterClient(sq);
        this.showPreview(sq, c.x, c.y);
      }, HOVER_MS);
    }
  }

  /** Shows the piece on `sq`: its name, code and notation by the point (x, y), and its moves on the board. */
  private showPreview(sq: Square, clientX: number, clientY: number): void {
    if (this.pieceOn(sq) === null) return;
    const start = performance.now();
    this.preview = { from: sq, dests: this.owner.preview(sq) };
    this.showTip(sq, clientX, clientY);
    this.lastPreviewWorkMs = performance.now() - start;
    this.redraw();
  }

  private hidePreview(): void {
    if (this.hoverTimer !== null) clearTimeout(this.hoverTimer);
    this.hoverTimer = null;
    if (this.preview === null) return;
    this.preview = null;
    this.tip.hidden = true;
    this.redraw();
  }

  /** The canvas's tooltip names the piece under the mouse. */
  private updateTitle(): void {
    const piece = this.pieceOn(this.hovered);
    this.canvas.title = piece === null ? '' : `${piece.name} (${piece.code})`;
  }

  private showTip(sq: Square, clientX: number, clientY: number): void {
    const piece = this.pieceOn(sq);
    if (piece === null) return;
    const box = this.container.getBoundingClientRect();
    const p = this.position;
    // Numbered as in the catalogue only where the kinds are many enough to need it (UC-170-17's 187).
    const number = p.pieces.length > 20 ? (pieceNumbers(p.pieces)[piece.kind] ?? null) : null;
    const dests = this.preview?.from === sq ? this.preview.dests : [];
    const notation = document.createElement('span');
    notation.className = 'tip-notation';
    notation.textContent = tipNotation(piece);
    this.tip.replaceChildren(tipLines(piece, number, sq, dests, p.frozen ?? [], p.files).join('\n'), '\n', notation);
    this.tip.hidden = false;
    // Placed in the container's content (which may be scrolled), inside the box's visible part and over the canvas
    // (the board's box): above the point, clear of a finger, else below it, else in a corner, never over the man
    // or its destinations.
    const c = this.container;
    const x = clientX - box.left + c.scrollLeft;
    const y = clientY - box.top + c.scrollTop;
    const g = this.geometry;
    const half = g.square / g.dpr / 2;
    const cx = this.canvas.offsetLeft;
    const cy = this.canvas.offsetTop;
    const avoid = [sq, ...dests.map((d) => d.to)].map((s) => {
      const m = squareCenterCss(g, s);
      return { left: cx + m.x - half, top: cy + m.y - half, right: cx + m.x + half, bottom: cy + m.y + half };
    });
    const left = Math.max(c.scrollLeft, cx);
    const top = Math.max(c.scrollTop, cy);
    const view = {
      left,
      top,
      width: Math.min(c.scrollLeft + c.clientWidth, cx + this.canvas.offsetWidth) - left,
      height: Math.min(c.scrollTop + c.clientHeight, cy + this.canvas.offsetHeight) - top,
    };
    const place = () => {
      const at = placeTip(this.tip.offsetWidth, this.tip.offsetHeight, { x, y }, view, avoid);
      this.tip.style.left = `${at.left}px`;
      this.tip.style.top = `${at.top}px`;
    };
    place();
    if (this.tipTimer !== null) clearTimeout(this.tipTimer);
    // Resting on the man a while longer unfolds the notation (placed again at its new size), and leaves time to read it.
    this.tipTimer = setTimeout(() => {
      if (this.tip.hidden || !notation.isConnected) return;
      notation.classList.add('open');
      place();
      this.tipTimer = setTimeout(() => this.hidePreview(), TIP_MS - NOTATION_MS + NOTATION_READ_MS);
    }, NOTATION_MS);
  }
}
