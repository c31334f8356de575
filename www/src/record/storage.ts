// A game as it is kept in localStorage (one entry of the saved games, and
// the one game kept under STORAGE_KEY before there was a list): written as
// JSON, read back with every field checked.
import { readEnding, type Ending } from './ending';
import { MAX_LEVEL, MIN_LEVEL, MODES, type Mode, type Orientation } from '../engine/types';

/** What is kept: enough to rebuild the game and the page's choices. */
export interface SavedGame {
  variant: string;
  /** The position the game started from. */
  startFen: string;
  /** Coordinate moves played from it. */
  moves: string[];
  mode: Mode;
  level: number;
  orientation: Orientation;
  autoFlip: boolean;
  /** A resignation, agreed draw or fallen flag that ended the game, or null. */
  ending: Ending | null;
  /** The seed of the random setup it started from (`startFen` is that setup), or absent. */
  seed?: number | null;
}

export const STORAGE_KEY = 'bigboard.game';
const VERSION = 1;

export function encodeSaved(g: SavedGame): string {
  return JSON.stringify({ version: VERSION, ...g });
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The saved game in `text`, or null when it is missing, unreadable or of another version. */
export function decodeSaved(text: string | null): SavedGame | null {
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || data['version'] !== VERSION) return null;
  const { variant, startFen, moves, mode, level, orientation, autoFlip, ending, seed } = data;
  if (typeof variant !== 'string' || variant === '') return null;
  if (typeof startFen !== 'string') return null;
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string')) return null;
  if (typeof mode !== 'string' || !(MODES as readonly string[]).includes(mode)) return null;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) return null;
  if (orientation !== 'white' && orientation !== 'black') return null;
  if (typeof autoFlip !== 'boolean') return null;
  // A save from before endings were kept has none; an unreadable one is dropped, the game kept.
  const game: SavedGame = { variant, startFen, moves: moves as string[], mode: mode as Mode, level, orientation, autoFlip, ending: readEnding(ending) };
  // A seed that is no whole number is dropped: the game is rebuilt from its start position.
  if (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) game.seed = seed;
  return game;
}
