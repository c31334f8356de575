// An embedded board's author-defined variant: its TOML text, from a
// <script type="text/x-bigboard-variant"> element on the page or a
// same-origin .toml file, or a definition link (#definition=..., the
// piece editor's "Copy definition link"), and its problems shown as a
// readable list.
import { errorMessage, type DefinitionProblem } from '../engine/engine';
import { MAX_LINK_DATA, holdsDefinition, readDefinitionLink } from '../editor/link';

export const DEFINITION_SCRIPT_TYPE = 'text/x-bigboard-variant';

/**
 * The longest `definition` attribute read at all: a definition link of the
 * largest definition, with room for the address before its fragment.
 */
export const MAX_DEFINITION_REF = MAX_LINK_DATA + 4096;

/** `ref` as a page may show it: its beginning when it is long. */
export function shortRef(ref: string): string {
  return ref.length > 60 ? `${ref.slice(0, 60)}…` : ref;
}

/**
 * The TOML text named by `ref`: a definition link (or its fragment), which
 * holds the text itself; a URL ending in .toml (same origin only);
 * otherwise the id of a definition script element in `root`. Throws an
 * Error saying what is wrong.
 */
export async function loadDefinition(ref: string, root: Document | ShadowRoot): Promise<string> {
  if (ref.length > MAX_DEFINITION_REF) {
    throw new Error(`the definition attribute is ${ref.length.toLocaleString('en')} characters long, more than the ${MAX_DEFINITION_REF.toLocaleString('en')} the longest definition link takes`);
  }
  if (holdsDefinition(ref)) return (await readDefinitionLink(ref)) ?? '';
  if (/\.toml([?#].*)?$/i.test(ref)) {
    const url = new URL(ref, document.baseURI);
    if (url.origin !== location.origin) throw new Error(`the definition ${shortRef(url.href)} is not on this page's site`);
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin' });
    } catch (e) {
      throw new Error(`the definition ${shortRef(url.href)} could not be fetched: ${errorMessage(e)}`);
    }
    if (!response.ok) throw new Error(`the definition ${shortRef(url.href)} could not be fetched (HTTP ${response.status})`);
    return response.text();
  }
  const el = root.getElementById(ref);
  if (!(el instanceof HTMLScriptElement) || el.type !== DEFINITION_SCRIPT_TYPE) {
    throw new Error(`the page has no <script type="${DEFINITION_SCRIPT_TYPE}" id="${shortRef(ref)}">`);
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
