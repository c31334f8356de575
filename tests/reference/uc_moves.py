#!/usr/bin/env python3
"""Independent reference for the movement of the UC-170-17 kinds.

Written from `docs/variants/uc-170-17-readings.md` (authoritative), `docs/variants/uc-170-17-rules.md`
sections 6, 6b, 7 and rule decisions 16-19 of `docs/variants/rule-decisions.md` -- NOT from the
engine, its movement code or any Betza parser.  Every kind is written as plain
geometry (leaps, slides, bent paths, ...).  Standard library only.

    python3 tests/reference/uc_moves.py --check        # self-check only
    python3 tests/reference/uc_moves.py > tests/data/uc/destinations.txt

The output format is described in the header the script writes (see HEADER).

Board model: 8 x 8, files a-h = x 0..7, ranks 1-8 = y 0..7.  Every kind is
written for White (forward = +y); Black's moves are White's on the board
turned 180 degrees (square (x, y) -> (7-x, 7-y)), then turned back.  Only
the Querquisite looks at the absolute file it stands on.

Decisions where the readings leave a case open (from the prose):
- 127-131 crooked nightriders: the partner v2 of v1 is every knight vector
  with v1 + v2 an image of the kind's axis ((1,1), (0,2), (3,1), (3,3),
  (0,4)), as the readings state.  Rules 7.5's column "(b, a) (swap)" etc. is
  only right for v1 in the first quadrant: applied literally to (2,-1) it
  gives (-1,2), i.e. the (1,1) axis of 127 instead of 130's (3,3).
- 31 Reflecting Bishop: a bishop standing in a corner moves out of it (the
  corner stop ends a path that *reaches* a corner); the path's squares
  include the start, so a path ends before re-entering any of them.
- 32 RFW: the W square and the start are on the path (never re-entered).
- 29 Harvestman / 32 RFW: the continuation needs the W square empty; both
  outward diagonals; 29 with both zig-zag partners of its first diagonal.
- 103 Lion: igui and the pass have destination = origin; the pass exists
  whenever some adjacent square is empty.
- 166 Windmill: a ring square off the board stops that sense (it must be
  "empty and on the board"); pivots of either colour; a friend on the ring
  stops that sense.
- 169 Querquisite: the file is absolute (a Black Querquisite on the d-file is
  a Queen too, not turned with the board).
- P13 Jumping Pawn: the hop needs a friendly man of a pawn kind on the square
  directly ahead (open question 21) and the square beyond empty and not on
  the last rank; Seenschach's "rear pawn of a tripled stack may not jump" is
  not modelled (not in the readings).  From the second rank the 2- and
  3-square advances need every square up to the landing empty.
- P14 Frog: a segment (pair of squares) may be used once, in either
  direction; enemies hopped leave the board at once (so a later hop cannot
  use them); friends stay.
- Pawn kinds make their i moves only from their own second rank; a pawn on
  its first rank moves like any other.

A move is identified by its EFFECT: (destination, sorted captured enemy
squares).  Moves with equal effect are one move.  A pass is destination =
origin with nothing captured.
"""

import random
import sys

N = 8

# ---------------------------------------------------------------------------
# Names, exactly as the Name column of rules-file sections 6 and 6b.

PIECE_NAMES = {
    1: 'King', 2: 'Queen', 3: 'Rook', 4: 'Bishop', 5: 'Knight', 6: 'Royal Knight', 7: 'Amazon',
    8: 'Chancellor', 9: 'Archbishop', 10: 'Amazonrider', 11: 'Chancellorrider',
    12: 'Archbishoprider', 13: 'Nightrider', 14: 'Rose', 15: 'Rose/Rook', 16: 'Rose/Bishop',
    17: 'Ubi-Ubi', 18: 'Knightwazirzee', 19: 'Knightferzee', 20: 'Sissa', 21: 'Squeen',
    22: 'Cylindrical Queen', 23: 'Cylindrical Rook', 24: 'Cylindrical Bishop',
    25: 'RF (Dragon King)', 26: 'Crooked Rook', 27: 'BW (Dragon Horse)',
    28: 'Crooked Bishop (Boyscout)', 29: "Seenschach's Harvestman", 30: 'Crooked Bishop/Wazir',
    31: 'Reflecting Bishop', 32: 'RFW', 33: 'ND', 34: 'NE (Knight+Alfil)', 35: 'Pao (Cannon)',
    36: 'Vao', 37: 'PaoVao (Leo)', 38: 'NW', 39: 'NF', 40: 'NG (Knight+Guard)', 41: 'Eohippo',
    42: 'Fischer', 43: 'Top Heart', 44: 'Bottom Heart', 45: 'Chameleon', 46: 'Long Leaper',
    47: 'Swapper', 48: 'Withdrawer', 49: 'Advancer', 50: 'Pushme-Pullyu', 51: 'Immobilizer',
    52: "Fuge's Archer", 53: "Fuge's Shield", 54: "Ultima's Coordinator", 55: 'Wazir',
    56: 'Ferz', 57: 'Woody Rook', 58: 'Warmachine/Ferz', 59: 'Waffle', 60: 'Alfil/Ferz',
    61: 'NQ', 62: 'QN', 63: 'NR', 64: 'RN', 65: 'NB', 66: 'BN', 67: 'BR', 68: 'RB', 69: 'Bede',
    70: 'Charging Knight', 71: 'Fibnif', 72: 'Fad', 73: 'Colonel', 74: 'Half-Duck',
    75: 'Charging Rook', 76: 'Siege Engine', 77: 'Siege Engine Alfil', 78: 'Dabbabah Alfil',
    79: 'Dabbabahrider', 80: 'Alfilrider', 81: 'Gryphon', 82: 'Aanca', 83: 'War Elephant',
    84: 'Shaman (Bent Shaman)', 85: 'Hero', 86: 'Jumping King', 87: 'Zigzag General',
    88: 'Minister', 89: 'High Priestess', 90: 'Twisted Knight', 91: 'fleXible Knight',
    92: 'Oliphant', 93: 'Lightning Warmachine', 94: 'Sliding General', 95: 'Guard',
    96: 'Half Queen', 97: 'Half Rook', 98: 'Half Bishop', 99: 'Lance', 100: 'Gold General',
    101: 'Silver General', 102: 'Honorable Horse', 103: 'Shishi (Lion)',
    104: 'Kakuo (Horned Falcon)', 105: 'Hiju (Soaring Eagle)', 106: 'Higyu (Flying Ox)',
    107: 'Honcho (Free Boar)', 108: 'Hakku (White Horse)', 109: 'Keigei (Whale)',
    110: 'Kengyo (Vertical Mover)', 111: 'Ogyo (Side Mover)', 112: 'Hiroku (Flying Stag)',
    113: 'Hansha (Reverse Chariot)', 114: 'Suizo (Drunk Elephant)', 115: 'Moko (Blind Tiger)',
    116: 'Mohyo (Ferocious Leopard)', 117: 'Blind Monkey', 118: 'Reclining Dragon',
    119: 'Evil Wolf', 120: 'Old Monkey', 121: 'Copper General', 122: 'Coiled Serpent',
    123: 'Iron General', 124: 'Tile General', 125: 'Stone General', 126: 'Chunin (Go-between)',
    127: 'zNN11 Diagonal Wide Crooked Nightrider', 128: 'zNN02 Straight Wide Crooked Nightrider',
    129: 'zNN31 Quintessence', 130: 'zNN33 Diagonal Narrow Crooked Nightrider',
    131: 'zNN04 Straight Narrow Crooked Nightrider', 132: 'Falcon', 133: 'Scorpion',
    134: 'Dragon', 135: 'Barc', 136: 'Crab', 137: 'Barcrider', 138: 'Crabrider',
    139: 'Crabwazir', 140: 'Crabferz', 141: 'Crabdabbabah', 142: 'Crabalfil',
    143: 'Grasshopper', 144: 'Andernach Grasshopper', 145: 'Einstein Grasshopper',
    146: 'Circe Grasshopper', 147: 'Andernach-Einstein-Circe Grasshopper', 148: 'Anti-King',
    149: 'Rhino', 150: 'Squirrel', 151: 'Camel', 152: 'Zebra', 153: 'Giraffe', 154: 'Antelope',
    155: 'Gnu', 156: 'Bison', 157: 'Camel/Wazir', 158: 'Camel/Ferz', 159: 'Camel/Wazir/Ferz',
    160: 'Camel/Queen', 161: 'Buffalo', 162: 'Flamingo', 163: 'Root-fifty leaper',
    164: 'Mamra', 165: 'Wuss', 166: 'Windmill', 167: 'Jester', 168: 'Orphan',
    169: 'Querquisite', 170: 'Friend',
}
PAWN_NAMES = {
    1: 'Pawn', 2: 'Cannon Pawn', 3: 'Pincer Pawn', 4: 'Shogi Pawn', 5: 'Berolina Pawn',
    6: 'Sergeant Pawn', 7: 'Berolina-Plus Pawn', 8: 'Steward', 9: 'Camel Pawn',
    10: 'Knight Pawn', 11: 'XJ Pawn', 12: 'Eurasian Pawn', 13: 'Jumping Pawn', 14: 'Frog',
    15: 'Orphan Pawn', 16: 'Scorpion Pawn', 17: 'Moose Pawn',
}
EXCLUDED_PIECES = {17, *range(45, 55), *range(144, 149), 164, 165, 167, 168, 170}
EXCLUDED_PAWNS = {3, 15}
COVERED_PIECES = [k for k in sorted(PIECE_NAMES) if k not in EXCLUDED_PIECES]
COVERED_PAWNS = [k for k in sorted(PAWN_NAMES) if k not in EXCLUDED_PAWNS]

