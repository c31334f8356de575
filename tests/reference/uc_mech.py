#!/usr/bin/env python3
"""Independent reference for the UC-170-17 kinds that capture by a
mechanism other than landing on the victim, and for the auras that change
what every other kind may do.

Written from `docs/variants/uc-170-17-rules.md` sections 6 and 8 (open questions 8, 10
and 17), `docs/variants/uc-170-17-game-rules.md` sections 7 (R6, R7) and 9, and table B of
`docs/variants/uc-170-17-readings.md` (rows 45-54, 164, 168, 170, P3, P15), rule decision 16
of `docs/variants/rule-decisions.md` -- NOT from the engine.  Standard library only.  The
movement of the other kinds comes from `uc_moves.py`; this module adds
freezing and immunity on top of it.  The borrowers' powers (Orphan,
Friend, Orphan Pawn) are computed in `uc_borrow.py`.

    python3 tests/reference/uc_mech.py      # the hand checks of test_uc_mech.py

Kinds (library codes; position text writes `{LL}` White, `{ll}` Blue):

    46 Long Leaper LL      47 Swapper SWP         48 Withdrawer WD
    49 Advancer AD         50 Pushme-Pullyu PU    51 Immobilizer IM
    52 Fuge's Archer ARC   53 Fuge's Shield SHD   54 Ultima's Coordinator CD
    164 Mamra MAM          P3 Pincer Pawn PNP
    45 Chameleon CHA       168 Orphan ORP         170 Friend FRI
    P15 Orphan Pawn OPN

Board model: a dict square (x, y) -> (kind, colour, royal), kind
('piece', n) or ('pawn', n), colour 'w' / 'b'; files a-h = x 0..7, ranks
1-8 = y 0..7.  The mechanism kinds and the Chameleon are symmetric under
the 180-degree turn, so they are written in absolute coordinates for both
colours; moves by another kind's movement (the Chameleon's landing
captures, every borrowed power) go through uc_moves in the mover's
orientation.

A move is (from, to, how, victims): how is one of
    move     the man goes from `from` to `to` (to == from: the Lion's pass
             or igui); victims = every enemy it takes (on `to`, on the way,
             by withdrawal, approach, overtaking, coordination, custodian)
    shoot    the Archer stays; to = victims = the man shot
    swap     the two men on from and to exchange squares; no victims
    destroy  the Swapper and the adjacent enemy on `to` both leave; victims
             = that enemy (the Swapper's own removal is implied)
    remove   a frozen man leaves the board (to == from); no victims

Rules modelled (the decisions of docs/variants/uc-170-17-game-rules.md R6/R7 and section 9):
- Frozen: a man with an enemy Immobilizer on one of its 8 neighbours
  (a frozen Immobilizer still freezes).  A frozen man has no move but its
  self-removal, and a royal has not even that; it attacks nothing.
- Immune: a man with a Shield of its own side on one of its 8 neighbours
  (a frozen Shield still protects; a Shield is not its own neighbour), and
  a Mamra against a capturer whose own kind is not a pawn kind, whatever
  power it uses (P3 below).  A move whose landing or on-the-way capture
  would take an immune man is no move; the Long Leaper cannot jump one (it
  blocks like a friend); withdrawal, approach, coordination and custodian
  take nothing there (the move stays); an Archer cannot shoot one; a
  Swapper cannot destroy one (but may swap with it).
- No swap back: after a swap between men of opposite sides, the swap of
  the same two squares is no move on the very next turn.
- Barred pawns (docs/variants/uc-170-17-game-rules.md section 6, with reserves: uc_turns.py): a pawn-kind
  man of a side in `CTX['barred']` (piece reserve empty) has no move onto
  its last rank by its own movement or a borrowed power, so such a move
  neither attacks (R6) nor lends (reading 1); its other captures stay.

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
  ends is one move, not two).  Two ways of reaching one square that take
  different men are two moves; two with the same effect are one (rule
  decision 20 of `docs/variants/rule-decisions.md`).
- Hopping is not capturing (rule decision 23): a man that hops over a man
  (the Frog's chain, a Grasshopper, a cannon's screen) may hop over an
  enemy it cannot take (immune), taking nothing; only the Long Leaper,
  whose jump is its capture, may not.

Borrowed powers (168 Orphan, P15 Orphan Pawn: from the enemy men attacking
it; 170 Friend: from the friendly men guarding it).  The readings chosen:
 1. An enemy man X attacks the borrower B: X is not frozen and X could
    remove B by a pseudo-legal move now, by any mechanism, immunity
    honoured (a B next to its own Shield is attacked by nobody).  A
    friendly man X guards B: X is not frozen and X could remove a man on
    B's square by a pseudo-legal move now, that man an enemy of X with no
    immunity at all (P4).
 2. B's powers: its own movement (Orphan, Friend: none; Orphan Pawn: its
    pawn moves) plus the movement, with its capture mechanisms, of the kind
    of every man attacking (Orphan kinds) / guarding (Friend) it; a lender
    that is itself a borrower lends every power it has (own + borrowed).
    Computed for all borrowers on the board together to a fixpoint: start
    from own movement only; repeat (recompute every borrower's lenders with
    the current powers) until nothing changes.  A borrower never lends to
    itself.  Jesters and Chameleons lend nothing.
 3. Each power is used as the lender kind's own movement for a man of B's
    colour (B's orientation) on B's square; immunity is judged against
    B's own kind (P3).  A pawn-kind power neither promotes nor takes en
    passant (a move onto the last rank is a plain move); its initial
    double step as for that pawn kind (own second rank).
 4. One move per effect (rule decision 20): where several powers reach
    the same square taking different men (a borrowed Withdrawer's
    withdrawal and the Orphan Pawn's own step), each is a move of its
    own; where they take the same men, one move.  Every power of the
    lender kind is lent whole, chains and multi-capture paths included
    (rule decision 22).  Shots, swaps, destructions as the lender kind's
    own.
 5. Frozen borrowers: only self-removal, as every frozen man.  Borrowers
    can be attacked / guarded as any man.
Chameleon (45, `{mimic}Q`):
 6. Non-capturing moves: a queen's moves to empty squares.
 7. It takes an enemy man V only the way V's kind takes, as a man of V's
    kind of the Chameleon's colour on the Chameleon's square: (a) landing
    on V by a capture of V's kind's movement (a move all of whose victims
    are men of V's kind, else no move), taking only that capture's victims
    (P1); (b) on a move to an empty square (all on queen lines, P1, P2), an
    enemy Withdrawer / Pushme-Pullyu right behind the start in the line of
    travel (withdrawal), an enemy Advancer / Pushme-Pullyu right beyond the
    landing (approach); (c) overtaking: along a queen line leaping single
    enemy Long Leapers (each followed by an empty square, never two men in
    a row, never any other man), landing on empty squares, taking every
    Long Leaper leapt; (d) after a move to an empty square (any queen line,
    P2), enemy Coordinators on (its new file x its Standard King's rank)
    and (its King's file x its new rank); (e) after an orthogonal move to
    an empty square (P2), each enemy Pincer Pawn orthogonally next to its
    new square with a man of its side directly beyond; (f) it shoots an
    enemy Archer by the Archer's rule, staying put; (g) it swaps with an
    enemy Swapper first on a queen line (no swap back, as the Swapper's
    rule), and destroys itself with an adjacent enemy Swapper.
 8. All the mechanisms that come with one move to an empty square (7b,
    7c, 7d, 7e) happen together (compulsory): that move's victims are
    their union.  Each landing capture (7a) is a move of its own with its
    own victims (rule decision 20).
 9. It never takes a Chameleon, nor men whose kinds have no capture of
    their own (Wuss, Immobilizer, Shield, Jester, Orphan, Friend,
    Anti-King, and any kind whose movement takes nothing); immunity holds,
    judged against the Chameleon's own kind (P3: a Mamra is taken only by
    pawn kinds, so never by a Chameleon).
10. It freezes an adjacent enemy Immobilizer and is frozen by it (a frozen
    Chameleon still freezes it).  A frozen Chameleon only removes itself.
11. A man is attacked by a Chameleon when some pseudo-legal Chameleon move
    would remove it (docs/variants/uc-170-17-game-rules.md R6).
12. Hurdle effects are not captures.  Not modelled here: Ubi-Ubi (17), the
    effect Grasshoppers (144-147), Jester (167) and en passant; the
    positions made with this module hold none of them, nor a double step
    that could be taken en passant.
Decided by the project (binding; they replace readings chosen earlier):
P1. The mechanisms that come with a move (withdrawal, approach,
    coordination, custodial capture, copied from an enemy kind K) ride
    only on a Chameleon move that ends on an empty square: its queen
    slides and its overtaking landings.  A landing capture (7a: onto an
    occupied square by any kind's capture, or a locust's) takes only the
    man or men that capture itself takes.  Where a locust capture ends on
    an empty square that a slide or an overtaking landing also reaches,
    the two are two moves (rule decision 20: they take different men),
    and only the slide or landing carries the mechanisms of a move to an
    empty square.
P2. Each copied mechanism only along the copied kind's own lines: on a
    Chameleon move from S to an empty T, the men of kind K it takes by K's
    move-borne mechanisms are those a man of kind K of its side moving
    from S to T would take by them.  Withdrawer, Advancer, Pushme-Pullyu
    and Coordinator move on queen lines at any range, so every slide and
    overtaking landing qualifies; the Pincer Pawn moves as a rook, so
    custodial capture follows an orthogonal move only.  (Squares passed on
    the way do not matter: the overtaking landing leaps Long Leapers.)
P3. Immunity is judged against the mover's own kind, whatever power it
    uses: a Mamra is taken by a man of a pawn kind with any power, own or
    borrowed (an Orphan Pawn with a borrowed Bishop power takes it), and
    never by a man of another kind (an Orphan with a borrowed pawn power,
    a Chameleon, a Jester).  Likewise in attack tests and legality.
P4. Guarding: a friendly man X guards the Friend B when X could remove a
    man on B's square counted as an enemy of X with no immunity at all
    (neither B's own nor any Shield's, of either side); the rest of the
    board as it stands.  (Computed by turning B to the other colour, kind
    kept, every immunity on its square lifted; borrowers in the test move
    with the powers of the current round.)
Readings chosen here beyond those (the rules and the list above leave them
open):
B2. A swap with a Swapper is an action of its own, taking nothing: it is
    not followed by withdrawal, approach, coordination or custodial
    captures (those follow its moves to empty squares, P1).
B3. The landing capture (7a) takes every capture of V's kind's movement
    whose victims are all of V's kind, wherever the Chameleon ends: for
    the Lion its igui and double capture, for the Frog its chains (rule
    decision 22: copied powers are whole).  It
    copies V's kind's own movement only: an Orphan Pawn is taken by the
    Pawn's diagonal capture, never by powers it borrowed.
B4. Coordination, custodial, shooting as the Coordinator's, Pincer Pawn's,
    Archer's own readings above: every Standard King of the Chameleon's
    side; the man beyond a Pincer Pawn and the Archer's spotter may be
    frozen; the square the Chameleon left counts as empty.
B5. Powers are those of the position as it stands (recomputed after every
    move); the no-swap-back record plays no part in them (a swap takes
    nothing).
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
CHAMELEON = ('piece', 45)
ORPHAN = ('piece', 168)
FRIEND = ('piece', 170)
ORPHAN_PAWN = ('pawn', 15)
JESTER = ('piece', 167)
WUSS = ('piece', 165)
ANTI_KING = ('piece', 148)

# Library codes of these kinds (none of them royal).
MECH_CODES = {
    'LL': LONG_LEAPER, 'SWP': SWAPPER, 'WD': WITHDRAWER, 'AD': ADVANCER, 'PU': PUSHME,
    'IM': IMMOBILIZER, 'ARC': ARCHER, 'SHD': SHIELD, 'CD': COORDINATOR, 'MAM': MAMRA,
    'PNP': PINCER,
    # The Chameleon and the borrowers (uc_borrow.py), for a library that
    # does not list them yet; a library that does maps them by name.
    'CHA': CHAMELEON, 'ORP': ORPHAN, 'FRI': FRIEND, 'OPN': ORPHAN_PAWN,
}

ADJ = U.K  # the 8 neighbour vectors (and the 8 queen directions)

# The sides whose pawn kinds may not move onto their last rank: their piece
# reserve is empty, so there is nothing to promote to (docs/variants/uc-170-17-game-rules.md section 6).
# Such a move does not exist, so it neither attacks (R6) nor lends (reading
# 1).  Set by uc_turns.py (through uc_extra.Context) for the position being
# asked about; empty by default: uc_perft.py alone knows no reserves.
CTX = {'barred': frozenset()}


def last_rank(colour):
    return 7 if colour == 'w' else 0


def enters_last_rank(kind, colour, move):
    """Does this move bring the man of a pawn kind (of `colour`) onto its
    last rank by its own move (step, leap, hop, borrowed power; not a swap,
    a shot, a destruction or a self-removal)?  Such a move promotes."""
    frm, to, how, _ = move
    return (kind[0] == 'pawn' and to != frm and to[1] == last_rank(colour)
            and (how == 'move' or isinstance(how, tuple)))


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
        # Squares whose man no aura makes immune (the borrower of a guard
        # test, uc_borrow.py), and the borrowers' powers: None until a
        # borrower's moves are first asked for (uc_borrow.powers).
        self.no_immunity = frozenset()
        self.powers = None
        self.barred = CTX['barred']
        for s, (kind, colour, _) in board.items():
            if kind == IMMOBILIZER:
                for t in neighbours(s):
                    m = board.get(t)
                    if m and m[1] != colour:
                        self.frozen.add(t)
            elif kind == CHAMELEON:
                # A Chameleon freezes an adjacent enemy Immobilizer (the
                # Immobilizer freezes it back by the rule above).
                for t in neighbours(s):
                    m = board.get(t)
                    if m and m[1] != colour and m[0] == IMMOBILIZER:
                        self.frozen.add(t)
            elif kind == SHIELD:
                for t in neighbours(s):
                    m = board.get(t)
                    if m and m[1] == colour:
                        self.shielded.add(t)
            elif kind == MAMRA:
                self.mamras.add(s)
        self._views = {}

    def view(self, colour, capturer=None):
        """uc_moves' Board: 'F' = men of `colour`, 'E' = enemies, pawns =
        every pawn kind.  With a `capturer` kind, the enemies that kind
        cannot take are 'I': no landing or capture on them, but a hop over
        them stays a hop that takes nothing (the Frog's chain; rule
        decision 23: hopping is not capturing)."""
        key = (colour, None if capturer is None else capturer[0] == 'pawn')
        if key not in self._views:
            occ = {}
            for s, (_, c, _) in self.board.items():
                if c == colour:
                    occ[s] = 'F'
                elif capturer is not None and self.immune(s, capturer):
                    occ[s] = 'I'
                else:
                    occ[s] = 'E'
            pawns = {s for s, (k, _, _) in self.board.items() if k[0] == 'pawn'}
            self._views[key] = U.Board(occ, pawns)
        return self._views[key]

    def immune(self, s, capturer):
        """Can a man of kind `capturer` not take the man on s?"""
        if s in self.no_immunity:
            return False
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

# Kinds a Chameleon never takes: itself, and the kinds with no capture of
# their own (the borrowers' and the Jester's powers are borrowed; the
# Anti-King takes only friends).  Immobilizer, Shield and the mechanism
# kinds are in GEN and taken only by the mechanisms written below.
NOT_MIMICKED = {CHAMELEON, ORPHAN, FRIEND, JESTER, WUSS, ANTI_KING}


def geometry(kind):
    """The uc_moves kind whose geometry `kind` moves by: the Orphan Pawn's
    own moves are the Pawn's (`fmWfceFifmnD`)."""
    return ('pawn', 1) if kind == ORPHAN_PAWN else kind


