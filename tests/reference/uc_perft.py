#!/usr/bin/env python3
"""Perft of UC-170-17's library positions from the independent movement
reference `uc_moves.py` and the capture-mechanism reference `uc_mech.py`
(no Betza parser, no engine code): every kind's moves as those scripts
write them (freezing, immunity and the no-swap-back rule included), and
the Anti-King (148) and Wuss (165) written here; legality by the royal
modes of `docs/variants/uc-170-17-game-rules.md` section 7 (R1-R7):

- "attacked" (R6): some man of the other side that is not frozen could
  remove the man by a pseudo-legal move now, by any mechanism (landing, on
  the way, withdrawal, approach, overtaking, coordination, custodian,
  shooting, mutual destruction), immunity honoured;
- R1 check mode: a side with no Anti-King and exactly one capturable royal
  (King, Royal Knight, Wuss) that is a King or Royal Knight: a move is
  legal when that royal is not attacked afterwards;
- R2 extinction, every other side: every pseudo-legal move; a side with no
  capturable royal and no Anti-King has lost (no moves, for either side);
- R3/R4 Anti-King: it steps as a king to empty squares or onto its own men
  that are not royal (taking them), never takes an enemy and is never
  taken; it is attacked when a man of the other side that is neither royal
  (King, Royal Knight, Wuss, Anti-King) nor frozen could remove it were it
  not immune; a turn must leave every Anti-King of the mover attacked if
  some turn of R1/R2 does; if none does, the side has no move when it has
  no capturable royal (it has lost), else every R1/R2 move stays;
- R5 Wuss: a passive queen; when one of the mover's Wusses is attacked
  before the move, the move must be one of such a Wuss if one of the moves
  left is (it may end attacked); applied after R3.
Readings chosen where the rules are open: an own Shield next to an
Anti-King covers it (no attack on it, R6's immunity); the Anti-King's
own captures ignore Shield and Mamra (they guard against the enemy); a
side with several Anti-Kings must keep all of them attacked; a frozen
Anti-King or Wuss has no move (a royal does not remove itself, R7).
No promotion (the library has none yet); en passant is not modelled, so
positions and depths are chosen where no double step can be taken en
passant (no enemy pawn can reach a crossed square in time).

    python3 tests/reference/uc_perft.py "FEN" DEPTH
    python3 tests/reference/uc_perft.py "FEN" --moves

`--moves` prints each legal move of the side to move, one a line, sorted:
`FROM TO HOW VICTIMS`, HOW one of move/shoot/swap/destroy/remove, VICTIMS
the enemy men it removes (an Anti-King's own man taken), comma-separated and sorted, or `-` (uc_mech.py
describes each: a shot or destroyed man is also TO; a self-removal and the
Lion's pass/igui have TO = FROM).  Position text carries no last-swap
record: a position starts with none.
"""

import os
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402

LIB = os.path.join(os.path.dirname(__file__), '..', '..', 'src', 'variants', 'uc-170-17.toml')


def kinds_by_code():
    lib = tomllib.load(open(LIB, 'rb'))
    by_name = {v: ('piece', k) for k, v in U.PIECE_NAMES.items()}
    by_name.update({v: ('pawn', k) for k, v in U.PAWN_NAMES.items()})
    out = {}
    for p in lib['piece']:
        royal = p.get('royal', False)
        out[p['code'].upper()] = (by_name[p['name']], 'anti' if royal == 'anti' else bool(royal))
    # The capture-mechanism kinds by their library codes, for a library that
    # does not list them yet (none is royal).
    for code, kind in M.MECH_CODES.items():
        out.setdefault(code, (kind, False))
    return out


CODES = kinds_by_code()


def parse_fen(fen):
    rows, side = fen.split()[0], fen.split()[1]
    board = {}
    for r, row in enumerate(rows.split('/')):
        y = 7 - r
        x = 0
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
                continue
            if ch == '{':
                j = row.index('}', i)
                code = row[i + 1:j]
                i = j + 1
            else:
                code = ch
                i += 1
            colour = 'w' if code.isupper() else 'b'
            board[(x, y)] = (CODES[code.upper()][0], colour, CODES[code.upper()][1])
            x += 1
    return board, side


ANTI_KING = ('piece', 148)
WUSS = ('piece', 165)
KINGS = {('piece', 1), ('piece', 6)}  # King, Royal Knight


