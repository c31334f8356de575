// The analysis control of <bigboard-game>: a checkbox in the bar, an
// evaluation bar beside the board and a line for the principal variation,
// driven by the app's Analyzer (off at first; nothing is saved).
import type { AiClient, AiClientEvents } from '../ai/client';
import { Analyzer } from '../ai/analysis';
import type { App } from '../game/app';

export interface EmbedAnalysis {
  /** The "Analysis" checkbox with its label, for the bar. */
  toggle: HTMLLabelElement;
  /** The evaluation bar, to put beside the board. */
  bar: HTMLElement;
  /** The score, depth and principal variation, to put below the bar. */
  text: HTMLElement;
  analyzer: Analyzer;
}

export function embedAnalysis(app: App, createClient: (events: AiClientEvents) => AiClient): EmbedAnalysis {
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.className = 'control-analysis';
  const toggle = document.createElement('label');
  toggle.className = 'toggle';
  toggle.append(input, ' Analysis');
  const bar = document.createElement('div');
  bar.className = 'eval-bar';
  bar.setAttribute('role', 'meter');
  bar.setAttribute('aria-label', "Evaluation: White's share");
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', '100');
  const fill = document.createElement('div');
  fill.className = 'eval-fill';
  bar.append(fill);
  const text = document.createElement('p');
  text.className = 'analysis-text';
  text.setAttribute('role', 'status');
  const analyzer = new Analyzer(app, createClient, { toggle: input, bar, fill, text }, null);
  return { toggle, bar, text, analyzer };
}
