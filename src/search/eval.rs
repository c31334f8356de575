//! Static evaluation that needs no tuning per variant: piece values derived
//! from each piece's movement, centralisation from its mobility on each
//! square, pawn advancement, king safety and, where a royal on the far rank
//! wins, the royal's advance.
//!
//! What the terms are made of, the [`Basis`], is measured once per variant
//! in `eval/basis.rs`, from the pieces' mobility (`eval/mobility.rs`); this
//! file weighs it into the [`Evaluator`]'s tables and reads positions.

mod basis;
mod mobility;

pub use basis::Basis;

use crate::core::geometry::{BITS, Square};
use crate::core::piece::{Color, cell_kind, cell_row};
use crate::rules::position::Position;
use crate::rules::reserve::reserves::{PAWNS, PIECES};
use crate::variant::Variant;
use crate::variant::evaluation::{EvalWeights, TERMS, Term};
use std::sync::Arc;

// The weights of the evaluation's terms (centralisation, the pawns'
// promotion share, king safety, tempo ...) are the variant's
// (`crate::variant::evaluation`): defaults unless its definition has an
// `[evaluation]` table.

/// Bits `start..start + len` (`len` < 64) of a bitset, as the low bits of
/// a word.
#[inline]
fn row_bits(set: &[u64], start: usize, len: usize) -> u64 {
    let (w, shift) = (start >> 6, start & 63);
    let mut bits = set[w] >> shift;
    if shift + len > 64 {
        bits |= set[w + 1] << (64 - shift);
    }
    bits & ((1u64 << len) - 1)
}

/// Set bits of each 3-bit number.
const BITS3: [i32; 8] = [0, 1, 1, 2, 1, 2, 2, 3];

/// Boards of up to this many words of squares (256 squares) keep the
/// royal zones as bitsets ([`royal_zones`]): 16 KB on 16 x 16.
const MAX_ZONE_WORDS: usize = 4;

/// Per square `k`: the bitset of the squares within `near` ranks and
/// files of it, then that of the squares within one (the 3 x 3 box),
/// each `len.div_ceil(64)` words.
fn royal_zones(g: crate::core::geometry::Geometry, near: i32) -> Vec<u64> {
    let n = g.len();
    let words = n.div_ceil(64);
    let mut zones = vec![0u64; n * 2 * words];
    for k in 0..n as Square {
        let (kf, kr) = (g.file(k), g.rank(k));
        for sq in 0..n as Square {
            let (df, dr) = ((g.file(sq) - kf).abs(), (g.rank(sq) - kr).abs());
            let bit = 1u64 << (sq & 63);
            let row = k as usize * 2 * words + (sq as usize >> 6);
            if df <= near && dr <= near {
                zones[row] |= bit;
            }
            if df <= 1 && dr <= 1 {
                zones[row + words] |= bit;
            }
        }
    }
    zones
}

/// The evaluation's weights in whole centipawns for the terms counted while
/// searching (the others are built into the piece-square table).
#[derive(Clone, Copy, Debug)]
struct Whole {
    enemy_near_royal: i32,
    friend_next_to_royal: i32,
    tempo: i32,
    check_given: i32,
    royal_at_risk: i32,
}

impl Whole {
    fn of(w: &EvalWeights) -> Whole {
        Whole {
            enemy_near_royal: w.whole(Term::EnemyNearRoyal),
            friend_next_to_royal: w.whole(Term::FriendNextToRoyal),
            tempo: w.whole(Term::Tempo),
            check_given: w.whole(Term::CheckGiven),
            royal_at_risk: w.whole(Term::RoyalAtRisk),
        }
    }
}

