//! The [`Basis`]: what the evaluation's terms are made of before their
//! weights, measured once per variant from its definition (piece values
//! from mobility, centralisation, a royal's advance, promotion and goal
//! nearness). Apart from the [`Evaluator`](super::Evaluator), which weighs
//! it into tables and reads positions, because the tuner refits the
//! weights over one basis.

use super::mobility::{Boards, Mobility, Rng, SAMPLES, random_board};
use crate::core::geometry::Square;
use crate::variant::Variant;
use std::sync::{Arc, Mutex, Weak};

/// A knight on an 8 x 8 board at that density makes about this many moves
/// and is worth about 300 centipawns; values scale from there.
const KNIGHT_MOBILITY: f64 = 4.9;
const KNIGHT_VALUE: f64 = 300.0;
/// Mobility grows value less than linearly (a queen is worth less than a
/// rook and a bishop together on small boards, and long riders on big
/// boards rarely use their full range).
const MOBILITY_EXPONENT: f64 = 0.85;
/// Colour-bound pieces see half the board.
const COLOR_BOUND_FACTOR: f64 = 0.88;

/// Up to this many squares, mobility is sampled from every square on
/// boards drawn for it; beyond, from a spread of squares on shared boards.
const EXACT_SQUARES: usize = 256;

/// What the evaluation's terms are made of before their weights: all that
/// the definition decides. Each term of the evaluation is its weight
/// ([`EvalWeights`](crate::variant::evaluation::EvalWeights)) times a sum over the position of these numbers, which
/// is what the tuner fits ([`Evaluator::features`](super::Evaluator::features)).
#[derive(Clone, Debug)]
pub struct Basis {
    /// Per kind: the value derived from its movement, or its `value`; 0
    /// for royals.
    pub values: Vec<i32>,
    /// Per (move table, White's square): moves from there on an empty
    /// board above the average over the board (kinds that move alike
    /// share a table).
    pub(super) centre: Vec<f64>,
    /// Per kind: its row of `centre`.
    pub(super) centre_row: Vec<usize>,
    /// Per White's square: a far-rank royal's bonus for standing there.
    pub(super) advance: Vec<f64>,
    /// Per kind, per White's square: the average value of the promotion
    /// choices ahead and the cube of the pawn's progress towards them
    /// (empty for kinds that do not promote).
    pub(super) promotion: Vec<Vec<(f64, f64)>>,
    /// Per goal: its kinds, and per White's square the square of its
    /// nearness to the nearest goal square (none where it has none).
    pub(super) goals: Vec<(Vec<bool>, Vec<f64>)>,
    /// Promotion from the reserve: per rank counted from the owner's
    /// side, the cube of a pawn's progress.
    pub(super) reserve_progress: Vec<f64>,
}

impl Basis {
    /// The basis of `v`, measured on the first call for it and then kept
    /// while `v` lives: measuring takes tens of milliseconds on 16 x 16
    /// boards (46 ms for Overboard's 34 kinds), and every searcher of a
    /// variant needs the same one (each game of a match, each position of
    /// `bench`, a new game over UCI). Variants are told apart by identity:
    /// the built-ins are shared, and a variant read again is measured
    /// again.
    pub fn shared(v: &Arc<Variant>) -> Arc<Basis> {
        type Known = Vec<(Weak<Variant>, Arc<Basis>)>;
        static KNOWN: Mutex<Known> = Mutex::new(Vec::new());
        // A panic elsewhere while the lock was held leaves the list whole.
        let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        // A variant gone frees its basis. A live weak reference keeps its
        // variant's address from being reused, so a match is the variant.
        known.retain(|(variant, _)| variant.strong_count() > 0);
        if let Some((_, basis)) = known
            .iter()
            .find(|(variant, _)| std::ptr::eq(variant.as_ptr(), Arc::as_ptr(v)))
        {
            return basis.clone();
        }
        let basis = Arc::new(Basis::new(v));
        known.push((Arc::downgrade(v), basis.clone()));
        basis
    }

