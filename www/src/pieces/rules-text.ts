// A variant's rules in words (its definition's `how_to_play`, see
// src/variant/DEFINITIONS.md, "The rules in words"): paragraphs split by
// blank lines, lines starting with "- " as list items. Nothing else is
// read as markup: the text is shown as text.

export type RulesBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** The blocks of a rules text, in order; an empty text has none. */
export function rulesBlocks(text: string): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    let paragraph: string[] = [];
    let list: string[] | null = null;
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith('- ')) {
        flush();
        if (list === null) {
          list = [];
          blocks.push({ kind: 'list', items: list });
        }
        list.push(line.slice(2).trim());
      } else if (list !== null && paragraph.length === 0 && list.length > 0) {
        // A line under an item continues it.
        list[list.length - 1] += ` ${line}`;
      } else {
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** Fills `el` with the rules text's paragraphs and lists (as text, never as markup). */
export function renderRulesText(el: HTMLElement, text: string): void {
  el.replaceChildren(
    ...rulesBlocks(text).map((b) => {
      if (b.kind === 'paragraph') {
        const p = document.createElement('p');
        p.textContent = b.text;
        return p;
      }
      const ul = document.createElement('ul');
      for (const item of b.items) {
        const li = document.createElement('li');
        li.textContent = item;
        ul.append(li);
      }
      return ul;
    }),
  );
}
