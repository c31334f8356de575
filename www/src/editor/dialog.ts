// The "Piece editor" dialog of the app: the piece editor, and below it a
// whole variant definition (the author variant in play, or one pasted) to
// play or to share as a link. Also opens the definition of a link the page
// is loaded with (#definition=...).
import { compileDefinition, errorMessage } from '../engine/engine';
import type { VariantInfo } from '../engine/types';
import { button } from './dom';
import { definitionFragment, holdsDefinition, readDefinitionLink } from './link';
import { pieceEditor } from './panel';
import { editorStyleSheet } from './style';

/** What the dialog needs of the game: the variant in play, and a game of a definition. */
export interface EditorGame {
  readonly variant: VariantInfo;
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  readonly definitionText: string | null;
  /** A new game of the author definition `text`; throws with its problems, leaving the game unchanged. */
  openDefinition(text: string): Promise<void>;
  /** Shows `text` in the status line. */
  say(text: string): void;
  /** Calls `f` after every change of the game. */
  onChange(f: () => void): void;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The problems of a definition in one line, or '' for none. */
async function problemsOf(text: string): Promise<string> {
  const problems = await compileDefinition(text);
  return problems.map((p) => (p.at === '' ? p.message : `${p.at}: ${p.message}`)).join('; ');
}

/** Builds the dialog (once, on first opening). */
function buildDialog(app: EditorGame): { dialog: HTMLDialogElement; fill(): void } {
  const dialog = document.createElement('dialog');
  dialog.className = 'piece-editor';
  dialog.setAttribute('aria-labelledby', 'pe-title');
  const head = document.createElement('div');
  head.className = 'pe-head';
  const title = document.createElement('h2');
  title.id = 'pe-title';
  title.textContent = 'Piece editor';
  const close = button('Close', 'pe-close');
  close.addEventListener('click', () => dialog.close());
  head.append(title, close);
  const editor = pieceEditor();

  const share = document.createElement('section');
  share.className = 'pe-share';
  const h = document.createElement('h3');
  h.textContent = 'A whole definition';
  const note = document.createElement('p');
  note.className = 'pe-help';
  note.textContent = 'The definition (board, setup, pieces; see DEFINITIONS.md) to play here or share as a link: put the string above in a piece\'s moves. The link holds the whole text, so it needs no server; it also goes in a <bigboard-game> element\'s definition attribute.';
  const area = document.createElement('textarea');
  area.className = 'pe-definition';
  area.rows = 8;
  area.spellcheck = false;
  area.setAttribute('aria-label', 'Variant definition (TOML)');
  const copyLink = button('Copy definition link', 'pe-copy-link');
  const play = button('Play this definition', 'pe-play');
  const linkOut = document.createElement('input');
  linkOut.className = 'pe-link';
  linkOut.readOnly = true;
  linkOut.hidden = true;
  linkOut.setAttribute('aria-label', 'Definition link');
  const row = document.createElement('div');
  row.className = 'pe-row';
  row.append(copyLink, play);
  const message = document.createElement('p');
  message.className = 'pe-message';
  message.setAttribute('role', 'status');
  const say = (text: string, kind: '' | 'ok' | 'error' = '') => {
    message.textContent = text;
    message.className = `pe-message${kind === '' ? '' : ` ${kind}`}`;
  };
  share.append(h, note, area, row, linkOut, message);
  dialog.append(head, editor.element, share);

  copyLink.addEventListener('click', async () => {
    const text = area.value;
    if (text.trim() === '') {
      say('Paste or write a definition first.', 'error');
      return;
    }
    const problems = await problemsOf(text);
    if (problems !== '') {
      say(`No link: the definition has problems: ${problems}`, 'error');
      return;
    }
    const link = `${location.href.replace(/#.*$/, '')}${await definitionFragment(text)}`;
    linkOut.value = link;
    linkOut.hidden = false;
    const ok = await copy(link);
    say(ok ? `The definition link (${link.length} characters) is on the clipboard.` : 'The browser would not copy: copy the link below.', ok ? 'ok' : '');
    if (!ok) linkOut.select();
  });
  play.addEventListener('click', async () => {
    try {
      await app.openDefinition(area.value);
      say(`Playing ${app.variant.name}.`, 'ok');
      dialog.close();
    } catch (e) {
      say(`Not played, the game is unchanged: ${errorMessage(e)}`, 'error');
    }
  });
  // The text last put in the box from the game: replaced by the next
  // game's while the author has not changed it.
  let filled = '';
  return {
    dialog,
    fill: () => {
      const text = app.definitionText;
      if (text !== null && (area.value.trim() === '' || area.value === filled)) {
        area.value = text;
        filled = text;
      }
      if (area.value.trim() === '') area.placeholder = 'A built-in variant has no definition text here: paste one, or choose a Gallery variant first.';
    },
  };
}

/** Binds the page's "Piece editor" button, and opens the definition of a link the page is (or comes to be) loaded with. */
export function bindEditor(app: EditorGame, opener: HTMLElement | null): void {
  let built: ReturnType<typeof buildDialog> | null = null;
  const open = () => {
    if (built === null) {
      if (!document.adoptedStyleSheets.includes(editorStyleSheet())) {
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, editorStyleSheet()];
      }
      built = buildDialog(app);
      document.body.append(built.dialog);
    }
    built.fill();
    built.dialog.showModal();
  };
  opener?.addEventListener('click', open);

  // The address keeps its fragment (to share or keep as a bookmark) while
  // the link's definition is played. Its game is saved as it is played:
  // when the page is loaded again with the link, the game restored is that
  // definition's and goes on, rather than a new one starting (New game
  // starts one). Once another variant is played the fragment goes, so a
  // reload goes on with that one.
  let linked: string | null = null;
  app.onChange(() => {
    if (linked === null || app.definitionText === linked) return;
    linked = null;
    if (holdsDefinition(location.hash)) history.replaceState(null, '', location.href.replace(/#.*$/, ''));
  });
  const openLinked = async () => {
    if (!holdsDefinition(location.hash)) return;
    linked = null;
    try {
      const text = await readDefinitionLink(location.hash);
      if (text === null) return;
      if (text === app.definitionText) {
        app.say(`The game of the link's definition, ${app.variant.name}, goes on; New game starts one afresh.`);
        linked = text;
        return;
      }
      await app.openDefinition(text);
      linked = text;
    } catch (e) {
      // The link's own errors name it already ("the definition link is damaged ..."): said as a sentence.
      const why = errorMessage(e);
      app.say(why.startsWith('the definition link ') ? `T${why.slice(1)}.` : `The definition link could not be opened: ${why}`);
    }
  };
  window.addEventListener('hashchange', () => void openLinked());
  void openLinked();
}
