// The page's rules engine: the wasm Game behind typed methods. Every rule
// question the page has is answered here, by the engine.
import init, { DefinitionLoader, Game, builtinVariants, definitionCompilations } from 'bigboard-wasm';
import type {
  Cell,
  Color,
  Destination,
  Diagram,
  DropOptions,
  Effect,
  History,
  MoveInfo,
  MovementSketch,
  PieceInfo,
  SideReserve,
  Square,
  Status,
  VariantInfo,
} from './types';

/**
 * The smallest module with a vector instruction (a function returning a
 * v128: `i32.const 0`, `i8x16.splat`, `i8x16.popcnt`): it validates only
 * where WebAssembly's vector instructions run, as the engine's module needs.
 */
export const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** Throws a readable error where the browser cannot run the engine's module (instead of its compile error). */
export function requireWasmSimd(): void {
  if (!WebAssembly.validate(SIMD_PROBE)) {
    throw new Error(
      "this browser cannot run bigboard's engine: it needs WebAssembly's vector instructions " +
        '(Chrome or Edge 91, Firefox 89, Safari 16.4, or later)',
    );
  }
}

/** Loads the wasm module once for the page, from its URL or (in the single offline file) its compiled module. */
export async function loadEngine(wasm: URL | WebAssembly.Module): Promise<void> {
  requireWasmSimd();
  await init({ module_or_path: wasm });
}

/** A problem in a variant definition: the key where it is, and what is wrong. */
export interface DefinitionProblem {
  at: string;
  message: string;
}

/** How long one step of compiling a definition may hold the page's thread, in milliseconds. */
export const COMPILE_STEP_MS = 8;

/** Resolves in a new task, after the browser has had its turn (a frame drawn, input handled). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Compiles the definition `text` (TOML) a few milliseconds at a time,
 * letting the browser draw and answer input between steps; resolves to its
 * problems, empty when it is valid. The engine keeps the compiled variant,
 * so a game of the same text made next does not compile it again. Rejects
 * with `signal`'s reason when it is aborted.
 */
export async function compileDefinition(text: string, signal?: AbortSignal): Promise<DefinitionProblem[]> {
  const loader = new DefinitionLoader(text);
  try {
    while (!loader.step(COMPILE_STEP_MS)) {
      await nextTask();
      signal?.throwIfAborted();
    }
    return loader.problems() as DefinitionProblem[];
  } finally {
    loader.free();
  }
}

/** How many definition texts the page's engine has compiled (for tests: a text compiled lately is not compiled again). */
export function definitionCompilationCount(): number {
  return definitionCompilations();
}

/** The message of whatever the engine (or anything else) threw. */
export function errorMessage(e: unknown): string {
  // A trap inside wasm (the engine aborted: the tab out of memory, or a
  // bug) says only "unreachable"; say what it means.
  if (e instanceof WebAssembly.RuntimeError) return `the engine stopped: out of memory or an internal error (${e.message})`;
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  return String(e);
}

/** The built-in variants, in the engine's order. */
export function variantList(): VariantInfo[] {
  return builtinVariants() as VariantInfo[];
}

/** A game of one variant: position, history, undo and redo. */
export class Rules {
  private game: Game | null;
  private readonly variantInfo: VariantInfo;
  private readonly pieceList: PieceInfo[];

  /** `pieces`: the catalogue of the same variant, from the game this one was made from. */
  private constructor(game: Game, pieces?: PieceInfo[]) {
    this.game = game;
    this.variantInfo = game.variant() as VariantInfo;
    // Each kind with its movement at a glance, for drawing its token.
    this.pieceList = pieces ?? (game.pieces() as PieceInfo[]).map((p) => ({ ...p, sketch: game.movementSketch(p.kind) as MovementSketch[] }));
  }

