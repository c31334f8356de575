//! Static evaluation that needs no tuning per variant: piece values derived
//! from each piece's movement, centralisation from its mobility on each
//! square, pawn advancement, king safety and, where a royal on the far rank
//! wins, the royal's advance.

use crate::geometry::Square;
use crate::movement::{EMPTY as EMPTY_CLASS, ENEMY, FRIEND, for_each_destination};
use crate::piece::{Color, cell_kind};
use crate::position::Position;
use crate::variant::Variant;
use std::sync::Arc;

/// Board density assumed when measuring a piece's mobility: about a third
/// of the squares hold a piece in a typical middlegame.
const DENSITY_PERCENT: u64 = 30;
/// Random boards sampled per piece kind.
const SAMPLES: usize = 6;
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
/// Centipawns per move of mobility above the piece's average on a square.
const CENTRALISATION: f64 = 3.0;
/// A pawn about to promote is worth this share of the average promotion
/// choice, on top of its own value.
const PROMOTION_SHARE: f64 = 0.35;
/// King safety: penalty per enemy piece near a royal, bonus per friend next
/// to it.
const ENEMY_NEAR_ROYAL: i32 = 12;
const FRIEND_NEXT_TO_ROYAL: i32 = 6;
const TEMPO: i32 = 12;
/// Per check given, where the rules count checks (`checks = N`): about
/// a minor piece's worth, as the next check may win.
const CHECK_GIVEN: i32 = 250;
/// A capturable royal of a side that may lose royals (extinction, as in
/// UC-170-17 with two royals): each is a step towards losing, about a
/// rook's worth; under check rules a royal has no material value (mate
/// decides).
const ROYAL_AT_RISK: i32 = 450;

/// A piece that wins by reaching a goal square gains up to this much as it
/// nears the nearest one (more with the square of its nearness).
const GOAL_BONUS: f64 = 160.0;

/// Up to this many squares, mobility is sampled from every square on
/// boards drawn for it; beyond, from a spread of squares on shared boards.
const EXACT_SQUARES: usize = 256;

/// One movement's mobility.
#[derive(Clone)]
struct Mobility {
    /// Moves per square on an empty board.
    empty: Vec<f64>,
    /// Average moves on sampled boards.
    mobility: f64,
    /// It can reach squares of both colours.
    both_colors: bool,
}

/// A board of [`DENSITY_PERCENT`] pieces, half friends and half enemies.
fn random_board(rng: &mut Rng, n: usize) -> Vec<u32> {
    (0..n)
        .map(|_| {
            let r = rng.next() % 100;
            if r >= DENSITY_PERCENT {
                EMPTY_CLASS
            } else if r.is_multiple_of(2) {
                FRIEND
            } else {
                ENEMY
            }
        })
        .collect()
}

/// Where the sampled boards come from.
enum Boards<'a> {
    /// Drawn anew for every origin and sample.
    Fresh(&'a mut Rng),
    /// The same [`SAMPLES`] boards for every origin.
    Shared(&'a [Vec<u32>]),
}

impl Mobility {
    /// Measures `kind`'s movement: on an empty board from every square,
    /// and on [`SAMPLES`] boards from every `stride`-th square.
    fn measure(v: &Variant, kind: usize, stride: usize, mut boards: Boards) -> Mobility {
        let g = v.geometry;
        let n = g.len();
        let mut empty = vec![0f64; n];
        let mut sampled = 0f64;
        let mut origins = 0usize;
        let mut both_colors = false;
        for sq in 0..n as Square {
            let p = v.tables.program(kind, 0, sq);
            let nodes = &v.tables.nodes[p.start as usize..p.start as usize + p.len as usize];
            let mut count = 0.0;
            let parity = (g.file(sq) + g.rank(sq)) & 1;
            for_each_destination(
                nodes,
                |_| EMPTY_CLASS,
                |to, _| {
                    if to != sq {
                        count += 1.0;
                        both_colors |= (g.file(to) + g.rank(to)) & 1 != parity;
                    }
                },
            );
            empty[sq as usize] = count;
            if !(sq as usize).is_multiple_of(stride) {
                continue;
            }
            origins += 1;
            for i in 0..SAMPLES {
                let fresh;
                let occupancy: &[u32] = match &mut boards {
                    Boards::Fresh(rng) => {
                        fresh = random_board(rng, n);
                        &fresh
                    }
                    Boards::Shared(b) => &b[i],
                };
                let mut c = 0.0;
                for_each_destination(
                    nodes,
                    |s| if s == sq { FRIEND } else { occupancy[s as usize] },
                    |to, _| {
                        if to != sq {
                            c += 1.0;
                        }
                    },
                );
                sampled += c;
            }
        }
        Mobility {
            empty,
            mobility: sampled / (SAMPLES * origins.max(1)) as f64,
            both_colors,
        }
    }
}

/// Per-variant evaluation tables.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value per kind (0 for royals).
    pub values: Vec<i32>,
    /// Positional bonus per (kind, colour, square), material included;
    /// attached to positions during a search, which keep its sums.
    table: Arc<Vec<i32>>,
    squares: usize,
    pawn: Vec<bool>,
    near: u8,
    promotion_gain: i32,
    /// The rank of each square (a division spared per evaluation).
    ranks: Vec<u8>,
    /// Promotion from the reserve (`[reserve] promote = true`): per
    /// pawn kind, whether it promotes so; per rank counted from the
    /// owner's side, the share of what the promotion brings (the
    /// reserve's last piece, known only in the position) a pawn kind
    /// there is worth.
    reserve_promotion: Option<(Vec<bool>, Vec<f64>)>,
    /// Royal modes (`royal_modes`): a side may lose royals one by one.
    royal_modes: bool,
}

