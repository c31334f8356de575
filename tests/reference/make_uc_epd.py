#!/usr/bin/env python3
"""Recounts tests/data/perft/uc-170-17.epd with `uc_turns.py` (turns as
docs/variants/uc-170-17-game-rules.md sections 3-8 say: promotion from the reserve, drops, credits,
exchanges, royal modes), the independent reference written from the rules
files.

The file's positions are its own data: their labels, FENs, MOVES, comments
and order stay as they are (they were drawn by bench/uc_speed_positions.py,
make_borrow_mimic.py or by hand); every count of every line is recomputed
at the depths the line lists, and the header is rewritten. None of the
positions has a `reserve=` field, so both reserves are empty: no drop is
possible, and a pawn kind may not move onto its last rank (docs/variants/uc-170-17-game-rules.md section
6, no reserve piece to promote to); such a move does not exist, so it
attacks nothing (R6): a royal may stand on a square of that rank next to
an enemy pawn kind, unless that pawn could take it there without
entering the rank (a shot, a custodial capture). Credits earned on the
way change nothing for the same reason.

    python3 tests/reference/make_uc_epd.py                  # print
    python3 tests/reference/make_uc_epd.py --write          # rewrite the file
    python3 tests/reference/make_uc_epd.py --jobs 2 --write # two processes

The slowest counts are specials D3 (about 3 minutes) and mech-9 D2 (about
3 minutes, the borrowers); the whole file takes about 8 minutes of CPU
time (7m43s of wall time with --jobs 2 on a busy two-core machine).
"""

import os
import re
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_turns as T  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EPD = os.path.join(HERE, '..', 'data', 'perft', 'uc-170-17.epd')

HEADER = [
    '# uc-170-17 perft positions (the movement library\'s fixed test setup and drawn positions).',
    '# No position has a reserve= field: both reserves are empty, so there are no drops and no',
    '# pawn kind may move onto its last rank (docs/variants/uc-170-17-game-rules.md section 6: nothing to promote to), so',
    '# no pawn kind attacks a square of its last rank by moving there (section 7, R6).',
    '# Format: LABEL ; FEN ; MOVES ; D1 N ; D2 N [; D3 N [; D4 N]] ; src SOURCE',
    '# Counts from tests/reference/uc_turns.py (turns, promotion from the reserve, royal modes),',
    '# built on uc_perft.py and the movement reference uc_moves.py, written from the rules text',
    '# and the readings; regenerate with `python3 tests/reference/make_uc_epd.py --write`.',
]
DEPTH = re.compile(r'^D(\d+) \d+$')


def parse_line(line):
    """(label, fen, moves, depths) of a data line."""
    fields = [f.strip() for f in line.split(';')]
    depths = [int(DEPTH.match(f).group(1)) for f in fields[3:] if DEPTH.match(f)]
    return fields[0], fields[1], fields[2], depths


def count(job):
    label, fen, moves, depth = job
    t0 = time.time()
    st = T.play_texts(T.parse(fen), [] if moves == '-' else moves.split())
    n = T.perft(st, depth)
    print(f'{label} D{depth} {n} ({time.time() - t0:.1f}s)', file=sys.stderr, flush=True)
    return (label, depth), n


def main():
    argv = sys.argv[1:]
    jobs = int(argv[argv.index('--jobs') + 1]) if '--jobs' in argv else 1
    lines = open(EPD).read().splitlines()
    # Drop the old header: the comment lines before the first data line.
    first = next(i for i, ln in enumerate(lines) if ln.strip() and not ln.startswith('#'))
    body = lines[first:]
    data = [parse_line(ln) for ln in body if ln.strip() and not ln.startswith('#')]
    work = [(label, fen, moves, d) for label, fen, moves, depths in data for d in depths]
    work.sort(key=lambda w: -w[3])  # deepest first, so the slow ones overlap
    t0 = time.time()
    if jobs > 1:
        with Pool(jobs) as pool:
            counts = dict(pool.imap_unordered(count, work))
    else:
        counts = dict(map(count, work))
    print(f'total {time.time() - t0:.0f}s', file=sys.stderr)
    out = list(HEADER)
    for ln in body:
        if not ln.strip() or ln.startswith('#'):
            out.append(ln)
            continue
        label, fen, moves, depths = parse_line(ln)
        ds = ' ; '.join(f'D{d} {counts[(label, d)]}' for d in depths)
        out.append(f'{label} ; {fen} ; {moves} ; {ds} ; src uc_turns.py')
    text = '\n'.join(out) + '\n'
    if '--write' in argv:
        open(EPD, 'w').write(text)
    else:
        sys.stdout.write(text)


if __name__ == '__main__':
    main()
