//! Hurdle effects: what a hopper's leap does to the man it leaps, its
//! screen (NOTATION.md, "Hurdle effects"). In the order of the tags:
//! `{andernach}` changes the screen's side, `{einstein}` moves it one step
//! on the value ladder of the kinds on the board, `{circe}` rebirths it.
//!
//! Rebirth: the man (as the other effects left it) goes to its home
//! square, where a man of its kind and colour stood in the game's setup
//! (`Position::home`; of several, the one on the screen's file, else of
//! its square colour, else the nearest, else the first); a man with no home
//! square (dropped, promoted, changed) goes to an empty square of its
//! owner's first rank (second for a pawn kind), chosen by the mover: one
//! move per square, the file in the move's `aux`. Squares are judged once
//! the hop is made (its start empty, its landing taken). A man already on
//! its rebirth square (on that rank, for one without a home) stays; one
//! whose square is taken (or with no empty square to choose) leaves the
//! game. Royals are never changed, but reborn; one that cannot be is
//! captured, the only rebirth that counts as a capture (a hop that would
//! remove the mover's own royal is no move). An enemy man immune to the
//! mover (a Shield's cover, a Mamra, an anti-royal) that cannot be reborn
//! stays where it is.

use crate::betza::hurdle;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, Color, EMPTY, Kind, cell, cell_color, cell_kind};
use crate::movement::{ENEMY, FRIEND, for_each_destination};
use crate::rules::mechanisms::{aura, lines};
use crate::rules::mechanisms::{multiple, within};
use crate::rules::position::Position;

/// An Effect move's bits, laid out and decoded with the move
/// (`crate::core::moves`): the jester's [`ACTING`], and above
/// [`REBIRTH_SHIFT`] the file of the chosen rebirth square plus one.
pub(crate) use crate::core::moves::{ACTING, REBIRTH_SHIFT};

/// Where a hop leaves its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// On its square (no `{circe}`, already on its rebirth square, or
    /// immune with nowhere to go).
    Stays,
    /// Reborn on this square.
    Reborn(Square),
    /// Out of the game: its rebirth square is taken (a royal: captured).
    Leaves,
}

/// What a hop does to its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HurdleEffect {
    /// The screen's square.
    pub screen: Square,
    /// The screen's man before the move.
    pub was: Cell,
    /// The man after `{andernach}` and `{einstein}` (a royal's unchanged).
    pub man: Cell,
    /// What becomes of the screen's man.
    pub fate: Fate,
}

/// Where a `{circe}` screen is to go, before the mover's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rebirth {
    /// No `{circe}`, or it stays (on its rebirth square, or immune).
    Stays,
    /// Its home square, empty once the hop is made.
    Home(Square),
    /// Out of the game.
    Leaves,
    /// No home square: the empty squares of this rank, the mover's choice
    /// (at least one is empty).
    Choose(i32),
}

/// A hop's screen, the man it becomes and where it is to go.
#[derive(Clone, Copy, Debug)]
struct Plan {
    screen: Square,
    was: Cell,
    man: Cell,
    rebirth: Rebirth,
}

impl Position {
    /// What the Effect move `m` of the side to move does to a hopper's
    /// screen, if anything.
    pub fn hurdle_effect(&self, m: Move) -> Option<HurdleEffect> {
        if m.kind != MoveKind::Effect {
            return None;
        }
        hurdle_change(self, m.from, m.to, self.acting_kind(m), self.side, m.effect_choice())
    }

    /// The rebirth square chosen by an Effect move, if it chose one.
    pub fn rebirth_choice(&self, m: Move) -> Option<Square> {
        if m.kind != MoveKind::Effect || m.effect_choice() == 0 {
            return None;
        }
        match self.hurdle_effect(m)?.fate {
            Fate::Reborn(sq) => Some(sq),
            _ => None,
        }
    }
}

