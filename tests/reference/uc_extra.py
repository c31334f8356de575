#!/usr/bin/env python3
"""The UC-170-17 kinds `uc_moves.py` / `uc_mech.py` / `uc_perft.py` leave
out, and the last-turn state they need, written from `docs/variants/uc-170-17-readings.md`
table B (rows 17, 144-147, 167) and `docs/variants/uc-170-17-game-rules.md` section 9
("Hurdle effects", "Borrowed powers", "Last-turn facts") -- NOT from the
engine.  Importing this module registers the kinds in `uc_mech.GEN` and
replaces `uc_mech.play` with one that also plays their moves, so
`uc_perft`, `uc_borrow` and the Chameleon see them.

- Ubi-Ubi (17, `UB`): any chain of knight leaps whose landings before the
  last are empty; it ends on any square so reached but its start; it
  takes only the enemy man that captured on the opponent's last turn,
  where that man now stands (landing on it).
- Andernach (144), Einstein (145), Circe (146) and Andernach-Einstein-
  Circe (147) Grasshoppers: a queen-line hop over the first man to the
  square just beyond (empty, or an enemy taken there); then, on the
  hurdled man, in this order: colour change (144, 147; not a royal);
  kind change (145, 147; not a royal, not a 145/147): one step down the
  value ladder after a non-capture, one step up after a capture, no change
  at either end; rebirth (146, 147): to its rebirth square, where its kind
  and colour stood in the game's setup (`home`), else -- a man with no
  such square -- to any empty square of its owner's first rank (a piece)
  or second rank (a pawn), chosen by the mover (one move per choice);
  a man already on its rebirth square stays; an occupied rebirth square
  (or no empty square to choose) removes it from the game, and a royal so
  removed is captured.
- Jester (167, `JE`): moves as the kind the opponent moved on the last
  turn, in the Jester's orientation and with that kind's capture
  mechanism; it captures only if that move captured; copying any pawn
  kind, only its one-square moves; no move at the game's start, nor when
  the last kind moved was a Jester, Orphan or Friend.

Readings chosen where the texts leave a case open:
E1. The value ladder: the non-royal kinds on the play board after the
    hop's own capture (both sides, pieces and pawns), ordered by the
    definition's `value` (`src/variants/uc-170-17.toml`; docs/variants/uc-170-17-game-rules.md section 9
    names that table as the ladder), ties by rules-file number, pieces
    before pawns.  A step that would give a pawn kind on its owner's last
    rank is not made (docs/variants/uc-170-17-game-rules.md section 6: no change).
E2. The hurdle effects are not captures: a man recoloured, changed or
    moved home is not a victim; a non-royal man removed because its
    rebirth square is occupied is no victim either (an absolute loss,
    section 4); a royal so removed is a victim (it is captured, R6).
E3. Borrowed powers (Orphan, Friend, Orphan Pawn) and the Jester's copy of
    a Grasshopper carry its hurdle effects; a Chameleon takes an enemy
    Grasshopper by that Grasshopper's hop landing on it and an enemy
    Ubi-Ubi by its chain (only where that Ubi-Ubi captured last turn),
    without hurdle effects (effects are not capture mechanisms).
E4. Last turn: (kind moved, its colour, whether the move captured, the
    capturer's square after it).  An Ubi-Ubi or a Jester attacks (R6) as
    it would move now with the position's last turn read from its side:
    after its own side's turn it copies nothing and takes nothing.  A
    position from text has no last turn.
E5. A Jester copying a kind that moves by several programs keeps every
    move of them that takes nothing (if the last turn took nothing), a
    swap included; copying an Anti-King it steps as one.

Moves are uc_mech's (from, to, how, victims); a hop's `how` is
('hop', hurdle, square the hurdled man ends on or None, its cell after).
"""

import os
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uc_mech as M  # noqa: E402
import uc_moves as U  # noqa: E402
import uc_perft as P  # noqa: E402
import uc_borrow as B  # noqa: E402

UBI = ('piece', 17)
ANDERNACH, EINSTEIN, CIRCE, AEC = (('piece', n) for n in (144, 145, 146, 147))
JESTER = M.JESTER
EFFECTS = {ANDERNACH: 'A', EINSTEIN: 'E', CIRCE: 'C', AEC: 'AEC'}

# The position's last turn and the game's home squares, set by the
# caller around every generation (uc_mech's positions carry neither).
CTX = {'last': None, 'home': {}}


class Context:
    """The last turn, and where given the home squares and the sides whose
    pawn kinds may not enter their last rank (uc_mech.CTX), in force for
    the generations and attack tests inside it."""

    def __init__(self, last, home=None, barred=None):
        self.last, self.home, self.barred = last, home, barred

    def __enter__(self):
        self.saved = dict(CTX)
        self.saved_m = dict(M.CTX)
        CTX['last'] = self.last
        if self.home is not None:
            CTX['home'] = self.home
        if self.barred is not None:
            M.CTX['barred'] = self.barred

    def __exit__(self, *a):
        CTX.update(self.saved)
        M.CTX.update(self.saved_m)


