// The Saved games box: every game kept on this browser (of the variant
// played, or of all), each with its name, date, players, result and move
// count, to resume, rename, export or delete (a deletion can be undone);
// a game of the player's own variant is listed with its variant's name.
// A game this page cannot read is listed first, as unreadable, with its
// text to copy and a Delete button: it goes only when the player says so.
import { errorMessage } from '../engine/engine';
import type { App } from '../game/app';
import { DEFINITIONS, WHOLE_LIST, type Entry, type Unreadable } from '../record/library';
import type { Notation } from '../record/record';
import type { Mode } from '../engine/types';

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no #${id}`);
  return e as T;
}

function button(text: string, action: string, label: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.dataset['action'] = action;
  b.setAttribute('aria-label', label);
  return b;
}

/** Who played: "Two players", "You (White) vs AI level 3" ... */
export function playersText(mode: Mode, level: number): string {
  switch (mode) {
    case 'hotseat':
      return 'Two players';
    case 'white-ai':
      return `You (White) vs AI level ${level}`;
    case 'black-ai':
      return `AI level ${level} vs you (Black)`;
    case 'ai-ai':
      return `AI vs AI, level ${level}`;
  }
}

/** "won by White", "drawn", "in progress" from a PGN result. */
export function resultWords(result: string): string {
  return result === '1-0' ? 'won by White' : result === '0-1' ? 'won by Black' : result === '1/2-1/2' ? 'drawn' : 'in progress';
}

