// The move chooser: when several moves of one man reach the same square
// with different effects (a Lion's igui and its step, a Frog's paths, a
// shot and a capture by landing, rebirth squares), the engine lists them
// and the player picks one by what it takes. Uses the promotion dialog.
import type { MoveChoice } from '../engine/types';
import { awaitChoice } from './promotion';

/** What a choice does, in words: "d4f6^e5: takes e5, f6". */
export function choiceLabel(c: MoveChoice, name: (sq: number) => string): string {
  const taken = c.captures.length === 0 ? 'takes nothing' : `takes ${c.captures.map(name).join(', ')}`;
  return `${c.text}: ${taken}`;
}

/** Asks which of `choices` to play; resolves to its move text, or null when called off. */
export function askMoveChoice(
  dialog: HTMLDialogElement,
  choices: readonly MoveChoice[],
  name: (sq: number) => string,
): Promise<string | null> {
  const list = dialog.querySelector<HTMLElement>('.promotion-list');
  const heading = dialog.querySelector<HTMLElement>('h2');
  if (list === null) return Promise.resolve(null);
  const title = heading?.textContent ?? '';
  if (heading !== null) heading.textContent = 'Which move?';
  list.replaceChildren();
  for (const c of choices) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'promotion-choice';
    b.dataset['move'] = c.text;
    b.textContent = choiceLabel(c, name);
    list.append(b);
  }
  return awaitChoice(dialog, list, 'move').then((answer) => {
    if (heading !== null) heading.textContent = title;
    return answer;
  });
}
