// Game records: the live game written as PGN-like text (SAN or
// coordinates, with tags), and such text read back into a game by the
// engine, which reads the SAN and judges every move.
import { Rules } from '../engine/engine';
import { fenTurn } from '../engine/fen';
import type { History, Status, VariantInfo } from '../engine/types';
import { playMoves } from './movetext';
import { pgnResult } from './result';
import { exportPgn, parsePgn } from './pgn';

/** How moves are written: standard algebraic notation, or coordinates (`e2e4`). */
export type Notation = 'san' | 'coord';

/** Who played, and when, for the record's tags. */
export interface Players {
  white: string;
  black: string;
  date: Date;
}

/** A PGN date: 2026.03.09. */
export function pgnDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/**
 * The game as text, its moves in `notation`; the FEN tag only when it did
 * not start from `setupFen`; Event, Site, Date, White and Black tags when
 * `players` are given; a Seed tag for a game from a random setup.
 */
export function recordText(
  variant: string,
  h: History,
  status: Status,
  setupFen: string,
  notation: Notation = 'coord',
  players: Players | null = null,
  seed: number | null = null,
): string {
  const turn = fenTurn(h.start_fen);
  const fen = h.start_fen === setupFen ? null : h.start_fen;
  const tags: [string, string][] =
    players === null
      ? []
      : [
          ['Event', 'Casual game'],
          ['Site', 'bigboard'],
          ['Date', pgnDate(players.date)],
          ['White', players.white],
          ['Black', players.black],
        ];
  // A random setup's seed (its FEN tag holds the setup too, for readers that know no seeds).
  if (seed !== null) tags.push(['Seed', String(seed)]);
  const moves = notation === 'san' ? h.san : h.coord;
  return exportPgn({ variant, fen, moves, result: pgnResult(status) }, turn.black, turn.number, tags);
}

/**
 * The game in `text`: its Variant tag (an id or a name of `variants`;
 * `current` when absent), FEN and moves in SAN or coordinates, with or
 * without move numbers, comments and result; a Seed tag starts the game
 * from that random setup. A variant `definitionOf`
 * gives a text for is loaded from that definition. Throws with the reason
 * (the move it stopped at) when the text or the engine refuses it.
 */
export function readRecord(
  text: string,
  variants: readonly Pick<VariantInfo, 'id' | 'name'>[],
  current: string,
  definitionOf: (id: string) => string | null = () => null,
): Rules {
  const rec = parsePgn(text);
  const named = rec.variant?.toLowerCase();
  const known = variants.find((v) => v.id === named || v.name.toLowerCase() === named);
  const variant = rec.variant === null ? current : (known?.id ?? rec.variant);
  const rules = seeded(variant, rec.fen, rec.seed, definitionOf(variant)) ?? Rules.create(variant, rec.fen, [], definitionOf(variant));
  try {
    playMoves(rules, rec.moves);
  } catch (e) {
    rules.free();
    throw e;
  }
  return rules;
}

/**
 * The game from the random setup of `seed`, when there is one and the
 * variant has such setups, and `fen` (if given) is that setup; else null
 * (the record's FEN, or the variant's setup, is the start).
 */
function seeded(variant: string, fen: string | null, seed: number | undefined, definition: string | null): Rules | null {
  if (seed === undefined) return null;
  let rules: Rules;
  try {
    rules = Rules.create(variant, null, [], definition, seed);
  } catch {
    return null;
  }
  if (fen !== null && rules.startFen() !== fen) {
    rules.free();
    return null;
  }
  return rules;
}
