//! The moves the plain walk of the move generator cannot list alone:
//! locusts (a middle leg that takes the enemy it passes, `caK`), chains
//! (`{chain}`: the pattern again from its landing square) and hops over
//! pawns (`{leapfrog}`). Their programs are the same compiled trees; this
//! walk also remembers the men taken on the way, treats them as gone for
//! the rest of the move, looks at which friends are pawns, and follows
//! chains from square to square.
//!
//! A move is known by its effect: where the mover lands and the men it
//! takes on the way. Two paths with the same effect are one move.

use crate::core::geometry::{MAX_SIDE, Square};
use crate::movement::{ALT, CHAIN, CONT, DEST, EMPTY, ENEMY, EP, FAR, FRIEND, Node, PAWN, RECAPTURE, TAKE};

/// What the walk needs to know of the board, from the mover's side.
pub trait View {
    /// [`EMPTY`], [`FRIEND`] or [`ENEMY`] for the mover; the mover's own
    /// square counts as a friend.
    fn class(&self, sq: Square) -> u32;
    /// Is the man on `sq` of a pawn kind?
    fn is_pawn(&self, sq: Square) -> bool;
    /// Is `sq` open to an en-passant capture?
    fn en_passant(&self, sq: Square) -> bool;
    /// Does the man on `sq` stand where the man that took on the last move
    /// stands (a `{recapture}` move may take it)?
    fn recapturable(&self, sq: Square) -> bool;
}

/// One move's effect.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Effect {
    /// Where the mover lands (its own square for a pass or an igui); it
    /// takes whatever enemy stands there.
    pub to: Square,
    /// The men taken on the way, sorted; `to` is not among them.
    pub taken: Vec<Square>,
    /// An en-passant capture (the victim is the one the position records).
    pub en_passant: bool,
}

/// The most chain states (squares of a chain that takes nothing, paths of
/// one that takes men) one move may explore before the rest is given up
/// on: a safeguard against a pathological definition, far above what any
/// real piece needs (a Frog on a full board explores a few dozen).
const MAX_STATES: usize = 200_000;

/// Lists every effect of the piece on `from`. `program(sq, first)` gives
/// the nodes of the mover's program on `sq` (`first`: the move's first
/// segment, where `i` moves count).
pub fn effects<'a>(
    from: Square,
    view: &impl View,
    program: impl Fn(Square, bool) -> &'a [Node],
    out: &mut Vec<Effect>,
) {
    out.clear();
    walk(from, view, program, |stop| {
        out.push(stop.effect());
        false
    });
    out.sort_unstable();
    out.dedup();
}

/// Does some move of the piece on `from` take a man on `target` (landing
/// there or on the way)? The walk stops at the first such move.
pub fn takes<'a>(from: Square, view: &impl View, program: impl Fn(Square, bool) -> &'a [Node], target: Square) -> bool {
    walk(from, view, program, |stop| stop.to == target || stop.takes(target))
}

/// Does some move of the piece on `from` take a man on `target` (landing
/// there or on the way) and pass `ok`? The walk stops at the first such
/// move: an attack test with conditions on the move (no immune man taken
/// on the way) need not list every effect.
pub fn takes_such<'a>(
    from: Square,
    view: &impl View,
    program: impl Fn(Square, bool) -> &'a [Node],
    target: Square,
    ok: impl Fn(&Stop) -> bool,
) -> bool {
    walk(from, view, program, |stop| {
        (stop.to == target || stop.takes(target)) && ok(stop)
    })
}

/// Calls `found(to, victim, en_passant)` for every move of the piece on
/// `from` (perhaps more than once) as long as none takes more than one man
/// on the way (`victim`, the one taken); tells whether none did (at the
/// first that does, the walk stops and `false` comes back).
pub fn simple_moves<'a>(
    from: Square,
    view: &impl View,
    program: impl Fn(Square, bool) -> &'a [Node],
    mut found: impl FnMut(Square, Option<Square>, bool),
) -> bool {
    !walk(from, view, program, |s| {
        if s.before.len() + s.took.len() > 1 {
            return true;
        }
        let victim = s.before.first().copied().or(s.took.first().map(|&(_, t)| t));
        found(s.to, victim, s.en_passant);
        false
    })
}

