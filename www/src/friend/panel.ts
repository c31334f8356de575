// The side panel of a game with a friend: the link's state, Resign, Offer
// a draw, Ask to take back, the friend's offer to accept or decline, a new
// invitation to reconnect, and the chat (each line shown as text only).
import { sideName } from '../record/ending';
import type { FriendSession } from './session';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

const button = (id: string, text: string) => el('button', { type: 'button', id, textContent: text });

/**
 * Fills `box` with the panel and keeps it up to date (`gameChanged`
 * subscribes to the game's changes; `over` says whether it has ended);
 * `reconnect` opens the invitation dialog.
 */
export function bindFriendPanel(box: HTMLElement, session: FriendSession, game: { over(): boolean; changed(f: () => void): void }, reconnect: () => void): void {
  const state = el('p', { id: 'friend-state', className: 'friend-state' });
  state.setAttribute('role', 'status');
  const resign = button('friend-resign', 'Resign');
  const draw = button('friend-draw', 'Offer a draw');
  const takeback = button('friend-takeback', 'Ask to take back');
  const again = button('friend-reconnect', 'New invitation');
  const leave = button('friend-leave', 'Leave');
  const offerText = el('span', { id: 'friend-offer-text' });
  const accept = button('friend-accept', 'Accept');
  const decline = button('friend-decline', 'Decline');
  const offer = el('div', { id: 'friend-offer', className: 'draw-offer', hidden: true }, offerText, accept, decline);
  offer.setAttribute('role', 'alert');
  const chat = el('ul', { id: 'friend-chat', className: 'friend-chat' });
  chat.setAttribute('aria-label', 'Chat');
  const line = el('input', { id: 'friend-chat-input', type: 'text', maxLength: 500, spellcheck: true, placeholder: 'A line to your friend' });
  line.setAttribute('aria-label', 'Chat line');
  const form = el('form', { className: 'friend-chat-form', autocomplete: 'off' }, line, el('button', { type: 'submit', textContent: 'Send' }));
  box.replaceChildren(el('h2', { textContent: 'Game with a friend' }), state, el('div', { className: 'buttons' }, resign, draw, takeback, again, leave), offer, chat, form);

  resign.addEventListener('click', () => {
    if (confirmResign()) session.resign();
  });
  draw.addEventListener('click', () => session.propose('draw'));
  takeback.addEventListener('click', () => session.propose('takeback'));
  again.addEventListener('click', reconnect);
  leave.addEventListener('click', () => session.leave());
  accept.addEventListener('click', () => session.answer(true));
  decline.addEventListener('click', () => session.answer(false));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    session.say(line.value);
    line.value = '';
  });

  let shownLast: unknown = null;
  let shownCount = 0;
  const update = () => {
    box.hidden = !session.active && session.notice === '';
    const connected = session.state === 'connected';
    const side = session.side;
    state.textContent = session.notice !== '' ? session.notice : side !== null ? `You play ${sideName(side)}.` : '';
    state.classList.toggle('warning', session.state === 'dropped' || session.state === 'disagree' || session.notice.startsWith('Refused'));
    const live = session.active && !game.over();
    resign.hidden = !live;
    draw.hidden = takeback.hidden = !(live && connected);
    draw.disabled = takeback.disabled = session.offer !== null;
    again.hidden = !session.active || connected;
    leave.hidden = !session.active;
    const o = session.offer;
    offer.hidden = o === null || o.by !== 'friend';
    if (o !== null && o.by === 'friend') offerText.textContent = o.what === 'draw' ? 'Your friend offers a draw.' : 'Your friend asks to take back their last move.';
    form.hidden = !connected;
    const last = session.chat.at(-1) ?? null;
    if (last !== shownLast || session.chat.length !== shownCount) {
      chat.replaceChildren(...session.chat.map((c) => el('li', { className: c.from }, el('b', { textContent: c.from === 'me' ? 'You: ' : 'Friend: ' }), c.text)));
      chat.scrollTop = chat.scrollHeight;
      shownLast = last;
      shownCount = session.chat.length;
    }
    chat.hidden = session.chat.length === 0;
  };
  session.onChange(update);
  game.changed(update);
  update();
}

function confirmResign(): boolean {
  try {
    return window.confirm('Resign the game?');
  } catch {
    return true;
  }
}
