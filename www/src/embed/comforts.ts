// The app's comforts for <bigboard-game>: a colour theme (or the system's
// light or dark one), sounds, the screen-reader description on the
// focusable canvas, and a field to type moves.
import type { App } from '../game/app';
import { BOARD_KEYS } from '../board/reader';
import { announceIn, describeGame } from '../comforts/keyboard';
import { playSounds } from '../comforts/sound';
import { resolveTheme } from '../board/theme';

/** Draws `app`'s board in `choice` ('auto' follows the system); returns what stops following it. */
export function applyTheme(app: App, frame: HTMLElement, choice: string): () => void {
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const show = () => {
    const t = resolveTheme(choice, dark.matches);
    app.board.setTheme(t);
    frame.style.background = t.gutterBg;
  };
  dark.addEventListener('change', show);
  show();
  return () => dark.removeEventListener('change', show);
}

/** Sounds for moves, captures, checks and the end, when `on`. */
export function bindEmbedSounds(app: App, on: boolean): void {
  if (on) playSounds(app, () => true);
}

/**
 * The canvas takes the keyboard focus, is played with the keys as the
 * app's board is, and says what it says; `live` is the element's live
 * region for the board's words, `help` holds what its keys do.
 */
export function describeCanvas(app: App, canvas: HTMLCanvasElement, live: HTMLElement, help: HTMLElement): void {
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'board');
  help.id = 'board-keys';
  help.textContent = BOARD_KEYS;
  canvas.setAttribute('aria-describedby', help.id);
  app.board.announcer = announceIn(live);
  let said = '';
  const update = () => {
    const text = describeGame(app);
    if (text === said) return;
    said = text;
    canvas.setAttribute('aria-label', text);
  };
  app.onChange(update);
  update();
}

/** A small form to type a move (coordinates or SAN); a refusal shows in the element's message line. */
export function moveForm(app: App, message: HTMLElement): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'move-form';
  const input = document.createElement('input');
  input.type = 'text';
  input.className = 'move-input';
  input.spellcheck = false;
  input.autocomplete = 'off';
  input.placeholder = 'e2e4 or SAN';
  input.setAttribute('aria-label', 'Type a move');
  if (message.id === '') message.id = 'message';
  input.setAttribute('aria-describedby', message.id);
  const play = document.createElement('button');
  play.type = 'submit';
  play.className = 'control-type';
  play.textContent = 'Play';
  form.append(input, play);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (app.enterMove(input.value)) input.value = '';
  });
  const update = () => {
    const s = app.liveStatus;
    input.disabled = play.disabled = s.over || app.isAiTurn(s.side);
  };
  app.onChange(update);
  update();
  return form;
}
