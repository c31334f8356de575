#!/usr/bin/env python3
"""UC-170-17 random setups drawn as `docs/variants/uc-170-17-game-rules.md` section 2 decides,
written from that text (and `docs/variants/uc-170-17-rules.md` section 2), with the
legality and attack tests of `uc_perft.py` completed by `uc_extra.py`
(the kinds uc_perft leaves out) and the turns of `uc_turns.py`.

Generator: SplitMix64 from `state = seed`; `next()` adds
0x9E3779B97F4A7C15 to the state and returns the SplitMix64 finalizer of
the new state (z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
z *= 0x94D049BB133111EB; z ^= z >> 31, all mod 2^64);
`below(n) = (next() * n) >> 64`.

Attempts 0, 1, 2, ... draw from the one stream. Per attempt, White then
Blue: king file = below(8); Fisher-Yates (i from n-1 down to 1,
j = below(i+1), swap) over the 169 other piece kinds in rules-file order
(numbers 2..170); the first 7 fill the first rank a->h skipping the
King's file, the other 162 are the piece reserve in drop order; the same
over the 17 pawn kinds (P1..P17): the first 8 to the second rank a->h,
the other 9 the pawn reserve in drop order. Blue's first rank is rank 8,
its second rank 7.

An attempt is rejected (the stream goes on) when
- an Anti-King (148) stands on the board (it would start un-attacked);
- a White royal (King, Royal Knight, Wuss) is attacked (White would start
  in check; the project's rule beside section 2's);
- White has a legal first move that takes a man off the board (Blue has
  fewer men and the board fewer men afterwards: a colour change is no
  capture, an Anti-King taking its own man is no win of material) or
  after which a Blue royal is attacked;
- White has no legal first turn, or every first turn of White lets Blue
  win at once: Blue then has a turn that takes White's last capturable
  royal (White having no Anti-King) or checkmates White (check rules,
  the royal attacked, no legal turn) (rule decision 24 of
  `docs/variants/rule-decisions.md`).
No first move can promote, drop or take en passant; the tests run with
the drawn (full) reserves, so no pawn kind is barred from its last rank
(uc_turns.barred). The attack tests run
with the setup as the game's home squares (Circe rebirths) and the first
move as the last turn (an Ubi-Ubi or Jester of Blue answers it).

Output: the position text (board, ` w - - 0 1`, ` home=R8/R7/R2/R1` the
setup ranks, ` reserve=WPIECES/WPAWNS,BPIECES/BPAWNS` in drop order).
The game's default setup is seed 1's, whose home squares are the
variant's own; the text writes `home=` only where it differs from them,
so seed 1 has none.

    python3 tests/reference/uc_setup.py SEED
    python3 tests/reference/uc_setup.py --check tests/data/uc-setups.txt
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_perft as P  # noqa: E402
import uc_extra as X  # noqa: E402
import uc_turns as T  # noqa: E402

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

# kind -> (code, royal) from the library codes (uc_perft maps codes to
# the rules-file numbers by the kinds' names).
CODE_OF = {kind: code for code, (kind, _) in P.CODES.items()}
ROYAL_OF = {kind: royal for _, (kind, royal) in P.CODES.items()}
PIECES = [('piece', n) for n in range(2, 171)]
PAWNS = [('pawn', n) for n in range(1, 18)]
KING = ('piece', 1)


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return (self.next() * n) >> 64


def shuffle(rng, items):
    a = list(items)
    for i in range(len(a) - 1, 0, -1):
        j = rng.below(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def draw_side(rng, colour):
    """(board cells {(x, y): (kind, colour, royal)}, piece reserve, pawn
    reserve) of one side."""
    first, second = (0, 1) if colour == 'w' else (7, 6)
    board = {}
    king = rng.below(8)
    board[(king, first)] = KING
    pieces = shuffle(rng, PIECES)
    files = [x for x in range(8) if x != king]
    for x, kind in zip(files, pieces[:7]):
        board[(x, first)] = kind
    pawns = shuffle(rng, PAWNS)
    for x, kind in enumerate(pawns[:8]):
        board[(x, second)] = kind
    cells = {s: (k, colour, ROYAL_OF[k]) for s, k in board.items()}
    return cells, pieces[7:], pawns[8:]


def problematic(board, reserves):
    if any(k == P.ANTI_KING for k, _, _ in board.values()):
        return 'anti-king on the board'
    home = {(k, c): s for s, (k, c, _) in board.items()}
    if X.attacked_royal(board, 'w', None):
        return 'White starts attacked'
    blue = sum(1 for m in board.values() if m[1] == 'b')
    # The full reserves: no pawn kind is barred from its last rank (their
    # moves there would promote, and they attack that rank).
    reserve = {(c, k): tuple(reserves[c][i]) for c in 'wb' for i, k in enumerate(T.CLASSES)}
    st = T.State(board, 'w', reserve=reserve, home=home)
    first = T.turns(st)
    for move, _, _, after in first:
        nb = after.board
        if len(nb) < len(board) and sum(1 for m in nb.values() if m[1] == 'b') < blue:
            return 'White takes: ' + X.fmt(move)
        if X.attacked_royal(nb, 'b', after.last):
            return 'White checks: ' + X.fmt(move)
    # Rule decision 24: the setup must be a game.
    if not first:
        return 'White has no first turn'
    if all(blue_wins_at_once(after, home) for _, _, _, after in first):
        return 'every first turn of White lets Blue win at once'
    return None


def blue_wins_at_once(st, home):
    """Has Blue, to move in `st`, a turn after which White has lost: its
    last capturable royal taken (and no Anti-King), or checkmated (check
    rules, its royal attacked, no legal turn)?"""
    for _, _, _, after in T.turns(st):
        b = after.board
        if P.lost(b, 'w'):
            return True
        if (P.check_mode(b, 'w') and T.royal_attacked(b, 'w', after.last, home, after.reserve)
                and not T.turns(after)):
            return True
    return False


def draw(seed, log=None):
    """(board, reserves {colour: (pieces, pawns)}, attempts) of the seed."""
    rng = SplitMix64(seed)
    attempt = 0
    while True:
        wb, wpc, wpw = draw_side(rng, 'w')
        bb, bpc, bpw = draw_side(rng, 'b')
        board = {**wb, **bb}
        reserves = {'w': (wpc, wpw), 'b': (bpc, bpw)}
        why = problematic(board, reserves)
        if why is None:
            return board, reserves, attempt
        if log:
            log(f"seed {seed} attempt {attempt} rejected: {why}")
        attempt += 1


def code(kind, colour):
    c = CODE_OF[kind]
    c = c.upper() if colour == 'w' else c.lower()
    return c if len(c) == 1 else '{' + c + '}'


def rank_text(board, y):
    out, gap = '', 0
    for x in range(8):
        m = board.get((x, y))
        if m is None:
            gap += 1
            continue
        if gap:
            out += str(gap)
            gap = 0
        out += code(m[0], m[1])
    return out + (str(gap) if gap else '')


def board_text(board):
    return '/'.join(rank_text(board, y) for y in range(7, -1, -1))


def reserve_text(reserves):
    def lst(kinds, colour):
        return ''.join(code(k, colour) for k in kinds) or '-'
    return ','.join(f"{lst(reserves[c][0], c)}/{lst(reserves[c][1], c)}" for c in 'wb')


DEFAULT_SEED = 1


def position_text(seed):
    board, reserves, _ = draw(seed)
    text = board_text(board) + ' w - - 0 1'
    home = '/'.join(rank_text(board, y) for y in (7, 6, 1, 0))
    if seed != DEFAULT_SEED:
        default, _, _ = draw(DEFAULT_SEED)
        if '/'.join(rank_text(default, y) for y in (7, 6, 1, 0)) != home:
            text += ' home=' + home
    return text + ' reserve=' + reserve_text(reserves)


def check(path):
    bad = n = 0
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        seed, text = [x.strip() for x in line.split(';', 1)]
        mine = position_text(int(seed))
        n += 1
        if mine != text:
            bad += 1
            print(f"seed {seed}: MISMATCH")
            for a, b in zip(mine.split(), text.split()):
                if a != b:
                    print(f"  reference: {a}\n  file:      {b}")
            if len(mine.split()) != len(text.split()):
                print(f"  fields: reference {len(mine.split())}, file {len(text.split())}")
        else:
            print(f"seed {seed}: ok", flush=True)
    print(f"{n - bad}/{n} seeds agree")
    return bad == 0


if __name__ == '__main__':
    if sys.argv[1] == '--check':
        sys.exit(0 if check(sys.argv[2]) else 1)
    if '--log' in sys.argv:
        draw(int(sys.argv[1]), log=lambda s: print(s, file=sys.stderr))
    print(position_text(int(sys.argv[1])))