# ---------------------------------------------------------------------------
# Board.  `occ` maps (x, y) -> 'F' (friend of the mover), 'E' (enemy) or
# 'I' (an enemy the mover cannot take: immune; uc_mech.py sets it; it is
# neither landed on nor captured, but a Frog may hop over it);
# `pawns` is the set of occupied squares holding a pawn (P1 filler).


class Board:
    def __init__(self, occ=None, pawns=()):
        self.occ = dict(occ or {})
        self.pawns = set(pawns)

    def empty(self, s):
        return s not in self.occ

    def friend(self, s):
        return self.occ.get(s) == 'F'

    def enemy(self, s):
        return self.occ.get(s) == 'E'

    def turned(self):
        """The board turned 180 degrees (for Black's frame)."""
        return Board({rot(s): c for s, c in self.occ.items()}, {rot(s) for s in self.pawns})


def on(s):
    return 0 <= s[0] < N and 0 <= s[1] < N


def add(s, v, k=1):
    return (s[0] + k * v[0], s[1] + k * v[1])


def rot(s):
    return (N - 1 - s[0], N - 1 - s[1])


def name(s):
    return 'abcdefgh'[s[0]] + str(s[1] + 1)


def parse(n):
    return ('abcdefgh'.index(n[0]), int(n[1:]) - 1)


def sign(a):
    return (a > 0) - (a < 0)


class Ctx:
    """What a generator sees: board, origin, moves collected."""

    def __init__(self, board, origin, absfile):
        self.b = board
        self.o = origin
        self.absfile = absfile  # file (0..7) of the origin on the real board
        self.moves = set()

    def emit(self, dest, caps=()):
        self.moves.add((dest, frozenset(caps)))

    # --- a final landing: empty (move) or enemy (capture) -------------------
    def land(self, dest, mode='mc'):
        if not on(dest) or dest == self.o:
            return
        if self.b.empty(dest):
            if 'm' in mode:
                self.emit(dest)
        elif self.b.enemy(dest):
            if 'c' in mode:
                self.emit(dest, [dest])

    def leaps(self, vecs, mode='mc'):
        for v in vecs:
            self.land(add(self.o, v), mode)

    def slides(self, vecs, limit=None, mode='mc'):
        """Riders: repeat vector v over empty squares (leap vectors jump)."""
        for v in vecs:
            s = self.o
            k = 0
            while True:
                s = add(s, v)
                k += 1
                if not on(s) or (limit is not None and k > limit):
                    break
                if self.b.empty(s):
                    if 'm' in mode:
                        self.emit(s)
                    continue
                if self.b.enemy(s) and 'c' in mode:
                    self.emit(s, [s])
                break

    def path(self, squares, mode='mc'):
        """A path of landings: all but the last on the board and empty."""
        for s in squares[:-1]:
            if not on(s) or not self.b.empty(s):
                return
        self.land(squares[-1], mode)


# ---------------------------------------------------------------------------
# Vector sets (White's frame, forward = +y).

def sym8(a, b):
    """All images of (a, b) under the 8 symmetries of the square."""
    out = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((sx * x, sy * y))
    return sorted(out)


W = sym8(0, 1)
F = sym8(1, 1)
K = W + F
D = sym8(0, 2)
A = sym8(2, 2)
H = sym8(0, 3)
NV = sym8(1, 2)
C = sym8(1, 3)
Z = sym8(2, 3)
G = sym8(1, 4)   # Giraffe
AN = sym8(3, 4)  # Antelope
FL = sym8(1, 6)  # Flamingo
R50 = sym8(5, 5) + sym8(1, 7)


def fwd(vs):
    return [v for v in vs if v[1] > 0]


def bwd(vs):
    return [v for v in vs if v[1] < 0]


def side(vs):
    return [v for v in vs if v[1] == 0]


def vert(vs):
    return [v for v in vs if v[0] == 0]


def narrow(vs):  # |dy| > |dx|
    return [v for v in vs if abs(v[1]) > abs(v[0])]


def wide(vs):  # |dx| > |dy|
    return [v for v in vs if abs(v[0]) > abs(v[1])]


fN = fwd(NV)              # (+-1,+2) (+-2,+1)
bN = bwd(NV)
ffN = narrow(fwd(NV))     # (+-1,+2)
fsN = wide(fwd(NV))       # (+-2,+1)
bbN = narrow(bwd(NV))     # (+-1,-2)
bsN = wide(bwd(NV))       # (+-2,-1)

