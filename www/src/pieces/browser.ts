// The kinds of a variant as a list that stays usable at any length: a
// search by name, number or code, the filters of the Pieces panel, a count,
// and the cards in a box of bounded height that scrolls. Its cards (and
// their diagrams) are made when it is first opened.
import { filterPiecePanel, renderPiecePanel } from './panel';
import { PIECE_FILTERS, type PieceFilter } from './catalogue';
import type { Diagram, PieceInfo } from '../engine/types';

/** A list longer than this starts folded. */
export const FOLDED_ABOVE = 12;

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== '') e.className = className;
  if (text !== '') e.textContent = text;
  return e;
}

/**
 * A `<details>` titled `title` holding the kinds; open at first when
 * `open` says so (by default: when there are at most a dozen). `diagram`
 * asks the engine for a kind's moves.
 */
export function pieceBrowser(
  title: string,
  pieces: readonly PieceInfo[],
  diagram: (kind: number) => Diagram | null,
  open = pieces.length <= FOLDED_ABOVE,
): HTMLDetailsElement {
  const box = make('details', 'pieces-box');
  const search = make('input', 'piece-search-input');
  search.type = 'search';
  search.spellcheck = false;
  search.placeholder = 'Name, number or code';
  search.setAttribute('aria-label', 'Find a piece by name, number or code');
  const filter = make('select', 'piece-filter');
  filter.setAttribute('aria-label', 'Show pieces that');
  for (const f of PIECE_FILTERS) {
    const o = make('option', '', f === 'all' ? 'all kinds' : f === 'pawn' ? 'pawn kinds' : f);
    o.value = f;
    filter.append(o);
  }
  const count = make('span', 'piece-count');
  count.setAttribute('role', 'status');
  const tools = make('div', 'piece-search');
  tools.append(search, filter, count);
  const list = make('div', 'pieces');
  // It scrolls: keys reach it, and readers name it.
  list.tabIndex = 0;
  list.setAttribute('role', 'region');
  list.setAttribute('aria-label', title);
  box.append(make('summary', '', `${title} (${pieces.length})`), tools, list);
  let made = false;
  const apply = () => {
    count.textContent = `${filterPiecePanel(list, pieces, search.value, filter.value as PieceFilter)} of ${pieces.length}`;
  };
  const fill = () => {
    if (!box.open || made) return;
    made = true;
    renderPiecePanel(list, pieces, diagram);
    apply();
  };
  box.addEventListener('toggle', fill);
  search.addEventListener('input', apply);
  filter.addEventListener('change', apply);
  box.open = open;
  fill();
  return box;
}