def queen_step(s, t):
    """The unit vector from s to t when they share a queen line, else None."""
    dx, dy = t[0] - s[0], t[1] - s[1]
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    return (U.sign(dx), U.sign(dy))


def chameleon(pos, s, colour, kind):
    """45: a queen's moves to empty squares; it takes an enemy man V only the
    way V's kind takes, as a man of V's kind of its colour on its square:
    (a) landing on V by a capture of V's kind's movement (every victim of V's
        kind, else no move), taking only that capture's victims;
    (b) withdrawal / approach: on a move to an empty square (a slide or an
        overtaking landing, all on queen lines), an enemy Withdrawer or
        Pushme-Pullyu right behind the start, an enemy Advancer or
        Pushme-Pullyu right beyond the landing;
    (c) overtaking: along a queen line leaping single enemy Long Leapers,
        each with an empty square behind, landing on empty squares;
    (d) coordination: after a move to an empty square, enemy Coordinators
        on (its file x its King's rank) and (its King's file x its rank);
    (e) custodial: after an orthogonal move to an empty square, each enemy
        Pincer Pawn orthogonally next to it with a man of its side directly
        beyond;
    (f) shooting an enemy Archer by the Archer's rule;
    (g) swapping with an enemy Swapper first on a queen line (not back at
        once), mutual destruction with an adjacent enemy Swapper.
    Never a Chameleon, never a kind with no capture of its own; immunity
    holds, judged against the Chameleon.  Every fitting capture of a move
    happens: one move per (destination, action), its victims the union."""
    board = pos.board

    def enemy_of(t, kinds):
        m = board.get(t)
        return m is not None and m[1] != colour and m[0] in kinds

    def hit(t, kinds):
        # Immunity against the Chameleon's own kind (P3).
        return enemy_of(t, kinds) and pos.takes(t, colour, CHAMELEON)

    # Its moves to empty squares (queen slides, overtaking landings) and the
    # Long Leapers each overtakes: only those moves carry the mechanisms
    # that come with a move (P1).
    reloc = {t: set() for _, t in passive(pos, s)}
    for v in ADJ:  # (c)
        t = s
        leapt = []
        while True:
            t = U.add(t, v)
            if not U.on(t):
                break
            if t not in board:
                if leapt:
                    reloc.setdefault(t, set()).update(leapt)
                continue
            behind = U.add(t, v)
            if not hit(t, {LONG_LEAPER}) or not U.on(behind) or behind in board:
                break
            leapt.append(t)
    # (a) Each capture of a victim kind's movement is a move of its own,
    # taking only its own victims (rule decisions 20 and 22: the Lion's
    # igui and double capture, the Frog's chains, each path with its
    # effect).  Immune men are marked in the view: never taken, hopped
    # over by a chain.
    view = pos.view(colour, CHAMELEON)
    landings = set()
    for victim_kind in sorted({m[0] for m in board.values() if m[1] != colour}):
        if victim_kind in NOT_MIMICKED or victim_kind in GEN:
            continue
        for dest, caps in U.moves(geometry(victim_kind), colour, view, s):
            if caps and all(board[c][0] == victim_kind for c in caps):
                landings.add((s, dest, 'move', frozenset(caps)))
    kings = [q for q, (k, c, _) in board.items() if k == KING and c == colour]
    moves = {}
    for t, victims in reloc.items():
        victims = set(victims)
        # Each mechanism as its kind's own move from s to t would take:
        # every such t is on a queen line through s (the lines of the
        # Withdrawer, Advancer, Pushme-Pullyu and Coordinator), the
        # Pincer Pawn's only when orthogonal (P2).
        v = queen_step(s, t)
        b = (s[0] - v[0], s[1] - v[1])  # (b)
        if hit(b, {WITHDRAWER, PUSHME}):
            victims.add(b)
        a = U.add(t, v)
        if hit(a, {ADVANCER, PUSHME}):
            victims.add(a)
        for k in kings:  # (d)
            for q in ((t[0], k[1]), (k[0], t[1])):
                if q not in (s, t) and hit(q, {COORDINATOR}):
                    victims.add(q)
        if 0 in v:  # (e)
            for u in U.W:
                e, b = U.add(t, u), U.add(t, u, 2)
                if U.on(b) and b != s and hit(e, {PINCER}) and pos.friend(b, colour):
                    victims.add(e)
        moves[(t, 'move')] = victims
    for v in ADJ:  # (f), (g) swap
        t = first_man(pos, s, v)
        if t is None:
            continue
        if hit(t, {ARCHER}):
            dist = max(abs(t[0] - s[0]), abs(t[1] - s[1]))
            if dist <= 2 or spotted(pos, t, colour, s):
                moves[(t, 'shoot')] = {t}
        if enemy_of(t, {SWAPPER}) and frozenset((s, t)) != pos.last_swap:
            moves[(t, 'swap')] = set()
    for t in neighbours(s):  # (g) mutual destruction
        if hit(t, {SWAPPER}):
            moves[(t, 'destroy')] = {t}
    return {(s, t, how, frozenset(vs)) for (t, how), vs in moves.items()} | landings


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
    CHAMELEON: chameleon,
}


