// The Export / import box: the game as PGN-like text (SAN or coordinates,
// with tags) to copy or download, another game pasted in and imported, a
// game link copied; and the game of a link opened when the page is loaded
// with one (or the fragment changes). The controller reads and judges
// every move.
import { errorMessage } from '../engine/engine';
import type { App } from '../game/app';
import { readFragment } from '../record/link';
import { pgnDate, type Notation } from '../record/record';

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no #${id}`);
  return e as T;
}

/**
 * Puts `text` on the clipboard; false when the browser refuses (no
 * clipboard API, as on a page opened from disk in some browsers, or no
 * permission), in which case `fallback` is selected for the user to copy.
 */
async function copy(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (fallback === null) return false;
    fallback.focus();
    fallback.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Offers `text` as a file to save. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Binds the box; returns what shows a text in it (a saved game exported from the list). */
export function bindRecord(app: App): { show(text: string, note: string): void } {
  const pgn = el<HTMLTextAreaElement>('pgn');
  const message = el('pgn-message');
  const notation = el<HTMLSelectElement>('notation');
  const say = (text: string, kind: '' | 'ok' | 'error' = '') => {
    message.textContent = text;
    message.className = `pgn-message${kind === '' ? '' : ` ${kind}`}`;
  };
  const exported = () => {
    pgn.value = app.exportText(notation.value as Notation);
    return pgn.value;
  };

  el('export').addEventListener('click', () => {
    exported();
    say('The game as text: copy it, or paste another game (SAN or coordinates) and press Import.');
  });
  el('copy-record').addEventListener('click', async () => {
    const ok = await copy(exported(), pgn);
    say(ok ? 'The game is on the clipboard.' : 'The browser would not copy: the text is selected, copy it with Ctrl+C.', ok ? 'ok' : 'error');
  });
  el('download-record').addEventListener('click', () => {
    const name = `${app.variant.id}-${pgnDate(new Date()).replaceAll('.', '-')}.pgn`;
    download(name, exported());
    say(`Saved as ${name}.`, 'ok');
  });
  el('import').addEventListener('click', () => {
    try {
      app.importText(pgn.value);
      say(`Imported: ${app.history.coord.length} moves.`, 'ok');
    } catch (e) {
      say(`Import failed, the game is unchanged: ${errorMessage(e)}`, 'error');
    }
  });
  el('copy-link').addEventListener('click', async () => {
    const link = `${location.href.replace(/#.*$/, '')}${app.linkFragment()}`;
    const ok = await copy(link, null);
    say(ok ? `The game link is on the clipboard: ${link}` : `Copy this game link: ${link}`, ok ? 'ok' : '');
  });

  // A link's game opens once; the address then loses its fragment, so a
  // reload goes on with the game as it is played from there.
  const openLinked = () => {
    const linked = readFragment(location.hash);
    if (linked === null) return;
    history.replaceState(null, '', location.href.replace(/#.*$/, ''));
    try {
      app.openLink(linked);
      say(`Opened the game of the link: ${app.history.coord.length} moves.`, 'ok');
    } catch (e) {
      app.say(`The game link could not be opened: ${errorMessage(e)}`);
    }
  };
  window.addEventListener('hashchange', openLinked);
  openLinked();
  return {
    show: (text, note) => {
      pgn.value = text;
      const box = pgn.closest('details');
      if (box !== null) box.open = true;
      say(note);
      pgn.scrollIntoView({ block: 'nearest' });
    },
  };
}
