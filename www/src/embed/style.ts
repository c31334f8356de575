// The styles of <bigboard-game>, inside its shadow root: the host page's
// styles do not reach in, and these do not leak out.

const CSS = `
:host { all: initial; display: block; contain: content; font: 15px/1.4 system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #ece7dc; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.frame { display: flex; flex-direction: column; gap: 6px; background: #2b2824; border-radius: 6px; padding: 6px; }
.board-row { display: flex; align-items: flex-start; gap: 6px; }
.board-wrap { position: relative; flex: 1 1 auto; width: 100%; min-width: 0; max-height: 90vh; min-height: 120px; overflow: auto; }
.eval-bar { position: relative; flex: 0 0 14px; align-self: stretch; background: #333; border: 1px solid #5d574f; border-radius: 3px; overflow: hidden; }
.eval-fill { position: absolute; left: 0; right: 0; bottom: 0; height: 50%; background: #f4f4f4; transition: height 0.3s; }
.eval-bar.flipped .eval-fill { top: 0; bottom: auto; }
.analysis-text { margin: 0; color: #b3aa99; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.85em; overflow-wrap: anywhere; }
.toggle { display: inline-flex; align-items: center; gap: 4px; cursor: pointer; }
.clocks { display: flex; gap: 6px; }
.clock { flex: 1; padding: 2px 8px; border: 1px solid #5d574f; border-radius: 6px; font-variant-numeric: tabular-nums; }
.clock.running { border-color: #8fb339; box-shadow: inset 0 0 0 1px #8fb339; }
.clock.flagged { color: #ff8a80; border-color: #ff8a80; }
canvas.board { display: block; position: absolute; left: 0; top: 0; touch-action: none; user-select: none; -webkit-user-select: none; cursor: pointer; border-radius: 3px; }
canvas.board.scrolls { touch-action: pan-x pan-y; }
/* Zoom buttons, in a bar below the board's box (never over a square); a finger's size. */
.board-frame { display: flex; flex-direction: column; flex: 1 1 auto; min-width: 0; min-height: 0; }
.zoom { align-self: flex-end; display: flex; gap: 6px; padding-top: 4px; }
.zoom[hidden] { display: none; }
.zoom button { min-width: 44px; min-height: 44px; font-size: 1.4rem; line-height: 1; background: rgba(40, 36, 32, 0.88); color: #ece7dc; border: 1px solid #8a8175; border-radius: 8px; }
.piece-tip { position: absolute; background: #000d; color: #fff; padding: 4px 8px; border-radius: 6px; pointer-events: none; white-space: pre-line; overflow-wrap: anywhere; width: max-content; max-width: min(34rem, calc(100% - 8px)); box-sizing: border-box; }
/* The tip's notation string: one line, cut short, unfolded when the pointer rests longer (board.ts). */
.tip-notation { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.85em; opacity: 0.85; }
.tip-notation.open { white-space: normal; overflow-wrap: anywhere; }
.bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px; }
/* One line of fixed basis: a longer text (the AI thinking) never wraps the buttons beside it. */
.turn { font-weight: 600; flex: 1 1 0; min-width: 10em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.turn.over { color: #ffe6a6; }
.turn.view { white-space: normal; }
.message { margin: 0; color: #ff8a80; font-size: 0.9em; overflow-wrap: anywhere; }
.message:empty { display: none; }
.message.notice { color: #b3aa99; }
.loading { margin: 0; padding: 8px 0; font-size: 0.95em; }
.buttons { display: flex; flex-wrap: wrap; gap: 6px; }
button { font: inherit; color: #ece7dc; background: #45403a; border: 1px solid #5d574f; border-radius: 6px; padding: 3px 10px; cursor: pointer; }
button:hover:not(:disabled) { background: #544e46; }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible { outline: 2px solid #8fb339; outline-offset: 1px; }
.move-form { display: flex; gap: 6px; }
.move-input { font: inherit; width: 9em; color: inherit; background: #1f1c19; border: 1px solid #5d574f; border-radius: 6px; padding: 3px 6px; }
.move-input:focus-visible, canvas.board:focus-visible { outline: 2px solid #8fb339; outline-offset: 1px; }
.hint-note { color: #c7e38c; font-size: 0.9em; }
.hint-note:empty { display: none; }
.question { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.problems { background: #3a1f1c; border: 1px solid #ff8a80; border-radius: 6px; padding: 8px 10px; }
.problems h2 { font-size: 1em; margin: 0 0 6px; }
.problems ul { margin: 0; padding-left: 1.2em; }
.problems li { margin: 2px 0; overflow-wrap: anywhere; }
.problems code, .piece-moves { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
.problems code { color: #ffd68a; }
details > summary { cursor: pointer; font-weight: 600; padding: 2px 0; }
.pieces { display: flex; flex-direction: column; gap: 8px; margin-top: 6px; }
/* A long legend and the kinds of the Rules view scroll in a bounded box. */
.pieces-box .pieces { max-height: 28rem; overflow-y: auto; }
.piece-search { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 4px; }
.piece-search input, .piece-search select { font: inherit; color: inherit; background: #1f1c19; border: 1px solid #5d574f; border-radius: 6px; padding: 2px 6px; min-width: 0; }
.piece-search input { flex: 1 1 8em; }
.piece-count { font-size: 0.85em; color: #b3aa99; }
.rules-box .rules { max-height: 24rem; overflow-y: auto; font-size: 0.92em; line-height: 1.4; }
.rules p { margin: 6px 0; }
.rules ul { margin: 6px 0; padding-left: 1.2em; }
.rules-notes { color: #b3aa99; }
.piece-card { background: #35312c; border-radius: 6px; padding: 8px; }
.piece-card header { display: flex; align-items: center; gap: 8px; }
.piece-name { margin: 0; font-size: 1em; }
.piece-code { color: #b3aa99; font-weight: 600; }
.piece-body { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 6px; align-items: flex-start; }
.piece-body > div { flex: 1 1 8rem; }
.piece-moves { color: #c7e38c; overflow-wrap: anywhere; }
.piece-desc, .piece-royal { font-size: 0.9em; margin: 4px 0 0; }
.piece-royal { color: #b3aa99; }
.promotion { background: #2b2824; color: #ece7dc; border: 1px solid #5d574f; border-radius: 10px; padding: 14px; max-width: min(36rem, 94vw); }
.promotion::backdrop { background: rgba(0, 0, 0, 0.55); }
.promotion h2 { font-size: 1em; margin: 0 0 8px; }
.promotion-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 8px; margin-bottom: 10px; }
.promotion-choice { display: flex; align-items: center; gap: 8px; text-align: left; min-height: 3.3rem; }
/* A side's reserve queue in the promotion dialog: one column, scrolling, tokens of 44 px. */
.promotion-list.queue-list { display: flex; flex-direction: column; }
.queue-box { max-height: 60vh; overflow-y: auto; }
.queue-box h3 { font-size: 1rem; margin: 8px 0 4px; }
.queue { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.queue-man { display: flex; align-items: center; gap: 8px; }
.queue-man canvas { flex: none; }
.queue-man.marked { font-weight: 600; outline: 3px solid #1a7f37; outline-offset: -1px; border-radius: 4px; }
.queue-credits { margin: 0 0 6px; }
`;

let sheet: CSSStyleSheet | null = null;

/**
 * One constructed style sheet shared by every element on the page: it is
 * not an inline <style>, so a Content-Security-Policy without
 * 'unsafe-inline' styles allows it too.
 */
export function embedStyleSheet(): CSSStyleSheet {
  if (sheet === null) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}
