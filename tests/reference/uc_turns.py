#!/usr/bin/env python3
"""UC-170-17 turns with drops, credits, exchanges and promotion from the
reserve: an independent reference written from `docs/variants/uc-170-17-game-rules.md`
sections 3-8 and rule decision 18 of `docs/variants/rule-decisions.md` -- NOT from the engine.
Movement, capture mechanisms and royal modes come from `uc_perft.py`
(with `uc_moves.py`, `uc_mech.py`, `uc_borrow.py`) and `uc_extra.py`
(Ubi-Ubi, the effect Grasshoppers, the Jester, the last turn).

State: board, side to move, reserves (per side and class, fixed lists in
drop order: drops take the front, promotions the back), credits per side
and class, the pending exchange (the capturer's square after the last
turn and the counts of its uncredited piece and pawn victims), the last
turn (uc_extra E4) and the last swap.

A turn = one normal move, then at most one piece drop, then at most one
pawn drop:
- piece drop: the next reserve piece (the front) on an empty square of
  one's first rank; an Anti-King, on any empty square; pawn drop: the
  next reserve pawn on an empty square of one's second rank; each pays
  one credit of its class, credits earned by the move included;
- the royal mode is judged on the royals the side has after the whole
  turn, promotion and drops included (rule decision 21): under check
  rules there (R1: no Anti-King, exactly one capturable royal, a King or
  Royal Knight) the normal move alone must leave that royal unattacked (a
  drop never parries a check) and so must the whole turn; under
  extinction rules (R2) anything goes, so a pawn promoting to a Wuss or a
  Royal Knight on an attacked square is legal, even from check;
- an Anti-King the turn brings in (promotion or drop) must stand attacked
  after the whole turn (R4: by enemy men other than royals, not frozen);
- R3 over whole turns: a side with an Anti-King at the start keeps the
  turns after which all its Anti-Kings are attacked, if there are any,
  else it has no turn if it has no capturable royal, else all turns stay;
  R5 after it: if a Wuss of the mover is attacked at the start, the turns
  whose normal move is such a Wuss's, if there are any.
Perft counts turns, each distinct (move, piece drop, pawn drop) once.

Exchanges and credits (docs/variants/uc-170-17-game-rules.md section 4):
- the victims of a move that earn credits are the enemy men it captures
  (any mechanism, every victim of a multi-capture); Circe removals,
  colour and kind changes, self-removal and an Anti-King's own captures
  earn nothing;
- recapture: the move captures the man on the pending square (it is the
  opponent's capturer, the turn is the very next one): the mover gets the
  pending counts (its men lost to that capturer), the opponent one credit
  of the capturer's class;
- the new pending exchange: where the move captured, the capturer's square
  after it (the mover's landing square; an Archer's own square) and the
  counts of its victims not credited by this move (so in A x B, C x A,
  D x C, C x A credits B and A, D x C credits C only); a move that
  captures nothing leaves none;
- mutual destruction (Swapper, Chameleon): a completed exchange, each
  owner one credit at once for its man (the victim not twice if it was
  the pending capturer); no pending exchange after it;
- class = the man's class when lost (a promoted pawn is a piece).
Promotion: a pawn-kind man ending its own move (step, leap, hop, borrowed
power; not a swap) on its last rank becomes the last piece of its
reserve, forced; without reserve pieces such a move is not generated; the
pawn leaves the game (no credit, no return).
Attack (R6) with an empty piece reserve: the move onto the last rank does
not exist, so while a side's piece reserve is empty its pawn kinds do not
attack the squares of their last rank by moving there (a Blue King may
step onto rank 8 next to a White pawn; a White King on e1 is not in check
from a Blue pawn on d2), nor lend a power to a borrower standing there
(uc_mech reading 1: lenders are the men that could remove it).  Their
captures that do not bring them onto that rank still count: a shot with
a borrowed Archer power, a custodial capture, a withdrawal or approach
landing elsewhere.  Every attack test (R1 legality of the move and of the
whole turn, R3 Anti-Kings attacked, the Anti-King drop, R5 the Wuss's
flight) runs with the reserves of the position it asks about (after the
move, after the drops) and with the game's home squares (a Circe hop
removes a royal whose rebirth square is taken).
Not modelled: en passant (as in uc_perft.py); the data's positions hold
no double step that could be taken en passant within their depth. The
no-swap-back record and the last turn start empty in a position from
text.

Position text (fields after the FEN's six): `reserve=WPIECES/WPAWNS,
BPIECES/BPAWNS` (remaining lists in drop order, `-` for an empty list;
absent: all empty), `credits=WP,WW/BP,BW` (absent: 0), `pending=SQ:P,W`
(absent: none), `home=R8/R7/R2/R1` (the setup ranks, Circe rebirths;
absent: seed 1's setup, the variant's default).

    python3 tests/reference/uc_turns.py "FEN" DEPTH
    python3 tests/reference/uc_turns.py "FEN" --moves [--after "t1 t2"]
    python3 tests/reference/uc_turns.py "FEN" DEPTH --after "d1d5 c6d5"

Turn text: `e2e4`, `e2e4+@c1`, `e2e4+@c1+@f2` (piece drop, then pawn
drop); a single drop is written with its code (`+{AK}@f2`, `+P@f2`)
where both readings exist. A move other than a plain one is written
`a1*a6` (shot, mutual destruction), `e4-` (self-removal), `c3e3>b1`
(a hop's hurdled man reborn on b1; `>-` leaves the game), `e7e8=CODE`
(promotion); moves that still share a text carry the victims
(`^e5,f6`), except the one that takes nothing (`e3e4` beside `e3e4^e2`).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_perft as P  # noqa: E402
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_extra as X  # noqa: E402

CLASSES = ('piece', 'pawn')
CODE_OF = {kind: code for code, (kind, _) in P.CODES.items()}
ROYAL_OF = {kind: royal for _, (kind, royal) in P.CODES.items()}


def other(c):
    return 'b' if c == 'w' else 'w'


class State:
    __slots__ = ('board', 'side', 'reserve', 'credits', 'pending', 'last', 'swap', 'home')

    def __init__(self, board, side, reserve=None, credits=None, pending=None,
                 last=None, swap=None, home=None):
        self.board = board
        self.side = side
        self.reserve = reserve or {(c, k): () for c in 'wb' for k in CLASSES}
        self.credits = credits or {(c, k): 0 for c in 'wb' for k in CLASSES}
        self.pending = pending
        self.last = last
        self.swap = swap
        self.home = home


# ---------------------------------------------------------------------------
# Position text


def sq(name):
    return ('abcdefgh'.index(name[0]), int(name[1:]) - 1)


def codes(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == '{':
            j = text.index('}', i)
            out.append(text[i + 1:j])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return out


def parse(fen):
    parts = fen.split()
    board, side = P.parse_fen(fen)
    st = State(board, side)
    for f in parts[6:]:
        key, _, val = f.partition('=')
        if key == 'reserve':
            for c, half in zip('wb', val.split(',')):
                for k, lst in zip(CLASSES, half.split('/')):
                    st.reserve[(c, k)] = () if lst == '-' else tuple(
                        P.CODES[x.upper()][0] for x in codes(lst))
        elif key == 'credits':
            for c, half in zip('wb', val.split('/')):
                for k, n in zip(CLASSES, half.split(',')):
                    st.credits[(c, k)] = int(n)
        elif key == 'pending':
            if val != '-':
                s, _, counts = val.partition(':')
                a, b = counts.split(',')
                st.pending = (sq(s), int(a), int(b))
        elif key == 'home':
            hb, _ = P.parse_fen(val.replace('/', '/8/8/8/8/', 1) + ' w')
            st.home = {(k, c): s for s, (k, c, _) in hb.items()}
        else:
            raise ValueError(f"unknown field {f}")
    return st


_default_home = None


def home_of(st):
    """The game's home squares: the text's, else seed 1's setup."""
    global _default_home
    if st.home is not None:
        return st.home
    if _default_home is None:
        import uc_setup
        board, _, _ = uc_setup.draw(1)
        _default_home = {(k, c): s for s, (k, c, _) in board.items()}
    return _default_home


