//! Capture mechanisms of a kind's own moves (`{withdraw}`, `{approach}`,
//! `{overtake}`, `{coord}`, `{custodial}`, `{shoot}`, `{swap}`,
//! `{destroy}`): what such a move takes depends on the men round it, so
//! none of it is in the compiled tables.
//!
//! Rows of the family contract (docs/architecture.md, "The family
//! contract") it fills: the moves' effects ([`victims`]: the men a move to
//! an empty square takes; [`actions`]: shots, swaps and destruction) and
//! "could this man remove that one" ([`takes`], asked of each mechanism's
//! geometry). Its state (the swap ban, `swap_ban_key`) and its play step
//! are the position's (`crate::rules::position`); its legality shortcut is
//! `mech_men` in `Position::tables_decide` (`crate::rules::walk::decide`).

use crate::betza::{Dir, RING, mech};
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind, cell_color};
use crate::movement::{ENEMY, FRIEND, for_each_destination};
use crate::rules::mechanisms::lines::{multiple, within};
use crate::rules::mechanisms::{aura, lines};
use crate::rules::position::{Position, swap_pair};

/// The men a move of a man of `kind` and `us` from `from` to the empty
/// square `to` takes by the mechanisms of `kind` itself, on the board
/// before the move: every mechanism of a line the move runs along
/// (compulsory), enemies that are immune left standing.
pub(crate) fn victims(pos: &Position, from: Square, to: Square, kind: Kind, us: Color) -> Vec<Square> {
    let km = lines::mechanics_of(pos, kind);
    let mut out = Vec::new();
    if km.bits & mech::MOVING == 0 {
        return out;
    }
    let g = pos.variant.geometry;
    let s = if us == 0 { 1 } else { -1 };
    let (dx, dy) = ((g.file(to) - g.file(from)) * s, (g.rank(to) - g.rank(from)) * s);
    let enemy = |sq: Square| {
        sq != from && lines::holds(pos, sq, us ^ 1) && !aura::immune(pos, sq, us ^ 1, lines::mover_kind(pos, from))
    };
    // A friend after the move: the mover's old square is empty then.
    let friend = |sq: Square| sq == to || (sq != from && lines::holds(pos, sq, us));
    for line in km.lines_with(mech::MOVING) {
        for &v in &line.vectors {
            let Some(n) = multiple(dx, dy, v).filter(|&n| within(line.range, n)) else {
                continue;
            };
            if line.bits & mech::WITHDRAW != 0
                && let Some(b) = lines::toward(pos, from, (-v.0, -v.1), us)
                && enemy(b)
            {
                out.push(b);
            }
            if line.bits & mech::APPROACH != 0
                && let Some(a) = lines::toward(pos, to, v, us)
                && enemy(a)
            {
                out.push(a);
            }
            if line.bits & mech::OVERTAKE != 0 {
                let mut sq = from;
                for _ in 1..n {
                    sq = lines::toward(pos, sq, v, us).expect("between two squares of the board");
                    if enemy(sq) {
                        out.push(sq);
                    }
                }
            }
            if line.bits & mech::CUSTODIAL != 0 {
                for &u in &line.vectors {
                    if let Some(a) = lines::toward(pos, to, u, us)
                        && let Some(b) = lines::toward(pos, a, u, us)
                        && enemy(a)
                        && friend(b)
                    {
                        out.push(a);
                    }
                }
            }
            if line.bits & mech::COORD != 0 {
                for k in lines::coordinating_kings(pos, us) {
                    for (f, r) in [(g.file(to), g.rank(k)), (g.file(k), g.rank(to))] {
                        if let Some(sq) = g.square(f, r)
                            && enemy(sq)
                        {
                            out.push(sq);
                        }
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The move of a man of `kind` and `us` from `from` to the empty square
/// `to`: an [`MoveKind::Effect`] when its mechanisms take men.
pub(crate) fn moving(pos: &Position, from: Square, to: Square, kind: Kind, us: Color) -> Move {
    let kind_of_move = if victims(pos, from, to, kind, us).is_empty() {
        MoveKind::Normal
    } else {
        MoveKind::Effect
    };
    Move {
        kind: kind_of_move,
        ..Move::normal(from, to)
    }
}

/// The landing squares of the `{overtake}` lines of the man on `from`.
pub(crate) fn overtake_landings(pos: &Position, from: Square, kind: Kind, us: Color, mut found: impl FnMut(Square)) {
    for line in lines::mechanics_of(pos, kind).lines_with(mech::OVERTAKE) {
        for &v in &line.vectors {
            overtake_line(pos, from, us, v, line.range, None, |sq, jumped| {
                if !jumped {
                    found(sq);
                }
                false
            });
        }
    }
}

/// Walks an `{overtake}` line `v` from `from`: over empty squares
/// (`visit(sq, false)`: a landing) and single enemies each followed by
/// an empty square (`visit(sq, true)`: a man leapt), never over a
/// friend, an immune man or two men in a row; stops when `visit`
/// returns true, and tells whether it did. The man on `target`, if
/// any, counts as an enemy open to capture (an attack test asks about
/// a square, whoever stands there).
fn overtake_line(
    pos: &Position,
    from: Square,
    us: Color,
    v: Dir,
    range: u8,
    target: Option<Square>,
    mut visit: impl FnMut(Square, bool) -> bool,
) -> bool {
    let mut sq = from;
    let mut n = 0;
    while let Some(next) = lines::toward(pos, sq, v, us) {
        n += 1;
        if !within(range, n) {
            return false;
        }
        sq = next;
        let c = pos.board[sq as usize];
        let jumped = c != EMPTY;
        if jumped {
            let jumpable = (Some(sq) == target
                || (cell_color(c) != us && !aura::immune(pos, sq, us ^ 1, lines::mover_kind(pos, from))))
                && lines::toward(pos, sq, v, us)
                    .is_some_and(|b| pos.board[b as usize] == EMPTY && within(range, n + 1));
            if !jumpable {
                return false;
            }
        }
        if visit(sq, jumped) {
            return true;
        }
    }
    false
}

/// Is an enemy of `us` on `target` (`shooter` aside) in sight of a
/// spotter of `us`: a man of `us` on one of the eight squares round it,
/// or two squares from it on an open line?
fn spotted(pos: &Position, target: Square, us: Color, shooter: Square) -> bool {
    let g = pos.variant.geometry;
    RING.iter().any(|&(dx, dy)| {
        let Some(near) = g.offset(target, dx, dy) else {
            return false;
        };
        if near != shooter && lines::holds(pos, near, us) {
            return true;
        }
        pos.board[near as usize] == EMPTY
            && g.offset(near, dx, dy)
                .is_some_and(|far| far != shooter && lines::holds(pos, far, us))
    })
}

/// The first square on each line of `bits` from `from` that holds a
/// man (or is `target`), with its distance.
fn first_men(
    pos: &Position,
    from: Square,
    kind: Kind,
    us: Color,
    bits: u16,
    target: Option<Square>,
    mut found: impl FnMut(Square, i32, u16),
) {
    for line in lines::mechanics_of(pos, kind).lines_with(bits) {
        for &v in &line.vectors {
            let mut sq = from;
            let mut n = 0;
            while let Some(next) = lines::toward(pos, sq, v, us) {
                n += 1;
                if !within(line.range, n) {
                    break;
                }
                sq = next;
                if pos.board[sq as usize] != EMPTY || Some(sq) == target {
                    found(sq, n, line.bits);
                    break;
                }
            }
        }
    }
}

/// Shots, swaps and mutual destruction of the man on `from`.
pub(crate) fn actions(pos: &Position, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
    let royal = pos.variant.pieces[kind].royal;
    first_men(
        pos,
        from,
        kind,
        us,
        mech::SHOOT | mech::SWAP | mech::DESTROY,
        None,
        |sq, n, bits| {
            let enemy = !lines::holds(pos, sq, us) && !aura::immune(pos, sq, us ^ 1, lines::mover_kind(pos, from));
            let make = |kind| Move {
                kind,
                ..Move::normal(from, sq)
            };
            if bits & mech::SHOOT != 0 && enemy && (n <= 2 || spotted(pos, sq, us, from)) {
                out.push(make(MoveKind::Shoot));
            }
            if bits & mech::SWAP != 0 && pos.swap_ban != swap_pair(from, sq) {
                out.push(make(MoveKind::Swap));
            }
            // Never the mover's own royal (it would leave the board).
            if bits & mech::DESTROY != 0 && enemy && !royal {
                out.push(make(MoveKind::Destroy));
            }
        },
    );
}

/// Could the man of `kind` and `by` on `from` remove `target` by one of
/// its mechanisms? Asked of each mechanism's geometry directly (a
/// kind confined to a region walks its moves instead).
#[inline(never)]
pub(crate) fn takes(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    takes_but(pos, from, kind, by, target, 0)
}

/// [`takes`] by the mechanisms not in `except`.
pub(crate) fn takes_but(pos: &Position, from: Square, kind: Kind, by: Color, target: Square, except: u16) -> bool {
    if pos.variant.pieces[kind].region.is_some() {
        return takes_by_moves(pos, from, kind, by, target);
    }
    let km = lines::mechanics_of(pos, kind);
    let royal = pos.variant.pieces[kind].royal;
    let empty = |sq: Square| pos.board[sq as usize] == EMPTY;
    let g = pos.variant.geometry;
    let sign = if by == 0 { 1 } else { -1 };
    let (dx, dy) = (
        (g.file(target) - g.file(from)) * sign,
        (g.rank(target) - g.rank(from)) * sign,
    );
    let aligned = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if km.king_lines && !aligned && km.bits & (mech::COORD | mech::CUSTODIAL) == 0 {
        return false;
    }
    for line in &km.lines {
        let bits = line.bits & !except;
        if bits & (mech::WITHDRAW | mech::APPROACH | mech::OVERTAKE | mech::SHOOT | mech::DESTROY) != 0
            && (aligned || !km.king_lines)
        {
            for &v in &line.vectors {
                // Withdrawal takes the man just behind the mover; the
                // rest take only on the move's own line.
                if bits & mech::WITHDRAW != 0
                    && multiple(dx, dy, (-v.0, -v.1)) == Some(1)
                    && lines::toward(pos, from, v, by).is_some_and(empty)
                {
                    return true;
                }
                if multiple(dx, dy, v).is_none() {
                    continue;
                }
                if bits & (mech::APPROACH | mech::SHOOT | mech::DESTROY) != 0 {
                    // The first man on the line, `n` squares away.
                    let mut sq = from;
                    let mut n = 0;
                    while let Some(next) = lines::toward(pos, sq, v, by) {
                        n += 1;
                        sq = next;
                        if sq == target || !empty(sq) {
                            break;
                        }
                    }
                    if sq == target && n > 0 {
                        let approach = bits & mech::APPROACH != 0 && n >= 2 && within(line.range, n - 1);
                        let shot = bits & mech::SHOOT != 0
                            && within(line.range, n)
                            && (n <= 2 || spotted(pos, target, by, from));
                        let destroy = bits & mech::DESTROY != 0 && within(line.range, n) && !royal;
                        if approach || shot || destroy {
                            return true;
                        }
                    }
                }
                if bits & mech::OVERTAKE != 0 && overtakes_on(pos, from, by, v, line.range, target) {
                    return true;
                }
            }
        }
        if bits & mech::CUSTODIAL != 0 {
            for &u in &line.vectors {
                if let Some(to) = lines::toward(pos, target, (-u.0, -u.1), by)
                    && let Some(beyond) = lines::toward(pos, target, u, by)
                    && beyond != from
                    && lines::holds(pos, beyond, by)
                    && line_reaches(pos, from, to, line.range, &line.vectors, by)
                {
                    return true;
                }
            }
        }
        if bits & mech::COORD != 0 && coordinates_on(pos, from, by, line.range, &line.vectors, target) {
            return true;
        }
    }
    false
}

/// Does the `{overtake}` line `v` from `from` jump `target`?
fn overtakes_on(pos: &Position, from: Square, by: Color, v: Dir, range: u8, target: Square) -> bool {
    overtake_line(pos, from, by, v, range, Some(target), |sq, jumped| {
        jumped && sq == target
    })
}

/// Does a move along one of `vectors` (within `range`) take the man
/// from `from` to the empty square `to` over empty squares?
fn line_reaches(pos: &Position, from: Square, to: Square, range: u8, vectors: &[Dir], by: Color) -> bool {
    if to == from || pos.board[to as usize] != EMPTY {
        return false;
    }
    let g = pos.variant.geometry;
    let s = if by == 0 { 1 } else { -1 };
    let (dx, dy) = ((g.file(to) - g.file(from)) * s, (g.rank(to) - g.rank(from)) * s);
    vectors.iter().any(|&v| {
        multiple(dx, dy, v).is_some_and(|n| {
            within(range, n) && {
                let mut sq = from;
                (1..n).all(|_| {
                    sq = lines::toward(pos, sq, v, by).expect("between two squares of the board");
                    pos.board[sq as usize] == EMPTY
                })
            }
        })
    })
}

/// Does a `{coord}` move of the man on `from` along `vectors` take
/// `target` (on its new file and a king's rank, or its new rank and a
/// king's file)?
fn coordinates_on(pos: &Position, from: Square, by: Color, range: u8, vectors: &[Dir], target: Square) -> bool {
    let g = pos.variant.geometry;
    let (tf, tr) = (g.file(target), g.rank(target));
    let (mut on_file, mut on_rank) = (false, false);
    for k in lines::coordinating_kings(pos, by) {
        on_file |= g.rank(k) == tr;
        on_rank |= g.file(k) == tf;
    }
    if !on_file && !on_rank {
        return false;
    }
    vectors.iter().any(|&v| {
        let mut sq = from;
        let mut n = 0;
        while let Some(next) = lines::toward(pos, sq, v, by) {
            n += 1;
            if !within(range, n) || pos.board[next as usize] != EMPTY {
                return false;
            }
            sq = next;
            if (on_file && g.file(sq) == tf) || (on_rank && g.rank(sq) == tr) {
                return true;
            }
        }
        false
    })
}

/// [`takes`] by walking the man's moves.
fn takes_by_moves(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    let km = lines::mechanics_of(pos, kind);
    let mut hit = false;
    if km.bits & (mech::SHOOT | mech::DESTROY) != 0 {
        let royal = pos.variant.pieces[kind].royal;
        first_men(
            pos,
            from,
            kind,
            by,
            mech::SHOOT | mech::DESTROY,
            Some(target),
            |sq, n, bits| {
                hit |= sq == target
                    && ((bits & mech::SHOOT != 0 && (n <= 2 || spotted(pos, sq, by, from)))
                        || (bits & mech::DESTROY != 0 && !royal));
            },
        );
    }
    if hit || km.bits & mech::MOVING == 0 {
        return hit;
    }
    let takes_on = |to: Square| victims(pos, from, to, kind, by).contains(&target);
    if km.bits & mech::OVERTAKE != 0 {
        overtake_landings(pos, from, kind, by, |to| hit |= takes_on(to));
    }
    if !hit {
        empty_destinations(pos, from, kind, by, |to| hit |= takes_on(to));
    }
    hit
}

/// The empty squares the compiled moves of a man of `kind` and `by` on
/// `from` reach, whoever is to move.
pub(crate) fn empty_destinations(pos: &Position, from: Square, kind: Kind, by: Color, mut found: impl FnMut(Square)) {
    let t = &pos.variant.tables;
    let (_, nodes) = pos.program_nodes(t.program_index(kind, by, from), kind, by, from);
    let class_of = |sq: Square| {
        let c = pos.board[sq as usize];
        if c == EMPTY {
            crate::movement::EMPTY
        } else if cell_color(c) == by {
            FRIEND
        } else {
            ENEMY
        }
    };
    for_each_destination(nodes, class_of, |to, cls| {
        if cls == crate::movement::EMPTY {
            found(to);
        }
    });
}
