// The JS API that wasm-bindgen generates from src/wasm/ (built with
// --no-typescript), as the page uses it; the bundler maps 'bigboard-wasm'
// to pkg/bigboard.js. Results are plain objects typed in types.ts.

export interface InitOptions {
  module_or_path: URL | string | Response | Promise<Response> | BufferSource | WebAssembly.Module;
}

export default function init(options?: InitOptions): Promise<unknown>;

export function builtinVariants(): unknown;
export function checkDefinition(text: string): unknown;
export function definitionCompilations(): number;
/** The piece editor's picture of a movement string (src/wasm/editor.rs). */
export function movementPicture(text: string, side: number): Int32Array;

export class DefinitionLoader {
  constructor(text: string);
  free(): void;
  step(ms: number): boolean;
  done(): boolean;
  problems(): unknown;
}

export class Game {
  constructor(
    variant: string,
    definition?: string | null,
    fen?: string | null,
    moves?: string | null,
    seed?: number | null,
  );
  /** The seed of the random setup the game started from (UC-170-17). */
  seed(): number | undefined;
  free(): void;
  variant(): unknown;
  pieces(): unknown;
  board(): unknown;
  fen(): string;
  sideToMove(): number;
  legalMoves(): unknown;
  destinations(sq: number): unknown;
  play(text: string): unknown;
  moveFromSan(text: string): string;
  undo(): boolean;
  redo(): boolean;
  redoCount(): number;
  history(): unknown;
  movesText(): string;
  startFen(): string;
  status(): unknown;
  checkedSquares(): Uint16Array;
  holes(): Uint16Array;
  canWin(color: number): boolean;
  diagram(kind: number): unknown;
  movementSketch(kind: number): unknown;
  withPosition(fen?: string | null, moves?: string | null): Game;
  /** Both sides' reserves, or null without reserves. */
  reserves(): unknown;
  credits(): unknown;
  pendingExchange(): number | undefined;
  dropSquares(text: string): unknown;
  lastCaptures(): Uint16Array;
  lastEffects(): unknown;
  frozen(): Uint16Array;
}

export class Engine {
  constructor(hashMb: number);
  free(): void;
  clear(): void;
  warmUp(): void;
  load(variant: string, definition: string | null): void;
  think(
    variant: string,
    definition: string | null,
    fen: string,
    moves: string,
    level: number,
    timeMs: number,
    seed: number,
    progress: (info: unknown) => void,
  ): unknown;
  searchDepth(variant: string, definition: string | null, fen: string, moves: string, depth: number): unknown;
}