/// Walks every move of the piece on `from`, calling `found` with each stop
/// (a move's effect, possibly more than once) until it returns true; tells
/// whether it did.
fn walk<'a>(
    from: Square,
    view: &impl View,
    program: impl Fn(Square, bool) -> &'a [Node],
    mut found: impl FnMut(&Stop) -> bool,
) -> bool {
    let mut chains: Vec<(Square, Vec<Square>)> = Vec::with_capacity(16);
    let first = segment(program(from, true), from, from, &[], view, false, &mut |s| {
        if s.chain && s.class == EMPTY && s.to != from {
            chains.push((s.to, s.taken()));
        }
        found(s)
    });
    if first || chains.is_empty() {
        return first;
    }
    let takes_on_way = program(from, true)
        .iter()
        .any(|n| n.flags & (CHAIN | TAKE) == CHAIN | TAKE);
    let mut states = 0;
    if !takes_on_way {
        // A chain that takes nothing on the way reaches a square whenever
        // some path does, and a shortest path never uses a segment twice: a
        // search of squares is exact.
        let mut seen = Squares::default();
        seen.insert(from);
        // A plain move to an empty square is the same move however the
        // chain reached it: `found` hears of it once from the chain (a
        // Ubi-Ubi finds each square from up to eight others).
        let mut heard = Squares::default();
        let mut frontier: Vec<Square> = Vec::with_capacity(64);
        frontier.extend(chains.iter().map(|&(at, _)| at));
        while let Some(at) = frontier.pop() {
            if !seen.insert(at) {
                continue;
            }
            states += 1;
            if states > MAX_STATES {
                break;
            }
            let stop = segment(program(at, false), from, at, &[], view, true, &mut |s| {
                if s.to == from {
                    return false;
                }
                if s.class == EMPTY {
                    frontier.push(s.to);
                    if s.took.is_empty() && !s.en_passant && !heard.insert(s.to) {
                        return false;
                    }
                }
                found(s)
            });
            if stop {
                return true;
            }
        }
        return false;
    }
    // A chain that takes men: every path, depth first, never retracing a
    // segment (the men taken change what later segments may do).
    let mut used = Vec::new();
    let mut search = Chain {
        from,
        view,
        program: &program,
        found: &mut found,
        used: &mut used,
        states: &mut states,
    };
    chains.into_iter().any(|(at, taken)| search.go(from, at, &taken))
}

/// The depth-first search of a chain that takes men on the way. The
/// program and the callback are called through pointers: one instance per
/// view, not per caller's closures (UC-170-17's chain walkers are few, and
/// each instance was about 2 KB of the browser's module).
struct Chain<'s, 'a, V> {
    from: Square,
    view: &'s V,
    program: &'s dyn Fn(Square, bool) -> &'a [Node],
    found: &'s mut dyn FnMut(&Stop) -> bool,
    /// The segments of the current path.
    used: &'s mut Vec<(Square, Square)>,
    states: &'s mut usize,
}

impl<'a, V: View> Chain<'_, 'a, V> {
    /// Goes on from `at`, reached from `prev` with the men `taken`.
    fn go(&mut self, prev: Square, at: Square, taken: &[Square]) -> bool {
        *self.states += 1;
        if *self.states > MAX_STATES {
            return false;
        }
        self.used.push(ordered(prev, at));
        let mut next: Vec<(Square, Vec<Square>)> = Vec::new();
        let (from, used, found) = (self.from, &*self.used, &mut *self.found);
        let stop = segment((self.program)(at, false), from, at, taken, self.view, true, &mut |s| {
            if s.to == from || used.contains(&ordered(at, s.to)) {
                return false;
            }
            if s.class == EMPTY {
                next.push((s.to, s.taken()));
            }
            found(s)
        });
        let stop = stop || next.into_iter().any(|(to, t)| self.go(at, to, &t));
        self.used.pop();
        stop
    }
}

/// The squares a chain search has reached: a bitset over the largest
/// board, on the stack (the search runs in attack tests of chain walkers,
/// where hashing squares cost more than the walk).
struct Squares([u64; (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64)]);

impl Default for Squares {
    fn default() -> Squares {
        Squares([0; (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64)])
    }
}

impl Squares {
    /// Adds `sq`; was it new?
    #[inline]
    fn insert(&mut self, sq: Square) -> bool {
        let (w, bit) = (sq as usize >> 6, 1u64 << (sq & 63));
        let new = self.0[w] & bit == 0;
        self.0[w] |= bit;
        new
    }
}

fn ordered(a: Square, b: Square) -> (Square, Square) {
    (a.min(b), a.max(b))
}

