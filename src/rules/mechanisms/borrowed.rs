//! Borrowed moves: `{orphan}` men move also as every enemy man attacking
//! them, `{friend}` men as every friendly man guarding them (see
//! NOTATION.md, "Borrowed moves").
//!
//! What a man borrows depends on the whole board, and borrowers lend what
//! they borrow to one another, so the moves lent are found for every
//! borrower together, to a fixpoint, when moves are generated or an
//! attack test needs them. A power is the lender kind's own movement with
//! its capture mechanisms, walked for the borrower's side from the
//! borrower's square; a pawn kind's power neither promotes nor takes en
//! passant; its chains are lent whole, those that take several men
//! included. Frozen men, `{jester}` men (their powers are borrowed too) and
//! `{mimic}` men (no victim of theirs has a kind that cannot take) lend
//! nothing; effects on a hopper's screen are no capture and are not lent.

use crate::betza::mech;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::rules::mechanisms::Frozen;
use crate::rules::mechanisms::{aura, capture, kind};
use crate::rules::position::Position;
use crate::variant::walks;
use std::cell::OnceCell;

/// A set of kinds without allocation for the first 512 kinds.
#[derive(Default)]
struct KindSet {
    small: [u64; 8],
    large: Vec<Kind>,
}

impl KindSet {
    /// Adds `k`; was it new?
    fn insert(&mut self, k: Kind) -> bool {
        if let Some(w) = self.small.get_mut(k >> 6) {
            let new = *w & (1 << (k & 63)) == 0;
            *w |= 1 << (k & 63);
            new
        } else if self.large.contains(&k) {
            false
        } else {
            self.large.push(k);
            true
        }
    }

    fn contains(&self, k: Kind) -> bool {
        self.small
            .get(k >> 6)
            .map_or_else(|| self.large.contains(&k), |w| w & (1 << (k & 63)) != 0)
    }
}

/// What an attack test finds once for all the borrowers it asks: the
/// frozen men of both sides and the borrowed powers.
#[derive(Default)]
pub(crate) struct BorrowCache {
    frozen: OnceCell<[Option<Frozen>; 2]>,
    powers: OnceCell<Powers>,
}

/// The kinds each borrower on the board may move as, besides its own.
#[derive(Default)]
pub(crate) struct Powers {
    at: Vec<(Square, Vec<Kind>)>,
}

impl Powers {
    /// The kinds lent to the man on `sq` (none for a square without a
    /// borrower).
    pub(crate) fn of(&self, sq: Square) -> &[Kind] {
        self.at.iter().find(|(s, _)| *s == sq).map_or(&[], |(_, k)| k)
    }
}

/// Could a man of `kind` and `by` on `from` take the man on `target`
/// (counted as an enemy of `by`, whoever stands there) by one move of
/// `kind`'s own movement or mechanisms? Neither frozen men nor
/// immunity are looked at here.
#[inline]
pub(crate) fn kind_takes(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    let t = &pos.variant.tables;
    let pi = t.program_index(kind, by, from);
    (t.reaches(pi, target) && {
        let (p, nodes) = pos.program_nodes(pi, kind, by, from);
        pos.attacks_along(p, nodes, by, target)
    }) || (pos.variant.walks[kind] & (walks::SPECIAL | walks::MECHANISM) != 0
        && kind_takes_walking(pos, from, kind, by, target))
}

/// The takes of [`kind_takes`] the tables do not answer
/// for: special walks and mechanisms (out of line: most kinds have
/// neither).
#[inline(never)]
fn kind_takes_walking(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    lent_walk_takes(pos, from, kind, by, target, |_| true)
        || (pos.variant.mech_bits[kind] & !mech::MIMIC != 0 && capture::takes(pos, from, kind, by, target))
}

/// [`kind_takes`] for the man on `x` lending (or holding) the
/// power `kind`: a pawn-kind man whose side may not enter its last
/// rank (`crate::rules::reserve::drops`) takes nothing by a move that lands there.
fn lender_takes(pos: &Position, x: Square, kind: Kind, by: Color, target: Square) -> bool {
    let own = cell_kind(pos.board[x as usize]);
    if !pos.variant.pawn[own] || !pos.pawns_barred(by) {
        return kind_takes(pos, x, kind, by, target);
    }
    if kind == own && !pos.variant.pieces[own].mechanics.borrows() && Position::takes_elsewhere(&pos.variant, own) {
        // Asked of its own moves, when it could take there at all.
        return kind_takes(pos, x, kind, by, target) && pos.pawn_man_takes(x, by, target);
    }
    // A borrowed power: its captures by landing on the last rank
    // are no moves of this man.
    let lands_only = !Position::takes_elsewhere(&pos.variant, kind);
    !(lands_only && pos.variant.geometry.rank(target) == pos.variant.far_rank(by))
        && kind_takes(pos, x, kind, by, target)
}

