// The move list: numbered SAN moves; picking one asks to show the position
// after it.
import { fenTurn } from '../engine/fen';

/** One row of the list: a move number and up to two plies (index into the moves; null for none). */
export interface MoveRow {
  number: number;
  white: number | null;
  black: number | null;
}

/** Groups `count` plies into numbered rows, starting with `black` to move when set. */
export function moveRows(count: number, black: boolean, number: number): MoveRow[] {
  const rows: MoveRow[] = [];
  let i = 0;
  if (black && count > 0) {
    rows.push({ number, white: null, black: 0 });
    i = 1;
    number++;
  }
  for (; i < count; i += 2, number++) {
    rows.push({ number, white: i, black: i + 1 < count ? i + 1 : null });
  }
  return rows;
}

export class MoveList {
  private onPick: (ply: number) => void = () => {};

  constructor(private readonly el: HTMLElement) {
    el.addEventListener('click', (e) => {
      const t = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-ply]') : null;
      if (t !== null) this.onPick(Number(t.dataset['ply']));
    });
  }

  /** Calls `f` with the number of plies of the position picked (0 for the start). */
  picked(f: (ply: number) => void): void {
    this.onPick = f;
  }

  /** Shows `san` from `startFen`; `current` plies are on the board. */
  render(san: readonly string[], startFen: string, current: number): void {
    const { black, number } = fenTurn(startFen);
    const frag = document.createDocumentFragment();
    const start = document.createElement('button');
    start.type = 'button';
    start.className = 'move start';
    start.dataset['ply'] = '0';
    start.textContent = 'Start';
    if (current === 0) start.classList.add('current');
    frag.append(start);
    const ol = document.createElement('ol');
    for (const row of moveRows(san.length, black, number)) {
      const li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = row.white === null ? `${row.number}…` : `${row.number}.`;
      li.append(num);
      for (const i of [row.white, row.black]) {
        const b = document.createElement(i === null ? 'span' : 'button');
        b.className = 'move';
        if (i !== null) {
          (b as HTMLButtonElement).type = 'button';
          b.dataset['ply'] = String(i + 1);
          b.textContent = san[i] ?? '';
          if (i + 1 === current) b.classList.add('current');
        }
        li.append(b);
      }
      ol.append(li);
    }
    frag.append(ol);
    this.el.replaceChildren(frag);
    this.reveal(this.el.querySelector<HTMLElement>('.current'));
  }

  /** Scrolls the list (not the page) so `item` is in view; the list is its offset parent. */
  private reveal(item: HTMLElement | null): void {
    if (item === null) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < this.el.scrollTop) this.el.scrollTop = top;
    else if (bottom > this.el.scrollTop + this.el.clientHeight) this.el.scrollTop = bottom - this.el.clientHeight;
  }
}
