#!/usr/bin/env python3
"""Regenerate tests/data/perft/*.epd from the hand-made positions below.

    python3 make_epd.py [--maxd3 N]

Every position is written as piece placements (readable), turned into a FEN,
then the move list is played and perft is computed with refperft.py.  Where a
hand count of depth 1 is given (reasoning in the comment), the script checks
refperft.py agrees and stops otherwise.  Depth 3 is computed only when the
depth-2 count is at most --maxd3 (default 30000; the whole run takes a few minutes).

EPD line format:
  LABEL ; FEN ; MOVES ; D1 N ; D2 N [; D3 N] ; src SOURCE
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refperft as R  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "perft")

# issue-table numbers for the start positions (Fairy-Stockfish + another implementation).
# Overboard is not here: its setup is a reconstruction (docs/variants/overboard.md, second
# version) and its start position is counted by refperft.py like any other case.
START = {
    "xhess": (80, 6280, 488576),
    "really-big-board": (129, 16641, 2171191),
    "flee": (158, 24859, 4148584),
}


def mirror(pcs):
    """Swap colours and flip ranks (16x16 only)."""
    return {sq[0] + str(17 - int(sq[1:])): c.swapcase() for sq, c in pcs.items()}


# Each entry: (label, comment, pieces, side, castling, ep, moves, hand_d1)
# hand_d1 = None when no hand count was made.

XHESS = [
    ("cannon-screens",
     "Cannon e5: up e6, screen e7 (OWN Horseman), e8 empty, captures e9 rook (2); left d5 c5, screen b5 (ENEMY h),"
     " captures a5 (3); right f5 g5, screen h5 with nothing beyond: no capture, and the h5 rook itself (no screen)"
     " is not capturable (2); down e4-e1 (4) = 11. Horseman e7: e8, d9/f9 via e8, c8 via d7, g8 via f7 (5)."
     " King j1: i1 i2 j2 (3). Total 19.",
     {"j1": "K", "a10": "k", "e5": "C", "e7": "H", "e9": "r", "b5": "h", "a5": "r", "h5": "r"},
     "w", "-", "-", "", 19),
    ("horseman-lame",
     "H e4: step and (+-1,+2) blocked by e5 knight, (+2,+1) blocked by own f4, (-2,+1) c5 via empty d4 (1)."
     " H f4: f5, e6, g6 (via f5), h5 (via g4), captures e5 diagonally; (-2,+1) blocked by e4 (5)."
     " H b2: b3, a4 (via b3), c4 landing holds an enemy so no horse move there (no horse captures),"
     " d3 via c2, a-side off board (3). K a1: a2 b1 (2). Total 11.",
     {"a1": "K", "j10": "k", "e4": "H", "f4": "H", "e5": "n", "b2": "H", "c4": "h"},
     "w", "-", "-", "", 11),
    ("horseman-promotion",
     "H e9: step e10, capture d10, horse c10 (via d9) and g10 (via f9): 4 x 6 promotions (N I B C R Q) = 24."
     " H h8: step h9 (no promo), horse g10 and i10 via h9 with 6 promotions each (12), f9 via g8, j9 via i8 (2) = 15."
     " K a1: 3. Total 42.",
     {"a1": "K", "j7": "k", "e9": "H", "d10": "r", "h8": "H"},
     "w", "-", "-", "", 42),
    ("king-far-rank-before",
     "K e9 alone vs king a3 and knight d10 (which covers e8, f9): d8 f8 d9 d10(capture) e10 f10 = 6;"
     " at depth 2 the three moves onto rank 10 (d10, e10, f10) have 0 replies (game won).",
     {"e9": "K", "a3": "k", "d10": "n"},
     "w", "-", "-", "", 6),
    ("king-far-rank-by-capture",
     "After e9xd10 the White king stands on rank 10: game over, no moves (0).",
     {"e9": "K", "a3": "k", "d10": "n"},
     "w", "-", "-", "e9d10", 0),
    ("king-far-rank-by-step",
     "After e9e10 the White king stands on rank 10: game over, no moves (0).",
     {"e9": "K", "a3": "k", "d10": "n"},
     "w", "-", "-", "e9e10", 0),
    ("black-king-far-rank",
     "Black king e2 steps to e1 (Black's far rank): White has no moves (0).",
     {"e2": "k", "a8": "K"},
     "b", "-", "-", "e2e1", 0),
    ("checkmate",
     "After ...h5h1 the White king a1 is checked along rank 1; a2/b2 hold own Horsemen, b1 is covered,"
     " Horsemen never move backwards: checkmate, 0 moves.",
     {"a1": "K", "a2": "H", "b2": "H", "h5": "r", "j10": "k"},
     "b", "-", "-", "h5h1", 0),
    ("stalemate",
     "After ...c5c2 the queen covers a2 b1 b2 but not a1; H a5 is blocked ahead by a6 (step and (+-1,+2)),"
     " its (+2,+1) is blocked by b5, b6 is empty (no capture): stalemate, 0 moves.",
     {"a1": "K", "a5": "H", "a6": "h", "b5": "h", "c5": "q", "j10": "k"},
     "b", "-", "-", "c5c2", 0),
    ("cannon-check-over-screen",
     "Black cannon e8 checks K e1 over the single screen H e4. King: d1 f1 d2 f2 (e2 still on the line) = 4."
     " H e4: e5 keeps exactly one screen (illegal); d6 f6 c5 g5 remove the screen (4). Total 8.",
     {"e1": "K", "e4": "H", "e8": "c", "j10": "k"},
     "w", "-", "-", "", 8),
    ("start-moves-cannon-capture",
     "From the start: a Horseman capture e5xf6 and the black cannon b8 capturing b4 over its own b7 Horseman.",
     None, "w", "-", "-", "e4e5 f7f6 e5f6 b8b4", None),
]

RBB_CASTLE = {"i1": "K", "a1": "R", "p1": "R", "i16": "k", "a16": "r", "p16": "r"}
RBB_EP = {"a1": "K", "p16": "k", "e2": "P", "d4": "p", "f5": "p", "d6": "p", "d7": "p",
          "f7": "p", "f8": "p", "f9": "p"}
RBB_ROSE = {"h1": "O", "g3": "P", "i3": "P", "a4": "K", "p16": "k"}

RBB = [
    ("castling-all",
     "KQkq, empty back ranks. K: h1 j1 h2 i2 j2 + i1n1 + i1c1 (7); R a1: b1-h1 (7) + a2-a15 + xa16 (15);"
     " R p1: j1-o1 (6) + p2-p15 + xp16 (15). Total 50. Black castles both ways at depth 2.",
     RBB_CASTLE, "w", "KQkq", "-", "", 50),
    ("capture-on-corner",
     "After a1xa16 Black is checked along rank 16: K h15 i15 j15 only (h16/j16 stay on the rank, no castling"
     " in check, p16 rook cannot block) = 3.",
     RBB_CASTLE, "w", "KQkq", "-", "a1a16", 3),
    ("castling-attacked-landing",
     "Black rook n8 covers n1 (kingside landing): no i1n1. Knight a3 covers b1, which the king does not"
     " cross: i1c1 allowed. K: 5 + c1; R a1: b1-h1 (7) + a2, xa3 (2); R p1: 6 + 15. Total 36.",
     {"i1": "K", "a1": "R", "p1": "R", "i16": "k", "n8": "r", "a3": "n"}, "w", "KQ", "-", "", 36),
    ("castling-black-attacked-crossing",
     "Black to move, kq. Bishop a11 covers f16 (queenside crossing), knight l14 covers k16 and m16 and j15:"
     " no castling. K: h16 j16 h15 i15 (j15 attacked) = 4; r a16: b16-h16 (7) + a15-a12 + xa11 (5);"
     " r p16: j16-o16 (6) + p15-p1 (15). Total 37.",
     {"i1": "K", "i16": "k", "a16": "r", "p16": "r", "a11": "B", "l14": "N"}, "b", "kq", "-", "", 37),
    ("castling-rook-moved",
     "Rook p1 and rook a16 went away and back: rights K and q are lost. White: 50 - i1n1 = 49.",
     RBB_CASTLE, "w", "KQkq", "-", "p1p2 a16a15 p2p1 a15a16", 49),
    ("castling-king-moved",
     "Both kings went away and back: no castling at all. White: 50 - 2 = 48.",
     RBB_CASTLE, "w", "KQkq", "-", "i1i2 i16i15 i2i1 i15i16", 48),
    ("castling-blocked",
     "Knight b1 stands between a1 and i1: no queenside castling (even though the king does not cross b1)."
     " K: 5 + i1n1; R a1: a2-a16 (15); N b1: a3 c3 d2 (3); R p1: 21. Total 45.",
     {"i1": "K", "a1": "R", "p1": "R", "b1": "N", "i16": "k"}, "w", "KQ", "-", "", 45),
    ("castling-in-check",
     "Rook i8 checks K i1: no castling; K h1 j1 h2 j2 (i2 on the file) = 4, nothing can block or capture.",
     {"i1": "K", "a1": "R", "p1": "R", "i16": "k", "i8": "r"}, "w", "KQ", "-", "", 4),
    ("pawn-long-moves",
     "P e2: e3 e4 e5 (e6 blocked by a knight) = 3; P f2: f3..f8 (1-6 squares) = 6; K a1: 3. Total 12."
     " Black pawn k15 has its own 6 long moves at depth 2.",
     {"a1": "K", "p16": "k", "e2": "P", "f2": "P", "e6": "n", "k15": "p"}, "w", "-", "-", "", 12),
    ("ep-every-crossed-square",
     "After e2e8 (crossed e3..e7): d4xe3, f5xe4, d6xe5, d7xe6 AND f7xe6 (two pawns), f8xe7 e.p.;"
     " f9xe8 normal; steps d3 f4 d5 f6 (d7, f8, f9 blocked by own pawns); K o16 o15 p15. Total 14.",
     RBB_EP, "w", "-", "-", "e2e8", 14),
    ("ep-expired",
     "Same, but two moves later: no e.p. K o16: n16 n15 o15 p15 p16 (5); d3 f4 d5 f6 and f9xe8 (5). Total 10.",
     RBB_EP, "w", "-", "-", "e2e8 p16o16 a1b1", 10),
    ("ep-white-captures",
     "After k15k9 (crossed k14..k10): j13xk14, l11xk12, j9xk10 e.p. + steps j14 l12 j10 + K a2 b1 b2 = 9.",
     {"a1": "K", "p16": "k", "k15": "p", "j13": "P", "l11": "P", "j9": "P"}, "b", "-", "-", "k15k9", 9),
    ("rose-blocked",
     "Rose a1: first hops c2 (enemy: capture ends the path) and b3; b3->a5 ok, b3->d4 own pawn ends the path."
     " Rose: c2 b3 a5 (3); P d4: d5 (1); K p1: o1 o2 p2 (3). Total 7.",
     {"a1": "O", "p1": "K", "p16": "k", "d4": "P", "c2": "n"}, "w", "-", "-", "", 7),
    ("rose-pass",
     "Rose h1, own pawns on g3/i3 kill those first hops. Octagon j2 k4 j6 h7 f6 e4 f2 all empty: 7 squares"
     " plus pass h1h1; other branches j2->l1 and f2->d1. Rose 10, pawns g4 i4 (2), K a4: a3 a5 b3 b4 b5 (5). Total 17.",
     RBB_ROSE, "w", "-", "-", "", 17),
    ("rose-pass-in-check",
     "As rose-pass but knight c5 checks K a4: no pass, nothing captures c5; K a3 a5 b4 b5 (b3 covered) = 4.",
     dict(RBB_ROSE, c5="n"), "w", "-", "-", "", 4),
    ("rose-pass-octagon-occupied",
     "As rose-pass but enemy knight on h7 (an octagon square): both senses stop there with a capture, no pass."
     " Rose: j2 k4 j6 h7 f2 e4 f6 l1 d1 (9); pawns 2; K 5. Total 16.",
     dict(RBB_ROSE, h7="n"), "w", "-", "-", "", 16),
    ("rose-pass-off-board",
     "Rose b1, empty board: d2 e4 d6 b7 / f1 / c3 b5 / e4 g3 h1 / a3 b5 d6 f5 g3 f1 = 11 distinct squares; every"
     " octagon through b1 leaves the board, so no pass. K p1: 3. Total 14.",
     {"b1": "O", "p1": "K", "p16": "k"}, "w", "-", "-", "", 14),
    ("promotion-ten-kinds",
     "P e15: e16 and xd16, each with 10 promotions (Q R B N D W O A C S) = 20; K a1: 3. Total 23.",
     {"a1": "K", "p14": "k", "e15": "P", "d16": "r"}, "w", "-", "-", "", 23),
    ("start-moves-ep",
     "From the start: h2h8 (6 squares), ...g15g9 crossing g14..g10, so h9xg10 e.p. is available; castling rights intact.",
     None, "w", "KQkq", "-", "h2h8 a15a14 h8h9 g15g9", None),
]

FLEE_BASE = {"a1": "K", "a2": "P", "b2": "P", "p16": "k"}
FLEE_PAWNS = dict(FLEE_BASE, e8="P", d8="p", f8="p", e9="p", c10="p", g10="p")
FLEE_PROMO = dict(FLEE_BASE, e15="P", d16="r", k14="P")

FLEE = [
    ("king-through-attacked",
     "K a1 (queen slides + A N D leaps): rank 1 b1..o1 passing THROUGH e1 (rook e16 file) but not ending on e1,"
     " p1 is on the enemy king's file: 13; leaps b3 c2 a3 (3; c3 is on the p16 king's diagonal)."
     " P b2 is pinned by the enemy KING on the long diagonal: only c3 d4 e5 f6 (4). P a2: a3 b3 c4 d5 e6 (5). Total 25.",
     dict(FLEE_BASE, e16="r"), "w", "-", "-", "", 25),
    ("kings-lines",
     "K d1 vs k e16 only: every square on a line the enemy king sees (e-file, its diagonals) or in its 5x5 leap"
     " box is forbidden. Rank 1: 14 (not e1); d-file d2..d13 (12; d14 leap, d15 diagonal, d16 adjacent);"
     " up-left c2 b3 a4 (3); up-right 10 (not e2, l9); leaps c3 f2 b2 (3; e3 on the e-file). Total 42.",
     {"d1": "K", "e16": "k"}, "w", "-", "-", "", 42),
    ("knight-pinned-by-king",
     "After ...f16e16 the white knight e5 is pinned by the enemy king: only e3 e4 e6 e7 (4)."
     " K e1: rank 1 (15), e2 e3 e4 (shielded by the knight, 3), d2 c3 b4 a5 (4), f2..p12 (11), leaps d3 f3 c2 g2 (4) = 37. Total 41.",
     {"e1": "K", "e5": "N", "f16": "k"}, "b", "-", "-", "f16e16", 41),
    ("pawn-captures-all-directions",
     "P e8 captures sideways (d8, f8), straight ahead (e9) and diagonally at distance 2 (c10, g10, with d9/f9"
     " empty as plain moves): 7. K a1 17 (rank 1 b1..o1 + b3 c2 a3), a2 5, b2 pinned 4. Total 33.",
     FLEE_PAWNS, "w", "-", "-", "", 33),
    ("pawn-captures-black",
     "Colour mirror of pawn-captures-all-directions, Black to move: 33.",
     mirror(FLEE_PAWNS), "b", "-", "-", "", 33),
    ("guard-promotion",
     "P e15: e16=G, f16=G, xd16=G, d15, f15 (5). P k14: l15, m16=G (2-square diagonal), j15, i16=G, k15, j14, l14 (7)."
     " K a1: rank 1 minus d1 (rook d16 file) and p1 = 13, + b3 c2 a3 = 16; a2 5; b2 pinned 4. Total 37.",
     FLEE_PROMO, "w", "-", "-", "", 37),
    ("guard-promotion-black",
     "Colour mirror of guard-promotion, Black to move: 37.",
     mirror(FLEE_PROMO), "b", "-", "-", "", 37),
    ("guard-moves",
     "Guard h9 on an open board: 4 squares in each of 8 directions (32) + 8 knight leaps (A and D squares are"
     " already slide squares) = 40. K 17, a2 5, b2 4. Total 66.",
     dict(FLEE_BASE, h9="G"), "w", "-", "-", "", 66),
    ("start-moves-king-pin",
     "From the start: i2j3 opens the i-file up to Black's i15 pawn, which is now pinned by the White KING:"
     " of its moves only i15i14 stays legal (158 -> 149 for Black).",
     None, "w", "-", "-", "i2j3", None),
]

OB_PROMO = {"a1": "K", "p16": "k", "a11": "P", "c12": "P", "e13": "P", "g14": "P", "i15": "P",
            "h9": "S", "c14": "p", "m10": "P", "m11": "P", "m12": "P"}
OB_FLY = {"a1": "K", "h1": "FR", "e2": "P", "e3": "P", "e10": "k", "b5": "r"}

OVERBOARD = [
    ("start",
     "The second reconstruction of overboard.md's Setup, whose figures (119, 13973, 1815410) refperft.py"
     " reproduces. White's moves: Guard Pawns a4..o4 one step each (8); every Courier Pawn is shut in by the"
     " Guard Pawns diagonally in front of it (0); Hare a2-a3, Courier b2-a3 and b2xm13 (3); Flying Rook c1 c3"
     " and over c4 to c5..c12, xc13 (10); Elephant c2-c3 (1); Pegasus d1 c3 e3 (2); Flying Bishop g1 over f2"
     " to e3..a7 (5) and over h2 to i3..p10 (8); Camel g2, Zebra h2, Javelin i2 to f5 and h5/j5/l5 (6);"
     " Wonder j1 g3 h4 i3 j4 k3 l4 m3 (7); Ballista j2 j4 j5 (2); Prince k2 k3 j4 l4 (3); Flying Queen l1 over"
     " l2 l3 to l4..l13 and xl14 (11), p5, h5..a12 (9); Ski-Queen m1 m3, o3 p4, k3..a13 (14); Unicorn n1 m3"
     " then l4..xc13, o3 p4 (13); Monkey n2 n4 (over n3) o3 m3 (3); Osprey o1 o3 then p4 and n4..xe13 (12);"
     " Guard o2-o3, Chipmunk p2-o3 (2). Total 119.",
     None, "w", "-", "-", "", 119),
    ("nearest-non-friendly",
     "Monkey e5: N over e6 e7 to e8; NE over f6 to g7; f5 f4 e4 d6; W captures d5; SW run d4 c3 b2 + own KING a1"
     " reaches the edge: no move (7). Guard Pawns: e6->e8 (over e7), e7->e8, f6->f7, d4xd5, c3->c4, b2->b3 (6)."
     " K a1: a2 b1 (2). Total 15.",
     {"a1": "K", "p16": "k", "e5": "M", "e6": "P", "e7": "P", "f6": "P", "d4": "P", "c3": "P", "b2": "P",
      "d5": "p"}, "w", "-", "-", "", 15),
    ("as-far-as-possible",
     "Elephant e5: N captures e12; S to edge e1; E stops at g5 before own h5; W first square own: none;"
     " NE edge p16; NW edge a9; SE edge i1; SW stops at b2 before own king a1 (7). Hare d5: a5 d16 d1 (3)."
     " Courier h5: p13 a12 l1 d1 (4). K: a2 b1 b2 (3). Total 17.",
     {"a1": "K", "a16": "k", "e5": "E", "d5": "H", "h5": "CO", "e12": "p"}, "w", "-", "-", "", 17),
    ("flying-rook-moves",
     "Flying rook h1: b1..g1 i1..p1 h2..h16 (29). Guard Pawns e2->e4 (over e3), e3->e4 (2). K a1: a2 only"
     " (b1 b2 on the b5 rook's file) (1). Total 32.",
     OB_FLY, "w", "-", "-", "", 32),
    ("flying-check-through-friends",
     "After h1e1 the flying rook checks k e10 THROUGH its own pawns e2 e3. King d9 d10 d11 f9 f10 f11 (e9, e11"
     " on the file) (6); rook b5-e5 interposes (1). Total 7.",
     OB_FLY, "w", "-", "-", "h1e1", 7),
    ("osprey",
     "Osprey h8: h10 landing holds a friend (branch dead); h6 + i5 j4 k3 l2 m1, g5 own blocks the other"
     " diagonal (6); j8 enemy: capture only (1); f8 + e9..a12 (5) + e7..a3 (5) (11) = 18. Pawns h11 g6 (2); K 3. Total 23.",
     {"a1": "K", "p16": "k", "h8": "O", "h10": "P", "g5": "P", "j8": "p"}, "w", "-", "-", "", 23),
    ("condor",
     "Condor h8: j10 + k10..p10 (6) + j11 j12 xj13 (3) = 10; f10 own: dead; j6 enemy: capture only (1);"
     " f6 + e6..a6 (5) + f5..f1 (5) = 11. Total 22; pawn f10->f11 (1); K 3. Total 26.",
     {"a1": "K", "p16": "k", "h8": "X", "f10": "P", "j6": "p", "j13": "p"}, "w", "-", "-", "", 26),
    ("unicorn",
     "Unicorn h8 (knight leap then diagonal slide outward): open board 8 + 44 = 52; i10 own (loses i10 and 6"
     " slide squares), f7 enemy (capture only, loses 5) = 40. Pawn i11 (1), K 3. Total 44.",
     {"a1": "K", "p16": "k", "h8": "U", "i10": "P", "f7": "p"}, "w", "-", "-", "", 44),
    ("pegasus",
     "Pegasus h8 (knight leap then slide along the long leg): open 52; j9 own (loses 7), g6 enemy (capture only,"
     " loses g5..g1 = 5) = 40. Pawn j10 (1), K 3. Total 44.",
     {"a1": "K", "p16": "k", "h8": "F", "j9": "P", "g6": "p"}, "w", "-", "-", "", 44),
    ("titan-warrior-prince",
     "Titan h8: F g7(capture, ends) i7 g9 (i9 own); A j6 f10 (j10 via own i9 and f6 via the capture are lost);"
     " D h6 h10 f8 j8 (each has a second route) = 9. Warrior c5: W b5 c4 xd5 (c6 own); D a5 c3 (c7, e5 lost);"
     " F b6 b4 d4 (d6 needs c6 or d5: lost) = 8. Prince m5: K steps 6 (m6 n6 own); knight squares 7 (n7 needs"
     " m6 or n6 empty: lost) = 13. Pawns i10 c7 m7 n7 (4); K 3. Total 37.",
     {"a1": "K", "p16": "k", "h8": "T", "i9": "P", "g7": "p", "c5": "A", "c6": "P", "d5": "p",
      "m5": "I", "m6": "P", "n6": "P"}, "w", "-", "-", "", 37),
    ("ski-sliders",
     "Ski-Rook e5: jumps own e6 -> e7 e8 e9 xe10 (4); jumps ENEMY e4 (no capture) -> e3 e2 e1 (3); f5 -> g5..p5"
     " (10); d5 -> c5 b5 a5 (3) = 20. Ski-Bishop b1: c2 jumped -> d3, xe4 (2); a2 jumped, next off board (0)."
     " Pawn e6->e7 (1). K a1: a2 b2 (2). Total 25.",
     {"a1": "K", "p16": "k", "e5": "SR", "e6": "P", "e4": "p", "e10": "p", "b1": "SB"}, "w", "-", "-", "", 25),
    ("rhino-gryphon",
     "Rhinoceros e5: N dead (own e6); S e4 + f3 g2 h1 + d3 c2 b1 (7); E xf5 only (1); W d5 + c6 b7 a8 + c4 b3 a2 (7)"
     " = 15. Gryphon l12: m13 + n13..p13 + m14..m16 (7); k13 own: dead; m11 enemy: capture only (1);"
     " k11 + j11..a11 + k10..k1 (21) = 29. Pawns e6-e7 (1) and k13-k14 with optional =FQ (2), K 3. Total 50.",
     {"a1": "K", "p16": "k", "e5": "V", "e6": "P", "f5": "p", "l12": "Y", "k13": "P", "m11": "p"},
     "w", "-", "-", "", 50),
    ("promotion-white",
     "a11-a12 (or =SQ), c12-c13 (=Q), e13-e14 (=FQ), g14-g15 (=HQ): 2 each (8); i15-i16=W forced (1);"
     " courier pawn h9 crosses the whole zone to the edge o16=W (1) or runs to xc14 (=FQ optional, 2);"
     " m10, m11, m12 all land on m13 over their friends (=Q optional): 6; K 3. Total 21.",
     OB_PROMO, "w", "-", "-", "", 21),
    ("promotion-black",
     "Colour mirror of promotion-white (Black: rank 5 SQ, 4 Q, 3 FQ, 2 HQ, 1 W forced): 21.",
     mirror(OB_PROMO), "b", "-", "-", "", 21),
    ("start-courier-freed-white",
     "From the start, e4-e5 opens two Courier Pawns' diagonals: d3 runs e4..o14 and takes p15, optional =HQ"
     " (2); f3 runs to the edge a8 (1). e4 is now open to Pegasus d1, Knight f2 and Zebra h2 (3); Osprey o1's"
     " diagonal passes the empty e13 and takes d14 (1); Courier b2 stops at d4 behind e5 instead of taking"
     " m13, and e5-e6 replaces e4-e5 (0). 119 + 7 = 126. Black's e13-e12 frees its d14 and f14 for depth 2.",
     None, "w", "-", "-", "e4e5 e13e12", 126),
    ("start-courier-freed-black",
     "The same game a move later: j2-j5 touches no line of Black's, so Black's moves are the colour mirror of"
     " the case above: d14 takes p2, optional =HQ, f14 runs to a9: 126.",
     None, "w", "-", "-", "e4e5 e13e12 j2j5", 126),
    ("start-guard-jump-white",
     "Guard Pawn c4 jumps its own Flying Bishop c5 and Flying Rook c6 and takes the black Flying Rook c7 (1,"
     " instead of c4-c5). From the start's 119: Flying Bishop g1 (13) and Flying Rook c1 (10) have moved;"
     " Flying Bishop c5: b4 a3, b6 a7, d4 e3 and over f2 to g1, d6..j12 and xk13 (15); Flying Rook c6: rank 6"
     " (15), xc7, over c5 c4 to c3 and over c2 to c1 (18); the empty g1 and c1: Queen h1, Wonder j1 and"
     " Flying Queen l1 (over k1..h1) to g1, Flying Queen l1 (over f1..d1), Courier b2 and Elephant c2 to c1"
     " (6). 119 - 23 + 33 + 6 = 135.",
     None, "w", "-", "-", "g1c5 a13a12 c1c6 c16c7", 135),
    ("start-guard-jump-black",
     "The colour mirror for Black: Guard Pawn c13 jumps its own Flying Bishop c12 and Flying Rook c11 and"
     " takes the white Flying Rook c10. White's a4-a5-a6 changes no count of Black's (the Flying Queen l16's"
     " diagonal ends on the empty a5 where the mirror takes on a12): 135.",
     None, "w", "-", "-", "a4a5 g16c12 a5a6 c16c11 c1c10", 135),
    ("start-promotion-zone-white",
     "With e4 g4 i4 k4 advanced, freed Courier Pawns reach every optional rank: d3xp15 (=HQ optional), f3-a8"
     " and f3-p13 (=Q), h3-a10 and h3-p11, j3-a12 (=SQ) and j3-p9, l3-a14 (=FQ): 12 more than the start's"
     " 119. e4 g4 i4 k4 now open: Pegasus d1 e4, Knight f2 e4 g4, Zebra h2 e4 k4, Javelin i2 g4 k4, Wonder"
     " j1 g4 i4 k4, Flying Queen l1 i4 (11). Lost behind the pawns on rank 5: Flying Bishop g1 k5 (1),"
     " Ski-Queen m1 i5..a13 (9), Unicorn n1 k5..c13 (9); Courier b2 stops at d4 instead of taking m13 (0)."
     " Black's moves stay on ranks 14-16 and change nothing for White. 119 + 12 + 11 - 19 = 123.",
     None, "w", "-", "-", "e4e5 k15k14 g4g5 c15c14 i4i5 d16e14 k4k5 n15m14", 123),
    ("start-promotion-zone-black",
     "The colour mirror for Black (rank 5 SQ, 4 Q, 3 FQ, 2 HQ): d14xp2 (=HQ), f14-a9 and f14-p4 (=Q),"
     " h14-a7 and h14-p6, j14-a5 (=SQ) and j14-p8, l14-a3 (=FQ); White's moves stay on ranks 1-3 and change"
     " nothing for Black: 123.",
     None, "w", "-", "-", "k2k3 e13e12 c2c3 g13g12 d1e3 i13i12 n2m3 k13k12 j1i3", 123),
    ("start-wonder-white",
     "The black Monkey jumped n14 to n13, leaving n15 empty: Courier Pawn b3 runs c4..m14 over n15 and takes"
     " the Osprey o16, promoting to the Wonder only (1, no plain move); d3 runs to a6 (1) or takes the Monkey"
     " n13, optional =Q (2); f3-a8 (1). c4 and e4 open: Pegasus d1 c4 e4, Knight f2 e4, Zebra h2 e4 (4);"
     " Flying Bishop g1 loses c5 (1); Elephant c2 slides to c4 instead of c3, Flying Rook c1 stops on c4"
     " instead of c5, Courier b2 stops at d4 instead of taking m13 (0). 119 + 5 + 4 - 1 = 127.",
     None, "w", "-", "-", "c4c5 n15n13 e4e5 j15j12", 127),
    ("start-wonder-black",
     "The colour mirror for Black: b14 takes o1 as a Wonder only, d14-a11, d14xn4 (=Q optional), f14-a9;"
     " White's j2-j5 and k2-k3 change nothing for Black: 127.",
     None, "w", "-", "-", "j2j5 c13c12 n2n4 e13e12 k2k3", 127),
]

ALL = {"xhess": XHESS, "really-big-board": RBB, "flee": FLEE, "overboard": OVERBOARD}


def make_fen(v, pcs, side, castle, ep):
    b = [None] * (v.W * v.H)
    for sq, code in pcs.items():
        b[R.parse_sq(v, sq)] = (R.WHITE if code.isupper() else R.BLACK, code.upper())
    f = R.to_fen(R.Pos(v, b, 0, frozenset(), ())).split()
    f[1], f[2], f[3] = side, castle, ep
    return " ".join(f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--maxd3", type=int, default=30000)
    ap.add_argument("--only", help="one variant")
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    for name, positions in ALL.items():
        if a.only and a.only != name:
            continue
        v = R.VARIANTS[name]
        lines = [
            "# %s perft positions. Format: LABEL ; FEN ; MOVES ; D1 N ; D2 N [; D3 N] ; src SOURCE" % name,
            "# MOVES are played from FEN before counting. Generated by tests/reference/make_epd.py.",
        ]
        if name in START:
            d = START[name]
            lines += [
                "# Start position, numbers from the issue table (Fairy-Stockfish and another independent"
                " implementation); refperft.py reproduces all three.",
                "start ; %s ; - ; D1 %d ; D2 %d ; D3 %d ; src issue table (Fairy-Stockfish + independent"
                " implementation), refperft.py agrees" % (v.start, d[0], d[1], d[2]),
            ]
        for label, comment, pcs, side, castle, ep, moves, hand in positions:
            fen = v.start if pcs is None else make_fen(v, pcs, side, castle, ep)
            pos = R.parse_fen(v, fen)
            for t in moves.split():
                pos = R.make_move(pos, R.find_move(pos, t))
            d1 = R.perft(pos, 1)
            if hand is not None and hand != d1:
                raise SystemExit("%s %s: hand count %d but refperft %d" % (name, label, hand, d1))
            d2 = R.perft(pos, 2)
            fields = [label, fen, moves or "-", "D1 %d" % d1, "D2 %d" % d2]
            if d2 <= a.maxd3:
                fields.append("D3 %d" % R.perft(pos, 3))
            fields.append("src refperft.py" + (" + hand (d1)" if hand is not None else ""))
            lines.append("# " + label + ": " + comment)
            lines.append(" ; ".join(fields))
            print(name, " ; ".join(fields), file=sys.stderr)
        with open(os.path.join(OUT, name + ".epd"), "w") as fh:
            fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