/// The screen of the hop of a man of `kind` and `us` from `from` to
/// `to`, with the effects of the line it runs on; `None` unless it runs
/// on a line with hurdle effects over a man.
fn hurdle_screen(pos: &Position, from: Square, to: Square, kind: Kind, us: Color) -> Option<(Square, u8)> {
    let km = &pos.variant.pieces[kind].mechanics;
    if km.hurdle == 0 {
        return None;
    }
    let g = pos.variant.geometry;
    let s = if us == 0 { 1 } else { -1 };
    let (dx, dy) = ((g.file(to) - g.file(from)) * s, (g.rank(to) - g.rank(from)) * s);
    for line in km.lines.iter().filter(|l| l.hurdle != 0) {
        for &v in &line.vectors {
            let Some(n) = multiple(dx, dy, v).filter(|&n| within(line.range, n)) else {
                continue;
            };
            let mut sq = from;
            let screen = (1..n).find_map(|_| {
                sq = g.offset(sq, v.0 * s, v.1 * s)?;
                (pos.board[sq as usize] != EMPTY).then_some(sq)
            })?;
            return Some((screen, line.hurdle));
        }
    }
    None
}

/// What the hop from `from` to `to` of a man of `kind` and `us` is to
/// do to its screen, before a rebirth choice.
fn hurdle_plan(pos: &Position, from: Square, to: Square, kind: Kind, us: Color) -> Option<Plan> {
    let (screen, bits) = hurdle_screen(pos, from, to, kind, us)?;
    let was = pos.board[screen as usize];
    let screen_kind = cell_kind(was);
    let royal = pos.variant.pieces[screen_kind].any_royal();
    let mut man = was;
    if !royal {
        let mut color = cell_color(was);
        let mut new_kind = screen_kind;
        if bits & hurdle::ANDERNACH != 0 {
            color ^= 1;
        }
        let einstein_kind = pos.variant.pieces[screen_kind].mechanics.hurdle & hurdle::EINSTEIN != 0;
        if bits & hurdle::EINSTEIN != 0 && !einstein_kind {
            let taken = pos.board[to as usize];
            new_kind = einstein_step(pos, screen_kind, (taken != EMPTY).then(|| cell_kind(taken)));
        }
        man = cell(new_kind, color);
    }
    let rebirth = if bits & hurdle::CIRCE == 0 {
        Rebirth::Stays
    } else {
        match rebirth(pos, man, screen, from, to) {
            // Immunity guards against the enemy's removals.
            Rebirth::Leaves
                if cell_color(man) != us
                    && aura::immune(pos, screen, cell_color(man), lines::mover_kind(pos, from)) =>
            {
                Rebirth::Stays
            }
            r => r,
        }
    };
    Some(Plan {
        screen,
        was,
        man,
        rebirth,
    })
}

/// Where `man`, leapt on `screen` by a hop from `from` to `to`, is to
/// be reborn (see the module's text).
fn rebirth(pos: &Position, man: Cell, screen: Square, from: Square, to: Square) -> Rebirth {
    match home_of(pos, man, screen) {
        Some(h) if h == screen => Rebirth::Stays,
        Some(h) if taken_after(pos, h, from, to, screen) => Rebirth::Leaves,
        Some(h) => Rebirth::Home(h),
        None => {
            let rank = rebirth_rank(pos, man);
            let g = pos.variant.geometry;
            if g.rank(screen) == rank {
                Rebirth::Stays
            } else if rebirth_choices(pos, rank, from, to, screen).next().is_some() {
                Rebirth::Choose(rank)
            } else {
                Rebirth::Leaves
            }
        }
    }
}

/// The home square of `man` leapt on `screen`: where a man of its kind
/// and colour stood in the setup; of several, the one on the screen's
/// file, else one of the screen's square colour, else the nearest
/// (by files, then ranks), else the first.
fn home_of(pos: &Position, man: Cell, screen: Square) -> Option<Square> {
    let g = pos.variant.geometry;
    let (f, r) = (g.file(screen), g.rank(screen));
    pos.home
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == man)
        .map(|(sq, _)| sq as Square)
        .min_by_key(|&sq| {
            let (hf, hr) = (g.file(sq), g.rank(sq));
            (hf != f, (hf + hr - f - r) % 2 != 0, (hf - f).abs(), (hr - r).abs(), sq)
        })
}

