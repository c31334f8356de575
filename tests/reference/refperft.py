#!/usr/bin/env python3
"""Independent naive reference move generator (perft) for four large variants.

    python3 refperft.py VARIANT DEPTH [--fen FEN] [--moves "m1 m2 ..."] [--divide]
                        [--jobs N] [--show]

VARIANT is one of: xhess, really-big-board, flee, overboard.

This file was written directly from the plain-words rules in
docs/variants/*.md (the rule decisions of docs/variants/rule-decisions.md override the
per-variant pages).  It deliberately shares NO code or data with the Rust
engine in /work/main/src and does not parse Betza notation: every piece's
movement is hand-coded below, one function (or one small combination of
helpers) per piece family.

Design (deliberately simple, not fast):
  * board = flat list, index = rank * width + file (file/rank 0-based);
    a square holds None or a (colour, code) tuple, colour 0 = White, 1 = Black,
    code = 'K', 'Q', ..., or a multi-letter code such as 'SQ'.
  * every piece kind has a generator gen(pos, file, rank, colour) returning the
    destination squares (x, y) of its pseudo-legal moves; a destination that
    holds an enemy piece is a capture.
  * "square attacked by colour X" (rule decision 7, docs/variants/rule-decisions.md) = some piece of
    colour X has a pseudo-legal move onto that square while a piece of the other
    side stands there.  It is computed by literally running the generators of
    X's pieces (a cheap geometric pre-filter only skips pieces that cannot
    possibly reach the square; set REFPERFT_NOFILTER=1 to disable it).
  * legal move = pseudo-legal move after which the mover's King is not
    attacked (copy-make, then the attack test above).
  * moves are (from, to, promotion); duplicates (several paths to the same
    square) are counted once (rule decision 15, docs/variants/rule-decisions.md).
  * finished games have no moves: checkmate/stalemate fall out naturally; for
    Xhess a position with the White King on rank 10 or the Black King on rank 1
    has no moves.  No draw rules.

Special moves, detected in make_move():
  * Really Big Board castling = King moves i->n or i->c on its home rank
    (rook p->m or a->d); en passant = pawn moves diagonally onto an empty square
    listed in the e.p. field (the pawn that made the long move stands just
    beyond the furthest listed square); Rose pass = from == to.
"""

import argparse
import os
import re

WHITE, BLACK = 0, 1
FILES = "abcdefghijklmnop"

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
ALL8 = ORTH + DIAG


def sym(a, b):
    """All 8 (or 4) sign/swap images of the leap (a, b)."""
    return sorted({(sx * x, sy * y) for x, y in ((a, b), (b, a))
                   for sx in (1, -1) for sy in (1, -1)})


KNIGHT = sym(1, 2)
CAMEL = sym(1, 3)
ZEBRA = sym(2, 3)
ALFIL = sym(2, 2)          # (2,2) leap, 4 squares
DABBABA = sym(2, 0)        # (2,0) leap, 4 squares
TRIPPER = sym(3, 3)        # (3,3) leap
THREELEAPER = sym(3, 0)    # (3,0) leap
BOX2 = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]  # 24
BOX3 = [(x, y) for x in range(-3, 4) for y in range(-3, 4) if (x, y) != (0, 0)]  # 48


def sgn(v):
    return (v > 0) - (v < 0)


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

class Pos:
    __slots__ = ("v", "b", "W", "H", "side", "castle", "ep")

    def __init__(self, v, b, side, castle, ep):
        self.v = v
        self.b = b
        self.W = v.W
        self.H = v.H
        self.side = side
        self.castle = castle      # frozenset of 'K','Q','k','q'
        self.ep = ep              # tuple of square indices (crossed squares)

    def at(self, x, y):
        return self.b[y * self.W + x]

    def on(self, x, y):
        return 0 <= x < self.W and 0 <= y < self.H