/// Adds to `table` each goal piece's bonus for nearing its goal squares
/// (Chebyshev distance to the nearest).
fn add_goal_bonus(v: &Variant, table: &mut [i32]) {
    let g = v.geometry;
    let n = g.len();
    let span = g.width.max(g.height) as f64;
    for goal in &v.win.goals {
        let targets: Vec<Square> = goal.region.white_squares().collect();
        for kind in (0..v.pieces.len()).filter(|&k| goal.kinds[k]) {
            for color in 0..2 {
                for sq in 0..n as Square {
                    let white_sq = if color == 0 { sq } else { g.mirror(sq) };
                    let Some(d) = targets
                        .iter()
                        .map(|&t| {
                            (g.file(t) - g.file(white_sq))
                                .abs()
                                .max((g.rank(t) - g.rank(white_sq)).abs())
                        })
                        .min()
                    else {
                        continue;
                    };
                    let near = 1.0 - d as f64 / span;
                    table[(kind * 2 + color) * n + sq as usize] += (GOAL_BONUS * near * near).round() as i32;
                }
            }
        }
    }
}

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

/// A small deterministic generator for the sampled boards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

impl Evaluator {
    pub fn new(v: &Variant) -> Evaluator {
        let g = v.geometry;
        let n = g.len();
        let kinds = v.pieces.len();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        // Mobility per kind and square on empty and on sampled boards,
        // measured once per table: kinds with the same movement share it.
        let mut values = vec![0i32; kinds];
        let mut table = vec![0i32; kinds * 2 * n];
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
            for color in 0..2 {
                for sq in 0..n as Square {
                    // Tables are by White's squares; Black's are mirrored.
                    let white_sq = if color == 0 { sq } else { g.mirror(sq) };
                    let mut bonus = (empty_mob[white_sq as usize] - avg) * CENTRALISATION;
                    let progress = g.rank(white_sq) as f64 / (g.height as f64 - 1.0).max(1.0);
                    if piece.royal {
                        bonus = if v.win.royal_far_rank {
                            30.0 * progress + 250.0 * progress.powi(4)
                        } else {
                            -bonus
                        };
                    }
                    table[(kind * 2 + color) * n + sq as usize] = values[kind] + bonus.round() as i32;
                }
            }
        }
        // Pawns gain value as they near a square where they promote.
        for kind in 0..kinds {
            if !v.pawn[kind] || !v.promotes[kind] {
                continue;
            }
            for color in 0..2 {
                for sq in 0..n as Square {
                    let white_sq = if color == 0 { sq } else { g.mirror(sq) };
                    let best = (0..g.height as i32)
                        .filter_map(|r| {
                            let s = g.square(g.file(white_sq), r)?;
                            let pc = v.promotion(kind, 0, s)?;
                            let avg = pc.choices.iter().map(|&k| values[k]).sum::<i32>() as f64
                                / pc.choices.len().max(1) as f64;
                            Some((r, avg))
                        })
                        .filter(|&(r, _)| r >= g.rank(white_sq))
                        .min_by_key(|&(r, _)| r);
                    if let Some((zone, gain)) = best {
                        let start = 1.0f64;
                        let span = (zone as f64 - start).max(1.0);
                        let progress = ((g.rank(white_sq) as f64 - start) / span).clamp(0.0, 1.0);
                        table[(kind * 2 + color) * n + sq as usize] +=
                            (gain * PROMOTION_SHARE * progress.powi(3)).round() as i32;
                    }
                }
            }
        }
        add_goal_bonus(v, &mut table);
        let near = if g.width.max(g.height) >= 12 { 3 } else { 2 };
        let promotion_gain = v
            .promotion_choices
            .iter()
            .flat_map(|p| p.choices.iter().map(|&k| values[k]))
            .max()
            .unwrap_or(0);
        let promotes_from_reserve = v.reserve.is_some_and(|r| r.promote);
        let reserve_promotion = promotes_from_reserve.then(|| {
            let far = (g.height as f64 - 1.0).max(2.0);
            let shares = (0..g.height)
                .map(|r| PROMOTION_SHARE * ((r as f64 - 1.0) / (far - 1.0)).clamp(0.0, 1.0).powi(3))
                .collect();
            (v.pawn.clone(), shares)
        });
        Evaluator {
            reserve_promotion,
            royal_modes: v.win.royal_modes,
            ranks: (0..n as Square).map(|sq| g.rank(sq) as u8).collect(),
            promotion_gain,
            values,
            table: Arc::new(table),
            squares: n,
            pawn: (0..kinds)
                .map(|k| v.pawn[k] && (v.promotes[k] || promotes_from_reserve))
                .collect(),
            near,
        }
    }

    /// Bytes held by the evaluation tables.
    pub fn bytes(&self) -> usize {
        self.table.len() * 4 + self.values.len() * 4 + self.pawn.len() + self.ranks.len()
    }

    /// Score for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let g = pos.variant().geometry;
        let (weights, sums) = pos.weights();
        let attached = Arc::ptr_eq(weights, &self.table);
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
                s += self.royal_safety(pos, k, color, g);
            }
            if self.royal_modes && !pos.check_rules(color) {
                s += ROYAL_AT_RISK * pos.royals(color).len() as i32;
            }
            // Counted checks (three-check): each check given brings the
            // win nearer (0 where checks are not counted).
            s + CHECK_GIVEN * pos.checks_given(color) as i32
                + self.credits_worth(pos, color)
                + self.promotions_ahead(pos, color)
        });
        let us = pos.side_to_move();
        score[us] - score[us ^ 1] + TEMPO
    }

    /// What `color`'s credits (reserves) will bring: the values of the
    /// reserve men they pay for, next first.
    fn credits_worth(&self, pos: &Position, color: Color) -> i32 {
        if pos.variant().reserve.is_none() {
            return 0;
        }
        let credits = pos.credits(color);
        [crate::reserve::PIECES, crate::reserve::PAWNS]
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
        let Some((pawn, shares)) = &self.reserve_promotion else {
            return 0;
        };
        let Some(&back) = pos.reserve(color, crate::reserve::PIECES).last() else {
            return 0;
        };
        let brings = self.values[back];
        let g = pos.variant().geometry;
        let last = g.height as usize - 1;
        let mut s = 0.0;
        for &sq in pos.squares_of(color) {
            let kind = cell_kind(pos.board[sq as usize]);
            if pawn[kind] {
                let rank = self.ranks[sq as usize] as usize;
                let ahead = if color == 0 { rank } else { last - rank };
                s += shares[ahead] * (brings - self.values[kind]).max(0) as f64;
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
                .reserve(pos.side_to_move(), crate::reserve::PIECES)
                .last()
                .map_or(0, |&k| self.values[k]),
            None => 0,
        };
        self.promotion_gain.max(reserve)
    }

    /// Friends next to the royal on `k`, enemies (not pawns) within
    /// `near` squares. The box is read from the occupancy bitsets a rank at
    /// a time, so empty squares cost nothing.
    fn royal_safety(&self, pos: &Position, k: Square, color: Color, g: crate::geometry::Geometry) -> i32 {
        let width = g.width as i32;
        let kr = self.ranks[k as usize] as i32;
        let kf = k as i32 - kr * width;
        let near = self.near as i32;
        let ours = pos.occupied_by(color);
        let theirs = pos.occupied_by(color ^ 1);
        let mut s = 0;
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
                    s -= ENEMY_NEAR_ROYAL;
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
        // Royals (this one among them) are not guards.
        let royals = match pos.royals(color) {
            [_] => 1,
            all => all
                .iter()
                .filter(|&&q| (g.rank(q) - kr).abs() <= 1 && (q as i32 - g.rank(q) * width - kf).abs() <= 1)
                .count() as i32,
        };
        s + FRIEND_NEXT_TO_ROYAL * (friends - royals)
    }

    /// The piece-square table, to attach to a position searched
    /// ([`Position::set_weights`]): indexed by (kind, colour) then square,
    /// which is the position's (cell - 2, square).
    pub fn weights(&self) -> Arc<Vec<i32>> {
        self.table.clone()
    }

    /// The value taken by a capture onto an empty square (en passant): the
    /// piece that made the long move.
    pub fn value_of_pawn_victim(&self, pos: &Position, _m: crate::moves::Move) -> i32 {
        let ep = pos.en_passant();
        pos.piece_at(ep.victim).map_or(0, |(k, _)| self.values[k])
    }

    /// A piece's material value.
    pub fn value(&self, kind: usize) -> i32 {
        self.values[kind]
    }
}

#[cfg(test)]
mod tests {
    use super::row_bits;

    #[test]
    fn row_bits_reads_across_a_word_boundary() {
        let set = [0x8000_0000_0000_0001u64 | 1 << 62, 0b101];
        assert_eq!(row_bits(&set, 0, 3), 0b001);
        assert_eq!(row_bits(&set, 62, 5), 0b10111);
        assert_eq!(row_bits(&set, 63, 3), 0b011);
        assert_eq!(row_bits(&set, 64, 7), 0b101);
    }
}