# ---------------------------------------------------------------------------
# Special movers.


def rose(c):
    """Rose (14): 1-7 knight leaps, each vector the next in angular order in
    one fixed sense; landings before the last empty; no full-circle pass
    (readings table A, `qN7`)."""
    cyc = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]
    for i0 in range(8):
        for sense in (1, -1):
            s = c.o
            for k in range(7):
                s = add(s, cyc[(i0 + sense * k) % 8])
                if not on(s):
                    break
                if s == c.o:
                    break
                if c.b.empty(s):
                    c.emit(s)
                    continue
                if c.b.enemy(s):
                    c.emit(s, [s])
                break


def two_leg(c, legs1, legs2_of, one_leg=True):
    """Generic two-leg mover: leg 1 from legs1 (leaps; a W/F/K leg is a single
    step so 'leaping' is the same thing); leg 1 must land on an empty square
    to go on; leg 2 from legs2_of(v1); the move never ends on its start."""
    for v1 in legs1:
        s1 = add(c.o, v1)
        if not on(s1):
            continue
        if one_leg:
            c.land(s1)
        if not c.b.empty(s1):
            continue
        for v2 in legs2_of(v1):
            c.land(add(s1, v2))


def turn_left(v):
    return (-v[1], v[0])


def turn_right(v):
    return (v[1], -v[0])


def hearts(c, top):
    """43 Top Heart: F; then optionally r, r, f (or l, l, f).
    44 Bottom Heart: F; then optionally f, r, r (or f, l, l).
    All single diagonal steps over empty squares (rules 7.1)."""
    for d in F:
        for turn in (turn_left, turn_right):
            if top:
                seq = [d, turn(d), turn(turn(d)), turn(turn(d))]
            else:
                seq = [d, d, turn(d), turn(turn(d))]
            s = c.o
            landings = []
            for v in seq:
                s = add(s, v)
                landings.append(s)
                c.path(list(landings))
                if not on(s) or not c.b.empty(s):
                    break


def sissa(c):
    """20 Sissa: n orthogonal steps in one direction then n diagonal steps in
    any one diagonal direction, or n diagonal then n orthogonal; n >= 1; all
    passed squares empty, capture only on the last (rules 7.7)."""
    for first, second in ((W, F), (F, W)):
        for v1 in first:
            for n in range(1, N):
                mid = [add(c.o, v1, k) for k in range(1, n + 1)]
                if not all(on(s) and c.b.empty(s) for s in mid):
                    break
                for v2 in second:
                    c.path(mid + [add(mid[-1], v2, k) for k in range(1, n + 1)])


def cylinder(c, vecs):
    """22-24: files a and h adjacent, ranks do not wrap; a ray stops before
    re-entering its start (rules 7.13)."""
    for v in vecs:
        s = c.o
        while True:
            s = ((s[0] + v[0]) % N, s[1] + v[1])
            if not on(s) or s == c.o:
                break
            if c.b.empty(s):
                c.emit(s)
                continue
            if c.b.enemy(s):
                c.emit(s, [s])
            break


def crooked(c, starts):
    """Crooked rider.  `starts` is a list of (start square, v1, v2, prefix):
    steps alternate v1, v2, v1, ... from the start square; every landing before
    the last (and every square of `prefix`) empty; may stop on any landing."""
    for start, v1, v2, prefix in starts:
        if not all(on(s) and c.b.empty(s) for s in prefix):
            continue
        s = start
        k = 0
        while True:
            s = add(s, v1 if k % 2 == 0 else v2)
            k += 1
            if not on(s) or s == c.o:
                break
            if c.b.empty(s):
                c.emit(s)
                continue
            if c.b.enemy(s):
                c.emit(s, [s])
            break


def perp_diag(d):
    return [turn_left(d), turn_right(d)]


def crooked_rook(c):
    """26 zR: orthogonal steps alternating between two perpendicular
    directions (staircase), 8 paths (rules 7.8)."""
    crooked(c, [(c.o, v1, v2, []) for v1 in W for v2 in (turn_left(v1), turn_right(v1))])


def crooked_bishop(c):
    """28 zB: diagonal steps alternating between perpendicular diagonals."""
    crooked(c, [(c.o, v1, v2, []) for v1 in F for v2 in perp_diag(v1)])


def outward_diags(w):
    """The two diagonals at 45 degrees to orthogonal w, pointing outward."""
    if w[0] == 0:
        return [(1, w[1]), (-1, w[1])]
    return [(w[0], 1), (w[0], -1)]


def harvestman(c):
    """29: W; or W to an empty square, then a crooked bishop from there whose
    first step is 45 degrees outward (either side), either zig-zag partner
    (readings table B; rules 7.9)."""
    c.leaps(W)
    starts = []
    for w in W:
        s1 = add(c.o, w)
        for d1 in outward_diags(w):
            for d2 in perp_diag(d1):
                starts.append((s1, d1, d2, [s1]))
    crooked(c, starts)


def reflect_ray(c, start, d, visited):
    """Reflecting bishop ray from `start` in diagonal direction d.  A step
    that would leave the board through a side continues with that coordinate
    mirrored; a path that reaches a corner stops there; a path ends where it
    would re-enter a square already on it (or its start) (rules 7.10)."""
    s = start
    dx, dy = d
    seen = set(visited)
    while True:
        if (s[0], s[1]) in CORNERS and s != start:
            return  # stopped in a corner (already emitted)
        if not 0 <= s[0] + dx < N:
            dx = -dx
        if not 0 <= s[1] + dy < N:
            dy = -dy
        n = (s[0] + dx, s[1] + dy)
        if n in seen or not on(n):
            return
        seen.add(n)
        if c.b.empty(n):
            c.emit(n)
            s = n
            continue
        if c.b.enemy(n):
            c.emit(n, [n])
        return


CORNERS = {(0, 0), (0, N - 1), (N - 1, 0), (N - 1, N - 1)}


def reflecting_bishop(c):
    # Decision: a Reflecting Bishop standing in a corner itself may still move
    # out of it (the corner stop applies to a path that *reaches* a corner).
    for d in F:
        reflect_ray(c, c.o, d, {c.o})


def rfw(c):
    """32: W; or W to an empty square then a reflecting bishop move starting
    45 degrees outward (rules 7.10; readings table B)."""
    c.leaps(W)
    for w in W:
        s1 = add(c.o, w)
        if not on(s1) or not c.b.empty(s1):
            continue
        for d in outward_diags(w):
            # The W square and the start are on the path: never re-entered.
            reflect_ray(c, s1, d, {c.o, s1})


def hopper_cannon(c, vecs):
    """Pao/Vao: move as a slider to empty squares; capture by jumping exactly
    one man (either side) and taking the first man beyond if an enemy."""
    c.slides(vecs, mode='m')
    for v in vecs:
        s = add(c.o, v)
        while on(s) and c.b.empty(s):
            s = add(s, v)
        if not on(s):
            continue
        s = add(s, v)
        while on(s) and c.b.empty(s):
            s = add(s, v)
        if on(s) and c.b.enemy(s):
            c.emit(s, [s])


