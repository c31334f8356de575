#!/usr/bin/env python3
"""Hand checks of the capture-mechanism reference (uc_mech.py, uc_borrow.py,
uc_perft.py): the worked examples of `docs/variants/uc-170-17-readings.md` table B rows
45-54, 164, 168, 170, P3, P15 and of the rules' freezing / immunity /
swap-back decisions and the Chameleon's and borrowers' readings (uc_mech.py
docstring), each counted on an otherwise empty 8 x 8 board.  Plain asserts:

    python3 tests/reference/test_uc_mech.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_mech as M  # noqa: E402
import uc_borrow as B  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_perft as R  # noqa: E402
import uc_turns as T  # noqa: E402
import uc_setup as S  # noqa: E402

P = lambda n: ('piece', n)  # noqa: E731
KINDS = {'K': P(1), 'R': P(3), 'N': P(5), 'Q': P(2), 'B': P(4), 'LI': P(103), 'P': ('pawn', 1),
         'SP': ('pawn', 4)}
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

# ---------------------------------------------------------------------------
# Chameleon (45): the readings' count, then each mechanism it copies.


def specials(ms):
    """The moves that take something or are not plain moves."""
    return {(t, how, vs) for t, how, vs in ms if how != 'move' or vs}


@check
def chameleon_counts():
    assert len(moves_of(board(d4='CHA'), 'd4')) == 27
    ms = moves_of(board(d4='CHA', f5='n'), 'd4')
    assert len(ms) == 28, len(ms)
    assert specials(ms) == {('f5', 'move', frozenset({'f5'}))}
    # a pawn is taken as a pawn of the Chameleon's side takes: White takes
    # forward-diagonally (e5), not the Blue pawn behind it (c3)
    ms = moves_of(board(d4='CHA', e5='p', c3='p'), 'd4')
    assert specials(ms) == {('e5', 'move', frozenset({'e5'}))}
    # a King by a King's step: next to the Blue King it checks it
    assert ('e5', 'move', frozenset({'e5'})) in moves_of(board(d4='CHA', e5='k'), 'd4')
    assert in_check(board(d4='CHA', e5='k', a1='K'), 'b')
    assert not in_check(board(d4='CHA', e6='k', a1='K'), 'b')


@check
def chameleon_withdraw_approach():
    ms = moves_of(board(d4='CHA', d3='wd'), 'd4')
    assert len(ms) == 24, len(ms)
    assert taking(ms, 'd3') == {'d5', 'd6', 'd7', 'd8'}
    ms = moves_of(board(d4='CHA', d7='ad'), 'd4')
    assert len(ms) == 25 and taking(ms, 'd7') == {'d6'}
    # a Pushme-Pullyu both ways; a Blue Knight in its place is not taken
    ms = moves_of(board(d4='CHA', c3='pu', h8='pu'), 'd4')
    assert taking(ms, 'c3') == {'e5', 'f6'} and taking(ms, 'c3', 'h8') == {'g7'}
    ms = moves_of(board(d4='CHA', d3='n', d7='n'), 'd4')
    assert specials(ms) == set()
    # an Advancer's or Withdrawer's own mechanism only: a Withdrawer ahead
    # or an Advancer behind is not taken
    ms = moves_of(board(d4='CHA', d3='ad', d7='wd'), 'd4')
    assert specials(ms) == set()
    # a knight's leap takes only the Knight
    ms = moves_of(board(d4='CHA', f5='n', c3='pu'), 'd4')
    assert ('f5', 'move', frozenset({'f5'})) in ms


@check
def chameleon_landing_takes_only_its_victim():
    """P1: the mechanisms that come with a move ride only on moves to empty
    squares; a landing capture takes its victim alone."""
    # d4xd7, a rook's capture of the Blue Rook, with a Pushme-Pullyu behind
    # (d3): only the Rook; the slide to d6 withdraws from it
    ms = moves_of(board(d4='CHA', d7='r', d3='pu'), 'd4')
    assert ('d7', 'move', frozenset({'d7'})) in ms
    assert not any('d3' in vs for t, _, vs in ms if t == 'd7')
    assert ('d6', 'move', frozenset({'d3'})) in ms
    # approach: d4xd6 with an Advancer beyond (d7): only the Rook
    ms = moves_of(board(d4='CHA', d6='r', d7='ad'), 'd4')
    assert [m for m in ms if m[0] == 'd6'] == [('d6', 'move', frozenset({'d6'}))]
    assert ('d5', 'move', frozenset()) in ms
    # coordination: d6xd4 (King b2, a Coordinator on b4 = b-file x rank 4):
    # only the Rook; the slide to d4 without the Rook takes the Coordinator
    ms = moves_of(board(b2='K', d6='CHA', d4='r', b4='cd'), 'd6')
    assert [m for m in ms if m[0] == 'd4'] == [('d4', 'move', frozenset({'d4'}))]
    ms = moves_of(board(b2='K', d6='CHA', b4='cd'), 'd6')
    assert ('d4', 'move', frozenset({'b4'})) in ms
    # custodial: d1xd4 with a Pincer Pawn on e4 and a White Knight on f4:
    # only the Rook; the slide d1-d4 with no Rook there takes the Pincer Pawn
    ms = moves_of(board(d1='CHA', d4='r', e4='pnp', f4='N'), 'd1')
    assert [m for m in ms if m[0] == 'd4'] == [('d4', 'move', frozenset({'d4'}))]
    assert ('d4', 'move', frozenset({'e4'})) in moves_of(board(d1='CHA', e4='pnp', f4='N'), 'd1')
    # an overtaking landing is a move to an empty square: b2 leaps d4 to
    # e5 and withdraws from the Withdrawer on a1
    ms = moves_of(board(b2='CHA', d4='ll', a1='wd'), 'b2')
    assert {t for t, how, vs in ms if vs == frozenset({'d4', 'a1'})} == {'e5', 'f6', 'g7', 'h8'}
    assert ('c3', 'move', frozenset({'a1'})) in ms


@check
def chameleon_overtake():
    ms = moves_of(board(a1='CHA', c3='ll', e5='ll'), 'a1')
    assert len(ms) == 19, len(ms)
    assert taking(ms, 'c3') == {'d4'} and taking(ms, 'c3', 'e5') == {'f6', 'g7', 'h8'}
    # only Long Leapers are leapt; two in a row, or one next to its Shield,
    # block the line
    assert specials(moves_of(board(a1='CHA', c3='n'), 'a1')) == set()
    assert specials(moves_of(board(a1='CHA', c3='ll', d4='ll'), 'a1')) == set()
    ms = moves_of(board(a1='CHA', c3='ll', d2='shd'), 'a1')
    assert specials(ms) == set() and 'd4' not in {t for t, _, _ in ms}


@check
def chameleon_coordinate():
    b = board(b2='K', d6='CHA', b6='cd', e2='cd')
    ms = moves_of(b, 'd6')
    assert [m for m in ms if m[0] == 'e6'] == [('e6', 'move', frozenset({'b6', 'e2'}))]
    assert taking(ms, 'b6') == {'c6', 'f6', 'g6', 'h6'}
    # P2: the Coordinator's lines are a queen's: a diagonal move coordinates
    # too (d6-e5 names e2 and b5)
    ms = moves_of(board(b2='K', d6='CHA', e2='cd', b5='cd'), 'd6')
    assert ('e5', 'move', frozenset({'e2', 'b5'})) in ms
    # only Coordinators; no Standard King of its side: none
    assert specials(moves_of(board(b2='K', d6='CHA', b6='n', e2='n'), 'd6')) == set()
    del b[U.parse('b2')]
    assert specials(moves_of(b, 'd6')) == set()


@check
def chameleon_custodial():
    ms = moves_of(board(d1='CHA', e4='pnp', f4='N', c4='n', b4='N'), 'd1')
    assert ('d4', 'move', frozenset({'e4'})) in ms
    assert specials(ms) == {('d4', 'move', frozenset({'e4'}))}
    # orthogonal only
    assert specials(moves_of(board(d1='CHA', e5='pnp', f6='N'), 'd1')) == set()
    # P2: only after an orthogonal move (the Pincer Pawn's rook lines): the
    # diagonal b2-d4 ends next to the Pincer Pawn with the Knight beyond
    # and takes nothing; d2-d4 takes it
    ms = moves_of(board(b2='CHA', e4='pnp', f4='N'), 'b2')
    assert ('d4', 'move', frozenset()) in ms and specials(ms) == set()
    ms = moves_of(board(d2='CHA', e4='pnp', f4='N'), 'd2')
    assert specials(ms) == {('d4', 'move', frozenset({'e4'}))}
    # a diagonal overtaking landing neither: a1 leaps c3 to d4
    ms = moves_of(board(a1='CHA', c3='ll', e4='pnp', f4='N'), 'a1')
    assert ('d4', 'move', frozenset({'c3'})) in ms and not any('e4' in vs for _, _, vs in ms)


@check
def chameleon_shoot():
    ms = moves_of(board(a1='CHA', a3='arc'), 'a1')
    assert ('a3', 'shoot', frozenset({'a3'})) in ms and len(ms) == 16
    assert specials(moves_of(board(a1='CHA', a6='arc'), 'a1')) == set()
    ms = moves_of(board(a1='CHA', a6='arc', b6='N'), 'a1')
    assert specials(ms) == {('a6', 'shoot', frozenset({'a6'}))}
    # a Blue Knight in the Archer's place is not shot
    assert specials(moves_of(board(a1='CHA', a3='n'), 'a1')) == set()


@check
def chameleon_swapper():
    ms = moves_of(board(d4='CHA', d7='swp', e5='swp'), 'd4')
    assert specials(ms) == {('d7', 'swap', frozenset()), ('e5', 'swap', frozenset()),
                            ('e5', 'destroy', frozenset({'e5'}))}
    assert len(ms) == 24, len(ms)
    # no swap with a man of another kind, no destruction of one
    assert specials(moves_of(board(d4='CHA', d7='n', e5='n'), 'd4')) == set()
    # no swap straight back; a swap is followed by no coordination (B2)
    b = board(d4='CHA', d7='swp')
    assert ('d7', 'swap', frozenset()) not in moves_of(b, 'd4', frozenset({U.parse('d4'), U.parse('d7')}))
    b = board(a1='K', d4='CHA', d7='swp', a7='cd')
    assert ('d7', 'swap', frozenset()) in moves_of(b, 'd4')
    # a Blue Swapper swapping with the White Chameleon: it may not swap back
    b = board(d4='CHA', d7='swp', a1='K', h8='k')
    nxt = [(nb, sw) for m, nb, sw in R.legal(b, 'b') if m[2] == 'swap' and U.name(m[1]) == 'd4']
    assert len(nxt) == 1
    nb, sw = nxt[0]
    assert not [m for m, _, _ in R.legal(nb, 'w', sw) if m[2] == 'swap' and U.name(m[1]) == 'd4']
    assert [m for m, _, _ in R.legal(nb, 'w') if m[2] == 'swap' and U.name(m[1]) == 'd4']


@check
def chameleon_all_at_once():
    # d4-d6: withdraws from d3, approaches d7, coordinates with the King on
    # h1 (h6), pinches e6 (White f6) and c6 (White b6): one move, five taken
    b = board(h1='K', d4='CHA', d3='wd', d7='ad', h6='cd', e6='pnp', f6='N', c6='pnp', b6='N')
    ms = moves_of(b, 'd4')
    assert [m for m in ms if m[0] == 'd6'] == [('d6', 'move', frozenset({'d3', 'd7', 'h6', 'e6', 'c6'}))]
    # d4-d5: withdraws from d3 only (the Coordinator is not on rank 5)
    assert ('d5', 'move', frozenset({'d3'})) in ms
    # a Lion's double capture that would take a Knight too is no move (B3)
    ms = moves_of(board(d4='CHA', e5='li', f6='n'), 'd4')
    assert ('e5', 'move', frozenset({'e5'})) in ms
    assert not any('f6' in vs for _, _, vs in ms)


@check
def chameleon_immobilizer():
    b = board(d4='CHA', e5='im', a1='K', h8='k')
    assert moves_of(b, 'd4') == {('d4', 'remove', frozenset())}
    assert moves_of(b, 'e5') == {('e5', 'remove', frozenset())}
    # never taken by the Chameleon (no capture of its own), also not frozen
    b = board(d4='CHA', f6='im')
    assert specials(moves_of(b, 'd4')) == set()
    # a frozen Chameleon (by a second Immobilizer) still freezes: a Blue
    # Immobilizer next to it stays frozen
    b = board(d4='CHA', e5='im', c5='im')
    assert moves_of(b, 'e5') == {('e5', 'remove', frozenset())}
    # a frozen Chameleon gives no check
    assert not in_check(board(d4='CHA', e5='k', c3='im', a1='K'), 'b')


@check
def chameleon_never():
    # never a Chameleon, not an Orphan, Friend, Shield, Mamra
    for code in ('cha', 'orp', 'fri', 'shd', 'mam'):
        b = board(d4='CHA', d6=code, e5=code)
        assert specials(moves_of(b, 'd4')) == set(), code
    # a Blue Chameleon next to it does not check a King it could not take
    assert not any(vs for _, _, vs in moves_of(board(d4='cha', e5='CHA'), 'd4'))
    # Shield: the Knight on f5 next to its Shield on g6 is immune
    ms = moves_of(board(d4='CHA', f5='n', g6='shd'), 'd4')
    assert specials(ms) == set() and len(ms) == 27
    # an Orphan Pawn is taken by the Pawn's diagonal capture
    assert specials(moves_of(board(d4='CHA', e5='opn'), 'd4')) == {('e5', 'move', frozenset({'e5'}))}


# ---------------------------------------------------------------------------
# Borrowers: Orphan (168), Friend (170), Orphan Pawn (P15).


@check
def borrower_counts():
    ms = moves_of(board(d4='ORP', d8='r'), 'd4')
    assert len(ms) == 14 and specials(ms) == {('d8', 'move', frozenset({'d8'}))}
    ms = moves_of(board(d4='FRI', b2='B'), 'd4')
    assert len(ms) == 11 and specials(ms) == set()
    # alone, or with only friends (Orphan) / enemies (Friend): no move
    assert moves_of(board(d4='ORP', d8='R'), 'd4') == set()
    assert moves_of(board(d4='FRI', b2='b'), 'd4') == set()
    # two lenders: rook and knight moves
    assert len(moves_of(board(d4='ORP', d8='r', f5='n'), 'd4')) == 14 + 8


@check
def orphan_fixpoint():
    # a8 White Rook -> a5 Blue Orphan (rook) -> e5 White Orphan (rook) ->
    # h5 Blue Orphan (rook): three rounds; one round gives e5 nothing, two
    # give h5 nothing
    b = board(a8='R', a5='orp', e5='ORP', h5='orp')
    pos = M.Pos(b)
    pw = B.powers(pos)
    assert all(pw[U.parse(s)] == {P(3)} for s in ('a5', 'e5', 'h5')), pw
    ms = moves_of(b, 'e5')
    assert len(ms) == 14, len(ms)
    assert specials(ms) == {('a5', 'move', frozenset({'a5'})), ('h5', 'move', frozenset({'h5'}))}
    assert len(moves_of(b, 'h5')) == 10
    # a borrower does not lend to itself: the pair alone has nothing
    b = board(a5='orp', e5='ORP')
    assert moves_of(b, 'e5') == set() and moves_of(b, 'a5') == set()


@check
def friend_from_orphan():
    # White Orphan d4, attacked by the Blue Knight f5, leaps as a knight;
    # it guards the White Friend on b3, which leaps as a knight too
    b = board(d4='ORP', f5='n', b3='FRI')
    assert {t for t, _, _ in moves_of(b, 'b3')} == {'a1', 'c1', 'd2', 'a5', 'c5'}
    assert len(moves_of(b, 'd4')) == 7
    # a Friend guarding an Orphan (b2-c3-d4 with the Bishop's power) lends
    # it nothing
    b = board(d4='ORP', b2='FRI', a1='B')
    assert moves_of(b, 'd4') == set()
    assert {t for t, _, _ in moves_of(b, 'b2')} == {'c3', 'a3', 'c1'}
    # guards by any mechanism: an adjacent Swapper (mutual destruction)
    ms = moves_of(board(d4='FRI', e4='SWP'), 'd4')
    assert ('e4', 'swap', frozenset()) in ms


@check
def borrower_immunity_freezing():
    # next to its own Shield the Orphan is attacked by nobody
    assert moves_of(board(d4='ORP', c3='SHD', d8='r'), 'd4') == set()
    # a Friend's guard ignores immunity: the Shield guards it... by queen
    # moves only (no capture), the Bishop does
    assert len(moves_of(board(d4='FRI', c4='SHD', b2='B'), 'd4')) == 11
    # frozen: only its removal; a frozen lender lends nothing
    assert moves_of(board(d4='ORP', e5='im', d8='r'), 'd4') == {('d4', 'remove', frozenset())}
    assert moves_of(board(d4='ORP', d8='r', e7='IM'), 'd4') == set()
    # a Chameleon lends nothing (it attacks the Orphan Pawn as a pawn)
    ms = moves_of(board(d4='OPN', e5='cha'), 'd4')
    assert ms == {('d5', 'move', frozenset()), ('e5', 'move', frozenset({'e5'}))}
    # a Friend next to an enemy Shield is still guarded (P4: the guard test
    # lifts every immunity on the Friend's square): bishop moves, taking
    # the Shield
    ms = moves_of(board(d4='FRI', e5='shd', b2='B'), 'd4')
    assert len(ms) == 8 and specials(ms) == {('e5', 'move', frozenset({'e5'}))}


@check
def borrower_mamra():
    """P3: immunity is judged against the mover's own kind, whatever power
    it uses: only a man of a pawn kind takes a Mamra."""
    # a Mamra's King step lent to an Orphan cannot take the Mamra, nor can
    # a pawn's capture lent by the Blue Pawn on c5
    ms = moves_of(board(d4='ORP', e5='mam'), 'd4')
    assert len(ms) == 7 and specials(ms) == set()
    ms = moves_of(board(d4='ORP', e5='mam', c5='p'), 'd4')
    assert not any('e5' in vs for _, _, vs in ms) and len(ms) == 7
    assert ('c5', 'move', frozenset({'c5'})) in ms
    # an Orphan Pawn takes it with a borrowed Bishop power (g7 attacks d4;
    # d4-c5-b6 takes the Mamra) ...
    ms = moves_of(board(d4='OPN', g7='b', b6='mam'), 'd4')
    assert ('b6', 'move', frozenset({'b6'})) in ms and ('g7', 'move', frozenset({'g7'})) in ms
    # ... and with the King step the Mamra in front of it lends
    ms = moves_of(board(d4='OPN', d5='mam'), 'd4')
    assert ('d5', 'move', frozenset({'d5'})) in ms and len(ms) == 8
    # through perft: White's Orphan Pawn takes the Mamra, the Orphan not
    b = board(h1='K', h8='k', d4='OPN', g7='b', b6='mam')
    assert any(U.name(m[1]) == 'b6' for m, _, _ in R.legal(b, 'w'))
    b = board(h1='K', h8='k', d4='ORP', g7='b', b6='mam')
    assert not any(U.name(m[1]) == 'b6' for m, _, _ in R.legal(b, 'w'))
    assert any(U.name(m[1]) == 'g7' for m, _, _ in R.legal(b, 'w'))


@check
def borrower_one_move_per_effect():
    # Rook (a4) and Withdrawer (d5) lend: d3 by the Rook's power takes
    # nothing, by the Withdrawer's it takes d5: two moves (rule decision
    # 20); c4, b4, e4-h4 are reached by both with one effect: one move each.
    # 11 Rook moves + 22 Withdrawer moves - 6 shared = 27.
    ms = moves_of(board(d4='ORP', d5='wd', a4='r'), 'd4')
    assert {m for m in ms if m[0] == 'd3'} == {('d3', 'move', frozenset()),
                                               ('d3', 'move', frozenset({'d5'}))}
    assert len(ms) == 27, len(ms)
    assert taking(ms, 'd5') == {'d5', 'd3', 'd2', 'd1'}


@check
def orphan_pawn():
    assert moves_of(board(e2='OPN'), 'e2') == {('e3', 'move', frozenset()), ('e4', 'move', frozenset())}
    ms = moves_of(board(e2='OPN', d4='n'), 'e2')
    assert len(ms) == 8 and ('d4', 'move', frozenset({'d4'})) in ms
    # rook powers merged with its own pawn step
    assert len(moves_of(board(d4='OPN', d8='r'), 'd4')) == 14
    # a Blue Orphan Pawn lends its pawn moves (White's way) to a White Orphan
    ms = moves_of(board(d4='ORP', e5='opn'), 'd4')
    assert ms == {('d5', 'move', frozenset()), ('e5', 'move', frozenset({'e5'}))}
    # a pawn power: onto the last rank a plain move; double step from the
    # own second rank
    ms = moves_of(board(d7='ORP', c8='p'), 'd7')
    assert ms == {('d8', 'move', frozenset()), ('c8', 'move', frozenset({'c8'}))}
    ms = moves_of(board(e2='ORP', f3='p'), 'e2')
    assert {t for t, _, _ in ms} == {'e3', 'e4', 'f3'}
    # Blue's Orphan Pawn from its own second rank
    assert {t for t, _, _ in moves_of(board(e7='opn'), 'e7')} == {'e6', 'e5'}


@check
def orphan_checks_king():
    b = board(a1='K', e4='ORP', e5='k')
    assert in_check(b, 'b')
    assert any(U.name(m[1]) == 'e4' for m, _, _ in R.legal(b, 'b'))
    # protected by a White Rook, the Orphan cannot be taken by the King
    b = board(a1='K', e4='ORP', e1='R', e5='k')
    assert not any(U.name(m[1]) == 'e4' for m, _, _ in R.legal(b, 'b'))
    # not attacked by the King (two squares away): no power, no check
    assert not in_check(board(a1='K', e3='ORP', e5='k'), 'b')


@check
def colour_flip_borrow_mimic():
    """The colour-flip check with the Chameleon and the borrowers."""
    b = board(a1='K', h8='k', d4='CHA', e5='wd', c3='ad', f4='ll', b6='swp', g6='arc',
              b8='cd', c6='pnp', h2='ORP', g4='r', d7='orp', a7='R', e2='FRI', f1='B',
              c5='opn', b2='OPN', g2='fri', h3='n', e7='cha', d2='p')
    flip = {U.rot(s): (k, 'b' if c == 'w' else 'w', r) for s, (k, c, r) in b.items()}
    for side in ('w', 'b'):
        a = {M.fmt(m) for m, _, _ in R.legal(b, side)}
        t = {M.fmt((U.rot(m[0]), U.rot(m[1]), m[2], frozenset(U.rot(v) for v in m[3])))
             for m, _, _ in R.legal(flip, 'b' if side == 'w' else 'w')}
        assert a == t, (side, a ^ t)
        assert a



# Royal modes (uc_perft.py; docs/variants/uc-170-17-game-rules.md section 7, readings table B 148, 165).

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


# ---------------------------------------------------------------------------
# Rule decisions 20-24 (docs/variants/rule-decisions.md), worked by hand.


def man_of(fen, sq):
    """One man's pseudo-legal moves in a position text: (to, victims)."""
    b, _ = R.parse_fen(fen)
    pos = M.Pos(b)
    return {(U.name(t), frozenset(U.name(v) for v in vs))
            for _, t, _, vs in M.man_moves(pos, U.parse(sq))}