/// The rank a man without a home square is reborn on: its owner's
/// first, the second for a pawn kind.
pub(crate) fn rebirth_rank(pos: &Position, man: Cell) -> i32 {
    let g = pos.variant.geometry;
    let up = i32::from(pos.variant.pawn[cell_kind(man)]);
    if cell_color(man) == 0 {
        up
    } else {
        g.height as i32 - 1 - up
    }
}

/// Is `sq` taken once the hop from `from` to `to` over `screen` is
/// made (the screen lifted off its square)?
fn taken_after(pos: &Position, sq: Square, from: Square, to: Square, screen: Square) -> bool {
    sq == to || (sq != from && sq != screen && pos.board[sq as usize] != EMPTY)
}

/// The squares of `rank` a man could be reborn on after that hop:
/// empty then, holes aside, by file.
fn rebirth_choices(
    pos: &Position,
    rank: i32,
    from: Square,
    to: Square,
    screen: Square,
) -> impl Iterator<Item = Square> {
    let g = pos.variant.geometry;
    (0..g.width as i32)
        .filter_map(move |f| g.square(f, rank))
        .filter(move |&sq| !pos.variant.is_hole(sq) && !taken_after(pos, sq, from, to, screen))
}

/// What the hop from `from` to `to` of a man of `kind` and `us` does to
/// its screen, `choice` being the file of the chosen rebirth square plus
/// one (0 for none); `None` when it does nothing.
pub(crate) fn hurdle_change(
    pos: &Position,
    from: Square,
    to: Square,
    kind: Kind,
    us: Color,
    choice: u16,
) -> Option<HurdleEffect> {
    let p = hurdle_plan(pos, from, to, kind, us)?;
    let fate = match p.rebirth {
        Rebirth::Stays => Fate::Stays,
        Rebirth::Home(h) => Fate::Reborn(h),
        Rebirth::Leaves => Fate::Leaves,
        Rebirth::Choose(rank) => {
            let g = pos.variant.geometry;
            match g.square(choice as i32 - 1, rank).filter(|_| choice != 0) {
                Some(sq) if rebirth_choices(pos, rank, from, to, p.screen).any(|c| c == sq) => Fate::Reborn(sq),
                // (Not a generated move.)
                _ => Fate::Leaves,
            }
        }
    };
    (fate != Fate::Stays || p.man != p.was).then_some(HurdleEffect {
        screen: p.screen,
        was: p.was,
        man: p.man,
        fate,
    })
}

/// The royal an Effect move captures by a failed rebirth, if any.
pub(crate) fn rebirth_capture(pos: &Position, m: Move) -> Option<Square> {
    let e = pos.hurdle_effect(m)?;
    (e.fate == Fate::Leaves && pos.variant.pieces[cell_kind(e.was)].any_royal()).then_some(e.screen)
}

/// Marks the hops among the moves from `start` (of a man of `kind` and
/// `us` on `from`) that act on their screens as Effect moves: one per
/// square a rebirth may choose. A hop that would remove the mover's own
/// royal is dropped.
pub(crate) fn add_hurdle_effects(
    pos: &Position,
    from: Square,
    kind: Kind,
    us: Color,
    start: usize,
    out: &mut Vec<Move>,
) {
    let g = pos.variant.geometry;
    let mut made = Vec::new();
    for &m in &out[start..] {
        let plan = (m.kind == MoveKind::Normal && m.from != m.to)
            .then(|| hurdle_plan(pos, from, m.to, kind, us))
            .flatten();
        let Some(p) = plan else {
            made.push(m);
            continue;
        };
        let effect = Move {
            kind: MoveKind::Effect,
            ..m
        };
        match p.rebirth {
            Rebirth::Stays if p.man == p.was => made.push(m),
            Rebirth::Leaves if cell_color(p.man) == us && pos.variant.pieces[cell_kind(p.man)].any_royal() => {}
            Rebirth::Choose(rank) => {
                for sq in rebirth_choices(pos, rank, from, m.to, p.screen) {
                    made.push(Move {
                        aux: effect.aux | ((g.file(sq) + 1) as u16) << REBIRTH_SHIFT,
                        ..effect
                    });
                }
            }
            _ => made.push(effect),
        }
    }
    out.truncate(start);
    out.extend(made);
}

