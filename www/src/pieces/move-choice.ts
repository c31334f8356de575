// The move chooser: when several moves of one man reach the same square
// with different effects (a Lion's igui and its step, a Frog's paths, a
// shot and a capture by landing, rebirth squares), the engine lists them
// and the player picks one by what it takes. Uses the promotion dialog.
import type { MoveChoice } from '../engine/types';
import { awaitChoice } from './promotion';

/** What a choice does, in words: "d4f6^e5: takes e5, f6", "d3d6>c8: takes nothing; d5 reborn on c8". */
export function choiceLabel(c: MoveChoice, name: (sq: number) => string): string {
  const taken = c.captures.length === 0 ? 'takes nothing' : `takes ${c.captures.map(name).join(', ')}`;
  const more = (c.effects ?? []).flatMap((e) => {
    const at = name(e.at);
    const to = e.to === null ? '' : name(e.to);
    switch (e.kind) {
      case 'taken':
        return [];
      case 'left':
        return [`${at} leaves the game`];
      case 'swapped':
        return [`swaps with ${at}`];
      case 'side':
        return [`${at} changes side`];
      case 'reborn':
        return [`${at} reborn on ${to}`];
      case 'unfrozen':
        return [`${at} freed`];
      default:
        return [`${at} ${e.kind}`];
    }
  });
  return more.length === 0 ? `${c.text}: ${taken}` : `${c.text}: ${taken}; ${more.join(', ')}`;
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
