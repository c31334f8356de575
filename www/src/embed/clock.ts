// The clocks of <bigboard-game> (its clock attribute): both sides' times in
// a row of their own, run by a GameClock that starts with the first move
// played, so a board nobody has touched yet loses no time.
import type { App } from '../game/app';
import type { TimeControl } from '../clock/clock';
import { GameClock } from '../clock/game-clock';

function face(className: string): HTMLElement {
  const e = document.createElement('span');
  e.className = `clock ${className}`;
  return e;
}

/** The clocks' row to put in the element, and the clock (to restart with a new game, and to dispose of). */
export function embedClock(app: App, tc: TimeControl): { box: HTMLElement; clock: GameClock } {
  const box = document.createElement('div');
  box.className = 'clocks';
  box.setAttribute('role', 'timer');
  box.setAttribute('aria-live', 'off');
  const faces = [face('clock-white'), face('clock-black')] as const;
  box.append(...faces);
  const clock = new GameClock(app, { initial: null, box, faces, waitForMove: true });
  clock.start(tc);
  return { box, clock };
}
