#!/usr/bin/env python3
"""Independent reference for the UC-170-17 kinds that capture by a
mechanism other than landing on the victim, and for the auras that change
what every other kind may do.

Written from `rules/uc-170-17.md` sections 6 and 8 (open questions 8, 10
and 17), `rules/uc-gap.md` sections 7 (R6, R7) and 9, and table B of
`rules/uc-readings.md` (rows 46-54, 164, P3) -- NOT from the engine.
Standard library only.  The movement of the other kinds comes from
`uc_moves.py`; this module adds freezing and immunity on top of it.

    python3 tests/reference/uc_mech.py      # the hand checks of test_uc_mech.py

Kinds (library codes; position text writes `{LL}` White, `{ll}` Blue):

    46 Long Leaper LL      47 Swapper SWP         48 Withdrawer WD
    49 Advancer AD         50 Pushme-Pullyu PU    51 Immobilizer IM
    52 Fuge's Archer ARC   53 Fuge's Shield SHD   54 Ultima's Coordinator CD
    164 Mamra MAM          P3 Pincer Pawn PNP

Board model: a dict square (x, y) -> (kind, colour, royal), kind
('piece', n) or ('pawn', n), colour 'w' / 'b'; files a-h = x 0..7, ranks
1-8 = y 0..7.  Every kind here is symmetric under the 180-degree turn, so
it is written in absolute coordinates for both colours.

A move is (from, to, how, victims): how is one of
    move     the man goes from `from` to `to` (to == from: the Lion's pass
             or igui); victims = every enemy it takes (on `to`, on the way,
             by withdrawal, approach, overtaking, coordination, custodian)
    shoot    the Archer stays; to = victims = the man shot
    swap     the two men on from and to exchange squares; no victims
    destroy  the Swapper and the adjacent enemy on `to` both leave; victims
             = that enemy (the Swapper's own removal is implied)
    remove   a frozen man leaves the board (to == from); no victims

Rules modelled (the brief's decisions, from uc-gap R6/R7 and section 9):
- Frozen: a man with an enemy Immobilizer on one of its 8 neighbours
  (a frozen Immobilizer still freezes).  A frozen man has no move but its
  self-removal, and a royal has not even that; it attacks nothing.
- Immune: a man with a Shield of its own side on one of its 8 neighbours
  (a frozen Shield still protects; a Shield is not its own neighbour), and
  a Mamra against a capturer that is not of a pawn kind.  A move whose
  landing or on-the-way capture would take an immune man is no move; the
  Long Leaper cannot jump one (it blocks like a friend); withdrawal,
  approach, coordination and custodian take nothing there (the move
  stays); an Archer cannot shoot one; a Swapper cannot destroy one (but may
  swap with it).
- No swap back: after a swap between men of opposite sides, the swap of
  the same two squares is no move on the very next turn.

Readings where the rules leave a case open (chosen here):
- Immunity is judged on the position before the move: taking a Shield in
  the same move does not unprotect its neighbours (all of a move's captures
  happen together at its end).
- An Archer's spotter is any other man of its side, frozen or not
  (spotting is not a move).  Likewise the friend beyond a Pincer Pawn's
  victim and the Coordinator's King may be frozen: they only stand there.
- The Coordinator coordinates with every Standard King (kind 1) of its side
  (the test setup has exactly one); the squares it names are taken only
  when an enemy stands there.
- Several victims of one move are one move (a Pushme-Pullyu taking both
  ends is one move, not two).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_moves as U  # noqa: E402

N = U.N
KING = ('piece', 1)
LONG_LEAPER = ('piece', 46)
SWAPPER = ('piece', 47)
WITHDRAWER = ('piece', 48)
ADVANCER = ('piece', 49)
PUSHME = ('piece', 50)
IMMOBILIZER = ('piece', 51)
ARCHER = ('piece', 52)
SHIELD = ('piece', 53)
COORDINATOR = ('piece', 54)
MAMRA = ('piece', 164)
PINCER = ('pawn', 3)

# Library codes of these kinds (none of them royal).
MECH_CODES = {
    'LL': LONG_LEAPER, 'SWP': SWAPPER, 'WD': WITHDRAWER, 'AD': ADVANCER, 'PU': PUSHME,
    'IM': IMMOBILIZER, 'ARC': ARCHER, 'SHD': SHIELD, 'CD': COORDINATOR, 'MAM': MAMRA,
    'PNP': PINCER,
}

ADJ = U.K  # the 8 neighbour vectors (and the 8 queen directions)


def neighbours(s):
    for v in ADJ:
        t = U.add(s, v)
        if U.on(t):
            yield t


def other(colour):
    return 'b' if colour == 'w' else 'w'


class Pos:
    """A board with what every move generation needs about it: the frozen
    men, the men of each side a Shield protects, the Mamras, and the
    movement reference's view of the board for each side."""

    def __init__(self, board, last_swap=None):
        self.board = board
        self.last_swap = last_swap  # frozenset of two squares, or None
        self.frozen = set()
        self.shielded = set()
        self.mamras = set()
        for s, (kind, colour, _) in board.items():
            if kind == IMMOBILIZER:
                for t in neighbours(s):
                    m = board.get(t)
                    if m and m[1] != colour:
                        self.frozen.add(t)
            elif kind == SHIELD:
                for t in neighbours(s):
                    m = board.get(t)
                    if m and m[1] == colour:
                        self.shielded.add(t)
            elif kind == MAMRA:
                self.mamras.add(s)
        self._views = {}

    def view(self, colour):
        """uc_moves' Board: 'F' = men of `colour`, pawns = every pawn kind."""
        if colour not in self._views:
            occ = {s: ('F' if c == colour else 'E') for s, (_, c, _) in self.board.items()}
            pawns = {s for s, (k, _, _) in self.board.items() if k[0] == 'pawn'}
            self._views[colour] = U.Board(occ, pawns)
        return self._views[colour]

    def immune(self, s, capturer):
        """Can a man of kind `capturer` not take the man on s?"""
        return s in self.shielded or (s in self.mamras and capturer[0] != 'pawn')

    def takes(self, s, colour, capturer):
        """Would a man of `colour` and kind `capturer` take the man on s
        (if its mechanism names s)?  An enemy that is not immune."""
        m = self.board.get(s)
        return m is not None and m[1] != colour and not self.immune(s, capturer)

    def enemy(self, s, colour):
        m = self.board.get(s)
        return m is not None and m[1] != colour

    def friend(self, s, colour):
        m = self.board.get(s)
        return m is not None and m[1] == colour