/// A destination found by one segment's walk: a move's effect as the
/// walk finds it.
pub struct Stop<'a> {
    to: Square,
    class: u32,
    /// Men taken by the segments before this one.
    before: &'a [Square],
    /// Men taken on this segment: (end of the taking node's subtree, square).
    took: &'a [(usize, Square)],
    en_passant: bool,
    chain: bool,
}

impl Stop<'_> {
    /// Where the mover lands.
    pub fn to(&self) -> Square {
        self.to
    }

    /// Is the move an en-passant capture?
    pub fn en_passant(&self) -> bool {
        self.en_passant
    }

    /// How many men the move takes on the way.
    pub fn taken_count(&self) -> usize {
        self.before.len() + self.took.len()
    }

    /// Does `f` hold for every man the move takes on the way?
    pub fn all_taken(&self, f: impl Fn(Square) -> bool) -> bool {
        self.before.iter().all(|&sq| f(sq)) && self.took.iter().all(|&(_, sq)| f(sq))
    }

    /// The men taken on the way, sorted.
    fn taken(&self) -> Vec<Square> {
        let mut taken: Vec<Square> = self
            .before
            .iter()
            .copied()
            .chain(self.took.iter().map(|&(_, t)| t))
            .collect();
        taken.sort_unstable();
        taken
    }

    fn takes(&self, sq: Square) -> bool {
        self.before.contains(&sq) || self.took.iter().any(|&(_, t)| t == sq)
    }

    fn effect(&self) -> Effect {
        Effect {
            to: self.to,
            taken: self.taken(),
            en_passant: self.en_passant,
        }
    }
}

/// Walks one program from `at` (the move started on `origin`, now empty;
/// the men of `before` are already taken), calling `found` with each stop
/// until it returns true; tells whether it did. With `chain_only`, only the
/// nodes of `{chain}` patterns may end the segment.
fn segment(
    nodes: &[Node],
    origin: Square,
    at: Square,
    before: &[Square],
    view: &impl View,
    chain_only: bool,
    found: &mut impl FnMut(&Stop) -> bool,
) -> bool {
    // Men taken on this segment: (end of the taking node's subtree, square).
    let mut took: Vec<(usize, Square)> = Vec::new();
    let gone = |sq: Square, took: &[(usize, Square)]| {
        sq == origin
            || sq == at
            || (!before.is_empty() && before.contains(&sq))
            || (!took.is_empty() && took.iter().any(|&(_, t)| t == sq))
    };
    let mut i = 0;
    while i < nodes.len() {
        while took.last().is_some_and(|&(end, _)| i >= end) {
            took.pop();
        }
        let n = nodes[i];
        let mut cls = if gone(n.sq, &took) { EMPTY } else { view.class(n.sq) };
        if cls == ENEMY && n.flags & RECAPTURE != 0 && !view.recapturable(n.sq) {
            // An enemy a `{recapture}` move may not take stands like a friend.
            cls = FRIEND;
        }
        let mut f = (n.flags >> cls) & 7;
        if n.flags & PAWN != 0 && cls == FRIEND && !view.is_pawn(n.sq) {
            f = 0;
        }
        let may_end = !chain_only || n.flags & CHAIN != 0;
        let ep = n.flags & EP != 0 && view.en_passant(n.sq);
        let far_stop = cls == EMPTY
            && n.flags & FAR != 0
            && nodes
                .get(i + 1)
                .is_some_and(|m| !gone(m.sq, &took) && view.class(m.sq) == FRIEND);
        let plain = f & DEST != 0 || far_stop;
        if may_end && (plain || (ep && cls == EMPTY)) {
            let stop = Stop {
                to: n.sq,
                class: cls,
                before,
                took: &took,
                // As in the plain walk: an empty square the piece may move to
                // is a move there, not an en-passant capture; a capture onto
                // an occupied square open to en passant is one (a hopped
                // pawn stands there: both go).
                en_passant: ep && (!plain || cls == ENEMY),
                chain: n.flags & CHAIN != 0,
            };
            if found(&stop) {
                return true;
            }
        }
        i = if f & CONT != 0 {
            if n.flags & TAKE != 0 && cls == ENEMY {
                took.push((n.skip as usize, n.sq));
            }
            i + 1
        } else if f & ALT != 0 {
            n.alt as usize
        } else {
            n.skip as usize
        };
    }
    false
}
