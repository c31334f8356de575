//! Captures remembered per man between nodes of a search.
//!
//! A man's captures follow from the program it walks and from which
//! squares of that walk are empty, friendly or hostile. The cache keeps,
//! per square, the last walk made from there: the man who walked (his
//! kind, colour and square give his program), the squares it looked at,
//! the two sides' men on those squares, and the moves it found. While the
//! same man sees the same men on the same squares, his moves are the
//! same, in the same order, and the walk is spared.
//! Between the nodes of a search most men see nothing change: a move
//! touches two or three squares.

use std::sync::Arc;

use crate::core::geometry::{BITS, Square};
use crate::core::moves::{Move, MoveKind};
use crate::core::pair::Pair;
use crate::rules::walk::movegen::Sink;
use crate::variant::Variant;

/// Boards up to this many 64-square words keep a cache (16 x 16).
pub(crate) const WORDS: usize = 4;
const _: () = assert!(WORDS.is_power_of_two());
/// A set of squares of such a board, its words past the board's nought.
pub(crate) type Words = [u64; WORDS];
/// The same set as pairs of words, tested a pair at a time ([`Pair`]).
pub(crate) type Wide = [Pair; WORDS / 2];
/// Boards of at most this many words (up to 10 x 12) test only the first
/// pair: the words past them are nought, and the other pair would double
/// the work of each test.
const NARROW: usize = 2;

/// `words` (a board's set of squares, or both sides' in turn, as
/// [`crate::rules::position::Position`] keeps them) as fixed-width sets.
pub(crate) fn padded<const N: usize>(words: &[u64]) -> [Wide; N] {
    let mut sets = [[Pair::ZERO; WORDS / 2]; N];
    let n = words.len() / N;
    for (set, part) in sets.iter_mut().zip(words.chunks_exact(n.max(1))) {
        *set = paired(part);
    }
    sets
}

/// `words` (at most `WORDS` of them) as pairs of words.
#[inline(always)]
pub(crate) fn paired(words: &[u64]) -> Wide {
    let w = widened(words);
    std::array::from_fn(|p| Pair::new(w[2 * p], w[2 * p + 1]))
}

/// `words` (at most `WORDS` of them) as a fixed-width set, a word at a
/// time: a copy of variable length is a call out of the module into the
/// browser's runtime in WebAssembly, where this is a few loads.
#[inline(always)]
pub(crate) fn widened(words: &[u64]) -> Words {
    std::array::from_fn(|i| words.get(i).copied().unwrap_or(0))
}
/// Captures kept per walk; a walk with more is not kept.
const MOVES: usize = 14;
/// No program, no walk: the entry holds nothing.
const NONE: u16 = u16::MAX;

#[derive(Clone, Copy)]
struct Entry {
    /// The man who walked (his kind and colour, and the square, give his
    /// program); none while `count` is `NONE`.
    cell: u16,
    count: u16,
    /// Per pair of words of the board: the squares the walk looked at,
    /// and White's and Black's men on them (side by side, so that a
    /// narrow board's test reads one stretch of memory).
    sets: [[Pair; 3]; WORDS / 2],
    /// Its moves, in the walk's order: where to, and the promotion.
    to: [Square; MOVES],
    promotion: [u8; MOVES],
}

impl Entry {
    /// The same men on the squares the walk looked at. `wide`: the board
    /// has more than [`NARROW`] words.
    #[inline(always)]
    fn sees_the_same(&self, occupied: &[Wide; 2], wide: bool) -> bool {
        // The words at once, without a branch within them.
        let changed = |p: usize| {
            let [seen, white, black] = self.sets[p];
            (occupied[0][p] & seen) ^ white | (occupied[1][p] & seen) ^ black
        };
        let mut any = changed(0);
        if wide {
            any = any | changed(1);
        }
        !any.any()
    }
}

const EMPTY_ENTRY: Entry = Entry {
    cell: 0,
    count: NONE,
    sets: [[Pair::ZERO; 3]; WORDS / 2],
    to: [0; MOVES],
    promotion: [0; MOVES],
};

/// What the tables say of a man of one kind and colour on one square.
#[derive(Clone, Copy)]
pub(crate) struct Plan {
    /// Its nodes there: `start..start + len` of the tables' nodes.
    pub start: u32,
    pub len: u16,
    /// It may promote from there.
    pub promoting: bool,
    /// See [`crate::movement::Program`].
    pub dup: bool,
    pub ep: bool,
    /// Its walks are kept (see [`CaptureCache::keeps_promotions`]).
    pub keeps: bool,
}

/// The plan of the man last seen on a square, and where it could ever
/// capture. Men stay put between most nodes: a copy next to the others,
/// kept per square, spares reads of the large program and reach tables
/// (mostly out of cache on 16 x 16 boards) for each of them.
#[derive(Clone, Copy)]
struct Man {
    cell: u16,
    plan: Plan,
    reach: Wide,
}

const NO_MAN: Man = Man {
    cell: u16::MAX,
    plan: Plan {
        start: 0,
        len: 0,
        promoting: false,
        dup: false,
        ep: false,
        keeps: false,
    },
    reach: [Pair::ZERO; WORDS / 2],
};

/// Squares of the largest board that keeps a cache.
const SQUARES: usize = WORDS * 64;

/// The last capture walk from each square (see the module's comment).
#[derive(Clone)]
pub struct CaptureCache {
    variant: Option<Arc<Variant>>,
    /// Per square, as many as the largest board has, so that a square
    /// (taken modulo their number, which changes none) needs no bounds test.
    entries: Box<[Entry; SQUARES]>,
    men: Box<[Man; SQUARES]>,
    /// The variant's promotions depend only on the squares (no limits by
    /// the men on the board): the walks of men that may promote are kept
    /// too.
    pub(crate) keeps_promotions: bool,
    /// The board has more than [`NARROW`] words.
    wide: bool,
    replays: u64,
}