class Pos(M.Pos):
    """uc_mech's board view, with the Anti-King never taken: immune to every
    capturer, except the one on `probe` while its attack is tested."""

    def __init__(self, board, last_swap=None, probe=None):
        super().__init__(board, last_swap)
        self.probe = probe

    def immune(self, s, capturer):
        m = self.board.get(s)
        if m is not None and m[0] == ANTI_KING and s != self.probe:
            return True
        return super().immune(s, capturer)


def anti_king(pos, s, colour):
    """148: a king's step to an empty square, or onto a man of its own side
    that is not royal, taking it (a Shield's cover and a Mamra's are against
    the enemy: they do not stop it)."""
    out = set()
    for t in M.neighbours(s):
        m = pos.board.get(t)
        if m is None:
            out.add((s, t, 'move', frozenset()))
        elif m[1] == colour and not m[2]:
            out.add((s, t, 'move', frozenset([t])))
    return out


def man_moves(pos, s):
    """uc_mech's moves of the man on s, and the Anti-King's and the Wuss's
    (a frozen royal has none)."""
    kind, colour, _ = pos.board[s]
    if kind in (ANTI_KING, WUSS):
        if s in pos.frozen:
            return set()
        if kind == ANTI_KING:
            return anti_king(pos, s, colour)
        return M.quiet_queen(pos, s, colour, kind)
    return M.man_moves(pos, s)


def pseudo(board, colour, last_swap=None):
    """Every pseudo-legal move of `colour`: (from, to, how, victims), see
    uc_mech.py (freezing and immunity honoured)."""
    pos = Pos(board, last_swap)
    out = []
    for s, (_, c, _) in list(board.items()):
        if c == colour:
            out.extend(man_moves(pos, s))
    return out


def play(board, move):
    return M.play(board, move)


def attacked(board, sq, by_royals=True, probe=None):
    """Could a man of the other side than the man on `sq`, not frozen (and
    not royal, unless `by_royals`), remove it by a pseudo-legal move now?"""
    colour = board[sq][1]
    pos = Pos(board, None, probe)
    for s, (_, c, royal) in list(board.items()):
        if c == colour or s in pos.frozen or (royal and not by_royals):
            continue
        if any(sq in m[3] for m in man_moves(pos, s)):
            return True
    return False


def capturable_royals(board, colour):
    return [s for s, (_, c, r) in board.items() if c == colour and r is True]


def anti_kings(board, colour):
    return [s for s, (k, c, _) in board.items() if c == colour and k == ANTI_KING]


def check_mode(board, colour):
    royals = capturable_royals(board, colour)
    return not anti_kings(board, colour) and len(royals) == 1 and board[royals[0]][0] in KINGS


def anti_kings_attacked(board, colour):
    return all(attacked(board, s, by_royals=False, probe=s) for s in anti_kings(board, colour))


def attacked_royal(board, colour):
    """Could the other side remove a capturable royal of `colour` now?"""
    return any(attacked(board, s) for s in capturable_royals(board, colour))


def lost(board, colour):
    return not capturable_royals(board, colour) and not anti_kings(board, colour)


def legal(board, colour, last_swap=None):
    """The legal moves: (move, board after it, last-swap record after it)."""
    if lost(board, 'w') or lost(board, 'b'):
        return []
    moves = []
    for move in pseudo(board, colour, last_swap):
        nb, swap = M.play(board, move)
        moves.append((move, nb, swap))
    if check_mode(board, colour):  # R1
        return [x for x in moves if not attacked_royal(x[1], colour)]
    if anti_kings(board, colour):  # R3
        kept = [x for x in moves if anti_kings_attacked(x[1], colour)]
        if kept:
            moves = kept
        elif not capturable_royals(board, colour):
            return []
    fleeing = {s for s in capturable_royals(board, colour) if board[s][0] == WUSS and attacked(board, s)}
    if any(x[0][0] in fleeing for x in moves):  # R5
        moves = [x for x in moves if x[0][0] in fleeing]
    return moves


def perft(board, colour, depth, last_swap=None):
    if depth == 0:
        return 1
    other = 'b' if colour == 'w' else 'w'
    if depth == 1:
        return sum(1 for _ in legal(board, colour, last_swap))
    return sum(perft(nb, other, depth - 1, swap) for _, nb, swap in legal(board, colour, last_swap))


if __name__ == '__main__':
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    b, side = parse_fen(args[0])
    if '--moves' in sys.argv:
        for line in sorted(M.fmt(m) for m, _, _ in legal(b, side)):
            print(line)
    else:
        for d in range(1, int(args[1]) + 1):
            print(f"D{d} {perft(b, side, d)}", flush=True)