/// Per-variant evaluation tables.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value per kind (0 for royals): the basis's, times the
    /// weights' factor.
    pub values: Vec<i32>,
    /// The least entry of `table`.
    least_entry: i32,
    /// Positional bonus per (kind, colour, square), material included;
    /// attached to positions during a search, which keep its sums.
    table: Arc<Vec<i32>>,
    squares: usize,
    pawn: Vec<bool>,
    near: u8,
    /// Per square `k`, the squares within `near` of it, then those next to
    /// it and itself, as bitsets of `zone_words` words: a royal's
    /// surroundings read by a few masks. Empty on boards of more than
    /// `MAX_ZONE_WORDS` words, where the box is read a rank at a time.
    zones: Vec<u64>,
    zone_words: usize,
    promotion_gain: i32,
    /// The rank of each square (a division spared per evaluation).
    ranks: Vec<u8>,
    /// Promotion from the reserve (`[reserve] promote = true`): per
    /// pawn kind, whether it promotes so; per rank counted from the
    /// owner's side, the share of what the promotion brings (the
    /// reserve's last piece, known only in the position) a pawn kind
    /// there is worth; the values (the basis's, unweighted) that measure
    /// what it brings.
    reserve_promotion: Option<(Vec<bool>, Vec<f64>, Vec<i32>)>,
    /// Royal modes (`royal_modes`): a side may lose royals one by one.
    royal_modes: bool,
    whole: Whole,
}

impl Evaluator {
    /// The evaluation of `v` with its own weights (`[evaluation]`).
    pub fn new(v: &Variant) -> Evaluator {
        Evaluator::with_weights(v, &Basis::new(v), &v.evaluation)
    }

    /// [`Evaluator::new`], with the basis measured once per variant in the
    /// process (see [`Basis::shared`]).
    pub fn shared(v: &Arc<Variant>) -> Evaluator {
        Evaluator::with_weights(v, &Basis::shared(v), &v.evaluation)
    }

    /// The evaluation of `v` made of `basis` (measured for `v`) and `w`.
    pub fn with_weights(v: &Variant, basis: &Basis, w: &EvalWeights) -> Evaluator {
        let g = v.geometry;
        let n = g.len();
        let kinds = v.pieces.len();
        let values: Vec<i32> = (0..kinds)
            .map(|k| (basis.values[k] as f64 * w.value_scale[k]).round() as i32)
            .collect();
        let mut table = vec![0i32; kinds * 2 * n];
        let centralisation = w.get(Term::Centralisation);
        let royal_centralisation = w.get(Term::RoyalCentralisation);
        let royal_advance = w.get(Term::RoyalAdvance);
        let promotion_share = w.get(Term::PromotionShare);
        let goal = w.get(Term::Goal);
        for kind in 0..kinds {
            let royal = v.pieces[kind].royal;
            for color in 0..2 {
                for sq in 0..n as Square {
                    // Tables are by White's squares; Black's are mirrored.
                    let white_sq = (if color == 0 { sq } else { g.mirror(sq) }) as usize;
                    let centre = basis.centre[basis.centre_row[kind] * n + white_sq];
                    let bonus = match (royal, v.win.royal_far_rank) {
                        (false, _) => centre * centralisation,
                        (true, true) => basis.advance[white_sq] * royal_advance,
                        (true, false) => centre * royal_centralisation,
                    };
                    let (gain, progress) = basis.promotion[kind].get(white_sq).copied().unwrap_or_default();
                    let mut entry = values[kind] + bonus.round() as i32;
                    entry += (gain * promotion_share * progress).round() as i32;
                    for (kinds, near) in &basis.goals {
                        if kinds[kind] {
                            entry += (goal * near[white_sq]).round() as i32;
                        }
                    }
                    table[(kind * 2 + color) * n + sq as usize] = entry;
                }
            }
        }
        let near = if g.width.max(g.height) >= 12 { 3 } else { 2 };
        let zone_words = n.div_ceil(64);
        let zones = if zone_words <= MAX_ZONE_WORDS {
            royal_zones(g, i32::from(near))
        } else {
            Vec::new()
        };
        let promotion_gain = v
            .promotion_choices
            .iter()
            .flat_map(|p| p.choices.iter().map(|&k| values[k]))
            .max()
            .unwrap_or(0);
        let promotes_from_reserve = v.reserve.is_some_and(|r| r.promote);
        let reserve_promotion = promotes_from_reserve.then(|| {
            let shares = basis.reserve_progress.iter().map(|&p| promotion_share * p).collect();
            (v.pawn.clone(), shares, basis.values.clone())
        });
        Evaluator {
            reserve_promotion,
            royal_modes: v.win.royal_modes,
            ranks: (0..n as Square).map(|sq| g.rank(sq) as u8).collect(),
            promotion_gain,
            least_entry: table.iter().copied().min().unwrap_or(0),
            values,
            table: Arc::new(table),
            squares: n,
            pawn: (0..kinds)
                .map(|k| v.pawn[k] && (v.promotes[k] || promotes_from_reserve))
                .collect(),
            near,
            zones,
            zone_words,
            whole: Whole::of(w),
        }
    }

