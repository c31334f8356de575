// The small element builders the editor's dialogs share.

/** A new `tag` element with a class and text, when given. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== '') e.className = className;
  if (text !== '') e.textContent = text;
  return e;
}

/** A plain button (type "button": it submits nothing). */
export function button(text: string, className: string): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  return b;
}
