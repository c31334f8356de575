// The engine's lines (the AI's, the hint's, the analysis's) come as
// coordinate texts; the page shows them as the move list does, in SAN
// (or in coordinates when the player chose them), each move written for the
// position it is played in.
import type { Rules } from '../engine/engine';
import type { Notation } from '../record/record';

/**
 * `line` (coordinate texts) played on `r` (which it changes: a copy made
 * for the purpose), written in `notation`. A move the position refuses
 * ends the line there: a line is never shown past what can be played.
 */
export function lineText(r: Rules, line: readonly string[], notation: Notation): string[] {
  const out: string[] = [];
  const before = r.history().san.length;
  for (const text of line) {
    try {
      r.play(text);
    } catch {
      break;
    }
    out.push(notation === 'coord' ? text : (r.history().san[before + out.length] ?? text));
  }
  return out;
}