def turns_of(fen):
    return sorted(T.turn_texts(T.parse(fen)))


@check
def decision_20_a_move_is_what_it_does():
    # The Orphan Pawn e3 borrows the Withdrawer e2's power: e3e4 by its own
    # step takes nothing, e3e4 withdrawing from e2 takes it; two moves.
    ms = man_of('k7/8/8/8/8/4{OPN}3/4{wd}3/K7 w - - 0 2', 'e3')
    assert {m for m in ms if m[0] == 'e4'} == {('e4', frozenset()), ('e4', frozenset({'e2'}))}
    # Both are counted and written apart: the King a1 has 3 moves, the
    # Orphan Pawn 23 (its own step and the Withdrawer's 22 queen moves
    # less e3e8: with no reserve a pawn kind may not enter its last rank).
    ts = turns_of('k7/8/8/8/8/4{OPN}3/4{wd}3/K7 w - - 0 2')
    assert 'e3e4' in ts and 'e3e4^e2' in ts and 'e3e8' not in ts and len(ts) == 26, ts


@check
def decision_21_royal_modes_after_the_turn():
    # Promotion to a Wuss on a square the Blue King attacks: two royals
    # after the turn, extinction rules, legal.
    assert turns_of('8/1Pk5/8/8/8/8/8/7K w - - 0 1 reserve={WUS}/-,-/-') == [
        'b7b8={WUS}', 'h1g1', 'h1g2', 'h1h2']
    # In check from a8 with every King move attacked: promoting to a Royal
    # Knight (by capture on b8 or on c8) leaves two royals; not mate.
    assert turns_of('rr5k/2P5/8/8/8/8/8/K7 w - - 0 1 reserve={RKN}/-,-/-') == [
        'c7b8={RKN}', 'c7c8={RKN}']
    # An Anti-King made by promotion must stand attacked after the turn:
    # on a8 the rook b8 attacks it; on b8 (the rook taken) only the Blue
    # King could, and a King does not attack an Anti-King.
    assert turns_of('1r5k/P7/8/8/8/8/8/7K w - - 0 1 reserve={AK}/-,-/-') == [
        'a7a8={AK}', 'h1g1', 'h1g2', 'h1h2']
    # Under check rules the normal move alone must parry the check: the
    # King h1 in check from the rook a1; a Knight move with a Queen drop on
    # b1-g1 would block, but a drop never parries a check.  Only the King's
    # h1g2 and h1h2 (each without a drop, or with the Queen on one of the 7
    # empty squares of the first rank): 16 turns.
    ts = turns_of('k7/8/8/8/7N/8/8/r6K w - - 0 1 reserve=Q/-,-/- credits=1,0/0,0')
    assert all(t.split('+')[0] in ('h1g2', 'h1h2') for t in ts), ts
    assert 'h1g2+@b1' in ts and len(ts) == 16, ts


