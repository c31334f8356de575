// One side's reserve queue, legible on a phone: a tap on a reserve strip
// where the whole 29 x 18 drawing would have squares too small to read
// opens this list instead: the credits, then the pieces and the pawns in
// drop order from the next one (marked), each with its figure, name and
// code, and the piece the next promotion brings (the back of the queue).
// A button opens the whole drawing. Uses the promotion dialog.
import { awaitChoice, figureCanvas } from './promotion';
import type { Color, PieceInfo, SideReserve } from '../engine/types';

/** What the player asked for: the whole drawing, or nothing (closed). */
export type QueueAnswer = 'whole' | null;

/** The men of one class still in the reserve, in drop order: their indexes from the front to the back. */
export function queueOrder(front: number, back: number): number[] {
  const out: number[] = [];
  for (let i = front; i < back; i++) out.push(i);
  return out;
}

function item(piece: PieceInfo | undefined, color: Color, place: number, mark: string): HTMLElement {
  const li = document.createElement('li');
  li.className = `queue-man${mark === '' ? '' : ' marked'}`;
  if (piece !== undefined) li.append(figureCanvas(piece, color));
  const text = document.createElement('span');
  text.textContent = `${place}. ${piece === undefined ? '?' : `${piece.name} (${piece.code})`}${mark}`;
  li.append(text);
  return li;
}

function section(title: string, men: HTMLElement[]): HTMLElement[] {
  const h = document.createElement('h3');
  h.textContent = title;
  const ol = document.createElement('ol');
  ol.className = 'queue';
  ol.append(...men);
  return men.length === 0 ? [] : [h, ol];
}

/** Shows `side`'s queue (`name` the side's name) in `dialog`; resolves when it is closed or the whole drawing is asked for. */
export function showQueue(dialog: HTMLDialogElement, s: SideReserve, side: Color, name: string, pieces: readonly PieceInfo[]): Promise<QueueAnswer> {
  const list = dialog.querySelector<HTMLElement>('.promotion-list');
  const heading = dialog.querySelector<HTMLElement>('h2');
  if (list === null) return Promise.resolve(null);
  const title = heading?.textContent ?? '';
  if (heading !== null) heading.textContent = `${name}'s reserve, in drop order`;
  const credits = document.createElement('p');
  credits.className = 'queue-credits';
  credits.textContent = `Credits: ${s.credits[0]} piece, ${s.credits[1]} pawn. A credit drops the next man of its class; a promotion brings the last piece.`;
  const whole = document.createElement('button');
  whole.type = 'button';
  whole.className = 'promotion-choice';
  whole.dataset['queue'] = 'whole';
  whole.textContent = 'The whole reserve drawing';
  const pieceMen = queueOrder(s.piece_front, s.piece_back).map((i, n) =>
    item(pieces[s.pieces[i]!], side, n + 1, i === s.next_piece ? ' · dropped next' : i === s.promotion ? ' · the next promotion' : ''),
  );
  const pawnMen = queueOrder(s.pawn_front, s.pawn_back).map((i, n) => item(pieces[s.pawns[i]!], side, n + 1, i === s.next_pawn ? ' · dropped next' : ''));
  const box = document.createElement('div');
  box.className = 'queue-box';
  // It scrolls: keys reach it, and readers name it.
  box.tabIndex = 0;
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', `${name}'s reserve`);
  box.append(credits, ...section(`Pieces (${pieceMen.length})`, pieceMen), ...section(`Pawns (${pawnMen.length})`, pawnMen));
  list.classList.add('queue-list');
  list.replaceChildren(box, whole);
  return awaitChoice(dialog, list, 'queue').then((answer) => {
    if (heading !== null) heading.textContent = title;
    list.classList.remove('queue-list');
    return answer === 'whole' ? 'whole' : null;
  });
}
