#!/usr/bin/env python3
"""Independent reference for the UC-170-17 kinds that move with borrowed
powers: Orphan (168) and Orphan Pawn (P15) from the enemy men attacking
them, Friend (170) from the friendly men guarding them.

Written from `docs/variants/uc-170-17-readings.md` table B rows 168, 170, P15,
`docs/variants/uc-170-17-game-rules.md` section 9 ("Borrowed powers", "Immobilisation",
"Immunity") and section 7 R6 -- NOT from the engine.  The readings chosen
are listed in uc_mech.py's docstring (readings 1-5, P3, P4 and B5); this
module is the part of uc_mech.py that computes them, kept apart for size.

A power is a kind: the man moves as a man of that kind (its movement and
capture mechanism) of the borrower's colour on the borrower's square,
immunity judged against the borrower's own kind (P3).  The Orphan Pawn's own power is its own
kind, moving as the Pawn (`fmWfceFifmnD`, double step from its own second
rank, no en passant, no promotion).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402

# Borrower kind -> whom it borrows from.
BORROWERS = {M.ORPHAN: 'enemy', M.ORPHAN_PAWN: 'enemy', M.FRIEND: 'friend'}
# A borrower's own powers.
OWN = {M.ORPHAN: frozenset(), M.FRIEND: frozenset(), M.ORPHAN_PAWN: frozenset([M.ORPHAN_PAWN])}
# Kinds that lend nothing: a Jester's powers are borrowed and exist only on
# its own turn; a Chameleon cannot take an Orphan or a Friend, and its
# captures are its victims' powers, not its own.
NO_LEND = {M.JESTER, M.CHAMELEON}


def power_moves(pos, s, colour, power):
    """The moves of the man of `colour` on s moving as kind `power`,
    immunity judged against its own kind (the borrower's, P3): an Orphan
    Pawn takes a Mamra with any power, an Orphan with none."""
    own = pos.board[s][0]
    if power in M.GEN:
        # The mechanism kinds' generators judge immunity against the kind
        # they are given, and use it for nothing else.
        return M.GEN[power](pos, s, colour, own)
    out = set()
    # Immune enemies (against the borrower's own kind) are marked in the
    # view: no capture of one, a hop over one takes nothing.
    for dest, caps in U.moves(M.geometry(power), colour, pos.view(colour, own), s):
        out.add((s, dest, 'move', frozenset(caps)))
    return out


def borrower_moves(pos, s):
    """The pseudo-legal moves of the (unfrozen) borrower on s: its own and
    borrowed powers, one move per effect (rule decision 20: two powers
    reaching one square with different victims are two moves).  The powers come from pos.powers when a
    fixpoint round has set them, else from the fixpoint of this position."""
    if pos.powers is None:
        pos.powers = powers(pos)
    _, colour, _ = pos.board[s]
    out = set()
    for power in pos.powers[s]:
        out |= power_moves(pos, s, colour, power)
    return out


def lent(pos, x, current):
    """The powers the man on x lends: its kind, or a borrower's every power."""
    kind = pos.board[x][0]
    return current[x] if kind in BORROWERS else frozenset([kind])


def guards(pos, b, current):
    """The friendly men guarding the borrower on b: not frozen, and able to
    remove a man on b by a pseudo-legal move now, that man their enemy with
    no immunity at all (P4: the board with b's colour turned, every
    immunity on b lifted, its own and any Shield's; every borrower moving
    with the powers of the current round)."""
    kind, colour, royal = pos.board[b]
    turned = dict(pos.board)
    turned[b] = (kind, M.other(colour), royal)
    tp = M.Pos(turned, pos.last_swap)
    tp.no_immunity = frozenset([b])
    tp.powers = current
    out = set()
    for x, (k, c, _) in pos.board.items():
        if c != colour or x == b or k in NO_LEND or x in pos.frozen:
            continue
        if any(b in m[3] for m in M.man_moves(tp, x)):
            out.add(x)
    return out


def powers(pos):
    """Every borrower's powers, square -> frozenset of kinds, computed for
    all borrowers together: start from their own powers; each round,
    recompute every borrower's lenders with the previous round's powers;
    stop when a round changes nothing (powers only grow, so it ends)."""
    borrowers = {s: k for s, (k, _, _) in pos.board.items() if k in BORROWERS}
    current = {s: OWN[k] for s, k in borrowers.items()}
    if not borrowers:
        return current
    saved = pos.powers
    while True:
        pos.powers = current
        # Who could remove whom now: victim square -> remover squares.  The
        # victims of a move are enemies of its mover, and a man next to its
        # own Shield is nobody's victim.
        removers = {}
        for x, (k, _, _) in pos.board.items():
            if k in NO_LEND or x in pos.frozen:
                continue
            for m in M.man_moves(pos, x):
                for v in m[3]:
                    removers.setdefault(v, set()).add(x)
        nxt = {}
        for s, k in borrowers.items():
            if BORROWERS[k] == 'enemy':
                lenders = removers.get(s, set())
            else:
                lenders = guards(pos, s, current)
            got = set(OWN[k])
            for x in lenders:
                got |= lent(pos, x, current)
            nxt[s] = frozenset(got)
        if nxt == current:
            pos.powers = saved
            return current
        current = nxt