  /**
   * A game of `variant` from `fen` (its setup when null) after `moves`
   * (coordinate texts); `definition` is the TOML text of an author-defined
   * variant. In a variant with random setups and without `fen`, the game
   * starts from the setup of `seed` (one is drawn when it is null; see
   * `seed()`). Throws an Error with the engine's message when the variant,
   * the position or a move is wrong.
   */
  static create(
    variant: string,
    fen: string | null = null,
    moves: readonly string[] = [],
    definition: string | null = null,
    seed: number | null = null,
  ): Rules {
    return new Rules(new Game(variant, definition, fen, moves.length > 0 ? moves.join(' ') : null, seed));
  }

  /** The seed of the random setup the game started from, or null (a fixed setup or a position text). */
  seed(): number | null {
    return this.g.seed() ?? null;
  }

  /** Both sides' reserves (White's first), or null in a variant without reserves. */
  reserves(): [SideReserve, SideReserve] | null {
    return this.g.reserves() as [SideReserve, SideReserve] | null;
  }

  /** The squares of the men the last move took, by any mechanism (empty at the start). */
  lastCaptures(): Square[] {
    return Array.from(this.g.lastCaptures());
  }

  /** What the last turn did besides its move and drops: men taken, swapped, turned, promoted or demoted, reborn, frozen or freed (empty at the start). */
  lastEffects(): Effect[] {
    return this.g.lastEffects() as Effect[];
  }

  /** The squares of the men standing frozen (next to an enemy freezing man). */
  frozen(): Square[] {
    return Array.from(this.g.frozen());
  }

  /** The drops that may follow the move `text` (a legal move without drops); throws when it is none. */
  dropSquares(text: string): DropOptions {
    return this.g.dropSquares(text) as DropOptions;
  }

  /**
   * Another game of this variant, from `fen` (its setup when null) after
   * `moves`, sharing the compiled variant: nothing is compiled again.
   */
  withPosition(fen: string | null, moves: readonly string[] = []): Rules {
    return new Rules(this.g.withPosition(fen, moves.length > 0 ? moves.join(' ') : null), this.pieceList);
  }

  private get g(): Game {
    if (this.game === null) throw new Error('this game was freed');
    return this.game;
  }

  /** Releases the wasm memory; the object is unusable afterwards. */
  free(): void {
    this.game?.free();
    this.game = null;
  }

  variant(): VariantInfo {
    return this.variantInfo;
  }

  /** The piece catalogue, indexed by kind. */
  pieces(): readonly PieceInfo[] {
    return this.pieceList;
  }

  board(): Cell[] {
    return this.g.board() as Cell[];
  }

  fen(): string {
    return this.g.fen();
  }

  startFen(): string {
    return this.g.startFen();
  }

  sideToMove(): Color {
    return this.g.sideToMove() === 0 ? 0 : 1;
  }

  /** Every legal move in the position. */
  legalMoves(): MoveInfo[] {
    return this.g.legalMoves() as MoveInfo[];
  }

  destinations(sq: Square): Destination[] {
    return this.g.destinations(sq) as Destination[];
  }

  /** Plays `text` (FROMTO[=CODE]); throws with the engine's reason, leaving the game unchanged. */
  play(text: string): MoveInfo {
    return this.g.play(text) as MoveInfo;
  }

  /** The coordinate text of the legal move written `san`; throws with the engine's reason when none (or several) is. */
  moveFromSan(san: string): string {
    return this.g.moveFromSan(san);
  }

  undo(): boolean {
    return this.g.undo();
  }

  redo(): boolean {
    return this.g.redo();
  }

  history(): History {
    return this.g.history() as History;
  }

  /** The coordinate moves played, in order. */
  moves(): string[] {
    const text = this.g.movesText();
    return text === '' ? [] : text.split(' ');
  }

  status(): Status {
    return this.g.status() as Status;
  }

  /** Whether `color` has the material to win at all (a flag fall against a bare king is a draw). */
  canWin(color: Color): boolean {
    return this.g.canWin(color);
  }

  checkedSquares(): Square[] {
    return Array.from(this.g.checkedSquares());
  }

  /** The squares the board does not have (holes). */
  holes(): Square[] {
    return Array.from(this.g.holes());
  }

  diagram(kind: number): Diagram {
    return this.g.diagram(kind) as Diagram;
  }
}
