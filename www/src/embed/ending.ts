// Resign and Offer a draw for <bigboard-game>. Both ask inside the element
// (no window.confirm from someone else's page): resigning wants a second
// click, and a draw offer stands until the opponent answers or a move is made.
import type { App } from '../game/app';
import { DRAW_AGREED, resignation, sideName } from '../record/ending';
import type { Color } from '../engine/types';

function button(className: string, text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  return b;
}

/** The buttons to put in the bar, and a question row to put below it. */
export function endingControls(app: App, resign: boolean, draw: boolean): { buttons: HTMLButtonElement[]; question: HTMLElement } {
  const question = document.createElement('div');
  question.className = 'question';
  question.hidden = true;
  const text = document.createElement('span');
  const yes = button('answer-yes', 'Yes');
  const no = button('answer-no', 'No');
  question.append(text, yes, no);

  /** What is asked: a resignation to confirm, or a draw offered by a side at a ply. */
  let asking: { kind: 'resign'; side: Color; ply: number } | { kind: 'draw'; by: Color; ply: number } | null = null;
  const resignButton = button('control-resign', 'Resign');
  const drawButton = button('control-draw', 'Offer a draw');

  resignButton.addEventListener('click', () => {
    asking = { kind: 'resign', side: app.humanSide() ?? app.liveStatus.side, ply: app.history.coord.length };
    update();
    yes.focus();
  });
  drawButton.addEventListener('click', () => {
    asking = { kind: 'draw', by: app.liveStatus.side, ply: app.history.coord.length };
    update();
  });
  yes.addEventListener('click', () => {
    const a = asking;
    asking = null;
    if (a?.kind === 'resign') app.end(resignation(a.side));
    else if (a?.kind === 'draw') app.end(DRAW_AGREED);
    update();
  });
  no.addEventListener('click', () => {
    asking = null;
    update();
  });

  function update(): void {
    const s = app.liveStatus;
    const plies = app.history.coord.length;
    if (asking !== null) {
      const stale = asking.kind === 'resign' ? plies !== asking.ply : app.mode !== 'hotseat' || plies < asking.ply || plies > asking.ply + 1;
      if (s.over || stale) asking = null;
    }
    resignButton.hidden = s.over || app.mode === 'ai-ai';
    drawButton.hidden = s.over || app.mode !== 'hotseat' || asking !== null;
    question.hidden = asking === null;
    if (asking?.kind === 'resign') text.textContent = `${sideName(asking.side)} resigns?`;
    else if (asking?.kind === 'draw') text.textContent = `${sideName(asking.by)} offers a draw. ${sideName(asking.by === 0 ? 1 : 0)}, do you accept?`;
  }
  app.onChange(update);
  update();

  const buttons: HTMLButtonElement[] = [];
  if (resign) buttons.push(resignButton);
  if (draw) buttons.push(drawButton);
  return { buttons, question };
}
