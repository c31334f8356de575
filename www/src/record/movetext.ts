// Moves as written (typed, imported, in an attribute): coordinate text
// ("e4e5", "e15e16=W", "e2-e4") goes to the engine as it is; anything else
// is read as SAN by the engine, which finds the move in one pass over the
// legal moves (a 64 x 64 board can have 100,000 of them). Only types come
// from ./engine, so the unit tests run without the wasm module.
import type { Rules } from '../engine/engine';

/**
 * "e2-e4" and "e2xe4" become "e2e4"; a turn's drops stay ("e2e4+@c1+@f2",
 * "e1d1+{AK}@a2"); null when `text` is not coordinate notation.
 */
export function coordinateText(text: string): string | null {
  const m =
    /^([a-z]{1,2}\d{1,2})[-x]?([a-z]{1,2}\d{1,2})(=[A-Za-z+]+)?((?:\+(?:\{[A-Za-z]+\}|[A-Za-z]+)?@[a-z]{1,2}\d{1,2}){0,2})$/.exec(
      text.trim(),
    );
  if (m === null) return null;
  return `${m[1]}${m[2]}${m[3] ?? ''}${m[4] ?? ''}`;
}

/**
 * SAN without check marks, annotations and spaces, for comparing; a turn's
 * drops (`Kd2 R@a1 P@h2`) keep one space before each.
 */
export function sanKey(san: string): string {
  return san
    .replace(/[+#!?]/g, '')
    .trim()
    .split(/\s+(?=[A-Za-z]+@)/)
    .map((part) => part.replace(/\s/g, ''))
    .join(' ');
}

/**
 * The coordinate text of the move written `text` (coordinates or SAN) in
 * the position of `rules`; throws with the engine's reason when SAN names
 * no move or several. Coordinate text is returned unchecked (the engine
 * says what is wrong with it when played).
 */
export function moveCoordinates(rules: Pick<Rules, 'moveFromSan'>, text: string): string {
  const trimmed = text.trim();
  const plain = coordinateText(trimmed);
  if (plain !== null) return plain;
  try {
    return rules.moveFromSan(sanKey(trimmed));
  } catch (e) {
    // The engine's other coordinate forms (men taken on the way `d4e6^e5`,
    // a rebirth `c3e3>b1`, a shot `a1*a6`, a swap `d4<>d7`, with drops):
    // the engine reads them when played.
    if (/^[a-z]{1,2}\d{1,2}([-*^>+]|<>|[a-z]{1,2}\d)/.test(trimmed)) return trimmed;
    throw e;
  }
}

/** The coordinate text of the move typed as `text`, or an error message. */
export function resolveMoveText(rules: Pick<Rules, 'moveFromSan'>, text: string): { move: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Type a move, such as e2e4.' };
  try {
    return { move: moveCoordinates(rules, trimmed) };
  } catch (e) {
    return { error: `Move ${trimmed} refused: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Plays `moves` (each SAN or coordinates) in order on `rules`; throws
 * naming the first move that cannot be read or played, and why (the moves
 * before it stay played).
 */
export function playMoves(rules: Pick<Rules, 'moveFromSan'> & { play(text: string): unknown }, moves: readonly string[]): void {
  moves.forEach((text, i) => {
    try {
      rules.play(moveCoordinates(rules, text));
    } catch (e) {
      throw new Error(`move ${i + 1} (${text.slice(0, 40)}): ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
