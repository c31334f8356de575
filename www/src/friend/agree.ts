// Two pages that reconnect compare their move lists before play goes on:
// the same lists, or one the beginning of the other (a turn sent as the
// link dropped, or played while it was down), agree; any other difference
// is a disagreement, shown and never settled by overwriting either game.

export type Agreement =
  /** `common` turns both have; the longer list's turns after them are sent by its page. */
  | { agree: true; common: number }
  /** The lists differ at turn index `at` (from 0). */
  | { agree: false; at: number; mine: string; theirs: string };

export function compareMoves(mine: readonly string[], theirs: readonly string[]): Agreement {
  let i = 0;
  while (i < mine.length && i < theirs.length && mine[i] === theirs[i]) i++;
  if (i < mine.length && i < theirs.length) return { agree: false, at: i, mine: mine[i]!, theirs: theirs[i]! };
  return { agree: true, common: i };
}