def sq_name(v, s):
    return FILES[s % v.W] + str(s // v.W + 1)


def parse_sq(v, t):
    m = re.fullmatch(r"([a-p])(\d+)", t)
    if not m:
        raise ValueError("bad square " + t)
    x, y = FILES.index(m.group(1)), int(m.group(2)) - 1
    if not (0 <= x < v.W and 0 <= y < v.H):
        raise ValueError("square off board " + t)
    return y * v.W + x


def parse_fen(v, fen):
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != v.H:
        raise ValueError("FEN has %d ranks, expected %d" % (len(rows), v.H))
    b = [None] * (v.W * v.H)
    for i, row in enumerate(rows):
        y = v.H - 1 - i
        x = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                x += int(row[j:k])
                j = k
                continue
            if ch == "{":
                k = row.index("}", j)
                code = row[j + 1:k]
                j = k + 1
            else:
                code = ch
                j += 1
            colour = WHITE if code.isupper() else BLACK
            code = code.upper()
            if code not in v.gens:
                raise ValueError("unknown piece code %r for %s" % (code, v.name))
            if x >= v.W:
                raise ValueError("rank too long: " + row)
            b[y * v.W + x] = (colour, code)
            x += 1
        if x != v.W:
            raise ValueError("rank %r has %d files" % (row, x))
    side = WHITE if (len(parts) < 2 or parts[1] == "w") else BLACK
    castle = frozenset()
    if len(parts) > 2 and parts[2] != "-":
        castle = frozenset(parts[2])
    ep = ()
    if len(parts) > 3 and parts[3] != "-":
        ep = tuple(parse_sq(v, t) for t in parts[3].split(","))
    return Pos(v, b, side, castle, ep)


def to_fen(pos):
    v = pos.v
    rows = []
    for y in range(v.H - 1, -1, -1):
        row, empty = "", 0
        for x in range(v.W):
            p = pos.at(x, y)
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            code = p[1] if p[0] == WHITE else p[1].lower()
            row += code if len(code) == 1 else "{" + code + "}"
        if empty:
            row += str(empty)
        rows.append(row)
    cs = "".join(c for c in "KQkq" if c in pos.castle) or "-"
    ep = ",".join(sq_name(v, s) for s in sorted(pos.ep)) or "-"
    return "%s %s %s %s 0 1" % ("/".join(rows), "wb"[pos.side], cs, ep)


# ---------------------------------------------------------------------------
# Movement primitives.  All return a list of destination squares (x, y).
# "friend" = piece of colour c, "enemy" = piece of the other colour.
# ---------------------------------------------------------------------------

def leaps(pos, f, r, c, offsets):
    """Plain leaper: lands on any on-board square not holding a friend."""
    out = []
    for dx, dy in offsets:
        x, y = f + dx, r + dy
        if pos.on(x, y):
            p = pos.at(x, y)
            if p is None or p[0] != c:
                out.append((x, y))
    return out


def slides(pos, f, r, c, dirs, limit=99, start=1):
    """Ordinary slider (also rider, e.g. nightrider with knight vectors):
    squares start*d, (start+1)*d ... over empty squares, at most `limit`
    squares in total counting from square 1; stops at the first piece,
    capturing it if it is an enemy."""
    out = []
    for dx, dy in dirs:
        n = start
        x, y = f + n * dx, r + n * dy
        while n <= limit and pos.on(x, y):
            p = pos.at(x, y)
            if p is None:
                out.append((x, y))
            else:
                if p[0] != c:
                    out.append((x, y))
                break
            n += 1
            x += dx
            y += dy
    return out


def nearest_non_friendly(pos, f, r, c, dirs):
    """Jump any run of own men; the first non-friendly square is the one
    destination (empty: move; enemy: capture).  Run to the edge: no move."""
    out = []
    for dx, dy in dirs:
        x, y = f + dx, r + dy
        while pos.on(x, y):
            p = pos.at(x, y)
            if p is None or p[0] != c:
                out.append((x, y))
                break
            x += dx
            y += dy
    return out


def as_far_as_possible(pos, f, r, c, dirs):
    """Forced full slide: no move if the first square is own/off board;
    else stop on the first enemy (capture), or on the last empty square
    before a friend or the edge."""
    out = []
    for dx, dy in dirs:
        x, y = f + dx, r + dy
        if not pos.on(x, y):
            continue
        p = pos.at(x, y)
        if p is not None and p[0] == c:
            continue
        while True:
            p = pos.at(x, y)
            if p is not None:            # enemy (friends never reached)
                out.append((x, y))
                break
            nx, ny = x + dx, y + dy
            if not pos.on(nx, ny):
                out.append((x, y))
                break
            q = pos.at(nx, ny)
            if q is not None and q[0] == c:
                out.append((x, y))
                break
            x, y = nx, ny
    return out


def flying(pos, f, r, c, dirs):
    """Friend-transparent slider: passes own men (cannot land on them),
    stops at and may capture the first enemy."""
    out = []
    for dx, dy in dirs:
        x, y = f + dx, r + dy
        while pos.on(x, y):
            p = pos.at(x, y)
            if p is None:
                out.append((x, y))
            elif p[0] != c:
                out.append((x, y))
                break
            x += dx
            y += dy
    return out


def ski(pos, f, r, c, dirs):
    """Ski-slider: the first square (anything on it, but on the board) is
    jumped and is never a destination; then an ordinary slide from the
    second square on."""
    out = []
    for dx, dy in dirs:
        if pos.on(f + dx, r + dy):
            out += slides(pos, f, r, c, [(dx, dy)], start=2)
    return out


def leap_then_slide(pos, f, r, c, branches):
    """branches = [(leap, [slide dirs])].  Leap (or step) to the landing
    square: friend/off -> nothing; enemy -> capture there and stop; empty ->
    may stop there or continue as an ordinary slider from it along each
    slide dir."""
    out = []
    for (lx, ly), sdirs in branches:
        x, y = f + lx, r + ly
        if not pos.on(x, y):
            continue
        p = pos.at(x, y)
        if p is not None:
            if p[0] != c:
                out.append((x, y))
            continue
        out.append((x, y))
        out += slides(pos, x, y, c, sdirs)
    return out


def two_steps(pos, f, r, c, first_dirs):
    """Titan (diagonal steps) / Warrior (orthogonal steps): one step; if it
    landed on an empty square, optionally a second step of the same kind
    forward or sideways relative to the first (never straight back)."""
    out = []
    for dx, dy in first_dirs:
        x, y = f + dx, r + dy
        if not pos.on(x, y):
            continue
        p = pos.at(x, y)
        if p is not None:
            if p[0] != c:
                out.append((x, y))
            continue
        out.append((x, y))
        # forward = same vector; sideways = the two perpendicular vectors
        for ex, ey in ((dx, dy), (-dy, dx), (dy, -dx)):
            x2, y2 = x + ex, y + ey
            if pos.on(x2, y2):
                q = pos.at(x2, y2)
                if q is None or q[0] != c:
                    out.append((x2, y2))
    return out


def empty(pos, x, y):
    return pos.on(x, y) and pos.at(x, y) is None


def enemy(pos, x, y, c):
    if not pos.on(x, y):
        return False
    p = pos.at(x, y)
    return p is not None and p[0] != c


def forward(c):
    return 1 if c == WHITE else -1


# ---------------------------------------------------------------------------
# Shared orthodox pieces
# ---------------------------------------------------------------------------

def gen_king(pos, f, r, c):
    return leaps(pos, f, r, c, ALL8)


def gen_queen(pos, f, r, c):
    return slides(pos, f, r, c, ALL8)


def gen_rook(pos, f, r, c):
    return slides(pos, f, r, c, ORTH)


def gen_bishop(pos, f, r, c):
    return slides(pos, f, r, c, DIAG)


def gen_knight(pos, f, r, c):
    return leaps(pos, f, r, c, KNIGHT)


# ---------------------------------------------------------------------------
# Xhess pieces
# ---------------------------------------------------------------------------

def gen_cannon(pos, f, r, c):
    """Xiangqi cannon: rook-like non-captures onto empty squares; captures
    only by jumping exactly one piece (either colour) and taking the first
    piece beyond it if that is an enemy."""
    out = []
    for dx, dy in ORTH:
        x, y = f + dx, r + dy
        while pos.on(x, y) and pos.at(x, y) is None:
            out.append((x, y))
            x += dx
            y += dy
        if not pos.on(x, y):
            continue
        x += dx          # (x, y) was the screen; look beyond it
        y += dy
        while pos.on(x, y) and pos.at(x, y) is None:
            x += dx
            y += dy
        if enemy(pos, x, y, c):
            out.append((x, y))
    return out


def gen_nightrider(pos, f, r, c):
    return slides(pos, f, r, c, KNIGHT)


def gen_horseman(pos, f, r, c):
    """Xhess Horseman: pawn step (move only), diagonal-forward capture only,
    and four forward lame non-capturing horse moves:
    (+-1, +2) needs the square ahead empty; (+-2, +1) needs the side square
    (+-1, 0) empty; the landing square must be empty."""
    fw = forward(c)
    out = []
    if empty(pos, f, r + fw):
        out.append((f, r + fw))
        for s in (1, -1):
            if empty(pos, f + s, r + 2 * fw):
                out.append((f + s, r + 2 * fw))
    for s in (1, -1):
        if enemy(pos, f + s, r + fw, c):
            out.append((f + s, r + fw))
        if empty(pos, f + s, r) and empty(pos, f + 2 * s, r + fw):
            out.append((f + 2 * s, r + fw))
    return out


# ---------------------------------------------------------------------------
# Really Big Board pieces
# ---------------------------------------------------------------------------

ROSE_VECS = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


def gen_fd(pos, f, r, c):
    return leaps(pos, f, r, c, DIAG + DABBABA)


def gen_wfa(pos, f, r, c):
    return leaps(pos, f, r, c, ALL8 + ALFIL)


def gen_archbishop(pos, f, r, c):
    return slides(pos, f, r, c, DIAG) + leaps(pos, f, r, c, KNIGHT)


def gen_chancellor(pos, f, r, c):
    return slides(pos, f, r, c, ORTH) + leaps(pos, f, r, c, KNIGHT)


def gen_superknight(pos, f, r, c):
    return leaps(pos, f, r, c, KNIGHT + CAMEL + ZEBRA)


def gen_rose(pos, f, r, c):
    """Circular nightrider: first hop = any knight vector, then each further
    hop uses the next knight vector in a fixed turning sense.  Landing
    squares before the last must be empty; a hop off the board ends the path.
    Up to 7 hops (the 8th returns home = the pass, generated separately)."""
    out = []
    for k in range(8):
        for sense in (1, -1):
            x, y = f, r
            for i in range(7):
                dx, dy = ROSE_VECS[(k + sense * i) % 8]
                x += dx
                y += dy
                if not pos.on(x, y):
                    break
                p = pos.at(x, y)
                if p is None:
                    out.append((x, y))
                    continue
                if p[0] != c:
                    out.append((x, y))
                break
    return out


def rose_can_pass(pos, f, r):
    """True when some full circle has all 7 other octagon squares on the
    board and empty (check condition is tested by the caller)."""
    for k in range(8):
        for sense in (1, -1):
            x, y = f, r
            ok = True
            for i in range(7):
                dx, dy = ROSE_VECS[(k + sense * i) % 8]
                x += dx
                y += dy
                if not empty(pos, x, y):
                    ok = False
                    break
            if ok:
                return True
    return False


def gen_rbb_pawn(pos, f, r, c):
    """Step forward to an empty square; from the start rank a long move of
    1..6 squares over empty squares; diagonal-forward capture.  (En passant
    is generated in rbb_extra_moves.)"""
    fw = forward(c)
    start = 1 if c == WHITE else pos.H - 2
    out = []
    for n in range(1, 7 if r == start else 2):
        if not empty(pos, f, r + n * fw):
            break
        out.append((f, r + n * fw))
    for s in (1, -1):
        if enemy(pos, f + s, r + fw, c):
            out.append((f + s, r + fw))
    return out


# ---------------------------------------------------------------------------
# Flee! pieces
# ---------------------------------------------------------------------------

def gen_flee_queen(pos, f, r, c):
    """King and Queen of Flee!: queen slides + A (2,2), N (2,1), D (2,0)."""
    return slides(pos, f, r, c, ALL8) + leaps(pos, f, r, c, ALFIL + KNIGHT + DABBABA)


def gen_flee_knight(pos, f, r, c):
    """FAWND = any of the 24 squares of the 5x5 box, never blocked."""
    return leaps(pos, f, r, c, BOX2)


def gen_flee_pawn(pos, f, r, c):
    """fB4fsW, every move may capture: slide 1-4 diagonally forward, one
    step straight forward, one step sideways."""
    fw = forward(c)
    return (slides(pos, f, r, c, [(1, fw), (-1, fw)], limit=4)
            + leaps(pos, f, r, c, [(0, fw), (1, 0), (-1, 0)]))


def gen_flee_guard(pos, f, r, c):
    """B4R4AND: slide up to 4 in any of 8 directions + A, N, D leaps."""
    return slides(pos, f, r, c, ALL8, limit=4) + leaps(pos, f, r, c, ALFIL + KNIGHT + DABBABA)


# ---------------------------------------------------------------------------
# Overboard pieces
# ---------------------------------------------------------------------------

def outward_diags(d):
    """The two diagonals that keep moving away along orthogonal d."""
    dx, dy = d                      # e.g. (0,1) -> (1,1), (-1,1)
    return [(dx + dy, dy + dx), (dx - dy, dy - dx)]


def outward_orths(d):
    """The two orthogonals that keep moving away along diagonal d."""
    dx, dy = d
    return [(dx, 0), (0, dy)]


def gen_ob_guard_pawn(pos, f, r, c):
    return nearest_non_friendly(pos, f, r, c, [(0, forward(c))])


def gen_ob_courier_pawn(pos, f, r, c):
    fw = forward(c)
    return as_far_as_possible(pos, f, r, c, [(1, fw), (-1, fw)])


def gen_chipmunk(pos, f, r, c):
    return nearest_non_friendly(pos, f, r, c, DIAG)


def gen_ob_guard(pos, f, r, c):
    return nearest_non_friendly(pos, f, r, c, ORTH)


def gen_monkey(pos, f, r, c):
    return nearest_non_friendly(pos, f, r, c, ALL8)


def gen_courier(pos, f, r, c):
    return as_far_as_possible(pos, f, r, c, DIAG)


def gen_hare(pos, f, r, c):
    return as_far_as_possible(pos, f, r, c, ORTH)


def gen_elephant(pos, f, r, c):
    return as_far_as_possible(pos, f, r, c, ALL8)


def gen_titan(pos, f, r, c):
    return two_steps(pos, f, r, c, DIAG)


def gen_warrior(pos, f, r, c):
    return two_steps(pos, f, r, c, ORTH)


def gen_prince(pos, f, r, c):
    """King step, or a knight square when its orthogonal intermediate
    (one step along the long leg) or its diagonal intermediate is empty."""
    out = leaps(pos, f, r, c, ALL8)
    for kx, ky in KNIGHT:
        x, y = f + kx, r + ky
        if not pos.on(x, y):
            continue
        p = pos.at(x, y)
        if p is not None and p[0] == c:
            continue
        ox, oy = (sgn(kx), 0) if abs(kx) == 2 else (0, sgn(ky))
        if empty(pos, f + ox, r + oy) or empty(pos, f + sgn(kx), r + sgn(ky)):
            out.append((x, y))
    return out


def gen_camel(pos, f, r, c):
    return leaps(pos, f, r, c, CAMEL)


def gen_zebra(pos, f, r, c):
    return leaps(pos, f, r, c, ZEBRA)


def gen_javelin(pos, f, r, c):
    return leaps(pos, f, r, c, ALFIL + TRIPPER)


def gen_ballista(pos, f, r, c):
    return leaps(pos, f, r, c, DABBABA + THREELEAPER)


def gen_wonder(pos, f, r, c):
    return leaps(pos, f, r, c, BOX3)


def gen_ski_bishop(pos, f, r, c):
    return ski(pos, f, r, c, DIAG)


def gen_ski_rook(pos, f, r, c):
    return ski(pos, f, r, c, ORTH)


def gen_ski_queen(pos, f, r, c):
    return ski(pos, f, r, c, ALL8)


def gen_flying_bishop(pos, f, r, c):
    return flying(pos, f, r, c, DIAG)


def gen_flying_rook(pos, f, r, c):
    return flying(pos, f, r, c, ORTH)


def gen_flying_queen(pos, f, r, c):
    return flying(pos, f, r, c, ALL8)


def gen_rhinoceros(pos, f, r, c):
    """W step, then optionally slide on the two outward diagonals."""
    return leap_then_slide(pos, f, r, c, [(d, outward_diags(d)) for d in ORTH])


def gen_gryphon(pos, f, r, c):
    """F step, then optionally slide on the two outward orthogonals."""
    return leap_then_slide(pos, f, r, c, [(d, outward_orths(d)) for d in DIAG])


def gen_osprey(pos, f, r, c):
    """(0,2)/(2,0) leap, then optionally slide on the two outward diagonals."""
    return leap_then_slide(pos, f, r, c,
                           [((2 * dx, 2 * dy), outward_diags((dx, dy))) for dx, dy in ORTH])


def gen_condor(pos, f, r, c):
    """(2,2) leap, then optionally slide on the two outward orthogonals."""
    return leap_then_slide(pos, f, r, c,
                           [((2 * dx, 2 * dy), outward_orths((dx, dy))) for dx, dy in DIAG])


def unicorn_dir(kx, ky):
    return (sgn(kx), sgn(ky))


def pegasus_dir(kx, ky):
    return (sgn(kx), 0) if abs(kx) > abs(ky) else (0, sgn(ky))


def gen_unicorn(pos, f, r, c):
    """Knight leap, then optionally slide along (sign x, sign y)."""
    return leap_then_slide(pos, f, r, c, [(k, [unicorn_dir(*k)]) for k in KNIGHT])


def gen_pegasus(pos, f, r, c):
    """Knight leap, then optionally slide along the long leg's orthogonal."""
    return leap_then_slide(pos, f, r, c, [(k, [pegasus_dir(*k)]) for k in KNIGHT])


def gen_horse_queen(pos, f, r, c):
    """Unicorn + Pegasus (leap, then either slide)."""
    return leap_then_slide(pos, f, r, c,
                           [(k, [unicorn_dir(*k), pegasus_dir(*k)]) for k in KNIGHT])


# ---------------------------------------------------------------------------
# Attack pre-filters (cheap superset tests on |dx|, |dy|; never exact)
# ---------------------------------------------------------------------------

def f_any(ax, ay):
    return True


def f_orth(ax, ay):
    return ax == 0 or ay == 0


def f_diag(ax, ay):
    return ax == ay


def f_line(ax, ay):
    return ax == 0 or ay == 0 or ax == ay


def f_box(n):
    return lambda ax, ay: ax <= n and ay <= n


def f_or(*fs):
    return lambda ax, ay: any(g(ax, ay) for g in fs)


# ---------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------

class Variant:
    def __init__(self, name, W, H, start, gens, reach, promos, pawns):
        self.name = name
        self.W = W
        self.H = H
        self.start = start
        self.gens = gens          # code -> generator
        self.reach = reach        # code -> pre-filter
        self.promos = promos      # code -> list of promotion options on last rank(s)
        self.pawns = pawns        # codes that promote


XHESS = Variant(
    "xhess", 10, 10,
    "r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w - - 0 1",
    {"K": gen_king, "Q": gen_queen, "R": gen_rook, "B": gen_bishop, "N": gen_knight,
     "C": gen_cannon, "I": gen_nightrider, "H": gen_horseman},
    {"K": f_box(1), "Q": f_line, "R": f_orth, "B": f_diag, "N": f_box(2),
     "C": f_orth, "I": f_any, "H": f_box(1)},
    None, {"H"})

RBB = Variant(
    "really-big-board", 16, 16,
    "rndwboaqkcsbwdnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/"
    "PPPPPPPPPPPPPPPP/RNDWBOAQKCSBWDNR w KQkq - 0 1",
    {"K": gen_king, "Q": gen_queen, "R": gen_rook, "B": gen_bishop, "N": gen_knight,
     "D": gen_fd, "W": gen_wfa, "O": gen_rose, "A": gen_archbishop,
     "C": gen_chancellor, "S": gen_superknight, "P": gen_rbb_pawn},
    {"K": f_box(1), "Q": f_line, "R": f_orth, "B": f_diag, "N": f_box(2),
     "D": f_box(2), "W": f_box(2), "O": f_any, "A": f_or(f_diag, f_box(2)),
     "C": f_or(f_orth, f_box(2)), "S": f_box(3), "P": f_box(1)},
    None, {"P"})

FLEE = Variant(
    "flee", 16, 16,
    "rnb1rnbqkbnr1bnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/"
    "PPPPPPPPPPPPPPPP/RNB1RNBQKBNR1BNR w - - 0 1",
    {"K": gen_flee_queen, "Q": gen_flee_queen, "R": gen_rook, "B": gen_bishop,
     "N": gen_flee_knight, "P": gen_flee_pawn, "G": gen_flee_guard},
    {"K": f_or(f_line, f_box(2)), "Q": f_or(f_line, f_box(2)), "R": f_orth,
     "B": f_diag, "N": f_box(2), "P": f_or(f_diag, f_box(1)),
     "G": f_or(f_line, f_box(2))},
    None, {"P"})

OVERBOARD = Variant(
    "overboard", 16, 16,
    # docs/variants/overboard.md Setup (second reconstruction): Courier Pawns b3, d3 ... p3
    # behind Guard Pawns a4, c4 ... o4; Black the same files on ranks 14 / 13.
    "r{sr}{fr}fb{sb}{fb}qkw{hq}{fq}{sq}uox/h{co}evynczjliatmgd/1s1s1s1s1s1s1s1s/p1p1p1p1p1p1p1p1/"
    "16/16/16/16/16/16/16/16/P1P1P1P1P1P1P1P1/1S1S1S1S1S1S1S1S/H{CO}EVYNCZJLIATMGD/"
    "R{SR}{FR}FB{SB}{FB}QKW{HQ}{FQ}{SQ}UOX w - - 0 1",
    {"K": gen_king, "Q": gen_queen, "R": gen_rook, "B": gen_bishop, "N": gen_knight,
     "C": gen_camel, "Z": gen_zebra, "W": gen_wonder, "J": gen_javelin,
     "L": gen_ballista, "T": gen_titan, "G": gen_ob_guard, "M": gen_monkey,
     "H": gen_hare, "E": gen_elephant, "U": gen_unicorn, "O": gen_osprey,
     "Y": gen_gryphon, "X": gen_condor, "V": gen_rhinoceros, "I": gen_prince,
     "A": gen_warrior, "F": gen_pegasus, "D": gen_chipmunk,
     "P": gen_ob_guard_pawn, "S": gen_ob_courier_pawn, "CO": gen_courier,
     "SB": gen_ski_bishop, "SR": gen_ski_rook, "SQ": gen_ski_queen,
     "FB": gen_flying_bishop, "FR": gen_flying_rook, "FQ": gen_flying_queen,
     "HQ": gen_horse_queen},
    {"K": f_box(1), "Q": f_line, "R": f_orth, "B": f_diag, "N": f_box(2),
     "C": f_box(3), "Z": f_box(3), "W": f_box(3), "J": f_box(3), "L": f_box(3),
     "T": f_box(2), "G": f_orth, "M": f_line, "H": f_orth, "E": f_line,
     "U": f_any, "O": f_any, "Y": f_any, "X": f_any, "V": f_any, "I": f_box(2),
     "A": f_box(2), "F": f_any, "D": f_diag, "P": f_orth, "S": f_diag,
     "CO": f_diag, "SB": f_diag, "SR": f_orth, "SQ": f_line, "FB": f_diag,
     "FR": f_orth, "FQ": f_line, "HQ": f_any},
    None, {"P", "S"})

VARIANTS = {v.name: v for v in (XHESS, RBB, FLEE, OVERBOARD)}

if os.environ.get("REFPERFT_NOFILTER"):
    for _v in VARIANTS.values():
        _v.reach = {k: f_any for k in _v.reach}


def promotion_options(v, code, c, to_y):
    """List of promotion codes for a pawn-like piece arriving on rank to_y
    (0-based); [None] = no promotion."""
    if code not in v.pawns:
        return [None]
    rel = to_y + 1 if c == WHITE else v.H - to_y     # rank as seen by the mover, 1-based
    if v is XHESS:
        return ["N", "I", "B", "C", "R", "Q"] if rel == 10 else [None]
    if v is RBB:
        return ["Q", "R", "B", "N", "D", "W", "O", "A", "C", "S"] if rel == 16 else [None]
    if v is FLEE:
        return ["G"] if rel == 16 else [None]
    # Overboard: one option per arrival rank; optional on 12-15, forced on 16
    zone = {12: "SQ", 13: "Q", 14: "FQ", 15: "HQ"}
    if rel == 16:
        return ["W"]
    if rel in zone:
        return [None, zone[rel]]
    return [None]


# ---------------------------------------------------------------------------
# Attacks, move generation, make move
# ---------------------------------------------------------------------------

def attacked(pos, s, by):
    """Is square s (which must hold a piece of the side opposite to `by`)
    the destination of some pseudo-legal move of a piece of colour `by`?"""
    v = pos.v
    W = pos.W
    tx, ty = s % W, s // W
    b = pos.b
    for i in range(len(b)):
        p = b[i]
        if p is None or p[0] != by:
            continue
        x, y = i % W, i // W
        if not v.reach[p[1]](abs(tx - x), abs(ty - y)):
            continue
        if (tx, ty) in v.gens[p[1]](pos, x, y, by):
            return True
    return False


def king_square(pos, c):
    try:
        return pos.b.index((c, "K"))
    except ValueError:
        return None


def in_check(pos, c):
    k = king_square(pos, c)
    return k is not None and attacked(pos, k, 1 - c)


def game_over_by_rule(pos):
    """Xhess: a King standing on its far rank has already won."""
    if pos.v is XHESS:
        wk, bk = king_square(pos, WHITE), king_square(pos, BLACK)
        if wk is not None and wk // pos.W == pos.H - 1:
            return True
        if bk is not None and bk // pos.W == 0:
            return True
    return False


def pseudo_moves(pos):
    v = pos.v
    W = pos.W
    c = pos.side
    moves = []
    for i, p in enumerate(pos.b):
        if p is None or p[0] != c:
            continue
        x, y = i % W, i // W
        for tx, ty in v.gens[p[1]](pos, x, y, c):
            for pr in promotion_options(v, p[1], c, ty):
                moves.append((i, ty * W + tx, pr))
    if v is RBB:
        moves += rbb_extra_moves(pos)
    return moves


def rbb_extra_moves(pos):
    """En passant, castling and the Rose pass (Really Big Board)."""
    W, H = pos.W, pos.H
    c = pos.side
    fw = forward(c)
    out = []
    # en passant: a pawn whose diagonal capture lands on a crossed square
    for e in pos.ep:
        ex, ey = e % W, e // W
        for s in (1, -1):
            x, y = ex + s, ey - fw
            if pos.on(x, y) and pos.at(x, y) == (c, "P") and pos.at(ex, ey) is None:
                for pr in promotion_options(pos.v, "P", c, ey):
                    out.append((y * W + x, e, pr))
    check = None
    home = 0 if c == WHITE else H - 1
    king = (8, home)   # i-file
    if pos.at(*king) == (c, "K"):
        for right, rook_x, between, crossed in (
                ("K", 15, range(9, 15), range(9, 14)),    # j..o empty, j..n safe
                ("Q", 0, range(1, 8), range(7, 1, -1))):  # b..h empty, h..c safe
            if (right if c == WHITE else right.lower()) not in pos.castle:
                continue
            if pos.at(rook_x, home) != (c, "R"):
                continue
            if any(pos.at(x, home) is not None for x in between):
                continue
            if check is None:
                check = in_check(pos, c)
            if check:
                continue
            ok = True
            for x in crossed:
                tmp = make_raw(pos, king[1] * W + king[0], home * W + x)
                if attacked(tmp, home * W + x, 1 - c):
                    ok = False
                    break
            if ok:
                out.append((home * W + 8, home * W + crossed[-1], None))
    # Rose pass
    for i, p in enumerate(pos.b):
        if p == (c, "O") and rose_can_pass(pos, i % W, i // W):
            if check is None:
                check = in_check(pos, c)
            if not check:
                out.append((i, i, None))
    return out


def make_raw(pos, frm, to):
    """Just move the piece (used for testing castling crossing squares)."""
    b = pos.b[:]
    b[to] = b[frm]
    b[frm] = None
    return Pos(pos.v, b, pos.side, pos.castle, ())


def make_move(pos, m):
    v = pos.v
    W = pos.W
    frm, to, pr = m
    b = pos.b[:]
    p = b[frm]
    c, code = p
    castle = pos.castle
    ep = ()
    if frm != to:                                   # (frm == to: Rose pass)
        captured = b[to]
        b[to] = (c, pr) if pr else p
        b[frm] = None
        fx, fy, tx, ty = frm % W, frm // W, to % W, to // W
        if v is RBB:
            if code == "P":
                if fx != tx and captured is None and to in pos.ep:
                    # en passant: the long-moving pawn stands beyond the furthest crossed square
                    ranks = [e // W for e in pos.ep]
                    py = min(ranks) - 1 if c == WHITE else max(ranks) + 1
                    b[py * W + tx] = None
                if abs(ty - fy) >= 2:
                    d = 1 if ty > fy else -1
                    ep = tuple((fy + k * d) * W + fx for k in range(1, abs(ty - fy)))
            if code == "K" and abs(tx - fx) > 1:    # castling
                if tx > fx:
                    b[fy * W + 12] = b[fy * W + 15]
                    b[fy * W + 15] = None
                else:
                    b[fy * W + 3] = b[fy * W + 0]
                    b[fy * W + 0] = None
            lost = set()
            if code == "K":
                lost |= {"K", "Q"} if c == WHITE else {"k", "q"}
            corners = {0: "Q", 15: "K", (pos.H - 1) * W: "q", (pos.H - 1) * W + 15: "k"}
            for s in (frm, to):
                if s in corners:
                    lost.add(corners[s])
            castle = castle - lost
    return Pos(v, b, 1 - c, castle, ep)


def legal_moves(pos):
    if game_over_by_rule(pos):
        return []
    out = []
    seen = set()
    c = pos.side
    for m in pseudo_moves(pos):
        if m in seen:
            continue
        seen.add(m)
        np = make_move(pos, m)
        k = king_square(np, c)
        if k is None or not attacked(np, k, 1 - c):
            out.append(m)
    return out


def move_text(v, m):
    frm, to, pr = m
    return sq_name(v, frm) + sq_name(v, to) + ("=" + pr if pr else "")


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = legal_moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(make_move(pos, m), depth - 1) for m in ms)


def find_move(pos, text):
    for m in legal_moves(pos):
        if move_text(pos.v, m) == text:
            return m
    raise SystemExit("illegal or unknown move %r in position %s" % (text, to_fen(pos)))


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def _child(item):
    """Count one root move (items are plain data so they pickle for --jobs)."""
    vname, b, side, castle, ep, m, depth = item
    pos = Pos(VARIANTS[vname], b, side, castle, ep)
    return move_text(pos.v, m), perft(make_move(pos, m), depth - 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description="independent reference perft")
    ap.add_argument("variant", choices=sorted(VARIANTS))
    ap.add_argument("depth", type=int)
    ap.add_argument("--fen")
    ap.add_argument("--moves", default="")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (split at the root)")
    ap.add_argument("--show", action="store_true", help="print the FEN reached after --moves")
    a = ap.parse_args(argv)
    v = VARIANTS[a.variant]
    pos = parse_fen(v, a.fen or v.start)
    for t in a.moves.split():
        if t == "-":
            continue
        pos = make_move(pos, find_move(pos, t))
    if a.show:
        print("fen:", to_fen(pos))
    if a.depth == 0:
        print("perft 0: 1")
        return
    ms = legal_moves(pos)
    items = [(v.name, pos.b, pos.side, pos.castle, pos.ep, m, a.depth) for m in ms]
    if a.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(a.jobs) as pool:
            results = pool.map(_child, items, chunksize=1)
    else:
        results = [_child(it) for it in items]
    total = sum(n for _, n in results)
    if a.divide:
        for t, n in sorted(results):
            print(t, n)
        print("total", total)
    else:
        print("perft %d: %d" % (a.depth, total))


if __name__ == "__main__":
    main()
