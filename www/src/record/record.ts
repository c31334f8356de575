// Game records: the live game written as PGN-like text, and such text read
// back into a game by the engine (which judges every move).
import { Rules } from '../engine/engine';
import { fenTurn } from '../engine/fen';
import { exportPgn, parsePgn } from './pgn';
import { pgnResult } from '../game/result';
import type { History, Status, VariantInfo } from '../engine/types';

/** The game as text; the FEN tag only when it did not start from `setupFen`. */
export function recordText(variant: string, h: History, status: Status, setupFen: string): string {
  const turn = fenTurn(h.start_fen);
  const fen = h.start_fen === setupFen ? null : h.start_fen;
  return exportPgn({ variant, fen, moves: h.coord, result: pgnResult(status) }, turn.black, turn.number);
}

/**
 * The game in `text`: its Variant tag (an id or a name; `current` when
 * absent), FEN and moves. Throws with the reason when the text or the
 * engine refuses it.
 */
export function readRecord(text: string, variants: readonly VariantInfo[], current: string): Rules {
  const rec = parsePgn(text);
  const named = rec.variant?.toLowerCase();
  const known = variants.find((v) => v.id === named || v.name.toLowerCase() === named);
  const variant = rec.variant === null ? current : (known?.id ?? rec.variant);
  return Rules.create(variant, rec.fen, rec.moves);
}
