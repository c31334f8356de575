// What the Hint button and the Analysis toggle read of the game: the
// position shown, whose turn it is, the variant to load in the engine
// worker and the board's arrow and orientation. The game's app
// (`game/app.ts`) is one; the engine's helpers need no more of it, so
// `ai/` does not import the game.
import type { Color, History, LastMove, Status, VariantInfo } from '../engine/types';
import type { Notation } from '../record/record';

/** The board's part: the hint's arrow and which side is at the bottom. */
export interface BoardView {
  /** Whether Black is at the bottom. */
  readonly flipped: boolean;
  /** The suggested move drawn as an arrow (until the next position), or null. */
  readonly hint: LastMove | null;
  setHint(m: LastMove | null): void;
}

export interface GameView {
  readonly board: BoardView;
  readonly variant: VariantInfo;
  /** The TOML text of the author-defined variant played, or null for a built-in one. */
  readonly definitionText: string | null;
  readonly history: History;
  readonly liveStatus: Status;
  /** The ply of the earlier position shown, or null when the live position is shown. */
  readonly viewPly: number | null;
  /** The side this screen plays in a game with a friend on another device, or null. */
  readonly localSide: Color | null;
  /** The AI plays `side` in the current mode. */
  isAiTurn(side: Color): boolean;
  /** `line` (coordinate texts) as played from the live game's position after `ply` moves, in `notation`. */
  lineAt(ply: number, line: readonly string[], notation: Notation): string[];
  /** Calls `f` after every change of state. */
  onChange(f: () => void): void;
}