    /// Bytes held by the evaluation tables.
    pub fn bytes(&self) -> usize {
        self.table.len() * 4 + self.values.len() * 4 + self.pawn.len() + self.ranks.len() + self.zones.len() * 8
    }

    /// Score for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let g = pos.variant().geometry;
        let (_, sums) = pos.weights();
        let attached = self.attached_to(pos);
        let w = self.whole;
        let score = [0, 1].map(|color| {
            let mut s = 0;
            if attached {
                s = sums[color];
            } else {
                for &sq in pos.squares_of(color) {
                    let (kind, _) = pos.piece_at(sq).expect("listed square holds a piece");
                    s += self.table[(kind * 2 + color) * self.squares + sq as usize];
                }
            }
            for &k in pos.royals(color) {
                let (enemies, guards) = self.royal_safety(pos, k, color, g);
                s += w.friend_next_to_royal * guards - w.enemy_near_royal * enemies;
            }
            if self.royal_modes && !pos.check_rules(color) {
                s += w.royal_at_risk * pos.royals(color).len() as i32;
            }
            // Counted checks (three-check): each check given brings the
            // win nearer (0 where checks are not counted).
            s + w.check_given * pos.checks_given(color) as i32
                + self.credits_worth(pos, color)
                + self.promotions_ahead(pos, color)
        });
        let us = pos.side_to_move();
        score[us] - score[us ^ 1] + w.tempo
    }

    /// The sums over `pos` of each weight's part of the evaluation, from
    /// White's side, into `out`: per [`TERMS`], then per kind (the factor
    /// on its value). The evaluation from White's side is, up to the
    /// rounding of its tables, the sum of each weight times its feature;
    /// the tuner fits the weights to them. `basis` is the one this
    /// evaluation was made of.
    pub fn features(&self, basis: &Basis, pos: &Position, out: &mut [f64]) {
        let v = pos.variant();
        let g = v.geometry;
        let n = self.squares;
        let kinds = v.pieces.len();
        assert_eq!(out.len(), TERMS.len() + kinds, "one feature per term and kind");
        out.fill(0.0);
        let term = |t: Term| t as usize;
        for color in 0..2 {
            let sign = if color == 0 { 1.0 } else { -1.0 };
            let mut add = |i: usize, x: f64| out[i] += sign * x;
            for &sq in pos.squares_of(color) {
                let kind = cell_kind(pos.board[sq as usize]);
                let white_sq = (if color == 0 { sq } else { g.mirror(sq) }) as usize;
                add(TERMS.len() + kind, basis.values[kind] as f64);
                let centre = basis.centre[basis.centre_row[kind] * n + white_sq];
                match (v.pieces[kind].royal, v.win.royal_far_rank) {
                    (false, _) => add(term(Term::Centralisation), centre),
                    (true, true) => add(term(Term::RoyalAdvance), basis.advance[white_sq]),
                    (true, false) => add(term(Term::RoyalCentralisation), centre),
                }
                let (gain, progress) = basis.promotion[kind].get(white_sq).copied().unwrap_or_default();
                add(term(Term::PromotionShare), gain * progress);
                for (goal_kinds, near) in &basis.goals {
                    if goal_kinds[kind] {
                        add(term(Term::Goal), near[white_sq]);
                    }
                }
            }
            for &k in pos.royals(color) {
                let (enemies, guards) = self.royal_safety(pos, k, color, g);
                add(term(Term::EnemyNearRoyal), -enemies as f64);
                add(term(Term::FriendNextToRoyal), guards as f64);
            }
            if self.royal_modes && !pos.check_rules(color) {
                add(term(Term::RoyalAtRisk), pos.royals(color).len() as f64);
            }
            add(term(Term::CheckGiven), pos.checks_given(color) as f64);
            if v.reserve.is_some() {
                let credits = pos.credits(color);
                for class in [PIECES, PAWNS] {
                    for &k in pos.reserve(color, class).iter().take(credits[class] as usize) {
                        add(TERMS.len() + k, basis.values[k] as f64);
                    }
                }
            }
            if let Some((pawn, _, base)) = &self.reserve_promotion
                && let Some(&back) = pos.reserve(color, PIECES).last()
            {
                let last = g.height as usize - 1;
                for &sq in pos.squares_of(color) {
                    let kind = cell_kind(pos.board[sq as usize]);
                    if pawn[kind] {
                        let rank = self.ranks[sq as usize] as usize;
                        let ahead = if color == 0 { rank } else { last - rank };
                        let brings = (base[back] - base[kind]).max(0) as f64;
                        add(term(Term::PromotionShare), basis.reserve_progress[ahead] * brings);
                    }
                }
            }
        }
        out[term(Term::Tempo)] = if pos.side_to_move() == 0 { 1.0 } else { -1.0 };
    }

    /// What `color`'s credits (reserves) will bring: the values of the
    /// reserve men they pay for, next first.
    fn credits_worth(&self, pos: &Position, color: Color) -> i32 {
        if pos.variant().reserve.is_none() {
            return 0;
        }
        let credits = pos.credits(color);
        [PIECES, PAWNS]
            .into_iter()
            .map(|class| {
                let list = pos.reserve(color, class);
                list.iter()
                    .take(credits[class] as usize)
                    .map(|&k| self.value(k))
                    .sum::<i32>()
            })
            .sum()
    }

    /// Promotion from the reserve: each advanced pawn kind is worth a share
    /// (growing with the cube of its progress) of what its promotion
    /// would add now, the reserve's last piece less the pawn.
    fn promotions_ahead(&self, pos: &Position, color: Color) -> i32 {
        let Some((pawn, shares, base)) = &self.reserve_promotion else {
            return 0;
        };
        let Some(&back) = pos.reserve(color, PIECES).last() else {
            return 0;
        };
        let brings = base[back];
        let g = pos.variant().geometry;
        let last = g.height as usize - 1;
        let mut s = 0.0;
        for &sq in pos.squares_of(color) {
            let kind = cell_kind(pos.board[sq as usize]);
            if pawn[kind] {
                let rank = self.ranks[sq as usize] as usize;
                let ahead = if color == 0 { rank } else { last - rank };
                s += shares[ahead] * (brings - base[kind]).max(0) as f64;
            }
        }
        s.round() as i32
    }

    /// The most a promotion could add for the side to move: the best
    /// promotion choice, or the last piece of its reserve where pawns
    /// promote from it.
    pub fn promotion_gain_in(&self, pos: &Position) -> i32 {
        let reserve = match self.reserve_promotion {
            Some(_) => pos
                .reserve(pos.side_to_move(), PIECES)
                .last()
                .map_or(0, |&k| self.values[k]),
            None => 0,
        };
        self.promotion_gain.max(reserve)
    }

    /// Enemies (not pawns) within `near` squares of the royal on `k`, and
    /// friends next to it that are not royals.
    // Inlined into the evaluation (its hottest part), not called.
    #[inline(always)]
    fn royal_safety(&self, pos: &Position, k: Square, color: Color, g: crate::core::geometry::Geometry) -> (i32, i32) {
        let ours = pos.occupied_by(color);
        let theirs = pos.occupied_by(color ^ 1);
        let (foes, friends) = if self.zones.is_empty() {
            self.royal_box_by_ranks(pos, k, ours, theirs, g)
        } else {
            self.royal_box_by_masks(pos, k, ours, theirs)
        };
        // Royals (this one among them) are not guards.
        let royals = match pos.royals(color) {
            [_] => 1,
            all => all
                .iter()
                .filter(|&&q| (g.rank(q) - g.rank(k)).abs() <= 1 && (g.file(q) - g.file(k)).abs() <= 1)
                .count() as i32,
        };
        (foes, friends - royals)
    }

    /// [`Evaluator::royal_safety`]'s counts (royals included among the
    /// friends): the box and the 3 x 3 square as masks of the occupancy.
    #[inline(always)]
    fn royal_box_by_masks(&self, pos: &Position, k: Square, ours: &[u64], theirs: &[u64]) -> (i32, i32) {
        let w = self.zone_words;
        let at = k as usize * 2 * w;
        let (zone, next) = self.zones[at..at + 2 * w].split_at(w);
        let (mut foes, mut friends) = (0, 0);
        for i in 0..w {
            let mut enemies = theirs[i] & zone[i];
            while enemies != 0 {
                let sq = i * 64 + enemies.trailing_zeros() as usize;
                enemies &= enemies - 1;
                if !self.pawn[cell_kind(pos.board[sq])] {
                    foes += 1;
                }
            }
            friends += (ours[i] & next[i]).count_ones() as i32;
        }
        (foes, friends)
    }

    /// [`Evaluator::royal_safety`]'s counts on boards too large for the
    /// zone masks (royals included among the friends): the box is read
    /// from the occupancy bitsets a rank at a time, so empty squares cost
    /// nothing.
    fn royal_box_by_ranks(
        &self,
        pos: &Position,
        k: Square,
        ours: &[u64],
        theirs: &[u64],
        g: crate::core::geometry::Geometry,
    ) -> (i32, i32) {
        let width = g.width as i32;
        let kr = self.ranks[k as usize] as i32;
        let kf = k as i32 - kr * width;
        let near = self.near as i32;
        let mut foes = 0;
        let mut friends = 0;
        for dr in -near..=near {
            let r = kr + dr;
            if r < 0 || r >= g.height as i32 {
                continue;
            }
            let lo = (kf - near).max(0);
            let hi = (kf + near).min(width - 1);
            let start = (r * width + lo) as usize;
            let mut enemies = row_bits(theirs, start, (hi - lo + 1) as usize);
            while enemies != 0 {
                let sq = (start + enemies.trailing_zeros() as usize) as Square;
                enemies &= enemies - 1;
                if !self.pawn[cell_kind(pos.board[sq as usize])] {
                    foes += 1;
                }
            }
            if dr.abs() <= 1 {
                let (lo, hi) = ((kf - 1).max(0), (kf + 1).min(width - 1));
                let start = (r * width + lo) as usize;
                // At most three squares: a table instead of a population
                // count (not an instruction on the baseline x86-64).
                friends += BITS3[row_bits(ours, start, (hi - lo + 1) as usize) as usize];
            }
        }
        (foes, friends)
    }

    /// The piece-square table, to attach to a position searched
    /// ([`Position::set_weights`]): indexed by (kind, colour) then square,
    /// which is the position's (cell - 2, square).
    pub fn weights(&self) -> Arc<Vec<i32>> {
        self.table.clone()
    }

    /// The value taken by a capture onto an empty square (en passant): the
    /// piece that made the long move.
    pub fn value_of_pawn_victim(&self, pos: &Position, _m: crate::core::moves::Move) -> i32 {
        let ep = pos.en_passant();
        pos.piece_at(ep.victim).map_or(0, |(k, _)| self.values[k])
    }

    /// A piece's material value.
    pub fn value(&self, kind: usize) -> i32 {
        self.values[kind]
    }

    /// A man's entry in the piece-square table: his value where he
    /// stands (material, centralisation, promotion progress, goals).
    pub fn entry(&self, kind: usize, color: Color, sq: Square) -> i32 {
        self.table[(kind * 2 + color) * self.squares + sq as usize]
    }

    /// Is this evaluation's table the one `pos` keeps its weights by
    /// ([`Position::set_weights`])? Then the position's sums and each
    /// square's weight ([`Position::weight_at`]) are this table's entries.
    #[inline]
    fn attached_to(&self, pos: &Position) -> bool {
        Arc::ptr_eq(pos.weights().0, &self.table)
    }

    /// Marks in `out` (a set of squares, cleared by the caller) the men of
    /// `color` whose entries exceed `floor`: the victims worth a capture in
    /// quiescence (a dozen men a quiescence node on Overboard). Per man one
    /// load where the position keeps this table's weights
    /// ([`Position::weight_at`]); otherwise his cell's row of the table
    /// ([`cell_row`]). His bit comes from `BITS`.
    #[inline]
    pub fn mark_worth_more(&self, pos: &Position, color: Color, floor: i32, out: &mut [u64]) {
        if self.attached_to(pos) {
            // The position keeps each man's entry where he stands.
            let at = pos.weight_at();
            for &sq in pos.squares_of(color) {
                if at[sq as usize] > floor {
                    out[sq as usize >> 6] |= BITS[sq as usize & 63];
                }
            }
            return;
        }
        for &sq in pos.squares_of(color) {
            let row = cell_row(pos.board[sq as usize]);
            if self.table[row * self.squares + sq as usize] > floor {
                out[sq as usize >> 6] |= BITS[sq as usize & 63];
            }
        }
    }

    /// The least entry of any man anywhere.
    pub fn least_entry(&self) -> i32 {
        self.least_entry
    }

    /// What capture (or promotion) `m` gains in the table's sums, and the
    /// entry of the man it leaves on its landing square, which a recapture
    /// would take. Taken from the table rather than from the bare values,
    /// so that quiescence weighs an exchange as the evaluation will: where
    /// tuned weights move a man's worth into his squares (Overboard's
    /// pawns are worth 111 on their start squares and up to 531 near
    /// promotion), the bare values misjudged which captures lose.
    pub fn exchange(&self, pos: &Position, m: crate::core::moves::Move) -> (i32, i32) {
        // The man taken: on the landing square, or (en passant) the one
        // that made the long move.
        let taken = if m.kind == crate::core::moves::MoveKind::EnPassant {
            m.extra()
        } else {
            m.to
        };
        let us = pos.side_to_move();
        let (victim, before, kind) = if self.attached_to(pos) {
            // The position keeps each man's entry where he stands.
            let at = pos.weight_at();
            (
                at[taken as usize],
                at[m.from as usize],
                pos.piece_at(m.from).map(|(k, _)| k),
            )
        } else {
            let victim = pos.piece_at(taken).map_or(0, |(k, c)| self.entry(k, c, taken));
            match pos.piece_at(m.from) {
                Some((k, c)) => (victim, self.entry(k, c, m.from), Some(k)),
                None => (victim, 0, None),
            }
        };
        let after = m.promotion_kind().or(kind).map_or(0, |k| self.entry(k, us, m.to));
        (victim + after - before, after)
    }
}

