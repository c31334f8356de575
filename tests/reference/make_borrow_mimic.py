#!/usr/bin/env python3
"""The perft positions of the Chameleon (45), Orphan (168), Friend (170) and
Orphan Pawn (P15): `tests/reference/borrow-mimic.epd`, lines mech-9 ...,
counted by uc_perft.py (uc_mech.py, uc_borrow.py).

    python3 tests/reference/make_borrow_mimic.py            # positions only
    python3 tests/reference/make_borrow_mimic.py --write    # count, write the file

Each position: 8 x 8, White to move, a Standard King a side and 10-13 men a
side: the new kinds of its row of SCHEDULE, three of the mechanism kinds and
plain kinds of the library (uc_moves.py's kinds, royal ones, the Lion,
Frog and Jumping Pawn left out).  Drawn with SplitMix64 (bench/
uc_speed_positions.py) from seeds 1, 2, ... of the row until one passes:
- neither side in check, White has a move;
- every Chameleon interacts: it has a move by a copied mechanism (a
  withdrawal, approach, overtaking, coordination, custodial capture, shot,
  swap or destruction), or (Blue's) it freezes an Immobilizer; an enemy
  man of such a kind is placed next to it;
- every borrower kind on the board has a man with borrowed powers, and
  White has an unfrozen borrower with borrowed powers;
- no en passant within two plies: pawn kinds and borrowers stand on ranks
  3-6, except a White Orphan Pawn on rank 2 (row 4 of SCHEDULE) with no Blue
  pawn kind or Chameleon within two squares of the square it crosses.

After those, the positions of CORES: men placed by hand where the project's
decisions P1-P3 (uc_mech.py) change the counts, and plain men drawn around
them up to 10-13 a side (seeds as above), kept when, besides the
conditions above, every case the core is there for is a legal move of White
(or, for Blue's, stands as placed): see `core_holds`.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', '..', 'bench'))
import uc_borrow as B  # noqa: E402
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_perft as R  # noqa: E402
import uc_speed_positions as S  # noqa: E402

OUT = os.path.join(HERE, 'borrow-mimic.epd')
FIRST = 9  # mech-1 .. mech-8 are the capture-mechanism positions

# The new kinds of each position (White's, Blue's), and, where it is not
# every copied kind next to the Chameleon, the kinds placed two squares
# from it on a queen line, one of which White's Chameleon must take.
SCHEDULE = [
    (['CHA', 'ORP'], ['FRI', 'OPN'], None),
    (['FRI', 'OPN'], ['CHA', 'ORP'], None),
    (['CHA', 'FRI'], ['CHA', 'ORP'], None),
    (['ORP', 'OPN', 'FRI'], ['ORP', 'FRI'], None),
    (['CHA', 'ORP', 'OPN'], ['CHA', 'FRI', 'OPN'], None),
    (['CHA', 'FRI'], ['ORP', 'OPN'], ['AD', 'CD']),
]
# Hand-placed cores, square -> code (upper case White, lower case Blue).
CORES = [
    {
        'a1': 'K', 'h8': 'k',
        # P1: c3xc6, a rook's capture of the Rook, with a Pushme-Pullyu
        # right behind the start, takes the Rook only (a man drawn on c4 or
        # c5 becomes that landing's victim instead, core_holds asks only
        # for one); the slides up the file withdraw from the Pushme-Pullyu.
        'c3': 'CHA', 'c6': 'r', 'c2': 'pu',
        # P2: the diagonal c3-d4 ends next to the Pincer Pawn e4 with the
        # Knight f4 beyond it and takes nothing.
        'e4': 'pnp', 'f4': 'N',
        # P3: the Orphan Pawn f3, attacked by the Bishop h1, takes the Mamra
        # d1 with the Bishop's power; the Blue Orphan g6, attacked by the
        # Pawn f5 (and the Mamra h5), cannot take the Mamra h5 with the
        # Pawn's power.
        'f3': 'OPN', 'h1': 'b', 'd1': 'mam', 'f5': 'P', 'g6': 'orp', 'h5': 'MAM',
    },
]
NEW = {'CHA', 'ORP', 'FRI', 'OPN'}
BORROWER_CODES = {'ORP', 'FRI', 'OPN'}
MECH = ['LL', 'SWP', 'WD', 'AD', 'PU', 'IM', 'ARC', 'SHD', 'CD', 'MAM', 'PNP']
# Kinds whose mechanism a Chameleon copies, to stand next to one.
COPIED = ['LL', 'SWP', 'WD', 'AD', 'PU', 'ARC', 'CD', 'PNP', 'IM']
# Plain kinds left out: chains and men taken on the way (Lion, Frog) and the
# Jumping Pawn's hop (an en-passant record).
LEFT_OUT = {('piece', 103), ('pawn', 14), ('pawn', 13)}


def plain_codes():
    out = []
    for code, (kind, royal) in sorted(R.CODES.items()):
        covered = (kind[0] == 'piece' and kind[1] in U.COVERED_PIECES) or \
                  (kind[0] == 'pawn' and kind[1] in U.COVERED_PAWNS)
        if covered and not royal and kind not in LEFT_OUT and code not in MECH:
            out.append(code)
    return out


def is_pawnlike(code):
    """Kept to ranks 3-6: pawn kinds and borrowers (a borrowed pawn power
    double-steps from the second rank)."""
    return R.CODES[code][0][0] == 'pawn' or code in BORROWER_CODES


def draw(rng, plain, row):
    white_new, blue_new, far = SCHEDULE[row]
    squares = {}
    free = [(x, y) for y in range(8) for x in range(8)]

    def put(code, white, spots):
        spots = [s for s in spots if s in free]
        if not spots:
            return None
        s = rng.pick(spots)
        free.remove(s)
        squares[s] = S.token(code, white)
        return s

    def ranks(code):
        return [s for s in free if not is_pawnlike(code) or 2 <= s[1] <= 5]

    armies = {}
    for white, new in ((True, white_new), (False, blue_new)):
        size = 10 + rng.below(4)
        mech = rng.sample(MECH, 3)
        rest = rng.sample([c for c in plain], size - len(new) - len(mech))
        armies[white] = (new, mech, rest)
    for white in (True, False):
        put('K', white, free)
    for white in (True, False):
        new, mech, _ = armies[white]
        for code in new:
            spots = ranks(code)
            if code == 'OPN' and white and row == 3:
                spots = [s for s in free if s[1] == 1]
            at = put(code, white, spots)
            if code == 'CHA':
                # an enemy man of a copied kind next to it
                enemy_mech = armies[not white][1]
                copied = far or COPIED
                pick = [c for c in enemy_mech if c in copied]
                if not pick:
                    pick = [rng.pick(copied)]
                    if enemy_mech:
                        enemy_mech.pop(rng.below(len(enemy_mech)))
                    enemy_mech.append(pick[0])
                code2 = rng.pick(pick)
                enemy_mech.remove(code2)
                near = [t for t in M.neighbours(at) if t in ranks(code2)]
                if far:
                    near = [U.add(at, v, 2) for v in M.ADJ if U.add(at, v, 2) in ranks(code2)]
                if put(code2, not white, near) is None:
                    return None
    for white in (True, False):
        _, mech, rest = armies[white]
        for code in mech + rest:
            put(code, white, ranks(code))
    return S.fen_of(squares)


def draw_core(rng, plain, core):
    squares = {U.parse(sq): S.token(code.upper(), code[0].isupper()) for sq, code in core.items()}
    free = [(x, y) for y in range(8) for x in range(8) if (x, y) not in squares]
    for white in (True, False):
        have = sum(1 for code in core.values() if code[0].isupper() == white)
        for code in rng.sample(plain, 10 + rng.below(4) - have):
            spots = [s for s in free if not is_pawnlike(code) or 2 <= s[1] <= 5]
            s = rng.pick(spots)
            free.remove(s)
            squares[s] = S.token(code, white)
    return S.fen_of(squares)


def core_holds(board):
    """The cases of the core (CORES) are there: White's legal moves include
    (P1) a Chameleon capture onto an occupied square of a queen line with
    an enemy Withdrawer / Pushme-Pullyu right behind its start or an
    Advancer / Pushme-Pullyu right beyond its landing, (P2) a Chameleon
    diagonal move to an empty square orthogonally next to an enemy Pincer
    Pawn with a White man directly beyond, (P3) an Orphan Pawn's capture of
    a Mamra its own pawn capture does not reach; and (P3) a Blue Orphan
    with a pawn kind's power has a White Mamra where that power captures
    once immunity is lifted."""
    pos = M.Pos(board)
    legal = [m for m, _, _ in R.legal(board, 'w')]
    p1 = p2 = p3 = False
    for frm, to, how, victims in legal:
        kind = board[frm][0]
        v = M.queen_step(frm, to)
        if kind == M.CHAMELEON and how == 'move' and v is not None and to in board:
            behind, beyond = (frm[0] - v[0], frm[1] - v[1]), U.add(to, v)
            p1 |= board.get(behind, (None, 'w'))[0] in (M.WITHDRAWER, M.PUSHME) and board[behind][1] == 'b'
            p1 |= board.get(beyond, (None, 'w'))[0] in (M.ADVANCER, M.PUSHME) and board[beyond][1] == 'b'
        if kind == M.CHAMELEON and how == 'move' and v is not None and 0 not in v and to not in board:
            for u in U.W:
                e, b = U.add(to, u), U.add(to, u, 2)
                p2 |= (U.on(b) and board.get(e) == (M.PINCER, 'b', False)
                       and b != frm and board.get(b, (None, 'b'))[1] == 'w')
        if kind == M.ORPHAN_PAWN and any(board[x][0] == M.MAMRA for x in victims):
            own = B.power_moves(pos, frm, 'w', M.ORPHAN_PAWN)
            p3 |= not any(x in m[3] for m in own for x in victims if board[x][0] == M.MAMRA)
    powers = B.powers(pos)
    blue = False
    for s, kinds in powers.items():
        if board[s][:2] != (M.ORPHAN, 'b'):
            continue
        for power in kinds:
            if power[0] != 'pawn':
                continue
            for t, (k, c, _) in board.items():
                if k == M.MAMRA and c == 'w':
                    lifted = M.Pos(board)
                    lifted.no_immunity = frozenset([t])
                    blue |= any(t in m[3] for m in B.power_moves(lifted, s, 'b', power))
    return p1 and p2 and p3 and blue


def special(move, board):
    """A move by a copied mechanism: not a plain move, or taking a man of a
    mechanism kind."""
    _, _, how, victims = move
    if how == 'remove':
        return False
    return how != 'move' or any(board[v][0] in M.MECH_CODES.values() for v in victims)


def en_passant_safe(board):
    for (x, y), (kind, colour, _) in board.items():
        if colour == 'w' and y == 1 and (kind[0] == 'pawn' or kind in B.BORROWERS):
            for (x2, y2), (k2, c2, _) in board.items():
                if c2 == 'b' and (k2[0] == 'pawn' or k2 == M.CHAMELEON) \
                        and max(abs(x2 - x), abs(y2 - 2)) <= 2:
                    return False
    return True


def acceptable(board, far):
    if R.attacked_royal(board, 'b') or R.attacked_royal(board, 'w'):
        return False
    if not en_passant_safe(board) or not R.legal(board, 'w'):
        return False
    pos = M.Pos(board)
    for s, (kind, colour, _) in board.items():
        if kind == M.CHAMELEON:
            frees = any(board.get(t, (None, colour))[0] == M.IMMOBILIZER and board[t][1] != colour
                        for t in M.neighbours(s))
            moves = M.man_moves(pos, s)
            if (colour == 'w' or not frees) and not any(special(m, board) for m in moves):
                return False
            wanted = {R.CODES[c][0] for c in far or ()}
            if colour == 'w' and far and not any(board[v][0] in wanted for m in moves for v in m[3]):
                return False
    powers = B.powers(pos)
    white_ok = False
    for kind in {k for k, _, _ in board.values() if k in B.BORROWERS}:
        lent = [s for s in powers if board[s][0] == kind and powers[s] != B.OWN[kind]]
        if not lent:
            return False
        white_ok |= any(board[s][1] == 'w' and s not in pos.frozen for s in lent)
    return white_ok


def positions():
    plain = plain_codes()
    out = []
    for row in range(len(SCHEDULE)):
        seed = 0
        while True:
            seed += 1
            rng = S.SplitMix64(0xB0 << 32 | row << 16 | seed)
            fen = draw(rng, plain, row)
            if fen is None:
                continue
            board, _ = R.parse_fen(fen)
            if acceptable(board, SCHEDULE[row][2]):
                out.append((f'mech-{FIRST + row}', fen))
                break
    for row, core in enumerate(CORES):
        seed = 0
        while True:
            seed += 1
            rng = S.SplitMix64(0xC0 << 32 | row << 16 | seed)
            fen = draw_core(rng, plain, core)
            board, _ = R.parse_fen(fen)
            if acceptable(board, None) and core_holds(board):
                out.append((f'mech-{FIRST + len(SCHEDULE) + row}', fen))
                break
    return out


HEADER = """\
# Perft positions with the Chameleon (45), Orphan (168), Friend (170) and Orphan
# Pawn (P15) among the capture-mechanism kinds, format of tests/data/perft/uc-170-17.epd:
# LABEL ; FEN ; MOVES ; D1 N ; D2 N ; src SOURCE
# Made by tests/reference/make_borrow_mimic.py --write (positions drawn there; counts from
# uc_perft.py with uc_mech.py and uc_borrow.py, whose docstrings give the readings).
# Library codes: CHA Chameleon, ORP Orphan, FRI Friend, OPN Orphan Pawn.
"""


def kind_name(kind):
    return (U.PIECE_NAMES if kind[0] == 'piece' else U.PAWN_NAMES)[kind[1]]


def men_moves(label, board, kind):
    """The lines for White's unfrozen men of `kind` in one position: their
    legal moves (uc_perft.py --moves lines) and, for a borrower, its powers;
    none when they have no legal move."""
    pos = M.Pos(board)
    men = sorted(s for s, (k, c, _) in board.items()
                 if k == kind and c == 'w' and s not in pos.frozen)
    legal = sorted(M.fmt(m) for m, _, _ in R.legal(board, 'w') if m[0] in men)
    if not legal:
        return []
    out = [f'# {label}: the legal moves of White\'s {kind_name(kind)}'
           f' ({", ".join(U.name(s) for s in men)}), as uc_perft.py --moves prints them']
    if kind in B.BORROWERS:
        powers = B.powers(pos)
        for s in men:
            names = ', '.join(sorted(kind_name(k) for k in powers[s])) or 'none'
            out.append(f'#   powers of {U.name(s)}: {names}')
    return out + [f'#   {line}' for line in legal]


def diagnosis(done):
    """For each new kind, the first position where White has an unfrozen
    man of it with legal moves; then, in the positions of CORES, those of
    every new kind."""
    out = []
    for code in ('CHA', 'ORP', 'FRI', 'OPN'):
        for label, fen, board in done[:len(SCHEDULE)]:
            lines = men_moves(label, board, R.CODES[code][0])
            if lines:
                out.extend(lines)
                break
    for label, fen, board in done[len(SCHEDULE):]:
        for code in ('CHA', 'ORP', 'FRI', 'OPN'):
            out.extend(men_moves(label, board, R.CODES[code][0]))
    return out


def write():
    lines, done = [], []
    for label, fen in positions():
        board, side = R.parse_fen(fen)
        d1 = R.perft(board, side, 1)
        d2 = R.perft(board, side, 2)
        line = f'{label} ; {fen} ; - ; D1 {d1} ; D2 {d2} ; src uc_perft.py'
        print(line, flush=True)
        lines.append(line)
        done.append((label, fen, board))
    with open(OUT, 'w') as f:
        f.write(HEADER)
        f.write('\n'.join(lines) + '\n')
        cores = ', '.join(label for label, _, _ in done[len(SCHEDULE):])
        f.write(f'# Diagnosis: one position per new kind, then every new kind in {cores}.\n')
        f.write('\n'.join(diagnosis(done)) + '\n')


if __name__ == '__main__':
    if '--write' in sys.argv:
        write()
    else:
        for label, fen in positions():
            print(f'{label} ; {fen}', flush=True)
