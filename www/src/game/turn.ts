// A turn left open after its move (variants with reserves): the move is
// played, and the drops its credits pay for may follow, one piece and one
// pawn, each on a square the engine listed. Only the engine's turns are
// offered: a square is marked when some legal turn drops there with the
// drops already chosen. Knows nothing of rules.
import type { ReserveClass } from '../board/reserve-layout';
import type { DropOptions, Square } from '../engine/types';

export class OpenTurn {
  /** The piece drop's square and the pawn drop's, once chosen. */
  piece: Square | null = null;
  pawn: Square | null = null;
  /** The reserve man picked by a click: only its squares are offered. */
  picked: ReserveClass | null = null;

  /** `base`: the move's text (played); `options`: the engine's drops after it. */
  constructor(
    readonly base: string,
    readonly options: DropOptions,
  ) {}

  /** Squares the next reserve piece may go to now. */
  pieceTargets(): Square[] {
    if (this.piece !== null) return [];
    return unique(this.options.turns.filter((t) => t.piece !== null && t.pawn === this.pawn).map((t) => t.piece!));
  }

  /** Squares the next reserve pawn may go to now. */
  pawnTargets(): Square[] {
    if (this.pawn !== null) return [];
    return unique(this.options.turns.filter((t) => t.pawn !== null && t.piece === this.piece).map((t) => t.pawn!));
  }

  /** Nothing more may be dropped. */
  get complete(): boolean {
    return this.pieceTargets().length === 0 && this.pawnTargets().length === 0;
  }

  /**
   * Drops on `sq`: the piece when it may go there (unless the pawn was
   * picked), else the pawn. Returns the text of the turn so far, or null
   * when `sq` is no target (nothing changes).
   */
  drop(sq: Square): string | null {
    const piece = this.picked !== 'pawn' && this.pieceTargets().includes(sq);
    const pawn = !piece && this.picked !== 'piece' && this.pawnTargets().includes(sq);
    if (!piece && !pawn) return null;
    if (piece) this.piece = sq;
    else this.pawn = sq;
    this.picked = null;
    return this.text;
  }

  /** Picks the next reserve man of `cls` (again: both are offered); false when it cannot be dropped now. */
  pick(cls: ReserveClass): boolean {
    const targets = cls === 'piece' ? this.pieceTargets() : this.pawnTargets();
    if (targets.length === 0) return false;
    this.picked = this.picked === cls ? null : cls;
    return true;
  }

  /** The turn's text with the drops chosen so far (the move's alone before any). */
  get text(): string {
    if (this.piece === null && this.pawn === null) return this.base;
    const t = this.options.turns.find((x) => x.piece === this.piece && x.pawn === this.pawn);
    return t?.text ?? this.base;
  }
}

function unique(list: Square[]): Square[] {
  return [...new Set(list)].sort((a, b) => a - b);
}
