// The page's vocabulary: the shapes of what the engine returns (see
// src/wasm/) and the few choices the page itself makes.

/** A square index: rank * width + file, a1 = 0. */
export type Square = number;

/** 0 White, 1 Black, as the engine numbers them. */
export type Color = 0 | 1;
export const WHITE: Color = 0;
export const BLACK: Color = 1;

/** A variant: its id, name, board size and notes. */
export interface VariantInfo {
  /** The id games are made with (`xhess`, or a definition's `id`). */
  id: string;
  /** Its name for people (`Chess on a Really Big Board`). */
  name: string;
  /** Files on the board. */
  width: number;
  /** Ranks on the board. */
  height: number;
  /** A few words about it. */
  notes: string;
  /** The rules in words from the definition (`how_to_play`), empty when it has none; older modules leave it out. */
  how_to_play?: string;
  /** Where its rules come from (titles or addresses). */
  sources: string[];
  /** The sides' names (White and Black, or White and Blue). */
  sides?: [string, string];
  /** Games start from a setup drawn from a seed (UC-170-17). */
  random_setup?: boolean;
}

/**
 * A variant of the gallery (examples/variants/): its id, name and board as
 * the engine read them when the page was built, and its definition text,
 * which the page's engine loads as it loads any author's definition.
 */
export interface GalleryVariant {
  id: string;
  name: string;
  width: number;
  height: number;
  /** Its file name in examples/variants/ (served beside the app under variants/). */
  file: string;
  text: string;
}

/** A kind of piece of the variant. */
export interface PieceInfo {
  /** Its index in the variant's piece list. */
  kind: number;
  /** Its letter(s) in position texts and SAN (upper case; Black's in lower case). */
  code: string;
  /** Its name. */
  name: string;
  /** The movement in the definition's notation. */
  moves: string;
  /** Losing it (or all of its kind) loses the game. */
  royal: boolean;
  /** Its value in centipawns, where the definition gives one. */
  value: number | null;
  /** Its movement in words. */
  description: string;
  /** Its movement at a glance, pattern by pattern (added by the page from the engine's sketch). */
  sketch?: readonly MovementSketch[];
  /** A pawn kind. */
  pawn?: boolean;
  /** What it does beyond moving and taking by landing: 'special capture', 'aura', 'borrowed powers', 'anti-royal'. */
  traits?: string[];
}

/** One pattern of a movement at a glance (the engine's `movementSketch`). */
export interface MovementSketch {
  path: 'step' | 'leap' | 'slide' | 'hop' | 'bent' | 'crooked' | 'circle' | 'mill' | 'chain' | 'leapfrog';
  /** The first leg's atom, [x, y] with 0 <= x <= y. */
  atom: [number, number];
  /** The first leg's directions, [file step, rank step] from White's side. */
  dirs: [number, number][];
  /** 1 a leaper, 0 an unlimited rider, n at most n steps. */
  range: number;
  moves: boolean;
  captures: boolean;
  style: 'normal' | 'near' | 'far' | 'fly' | 'bounce' | 'half' | 'mill';
  ski: boolean;
  lame: boolean;
  initial: boolean;
  wrap: boolean;
  grasshopper: boolean;
  legs: number;
  /** The last leg's atom, and whether it goes on along its line (a bent path that ends in a slide). */
  last_atom: [number, number];
  last_rides: boolean;
}

/** An occupied square. */
export interface Cell {
  /** Where it stands. */
  sq: Square;
  /** The kind of the man there (an index into the piece list). */
  kind: number;
  /** Whose it is. */
  color: Color;
  /** Its letter(s), upper case for White. */
  code: string;
}

export interface Destination {
  to: Square;
  /** The move's text without a promotion (`e2e4`; a shot's, swap's or mutual destruction's own: `a1*a6`, `d4<>d7`). */
  text?: string;
  capture: boolean;
  /** Promotion codes offered on this square. */
  promotions: string[];
  /** The piece may also go there without promoting. */
  plain: boolean;
  /**
   * When several moves reach this square with different effects (a Lion's
   * igui and its step, a Frog's paths, rebirth squares), each of them for
   * a chooser; empty (or absent) otherwise.
   */
  choices?: MoveChoice[];
  /** What the moves there do besides moving the man, each effect once (men taken elsewhere, swapped, turned, reborn ...). */
  effects?: Effect[];
}

/**
 * What a move does to a man besides moving its own (the engine's
 * `effects_of`): taken elsewhere than where the mover lands; out of the
 * game without being taken; a swap's partner; turned to the other side;
 * promoted or demoted on the value ladder; otherwise changed; reborn on
 * its rebirth square; frozen or freed.
 */
export type EffectKind = 'taken' | 'left' | 'swapped' | 'side' | 'promoted' | 'demoted' | 'changed' | 'reborn' | 'frozen' | 'unfrozen';