# ---------------------------------------------------------------------------
# Every man.


def man_moves(pos, s):
    """The pseudo-legal moves of the man on s (its side need not be to
    move): freezing and immunity honoured; the own royal never removed; a
    pawn kind of a side in `pos.barred` never onto its last rank (its
    captures elsewhere, by any mechanism or power, stay)."""
    out = _man_moves(pos, s)
    kind, colour, _ = pos.board[s]
    if kind[0] == 'pawn' and colour in pos.barred:
        out = {m for m in out if not enters_last_rank(kind, colour, m)}
    return out


def _man_moves(pos, s):
    kind, colour, royal = pos.board[s]
    if s in pos.frozen:
        return set() if royal else {(s, s, 'remove', frozenset())}
    if kind in GEN:
        return GEN[kind](pos, s, colour, kind)
    if kind in B.BORROWERS:
        return B.borrower_moves(pos, s)
    out = set()
    # Immune enemies are marked in the view: no landing or on-the-way
    # capture of one exists, a hop over one takes nothing.
    for dest, caps in U.moves(kind, colour, pos.view(colour, kind), s):
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


# The borrowers (Orphan, Friend, Orphan Pawn) need the moves of every man
# above; their module imports this one.
import uc_borrow as B  # noqa: E402

if __name__ == '__main__':
    import test_uc_mech
    sys.exit(test_uc_mech.main())
