#!/usr/bin/env python3
"""Writes tests/data/perft/uc-turns.epd: perft 1-2 of UC-170-17 turns
(drops, credits, exchanges, promotion from the reserve) counted by
`uc_turns.py`, for hand-checked positions A-G, positions exercising the
exchange rules, and the 20 seeded starts of tests/data/uc-setups.txt.

    python3 tests/reference/make_turns_epd.py            # print
    python3 tests/reference/make_turns_epd.py --write    # write the file

MOVES: turns (uc_turns.py's text) played from FEN before counting, `-`
for none; D1 and D2 count the turns of the position they lead to.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_turns as T  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'data', 'perft', 'uc-turns.epd')
SETUPS = os.path.join(HERE, '..', 'data', 'uc-setups.txt')

C = "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-"
CHAIN = "4k3/8/2p5/3n4/4P3/8/8/3RK3 w - - 0 1 reserve=R/-,q/p"
LEAP = "4k2b/8/8/4p3/8/2n5/1{LL}6/4K3 w - - 0 1 reserve=R/-,q/p"
SWAP = "4k3/8/8/4n3/3{SWP}4/8/8/4K3 w - - 0 1 reserve=R/-,q/-"

# (label, FEN, moves, comment)
POSITIONS = [
    ('A', "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/-,-/- credits=1,0/0,0", '',
     'one piece credit, a Rook next: D1 43 by hand'),
    ('B', "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/P,-/- credits=1,1/0,0", '',
     'as A plus a pawn credit, a Pawn next: D1 360 by hand'),
    ('C', C, '', 'D1 11, D2 152 by hand'),
    ('C-d1d5', C, 'd1d5', 'Blue recaptures for credits: D1 12 by hand'),
    ('C-d1d5-c6d5', C, 'd1d5 c6d5', 'exchange done, each side one piece credit: D1 43 by hand'),
    ('C-d1d5-c6c5', C, 'd1d5 c6c5', 'absolute loss, no credit: D1 17 by hand'),
    ('D', "8/4P3/7k/8/8/8/8/K7 w - - 0 1 reserve={AM}/-,-/-", '',
     'e7e8 becomes the Amazon: D1 4 by hand'),
    ('D-empty', "8/4P3/7k/8/8/8/8/K7 w - - 0 1", '', 'reserve empty, no promotion: D1 3 by hand'),
    ('E', "4k3/8/8/8/8/8/4r3/{WUS}3K3 w - - 0 1", '', 'King and Wuss, extinction: D1 22 by hand'),
    ('E-nowuss', "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", '', 'lone King in check: D1 3 by hand'),
    ('F', "3rk3/8/8/8/3{WUS}4/8/8/4K3 w - - 0 1", '', 'attacked Wuss must move: D1 26 by hand'),
    ('G', "r3k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve={AK}/-,-/- credits=1,0/0,0", '',
     'Anti-King drop on attacked squares: D1 55 by hand'),
    ('chain', CHAIN, 'd1d5 c6d5 e4d5',
     'A x B, C x A, D x C: White 1 piece (A), Blue 1 piece (B) + 1 pawn (C), nothing twice'),
    ('chain-pending', CHAIN, 'd1d5 c6d5', 'White to recapture the recapturer (pending d5:0,0)'),
    ('multi', LEAP, 'b2f6', 'Long Leaper took a Knight and a Pawn; Blue recaptures for both'),
    ('multi-done', LEAP, 'b2f6 h8f6', 'Blue 1 piece + 1 pawn, White 1 piece'),
    ('destroy', SWAP, '', 'mutual destruction d4*e5 credits both at once, White drops at once'),
    ('destroy-done', SWAP, 'd4*e5', 'Blue to move with its credit from the mutual destruction'),
    ('promo-back', "3b4/3PP3/8/7k/8/8/8/K7 w - - 0 1 reserve=N{AM}/-,-/-", '',
     'promotions take the back: Amazon, then Knight, then none'),
    ('ak-drop', "4k3/8/8/8/8/8/r7/4K3 w - - 0 1 reserve={AK}/P,-/- credits=1,1/0,0", '',
     'Anti-King drop on attacked squares with a pawn drop that may block the attack'),
]


def seeds():
    for line in open(SETUPS):
        if line.startswith('#') or not line.strip():
            continue
        seed, text = [x.strip() for x in line.split(';', 1)]
        yield (f'seed-{seed}', text, '', '')


def main():
    write = '--write' in sys.argv
    lines = [
        '# uc-170-17 perft of turns: a normal move, then at most one piece drop and one pawn drop',
        '# (uc-gap.md sections 3-8, decision 18), credits and exchanges, promotion from the reserve.',
        '# Format: LABEL ; FEN ; MOVES ; D1 N ; D2 N ; src SOURCE. MOVES are turns played from FEN',
        '# (tests/reference/uc_turns.py text, `-` for none); the counts are of the position after them.',
        '# Counts from tests/reference/uc_turns.py (independent reference written from the rules files).',
        '# A-G: the hand-checked positions (hand counts in the comments); then exchange positions;',
        '# then the 20 seeded starts of tests/data/uc-setups.txt.',
    ]
    for label, fen, moves, comment in POSITIONS + list(seeds()):
        st = T.play_texts(T.parse(fen), moves.split())
        d1 = T.perft(st, 1)
        d2 = T.perft(st, 2)
        if comment:
            lines.append(f'# {label}: {comment}')
        lines.append(f'{label} ; {fen} ; {moves or "-"} ; D1 {d1} ; D2 {d2} ; src uc_turns.py')
        print(lines[-1][:60] + ' ... ' + lines[-1][-40:], file=sys.stderr, flush=True)
    text = '\n'.join(lines) + '\n'
    if write:
        open(OUT, 'w').write(text)
    else:
        sys.stdout.write(text)


if __name__ == '__main__':
    main()
