// The piece editor's dialog: a small board round the piece where clicks
// mark leaps and slides, the XBetza string written from the marks, the
// engine's diagram of that string beside the marks, and a field where a
// pasted string is read back into the grid. The editor knows no rules: the
// string's meaning, its destinations and its errors are the engine's.
import { errorMessage } from '../engine/engine';
import { click, designCells, emptyDesign, key, writeDesign, type Design } from './design';
import { el } from './dom';
import { CELL_CAPTURE, CELL_INITIAL, CELL_MOVE, picture, readPicture, type Picture } from './read';

/** Squares from the piece to the grid's edge: a 15 x 15 grid. */
export const RADIUS = 7;
const SIDE = 2 * RADIUS + 1;

/** Moves the grid cannot show, offered from a list (NOTATION.md). */
const EXTRAS: readonly [string, string][] = [
  ['cpR', 'Cannon capture: hops one man on a rook line to take the next (cpR)'],
  ['pR', 'Hopper: over one man on a rook line, to any square beyond (pR)'],
  ['gQ', 'Grasshopper: lands right behind the man it hops (gQ)'],
  ['nN', 'Lame knight, blocked by the square next to it (nN, the Xiangqi horse)'],
  ['nA', 'Lame elephant, blocked half way (nA)'],
  ['[F?R]', 'Bent rider: a diagonal step, then on as a rook outward (Gryphon, [F?R])'],
  ['[W?B]', 'Bent rider: an orthogonal step, then on as a bishop outward (Aanca, [W?B])'],
  ['zB', 'Crooked bishop: zigzags up two files (zB)'],
  ['qN', 'Rose: knight leaps round a circle (qN)'],
  ['jB', 'Ski-bishop: skips its first square (jB)'],
];

const MARK_TEXT = { both: 'moves or captures', move: 'moves only', capture: 'captures only' } as const;
const SYMBOL = { both: '●', move: '○', capture: '✕' } as const;

function labelled(text: string, control: HTMLElement, className = ''): HTMLLabelElement {
  const l = el('label', className);
  l.append(text, ' ', control);
  return l;
}

function squareWords(x: number, y: number): string {
  const side = x === 0 ? '' : `${Math.abs(x)} ${x > 0 ? 'right' : 'left'}`;
  const up = y === 0 ? '' : `${Math.abs(y)} ${y > 0 ? 'forward' : 'back'}`;
  return [side, up].filter((s) => s !== '').join(', ');
}

/** The editor: its element and what the rest of the dialog needs of it. */
export interface PieceEditor {
  readonly element: HTMLElement;
  /** The string as written now (grid, then the parts kept as written). */
  text(): string;
  /** Reads `text` into the grid; false (the editor unchanged, the error shown) when the engine refuses it. */
  read(text: string): boolean;
}

