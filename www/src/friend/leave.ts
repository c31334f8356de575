// The question asked before "Play a friend" leaves a live game with a
// friend: a new invitation starts another game, so the one being played
// would lose its link. A dialog of the page's own (as the invitation
// dialog is), whose safe answer, staying, has the focus and is what Escape
// gives.

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

export class LeaveQuestion {
  readonly dialog: HTMLDialogElement;
  private readonly stay: HTMLButtonElement;
  private answer: ((leave: boolean) => void) | null = null;
  private leaving = false;

  constructor() {
    this.stay = el('button', { type: 'button', id: 'friend-leave-stay', textContent: 'Keep playing' });
    const leave = el('button', { type: 'button', id: 'friend-leave-go', textContent: 'Leave and make an invitation' });
    this.dialog = el(
      'dialog',
      { id: 'friend-leave-dialog', className: 'friend-dialog' },
      el('h2', { id: 'friend-leave-title', textContent: 'Leave the game with your friend?' }),
      el('p', {
        id: 'friend-leave-text',
        textContent:
          'You are playing a game with your friend, connected. A new invitation starts another game: the link to your friend closes, and the game you are playing stays here (in Saved games) as an ordinary game.',
      }),
      el('div', { className: 'buttons' }, this.stay, leave),
    );
    this.dialog.setAttribute('aria-labelledby', 'friend-leave-title');
    this.dialog.setAttribute('aria-describedby', 'friend-leave-text');
    document.body.append(this.dialog);
    this.stay.addEventListener('click', () => this.dialog.close());
    leave.addEventListener('click', () => {
      this.leaving = true;
      this.dialog.close();
    });
    // Escape, the stay button and the leave button all close the dialog: the answer is given once it closes.
    this.dialog.addEventListener('close', () => {
      const f = this.answer;
      this.answer = null;
      f?.(this.leaving);
    });
  }

  /** Asks; resolves to true when the player chose to leave the game. */
  ask(): Promise<boolean> {
    if (this.answer !== null) return Promise.resolve(false);
    this.leaving = false;
    return new Promise((resolve) => {
      this.answer = resolve;
      this.dialog.showModal();
      this.stay.focus();
    });
  }
}
