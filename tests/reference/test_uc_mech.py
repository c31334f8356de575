#!/usr/bin/env python3
"""Hand checks of the capture-mechanism reference (uc_mech.py, uc_perft.py):
the worked examples of `rules/uc-readings.md` table B rows 46-54, 164, P3
and of the rules' freezing / immunity / swap-back decisions, each counted
on an otherwise empty 8 x 8 board.  Plain asserts:

    python3 tests/reference/test_uc_mech.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_perft as R  # noqa: E402

P = lambda n: ('piece', n)  # noqa: E731
KINDS = {'K': P(1), 'R': P(3), 'N': P(5), 'Q': P(2), 'P': ('pawn', 1), 'SP': ('pawn', 4)}
KINDS.update(M.MECH_CODES)


def board(**men):
    """board(d4='WD', d5='r'): upper-case code White, lower-case Blue."""
    out = {}
    for sq, code in men.items():
        colour = 'w' if code.isupper() else 'b'
        kind = KINDS[code.upper()]
        out[U.parse(sq)] = (kind, colour, kind == P(1))
    return out


def moves_of(b, sq, last_swap=None):
    """The pseudo-legal moves of one man, as (to, how, victims) with names."""
    pos = M.Pos(b, last_swap)
    return {(U.name(t), how, frozenset(U.name(v) for v in vs)) for _, t, how, vs in M.man_moves(pos, U.parse(sq))}


def taking(ms, *victims):
    """Destinations of the plain moves that take exactly `victims`."""
    return {t for t, how, vs in ms if how == 'move' and vs == frozenset(victims)}


def in_check(b, colour):
    return R.attacked_royal(b, colour)


CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


@check
def withdrawer():
    ms = moves_of(board(d4='WD', d5='n'), 'd4')
    assert len(ms) == 23, len(ms)
    assert taking(ms, 'd5') == {'d3', 'd2', 'd1'}
    assert all(how == 'move' for _, how, _ in ms)


@check
def advancer():
    ms = moves_of(board(d4='AD', d7='n'), 'd4')
    assert len(ms) == 25, len(ms)
    assert taking(ms, 'd7') == {'d6'}


@check
def pushme_pullyu():
    ms = moves_of(board(d4='PU', c3='n', h8='n'), 'd4')
    assert len(ms) == 23, len(ms)
    assert taking(ms, 'c3') == {'e5', 'f6'}
    assert taking(ms, 'c3', 'h8') == {'g7'}
    assert {t for t, _, vs in ms if vs} == {'e5', 'f6', 'g7'}


@check
def long_leaper():
    ms = moves_of(board(a1='LL', c3='n', e5='n'), 'a1')
    assert len(ms) == 19, len(ms)
    assert taking(ms, 'c3') == {'d4'}
    assert taking(ms, 'c3', 'e5') == {'f6', 'g7', 'h8'}
    # two men in a row, a friend, the edge: no jump
    ms = moves_of(board(a1='LL', c3='n', d4='n', a3='N', h1='n'), 'a1')
    assert {t for t, _, vs in ms if vs} == set()
    # an enemy made immune by its Shield blocks like a friend
    ms = moves_of(board(a1='LL', c3='n', d2='shd', e5='n'), 'a1')
    assert {t for t, _, vs in ms if vs} == set() and 'd4' not in {t for t, _, _ in ms}


@check
def coordinator():
    b = board(b2='K', d6='CD', b6='n', e2='n')
    ms = moves_of(b, 'd6')
    assert ('e6', 'move', frozenset({'b6', 'e2'})) in ms
    # compulsory: no e6 move that spares them
    assert [m for m in ms if m[0] == 'e6'] == [('e6', 'move', frozenset({'b6', 'e2'}))]
    # no Standard King: no coordinator captures
    del b[U.parse('b2')]
    assert all(not vs for _, _, vs in moves_of(b, 'd6'))


@check
def pincer_pawn():
    ms = moves_of(board(d1='PNP', e4='n', f4='N', c4='n', b4='N'), 'd1')
    assert ('d4', 'move', frozenset({'e4', 'c4'})) in ms
    # only orthogonal lines (rules Q17); rook moves only, to empty squares
    ms = moves_of(board(d1='PNP', e5='n', f6='N'), 'd1')
    assert all(not vs for _, _, vs in ms) and len(ms) == 14


@check
def archer():
    assert ('a3', 'shoot', frozenset({'a3'})) in moves_of(board(a1='ARC', a3='n'), 'a1')
    assert not any(h == 'shoot' for _, h, _ in moves_of(board(a1='ARC', a6='n'), 'a1'))
    assert ('a6', 'shoot', frozenset({'a6'})) in moves_of(board(a1='ARC', a6='n', b6='N'), 'a1')
    # a spotter 2 away on an open line; the square between blocked: none
    assert ('a6', 'shoot', frozenset({'a6'})) in moves_of(board(a1='ARC', a6='n', c8='N'), 'a1')
    assert not any(h == 'shoot' for _, h, _ in moves_of(board(a1='ARC', a6='n', c8='N', b7='r'), 'a1'))
    ms = moves_of(board(a1='ARC', h8='n'), 'a1')
    assert not any(h == 'shoot' for _, h, _ in ms)
    assert len(ms) == 20  # 7 + 7 + 6 queen moves to empty squares


@check
def swapper():
    ms = moves_of(board(d4='SWP', d7='r'), 'd4')
    assert len(ms) == 26, len(ms)
    assert ('d7', 'swap', frozenset()) in ms
    # mutual destruction with an adjacent enemy, swap with a friend too
    ms = moves_of(board(d4='SWP', e5='r', c4='N'), 'd4')
    assert ('e5', 'destroy', frozenset({'e5'})) in ms
    assert ('c4', 'swap', frozenset()) in ms and ('e5', 'swap', frozenset()) in ms
    # no swap back at once between the same two men of opposite sides
    b = board(d4='SWP', d7='swp')
    ms = moves_of(b, 'd7', last_swap=frozenset({U.parse('d4'), U.parse('d7')}))
    assert ('d4', 'swap', frozenset()) not in ms
    assert ('d4', 'swap', frozenset()) in moves_of(b, 'd7')
    # through perft: White swaps d4-d7, Blue's Swapper (now on d4) may not swap back
    b = board(d4='SWP', d7='swp', a1='K', h8='k')
    nxt = [(nb, sw) for m, nb, sw in R.legal(b, 'w') if m[2] == 'swap' and U.name(m[1]) == 'd7']
    assert len(nxt) == 1
    nb, sw = nxt[0]
    back = [m for m, _, _ in R.legal(nb, 'b', sw) if m[2] == 'swap' and {U.name(m[0]), U.name(m[1])} == {'d4', 'd7'}]
    assert back == []
    assert [m for m, _, _ in R.legal(nb, 'b') if m[2] == 'swap' and U.name(m[1]) == 'd7'] != []


@check
def immobilizer():
    b = board(d4='IM', e5='n', f3='K', a8='k')
    ms = moves_of(b, 'e5')
    assert ms == {('e5', 'remove', frozenset())}
    assert not in_check(b, 'w')
    # without the Immobilizer the Knight checks the King
    del b[U.parse('d4')]
    assert in_check(b, 'w')
    # two enemy Immobilizers side by side freeze each other
    b = board(d4='IM', e4='im')
    assert moves_of(b, 'd4') == {('d4', 'remove', frozenset())}
    assert moves_of(b, 'e4') == {('e4', 'remove', frozenset())}
    # a frozen King has no move, not even its self-removal
    assert moves_of(board(d4='IM', e4='k'), 'e4') == set()


@check
def shield():
    b = board(e1='K', d2='SHD', e8='r', a8='k')
    assert not in_check(b, 'w')
    b = board(e1='K', d2='N', e8='r', a8='k')
    assert in_check(b, 'w')
    # the Shield itself can be taken; a frozen Shield still protects
    b = board(d2='SHD', e1='N', d7='r')
    assert ('d2', 'move', frozenset({'d2'})) in moves_of(b, 'd7')
    b = board(d2='SHD', e1='N', e8='r', c3='im')
    assert moves_of(b, 'd2') == {('d2', 'remove', frozenset())}
    assert not any('e1' in vs for _, _, vs in moves_of(b, 'e8'))
    assert any('e1' in vs for _, _, vs in moves_of(board(e1='N', e8='r'), 'e8'))


@check
def mamra():
    b = board(d4='MAM', e5='q', c5='p', a1='K', h8='k')
    # a Mamra steps as a King and captures normally
    assert len(moves_of(board(d4='MAM'), 'd4')) == 8
    assert not any(U.parse('d4') in {U.parse(v) for v in m[2]} for m in moves_of(b, 'e5'))
    # a Blue pawn (moves down) on e5 takes d4
    b = board(d4='MAM', e5='p')
    assert ('d4', 'move', frozenset({'d4'})) in moves_of(b, 'e5')
    # a Pincer Pawn is a pawn kind: its custodian takes a Mamra
    ms = moves_of(board(c1='PNP', d4='mam', e4='N'), 'c1')
    assert ('c4', 'move', frozenset({'d4'})) in ms and ('c4', 'move', frozenset()) not in ms
    # an Advancer is not: it lands on c4 and takes nothing
    ms = moves_of(board(c1='AD', d4='mam'), 'c1')
    assert ('c4', 'move', frozenset()) in ms and ('c4', 'move', frozenset({'d4'})) not in ms
    # a Mamra next to the enemy King checks it, and the King cannot take it
    b = board(e1='K', e2='mam', a8='k')
    assert in_check(b, 'w')
    assert ('e2', 'move', frozenset({'e2'})) not in moves_of(b, 'e1')


@check
def colour_flip():
    """A position and its 180-degree turn with the colours exchanged have
    the same moves (turned), with every mechanism and aura in play."""
    b = board(a1='K', h8='k', d4='LL', e6='n', c5='swp', d5='WD', f4='im', e4='N', c3='SHD',
              b2='R', g6='ARC', g2='r', b7='cd', b8='mam', h3='PU', f7='PNP', g7='ad',
              c7='P', e3='IM', a5='sp')
    flip = {U.rot(s): (k, 'b' if c == 'w' else 'w', r) for s, (k, c, r) in b.items()}
    for side in ('w', 'b'):
        a = {M.fmt(m) for m, _, _ in R.legal(b, side)}
        t = {M.fmt((U.rot(m[0]), U.rot(m[1]), m[2], frozenset(U.rot(v) for v in m[3])))
             for m, _, _ in R.legal(flip, 'b' if side == 'w' else 'w')}
        assert a == t, (side, a ^ t)
        assert a
        assert R.perft(b, side, 2) == R.perft(flip, 'b' if side == 'w' else 'w', 2)


# Royal modes (uc_perft.py; rules/uc-gap.md section 7, readings table B 148, 165).

def legal_of(fen):
    b, side = R.parse_fen(fen)
    return sorted(U.name(m[0]) + U.name(m[1]) for m, _, _ in R.legal(b, side))


@check
def anti_king():
    # 148 on d4: 8 moves on an empty board; with its own man on e5, 8, e5
    # among them (taken); never an enemy's square, never an own royal's.
    # (White's King is there, and Blue's King attacks no Anti-King: the
    # Anti-King is mated, so every move stands.)
    assert len([m for m in legal_of('k7/8/8/8/3{AK}4/8/8/7K w - - 0 1') if m[:2] == 'd4']) == 8
    ms = legal_of('k7/8/8/4N3/3{AK}4/8/8/7K w - - 0 1')
    assert len([m for m in ms if m[:2] == 'd4']) == 8 and 'd4e5' in ms
    assert 'd4e5' not in legal_of('k7/8/8/4{WUS}3/3{AK}4/8/8/7K w - - 0 1')
    # R3: kept attacked by the rook on d8 (the King's moves keep it there)
    assert legal_of('k2r4/8/8/8/3{AK}4/8/8/7K w - - 0 1') == ['d4d3', 'd4d5', 'h1g1', 'h1g2', 'h1h2']
    # mated with no capturable royal: no move; the rook never takes it
    assert legal_of('k7/8/8/8/3{AK}4/8/8/8 w - - 0 1') == []
    assert 'd8d4' not in legal_of('k2r4/8/8/8/3{AK}4/8/8/7K b - - 0 1')


@check
def wuss():
    # issue 14's E: King and Wuss (extinction) 22, King alone 3; F: the
    # attacked Wuss moves, 26 (it may stay on the d-file)
    assert len(legal_of('4k3/8/8/8/8/8/4r3/{WUS}3K3 w - - 0 1')) == 22
    assert len(legal_of('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1')) == 3
    ms = legal_of('3rk3/8/8/8/3{WUS}4/8/8/4K3 w - - 0 1')
    assert len(ms) == 26 and all(m[:2] == 'd4' for m in ms) and 'd4d7' in ms
    # R3 before R5: four Anti-King moves, no Wuss move
    assert legal_of('b7/7k/8/r7/3{AK}4/8/8/7{WUS} w - - 0 1') == ['d4c5', 'd4d5', 'd4e4', 'd4e5']


def main():
    bad = 0
    for fn in CHECKS:
        try:
            fn()
            print(f'ok  {fn.__name__}')
        except AssertionError as e:
            bad += 1
            print(f'BAD {fn.__name__}: {e!r}')
    print(f'{len(CHECKS)} checks, {bad} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