def _values():
    lib = tomllib.load(open(P.LIB, 'rb'))
    by_name = {v: ('piece', k) for k, v in U.PIECE_NAMES.items()}
    by_name.update({v: ('pawn', k) for k, v in U.PAWN_NAMES.items()})
    return {by_name[p['name']]: p['value'] for p in lib['piece']}


VALUE = _values()


def ladder_key(kind):
    return (VALUE[kind], 0 if kind[0] == 'piece' else 1, kind[1])


last_rank = M.last_rank


# ---------------------------------------------------------------------------
# Ubi-Ubi


def ubi_ubi(pos, s, colour, kind):
    last = CTX['last']
    target = None
    if last is not None and last[3] is not None and pos.enemy(last[3], colour):
        target = last[3]
    seen, frontier = {s}, [s]
    out = set()
    while frontier:
        nxt = []
        for q in frontier:
            for v in U.NV:
                t = U.add(q, v)
                if not U.on(t) or t in seen:
                    continue
                if t in pos.board:
                    if t == target and pos.takes(t, colour, kind):
                        out.add((s, t, 'move', frozenset([t])))
                    continue
                seen.add(t)
                nxt.append(t)
                out.add((s, t, 'move', frozenset()))
        frontier = nxt
    return out


# ---------------------------------------------------------------------------
# Grasshoppers with hurdle effects


def rebirths(board, cell, h):
    """Where the hurdled man (as `cell`, on h in `board`, the board after
    the hop) goes: a list of squares, or [None] when it leaves the game."""
    kind, colour, _ = cell
    home = CTX['home'].get((kind, colour))
    if home is not None:
        if home == h:
            return [h]
        return [home] if home not in board else [None]
    rank = (0 if kind[0] == 'piece' else 1)
    y = rank if colour == 'w' else 7 - rank
    free = [(x, y) for x in range(8) if (x, y) not in board or (x, y) == h]
    # The man's own square counts as empty: it leaves it to be reborn.
    return free or [None]


def einstein_step(board, cell, h, up):
    kind, colour, royal = cell
    ladder = sorted({k for k, _, r in board.values() if not r}, key=ladder_key)
    i = ladder.index(kind)
    j = i + (1 if up else -1)
    if not 0 <= j < len(ladder):
        return cell
    new = ladder[j]
    if new[0] == 'pawn' and h[1] == last_rank(colour):
        return cell
    return (new, colour, False)  # the ladder holds no royal kind


def hopper(effects):
    def gen(pos, s, colour, kind):
        out = set()
        for v in U.K:
            h = M.first_man(pos, s, v)
            if h is None:
                continue
            t = U.add(h, v)
            if not U.on(t):
                continue
            if t in pos.board and not pos.takes(t, colour, kind):
                continue
            took = t in pos.board
            after = dict(pos.board)
            man = after.pop(s)
            after.pop(t, None)
            after[t] = man
            cell = after[h]
            royal = bool(cell[2])
            if 'A' in effects and not royal:
                cell = (cell[0], M.other(cell[1]), cell[2])
            if 'E' in effects and not royal and cell[0] not in (EINSTEIN, AEC):
                after[h] = cell
                cell = einstein_step(after, cell, h, took)
            after[h] = cell
            dests = rebirths(after, cell, h) if 'C' in effects else [h]
            for d in dests:
                victims = {t} if took else set()
                if d is None and royal:
                    if cell[1] == colour:
                        continue  # R7: never the mover's own royal
                    victims.add(h)
                out.add((s, t, ('hop', h, d, cell), frozenset(victims)))
        return out
    return gen


# ---------------------------------------------------------------------------
# Jester

NO_COPY = {JESTER, M.ORPHAN, M.FRIEND}


def copied_moves(pos, s, colour, power):
    if power == P.ANTI_KING:
        return P.anti_king(pos, s, colour)
    if power == P.WUSS:
        return M.quiet_queen(pos, s, colour, power)
    return B.power_moves(pos, s, colour, power)


def jester(pos, s, colour, kind):
    last = CTX['last']
    if last is None or last[1] == colour or last[0] in NO_COPY:
        return set()
    power, _, took, _ = last
    out = set()
    for m in copied_moves(pos, s, colour, power):
        frm, to, how, victims = m
        if not took and (victims or how in ('shoot', 'destroy')):
            continue
        if power[0] == 'pawn' and max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
            continue
        out.add(m)
    return out


# ---------------------------------------------------------------------------
# The Chameleon takes these kinds by their own captures (E3).

_chameleon = M.GEN[M.CHAMELEON]


def chameleon(pos, s, colour, kind):
    out = _chameleon(pos, s, colour, kind)
    for vk in sorted({m[0] for m in pos.board.values() if m[1] != colour}):
        if vk not in (UBI, ANDERNACH, EINSTEIN, CIRCE, AEC):
            continue
        for frm, to, how, victims in M.GEN[vk](pos, s, colour, M.CHAMELEON):
            if victims and all(pos.board[c][0] == vk for c in victims) and to in victims:
                out.add((s, to, 'move', frozenset(victims)))
    return out


