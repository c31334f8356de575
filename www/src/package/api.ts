// The package's engine API (docs/npm-package.md): the same in a browser
// and in Node. Where the wasm comes from and how a search worker starts
// differ; each entry point (index.ts, node.ts) gives its own Platform.
import initWasm, { Game, builtinVariants, checkDefinition as check } from 'bigboard-wasm';
import { errorMessage, requireWasmSimd } from '../engine/engine';
import type { Cell, Color, History, MoveInfo, PieceInfo, Status, VariantInfo } from '../engine/types';
import { platform } from './platform';

export type { Cell, Color, History, MoveInfo, PieceInfo, ReasonId, SearchChoice, SearchProgress, Square, Status, VariantInfo } from '../engine/types';
export { Search } from './search';
export type { SearchOptions, SearchRequest } from './search';

/** The engine's WebAssembly module: a URL to fetch, its bytes, or a compiled module. */
export type WasmSource = URL | string | BufferSource | WebAssembly.Module;

let loading: Promise<void> | null = null;
let loaded = false;

/**
 * Loads the engine's WebAssembly module; every other call needs it done.
 * Without `wasm`, the module is the package's own `bigboard_bg.wasm` (read
 * with `fs` in Node, fetched beside the script in a browser); give a URL,
 * bytes or a compiled module where a bundler moved the file. Calling it
 * again does nothing. Rejects with a readable message where WebAssembly's
 * vector instructions are missing.
 */
export function init(wasm?: WasmSource): Promise<void> {
  loading ??= (async () => {
    requireWasmSimd();
    await initWasm({ module_or_path: await (wasm ?? platform().wasm()) });
    loaded = true;
  })().catch((e: unknown) => {
    loading = null;
    throw new Error(`bigboard: the engine could not load: ${errorMessage(e)}`);
  });
  return loading;
}

function needLoaded(what: string): void {
  if (!loaded) throw new Error(`bigboard: ${what} needs the engine loaded first (await init())`);
}

/** The built-in variants (their ids, names, board sizes and notes), in the engine's order. */
export function variants(): VariantInfo[] {
  needLoaded('variants()');
  return builtinVariants() as VariantInfo[];
}

/** A problem in a variant definition: the key where it is (empty for the whole text), and what is wrong. */
export interface DefinitionProblem {
  /** The key where it is (`piece[2].moves`), empty for the whole text. */
  at: string;
  /** What is wrong there. */
  message: string;
}

/** The problems of a variant definition (TOML text, see the definition format in the repository's docs); empty when it is valid. */
export function checkDefinition(text: string): DefinitionProblem[] {
  needLoaded('checkDefinition()');
  return check(text) as DefinitionProblem[];
}

/** A text that starts as a coordinate move does (two squares: `e2e4`, `a10b12`). */
const COORDINATES = /^[a-z]+\d+[a-z]+\d+/;

/** A legal move: its coordinate text, UCI text and SAN, and what it does. */
export interface LegalMove extends MoveInfo {
  /** The move in SAN, as the engine writes it in game records (`He5`, `Cxb7+`). */
  san: string;
}

/** How a game starts: a definition for an author's variant, a position, moves from it, a seed. */
export interface BoardOptions {
  /** The TOML text of an author-defined variant; the variant argument is then its id (or any name). */
  definition?: string;
  /** The starting position (position text, FEN-like); the variant's setup when absent. */
  fen?: string;
  /** Moves played from it (coordinate texts such as `e2e4`, or SAN), in order. */
  moves?: readonly string[];
  /** Variants with random setups: the seed of the setup (one is drawn when absent and there is no `fen`). */
  seed?: number;
}

/**
 * A game of one variant: the position, its legal moves, play and undo.
 * Holds wasm memory: call `free()` when done with it.
 */
export class Board {
  private game: Game | null;
  /** The TOML text of an author's variant, or null for a built-in (a search needs it). */
  readonly definition: string | null;

  /**
   * A game of `variant` (a built-in id from `variants()`, or with
   * `options.definition` an author's variant). Throws an Error with the
   * engine's message when the variant, the definition, the position or a
   * move is wrong.
   */
  constructor(variant: string, options: BoardOptions = {}) {
    needLoaded('new Board()');
    this.definition = options.definition ?? null;
    const moves = options.moves ?? [];
    this.game = new Game(variant, this.definition, options.fen ?? null, moves.length > 0 ? moves.join(' ') : null, options.seed ?? null);
  }

