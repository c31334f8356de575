// Keyboard and screen-reader comforts: a text field to type a move, a
// description of the board (last move, turn, result) on the focusable
// canvas and in a polite live region, and the board's own words (the
// cursor's square, a rank, a file, the whole board) in another.
import type { History, Status, VariantInfo } from '../engine/types';
import { BOARD_KEYS } from '../board/reader';
import { resultText } from '../record/result';

/** What the keyboard and the screen reader need of the game. */
export interface KeyboardGame {
  readonly variant: VariantInfo;
  readonly history: History;
  readonly liveStatus: Status;
  /** The ply of the earlier position shown, or null when the live position is shown. */
  readonly viewPly: number | null;
  /** Whether a turn's move is played and its drops may still follow. */
  readonly turnOpen: boolean;
  /** Where the board's own words (the cursor's square, a rank, a file) go. */
  readonly board: { announcer: (text: string) => void };
  /** Plays a typed move (coordinate text or SAN); false with the reason in the status line when refused. */
  enterMove(text: string): boolean;
  /** Calls `f` after every change of state. */
  onChange(f: () => void): void;
}

/** What a screen reader says about the game: the last move, whose turn it is, and the result. */
export function describeGame(app: KeyboardGame): string {
  const h = app.history;
  const s = app.liveStatus;
  const names = app.variant.sides ?? ['White', 'Black'];
  const ply = app.viewPly ?? h.san.length;
  const parts: string[] = [`${app.variant.name} board.`];
  if (ply > 0) {
    const san = h.san[ply - 1] ?? h.coord[ply - 1] ?? '';
    const mover = names[ply % 2 === 1 ? 0 : 1];
    parts.push(`Last move: ${Math.ceil(ply / 2)}. ${mover} ${san}.`);
  } else {
    parts.push('No moves yet.');
  }
  if (app.viewPly !== null) parts.push(`Viewing an earlier position.`);
  const result = resultText(s, names);
  if (result !== null) parts.push(`Game over: ${result}.`);
  else if (app.turnOpen) parts.push(`${names[1 - s.side]} may drop: Enter on a marked square drops there, Enter elsewhere ends the turn, Escape takes the move back.`);
  else parts.push(`${names[s.side]} to move${s.check ? ', in check' : ''}.`);
  return parts.join(' ');
}

/**
 * What writes the board's words into the live region `el`; the same words
 * twice in a row (a rank read again) differ by a trailing space, so they
 * are said again.
 */
export function announceIn(el: HTMLElement): (text: string) => void {
  let flip = false;
  return (text: string) => {
    flip = !flip;
    el.textContent = flip ? text : `${text}\u00a0`;
  };
}

export function bindKeyboard(app: KeyboardGame, canvas: HTMLElement): void {
  const form = document.getElementById('move-form');
  const input = document.getElementById('move-input');
  const live = document.getElementById('board-live');
  if (form instanceof HTMLFormElement && input instanceof HTMLInputElement) {
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (app.enterMove(input.value)) input.value = '';
    });
  }
  const say = document.getElementById('board-say');
  const keys = document.getElementById('board-keys');
  if (keys !== null) keys.textContent = BOARD_KEYS;
  if (say !== null) app.board.announcer = announceIn(say);
  let said = '';
  const update = () => {
    const text = describeGame(app);
    if (text === said) return;
    said = text;
    canvas.setAttribute('aria-label', text);
    if (live !== null) live.textContent = text;
  };
  app.onChange(update);
  update();
}