# ---------------------------------------------------------------------------
# Turns


def cls(kind):
    return kind[0]


def promotes(board, move):
    kind, colour, _ = board[move[0]]
    return M.enters_last_rank(kind, colour, move)


def barred(reserve):
    """The sides whose pawn kinds may not move onto their last rank: their
    piece reserve is empty (section 6).  Those moves do not exist, so they
    attack nothing and lend nothing (uc_mech.CTX)."""
    return frozenset(c for c in 'wb' if not reserve[(c, 'piece')])


def credit_victims(board, move, colour):
    """The enemy men the move captures (Circe removals excepted)."""
    frm, to, how, victims = move
    hurdle = how[1] if isinstance(how, tuple) else None
    return [v for v in victims if board[v][1] != colour and v != hurdle]


def exchange(st, move, colour):
    """Credits and the pending exchange after the move (section 4)."""
    board = st.board
    opp = other(colour)
    cr = dict(st.credits)
    vs = credit_victims(board, move, colour)
    pend = st.pending
    if pend is not None and pend[0] in vs:
        cr[(colour, 'piece')] += pend[1]
        cr[(colour, 'pawn')] += pend[2]
        cr[(opp, cls(board[pend[0]][0]))] += 1
        vs = [v for v in vs if v != pend[0]]
        recaptured = True
    else:
        recaptured = False
    frm, to, how, _ = move
    if how == 'destroy':
        cr[(colour, cls(board[frm][0]))] += 1
        for v in vs:
            cr[(opp, cls(board[v][0]))] += 1
        return cr, None
    if not vs and not recaptured:
        return cr, None
    cap = frm if how == 'shoot' else to
    np = sum(1 for v in vs if cls(board[v][0]) == 'piece')
    return cr, (cap, np, len(vs) - np)