def grasshopper(c):
    """143 gQ: along a queen line over the first man (either side) to the
    square just beyond: empty or enemy."""
    for v in K:
        s = add(c.o, v)
        while on(s) and c.b.empty(s):
            s = add(s, v)
        if on(s):
            c.land(add(s, v))


def halfling(c, vecs):
    """96-98: in each direction at most ceil(n/2) squares, n = squares to the
    edge that way on the empty board (rules 7.11)."""
    for v in vecs:
        n = 0
        s = add(c.o, v)
        while on(s):
            n += 1
            s = add(s, v)
        c.slides([v], limit=(n + 1) // 2)


def lion(c):
    """103 Shishi (readings table B): leaps to the 24 squares of the 5x5 box;
    or two king steps: the first may capture (then the second may capture,
    move to an empty square or step back to the start = igui); first to an
    empty square and back = pass (destination = origin)."""
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            if (dx, dy) != (0, 0):
                c.land(add(c.o, (dx, dy)))
    for v1 in K:
        s1 = add(c.o, v1)
        if not on(s1) or c.b.friend(s1):
            continue
        caps1 = [s1] if c.b.enemy(s1) else []
        for v2 in K:
            s2 = add(s1, v2)
            if not on(s2):
                continue
            if s2 == c.o:
                c.emit(c.o, caps1)  # igui, or pass when caps1 is empty
            elif c.b.empty(s2):
                c.emit(s2, caps1)
            elif c.b.enemy(s2):
                c.emit(s2, caps1 + [s2])


def multipath(c, steps):
    """132-134 Falcon/Scorpion/Dragon (rules 7.12, readings A): destination
    (x, y) with |y| = steps, 1 <= |x| < steps (and the transposes); O step =
    (0, sign y), D step = (sign x, sign y); |x| D steps and steps-|x| O steps
    in any order; reachable if some order has all intermediate squares empty."""
    from itertools import permutations
    for x in range(1, steps):
        for (dx, dy) in sym8(x, steps):
            if abs(dy) == steps:
                o, d = (0, sign(dy)), (sign(dx), sign(dy))
            else:
                o, d = (sign(dx), 0), (sign(dx), sign(dy))
            dest = add(c.o, (dx, dy))
            if not on(dest):
                continue
            seq0 = [d] * x + [o] * (steps - x)
            for seq in set(permutations(seq0)):
                s = c.o
                ok = True
                for v in seq[:-1]:
                    s = add(s, v)
                    if not on(s) or not c.b.empty(s):
                        ok = False
                        break
                if ok:
                    c.land(dest)
                    break


def crooked_nightrider(c, kind):
    """127-131 (rules 7.5; readings B): leaps alternate v1, v2 (knight
    vectors) where v1 + v2 is an image of the kind's axis: 127 (1,1),
    128 (0,2), 129 (3,1) (two partners per v1), 130 (3,3), 131 (0,4).
    (The table's "(b, a) (swap)" etc. are stated for v1 = (1,2); the axis
    is the definition that holds for every sign.)  Landings before the last
    empty; may stop on any landing."""
    axis = {127: (1, 1), 128: (0, 2), 129: (3, 1), 130: (3, 3), 131: (0, 4)}[kind]
    images = set(sym8(*axis))
    starts = []
    for v1 in NV:
        for v2 in NV:
            if (v1[0] + v2[0], v1[1] + v2[1]) in images:
                starts.append((c.o, v1, v2, []))
    crooked(c, starts)


def windmill(c):
    """166 (rules 7.14; readings B): pick an adjacent occupied square as
    pivot; go round the pivot's 8 neighbours one ring square at a time, either
    sense; passed ring squares empty and on the board; stop on any empty one
    or capture the first enemy met; never the start."""
    for v in K:
        p = add(c.o, v)
        if not on(p) or c.b.empty(p):
            continue
        ring = [add(p, u) for u in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]]
        i0 = ring.index(c.o)
        for sense in (1, -1):
            for k in range(1, 8):
                s = ring[(i0 + sense * k) % 8]
                if not on(s):
                    break
                if c.b.empty(s):
                    c.emit(s)
                    continue
                if c.b.enemy(s):
                    c.emit(s, [s])
                break


def querquisite(c):
    """169 (rules 7.15; readings B): by the file it stands on (absolute):
    a, h R; b, g N; c, f B; d Q; e K."""
    f = c.absfile
    if f in (0, 7):
        c.slides(W)
    elif f in (1, 6):
        c.leaps(NV)
    elif f in (2, 5):
        c.slides(F)
    elif f == 3:
        c.slides(K)
    else:
        c.leaps(K)


# ---------------------------------------------------------------------------
# Pawns.  `first` = the pawn stands on its own second rank (White rank 2),
# so its i moves are allowed.  No promotion, no en passant here.


def std_pawn(c, first):
    c.leaps([(0, 1)], 'm')
    c.leaps([(1, 1), (-1, 1)], 'c')
    if first:
        c.path([add(c.o, (0, 1)), add(c.o, (0, 2))], 'm')


def jumping_pawn(c, first):
    """P13 (readings B, rules 7.16): steps f, l, r to empty; captures fl, fr;
    first move 2 or 3 forward through empty squares; hop straight forward over
    an adjacent friendly pawn (any pawn kind) to the empty square beyond, not
    onto the last rank.
    Decision: the Seenschach remark "the rear pawn of a tripled stack may not
    jump" is not modelled (the readings do not carry it; with adjacent pawns
    the landing square of such a jump is occupied anyway)."""
    c.leaps([(0, 1), (1, 0), (-1, 0)], 'm')
    c.leaps([(1, 1), (-1, 1)], 'c')
    if first:
        c.path([add(c.o, (0, 1)), add(c.o, (0, 2))], 'm')
        c.path([add(c.o, (0, 1)), add(c.o, (0, 2)), add(c.o, (0, 3))], 'm')
    ahead = add(c.o, (0, 1))
    beyond = add(c.o, (0, 2))
    if (on(beyond) and beyond[1] != N - 1 and c.b.friend(ahead) and ahead in c.b.pawns
            and c.b.empty(beyond)):
        c.emit(beyond)


def frog(c, first):
    """P14 (readings B, rules 7.17): hops over an adjacent man (either side)
    in direction f, fl, fr, l, r to the empty square directly beyond; may
    chain hops from the landing square, never retracing a segment (a segment
    is used at most once, either way); every enemy hopped is captured and
    removed at once, except one it cannot take ('I', immune: hopped over,
    taking nothing; hopping is not capturing); may stop after any hop.  It
    cannot step.
    Decision: the Frog's own start square counts as empty once it has left
    (it can only matter for a sideways hop over a man next to the start,
    which would retrace... no: such a hop lands two squares away)."""
    dirs = [(0, 1), (1, 1), (-1, 1), (-1, 0), (1, 0)]
    occ0 = dict(c.b.occ)

    def dfs(s, occ, caps, used):
        for v in dirs:
            over = add(s, v)
            dest = add(s, v, 2)
            if not on(dest) or over not in occ or dest in occ:
                continue
            seg = frozenset((s, dest))
            if seg in used:
                continue
            occ2 = occ
            caps2 = caps
            if occ[over] == 'E':
                occ2 = dict(occ)
                del occ2[over]
                caps2 = caps | {over}
            c.emit(dest, caps2)
            dfs(dest, occ2, caps2, used | {seg})

    occ0.pop(c.o, None)
    dfs(c.o, occ0, frozenset(), frozenset())