@check
def decision_22_powers_are_whole():
    # The Chameleon copies the Lion's igui: e4e4 taking e5.
    ms = man_of('k7/8/8/4{li}3/4{CHA}3/8/8/K7 w - - 0 1', 'e4')
    assert ('e4', frozenset({'e5'})) in ms
    # A Lion path ending on an empty square and the queen slide there are
    # two moves (one takes e5, the other nothing).
    assert {m for m in ms if m[0] == 'd5'} == {('d5', frozenset()), ('d5', frozenset({'e5'}))}
    # The Orphan e5 borrows the Frog d3's chain (the Frog attacks it by
    # a chain over d4 and e5): over its own Knight d4 to c3, then over the
    # Frog d3 to e3 taking it.
    ms = man_of('k7/8/8/4{orp}3/3n4/3{FR}4/8/7K b - - 0 2', 'e5')
    assert ms == {('c3', frozenset()), ('e3', frozenset({'d3'}))}, ms
    # With a White Knight on d2 the chains go on: c3 over d2 to e1, e3 over
    # d2 to c1 (taking two men).
    ms = man_of('k7/8/8/4{orp}3/3n4/3{FR}4/3N4/7K b - - 0 2', 'e5')
    assert ms == {('c3', frozenset()), ('e3', frozenset({'d3'})), ('e1', frozenset({'d2'})),
                  ('c1', frozenset({'d2', 'd3'}))}, ms


