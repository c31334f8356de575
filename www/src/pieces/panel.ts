// The piece panel: each piece of the variant with its name, code, movement
// notation, description and a diagram of its moves on an empty board.
import { drawPiece } from './figures';
import { pieceNumbers, searchPieces, type PieceFilter } from './catalogue';
import type { Diagram, PieceInfo } from '../engine/types';

const DIAGRAM_CSS_PX = 168;
const MAX_CELL_CSS_PX = 24;
const FIGURE_CSS_PX = 36;

const LIGHT = '#eed9b4';
const DARK = '#b48762';
const MOVE = 'rgba(30, 90, 200, 0.85)';
const CAPTURE = 'rgba(200, 30, 30, 0.9)';
const BOTH = 'rgba(20, 120, 40, 0.9)';

function sizedCanvas(cssW: number, cssH: number): { canvas: HTMLCanvasElement; dpr: number } {
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  return { canvas, dpr };
}

/** The part of the board a diagram shows: the squares reached, one square around, at least 5 x 5. */
export function diagramWindow(d: Diagram): { file0: number; rank0: number; files: number; ranks: number } {
  const squares = [d.from, ...d.moves, ...d.captures];
  const fileOf = (sq: number) => sq % d.width;
  const rankOf = (sq: number) => Math.floor(sq / d.width);
  const span = (lo: number, hi: number, centre: number, size: number) => {
    lo = Math.max(0, Math.min(lo - 1, centre - 2));
    hi = Math.min(size - 1, Math.max(hi + 1, centre + 2));
    return [lo, hi - lo + 1] as const;
  };
  const [file0, files] = span(Math.min(...squares.map(fileOf)), Math.max(...squares.map(fileOf)), fileOf(d.from), d.width);
  const [rank0, ranks] = span(Math.min(...squares.map(rankOf)), Math.max(...squares.map(rankOf)), rankOf(d.from), d.height);
  return { file0, rank0, files, ranks };
}

/** Draws the moves (blue rings), captures (red crosses) and both (green discs) of a piece. */
export function drawDiagram(piece: PieceInfo, d: Diagram): HTMLCanvasElement {
  const w = diagramWindow(d);
  const cell = Math.max(6, Math.min(MAX_CELL_CSS_PX, Math.floor(DIAGRAM_CSS_PX / Math.max(w.files, w.ranks))));
  const { canvas, dpr } = sizedCanvas(cell * w.files, cell * w.ranks);
  const ctx = canvas.getContext('2d');
  if (ctx === null) return canvas;
  const s = Math.round(cell * dpr);
  const at = (sq: number) => ({
    x: ((sq % d.width) - w.file0) * s,
    y: (w.ranks - 1 - (Math.floor(sq / d.width) - w.rank0)) * s,
  });
  for (let r = w.rank0; r < w.rank0 + w.ranks; r++) {
    for (let f = w.file0; f < w.file0 + w.files; f++) {
      const { x, y } = at(r * d.width + f);
      ctx.fillStyle = f % 2 === r % 2 ? DARK : LIGHT;
      ctx.fillRect(x, y, s, s);
    }
  }
  const moves = new Set(d.moves);
  const captures = new Set(d.captures);
  for (const sq of new Set([...moves, ...captures])) {
    const { x, y } = at(sq);
    const c = s / 2;
    if (moves.has(sq) && captures.has(sq)) {
      ctx.beginPath();
      ctx.arc(x + c, y + c, s * 0.3, 0, Math.PI * 2);
      ctx.fillStyle = BOTH;
      ctx.fill();
    } else if (moves.has(sq)) {
      ctx.beginPath();
      ctx.arc(x + c, y + c, s * 0.28, 0, Math.PI * 2);
      ctx.lineWidth = Math.max(1, s * 0.12);
      ctx.strokeStyle = MOVE;
      ctx.stroke();
    } else {
      const r = s * 0.28;
      ctx.beginPath();
      ctx.moveTo(x + c - r, y + c - r);
      ctx.lineTo(x + c + r, y + c + r);
      ctx.moveTo(x + c + r, y + c - r);
      ctx.lineTo(x + c - r, y + c + r);
      ctx.lineWidth = Math.max(1, s * 0.14);
      ctx.strokeStyle = CAPTURE;
      ctx.stroke();
    }
  }
  const from = at(d.from);
  drawPiece(ctx, piece, 0, from.x, from.y, s);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `Moves of the ${piece.name} from the centre of an empty board`);
  return canvas;
}

function figure(piece: PieceInfo): HTMLCanvasElement {
  const { canvas } = sizedCanvas(FIGURE_CSS_PX, FIGURE_CSS_PX);
  const ctx = canvas.getContext('2d');
  if (ctx !== null) drawPiece(ctx, piece, 0, 0, 0, canvas.width);
  return canvas;
}

function text(tag: string, className: string, content: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = content;
  return el;
}

/** Fills `el` with the pieces; `diagram` asks the engine for a piece's moves. */
export function renderPiecePanel(
  el: HTMLElement,
  pieces: readonly PieceInfo[],
  diagram: (kind: number) => Diagram | null,
): void {
  const frag = document.createDocumentFragment();
  const numbers = pieceNumbers(pieces);
  for (const piece of pieces) {
    const item = document.createElement('article');
    item.className = 'piece-card';
    item.dataset['kind'] = String(piece.kind);
    const head = document.createElement('header');
    const number = numbers[piece.kind] ?? '';
    head.append(
      figure(piece),
      text('h3', 'piece-name', piece.name),
      text('span', 'piece-code', piece.code),
      text('span', 'piece-number', number.startsWith('p') ? `pawn ${number.slice(1)}` : `no. ${number}`),
    );
    item.append(head);
    const body = document.createElement('div');
    body.className = 'piece-body';
    const info = document.createElement('div');
    info.append(text('code', 'piece-moves', piece.moves), text('p', 'piece-desc', piece.description));
    if (piece.royal) info.append(text('p', 'piece-royal', 'Royal piece.'));
    if ((piece.traits ?? []).length > 0) info.append(text('p', 'piece-traits', (piece.traits ?? []).join(' · ')));
    body.append(info);
    const d = diagram(piece.kind);
    if (d !== null) body.append(drawDiagram(piece, d));
    item.append(body);
    frag.append(item);
  }
  el.replaceChildren(frag);
}

/** Shows the cards of the pieces that answer `query` and `filter`, hides the others; returns how many are shown. */
export function filterPiecePanel(el: HTMLElement, pieces: readonly PieceInfo[], query: string, filter: PieceFilter): number {
  const found = searchPieces(pieces, query, filter);
  let shown = 0;
  for (const card of el.querySelectorAll<HTMLElement>('.piece-card')) {
    const ok = found.has(Number(card.dataset['kind']));
    card.hidden = !ok;
    if (ok) shown++;
  }
  return shown;
}