def cannon_pawn(c, first):
    """P2 (6b): non-capturing single step any of 8 directions; or jump over an
    adjacent man (either side) in any of 8 directions to the square just
    beyond: non-capturing if empty, capturing if an enemy."""
    c.leaps(K, 'm')
    for v in K:
        if on(add(c.o, v)) and not c.b.empty(add(c.o, v)):
            c.land(add(c.o, v, 2))


def pawn_gen(kind):
    def g(c, first):
        if kind == 1:
            std_pawn(c, first)
        elif kind == 2:
            cannon_pawn(c, first)
        elif kind == 4:  # Shogi: step f moving or capturing
            c.leaps([(0, 1)])
        elif kind in (5, 7):  # Berolina (+ side captures for 7)
            c.leaps([(1, 1), (-1, 1)], 'm')
            c.leaps([(0, 1)], 'c')
            if kind == 7:
                c.leaps([(1, 0), (-1, 0)], 'c')
            if first:
                for dx in (1, -1):
                    c.path([add(c.o, (dx, 1)), add(c.o, (2 * dx, 2))], 'm')
        elif kind == 6:  # Sergeant: f, fl, fr moving or capturing; both doubles
            c.leaps([(0, 1), (1, 1), (-1, 1)])
            if first:
                c.path([add(c.o, (0, 1)), add(c.o, (0, 2))], 'm')
                for dx in (1, -1):
                    c.path([add(c.o, (dx, 1)), add(c.o, (2 * dx, 2))], 'm')
        elif kind == 8:  # Steward
            c.leaps(W, 'm')
            c.leaps(F, 'c')
        elif kind == 9:  # Camel Pawn: + all four forward camel leaps, non-capturing
            std_pawn(c, first)
            c.leaps(fwd(C), 'm')
        elif kind == 10:  # Knight Pawn
            std_pawn(c, first)
            c.leaps(fN, 'm')
        elif kind == 11:  # XJ: f, l, r moving or capturing
            c.leaps([(0, 1), (1, 0), (-1, 0)])
        elif kind == 12:  # Eurasian: pawn that may also capture f
            std_pawn(c, first)
            c.leaps([(0, 1)], 'c')
        elif kind == 13:
            jumping_pawn(c, first)
        elif kind == 14:
            frog(c, first)
        elif kind == 16:  # Scorpion Pawn: + (+-2,+1) non-capturing
            std_pawn(c, first)
            c.leaps(fsN, 'm')
        elif kind == 17:  # Moose Pawn: + (+-3,+1) non-capturing
            std_pawn(c, first)
            c.leaps(fsN, 'm')
            c.leaps([(3, 1), (-3, 1)], 'm')
        else:
            raise ValueError(kind)
    return g


# ---------------------------------------------------------------------------
# Pieces.