/// Could the man of `kind` (a kind with `{circe}` hops: its own, or
/// the one a `{jester}` acts as) and `by` on `from` take `target` now:
/// by landing on it (a hop that would remove the mover's own royal is
/// no move), or, a royal, by a hop over it that leaves it nowhere to be
/// reborn? Like the attack tables, the target counts as an enemy man
/// whatever stands there.
pub(crate) fn circe_takes(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    let km = &pos.variant.pieces[kind].mechanics;
    let g = pos.variant.geometry;
    let s = if by == 0 { 1 } else { -1 };
    let (dx, dy) = ((g.file(target) - g.file(from)) * s, (g.rank(target) - g.rank(from)) * s);
    // Most men neither land on the target nor leap it.
    let t = &pos.variant.tables;
    let pi = t.program_index(kind, by, from);
    let leaps = km
        .lines
        .iter()
        .filter(|l| l.hurdle & hurdle::CIRCE != 0)
        .any(|l| l.vectors.iter().any(|&v| multiple(dx, dy, v).is_some()));
    if !leaps && !t.reaches(pi, target) {
        return false;
    }
    let c = pos.board[target as usize];
    let royal = c != EMPTY && pos.variant.pieces[cell_kind(c)].any_royal();
    let (_, nodes) = pos.program_nodes(pi, kind, by, from);
    let mover = lines::mover_kind(pos, from);
    let class_of = |sq: Square| {
        let c = pos.board[sq as usize];
        if sq == target {
            ENEMY
        } else if c == EMPTY {
            crate::movement::EMPTY
        } else if cell_color(c) == by {
            FRIEND
        } else {
            ENEMY
        }
    };
    let mut hit = false;
    for_each_destination(nodes, class_of, |to, cls| {
        if hit || cls == FRIEND || (cls == ENEMY && aura::immune(pos, to, by ^ 1, mover)) {
            return;
        }
        let plan = hurdle_plan(pos, from, to, kind, by);
        hit = if to == target {
            !plan.is_some_and(|p| {
                p.rebirth == Rebirth::Leaves
                    && cell_color(p.man) == by
                    && pos.variant.pieces[cell_kind(p.man)].any_royal()
            })
        } else {
            royal && plan.is_some_and(|p| p.screen == target && p.rebirth == Rebirth::Leaves)
        };
    });
    hit
}

/// The kind next to `kind` on the value ladder of the kinds on the
/// board once the move is made (`taken`, the kind the leap took, if
/// any, gone), royals aside: the next higher after a capture, the next
/// lower otherwise, by the definition's `value` (0 where none is
/// given), ties broken by the order of definition; `kind` itself at
/// either end.
fn einstein_step(pos: &Position, kind: Kind, taken: Option<Kind>) -> Kind {
    let pieces = &pos.variant.pieces;
    let rank = |k: Kind| (pieces[k].value.unwrap_or(0), k);
    let me = rank(kind);
    let up = taken.is_some();
    let on_board = |k: Kind| pos.count(k, 0) + pos.count(k, 1) > usize::from(taken == Some(k));
    let ladder = (0..pieces.len()).filter(|&k| !pieces[k].any_royal() && on_board(k));
    let next = if up {
        ladder.filter(|&k| rank(k) > me).min_by_key(|&k| rank(k))
    } else {
        ladder.filter(|&k| rank(k) < me).max_by_key(|&k| rank(k))
    };
    next.unwrap_or(kind)
}
