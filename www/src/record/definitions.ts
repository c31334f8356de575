// The definitions of the saved games' own variants (pasted in the piece
// editor, imported, opened from a definition link: neither built-in nor in
// the gallery), kept in localStorage under a key of their own, each text
// once, named by a hash of it: twenty games of one imported variant keep
// one copy of its tens of KB, and a saved game refers to it by that name.
//
// A key apart from the list's, because a page of an older build rewrites
// the list with the fields it knows and would drop a map kept inside it;
// it never touches this key (docs/page-safety.md).

export const DEFINITIONS_KEY = 'bigboard.definitions';
const VERSION = 1;

/**
 * A short name for `text`: a 53-bit hash of its UTF-16 units in base 36,
 * after a "d". Two texts may share one; `DefinitionStore.keyOf` tells them
 * apart, so a name is never trusted without its text.
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `d${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The definition texts by name: those read from the store, and those the page adds. */
export class DefinitionStore {
  private readonly byKey = new Map<string, string>();
  private readonly byText = new Map<string, string>();

  /** The store in `text` (empty when null), or why it is not one this page reads. */
  static decode(text: string | null): DefinitionStore | string {
    const store = new DefinitionStore();
    if (text === null) return store;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return 'it is not JSON';
    }
    if (!isRecord(data) || !isRecord(data['definitions'])) return 'it is not a list of definitions';
    if (data['version'] !== VERSION) return `it is of version ${JSON.stringify(data['version'])}, perhaps from a newer version of the page; this one reads version ${VERSION}`;
    for (const [key, value] of Object.entries(data['definitions'])) {
      // One that is not text is left out: the games naming it are shown as unreadable.
      if (typeof value === 'string') store.add(key, value);
    }
    return store;
  }

  private add(key: string, text: string): void {
    this.byKey.set(key, text);
    if (!this.byText.has(text)) this.byText.set(text, key);
  }

  /** The text named `key`, or null. */
  textOf(key: string): string | null {
    return this.byKey.get(key) ?? null;
  }

  /** The name of `text`, added under its hash (with a suffix when another text has that hash) if new. */
  keyOf(text: string): string {
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const hash = textHash(text);
    let key = hash;
    for (let n = 2; this.byKey.has(key); n++) key = `${hash}-${n}`;
    this.add(key, text);
    return key;
  }

  /** The store as text, holding the definitions named in `keys` (those it has) and no other. */
  encode(keys: Iterable<string>): string {
    const definitions: Record<string, string> = {};
    for (const key of [...new Set(keys)].sort()) {
      const text = this.byKey.get(key);
      if (text !== undefined) definitions[key] = text;
    }
    return JSON.stringify({ version: VERSION, definitions });
  }
}
