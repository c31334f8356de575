//! A piece's mobility, measured: the moves of its movement from each
//! square on an empty board and on boards drawn at random at a middlegame's
//! density. The basis (`basis.rs`) derives values and centralisation from
//! it; apart because the sampling (its boards, its generator) is a
//! measurement of its own.

use crate::core::geometry::Square;
use crate::movement::{EMPTY as EMPTY_CLASS, ENEMY, FRIEND, for_each_destination};
use crate::variant::Variant;

/// Board density assumed when measuring a piece's mobility: about a third
/// of the squares hold a piece in a typical middlegame.
const DENSITY_PERCENT: u64 = 30;
/// Random boards sampled per piece kind.
pub(super) const SAMPLES: usize = 6;

/// One movement's mobility.
#[derive(Clone)]
pub(super) struct Mobility {
    /// Moves per square on an empty board.
    pub(super) empty: Vec<f64>,
    /// Average moves on sampled boards.
    pub(super) mobility: f64,
    /// It can reach squares of both colours.
    pub(super) both_colors: bool,
}

/// A board of [`DENSITY_PERCENT`] pieces, half friends and half enemies.
pub(super) fn random_board(rng: &mut Rng, n: usize) -> Vec<u32> {
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
pub(super) enum Boards<'a> {
    /// Drawn anew for every origin and sample.
    Fresh(&'a mut Rng),
    /// The same [`SAMPLES`] boards for every origin.
    Shared(&'a [Vec<u32>]),
}

impl Mobility {
    /// Measures `kind`'s movement: on an empty board from every square,
    /// and on [`SAMPLES`] boards from every `stride`-th square.
    pub(super) fn measure(v: &Variant, kind: usize, stride: usize, mut boards: Boards) -> Mobility {
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

/// A small deterministic generator for the sampled boards.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
