#!/usr/bin/env python3
"""The UC-170-17 speed positions: 8 x 8 positions with a King and 15 kinds
a side drawn at random from the movement library, for perft benchmarks
(docs/performance.md, "Perft speed") and, at depth 2, for the perft suite.

    python3 bench/uc_speed_positions.py            # print the positions
    python3 bench/uc_speed_positions.py --counts   # and their depth-1, -2 counts
    python3 bench/uc_speed_positions.py --counts mech   # one set only

Set `plain` draws from the 138 kinds the notation wrote before UC-170-17
(every library kind but the 26 of the newer constructs); set `new` draws
at least four kinds a side from those 26 (the Lion, Frog or Jumping Pawn,
which take men on the way, in every position) and the rest from the whole
library. Set `mech` draws at least four kinds a side from the eleven
capture-mechanism kinds (Long Leaper, Swapper, Withdrawer, Advancer,
Pushme-Pullyu, Immobilizer, Archer, Shield, Coordinator, Mamra, Pincer
Pawn; all eleven among its eight positions) and the rest from the library,
from its own seeds (the other sets' draws are untouched); its counts come
from uc_perft.py with freezing, immunity and every capture mechanism.
Pawn kinds stand on ranks 3-6, so no pawn has a first move and no
hop over a pawn opens an en-passant capture within two plies (the
reference counts no en passant). A draw is made again while either side is
in check or the side to move has no move.

The draws come from SplitMix64 seeded with the position's number, so the
file is the same on every run and every Python. Kinds the reference does
not model (Ubi-Ubi, Andernach and Einstein Grasshoppers, Jester) are never
drawn: the library gained them after the sets were drawn, and leaving them
out keeps the sets as recorded in tests/data/perft/uc-170-17.epd.
"""

import os
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'reference'))
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_perft as R  # noqa: E402

LIB = os.path.join(HERE, '..', 'src', 'variants', 'uc-170-17.toml')

# The kinds of the newer constructs ({abs}, range =, o, z/{zig}, {bounce},
# {half}, locusts, {chain}, {mill}, moves_by_file, {leapfrog}), by code.
NEW = {'NWZ', 'NFZ', 'SIS', 'SQ', 'CYQ', 'CYR', 'CYB', 'ZR', 'ZB', 'HV', 'ZBW', 'REB', 'RFW',
       'HQ', 'HR', 'HB', 'LI', 'ZNDW', 'ZNSW', 'ZNQ', 'ZNDN', 'ZNSN', 'WI', 'QQ', 'JP', 'FR'}
# Kinds that take men on the way (walked at run time).
WALKED = ['LI', 'FR', 'JP']
# The capture-mechanism kinds (tests/reference/uc_mech.py), by number:
# Long Leaper, Swapper, Withdrawer, Advancer, Pushme-Pullyu, Immobilizer,
# Archer, Shield, Coordinator, Mamra, Pincer Pawn (a pawn kind).
MECH = ['LL', 'SWP', 'WD', 'AD', 'PU', 'IM', 'ARC', 'SHD', 'CD', 'MAM', 'PNP']
MECH_PAWNS = {'PNP'}


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        return (self.next() * n) >> 64

    def pick(self, items):
        return items[self.below(len(items))]

    def sample(self, items, k):
        items = list(items)
        for i in range(k):
            j = i + self.below(len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]


def modelled(code):
    """Does the reference (uc_moves.py, uc_mech.py) give the kind moves?
    Kinds it leaves out (the Ubi-Ubi, the effect Grasshoppers, the Jester)
    cannot be counted, so they are never drawn."""
    kind = R.CODES[code.upper()][0]
    covered = U.COVERED_PIECES if kind[0] == 'piece' else U.COVERED_PAWNS
    return kind[1] in covered or kind in M.GEN


def library():
    lib = tomllib.load(open(LIB, 'rb'))
    kinds = []
    for p in lib['piece']:
        # The mechanism kinds are drawn by the `mech` set alone (kept out of
        # the other sets' draws should the library list them); kinds the
        # reference does not model are drawn by none (the library gained
        # them after the sets were drawn, so leaving them out keeps every
        # draw as it was).
        if p.get('royal', False) or p['code'] in MECH or not modelled(p['code']):
            continue
        kinds.append((p['code'], bool(p.get('pawn', False))))
    return kinds