def piece_gen(k):
    L = lambda *sets: (lambda c: [c.leaps(s) for s in sets])  # noqa: E731
    S = lambda *sets: (lambda c: [c.slides(s) for s in sets])  # noqa: E731

    def both(*gens):
        return lambda c: [g(c) for g in gens]

    def zee(second):  # 18/19 (rules 7.2): one or two legs from {N, X}
        return lambda c: two_leg(c, NV + second, lambda v1: NV + second)

    def shaman(a, b):  # 84/85: X; Y; X then Y; Y then X; any direction
        def g(c):
            two_leg(c, a, lambda v1: b)
            two_leg(c, b, lambda v1: a)
        return g

    def any_two(legs):  # 87/90/91: one or two legs, 2nd any direction, no null
        return lambda c: two_leg(c, legs, lambda v1: legs)

    def straight_two(unit):  # 92/93: legs (unit or 2*unit), 2nd same direction
        def g(c):
            for u in unit:
                for a in (1, 2):
                    s1 = add(c.o, u, a)
                    if not on(s1):
                        continue
                    c.land(s1)
                    if c.b.empty(s1):
                        for b in (1, 2):
                            c.land(add(s1, u, b))
        return g

    def bent_slide(steps, outward):  # 81 Gryphon / 82 Aanca: step then slide outward
        def g(c):
            c.leaps(steps)
            for v in steps:
                s1 = add(c.o, v)
                if not on(s1) or not c.b.empty(s1):
                    continue
                for u in outward(v):
                    s = s1
                    while True:
                        s = add(s, u)
                        if not on(s):
                            break
                        if c.b.empty(s):
                            c.emit(s)
                            continue
                        if c.b.enemy(s):
                            c.emit(s, [s])
                        break
        return g

    def diag_components(d):
        return [(d[0], 0), (0, d[1])]

    table = {
        1: L(K), 2: S(K), 3: S(W), 4: S(F), 5: L(NV), 6: L(NV),
        7: both(S(K), L(NV)), 8: both(S(W), L(NV)), 9: both(S(F), L(NV)),
        10: S(K, NV), 11: S(W, NV), 12: S(F, NV), 13: S(NV),
        14: rose, 15: both(rose, S(W)), 16: both(rose, S(F)),
        18: zee(W), 19: zee(F),
        20: sissa, 21: both(S(K), sissa),
        22: lambda c: cylinder(c, K), 23: lambda c: cylinder(c, W), 24: lambda c: cylinder(c, F),
        25: both(S(W), L(F)), 26: crooked_rook, 27: both(S(F), L(W)),
        28: crooked_bishop, 29: harvestman, 30: both(crooked_bishop, L(W)),
        31: reflecting_bishop, 32: rfw,
        33: L(NV, D), 34: L(NV, A),
        35: lambda c: hopper_cannon(c, W), 36: lambda c: hopper_cannon(c, F),
        37: lambda c: hopper_cannon(c, K),
        38: L(NV, W), 39: L(NV, F), 40: L(NV, K),
        41: L(NV, vert(W)), 42: both(L(NV), S(vert(W))),
        43: lambda c: hearts(c, True), 44: lambda c: hearts(c, False),
        55: L(W), 56: L(F), 57: L(W, D), 58: L(F, D), 59: L(W, A), 60: L(F, A),
        61: both(L(fN), S(bwd(K))),                         # NQ fhNbRbB
        62: both(S(fwd(K)), L(bN)),                         # QN fRfBbhN
        63: both(L(fN), S([(0, -1)])),                      # NR
        64: both(S([(0, 1)]), L(bN)),                       # RN
        65: both(L(fN), S(bwd(F))),                         # NB
        66: both(S(fwd(F)), L(bN)),                         # BN
        67: S(fwd(F), [(0, -1)]),                          # BR fBbR
        68: S([(0, 1)], bwd(F)),                            # RB fRbB
        69: both(S(F), L(D)),                               # Bede
        70: both(L(fN), L([(1, 0), (-1, 0), (0, -1)], bwd(F))),   # Charging Knight
        71: L(F, narrow(NV)),                               # Fibnif FvN
        72: L(F, A, D), 73: both(S([(0, 1), (1, 0), (-1, 0)]), L(fN, K)),  # Colonel
        74: L(F, D, H),
        75: both(S([(0, 1), (1, 0), (-1, 0)]), L([(0, -1)], bwd(F))),   # Charging Rook
        76: L(W, H), 77: L(W, A, H), 78: L(A, D), 79: S(D), 80: S(A),
        81: bent_slide(F, diag_components),                  # Gryphon
        82: bent_slide(W, outward_diags),                    # Aanca
        # 83 War Elephant: F, then optionally F straight on or at 90 degrees
        83: lambda c: two_leg(c, F, lambda v1: [v1, turn_left(v1), turn_right(v1)]),
        84: shaman(F, A), 85: shaman(W, D),
        86: L(K, A, D), 87: any_two(W + F + D + A), 88: L(NV, W, D), 89: L(NV, F, A),
        90: any_two(F + A), 91: any_two(W + D),
        92: straight_two(F), 93: straight_two(W),
        94: any_two(K),                                      # Sliding General
        95: L(K),
        96: lambda c: halfling(c, K), 97: lambda c: halfling(c, W), 98: lambda c: halfling(c, F),
        99: S([(0, 1)]), 100: L(W, fwd(F)), 101: L(F, [(0, 1)]), 102: L(ffN),
        103: lion,
        104: both(S(F, [(1, 0), (-1, 0), (0, -1)]), L([(0, 1), (0, 2)])),  # Kakuo
        105: both(S(W, bwd(F)), L(fwd(F), fwd(A))),                       # Hiju
        106: S(F, vert(W)), 107: S(F, side(W)), 108: S(vert(W), fwd(F)),
        109: S(vert(W), bwd(F)), 110: both(S(vert(W)), L(side(W))),
        111: both(S(side(W)), L(vert(W))), 112: both(S(vert(W)), L(K)), 113: S(vert(W)),
        114: L(F, [(0, 1), (1, 0), (-1, 0)]), 115: L(F, [(0, -1), (1, 0), (-1, 0)]),
        116: L(F, vert(W)), 117: L(F, side(W)), 118: L(W, bwd(F)),
        119: L([(0, 1), (1, 0), (-1, 0)], fwd(F)), 120: L(F, [(0, -1)]),
        121: L(vert(W), fwd(F)), 122: L(vert(W), bwd(F)), 123: L([(0, 1)], fwd(F)),
        124: L(fwd(F), [(0, -1)]), 125: L(fwd(F)), 126: L(vert(W)),
        127: lambda c: crooked_nightrider(c, 127), 128: lambda c: crooked_nightrider(c, 128),
        129: lambda c: crooked_nightrider(c, 129), 130: lambda c: crooked_nightrider(c, 130),
        131: lambda c: crooked_nightrider(c, 131),
        132: lambda c: multipath(c, 3), 133: lambda c: multipath(c, 4),
        134: lambda c: multipath(c, 5),
        135: L(fsN, bbN), 136: L(ffN, bsN), 137: S(fsN, bbN), 138: S(ffN, bsN),
        139: L(ffN, bsN, W), 140: L(ffN, bsN, F), 141: L(ffN, bsN, D), 142: L(ffN, bsN, A),
        143: grasshopper,
        # 149 Rhino: W, or W to empty then F outward (mao)
        149: lambda c: two_leg(c, W, lambda v1: [(v1[0] + turn_left(v1)[0], v1[1] + turn_left(v1)[1]),
                                                   (v1[0] + turn_right(v1)[0], v1[1] + turn_right(v1)[1])]),
        150: L(NV, A, D), 151: L(C), 152: L(Z), 153: L(G), 154: L(AN), 155: L(NV, C),
        156: L(C, Z), 157: L(C, W), 158: L(C, F), 159: L(C, K), 160: both(L(C), S(K)),
        161: L(NV, C, Z), 162: L(FL), 163: L(R50),
        166: windmill, 169: querquisite,
    }
    return table[k]


# ---------------------------------------------------------------------------
# Entry points.


def moves(kind, colour, board, origin):
    """kind = ('piece', n) or ('pawn', n); colour 'w'/'b'; board in absolute
    coordinates with 'F' = men of the mover's side.  Returns a set of
    (destination, frozenset(captured)) in absolute coordinates."""
    cls, n = kind
    if colour == 'b':
        b = board.turned()
        o = rot(origin)
    else:
        b, o = board, origin
    c = Ctx(b, o, origin[0])
    if cls == 'piece':
        piece_gen(n)(c)
    else:
        pawn_gen(n)(c, o[1] == 1)
    out = c.moves
    if colour == 'b':
        out = {(rot(d), frozenset(rot(s) for s in caps)) for d, caps in out}
    return out


def dests(kind, origin, friends=(), enemies=(), pawns=(), colour='w'):
    occ = {parse(s): 'F' for s in friends}
    occ.update({parse(s): 'E' for s in enemies})
    b = Board(occ, {parse(s) for s in pawns})
    return moves(kind, colour, b, parse(origin))


def fmt_moves(ms):
    items = []
    for d, caps in ms:
        items.append((d, tuple(sorted(caps))))
    items.sort(key=lambda t: (t[0][1], t[0][0], [(s[1], s[0]) for s in t[1]]))
    return ','.join('/'.join([name(d)] + ['x' + name(s) for s in caps]) for d, caps in items)


# ---------------------------------------------------------------------------
# Self-check: every count of readings tables A and B (and rules section 7)
# for the covered kinds.