/** Builds the editor's grid, tools, string field and diagram. */
export function pieceEditor(): PieceEditor {
  let design: Design = emptyDesign();
  let kept: string[] = [];

  const root = el('section', 'pe');
  const help = el('p', 'pe-help', 'Click the squares round the piece. Each click goes: moves or captures (●), moves only (○), captures only (✕), nothing. A slide marks the whole line through the square.');
  const tools = el('div', 'pe-tools');
  const toolName = `pe-tool-${Math.random().toString(36).slice(2)}`;
  const radio = (value: string, text: string, checked: boolean) => {
    const r = el('input');
    r.type = 'radio';
    r.name = toolName;
    r.value = value;
    r.checked = checked;
    const l = el('label', 'check');
    l.append(r, ` ${text}`);
    return { r, l };
  };
  const leap = radio('leap', 'Leap', true);
  const slide = radio('slide', 'Slide', false);
  const toolBox = el('fieldset', 'pe-kind');
  toolBox.append(el('legend', '', 'A click marks'), leap.l, slide.l);
  const range = el('select', 'pe-range');
  range.append(new Option('to the edge', '0'));
  for (let n = 2; n <= 6; n++) range.append(new Option(`up to ${n} squares`, String(n)));
  const initial = el('input', 'pe-initial');
  initial.type = 'checkbox';
  const initialLabel = el('label', 'check');
  initialLabel.append(initial, ' First move only');
  const clear = el('button', 'pe-clear', 'Clear');
  clear.type = 'button';
  tools.append(toolBox, labelled('Slides go', range), initialLabel, clear);

  const grid = el('div', 'pe-grid');
  grid.setAttribute('role', 'group');
  grid.setAttribute('aria-label', 'Squares round the piece');
  const cells = new Map<string, HTMLButtonElement>();
  for (let y = RADIUS; y >= -RADIUS; y--) {
    for (let x = -RADIUS; x <= RADIUS; x++) {
      const b = el('button', `pe-cell ${(x + y) % 2 === 0 ? 'dark' : 'light'}`);
      b.type = 'button';
      b.dataset['x'] = String(x);
      b.dataset['y'] = String(y);
      if (x === 0 && y === 0) {
        b.classList.add('piece');
        b.textContent = '◆';
        b.disabled = true;
        b.setAttribute('aria-label', 'The piece');
      }
      cells.set(key(x, y), b);
      grid.append(b);
    }
  }
  const diagram = el('div', 'pe-grid pe-diagram');
  diagram.setAttribute('role', 'img');
  const shown = new Map<string, HTMLElement>();
  for (let y = RADIUS; y >= -RADIUS; y--) {
    for (let x = -RADIUS; x <= RADIUS; x++) {
      const c = el('span', `pe-cell ${(x + y) % 2 === 0 ? 'dark' : 'light'}`);
      c.dataset['x'] = String(x);
      c.dataset['y'] = String(y);
      if (x === 0 && y === 0) {
        c.classList.add('piece');
        c.textContent = '◆';
      }
      shown.set(key(x, y), c);
      diagram.append(c);
    }
  }
  const boards = el('div', 'pe-boards');
  const figure = (child: HTMLElement, caption: string) => {
    const f = el('figure');
    f.append(child, el('figcaption', '', caption));
    return f;
  };
  boards.append(figure(grid, 'Your marks (¹: first move only; tinted: a slide)'), figure(diagram, 'What the engine plays from the centre of an empty board'));

  const field = el('input', 'pe-string');
  field.type = 'text';
  field.spellcheck = false;
  field.setAttribute('aria-describedby', 'pe-message');
  const readButton = el('button', 'pe-read', 'Read into the grid');
  readButton.type = 'button';
  const stringRow = el('div', 'pe-row');
  stringRow.append(labelled('XBetza', field, 'pe-string-label'), readButton);
  const keptLine = el('p', 'pe-kept');
  const extra = el('select', 'pe-extra');
  for (const [text, words] of EXTRAS) extra.append(new Option(words, text));
  const add = el('button', 'pe-add', 'Add');
  add.type = 'button';
  const extraRow = el('div', 'pe-row');
  extraRow.append(labelled('A move the grid cannot show', extra), add);
  const message = el('p', 'pe-message');
  message.id = 'pe-message';
  message.setAttribute('role', 'status');
  root.append(help, tools, boards, stringRow, keptLine, extraRow, message);

  const say = (text: string, kind: '' | 'ok' | 'error' = '') => {
    message.textContent = text;
    message.className = `pe-message${kind === '' ? '' : ` ${kind}`}`;
  };
  const text = () => writeDesign(design) + kept.join('');

  const drawMarks = () => {
    const marks = designCells(design, RADIUS);
    for (const [k, b] of cells) {
      if (b.classList.contains('piece')) continue;
      const m = marks.get(k);
      b.classList.remove('both', 'move', 'capture', 'slide', 'initial');
      b.textContent = m === undefined ? '' : SYMBOL[m.mode];
      if (m !== undefined) b.classList.add(m.mode, ...(m.slide ? ['slide'] : []), ...(m.initial ? ['initial'] : []));
      b.dataset['mark'] = m === undefined ? '' : `${m.slide ? 'slide' : 'leap'} ${m.mode}${m.initial ? ' initial' : ''}`;
      const [x, y] = k.split(',').map(Number) as [number, number];
      const what = m === undefined ? 'nothing' : `${m.slide ? 'a slide, ' : ''}${MARK_TEXT[m.mode]}${m.initial ? ', first move only' : ''}`;
      b.setAttribute('aria-label', `${squareWords(x, y)}: ${what}`);
    }
  };

  const drawDiagram = (pic: Picture | null) => {
    const flags = new Map((pic?.cells ?? []).map(([x, y, f]) => [key(x, y), f]));
    let count = 0;
    for (const [k, c] of shown) {
      if (c.classList.contains('piece')) continue;
      const f = flags.get(k) ?? 0;
      const mode = (f & CELL_MOVE) !== 0 && (f & CELL_CAPTURE) !== 0 ? 'both' : (f & CELL_MOVE) !== 0 ? 'move' : (f & CELL_CAPTURE) !== 0 ? 'capture' : null;
      c.classList.remove('both', 'move', 'capture', 'initial');
      c.textContent = mode === null ? '' : SYMBOL[mode];
      c.dataset['mark'] = mode === null ? '' : `${mode}${(f & CELL_INITIAL) !== 0 ? ' initial' : ''}`;
      if (mode !== null) {
        count++;
        c.classList.add(mode, ...((f & CELL_INITIAL) !== 0 ? ['initial'] : []));
      }
    }
    diagram.setAttribute('aria-label', `The engine's diagram: ${count} square${count === 1 ? '' : 's'} reached from the centre of an empty board`);
  };

  /** Shows the marks, the string and the engine's diagram of it. */
  const show = () => {
    drawMarks();
    const t = text();
    field.value = t;
    keptLine.textContent = kept.length === 0 ? '' : `Kept as written (the grid cannot show them): ${kept.join(' ')}. Hops need a man to hop over, so an empty board's diagram leaves them out.`;
    if (t === '') {
      drawDiagram(null);
      return;
    }
    try {
      drawDiagram(picture(t, SIDE));
    } catch (e) {
      drawDiagram(null);
      say(`The engine refuses ${t}: ${errorMessage(e)}`, 'error');
    }
  };

  const read = (t: string): boolean => {
    const s = t.trim();
    if (s === '') {
      say('Type or paste a movement string (XBetza) first.', 'error');
      return false;
    }
    let reading;
    try {
      reading = readPicture(picture(s, SIDE), RADIUS);
    } catch (e) {
      say(`Not read, the editor is unchanged: ${errorMessage(e)}`, 'error');
      return false;
    }
    design = reading.design;
    kept = reading.kept;
    show();
    say(kept.length === 0 ? `Read ${s} into the grid.` : `Read ${s}: the grid shows what it can; ${kept.join(' ')} ${kept.length === 1 ? 'is' : 'are'} kept as written.`, 'ok');
    return true;
  };

  grid.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('.pe-cell');
    if (b === null || b.disabled) return;
    click(design, Number(b.dataset['x']), Number(b.dataset['y']), { slide: slide.r.checked, initial: initial.checked, range: Number(range.value) });
    say('');
    show();
  });
  clear.addEventListener('click', () => {
    design = emptyDesign();
    kept = [];
    say('');
    show();
  });
  readButton.addEventListener('click', () => read(field.value));
  field.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      read(field.value);
    }
  });
  add.addEventListener('click', () => {
    if (!kept.includes(extra.value)) kept.push(extra.value);
    say('');
    show();
  });
  show();
  return { element: root, text, read };
}