function dateText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function bindGames(app: App, showRecord: (text: string, note: string) => void): void {
  const box = el<HTMLDetailsElement>('games-box');
  const list = el('games');
  const filter = el<HTMLSelectElement>('games-filter');
  const message = el('games-message');
  const library = app.keeper.library;
  if (library === null) {
    box.hidden = true;
    return;
  }
  let renaming = false;
  let deleted: Entry | null = null;
  let deletedUnreadable: Unreadable | null = null;
  const variantName = (e: Entry) => e.definition?.name ?? app.variantName(e.game.variant);
  const defaultName = (e: Entry) => `${variantName(e)}, ${dateText(e.created)}`;

  const say = (text: string, undo: boolean) => {
    message.replaceChildren(text);
    if (undo) message.append(' ', button('Undo', 'undo-delete', 'Undo: bring the deleted game back'));
  };

  const unreadableTitle = (u: Unreadable) => u.name || (u.key === WHOLE_LIST ? 'The saved games list' : 'A saved game');
  /** The whole list or the whole definitions store: not brought back once deleted. */
  const whole = (u: Unreadable) => u.key === WHOLE_LIST || u.key === DEFINITIONS;

  /** A game (or the whole list) this page cannot read: why, its text, Copy and Delete. */
  const unreadableRow = (u: Unreadable): HTMLLIElement => {
    const li = document.createElement('li');
    li.className = 'game unreadable';
    li.dataset['key'] = u.key;
    const title = unreadableTitle(u);
    const name = document.createElement('span');
    name.className = 'game-name';
    name.textContent = `${title} (unreadable)`;
    const meta = document.createElement('span');
    meta.className = 'game-meta';
    meta.textContent = `This version of the page cannot read it: ${u.why}. It is kept as it is; copy its text to keep it elsewhere.`;
    const text = document.createElement('textarea');
    text.className = 'game-text';
    text.readOnly = true;
    text.rows = 3;
    text.spellcheck = false;
    text.value = u.text;
    text.setAttribute('aria-label', `The text of ${title}`);
    const buttons = document.createElement('div');
    buttons.className = 'buttons';
    buttons.append(button('Copy', 'copy-text', `Copy the text of ${title}`), button('Delete', 'delete-unreadable', `Delete: ${title}`));
    li.append(name, meta, text, buttons);
    return li;
  };

  const row = (e: Entry): HTMLLIElement => {
    const li = document.createElement('li');
    li.className = 'game';
    li.dataset['id'] = e.id;
    const playing = e.id === app.keeper.currentId;
    li.classList.toggle('playing', playing);
    const name = document.createElement('span');
    name.className = 'game-name';
    name.textContent = e.name || defaultName(e);
    const meta = document.createElement('span');
    meta.className = 'game-meta';
    const moves = e.game.moves.length;
    meta.textContent = [
      filter.value === 'all' ? variantName(e) : null,
      dateText(e.updated),
      playersText(e.game.mode, e.game.level),
      resultWords(e.result),
      `${moves} move${moves === 1 ? '' : 's'}`,
    ]
      .filter((x) => x !== null)
      .join(' · ');
    const buttons = document.createElement('div');
    buttons.className = 'buttons';
    const title = e.name || defaultName(e);
    // Each button's name begins with its visible word, then says which game.
    const resume = button(playing ? 'Playing' : 'Resume', 'resume', `${playing ? 'Playing' : 'Resume'}: ${title}`);
    resume.disabled = playing;
    const remove = button('Delete', 'delete', `Delete: ${title}`);
    remove.disabled = playing;
    buttons.append(resume, button('Rename', 'rename', `Rename: ${title}`), button('Export', 'export', `Export: ${title}`), remove);
    li.append(name, meta, buttons);
    return li;
  };

  // While the box is open, each saved game is replayed once, one per
  // pause of the page, so one this version cannot replay is shown as
  // unreadable before the player tries to open it.
  const replayed = new Set<string>();
  let replaying: ReturnType<typeof setTimeout> | null = null;
  const replayNext = () => {
    replaying = null;
    if (!box.open) return;
    const next = library.list().find((e) => e.id !== app.keeper.currentId && !replayed.has(`${e.id} ${e.updated}`));
    if (next === undefined) return;
    replayed.add(`${next.id} ${next.updated}`);
    const why = app.replayProblem(next.id);
    if (why !== null) {
      library.markUnreadable(next.id, why);
      render();
    }
    replaying = setTimeout(replayNext, 0);
  };

  const render = () => {
    if (box.open && replaying === null) replaying = setTimeout(replayNext, 0);
    if (!box.open || renaming) return;
    const all = library.list();
    const shown = filter.value === 'all' ? all : all.filter((e) => app.isOfLiveVariant(e));
    // Unreadable ones are shown whatever the filter: their variant may be unknown too.
    list.replaceChildren(...library.unreadable().map(unreadableRow), ...shown.map(row));
    if (shown.length === 0) {
      const li = document.createElement('li');
      li.className = 'game-none';
      li.textContent = filter.value === 'all' ? 'No saved games.' : `No saved games of ${app.variant.name}.`;
      list.append(li);
    }
  };

  const startRename = (li: HTMLElement, e: Entry) => {
    const name = li.querySelector('.game-name');
    if (name === null) return;
    renaming = true;
    const input = document.createElement('input');
    input.type = 'text';
    input.className = 'game-rename';
    input.value = e.name || defaultName(e);
    input.maxLength = 100;
    input.setAttribute('aria-label', 'New name');
    name.replaceWith(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (keep: boolean) => {
      if (done) return;
      done = true;
      renaming = false;
      if (keep && input.value.trim() !== '') library.rename(e.id, input.value);
      render();
    };
    input.addEventListener('keydown', (k) => {
      if (k.key === 'Enter') finish(true);
      else if (k.key === 'Escape') finish(false);
      else return;
      k.preventDefault();
      k.stopPropagation();
    });
    input.addEventListener('blur', () => finish(true));
  };

  const unreadableAction = (b: HTMLButtonElement, li: HTMLElement) => {
    const u = library.unreadable().find((x) => x.key === li.dataset['key']);
    if (u === undefined) return;
    const title = unreadableTitle(u);
    if (b.dataset['action'] === 'copy-text') {
      const text = li.querySelector('textarea');
      void navigator.clipboard.writeText(u.text).then(
        () => say(`The text of ${title} is copied.`, false),
        () => {
          // No clipboard (a page opened from disk, no permission): selected, for the player to copy.
          text?.focus();
          text?.select();
          say('The browser did not let the page copy: the text is selected, copy it with Ctrl+C (⌘C).', false);
        },
      );
    } else if (b.dataset['action'] === 'delete-unreadable') {
      // The whole list cannot be brought back once deleted: asked first.
      if (whole(u) && !confirm(`Delete ${title.toLowerCase()}, which this page cannot read? It cannot be brought back.`)) return;
      const gone = library.removeUnreadable(u.key);
      deleted = null;
      deletedUnreadable = whole(u) ? null : gone;
      say(gone === null ? `${title} could not be deleted: ${library.problem ?? 'it is gone'}.` : `Deleted ${title}.`, deletedUnreadable !== null);
      render();
    }
  };

  list.addEventListener('click', (ev) => {
    const b = ev.target instanceof HTMLElement ? ev.target.closest('button') : null;
    const bad = b?.closest<HTMLElement>('li.unreadable');
    if (b !== null && b !== undefined && bad !== null && bad !== undefined) {
      unreadableAction(b, bad);
      return;
    }
    const li = b?.closest<HTMLElement>('li.game');
    const e = li?.dataset['id'] === undefined ? null : library.get(li.dataset['id']);
    if (b === null || b === undefined || li === null || li === undefined || e === null) return;
    switch (b.dataset['action']) {
      case 'resume':
        app.resume(e.id);
        say(`Resumed ${e.name || defaultName(e)}.`, false);
        break;
      case 'rename':
        startRename(li, e);
        break;
      case 'export': {
        const notation = (document.getElementById('notation') as HTMLSelectElement | null)?.value === 'coord' ? 'coord' : 'san';
        try {
          showRecord(app.exportSaved(e.id, notation as Notation), `${e.name || defaultName(e)}, as text.`);
        } catch (err) {
          // It does not replay: set aside as unreadable, its text shown as it is kept.
          library.markUnreadable(e.id, errorMessage(err));
          say(`${e.name || defaultName(e)} could not be read: ${errorMessage(err)}. It is kept as it is.`, false);
          render();
        }
        break;
      }
      case 'delete':
        deletedUnreadable = null;
        deleted = app.keeper.remove(e.id);
        say(`Deleted ${e.name || defaultName(e)}.`, deleted !== null);
        render();
        break;
    }
  });
  message.addEventListener('click', (ev) => {
    if (!(ev.target instanceof HTMLElement) || ev.target.dataset['action'] !== 'undo-delete') return;
    if (deletedUnreadable !== null) {
      library.restoreUnreadable(deletedUnreadable);
      say(`${unreadableTitle(deletedUnreadable)} is back.`, false);
      deletedUnreadable = null;
      render();
      return;
    }
    if (deleted === null) return;
    library.restore(deleted);
    say(`${deleted.name || defaultName(deleted)} is back.`, false);
    deleted = null;
    render();
  });
  filter.addEventListener('change', render);
  box.addEventListener('toggle', render);
  app.onChange(render);
}