def passive(pos, s, vecs=ADJ):
    """Slides to empty squares: (direction, landing square)."""
    for v in vecs:
        t = s
        while True:
            t = U.add(t, v)
            if not U.on(t) or t in pos.board:
                break
            yield v, t


def first_man(pos, s, v):
    """The first occupied square from s along v, or None."""
    t = U.add(s, v)
    while U.on(t):
        if t in pos.board:
            return t
        t = U.add(t, v)
    return None


# ---------------------------------------------------------------------------
# The kinds.  Each returns a set of (from, to, how, victims).


def long_leaper(pos, s, colour, kind):
    """46: queen lines; passes empty squares, jumps a single enemy man with an
    empty square right behind it (then goes on), stops at a friend, an
    immune man, two adjacent men or an enemy with the edge behind it; lands
    only on empty squares; every enemy jumped on the way is taken."""
    out = set()
    for v in ADJ:
        t = s
        victims = []
        while True:
            t = U.add(t, v)
            if not U.on(t):
                break
            if t not in pos.board:
                out.add((s, t, 'move', frozenset(victims)))
                continue
            if not pos.takes(t, colour, kind):
                break  # friend or immune enemy: no jump
            behind = U.add(t, v)
            if not U.on(behind) or behind in pos.board:
                break  # nowhere to land, or two men in a row
            victims.append(t)
    return out


def swapper(pos, s, colour, kind):
    """47: queen moves to empty squares; swap with the first man (either side,
    royals included) on each queen line, unless it undoes the last turn's
    swap of two men of opposite sides; mutual destruction with an adjacent
    enemy that is not immune."""
    out = {(s, t, 'move', frozenset()) for _, t in passive(pos, s)}
    for v in ADJ:
        t = first_man(pos, s, v)
        if t is not None and frozenset((s, t)) != pos.last_swap:
            out.add((s, t, 'swap', frozenset()))
    for t in neighbours(s):
        if pos.takes(t, colour, kind):
            out.add((s, t, 'destroy', frozenset([t])))
    return out


def withdraw_approach(pos, s, colour, kind, withdraw, approach):
    """48-50: queen moves to empty squares.  Withdrawal: the square right
    behind the start (opposite the direction of travel).  Approach: the
    square right beyond the landing in the line of travel.  An enemy there
    (not immune) is taken; compulsory, so one move per landing."""
    out = set()
    for v, t in passive(pos, s):
        victims = set()
        if withdraw:
            b = (s[0] - v[0], s[1] - v[1])
            if pos.takes(b, colour, kind):
                victims.add(b)
        if approach:
            a = U.add(t, v)
            if pos.takes(a, colour, kind):
                victims.add(a)
        out.add((s, t, 'move', frozenset(victims)))
    return out


def archer(pos, s, colour, kind):
    """52: queen moves to empty squares; shoots the first man on a queen line
    when it is an enemy that is not immune: at distance 1-2 always, farther
    when a spotter (another man of its side) stands on one of the target's 8
    neighbours or 2 squares from it on a queen line with the square between
    empty."""
    out = {(s, t, 'move', frozenset()) for _, t in passive(pos, s)}
    for v in ADJ:
        t = first_man(pos, s, v)
        if t is None or not pos.takes(t, colour, kind):
            continue
        dist = max(abs(t[0] - s[0]), abs(t[1] - s[1]))
        if dist <= 2 or spotted(pos, t, colour, s):
            out.add((s, t, 'shoot', frozenset([t])))
    return out