/// Could a special walk of `kind` (locusts, chains) from `from`, made
/// for another man, take `target`, every man it takes passing
/// `victim_ok`? Chains that take several men are lent too
/// ([`power_paths`]).
pub(crate) fn lent_walk_takes(
    pos: &Position,
    from: Square,
    kind: Kind,
    by: Color,
    target: Square,
    victim_ok: impl Fn(Square) -> bool,
) -> bool {
    let t = &pos.variant.tables;
    // A `{recapture}` kind takes only the last capturer.
    let recapture_only = pos.variant.pieces[kind].mechanics.recapture_only;
    pos.variant.special_attacks[kind]
        && (target == pos.last_capturer || !recapture_only)
        && t.may_take(t.program_index(kind, by, from), target)
        && pos.special_takes_such(from, kind, by, target, |s| {
            let to = s.to();
            let landed = to != from && (to == target || pos.board[to as usize] != EMPTY);
            !s.en_passant() && s.all_taken(&victim_ok) && (!landed || victim_ok(to))
        })
}

/// The powers of every `{orphan}` and `{friend}` man on the board, to
/// a fixpoint: each starts with none; a lender lends its own kind and
/// every power it holds; rounds go on until no borrower gains one.
pub(crate) fn borrowed_powers(pos: &Position) -> Powers {
    borrowed_powers_with(pos, &[aura::frozen_squares(pos, 0), aura::frozen_squares(pos, 1)])
}

