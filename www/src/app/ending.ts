// The Resign, Offer a draw, Accept and Decline buttons. A draw offer is a
// hot-seat matter: it stands until the opponent accepts, declines, or
// answers with a move (the offerer may still make the move it came with).
import type { App } from '../game/app';
import { DRAW_AGREED, resignation, sideName } from '../record/ending';
import type { Color } from '../engine/types';

function button(id: string): HTMLButtonElement {
  const b = document.getElementById(id);
  if (!(b instanceof HTMLButtonElement)) throw new Error(`the page has no button #${id}`);
  return b;
}

export function bindEnding(app: App): void {
  const resign = button('resign');
  const offer = button('offer-draw');
  const box = document.getElementById('draw-offer');
  const text = document.getElementById('draw-offer-text');
  let pending: { by: Color; ply: number } | null = null;

  resign.addEventListener('click', () => {
    const side = app.humanSide() ?? app.liveStatus.side;
    if (confirmResign(side)) app.end(resignation(side));
  });
  offer.addEventListener('click', () => {
    pending = { by: app.liveStatus.side, ply: app.history.coord.length };
    update();
  });
  button('accept-draw').addEventListener('click', () => {
    pending = null;
    app.end(DRAW_AGREED);
  });
  button('decline-draw').addEventListener('click', () => {
    pending = null;
    update();
  });

  function update(): void {
    const s = app.liveStatus;
    const plies = app.history.coord.length;
    if (pending !== null && (s.over || app.mode !== 'hotseat' || app.localSide !== null || plies < pending.ply || plies > pending.ply + 1)) pending = null;
    // A game with a friend on another device has its own buttons (the friend panel).
    const friend = app.localSide !== null;
    resign.hidden = s.over || app.mode === 'ai-ai' || friend;
    offer.hidden = s.over || app.mode !== 'hotseat' || pending !== null || friend;
    if (box !== null) box.hidden = pending === null;
    if (text !== null && pending !== null) {
      const other = sideName(pending.by === 0 ? 1 : 0);
      text.textContent = `${sideName(pending.by)} offers a draw. ${other}, do you accept?`;
    }
  }
  app.onChange(update);
  update();
}

/** Resigning cannot be undone by accident: a confirmation (skipped where dialogs are unavailable). */
function confirmResign(side: Color): boolean {
  try {
    return window.confirm(`${sideName(side)} resigns?`);
  } catch {
    return true;
  }
}