def spotted(pos, t, colour, archer_sq):
    for u in ADJ:
        a = U.add(t, u)
        if U.on(a) and a != archer_sq and pos.friend(a, colour):
            return True
        b = U.add(t, u, 2)
        if U.on(b) and a not in pos.board and b != archer_sq and pos.friend(b, colour):
            return True
    return False


def coordinator(pos, s, colour, kind):
    """54: queen moves to empty squares; then the enemies on (its new file,
    its King's rank) and (its King's file, its new rank) are taken
    (compulsory; the Standard King only; none on the board: nothing)."""
    kings = [q for q, (k, c, _) in pos.board.items() if k == KING and c == colour]
    out = set()
    for _, t in passive(pos, s):
        victims = set()
        for k in kings:
            for q in ((t[0], k[1]), (k[0], t[1])):
                if q != s and pos.takes(q, colour, kind):
                    victims.add(q)
        out.add((s, t, 'move', frozenset(victims)))
    return out


def pincer(pos, s, colour, kind):
    """P3: rook moves to empty squares; then each orthogonal neighbour of the
    landing square holding an enemy (not immune) with a man of the mover's
    side directly beyond it is taken (compulsory; orthogonal only, Q17)."""
    out = set()
    for _, t in passive(pos, s, U.W):
        victims = set()
        for u in U.W:
            e = U.add(t, u)
            b = U.add(t, u, 2)
            if U.on(b) and b != s and pos.takes(e, colour, kind) and pos.friend(b, colour):
                victims.add(e)
        out.add((s, t, 'move', frozenset(victims)))
    return out


def quiet_queen(pos, s, colour, kind):
    """51 Immobilizer, 53 Shield: queen moves to empty squares only."""
    return {(s, t, 'move', frozenset()) for _, t in passive(pos, s)}


def mamra(pos, s, colour, kind):
    """164: a King's step, to an empty square or taking an enemy there."""
    out = set()
    for t in neighbours(s):
        if t not in pos.board:
            out.add((s, t, 'move', frozenset()))
        elif pos.takes(t, colour, kind):
            out.add((s, t, 'move', frozenset([t])))
    return out


GEN = {
    LONG_LEAPER: long_leaper,
    SWAPPER: swapper,
    WITHDRAWER: lambda p, s, c, k: withdraw_approach(p, s, c, k, True, False),
    ADVANCER: lambda p, s, c, k: withdraw_approach(p, s, c, k, False, True),
    PUSHME: lambda p, s, c, k: withdraw_approach(p, s, c, k, True, True),
    IMMOBILIZER: quiet_queen,
    ARCHER: archer,
    SHIELD: quiet_queen,
    COORDINATOR: coordinator,
    MAMRA: mamra,
    PINCER: pincer,
}


# ---------------------------------------------------------------------------
# Every man.


def man_moves(pos, s):
    """The pseudo-legal moves of the man on s (its side need not be to
    move): freezing and immunity honoured; the own royal never removed."""
    kind, colour, royal = pos.board[s]
    if s in pos.frozen:
        return set() if royal else {(s, s, 'remove', frozenset())}
    if kind in GEN:
        return GEN[kind](pos, s, colour, kind)
    out = set()
    for dest, caps in U.moves(kind, colour, pos.view(colour), s):
        # A landing or on-the-way capture of an immune man: no move at all.
        if any(pos.immune(v, kind) for v in caps):
            continue
        out.add((s, dest, 'move', frozenset(caps)))
    return out


def side_moves(pos, colour):
    out = []
    for s, (_, c, _) in list(pos.board.items()):
        if c == colour:
            out.extend(man_moves(pos, s))
    return out


def play(board, move):
    """The board after `move`, and the last-swap record it leaves."""
    frm, to, how, victims = move
    nb = dict(board)
    swap = None
    if how == 'move':
        man = nb.pop(frm)
        for v in victims:
            nb.pop(v, None)
        nb[to] = man
    elif how == 'shoot':
        del nb[to]
    elif how == 'destroy':
        del nb[to]
        del nb[frm]
    elif how == 'remove':
        del nb[frm]
    elif how == 'swap':
        a, b = nb[frm], nb[to]
        nb[frm], nb[to] = b, a
        if a[1] != b[1]:
            swap = frozenset((frm, to))
    else:
        raise ValueError(how)
    return nb, swap


def attacked(pos, colour, squares):
    """Is some man of `colour` on `squares` attacked: could an enemy man that
    is not frozen remove it by a pseudo-legal move now (any mechanism,
    immunity honoured)?  Frozen men's only move removes nothing of ours."""
    squares = set(squares)
    if not squares:
        return False
    for s, (_, c, _) in list(pos.board.items()):
        if c == colour or s in pos.frozen:
            continue
        for m in man_moves(pos, s):
            if m[3] & squares:
                return True
    return False


def royals(board, colour):
    return {s for s, (_, c, r) in board.items() if c == colour and r}


def fmt(move):
    frm, to, how, victims = move
    vs = ','.join(sorted(U.name(v) for v in victims)) or '-'
    return f'{U.name(frm)} {U.name(to)} {how} {vs}'


if __name__ == '__main__':
    import test_uc_mech
    sys.exit(test_uc_mech.main())
