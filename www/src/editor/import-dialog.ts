// The "Import a variant" dialog of the app's Pieces panel: a pasted
// Fairy-Stockfish variants.ini section or Interactive Diagram block,
// converted by the engine's importers to definitions to play, edit or copy;
// what does not convert is listed with its section or line, key and reason
// (docs/importing.md). The dialog knows neither format: the engine tells
// them apart.
import { errorMessage } from '../engine/engine';
import { importVariants, type ImportModuleSource, type ImportedVariant } from '../engine/importer';
import type { EditorGame } from './dialog';
import { button, el } from './dom';
import { editorStyleSheet } from './style';

const FORMAT_NAME = { fsf: 'a Fairy-Stockfish variants.ini text', diagram: 'an Interactive Diagram block' } as const;

function buildDialog(app: EditorGame, source: ImportModuleSource): HTMLDialogElement {
  const dialog = el('dialog', 'piece-editor import-dialog');
  dialog.setAttribute('aria-labelledby', 'import-title');
  const head = el('div', 'pe-head');
  const title = el('h2', '', 'Import a variant');
  title.id = 'import-title';
  const close = button('Close', 'pe-close');
  close.addEventListener('click', () => dialog.close());
  head.append(title, close);

  const help = el(
    'p',
    'pe-help',
    'Paste a Fairy-Stockfish variants.ini section (its [name] or [name:parent] line and the keys below it; several sections are fine) ' +
      "or an Interactive Diagram's settings block as it stands in a page's source (files=, ranks=, ... and a line a piece, name:ID:XBetza:image:squares). " +
      'What bigboard cannot express is listed with the reason, never dropped.',
  );
  const pasted = el('textarea', 'pe-definition import-text');
  pasted.rows = 8;
  pasted.spellcheck = false;
  pasted.placeholder = '[minixiangqi:xiangqi]\nmaxRank = 7\n...\n\nor\n\nfiles=8\nranks=8\nking:K::k:e1,e8\n...';
  pasted.setAttribute('aria-label', 'Variant to import');
  const convert = button('Convert', 'import-convert');
  const message = el('p', 'pe-message');
  message.setAttribute('role', 'status');
  const say = (text: string, kind: '' | 'ok' | 'error' = '') => {
    message.textContent = text;
    message.className = `pe-message${kind === '' ? '' : ` ${kind}`}`;
  };
  const top = el('div', 'pe-row');
  top.append(convert);

  const result = el('section', 'pe-share import-result');
  result.hidden = true;
  const chooserLabel = el('label', '', 'Variant ');
  const chooser = el('select', 'import-choice');
  chooserLabel.append(chooser);
  const definition = el('textarea', 'pe-definition import-definition');
  definition.rows = 10;
  definition.spellcheck = false;
  definition.setAttribute('aria-label', 'Converted definition (TOML)');
  const play = button('Play this variant', 'import-play');
  const copy = button('Copy definition', 'import-copy');
  const actions = el('div', 'pe-row');
  actions.append(chooserLabel, play, copy);
  const refusedHead = el('h3');
  const refusals = el('ul', 'import-refusals');
  result.append(actions, definition, refusedHead, refusals);
  dialog.append(head, help, pasted, top, message, result);

  let variants: readonly ImportedVariant[] = [];
  const show = (i: number) => {
    definition.value = variants[i]?.toml ?? '';
  };
  chooser.addEventListener('change', () => show(chooser.selectedIndex));

  convert.addEventListener('click', async () => {
    if (pasted.value.trim() === '') {
      say('Paste a variants.ini section or a Diagram block first.', 'error');
      return;
    }
    convert.disabled = true;
    say('Converting...');
    try {
      const got = await importVariants(pasted.value, source);
      variants = got.variants;
      chooser.replaceChildren(...variants.map((v) => el('option', '', v.id)));
      chooserLabel.hidden = variants.length < 2;
      play.disabled = copy.disabled = variants.length === 0;
      definition.hidden = variants.length === 0;
      show(0);
      refusals.replaceChildren(...got.refusals.map((r) => el('li', '', r)));
      refusedHead.textContent = got.refusals.length === 0 ? '' : `Not converted (${got.refusals.length})`;
      refusedHead.hidden = got.refusals.length === 0;
      result.hidden = false;
      const n = variants.length;
      say(
        `Read as ${FORMAT_NAME[got.format]}: ${n} variant${n === 1 ? '' : 's'} converted` +
          (got.refusals.length > 0 ? `, ${got.refusals.length} not (listed below).` : '.'),
        n > 0 ? 'ok' : 'error',
      );
    } catch (e) {
      result.hidden = true;
      say(`Not converted: ${errorMessage(e)}`, 'error');
    } finally {
      convert.disabled = false;
    }
  });
  play.addEventListener('click', async () => {
    try {
      await app.openDefinition(definition.value);
      dialog.close();
    } catch (e) {
      say(`Not played, the game is unchanged: ${errorMessage(e)}`, 'error');
    }
  });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(definition.value);
      say('The definition is on the clipboard.', 'ok');
    } catch {
      definition.select();
      say('The browser would not copy: the definition is selected, copy it from the box.');
    }
  });
  return dialog;
}

/** Binds the Pieces panel's "Import a variant" button. */
export function bindImport(app: EditorGame, opener: HTMLElement | null, source: ImportModuleSource): void {
  let dialog: HTMLDialogElement | null = null;
  opener?.addEventListener('click', () => {
    if (dialog === null) {
      if (!document.adoptedStyleSheets.includes(editorStyleSheet())) {
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, editorStyleSheet()];
      }
      dialog = buildDialog(app, source);
      document.body.append(dialog);
    }
    dialog.showModal();
  });
}