#[cfg(test)]
mod tests {
    use super::{Evaluator, row_bits};
    use crate::rules::position::Position;
    use crate::text::load::builtin;

    /// The royal zones read as masks count what the box read a rank at a
    /// time does, for every royal of random games on 10 x 10 and 16 x 16
    /// boards (edges and corners included).
    #[test]
    fn royal_zones_as_masks_count_what_the_ranks_do() {
        for id in ["xhess", "overboard", "really-big-board", "flee"] {
            let v = builtin(id).unwrap();
            let e = Evaluator::new(&v);
            assert!(!e.zones.is_empty(), "{id}");
            let mut seed = 0x2545_F491_4F6C_DD1Du64;
            let mut moves = Vec::new();
            let mut compared = 0;
            let mut foes_seen = 0;
            for _ in 0..8 {
                let mut pos = Position::new(v.clone());
                for _ in 0..120 {
                    for color in 0..2 {
                        let (ours, theirs) = (pos.occupied_by(color), pos.occupied_by(color ^ 1));
                        for &k in pos.royals(color) {
                            let by_masks = e.royal_box_by_masks(&pos, k, ours, theirs);
                            assert_eq!(
                                by_masks,
                                e.royal_box_by_ranks(&pos, k, ours, theirs, v.geometry),
                                "{id}: royal on {k} in {}",
                                pos.fen()
                            );
                            compared += 1;
                            foes_seen += by_masks.0;
                        }
                    }
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
            assert!(
                compared > 500 && foes_seen > 0,
                "{id}: {compared} royals, {foes_seen} foes"
            );
        }
    }

    /// A capture's gain is what it changes in the table's part of the
    /// evaluation, and its risk the entry of the man it leaves on its
    /// landing square, for every capture and promotion of random games;
    /// on Overboard, whose tuned weights put much of a pawn's worth in his
    /// squares, these differ from the bare values.
    #[test]
    fn an_exchange_is_what_it_changes_in_the_table() {
        use crate::core::moves::MoveKind;
        for id in ["xhess", "overboard"] {
            let v = builtin(id).unwrap();
            let e = Evaluator::new(&v);
            let sum = |pos: &Position, color: usize| -> i32 {
                pos.squares_of(color)
                    .iter()
                    .map(|&sq| {
                        let (k, c) = pos.piece_at(sq).unwrap();
                        e.entry(k, c, sq)
                    })
                    .sum()
            };
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            let mut moves = Vec::new();
            let (mut checked, mut unlike_values) = (0, 0);
            for _ in 0..6 {
                let mut pos = Position::new(v.clone());
                for _ in 0..150 {
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let us = pos.side_to_move();
                    for &m in &moves {
                        let tactical = pos.is_capture(m) || m.promotion != 0;
                        if !tactical || !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant) {
                            continue;
                        }
                        let (gain, risk) = e.exchange(&pos, m);
                        let before = sum(&pos, us) - sum(&pos, us ^ 1);
                        let mover = pos.piece_at(m.from).unwrap().0;
                        pos.play_unchecked(m);
                        let after = sum(&pos, us) - sum(&pos, us ^ 1);
                        let (landed, _) = pos.piece_at(m.to).unwrap();
                        assert_eq!(gain, after - before, "{id}: {m:?} in {}", pos.fen());
                        assert_eq!(risk, e.entry(landed, us, m.to), "{id}: {m:?}");
                        pos.undo();
                        checked += 1;
                        let by_values = m.promotion_kind().map_or(e.value(mover), |k| e.value(k));
                        unlike_values += usize::from(risk != by_values);
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
                }
            }
            assert!(checked > 200, "{id}: {checked} captures");
            assert!(unlike_values > 0, "{id}: every risk was the bare value");
        }
    }

    #[test]
    fn row_bits_reads_across_a_word_boundary() {
        let set = [0x8000_0000_0000_0001u64 | 1 << 62, 0b101];
        assert_eq!(row_bits(&set, 0, 3), 0b001);
        assert_eq!(row_bits(&set, 62, 5), 0b10111);
        assert_eq!(row_bits(&set, 63, 3), 0b011);
        assert_eq!(row_bits(&set, 64, 7), 0b101);
    }
}
