// The promotion dialog: offers exactly the choices the engine gave for a
// destination, each with its figure and name, and "no promotion" when the
// piece may also stay as it is.
import { drawPiece } from './figures';
import type { Color, PieceInfo } from '../engine/types';

/** The answer: a piece code, '' for no promotion, or null when the move is called off. */
export type PromotionAnswer = string | null;

const FIGURE_CSS_PX = 44;

/** A figure of `piece` in `color`, 44 CSS pixels square. */
export function figureCanvas(piece: PieceInfo, color: Color): HTMLCanvasElement {
  const dpr = window.devicePixelRatio || 1;
  const c = document.createElement('canvas');
  c.width = c.height = Math.round(FIGURE_CSS_PX * dpr);
  c.style.width = c.style.height = `${FIGURE_CSS_PX}px`;
  const ctx = c.getContext('2d');
  if (ctx !== null) drawPiece(ctx, piece, color, 0, 0, c.width);
  return c;
}

function choiceButton(code: string, label: string, figure: HTMLCanvasElement | null): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'promotion-choice';
  b.dataset['code'] = code;
  if (figure !== null) b.append(figure);
  const text = document.createElement('span');
  text.textContent = label;
  b.append(text);
  return b;
}

/**
 * Asks which piece to promote to. `codes` are the engine's choices for the
 * destination; `plain` adds "No promotion", shown with the `mover`.
 */
export function askPromotion(
  dialog: HTMLDialogElement,
  codes: readonly string[],
  plain: boolean,
  pieces: readonly PieceInfo[],
  color: Color,
  mover: PieceInfo | null,
): Promise<PromotionAnswer> {
  const list = dialog.querySelector<HTMLElement>('.promotion-list');
  if (list === null) return Promise.resolve(null);
  list.replaceChildren();
  for (const code of codes) {
    const piece = pieces.find((p) => p.code === code);
    const label = piece === undefined ? code : `${piece.name} (${code})`;
    list.append(choiceButton(code, label, piece === undefined ? null : figureCanvas(piece, color)));
  }
  if (plain) list.append(choiceButton('', 'No promotion', mover === null ? null : figureCanvas(mover, color)));

  return awaitChoice(dialog, list, 'code');
}

/**
 * Shows `dialog` and resolves to the `data-KEY` value of the button of
 * `list` the player clicks, or null when the dialog is called off
 * (Escape, the cancel button). Shared by the promotion dialog and the
 * move chooser, which fill the same dialog's list.
 */
export function awaitChoice(dialog: HTMLDialogElement, list: HTMLElement, key: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer: string | null = null;
    const onClick = (e: Event) => {
      const target = e.target instanceof Element ? e.target.closest<HTMLElement>(`[data-${key}]`) : null;
      if (target !== null && list.contains(target)) {
        answer = target.dataset[key] ?? null;
        dialog.close();
      } else if (e.target instanceof Element && e.target.closest('.promotion-cancel') !== null) {
        dialog.close();
      }
    };
    const onClose = () => {
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('close', onClose);
      resolve(answer);
    };
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
    list.querySelector<HTMLButtonElement>('button')?.focus();
  });
}