def self_check():
    P = lambda n: ('piece', n)  # noqa: E731
    Pw = lambda n: ('pawn', n)  # noqa: E731
    checks = []

    def cnt(kind, origin, expect, **kw):
        ms = dests(kind, origin, **kw)
        # "destinations" = distinct destination squares, origin never counts
        got = len({d for d, _ in ms if d != parse(origin)})
        checks.append((kind, origin, kw, expect, got))

    def nmoves(kind, origin, expect, **kw):
        got = len(dests(kind, origin, **kw))
        checks.append((kind, origin, dict(kw, moves=True), expect, got))

    # Table A
    for k, e in [(14, 14), (15, 26), (16, 23), (43, 8), (44, 20), (61, 13), (62, 15), (63, 7),
                 (64, 8), (65, 10), (66, 11), (70, 9), (73, 20), (75, 14), (84, 20), (85, 20),
                 (87, 55), (90, 27), (91, 30), (92, 13), (93, 14), (94, 24), (104, 25),
                 (105, 24), (132, 16), (133, 12), (134, 0)]:
        cnt(P(k), 'd4', e)
    cnt(P(134), 'a1', 8)
    # pawns of table A, from d2 (a pawn that may make its first move)... the
    # readings give "d4" counts for a pawn that may make its first move; on
    # the board that means its second rank, so count from d2 (all moves fit).
    for k, e in [(1, 2), (4, 1), (5, 4), (6, 6), (7, 4), (8, 4), (9, 6), (10, 6), (11, 3),
                 (12, 2), (16, 4), (17, 6)]:
        cnt(Pw(k), 'd2', e)
    # and from d4 (no first move): subtract the i moves
    for k, e in [(1, 1), (5, 2), (6, 3), (9, 5), (10, 5), (12, 1), (16, 3), (17, 5)]:
        cnt(Pw(k), 'd4', e)
    # Table B
    for k, e in [(18, 42), (19, 54), (20, 26), (21, 39), (26, 37), (28, 18), (29, 28), (30, 22),
                 (31, 19), (32, 28), (96, 16), (97, 8), (98, 8), (127, 27), (128, 22),
                 (129, 20), (130, 12), (131, 10), (169, 27)]:
        cnt(P(k), 'd4', e)
    cnt(P(22), 'a1', 27)
    cnt(P(2), 'a1', 21)
    cnt(P(23), 'a1', 13, friends=['b1'])
    cnt(P(3), 'a1', 7, friends=['b1'])
    cnt(P(24), 'a1', 13)
    cnt(P(4), 'a1', 7)
    cnt(P(24), 'b4', 13)
    cnt(P(4), 'b4', 9)
    cnt(P(31), 'a1', 7)
    cnt(P(31), 'b4', 23)
    cnt(P(96), 'a1', 12)
    cnt(P(97), 'a1', 8)
    cnt(P(98), 'a1', 4)
    cnt(P(169), 'e4', 8)
    cnt(P(169), 'b4', 6)
    cnt(P(169), 'a1', 14)
    cnt(P(166), 'd4', 7, friends=['d5'])
    cnt(P(166), 'd4', 7, enemies=['d5'])
    cnt(P(166), 'd4', 11, friends=['d5', 'e4'])
    nmoves(P(103), 'd4', 25)
    nmoves(P(103), 'd4', 33, enemies=['e5', 'f6'])
    cnt(Pw(13), 'e2', 5)
    checks_extra = []
    # Half Rook a1: a5 and e1 are the farthest
    hr = dests(P(97), 'a1')
    checks_extra.append(('Half Rook a1 reaches a5 and e1, not a6/f1',
                         {parse('a5'), parse('e1')} <= {d for d, _ in hr}
                         and not {parse('a6'), parse('f1')} & {d for d, _ in hr}))
    # rules 7.11: Half Rook a8 down as far as a4; from a4 down to a2
    hr = {d for d, _ in dests(P(97), 'a8')}
    checks_extra.append(('Half Rook a8 -> a4 not a3', parse('a4') in hr and parse('a3') not in hr))
    hr = {d for d, _ in dests(P(97), 'a4')}
    checks_extra.append(('Half Rook a4 -> a2 not a1', parse('a2') in hr and parse('a1') not in hr))
    # 28: Crooked Bishop b1 reaches a8 via a2 b3 a4 b5 a6 b7
    checks_extra.append(('zB b1 reaches a8', parse('a8') in {d for d, _ in dests(P(28), 'b1')}))
    checks_extra.append(('zB b1 a8 blocked by b5', parse('a8') not in
                         {d for d, _ in dests(P(28), 'b1', friends=['b5', 'c2'])}))
    # P13: e3 with a White pawn on e4: e5 by the hop
    jp = dests(Pw(13), 'e3', friends=['e4'], pawns=['e4'])
    checks_extra.append(('Jumping Pawn e3 hops e4 -> e5', (parse('e5'), frozenset()) in jp))
    jp = dests(Pw(13), 'e3', friends=['e4'])
    checks_extra.append(('Jumping Pawn does not hop a piece', (parse('e5'), frozenset()) not in jp))
    # P14 Frog: e4; Blue e5, f6; White f5: 4 moves
    fr = dests(Pw(14), 'e4', friends=['f5'], enemies=['e5', 'f6'])
    want = {(parse('e6'), frozenset([parse('e5')])),
            (parse('g6'), frozenset([parse('e5'), parse('f6')])),
            (parse('g6'), frozenset()),
            (parse('e6'), frozenset([parse('f6')]))}
    checks_extra.append(('Frog example', fr == want))
    # 103 Lion, Blue e5 f6: 6 moves to empty squares taking e5 on the way, f6
    # double capture, igui
    li = dests(P(103), 'd4', enemies=['e5', 'f6'])
    via_e5 = {(d, caps) for d, caps in li if parse('e5') in caps and d != parse('e5')}
    checks_extra.append(('Lion: 8 moves taking e5 on the way', len(via_e5) == 8))
    checks_extra.append(('Lion: pass', (parse('d4'), frozenset()) in li))
    checks_extra.append(('Lion: igui', (parse('d4'), frozenset([parse('e5')])) in li))
    checks_extra.append(('Lion: double', (parse('f6'), frozenset([parse('e5'), parse('f6')])) in li))
    # 7.1: Top Heart d4 reaches c3/e3, b4/f4, c5/e5, d6 (and all orientations)
    th = {name(d) for d, _ in dests(P(43), 'd4')}
    checks_extra.append(('Top Heart F and D squares', th == {'c3', 'e3', 'c5', 'e5', 'b4', 'f4', 'd6', 'd2'}))
    # 7.5: 129 has 16 zig-zag lines, others 8 -- implicit in the counts.
    # Black: 180 degree turn of an asymmetric piece
    nq_b = {name(d) for d, _ in dests(P(61), 'd5', colour='b')}
    checks_extra.append(('NQ Black d5', nq_b == {'c3', 'e3', 'b4', 'f4', 'd6', 'd7', 'd8', 'c6',
                                                   'b7', 'a8', 'e6', 'f7', 'g8'}))

    bad = 0
    for kind, origin, kw, expect, got in checks:
        ok = expect == got
        bad += not ok
        nm = (PIECE_NAMES if kind[0] == 'piece' else PAWN_NAMES)[kind[1]]
        print(f"{'ok ' if ok else 'BAD'} {kind[0]} {kind[1]:3} {nm:28} {origin} {kw} expect {expect} got {got}",
              file=sys.stderr)
    for label, ok in checks_extra:
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {label}", file=sys.stderr)
    print(f"self-check: {len(checks) + len(checks_extra)} checks, {bad} failed", file=sys.stderr)
    return bad == 0


# ---------------------------------------------------------------------------
# Data generation.