M.GEN[UBI] = ubi_ubi
for _k, _e in EFFECTS.items():
    M.GEN[_k] = hopper(_e)
M.GEN[JESTER] = jester
# uc_perft writes these two; uc_borrow asks uc_mech for every man's moves.
M.GEN[P.WUSS] = M.quiet_queen
M.GEN[P.ANTI_KING] = lambda pos, s, colour, kind: P.anti_king(pos, s, colour)
M.GEN[M.CHAMELEON] = chameleon

_play = M.play


def play(board, move):
    frm, to, how, victims = move
    if isinstance(how, tuple):
        _, h, d, cell = how
        nb = dict(board)
        man = nb.pop(frm)
        for v in victims:
            nb.pop(v, None)
        nb[to] = man
        nb.pop(h, None)
        if d is not None:
            nb[d] = cell
        return nb, None
    return _play(board, move)


M.play = play


def fmt(move):
    frm, to, how, victims = move
    if isinstance(how, tuple):
        _, h, d, cell = how
        how = f"hop:{U.name(h)}>{U.name(d) if d else 'out'}:{cell[0][0][:2]}{cell[0][1]}{cell[1]}"
    return M.fmt((frm, to, how, victims))


# ---------------------------------------------------------------------------
# The last turn a move leaves, and legality with the last turn in force.


def last_after(board, move):
    """(kind moved, its colour, took, capturer's square) of `move`."""
    frm, to, how, victims = move
    kind, colour, _ = board[frm]
    enemy_victims = [v for v in victims if board[v][1] != colour]
    took = bool(enemy_victims) or how == 'destroy'
    if how == 'shoot':
        cap = frm
    elif how == 'destroy' or not took:
        cap = None
    else:
        cap = to
    return (kind, colour, took, cap)


def attacked_royal(board, colour, last):
    with Context(last):
        return P.attacked_royal(board, colour)


def _check():
    """The readings' counts for these kinds (table B rows 17, 167) and a
    hurdle effect of each Grasshopper."""
    KB = ("piece", 1)

    def moves(board, s, last=None, home=None):
        with Context(last, home or {}):
            return P.man_moves(P.Pos(board), s)
    kings = {(7, 0): (KB, 'w', True), (7, 7): (KB, 'b', True)}
    ub = {**kings, (3, 3): (UBI, 'w', False)}
    assert len(moves(ub, (3, 3))) == 63 - 2, 'Ubi-Ubi d4 (63 less the two King squares)'
    ub = {**kings, (0, 0): (UBI, 'w', False), (1, 2): (('piece', 3), 'w', False),
          (2, 1): (('piece', 3), 'w', False)}
    assert not moves(ub, (0, 0)), 'Ubi-Ubi a1 shut in'
    ub[(2, 1)] = (('piece', 3), 'b', False)
    ub[(1, 2)] = (('piece', 4), 'b', False)
    got = moves(ub, (0, 0), last=(('piece', 3), 'b', True, (2, 1)))
    assert {m[1] for m in got} == {(2, 1)}, got
    je = {(0, 0): (KB, 'w', True), (7, 7): (KB, 'b', True), (3, 3): (JESTER, 'w', False)}
    assert len(moves(je, (3, 3), last=(('piece', 5), 'b', False, None))) == 8, 'Jester as Knight'
    assert not moves(je, (3, 3)), 'Jester at the start'
    # Andernach: the hurdled Blue Rook turns White.
    gh = {**kings, (3, 0): (ANDERNACH, 'w', False), (3, 1): (('piece', 3), 'b', False)}
    hop = [m for m in moves(gh, (3, 0)) if m[1] == (3, 2)]
    assert len(hop) == 1 and M.play(gh, hop[0])[0][(3, 1)][1] == 'w'
    # Circe: a man on its home stays; elsewhere it goes home.
    gh = {**kings, (3, 0): (CIRCE, 'w', False), (3, 1): (('piece', 3), 'b', False)}
    hop = [m for m in moves(gh, (3, 0), home={(('piece', 3), 'b'): (0, 7)}) if m[1] == (3, 2)]
    assert len(hop) == 1 and M.play(gh, hop[0])[0][(0, 7)][0] == ('piece', 3)
    # Einstein: a non-capture steps the hurdled man down the ladder.
    gh = {**kings, (3, 0): (EINSTEIN, 'w', False), (3, 1): (('piece', 2), 'b', False),
          (5, 5): (('piece', 3), 'b', False)}
    hop = [m for m in moves(gh, (3, 0)) if m[1] == (3, 2)]
    lower = [k for k in (('piece', 3), EINSTEIN) if ladder_key(k) < ladder_key(('piece', 2))]
    want = max(lower, key=ladder_key) if lower else ('piece', 2)
    assert M.play(gh, hop[0])[0][(3, 1)][0] == want
    print('uc_extra: checks pass')


if __name__ == '__main__':
    _check()