    /// Measures the variant's pieces.
    pub fn new(v: &Variant) -> Basis {
        let g = v.geometry;
        let n = g.len();
        let kinds = v.pieces.len();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        // Mobility per kind and square on empty and on sampled boards,
        // measured once per table: kinds with the same movement share it.
        let mut values = vec![0i32; kinds];
        let mut centre = vec![0f64; v.tables.table_count() * n];
        let mut centre_row = vec![0usize; kinds];
        let mut measured: Vec<Option<Mobility>> = vec![None; v.tables.table_count()];
        let mut shared_boards: Option<Vec<Vec<u32>>> = None;
        for kind in 0..kinds {
            let t = v.tables.table_of[kind] as usize;
            let Mobility {
                empty: empty_mob,
                mobility,
                both_colors,
            } = measured[t]
                .get_or_insert_with(|| {
                    if n <= EXACT_SQUARES {
                        Mobility::measure(v, kind, 1, Boards::Fresh(&mut rng))
                    } else {
                        // A large board: fewer origins, and the same few
                        // sampled boards for all of them, so the cost grows
                        // with the tables, not with squares².
                        let boards = shared_boards
                            .get_or_insert_with(|| (0..SAMPLES).map(|_| random_board(&mut rng, n)).collect());
                        Mobility::measure(v, kind, n.div_ceil(EXACT_SQUARES), Boards::Shared(boards))
                    }
                })
                .clone();
            let mut value = KNIGHT_VALUE * (mobility / KNIGHT_MOBILITY).powf(MOBILITY_EXPONENT);
            if !both_colors {
                value *= COLOR_BOUND_FACTOR;
            }
            let piece = &v.pieces[kind];
            if v.pawn[kind] {
                value = value.clamp(90.0, 200.0);
            }
            // An anti-royal is never taken: no material either.
            values[kind] = match (piece.any_royal(), piece.value) {
                (true, _) => 0,
                (false, Some(set)) => set,
                (false, None) => value.round().max(10.0) as i32,
            };
            let avg = empty_mob.iter().sum::<f64>() / n as f64;
            for sq in 0..n {
                centre[t * n + sq] = empty_mob[sq] - avg;
            }
            centre_row[kind] = t;
        }
        let advance = (0..n as Square)
            .map(|sq| {
                let progress = g.rank(sq) as f64 / (g.height as f64 - 1.0).max(1.0);
                30.0 * progress + 250.0 * progress.powi(4)
            })
            .collect();
        // Pawns gain value as they near a square where they promote.
        let mut promotion = vec![Vec::new(); kinds];
        for kind in (0..kinds).filter(|&k| v.pawn[k] && v.promotes[k]) {
            promotion[kind] = vec![(0.0, 0.0); n];
            for sq in 0..n as Square {
                let best = (0..g.height as i32)
                    .filter_map(|r| {
                        let s = g.square(g.file(sq), r)?;
                        let pc = v.promotion(kind, 0, s)?;
                        let avg =
                            pc.choices.iter().map(|&k| values[k]).sum::<i32>() as f64 / pc.choices.len().max(1) as f64;
                        Some((r, avg))
                    })
                    .filter(|&(r, _)| r >= g.rank(sq))
                    .min_by_key(|&(r, _)| r);
                if let Some((zone, gain)) = best {
                    let start = 1.0f64;
                    let span = (zone as f64 - start).max(1.0);
                    let progress = ((g.rank(sq) as f64 - start) / span).clamp(0.0, 1.0);
                    promotion[kind][sq as usize] = (gain, progress.powi(3));
                }
            }
        }
        let span = g.width.max(g.height) as f64;
        let goals = v
            .win
            .goals
            .iter()
            .filter_map(|goal| {
                let targets: Vec<Square> = goal.region.white_squares().collect();
                if targets.is_empty() {
                    return None;
                }
                let near = (0..n as Square)
                    .map(|sq| {
                        let d = targets
                            .iter()
                            .map(|&t| (g.file(t) - g.file(sq)).abs().max((g.rank(t) - g.rank(sq)).abs()))
                            .min()
                            .expect("some goal square");
                        let near = 1.0 - d as f64 / span;
                        near * near
                    })
                    .collect();
                Some((goal.kinds.clone(), near))
            })
            .collect();
        let far = (g.height as f64 - 1.0).max(2.0);
        let reserve_progress = (0..g.height)
            .map(|r| ((r as f64 - 1.0) / (far - 1.0)).clamp(0.0, 1.0).powi(3))
            .collect();
        Basis {
            values,
            centre,
            centre_row,
            advance,
            promotion,
            goals,
            reserve_progress,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::eval::Evaluator;

    /// A variant's basis is measured once while the variant lives, and a
    /// variant read anew gets one of its own, measured alike.
    #[test]
    fn a_basis_is_shared_by_the_searchers_of_one_variant() {
        use super::Basis;
        use crate::variant::builtin_source;
        use std::sync::Arc;
        let v = Arc::new(crate::text::load::load(builtin_source("flee").unwrap()).unwrap());
        let first = Basis::shared(&v);
        assert!(Arc::ptr_eq(&first, &Basis::shared(&v)));
        let again = Arc::new(crate::text::load::load(builtin_source("flee").unwrap()).unwrap());
        let other = Basis::shared(&again);
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(first.values, other.values);
        assert_eq!(Evaluator::shared(&v).values, Evaluator::new(&v).values);
        // Once its variant is gone, the basis is let go.
        let weak = Arc::downgrade(&first);
        drop((first, v));
        Basis::shared(&again);
        assert!(weak.upgrade().is_none());
    }
}
