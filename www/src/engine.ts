// The page's rules engine: the wasm Game behind typed methods. Every rule
// question the page has is answered here, by the engine.
import init, { Game, builtinVariants, checkDefinition } from 'bigboard-wasm';
import type {
  Cell,
  Color,
  Destination,
  Diagram,
  History,
  MoveInfo,
  PieceInfo,
  Square,
  Status,
  VariantInfo,
} from './types';

/** Loads the wasm module once for the page, from its URL or (in the single offline file) its compiled module. */
export async function loadEngine(wasm: URL | WebAssembly.Module): Promise<void> {
  await init({ module_or_path: wasm });
}

/** A problem in a variant definition: the key where it is, and what is wrong. */
export interface DefinitionProblem {
  at: string;
  message: string;
}

/** Every problem in the definition `text` (TOML); empty when it is valid. */
export function definitionProblems(text: string): DefinitionProblem[] {
  return checkDefinition(text) as DefinitionProblem[];
}

/** The message of whatever the engine (or anything else) threw. */
export function errorMessage(e: unknown): string {
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

  private constructor(game: Game) {
    this.game = game;
    this.variantInfo = game.variant() as VariantInfo;
    this.pieceList = game.pieces() as PieceInfo[];
  }

  /**
   * A game of `variant` from `fen` (its setup when null) after `moves`
   * (coordinate texts); `definition` is the TOML text of an author-defined
   * variant. Throws an Error with the engine's message when the variant,
   * the position or a move is wrong.
   */
  static create(
    variant: string,
    fen: string | null = null,
    moves: readonly string[] = [],
    definition: string | null = null,
  ): Rules {
    return new Rules(new Game(variant, definition, fen, moves.length > 0 ? moves.join(' ') : null));
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

  diagram(kind: number): Diagram {
    return this.g.diagram(kind) as Diagram;
  }
}