impl std::fmt::Debug for CaptureCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CaptureCache").field("replays", &self.replays).finish()
    }
}

impl Default for CaptureCache {
    fn default() -> CaptureCache {
        CaptureCache {
            variant: None,
            entries: per_square(EMPTY_ENTRY),
            men: per_square(NO_MAN),
            keeps_promotions: false,
            wide: true,
            replays: 0,
        }
    }
}

/// `value` on every square, on the heap (the entries would crowd a stack).
fn per_square<T: Copy>(value: T) -> Box<[T; SQUARES]> {
    vec![value; SQUARES]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!())
}

impl CaptureCache {
    /// An empty cache.
    pub fn new() -> CaptureCache {
        CaptureCache::default()
    }

    /// How many walks were replayed rather than made.
    pub fn replays(&self) -> u64 {
        self.replays
    }

    /// The entries for `variant`'s board, emptied if they were another
    /// variant's; `None` where the board is too large to keep any.
    pub(crate) fn for_variant(&mut self, variant: &Arc<Variant>, words: usize) -> Option<&mut CaptureCache> {
        if words > WORDS {
            return None;
        }
        if !self.variant.as_ref().is_some_and(|v| Arc::ptr_eq(v, variant)) {
            self.variant = Some(variant.clone());
            self.entries.fill(EMPTY_ENTRY);
            self.men.fill(NO_MAN);
            self.keeps_promotions = variant.promotion_choices.iter().all(|p| p.limits.is_empty());
        }
        self.wide = words > NARROW;
        Some(self)
    }

    /// The plan of the man `cell` on `from` (from `look_up` when it is
    /// not the man seen there last), and whether it could capture on
    /// `targets`.
    #[inline(always)]
    pub(crate) fn man<'t>(
        &mut self,
        from: Square,
        cell: u16,
        targets: &Wide,
        look_up: impl FnOnce() -> (Plan, &'t [u64]),
    ) -> (Plan, bool) {
        let m = &mut self.men[from as usize % SQUARES];
        if m.cell != cell {
            let (plan, reach) = look_up();
            m.cell = cell;
            m.plan = plan;
            m.reach = paired(reach);
        }
        let mut any = m.reach[0] & targets[0];
        if self.wide {
            any = any | m.reach[1] & targets[1];
        }
        (m.plan, any.any())
    }

    /// Whether the man `cell` on `from` found no capture on his last walk
    /// and would see the same men now: he has none now either. Tested
    /// first, before his plan is looked up: most men of a side are so.
    #[inline(always)]
    pub(crate) fn none_again(&mut self, from: Square, cell: u16, occupied: &[Wide; 2]) -> bool {
        let e = &self.entries[from as usize % SQUARES];
        if e.cell != cell || e.count != 0 || !e.sees_the_same(occupied, self.wide) {
            return false;
        }
        self.replays += 1;
        true
    }

    /// Pushes the moves remembered for the man `cell` on `from` if his
    /// walk would see the same men as last time; false if he must walk.
    #[inline]
    pub(crate) fn replay(&mut self, from: Square, cell: u16, occupied: &[Wide; 2], out: &mut Vec<Move>) -> bool {
        let e = &self.entries[from as usize % SQUARES];
        if e.cell != cell || e.count == NONE {
            return false;
        }
        if !e.sees_the_same(occupied, self.wide) {
            return false;
        }
        let count = e.count as usize;
        out.extend(
            e.to[..count]
                .iter()
                .zip(&e.promotion[..count])
                .map(|(&to, &promotion)| Move {
                    promotion,
                    ..Move::normal(from, to)
                }),
        );
        self.replays += 1;
        true
    }

    /// Keeps the walk just made by the man `cell` from `from`: the squares
    /// it looked at and the moves it pushed (plain moves and promotions).
    /// `occupied`: both sides' men as the walk saw them, already padded
    /// for the tests of the men before him.
    pub(crate) fn keep(&mut self, from: Square, cell: u16, occupied: &[Wide; 2], seen: &[u64; WORDS], moves: &[Move]) {
        let e = &mut self.entries[from as usize % SQUARES];
        let plain = |m: &Move| m.kind == MoveKind::Normal && m.aux == 0 && m.from == from;
        if moves.len() > MOVES || !moves.iter().all(plain) {
            e.count = NONE;
            return;
        }
        let [white, black] = occupied;
        e.cell = cell;
        e.count = moves.len() as u16;
        e.sets = std::array::from_fn(|p| {
            let seen = Pair::new(seen[2 * p], seen[2 * p + 1]);
            [seen, white[p] & seen, black[p] & seen]
        });
        for (i, m) in moves.iter().enumerate() {
            e.to[i] = m.to;
            e.promotion[i] = m.promotion;
        }
    }
}

/// A sink that notes the squares a walk looks at.
pub(crate) struct Recorder<S: Sink> {
    pub out: S,
    pub seen: [u64; WORDS],
}

impl<S: Sink> Sink for Recorder<S> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.out.push(m);
    }

    /// Walks recorded for the cache are on boards of at most `WORDS`
    /// words (`CaptureCache::for_variant`): the mask only spares the
    /// walk's loop a bounds test.
    #[inline(always)]
    fn visit(&mut self, sq: Square) {
        self.seen[(sq as usize >> 6) & (WORDS - 1)] |= BITS[sq as usize & 63];
    }
}
