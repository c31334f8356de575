// The piece editor's styles, a constructed style sheet the page adopts when
// the editor is first opened (allowed by a Content-Security-Policy without
// inline styles, as the embed's sheet is). Colours follow the piece
// panel's diagrams: moves blue, captures red, both green.

const CSS = `
.piece-editor { background: var(--panel, #2b2824); color: var(--text, #ece7dc); border: 1px solid #5d574f; border-radius: 10px; padding: 14px; max-width: min(60rem, 96vw); max-height: 94vh; overflow: auto; }
.piece-editor::backdrop { background: rgba(0, 0, 0, 0.55); }
.pe-head { display: flex; justify-content: space-between; align-items: center; gap: 10px; }
.pe-head h2 { margin: 0; font-size: 1.2rem; }
.pe-help { color: var(--muted, #b3aa99); font-size: 0.9rem; margin: 6px 0; }
.pe-tools, .pe-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; margin: 8px 0; }
.pe-kind { display: flex; gap: 10px; border: 1px solid #5d574f; border-radius: 6px; padding: 2px 8px 4px; margin: 0; }
.pe-kind legend { font-size: 0.8rem; color: var(--muted, #b3aa99); padding: 0 4px; }
.pe-boards { display: flex; flex-wrap: wrap; gap: 16px; }
.pe-boards figure { margin: 0; }
.pe-boards figcaption { font-size: 0.8rem; color: var(--muted, #b3aa99); margin-top: 4px; max-width: 22rem; }
.pe-grid { display: grid; grid-template-columns: repeat(15, 22px); grid-auto-rows: 22px; border: 1px solid #5d574f; width: max-content; }
.pe-cell { position: relative; display: flex; align-items: center; justify-content: center; width: 22px; height: 22px; padding: 0; margin: 0; border: 0; border-radius: 0; font: 15px/1 system-ui, sans-serif; cursor: pointer; color: #222; }
span.pe-cell { cursor: default; }
.pe-cell.light { background: #eed9b4; }
.pe-cell.dark { background: #b48762; }
.pe-cell.slide.light { background: #d9e6f5; }
.pe-cell.slide.dark { background: #9fb3cc; }
.pe-cell.piece { color: #1b1b1b; font-size: 16px; cursor: default; }
.pe-cell.both { color: rgb(20, 120, 40); }
.pe-cell.move { color: rgb(30, 90, 200); font-weight: 700; }
.pe-cell.capture { color: rgb(200, 30, 30); font-weight: 700; }
.pe-cell.initial::after { content: '1'; position: absolute; top: 0; right: 1px; font-size: 9px; font-weight: 700; color: #000; }
.pe-cell:focus-visible { outline: 2px solid var(--accent, #8fb339); outline-offset: -2px; z-index: 1; }
.pe-string { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; min-width: 18rem; }
.pe-kept { font-size: 0.85rem; color: #c7e38c; margin: 4px 0; min-height: 1em; }
.pe-message { min-height: 1.3em; margin: 4px 0; }
.pe-message.ok { color: var(--accent, #8fb339); }
.pe-message.error { color: var(--error, #ff8a80); }
.pe-share { border-top: 1px solid #5d574f; margin-top: 10px; padding-top: 6px; }
.pe-share h3 { margin: 4px 0; font-size: 1rem; }
.pe-definition { width: 100%; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.85rem; }
.pe-link { width: 100%; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.pe-extra { max-width: 30rem; }
.import-dialog { width: min(48rem, 96vw); }
.import-refusals { font-size: 0.85rem; color: var(--muted, #b3aa99); max-height: 12rem; overflow: auto; margin: 4px 0; padding-left: 1.2rem; }
.import-refusals li { margin: 2px 0; overflow-wrap: anywhere; }
`;

let sheet: CSSStyleSheet | null = null;

/** The editor's style sheet, made once. */
export function editorStyleSheet(): CSSStyleSheet {
  if (sheet === null) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}
