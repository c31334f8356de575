// The words by a man the mouse rests on (or a finger holds): its name,
// code and movement, its number in the variant and what it does beyond
// moving, then what it does from its square in this position: the men its
// moves would take elsewhere than on their targets (a Withdrawer's victim,
// a Lion's on the way, a shot), and whether it stands frozen.
import { squareName } from './geometry';
import type { Destination, PieceInfo, Square } from '../engine/types';

/** The tip's lines for `piece` on `from` with its moves `dests`; `number` its number in the variant ("12", "p3"). */
export function tipLines(
  piece: PieceInfo,
  number: string | null,
  from: Square,
  dests: readonly Destination[],
  frozen: readonly Square[],
  files: number,
): string[] {
  const lines = [`${piece.name} (${piece.code}) · ${piece.moves}`];
  const traits = piece.traits ?? [];
  if (number !== null || traits.length > 0) lines.push([number === null ? '' : `no. ${number}`, ...traits].filter((s) => s !== '').join(' · '));
  const taken = new Set<Square>();
  for (const d of dests) for (const sq of d.takes ?? []) if (sq !== d.to) taken.add(sq);
  if (taken.size > 0) {
    const names = [...taken].sort((a, b) => a - b).map((sq) => squareName(sq, files));
    lines.push(`from here its moves also take ${names.join(', ')}`);
  }
  if (frozen.includes(from)) lines.push('frozen: it cannot move now');
  return lines;
}