HEADER = """\
# UC-170-17 movement reference data, generated by tests/reference/uc_moves.py
# (independent of the engine; see that script).  Regenerate with
#     python3 tests/reference/uc_moves.py > tests/data/uc/destinations.txt
#
# One case per line, fields separated by '|':
#   KIND|COLOUR|ORIGIN|BOARD|FRIENDS:sq,...|ENEMIES:sq,...|PAWNFILLERS:sq,...|MOVES:m,m,...
# KIND        the kind's name exactly as the Name column of uc-170-17.md 6 / 6b
#             (pawn kinds: the 6b name, e.g. "Pawn", "Cannon Pawn", "Frog")
# COLOUR      w or b: the colour of the piece on ORIGIN and the side to move
# BOARD       label of the board: empty, r1..r6 (pseudo-random), p1, p2 (pawn boards)
# FRIENDS     squares holding men of the mover's colour
# ENEMIES     squares holding men of the other colour
# PAWNFILLERS the occupied squares whose man is a Pawn (6b kind 1); every other
#             occupied square holds a Rook (kind 3)
# MOVES       every distinct move EFFECT: destination, then '/x' + each enemy
#             square captured, e.g. e5, e5/xe5, d4/xe5 (igui), g6/xe5/xf6.
#             Captured squares sorted; effects sorted by destination (rank,
#             file) then captures.  Empty list = no move.  A pass is ORIGIN.
# Lists may be empty ("FRIENDS:").  Squares: a1..h8, White moves up.
# Pawn kinds may make their first move on their own second rank (White rank 2,
# Black rank 7); no promotion, no en passant (no previous move).
"""

PIECE_ORIGINS = ['d4', 'b4', 'a1', 'g2']
PAWN_ORIGINS = ['d4', 'b4', 'a1', 'g2', 'e2']


def vmirror(n):
    return n[0] + str(N + 1 - int(n[1:]))


def random_board(rng, origin, nf=(6, 12), ne=(6, 12), box=None, pawn_p=0.3):
    o = parse(origin)
    if box is None:
        cells = [(x, y) for x in range(N) for y in range(N) if (x, y) != o]
    else:
        cells = [(x, y) for x in range(N) for y in range(N) if (x, y) != o
                 and abs(x - o[0]) <= box and abs(y - o[1]) <= box]
    rng.shuffle(cells)
    f = rng.randint(*nf)
    e = rng.randint(*ne)
    f = min(f, len(cells) // 2)
    e = min(e, len(cells) - f)
    friends = cells[:f]
    enemies = cells[f:f + e]
    pawns = [s for s in friends + enemies if 1 <= s[1] <= N - 2 and rng.random() < pawn_p]
    return ([name(s) for s in friends], [name(s) for s in enemies], [name(s) for s in pawns])


def pawn_board(rng, origin, which):
    """Boards with pawns close to the origin so that pawn captures, the
    Jumping Pawn's hop and the Frog's chains show."""
    o = parse(origin)
    friends, enemies, pawns = random_board(rng, origin, (3, 6), (3, 6), box=2, pawn_p=0.7)
    occ = {s: 'F' for s in friends}
    occ.update({s: 'E' for s in enemies})
    pw = set(pawns)
    ahead = (o[0], o[1] + 1)
    beyond = (o[0], o[1] + 2)
    if which == 1:
        # a friendly pawn just ahead with the square beyond empty, enemy pawns
        # on the forward diagonals where possible
        if on(ahead) and 1 <= ahead[1] <= N - 2:
            occ[name(ahead)] = 'F'
            pw.add(name(ahead))
        if on(beyond):
            occ.pop(name(beyond), None)
            pw.discard(name(beyond))
        for dx in (1, -1):
            s = (o[0] + dx, o[1] + 1)
            if on(s) and 1 <= s[1] <= N - 2:
                occ[name(s)] = 'E'
                pw.add(name(s))
    else:
        # an enemy pawn just ahead, the square beyond empty (Frog hop
        # captures), a friend and an enemy beside it
        if on(ahead) and 1 <= ahead[1] <= N - 2:
            occ[name(ahead)] = 'E'
            pw.add(name(ahead))
        if on(beyond):
            occ.pop(name(beyond), None)
            pw.discard(name(beyond))
        for dx, c in ((1, 'F'), (-1, 'E')):
            s = (o[0] + dx, o[1])
            if on(s):
                occ[name(s)] = c
    pw = {s for s in pw if s in occ}
    return ([s for s, c in occ.items() if c == 'F'], [s for s, c in occ.items() if c == 'E'], sorted(pw))


def asymmetric(kind):
    """True when the kind's empty-board moves from d4 are not symmetric under
    the 180-degree turn (so Black's orientation is worth testing)."""
    # White from d4 turned 180 degrees against White from e5 (= d4 turned):
    # equal for every kind whose movement is symmetric under the turn.
    for sq in ('d4', 'b4', 'a1', 'g2'):
        a = {(rot(d), frozenset(map(rot, cs))) for d, cs in dests(kind, sq)}
        if a != dests(kind, name(rot(parse(sq)))):
            return True
    return False


def sqkey(n):
    s = parse(n)
    return (s[1], s[0])


def case_line(kname, kind, colour, origin, label, friends, enemies, pawns):
    ms = dests(kind, origin, friends=friends, enemies=enemies, pawns=pawns, colour=colour)
    srt = lambda xs: ','.join(sorted(xs, key=sqkey))  # noqa: E731
    return (f"{kname}|{colour}|{origin}|{label}|FRIENDS:{srt(friends)}|ENEMIES:{srt(enemies)}"
            f"|PAWNFILLERS:{srt(pawns)}|MOVES:{fmt_moves(ms)}")


def boards_for(origin, pawn_kind):
    """The boards (label, friends, enemies, pawns) for one White origin;
    fixed: seeded by the origin only, the same for every kind."""
    rng = random.Random('uc-170-17/' + origin)
    out = [('empty', [], [], [])]
    for i in range(1, 7):
        out.append((f'r{i}',) + random_board(rng, origin))
    if pawn_kind:
        rng = random.Random('uc-170-17/pawns/' + origin)
        for i in (1, 2):
            out.append((f'p{i}',) + pawn_board(rng, origin, i))
    return out


def generate(out):
    out.write(HEADER)
    n = 0
    kinds = [(PIECE_NAMES[k], ('piece', k)) for k in COVERED_PIECES]
    kinds += [(PAWN_NAMES[k], ('pawn', k)) for k in COVERED_PAWNS]
    for kname, kind in kinds:
        pawn_kind = kind[0] == 'pawn'
        colours = ['w']
        if pawn_kind or asymmetric(kind) or kind == ('piece', 169):
            colours.append('b')
        for colour in colours:
            for origin in (PAWN_ORIGINS if pawn_kind else PIECE_ORIGINS):
                for label, fr, en, pw in boards_for(origin, pawn_kind):
                    if colour == 'b':
                        # Black: the White case mirrored top to bottom
                        o, fr, en, pw = (vmirror(origin), [vmirror(s) for s in fr],
                                         [vmirror(s) for s in en], [vmirror(s) for s in pw])
                    else:
                        o = origin
                    out.write(case_line(kname, kind, colour, o, label, fr, en, pw) + '\n')
                    n += 1
    print(f"{n} cases", file=sys.stderr)


if __name__ == '__main__':
    ok = self_check()
    if not ok:
        sys.exit(1)
    if '--check' not in sys.argv:
        generate(sys.stdout)