def token(code, white):
    text = code if white else code.lower()
    return text if len(code) == 1 else '{' + text + '}'


def fen_of(squares):
    rows = []
    for y in range(7, -1, -1):
        row, run = '', 0
        for x in range(8):
            t = squares.get((x, y))
            if t is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += t
        if run:
            row += str(run)
        rows.append(row)
    return '/'.join(rows) + ' w - - 0 1'


def draw(rng, kinds, new):
    plain = [k for k in kinds if k[0] not in NEW]
    newer = [k for k in kinds if k[0] in NEW]
    army = {}
    for white in (True, False):
        if new:
            walked = [k for k in newer if k[0] in WALKED]
            first = [rng.pick(walked)]
            rest = [k for k in newer if k != first[0]]
            chosen = first + rng.sample(rest, 3)
            others = [k for k in kinds if k not in chosen]
            chosen += rng.sample(others, 11)
        else:
            chosen = rng.sample(plain, 15)
        army[white] = chosen
    return place_armies(rng, army)


def draw_mech(rng, kinds, index):
    """A `mech` position: four of the eleven mechanism kinds a side, the
    first of them fixed by the position's index so that the eight positions
    hold all eleven (White takes MECH[2i mod 11], Blue MECH[2i+1 mod 11]),
    the other three drawn; then 11 kinds of the library."""
    army = {}
    for white in (True, False):
        first = MECH[(2 * index + (0 if white else 1)) % len(MECH)]
        rest = [k for k in MECH if k != first]
        chosen = [(c, c in MECH_PAWNS) for c in [first] + rng.sample(rest, 3)]
        chosen += rng.sample(kinds, 11)
        army[white] = chosen
    return place_armies(rng, army)


def place_armies(rng, army):
    squares = {}
    free = [(x, y) for y in range(8) for x in range(8)]

    def place(t, allowed):
        spots = [s for s in free if s[1] in allowed]
        s = rng.pick(spots)
        free.remove(s)
        squares[s] = t

    for white in (True, False):
        place(token('K', white), range(8))
        for code, pawn in army[white]:
            place(token(code, white), range(2, 6) if pawn else range(8))
    return fen_of(squares)


def hop_opens_en_passant(board):
    """A White Jumping Pawn right behind a White pawn could hop at once."""
    for (x, y), (kind, colour, _) in board.items():
        if colour == 'w' and kind == ('pawn', 13):
            ahead = board.get((x, y + 1))
            if ahead and ahead[1] == 'w' and ahead[0][0] == 'pawn':
                return True
    return False


def positions():
    kinds = library()
    out = []
    for label, family in [('plain', 0), ('new', 1), ('mech', 2)]:
        seed, made = 0, 0
        while made < 8:
            seed += 1
            rng = SplitMix64(family << 32 | seed)
            if family == 2:
                fen = draw_mech(rng, kinds, made)
            else:
                fen = draw(rng, kinds, family == 1)
            board, _ = R.parse_fen(fen)
            if R.attacked_royal(board, 'b') or R.attacked_royal(board, 'w') or hop_opens_en_passant(board):
                continue
            if next(R.legal(board, 'w'), None) is None:
                continue
            made += 1
            out.append((f'{label}-{made}', fen))
    return out


if __name__ == '__main__':
    counts = '--counts' in sys.argv
    sets = [a for a in sys.argv[1:] if not a.startswith('--')]
    for label, fen in positions():
        if sets and label.split('-')[0] not in sets:
            continue
        if counts:
            board, side = R.parse_fen(fen)
            d1 = R.perft(board, side, 1)
            d2 = R.perft(board, side, 2)
            print(f'{label} ; {fen} ; - ; D1 {d1} ; D2 {d2} ; src uc_perft.py', flush=True)
        else:
            print(f'{label} ; {fen}')
