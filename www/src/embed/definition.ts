// An embedded board's author-defined variant: its TOML text, from a
// <script type="text/x-bigboard-variant"> element on the page or a
// same-origin .toml file, or a definition link (#definition=..., the
// piece editor's "Copy definition link"), and its problems shown as a
// readable list.
import { errorMessage, type DefinitionProblem } from '../engine/engine';
import { holdsDefinition, readDefinitionLink } from '../editor/link';

export const DEFINITION_SCRIPT_TYPE = 'text/x-bigboard-variant';

/**
 * The TOML text named by `ref`: a definition link (or its fragment), which
 * holds the text itself; a URL ending in .toml (same origin only);
 * otherwise the id of a definition script element in `root`. Throws an
 * Error saying what is wrong.
 */
export async function loadDefinition(ref: string, root: Document | ShadowRoot): Promise<string> {
  if (holdsDefinition(ref)) return (await readDefinitionLink(ref)) ?? '';
  if (/\.toml([?#].*)?$/i.test(ref)) {
    const url = new URL(ref, document.baseURI);
    if (url.origin !== location.origin) throw new Error(`the definition ${url.href} is not on this page's site`);
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin' });
    } catch (e) {
      throw new Error(`the definition ${url.href} could not be fetched: ${errorMessage(e)}`);
    }
    if (!response.ok) throw new Error(`the definition ${url.href} could not be fetched (HTTP ${response.status})`);
    return response.text();
  }
  const el = root.getElementById(ref);
  if (!(el instanceof HTMLScriptElement) || el.type !== DEFINITION_SCRIPT_TYPE) {
    throw new Error(`the page has no <script type="${DEFINITION_SCRIPT_TYPE}" id="${ref}">`);
  }
  return el.textContent ?? '';
}

/** A list of problems with a heading, built from text nodes only. */
export function problemList(heading: string, problems: readonly DefinitionProblem[]): HTMLElement {
  const box = document.createElement('section');
  box.className = 'problems';
  box.setAttribute('role', 'alert');
  const h = document.createElement('h2');
  h.textContent = heading;
  const list = document.createElement('ul');
  for (const p of problems) {
    const item = document.createElement('li');
    if (p.at !== '') {
      const at = document.createElement('code');
      at.textContent = p.at;
      item.append(at, ': ');
    }
    item.append(p.message);
    list.append(item);
  }
  box.append(h, list);
  return box;
}