/// [`borrowed_powers`] with the frozen men of each side.
fn borrowed_powers_with(pos: &Position, frozen: &[Option<Frozen>; 2]) -> Powers {
    let frozen = |s: Square| {
        frozen[cell_color(pos.board[s as usize])]
            .as_ref()
            .is_some_and(|f| f.has(s))
    };
    let mut at: Vec<Square> = Vec::new();
    for color in 0..2 {
        for &s in &pos.list[color] {
            let km = &pos.variant.pieces[cell_kind(pos.board[s as usize])].mechanics;
            if km.borrows() && !frozen(s) {
                at.push(s);
            }
        }
    }
    let mut held: Vec<Vec<Kind>> = vec![Vec::new(); at.len()];
    // (borrower, lending borrower, linked, how many of the lender's
    // kinds were tried): a borrower's powers grow, so such pairs are
    // asked again while anything changes.
    let mut pairs: Vec<(usize, usize, bool, usize)> = Vec::new();
    for (i, &b) in at.iter().enumerate() {
        let c = pos.board[b as usize];
        let (kind, color) = (cell_kind(c), cell_color(c));
        let km = &pos.variant.pieces[kind].mechanics;
        for (lends, side) in [(km.orphan, color ^ 1), (km.friend, color)] {
            if !lends {
                continue;
            }
            // An attack honours the target's immunity; a guard
            // asks about an enemy with none standing there.
            let shielded = side != color && aura::shielded(pos, b, color);
            for &x in &pos.list[side] {
                let xk = cell_kind(pos.board[x as usize]);
                let xm = &pos.variant.pieces[xk].mechanics;
                if x == b
                    || xm.jester
                    || xm.mimic
                    || (side != color && (shielded || aura::immune_unshielded(pos, b, xk)))
                    || frozen(x)
                {
                    continue;
                }
                if let Some(j) = at.iter().position(|&s| s == x) {
                    pairs.push((i, j, false, 0));
                } else if !held[i].contains(&xk) && lender_takes(pos, x, xk, side, b) {
                    held[i].push(xk);
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for (i, j, linked, tried) in pairs.iter_mut() {
            let (b, x) = (at[*i], at[*j]);
            let c = pos.board[x as usize];
            let (xk, side) = (cell_kind(c), cell_color(c));
            // The lender's own kind first, then what it holds.
            let n = 1 + held[*j].len();
            let kind_at = |held: &[Vec<Kind>], t: usize| if t == 0 { xk } else { held[*j][t - 1] };
            if !*linked {
                *linked = (*tried..n).any(|t| lender_takes(pos, x, kind_at(&held, t), side, b));
                *tried = n;
            }
            if *linked {
                for t in 0..n {
                    let k = kind_at(&held, t);
                    if !held[*i].contains(&k) {
                        held[*i].push(k);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return Powers {
                at: at.into_iter().zip(held).collect(),
            };
        }
    }
}

/// The moves of the borrower of `kind` and `us` on `from`: its own
/// and those of the kinds `lent` to it. A move is what it does
/// (docs/variants/rule-decisions.md, rule decision 20): two powers that
/// reach one square taking different men make two moves, the borrower's
/// own plain step and a lent withdrawal to the same square among them;
/// two that do the same make one. A move whose power's mechanisms take
/// men is an [`MoveKind::Effect`] naming which of the square's victim
/// sets it takes ([`borrowed_effect_ordinal`]).
pub(crate) fn borrowing_moves(pos: &Position, from: Square, kind: Kind, us: Color, lent: &[Kind], out: &mut Vec<Move>) {
    let start = out.len();
    // What each move's own power takes besides the man on `to`.
    let mut victims: Vec<Vec<Square>> = Vec::new();
    for (i, k) in std::iter::once(kind).chain(lent.iter().copied()).enumerate() {
        let s = out.len();
        kind::moves_with(pos, from, k, us, false, out);
        // Chains that take several men are numbered again below,
        // among those of every power.
        out.retain_from(s, |m| m.kind != MoveKind::Path);
        if i > 0 && pos.variant.pawn[k] {
            plain_pawn_power(s, out);
        }
        for m in &mut out[s..] {
            let moving = matches!(m.kind, MoveKind::Normal | MoveKind::Effect) && m.from != m.to;
            let v = if moving && pos.board[m.to as usize] == EMPTY {
                capture::victims(pos, from, m.to, k, us)
            } else {
                Vec::new()
            };
            if moving {
                m.aux = 0;
                m.kind = MoveKind::Normal;
            }
            victims.push(v);
        }
    }
    for i in start..out.len() {
        let v = &victims[i - start];
        if v.is_empty() {
            continue;
        }
        let to = out[i].to;
        let sets = effect_sets(pos, from, kind, us, lent, to);
        let ordinal = sets.iter().position(|s| s == v).expect("a victim set of this square");
        out[i].kind = MoveKind::Effect;
        out[i].aux = (ordinal as u16 + 1) << crate::rules::mechanisms::hurdle::REBIRTH_SHIFT;
    }
    let paths = power_paths(pos, from, std::iter::once(kind).chain(lent.iter().copied()), us, false);
    push_paths(pos, from, &paths, out);
    one_move_per_square(start, out);
}

/// The chains that take two men or more of a man of `us` on `from`
/// moving as each of `kinds` (the powers it borrows or copies; with
/// `copied`, only those taking men of that kind alone), in order: a
/// [`MoveKind::Path`] of such a man names one by its ordinal among
/// those to its square (docs/variants/rule-decisions.md, rule decision 22:
/// borrowed and copied powers are whole).
pub(crate) fn power_paths(
    pos: &Position,
    from: Square,
    kinds: impl Iterator<Item = Kind>,
    us: Color,
    copied: bool,
) -> Vec<crate::rules::walk::special::Effect> {
    let them = us ^ 1;
    let of_kind = |sq: Square, k: Kind| {
        let c = pos.board[sq as usize];
        c != EMPTY && cell_color(c) == them && cell_kind(c) == k
    };
    let mut all = Vec::new();
    let mut list = Vec::new();
    for k in kinds {
        if pos.variant.walks[k] & walks::SPECIAL == 0 {
            continue;
        }
        pos.special_effects(from, k, us, None, &mut list);
        all.extend(list.drain(..).filter(|e| {
            e.taken.len() >= 2
                && !e.en_passant
                && (!copied
                    || (e.taken.iter().all(|&sq| of_kind(sq, k))
                        && (pos.board[e.to as usize] == EMPTY || of_kind(e.to, k))))
        }));
    }
    all.sort_unstable();
    all.dedup();
    all
}

/// Pushes a path move for each of `paths` (from
/// [`power_paths`]), numbered among those to its square.
pub(crate) fn push_paths(
    pos: &Position,
    from: Square,
    paths: &[crate::rules::walk::special::Effect],
    out: &mut Vec<Move>,
) {
    let mut ordinal = 0u16;
    let mut last_to = None;
    for e in paths {
        if last_to != Some(e.to) {
            last_to = Some(e.to);
            ordinal = 0;
        }
        // A turn's drops leave six bits for the ordinal in variants
        // with reserves; without, the extra stays below `DROPS_MARK`.
        if ordinal >= pos.max_path_ordinal() {
            continue;
        }
        out.push(Move {
            from,
            to: e.to,
            kind: MoveKind::Path,
            promotion: 0,
            aux: ordinal,
        });
        ordinal += 1;
    }
}

/// The distinct sets of men the powers of the borrower of `kind` and
/// `us` on `from` (its own and `lent`) take besides the man on the
/// empty square `to` by moving there, in order, the empty set left
/// out: an Effect move of a borrower names one by its ordinal.
fn effect_sets(pos: &Position, from: Square, kind: Kind, us: Color, lent: &[Kind], to: Square) -> Vec<Vec<Square>> {
    let mut sets: Vec<Vec<Square>> = Vec::new();
    if pos.board[to as usize] != EMPTY {
        return sets;
    }
    for (k, squares) in mechanism_reach(pos, from, kind, us, lent) {
        if squares.contains(&to) {
            let v = capture::victims(pos, from, to, k, us);
            if !v.is_empty() && !sets.contains(&v) {
                sets.push(v);
            }
        }
    }
    sets.sort();
    sets
}

/// Which of the victim sets of [`effect_sets`] the Effect
/// move `m` of a borrower takes (0 for none: a move of another kind).
#[inline]
pub(crate) fn borrowed_effect_ordinal(m: Move) -> u16 {
    if m.kind == MoveKind::Effect {
        m.effect_choice()
    } else {
        0
    }
}

/// The men the borrower's move `m` of `kind` and `us` takes besides
/// the man on its square: the victim set its Effect names.
pub(crate) fn borrowed_victims(pos: &Position, m: Move, kind: Kind, us: Color) -> Vec<Square> {
    let ordinal = borrowed_effect_ordinal(m);
    if ordinal == 0 {
        return Vec::new();
    }
    let powers = borrowed_powers(pos);
    let sets = effect_sets(pos, m.from, kind, us, powers.of(m.from), m.to);
    sets.into_iter().nth(ordinal as usize - 1).unwrap_or_default()
}

/// Of a borrower's kinds (its own and `lent`), those with mechanisms
/// that come with a move, each with the squares its own moves reach.
fn mechanism_reach(pos: &Position, from: Square, kind: Kind, us: Color, lent: &[Kind]) -> Vec<(Kind, Vec<Square>)> {
    let mut out = Vec::new();
    for k in std::iter::once(kind).chain(lent.iter().copied()) {
        if pos.variant.mech_bits[k] & mech::MOVING == 0 {
            continue;
        }
        let mut moves = Vec::new();
        kind::moves_with(pos, from, k, us, false, &mut moves);
        let squares = moves
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Normal | MoveKind::Effect))
            .map(|m| m.to)
            .collect();
        out.push((k, squares));
    }
    out
}

/// Could the borrower of `kind` and `by` on `from` take `target` with
/// its own movement or a power lent to it (frozen men are not looked
/// at here)? The answer of the powers [`borrowed_powers`]
/// finds, mostly without them. Where no borrower could lend to this
/// one, each lender lends its own kind alone: a man whose kind could
/// take `target` from `from` is asked whether it lends (most kinds
/// could not, and that is the cheaper question). Else only the
/// fixpoint answers (kept in `cache` for the rest of an attack test,
/// with the frozen men), found only when some kind on the board could
/// take `target` from `from` at all.
pub(crate) fn borrower_takes(
    pos: &Position,
    from: Square,
    kind: Kind,
    by: Color,
    target: Square,
    cache: &BorrowCache,
) -> bool {
    if kind_takes(pos, from, kind, by, target) {
        return true;
    }
    // Whether a kind takes the target from here, each asked once.
    let (mut asked, mut able) = (KindSet::default(), KindSet::default());
    asked.insert(kind);
    let mut takes = |k: Kind| {
        if asked.insert(k) && kind_takes(pos, from, k, by, target) {
            able.insert(k);
        }
        able.contains(k)
    };
    // `{jester}` and `{mimic}` men lend nothing.
    let lends_nothing = walks::JESTER | walks::MIMIC;
    let frozen_men = || {
        cache
            .frozen
            .get_or_init(|| [aura::frozen_squares(pos, 0), aura::frozen_squares(pos, 1)])
    };
    let frozen = |s: Square| {
        frozen_men()[cell_color(pos.board[s as usize])]
            .as_ref()
            .is_some_and(|f| f.has(s))
    };
    let km = &pos.variant.pieces[kind].mechanics;
    let sides = [(km.orphan, by ^ 1), (km.friend, by)];
    // May the man on `x` of `side` lend to this one? An attack honours
    // the borrower's immunity (as in the fixpoint).
    let may_lend = |side: Color, x: Square| {
        let xk = cell_kind(pos.board[x as usize]);
        !(x == from
            || pos.variant.walks[xk] & lends_nothing != 0
            || (side != by && (aura::shielded(pos, from, by) || aura::immune_unshielded(pos, from, xk)))
            || frozen(x))
    };
    let borrows = |x: Square| pos.variant.walks[cell_kind(pos.board[x as usize])] & walks::BORROW != 0;
    // A borrower that may lend to this one lends what it borrows: then
    // only the fixpoint answers, found when some kind on the board
    // could take the target from here at all (most tests end there).
    let chained = cache.powers.get().is_some()
        || sides
            .iter()
            .any(|&(lends, side)| lends && pos.list[side].iter().any(|&x| x != from && borrows(x)));
    if chained {
        let may = (0..2).any(|color| {
            pos.list[color].iter().any(|&s| {
                let k = cell_kind(pos.board[s as usize]);
                pos.variant.walks[k] & lends_nothing == 0 && takes(k)
            })
        });
        if !may {
            return false;
        }
        if cache.powers.get().is_some()
            || sides
                .iter()
                .any(|&(lends, side)| lends && pos.list[side].iter().any(|&x| borrows(x) && may_lend(side, x)))
        {
            let powers = cache.powers.get_or_init(|| borrowed_powers_with(pos, frozen_men()));
            return powers.of(from).iter().any(|&k| takes(k));
        }
    }
    // Whether a man lends (the frozen men, immunity, its own attack on
    // this one) is asked only of those whose kind could take the
    // target from here.
    sides.iter().any(|&(lends, side)| {
        lends
            && pos.list[side].iter().any(|&x| {
                let xk = cell_kind(pos.board[x as usize]);
                x != from
                    && pos.variant.walks[xk] & lends_nothing == 0
                    && takes(xk)
                    && may_lend(side, x)
                    && lender_takes(pos, x, xk, side, from)
            })
    })
}

/// Makes the moves from `start` those of a borrowed pawn power: no
/// promotion (a move onto the last rank is a plain move), no capture
/// en passant.
pub(crate) fn plain_pawn_power(start: usize, out: &mut Vec<Move>) {
    out.retain_from(start, |m| m.kind != MoveKind::EnPassant);
    for m in &mut out[start..] {
        m.promotion = 0;
    }
    crate::rules::walk::movegen::dedup_since(out, start);
}

/// Keeps one move per (destination, effect) among the moves from
/// `start` of one man: the same move found by two powers once. A
/// capture en passant and a plain move to its square do different
/// things: both stay (docs/variants/rule-decisions.md, rule decision 20).
pub(crate) fn one_move_per_square(start: usize, out: &mut Vec<Move>) {
    let passant = |m: &Move| m.kind == MoveKind::EnPassant;
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if !out[start..keep]
            .iter()
            .any(|o| o.key() == m.key() && passant(o) == passant(&m))
        {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// `Vec::retain` on the elements from `start` only.
pub(crate) trait RetainFrom<T> {
    fn retain_from(&mut self, start: usize, keep: impl FnMut(&T) -> bool);
}

impl<T: Copy> RetainFrom<T> for Vec<T> {
    fn retain_from(&mut self, start: usize, mut keep: impl FnMut(&T) -> bool) {
        let mut k = start;
        for i in start..self.len() {
            let x = self[i];
            if keep(&x) {
                self[k] = x;
                k += 1;
            }
        }
        self.truncate(k);
    }
}
