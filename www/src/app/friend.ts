// "Play a friend" on the app page: the session, its dialog and panel, and
// the invitation or answer a page may be opened with (in its fragment).
import type { App } from '../game/app';
import { errorMessage } from '../engine/engine';
import { codeIn, holdsInvitation } from '../friend/code';
import { FriendDialog } from '../friend/dialog';
import { LeaveQuestion } from '../friend/leave';
import { bindFriendPanel } from '../friend/panel';
import { listenForAnswers, passAnswer } from '../friend/relay';
import { FriendSession, type ClockHook } from '../friend/session';

export function bindFriend(app: App, store: Storage | null, clock: ClockHook | null): FriendSession {
  const session = new FriendSession(app, store, clock);
  const base = () => location.href.replace(/#.*$/, '');
  const dialog = new FriendDialog(session, store, base);
  const box = document.getElementById('friend-box');
  const game = { over: () => app.liveStatus.over, changed: (f: () => void) => app.onChange(f) };
  if (box !== null) bindFriendPanel(box, session, game, () => dialog.show());
  // A new invitation while connected would leave the game being played: the player is asked first.
  let question: LeaveQuestion | null = null;
  document.getElementById('play-friend')?.addEventListener('click', () => {
    if (session.state !== 'connected') {
      dialog.show();
      return;
    }
    question ??= new LeaveQuestion();
    void question.ask().then((leave) => {
      if (!leave) return;
      if (session.active) session.leave();
      dialog.show();
    });
  });

  // An answer opened in another page of this browser comes to the page that invited.
  listenForAnswers(async (code) => {
    if (!session.waitingForAnswer) return false;
    try {
      await session.connect(code);
      return true;
    } catch (e) {
      dialog.say(`Not connected: ${errorMessage(e)}`);
      return false;
    }
  });

  const openFragment = () => {
    const hash = location.hash;
    if (!holdsInvitation(hash)) return;
    // The code is taken once: a reload does not answer it again, and no game link reads it.
    history.replaceState(null, '', base());
    const code = codeIn(hash) ?? '';
    if (code.startsWith('o')) void dialog.answer(code);
    else if (session.waitingForAnswer) void takeAnswer(code);
    else {
      void passAnswer(code).then((taken) => {
        if (taken) app.say("Your friend's answer went to the page that made the invitation; this page may be closed.");
        else {
          dialog.show();
          dialog.say('No page of this browser is waiting for this answer: paste it into the page that made the invitation.');
        }
      });
    }
  };
  const takeAnswer = async (code: string) => {
    try {
      await session.connect(code);
    } catch (e) {
      dialog.show();
      dialog.say(`Not connected: ${errorMessage(e)}`);
    }
  };
  openFragment();
  // A link opened in this page when it is open already.
  window.addEventListener('hashchange', openFragment);
  return session;
}
