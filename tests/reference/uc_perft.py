#!/usr/bin/env python3
"""Perft of UC-170-17's library positions from the independent movement
reference `uc_moves.py` and the capture-mechanism reference `uc_mech.py`
(no Betza parser, no engine code): every kind's moves as those scripts
write them (freezing, immunity and the no-swap-back rule included), a move
legal when no royal of the mover (King, Royal Knight) could be removed
afterwards by a man of the other side that is not frozen, by any mechanism
(landing, on the way, withdrawal, approach, overtaking, coordination,
custodian, shooting, mutual destruction; uc-gap R6).
No promotion (the library has none yet); en passant is not modelled, so
positions and depths are chosen where no double step can be taken en
passant (no enemy pawn can reach a crossed square in time).

    python3 tests/reference/uc_perft.py "FEN" DEPTH
    python3 tests/reference/uc_perft.py "FEN" --moves

`--moves` prints each legal move of the side to move, one a line, sorted:
`FROM TO HOW VICTIMS`, HOW one of move/shoot/swap/destroy/remove, VICTIMS
the enemy men it removes, comma-separated and sorted, or `-` (uc_mech.py
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
        out[p['code'].upper()] = (by_name[p['name']], bool(p.get('royal', False)))
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


def pseudo(board, colour, last_swap=None):
    """Every pseudo-legal move of `colour`: (from, to, how, victims), see
    uc_mech.py (freezing and immunity honoured)."""
    return M.side_moves(M.Pos(board, last_swap), colour)


def play(board, move):
    return M.play(board, move)


def attacked_royal(board, colour):
    """Could the other side remove a royal of `colour` now (uc-gap R6)?"""
    return M.attacked(M.Pos(board), colour, M.royals(board, colour))


def legal(board, colour, last_swap=None):
    """The legal moves: (move, board after it, last-swap record after it)."""
    for move in pseudo(board, colour, last_swap):
        nb, swap = M.play(board, move)
        if not attacked_royal(nb, colour):
            yield move, nb, swap


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