  private get g(): Game {
    if (this.game === null) throw new Error('bigboard: this board was freed');
    return this.game;
  }

  /** A copy of the game so far, for questions that play moves to answer (it shares the compiled variant). */
  private scratch(): Game {
    const moves = this.g.movesText();
    return this.g.withPosition(this.g.startFen(), moves === '' ? null : moves);
  }

  /** Releases the wasm memory; the board is unusable afterwards. */
  free(): void {
    this.game?.free();
    this.game = null;
  }

  /** The variant: id, name, board size, notes, the sides' names. */
  variant(): VariantInfo {
    return this.g.variant() as VariantInfo;
  }

  /** The piece kinds of the variant, indexed by kind: code, name, movement, value. */
  pieces(): PieceInfo[] {
    return this.g.pieces() as PieceInfo[];
  }

  /** The occupied squares (square index = rank * width + file, a1 = 0). */
  cells(): Cell[] {
    return this.g.board() as Cell[];
  }

  /** The position text of the current position. */
  fen(): string {
    return this.g.fen();
  }

  /** The position text the game started from. */
  startFen(): string {
    return this.g.startFen();
  }

  /** Starts the game again from position text `fen` (its history is forgotten); throws when it is wrong. */
  setFen(fen: string): void {
    const next = this.g.withPosition(fen, null);
    this.g.free();
    this.game = next;
  }

  /** 0 when White (the first side) is to move, 1 when Black. */
  sideToMove(): Color {
    return this.g.sideToMove() === 0 ? 0 : 1;
  }

  /** Every legal move in the position, with its SAN. */
  legalMoves(): LegalMove[] {
    const moves = this.g.legalMoves() as MoveInfo[];
    const game = this.scratch();
    try {
      return moves.map((m) => {
        game.play(m.text);
        const san = (game.history() as History).san.at(-1) ?? m.text;
        game.undo();
        return { ...m, san };
      });
    } finally {
      game.free();
    }
  }

  /** Plays `move`, a coordinate text (`e2e4`, `e15e16=W`) or SAN (`He5`); throws with the engine's reason, the game unchanged. */
  play(move: string): MoveInfo {
    try {
      return this.g.play(move) as MoveInfo;
    } catch (coordinateError) {
      let text: string;
      try {
        text = this.g.moveFromSan(move);
      } catch (sanError) {
        // Say why in the notation the text is written in.
        throw new Error(errorMessage(COORDINATES.test(move) ? coordinateError : sanError));
      }
      return this.g.play(text) as MoveInfo;
    }
  }

  /** Takes back the last move; false when there is none. */
  undo(): boolean {
    return this.g.undo();
  }

  /** Plays again the last move taken back; false when there is none. */
  redo(): boolean {
    return this.g.redo();
  }

  /** The moves played, in coordinate texts. */
  moves(): string[] {
    const text = this.g.movesText();
    return text === '' ? [] : text.split(' ');
  }

  /** The moves played, in SAN. */
  sanMoves(): string[] {
    return (this.g.history() as History).san;
  }

  /** Whose turn, check, and whether (and how) the game is over. */
  status(): Status {
    return this.g.status() as Status;
  }

  /**
   * The number of move sequences `depth` moves deep from this position
   * (perft), counting the moves `legalMoves()` lists (turns with drops
   * are the engine's `bigboard perft` business). Slow past depth 3 on big
   * boards: every node crosses the wasm boundary.
   */
  perft(depth: number): number {
    if (!Number.isInteger(depth) || depth < 0) throw new Error(`bigboard: perft depth must be a whole number >= 0, not ${depth}`);
    const game = this.scratch();
    try {
      return perftOf(game, depth);
    } finally {
      game.free();
    }
  }
}

function perftOf(game: Game, depth: number): number {
  if (depth === 0) return 1;
  const moves = game.legalMoves() as MoveInfo[];
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    game.play(m.text);
    n += perftOf(game, depth - 1);
    game.undo();
  }
  return n;
}
