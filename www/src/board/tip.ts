// The words by a man the mouse rests on (or a finger holds): its name,
// code and plain description, how many moves it has from its square (the
// board marks them), its number in the variant and what it does beyond
// moving, then what it does from its square in this position: the men its
// moves would take elsewhere than on their targets (a Withdrawer's victim,
// a Lion's on the way, a shot), swap with, turn to the other side, promote
// or demote, send to their rebirth squares, put out of the game, freeze or
// free (as the engine names each move's effects), and whether it stands
// frozen.
import { squareName } from './geometry';
import type { Destination, Effect, EffectKind, PieceInfo, Square } from '../engine/types';

/** How a line tells each kind of effect: what the moves "also" do to the squares listed. */
const SAID: Record<EffectKind, (squares: string) => string> = {
  taken: (s) => `take ${s}`,
  left: (s) => `put ${s} out of the game`,
  swapped: (s) => `swap with ${s}`,
  side: (s) => `turn ${s} to the other side`,
  promoted: (s) => `promote ${s} (a step up the value ladder)`,
  demoted: (s) => `demote ${s} (a step down the value ladder)`,
  changed: (s) => `change ${s}`,
  reborn: (s) => `send men to their rebirth squares: ${s}`,
  frozen: (s) => `freeze ${s}`,
  unfrozen: (s) => `free ${s}`,
};

/** The order of the lines. */
const ORDER: readonly EffectKind[] = ['taken', 'left', 'swapped', 'side', 'promoted', 'demoted', 'changed', 'reborn', 'frozen', 'unfrozen'];

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The tip's last line: the movement in notation, shown on one line (cut short when long). */
export function tipNotation(piece: PieceInfo): string {
  return `notation: ${piece.moves}`;
}

/**
 * Where a tip of `w` x `h` goes in a box's visible part (`view`, the same
 * coordinates as the rest): above the point `at`, else below it, else in
 * a corner of the view, the first place that covers none of `avoid` (the
 * man's square and its destinations); failing that, the place that covers
 * the fewest. Always inside the view.
 */
export function placeTip(
  w: number,
  h: number,
  at: { x: number; y: number },
  view: { left: number; top: number; width: number; height: number },
  avoid: readonly { left: number; top: number; right: number; bottom: number }[],
  clear = 28,
): { left: number; top: number } {
  const fitX = (x: number) => Math.max(view.left + 4, Math.min(x, view.left + view.width - w - 4));
  const fitY = (y: number) => Math.max(view.top + 4, Math.min(y, view.top + view.height - h - 4));
  const places = [
    { left: fitX(at.x - w / 2), top: at.y - clear - h },
    { left: fitX(at.x - w / 2), top: at.y + clear },
    { left: view.left + 4, top: view.top + 4 },
    { left: view.left + view.width - w - 4, top: view.top + 4 },
    { left: view.left + 4, top: view.top + view.height - h - 4 },
    { left: view.left + view.width - w - 4, top: view.top + view.height - h - 4 },
  ].map((p) => ({ left: fitX(p.left), top: fitY(p.top) }));
  const covered = (p: { left: number; top: number }) =>
    avoid.filter((r) => r.left < p.left + w && r.right > p.left && r.top < p.top + h && r.bottom > p.top).length;
  let best = places[0]!;
  let least = Infinity;
  for (const p of places) {
    const n = covered(p);
    if (n === 0) return p;
    if (n < least) {
      least = n;
      best = p;
    }
  }
  return best;
}

/** The tip's lines for `piece` on `from` with its moves `dests`; `number` its number in the variant ("12", "p3"). */
export function tipLines(
  piece: PieceInfo,
  number: string | null,
  from: Square,
  dests: readonly Destination[],
  frozen: readonly Square[],
  files: number,
): string[] {
  // Words first: the name, what it does in plain words, then how many moves it has from here (marked on the
  // board); the notation string comes last, folded to a line (see `tipNotation`).
  const lines = [`${piece.name} (${piece.code})`];
  if (piece.description.trim() !== '') lines.push(piece.description.trim());
  const captures = dests.filter((d) => d.capture).length;
  const moves = dests.filter((d) => d.to !== from).length;
  if (dests.length > 0) lines.push(`from here: ${count(moves, 'move')}${captures > 0 ? `, ${captures} taking` : ''} (marked on the board)`);
  const traits = piece.traits ?? [];
  if (number !== null || traits.length > 0) lines.push([number === null ? '' : `no. ${number}`, ...traits].filter((s) => s !== '').join(' · '));
  // Each kind's men, each once: a rebirth as the man and where it goes.
  const byKind = new Map<EffectKind, Effect[]>();
  for (const d of dests) {
    for (const e of d.effects ?? []) {
      // A man taken on the target itself is that move's capture, no news.
      if (e.kind === 'taken' && e.at === d.to) continue;
      const list = byKind.get(e.kind) ?? [];
      if (!list.some((x) => x.at === e.at && (e.kind !== 'reborn' || x.to === e.to))) list.push(e);
      byKind.set(e.kind, list);
    }
  }
  const name = (sq: Square) => squareName(sq, files);
  for (const kind of ORDER) {
    const list = byKind.get(kind);
    if (list === undefined) continue;
    list.sort((a, b) => a.at - b.at || (a.to ?? -1) - (b.to ?? -1));
    const squares = list.map((e) => (kind === 'reborn' && e.to !== null ? `${name(e.at)} → ${name(e.to)}` : name(e.at))).join(', ');
    lines.push(`from here its moves also ${SAID[kind](squares)}`);
  }
  if (frozen.includes(from)) lines.push('frozen: it cannot move now');
  return lines;
}
