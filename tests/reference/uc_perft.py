#!/usr/bin/env python3
"""Perft of UC-170-17's library positions from the independent movement
reference `uc_moves.py` (no Betza parser, no engine code): every kind's
moves as that script writes them, a move legal when no royal of the mover
(King, Royal Knight) can be taken afterwards, on the way or by landing.
No promotion (the library has none yet); en passant is not modelled, so
positions and depths are chosen where no double step can be taken en
passant (no enemy pawn can reach a crossed square in time).

    python3 tests/reference/uc_perft.py "FEN" DEPTH
"""

import os
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_moves as U  # noqa: E402

LIB = os.path.join(os.path.dirname(__file__), '..', '..', 'src', 'variants', 'uc-170-17.toml')


def kinds_by_code():
    lib = tomllib.load(open(LIB, 'rb'))
    by_name = {v: ('piece', k) for k, v in U.PIECE_NAMES.items()}
    by_name.update({v: ('pawn', k) for k, v in U.PAWN_NAMES.items()})
    out = {}
    for p in lib['piece']:
        out[p['code'].upper()] = (by_name[p['name']], bool(p.get('royal', False)))
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


def view(board, colour):
    occ = {s: ('F' if c == colour else 'E') for s, (_, c, _) in board.items()}
    pawns = {s for s, (k, _, _) in board.items() if k[0] == 'pawn'}
    return U.Board(occ, pawns)


def pseudo(board, colour):
    b = view(board, colour)
    for s, (kind, c, _) in list(board.items()):
        if c != colour:
            continue
        for dest, caps in U.moves(kind, colour, b, s):
            yield s, dest, caps


def play(board, frm, dest, caps):
    nb = dict(board)
    man = nb.pop(frm)
    for s in caps:
        nb.pop(s, None)
    nb[dest] = man
    return nb


def attacked_royal(board, colour):
    them = 'b' if colour == 'w' else 'w'
    royals = {s for s, (_, c, r) in board.items() if c == colour and r}
    for _, dest, caps in pseudo(board, them):
        if dest in royals or royals & set(caps):
            return True
    return False


def legal(board, colour):
    for frm, dest, caps in pseudo(board, colour):
        nb = play(board, frm, dest, caps)
        if not attacked_royal(nb, colour):
            yield nb


def perft(board, colour, depth):
    if depth == 0:
        return 1
    other = 'b' if colour == 'w' else 'w'
    if depth == 1:
        return sum(1 for _ in legal(board, colour))
    return sum(perft(nb, other, depth - 1) for nb in legal(board, colour))


if __name__ == '__main__':
    b, side = parse_fen(sys.argv[1])
    for d in range(1, int(sys.argv[2]) + 1):
        print(f"D{d} {perft(b, side, d)}", flush=True)
