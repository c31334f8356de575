// The Rules view of a variant, for the app and <bigboard-game>: its rules
// in words from its definition (`how_to_play`), its notes, and each kind
// with its plain description and a diagram of its moves (made when opened).
import { pieceBrowser } from './browser';
import { renderRulesText } from './rules-text';
import type { Diagram, PieceInfo, VariantInfo } from '../engine/types';

/** Fills `el` with the variant's rules text and notes (a line saying there is none when the definition has none). */
export function renderRules(el: HTMLElement, v: VariantInfo): void {
  const text = document.createElement('div');
  text.className = 'rules-text';
  const rules = v.how_to_play ?? '';
  if (rules.trim() !== '') renderRulesText(text, rules);
  else text.textContent = `The definition of ${v.name} has no rules text; its kinds and their moves follow.`;
  const parts: HTMLElement[] = [text];
  if (v.notes !== '') {
    const notes = document.createElement('p');
    notes.className = 'rules-notes';
    notes.textContent = v.notes;
    parts.push(notes);
  }
  el.replaceChildren(...parts);
}

/** A folded `<details>` "Rules": the rules in words, then the kinds (searchable, made when opened). */
export function rulesView(v: VariantInfo, pieces: readonly PieceInfo[], diagram: (kind: number) => Diagram | null): HTMLDetailsElement {
  const box = document.createElement('details');
  box.className = 'rules-box';
  const summary = document.createElement('summary');
  summary.textContent = `Rules of ${v.name}`;
  const body = document.createElement('div');
  body.className = 'rules';
  // It scrolls: keys reach it, and readers name it.
  body.tabIndex = 0;
  body.setAttribute('role', 'region');
  body.setAttribute('aria-label', `Rules of ${v.name}`);
  renderRules(body, v);
  // Inside the Rules view the kinds wait until asked for, whatever their number.
  const kinds = pieceBrowser('The kinds and their moves', pieces, diagram, false);
  box.append(summary, body, kinds);
  return box;
}