def anti_kings_attacked(st, colour, home):
    with X.Context(st.last, home, barred(st.reserve)):
        return P.anti_kings_attacked(st.board, colour)


def royal_attacked(board, colour, last, home, reserve):
    """Is a capturable royal of `colour` attacked on `board`, with the last
    turn, the home squares and the reserves of that position?"""
    with X.Context(last, home, barred(reserve)):
        return P.attacked_royal(board, colour)


def royal_safe(board, colour, last, home, reserve):
    """Legal under the mode of `board` for `colour` (R1: no capturable
    royal attacked; R2: always)."""
    if not P.check_mode(board, colour):
        return True
    return not royal_attacked(board, colour, last, home, reserve)


def turns(st):
    """The legal turns: list of (move, piece-drop square, pawn-drop square,
    state after)."""
    board, colour = st.board, st.side
    if P.lost(board, 'w') or P.lost(board, 'b'):
        return []
    # Every attack test below runs with the home squares (a Circe hop
    # removes a royal whose rebirth square is taken) and with the reserves
    # of the position it asks about (which pawn kinds are barred).
    home = home_of(st)
    with X.Context(st.last, home, barred(st.reserve)):
        pseudo = P.pseudo(board, colour, st.swap)
        fleeing = {s for s in P.capturable_royals(board, colour)
                   if board[s][0] == P.WUSS and P.attacked(board, s)}
    out = []
    for move in pseudo:
        frm, to = move[0], move[1]
        res = dict(st.reserve)
        with X.Context(st.last, home):
            nb, swap = M.play(board, move)
        created = []  # Anti-Kings this turn brings in (promotion, drop)
        if promotes(board, move):
            pieces = res[(colour, 'piece')]
            if not pieces:
                continue
            nb[to] = (pieces[-1], colour, ROYAL_OF[pieces[-1]])
            res[(colour, 'piece')] = pieces[:-1]
            if pieces[-1] == P.ANTI_KING:
                created.append(to)
        last = X.last_after(board, move)
        move_safe = None  # the move alone leaves no capturable royal attacked
        cr, pend = exchange(st, move, colour)
        first, second = (0, 1) if colour == 'w' else (7, 6)
        pieces, pawns = res[(colour, 'piece')], res[(colour, 'pawn')]
        piece_opts = [None]
        if cr[(colour, 'piece')] and pieces:
            if pieces[0] == P.ANTI_KING:
                piece_opts += [(x, y) for y in range(8) for x in range(8) if (x, y) not in nb]
            else:
                piece_opts += [(x, first) for x in range(8) if (x, first) not in nb]
        for pd in piece_opts:
            b1 = nb
            if pd is not None:
                b1 = dict(nb)
                b1[pd] = (pieces[0], colour, ROYAL_OF[pieces[0]])
            pawn_opts = [None]
            if cr[(colour, 'pawn')] and pawns:
                pawn_opts += [(x, second) for x in range(8) if (x, second) not in b1]
            for wd in pawn_opts:
                b2 = b1
                if wd is not None:
                    b2 = dict(b1)
                    b2[wd] = (pawns[0], colour, ROYAL_OF[pawns[0]])
                r2, c2 = dict(res), dict(cr)
                if pd is not None:
                    r2[(colour, 'piece')] = pieces[1:]
                    c2[(colour, 'piece')] -= 1
                if wd is not None:
                    r2[(colour, 'pawn')] = pawns[1:]
                    c2[(colour, 'pawn')] -= 1
                # R4 for the Anti-Kings the turn brings in: each stands
                # attacked after the whole turn.
                new_aks = created + ([pd] if pd is not None and pieces[0] == P.ANTI_KING else [])
                if new_aks:
                    with X.Context(last, home, barred(r2)):
                        if not all(P.attacked(b2, s, by_royals=False, probe=s) for s in new_aks):
                            continue
                # The royal mode is the one of the royals after the whole
                # turn (promotion and drops included).  Check rules: the
                # move alone must leave the royal unattacked (a drop never
                # parries a check), and so must the whole turn.
                if P.check_mode(b2, colour):
                    if move_safe is None:
                        move_safe = not royal_attacked(nb, colour, last, home, res)
                    if not move_safe:
                        continue
                    if b2 is not nb and royal_attacked(b2, colour, last, home, r2):
                        continue
                nxt = State(b2, other(colour), r2, c2, pend, last, swap, st.home)
                out.append((move, pd, wd, nxt))
    if P.anti_kings(board, colour):  # R3
        kept = [t for t in out if anti_kings_attacked(t[3], colour, home)]
        if kept:
            out = kept
        elif not P.capturable_royals(board, colour):
            return []
    if any(t[0][0] in fleeing for t in out):  # R5
        out = [t for t in out if t[0][0] in fleeing]
    return out