@check
def decision_23_hopping_is_not_capturing():
    # The Knight e5 stands next to its Shield f5 (immune): the Frog e4 hops
    # over it to e6 taking nothing; over the Shield to g6 taking it.
    ms = man_of('k7/8/8/4n{shd}2/4{FR}3/8/8/K7 w - - 0 2', 'e4')
    assert ms == {('e6', frozenset()), ('g6', frozenset({'f5'}))}, ms
    # A Mamra is immune to every non-pawn kind: a Rook cannot take it, nor
    # land behind it; a Long Leaper may not jump it either.
    assert ('e6', frozenset({'e5'})) not in man_of('k7/8/8/4{mam}3/4{LL}3/8/8/K7 w - - 0 1', 'e4')
    assert not {m for m in man_of('k7/8/8/4{mam}3/4{LL}3/8/8/K7 w - - 0 1', 'e4')
                if m[0] in ('e5', 'e6', 'e7', 'e8')}


@check
def decision_24_setup_is_a_game():
    # Blue to move mates on b1 (back rank): every turn wins at once here.
    st = T.parse('kr6/8/8/8/8/8/5PPP/6K1 b - - 0 1')
    assert S.blue_wins_at_once(st, T.home_of(st))
    # With h3 instead of h2 the King escapes: no immediate win.
    st = T.parse('kr6/8/8/8/8/7P/5PP1/6K1 b - - 0 1')
    assert not S.blue_wins_at_once(st, T.home_of(st))
    # Seed 3044's first draw is such a setup: redrawn.
    rng = S.SplitMix64(3044)
    wb, wpc, wpw = S.draw_side(rng, 'w')
    bb, bpc, bpw = S.draw_side(rng, 'b')
    why = S.problematic({**wb, **bb}, {'w': (wpc, wpw), 'b': (bpc, bpw)})
    assert why == 'every first turn of White lets Blue win at once', why


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