export interface Effect {
  kind: EffectKind;
  /** The man's square before the move. */
  at: Square;
  /** Its square after the move, or null when it is off the board. */
  to: Square | null;
}

/** One of several moves of a man to one square. */
export interface MoveChoice {
  /** Its move text (`d4f6^e5`, `a1*a6`, `c3e3>b1`). */
  text: string;
  /** The squares of the men it takes. */
  captures: Square[];
  promotion: string | null;
  /** What it does besides moving the man. */
  effects?: Effect[];
}

/**
 * One side's reserves (variants with `[reserve]`): the lists of the game
 * in drop order, kinds and codes; the men from `*_front` up to (not
 * including) `*_back` are still there. Drops take the front, promotions
 * the back.
 */
export interface SideReserve {
  pieces: number[];
  piece_codes: string[];
  pawns: number[];
  pawn_codes: string[];
  piece_front: number;
  piece_back: number;
  pawn_front: number;
  pawn_back: number;
  /** Index of the piece dropped next, of the pawn dropped next, of the piece the next promotion brings. */
  next_piece: number | null;
  next_pawn: number | null;
  promotion: number | null;
  /** Drops the side may still pay for: [pieces, pawns]. */
  credits: [number, number];
}

/** A reserve man to drop. */
export interface ReserveMan {
  kind: number;
  code: string;
}

/** A turn of one move with drops, and its text (`e2e4+@c1+@f2`). */
export interface DropTurn {
  piece: Square | null;
  pawn: Square | null;
  text: string;
}

/** The drops a move may be followed by (the engine's `dropSquares`). */
export interface DropOptions {
  piece: ReserveMan | null;
  pawn: ReserveMan | null;
  piece_squares: Square[];
  pawn_squares: Square[];
  turns: DropTurn[];
}

/** A move: where it goes, its texts, and what it does. */
export interface MoveInfo {
  /** The square the man leaves. */
  from: Square;
  /** The square it goes to. */
  to: Square;
  /** Its coordinate text (`e2e4`, `e15e16=W`), as a game plays it. */
  text: string;
  /** Its text in the UCI protocol's spelling. */
  uci: string;
  /** It takes a man. */
  capture: boolean;
  /** It castles. */
  castle: boolean;
  /** The code of the kind it promotes to, or null. */
  promotion: string | null;
}

/** Why a game ended, as a word for programs (`Status.reason` says it in English). */
export type ReasonId =
  | 'checkmate'
  | 'far-rank'
  | 'stalemate'
  | 'repetition'
  | 'move-limit'
  | 'bare-king'
  | 'goal'
  | 'royals-captured'
  | 'anti-king-mated'
  | 'checks';

/** Whose turn, and whether (and how) the game is over. */
export interface Status {
  /** The side to move. */
  side: Color;
  /** The side to move is in check. */
  check: boolean;
  /** The game is over. */
  over: boolean;
  /** Null for a draw or a game in progress. */
  winner: Color | null;
  /** Why it ended, in words; null while it goes on. */
  reason: string | null;
  /** Why it ended, as a word for programs; null while it goes on. */
  reason_id: ReasonId | null;
}

/** The moves of a game: in SAN and in coordinates, and the position it started from. */
export interface History {
  /** The moves in SAN. */
  san: string[];
  /** The moves in coordinate texts. */
  coord: string[];
  /** The position text it started from. */
  start_fen: string;
}

export interface Diagram {
  width: number;
  height: number;
  from: Square;
  moves: Square[];
  captures: Square[];
}

/** What the search reports after each depth. */
export interface SearchProgress {
  /** The depth finished. */
  depth: number;
  /** The score in centipawns for the side to move, or null when it is a mate. */
  score_cp: number | null;
  /** Moves to mate (negative: being mated), or null. */
  mate: number | null;
  /** Positions searched so far. */
  nodes: number;
  /** Positions a second. */
  nps: number;
  /** Milliseconds since the search began. */
  time_ms: number;
  /** The principal variation: the best line found, coordinate texts. */
  pv: string[];
}

/** The move the search chose. */
export interface SearchChoice {
  /** The move chosen (a coordinate text), or null when there is no legal move. */
  best: string | null;
  /** Its score in centipawns for the side to move, or null when it is a mate. */
  score_cp: number | null;
  /** Moves to mate (negative: being mated), or null. */
  mate: number | null;
  /** The deepest depth finished. */
  depth: number;
  /** Positions searched. */
  nodes: number;
  /** The principal variation, coordinate texts. */
  pv: string[];
}

/** Who plays: two people at one screen, a person against the AI, or the AI against itself. */
export type Mode = 'hotseat' | 'white-ai' | 'black-ai' | 'ai-ai';
export const MODES: readonly Mode[] = ['hotseat', 'white-ai', 'black-ai', 'ai-ai'];

/** Which side is at the bottom of the board. */
export type Orientation = 'white' | 'black';

export interface LastMove {
  from: Square;
  to: Square;
}

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;