def perft(st, depth):
    if depth == 0:
        return 1
    ts = turns(st)
    if depth == 1:
        return len(ts)
    return sum(perft(t[3], depth - 1) for t in ts)


# ---------------------------------------------------------------------------
# Turn text


def code(kind, colour):
    c = CODE_OF[kind]
    c = c.upper() if colour == 'w' else c.lower()
    return c if len(c) == 1 else '{' + c + '}'


def move_text(st, move):
    frm, to, how, victims = move
    n = U.name
    if how in ('shoot', 'destroy'):
        t = f"{n(frm)}*{n(to)}"
    elif how == 'remove':
        t = f"{n(frm)}-"
    else:
        t = n(frm) + n(to)
        if isinstance(how, tuple) and how[1] is not None and (how[0], how[2]) != ('hop', how[1]):
            t += '>' + (n(how[2]) if how[2] else '-')
    if promotes(st.board, move):
        t += '=' + code(st.reserve[(st.side, 'piece')][-1], st.side)
    return t


def turn_texts(st, ts=None):
    """Texts of the turns, unique: victims added where moves share a text,
    codes where a single drop has two readings."""
    ts = turns(st) if ts is None else ts
    base = [move_text(st, t[0]) for t in ts]
    count = {}
    for b, t in zip(base, ts):
        count.setdefault(b, set()).add(t[0])
    out = []
    for b, t in zip(base, ts):
        # The move that takes nothing keeps the plain text (`e3e4` beside
        # `e3e4^e2`).
        if len(count[b]) > 1 and t[0][3]:
            b += '^' + ','.join(sorted(U.name(v) for v in t[0][3]))
        out.append(b)
    keys = {}
    for b, t in zip(out, ts):
        pd, wd = t[1], t[2]
        k = (b, pd or wd) if (pd is None) != (wd is None) else None
        if k:
            keys.setdefault(k, set()).add(pd is not None)
    texts = []
    for b, t in zip(out, ts):
        pd, wd = t[1], t[2]
        c = st.side
        amb = (pd is None) != (wd is None) and len(keys[(b, pd or wd)]) > 1
        if pd is not None:
            b += '+' + (code(st.reserve[(c, 'piece')][0], c) if amb else '') + '@' + U.name(pd)
        if wd is not None:
            b += '+' + (code(st.reserve[(c, 'pawn')][0], c) if amb else '') + '@' + U.name(wd)
        texts.append(b)
    return texts


def play_texts(st, texts):
    for text in texts:
        ts = turns(st)
        names = turn_texts(st, ts)
        if text not in names:
            raise ValueError(f"no turn {text}; turns: {' '.join(sorted(names))}")
        st = ts[names.index(text)][3]
    return st


def state_text(st):
    """The fields this reference reads, for the position after turns."""
    rows = []
    for y in range(7, -1, -1):
        row, gap = '', 0
        for x in range(8):
            m = st.board.get((x, y))
            if m is None:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += code(m[0], m[1])
        rows.append(row + (str(gap) if gap else ''))
    text = '/'.join(rows) + f" {st.side} - - 0 1"

    def lst(c, k):
        return ''.join(code(x, c) for x in st.reserve[(c, k)]) or '-'
    if any(st.reserve.values()):
        text += ' reserve=' + ','.join(f"{lst(c, 'piece')}/{lst(c, 'pawn')}" for c in 'wb')
    if any(st.credits.values()):
        text += ' credits=' + '/'.join(f"{st.credits[(c, 'piece')]},{st.credits[(c, 'pawn')]}"
                                       for c in 'wb')
    if st.pending is not None:
        s, a, b = st.pending
        text += f" pending={U.name(s)}:{a},{b}"
    return text


if __name__ == '__main__':
    argv = sys.argv[1:]
    after = []
    if '--after' in argv:
        i = argv.index('--after')
        after = argv[i + 1].split()
        del argv[i:i + 2]
    args = [a for a in argv if not a.startswith('--')]
    st = play_texts(parse(args[0]), after)
    if after:
        print(state_text(st), file=sys.stderr)
    if '--moves' in argv:
        for t in sorted(turn_texts(st)):
            print(t)
    else:
        for d in range(1, int(args[1]) + 1):
            print(f"D{d} {perft(st, d)}", flush=True)
