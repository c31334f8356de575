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

SEED_5 = "{nb}{fn}g{cf}{wmf}k{hv}{reb}/p{pnp}{xj}{scp}{ep}{fr}{cap}{bp}/8/8/8/8/{OPN}{SP}{CAP}{NP}{CP}{FR}{BPP}{BP}/{JE}{SQ}{PU}K{IG}{RC}{STG}{RH} w - - 0 1 home={nb}{fn}g{cf}{wmf}k{hv}{reb}/p{pnp}{xj}{scp}{ep}{fr}{cap}{bp}/{OPN}{SP}{CAP}{NP}{CP}{FR}{BPP}{BP}/{JE}{SQ}{PU}K{IG}{RC}{STG}{RH} reserve={NF}{MI}{JK}{DR}{NE}{LW}{HD}{FO}{CRB}{HP}{CGH}G{NN}{TH}{BH}{UB}{SC}{ORP}{BR}{AA}{HV}{SM}{DK}{REB}{FM}{SOE}{RO}{GI}{DD}Q{ZNDW}{FA}{FC}{BAR}{NR}{FB}{FRI}{BI}{CRD}BW{GH}{WD}{RN}{OM}{CR}{XK}{LI}{CD}{QN}{ROB}{IM}{OL}{ZR}{LL}{AECG}{BM}{GG}{RD}{SE}F{WE}{BA}{WMF}{CRW}{ZG}{EW}{BD}{HB}{BT}{DA}{LEO}{AGH}{CW}{NQ}{BU}{ZNSW}{ZNDN}{FS}{CAQ}{DH}{GB}N{ARR}{CF}{VAO}{MAM}L{NB}{EO}R{AK}{PAO}Z{FN}{FI}{AF}{ZNQ}{SIS}{WI}{SQR}{ROR}{NWZ}{ND}{SG}{CS}{HH}{GN}{CHA}{TG}{CYQ}{SEA}{DE}{ARC}{SWP}{HE}{CH}{NG}{RFL}{ZBW}{AN}{GR}{CG}{WA}{AR}{SH}{SLG}{CK}{AT}{WR}{CO}{WH}{AM}{QQ}{VM}{AMR}{CN}{RB}{RFW}{BN}C{SHD}{ZNSN}{CHR}{CRF}{FL}{TK}{ZB}{HF}{CRR}{CRA}{NFZ}{HQ}{RKN}{HR}{AD}{CYR}{CYB}{NW}{EGH}{WHL}{WUS}/{SCP}P{XJ}{ST}{SGP}{PNP}{JP}{MP}{EP},{hr}{sm}{zg}{fa}q{rd}{sqr}b{li}{mi}{he}{cyr}{fri}{de}{se}{br}{jk}{fc}{rkn}{ub}w{at}l{hq}{om}n{wi}{hf}{swp}{fo}{sq}{cg}{pao}{mam}{cr}{ro}{ck}{sea}{orp}{th}{fi}{bu}{sc}{co}{vao}f{zbw}{an}{rc}{qq}{cn}{nn}{qn}{dh}r{rob}{cw}{nwz}{bn}{rn}{znsn}{fs}{fm}{wus}{amr}{stg}{hb}{da}{zndn}{wa}{ak}{lw}{tk}{cyq}{ol}{shd}{slg}{vm}{egh}{wr}c{hh}{zr}{gh}{nw}{sh}{zb}{crw}{cyb}{agh}{eo}{ad}{im}{crd}{cra}{ar}{crf}{nq}{ew}{gn}{tg}{gr}{dr}{rfl}{ll}{sg}{ror}{cs}{nf}{xk}{af}{bm}z{arr}{fl}{fb}{je}{ba}{hd}{caq}{ch}{arc}{znq}{gb}{whl}{pu}{cha}{znsw}{dk}{dd}{nr}{rb}{bd}{aecg}{rh}{rfw}{bt}{ng}{wh}{we}{hp}{nd}{am}{leo}{bi}{nfz}{gg}{ne}{crb}{aa}{chr}{zndw}{crr}{soe}{wd}{ig}{cgh}{sis}{cd}{gi}{bar}{bh}/{bpp}{sp}{mp}{np}{st}{cp}{opn}{jp}{sgp}"

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
    # A move onto the last rank that does not exist attacks nothing there (R6).
    ('barred-step', "8/3P1k2/8/8/8/8/8/K7 b - - 0 1", '',
     "White's piece reserve empty: d7 does not attack e8, Kf7 has 8 moves: D1 8 by hand"),
    ('barred-step-reserve', "8/3P1k2/8/8/8/8/8/K7 b - - 0 1 reserve=Q/-,-/-", '',
     'a White Queen in reserve: d7 attacks e8, D1 7 by hand'),
    ('barred-check', "4k3/8/8/8/8/8/R2p4/4K3 w - - 0 1", '',
     "Blue's piece reserve empty: d2 gives no check, King 5 + Rook 10: D1 15 by hand"),
    ('barred-check-reserve', "4k3/8/8/8/8/8/R2p4/4K3 w - - 0 1 reserve=-/-,q/-", '',
     'a Blue Queen in reserve: d2 checks, King 5 + Rxd2: D1 6 by hand'),
    ('barred-shot', "5k2/3{OPN}4/8/3{arc}4/8/8/8/K7 b - - 0 1", '',
     "the Orphan Pawn borrows the Archer's power and shoots e8, e7, f7 without entering rank 8:"
     ' Kf8 g7 g8, Archer 25 moves + d5*d7: D1 28 by hand'),
    ('barred-frog', "7k/8/8/4{fr}3/5N2/8/6K1/8 w - - 0 1", '',
     "Blue's piece reserve empty: no Frog chain may land on rank 1, so e5-g3-e1 (over f4, f2) and"
     ' e5-g3-g1 (over f4, g2) attack nothing; e5-g3-e3 (over f4, f3) does: Knight 7 + King 7'
     ' (f1 f2 g1 g3 h1 h2 h3): D1 14 by hand'),
    ('barred-frog-reserve', "7k/8/8/4{fr}3/5N2/8/6K1/8 w - - 0 1 reserve=-/-,q/-", '',
     'a Blue Queen in reserve: the chains onto rank 1 exist, g2 in check, f2 attacked;'
     ' Knight 7 (each removes the first hurdle) + King 6: D1 13 by hand'),
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
     'Anti-King drop on attacked squares with a pawn drop that may block the attack;'
     ' with the Anti-King dropped White plays extinction: the King may step next to the rook'),
    ('promo-royal', "7r/3P2k1/8/8/8/8/8/K7 w - - 0 1 reserve={WUS}/-,-/-", '',
     'd7d8 brings a Wuss from the reserve onto a square the rook attacks: King and Wuss play'
     ' extinction after the turn, so it is legal; the King has 3 moves: D1 4 by hand'),
    ('seed-5-promo-royal', SEED_5, 'c2d5 e8e6',
     'seed 5: c2d5 e8e6 opens d5e8, a promotion to a Wuss the Blue men attack'
     ' (legal: extinction after the turn)'),
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
        '# (docs/variants/uc-170-17-game-rules.md sections 3-8, rule decision 18), credits and exchanges, promotion from the reserve.',
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
