//! Capture mechanisms and auras at run time: men that take without landing
//! (`{withdraw}`, `{approach}`, `{overtake}`, `{coord}`, `{custodial}`),
//! shoot (`{shoot}`), change places (`{swap}`) or destroy (`{destroy}`),
//! and the piece keys `freeze`, `shield` and `captured_by`.
//!
//! What such a move takes depends on the men round it, so none of it is in
//! the compiled tables. While a man of such a kind stands on the board, the
//! position generates every move here, man by man (frozen men only remove
//! themselves), tests legality by playing each move, and answers attack
//! questions by asking every enemy man whether some move of it would
//! remove the target. Without such men the fast paths hold unchanged.

use crate::betza::{Dir, RING, hurdle, mech};
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, Color, EMPTY, Kind, cell_color, cell_kind};
use crate::movement::{ENEMY, FRIEND, for_each_destination};
use crate::rules::mechanisms::borrowed::RetainFrom;
use crate::rules::mechanisms::hurdle::ACTING;
use crate::rules::position::{Position, TOOK, swap_pair};
use crate::variant::mechanics::{ANTI, FREEZE, KindMechanics, PAWNS_ONLY, SHIELD};
use crate::variant::walks;

/// A bitset of squares: [`Position::frozen_squares`]; boards of up to 256
/// squares keep it on the stack.
pub(crate) enum Frozen {
    Small([u64; 4]),
    Large(Vec<u64>),
}

impl Frozen {
    fn new(words: usize) -> Frozen {
        if words <= 4 {
            Frozen::Small([0; 4])
        } else {
            Frozen::Large(vec![0; words])
        }
    }

    fn words(&mut self) -> &mut [u64] {
        match self {
            Frozen::Small(w) => w,
            Frozen::Large(w) => w,
        }
    }

    #[inline]
    pub(crate) fn has(&self, sq: Square) -> bool {
        let w = match self {
            Frozen::Small(w) => w[sq as usize >> 6],
            Frozen::Large(w) => w[sq as usize >> 6],
        };
        w >> (sq & 63) & 1 != 0
    }
}

/// `n` with `(dx, dy) == n * v`, `n >= 1`, if there is one.
#[inline]
pub(crate) fn multiple(dx: i32, dy: i32, v: Dir) -> Option<i32> {
    // Most lines are a king's directions: no division needed (this test
    // runs for every line of every man in each attack test).
    if v.0.abs() <= 1 && v.1.abs() <= 1 {
        let n = dx.abs().max(dy.abs());
        return (n >= 1 && dx == n * v.0 && dy == n * v.1).then_some(n);
    }
    let n = if v.0 != 0 { dx / v.0 } else { dy / v.1 };
    (n >= 1 && dx == n * v.0 && dy == n * v.1).then_some(n)
}

pub(crate) fn within(range: u8, n: i32) -> bool {
    range == 0 || n <= range as i32
}

impl Position {
    /// Does a man with capture mechanisms or an aura stand on the board?
    #[inline]
    pub fn mechanics_on_board(&self) -> bool {
        self.mech_men != 0
    }

    /// Has the man of cell `c` (not empty) the aura `bit`?
    #[inline]
    fn aura(&self, c: Cell, bit: u8) -> bool {
        self.variant.auras[cell_kind(c)] & bit != 0
    }

    fn mechanics_of(&self, kind: Kind) -> &KindMechanics {
        &self.variant.pieces[kind].mechanics
    }

    /// The square `v` (given for White; turned 180° for Black) away.
    #[inline]
    pub(crate) fn toward(&self, sq: Square, v: Dir, color: Color) -> Option<Square> {
        let s = if color == 0 { 1 } else { -1 };
        self.variant.geometry.offset(sq, v.0 * s, v.1 * s)
    }

    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let g = self.variant.geometry;
        RING.iter().filter_map(move |&(dx, dy)| g.offset(sq, dx, dy))
    }

    /// Does a man of `color` stand on `sq`?
    #[inline]
    fn holds(&self, sq: Square, color: Color) -> bool {
        let c = self.board[sq as usize];
        c != EMPTY && cell_color(c) == color
    }

    /// Is the man on `sq` frozen: an enemy man of a `freeze` kind on one of
    /// the eight squares round it, or, a freezing man itself, an enemy
    /// `{mimic}` man there (which copies the freeze)? A freezing man
    /// freezes even when frozen itself, so two enemy Immobilizers side by
    /// side freeze each other.
    pub fn frozen(&self, sq: Square) -> bool {
        let c = self.board[sq as usize];
        c != EMPTY && {
            let them = cell_color(c) ^ 1;
            let mimicked = self.aura(c, FREEZE) && self.has_any(&self.variant.mimic_kinds, them);
            (self.has_any(&self.variant.freeze_kinds, them) || mimicked)
                && self.neighbours(sq).any(|n| {
                    self.holds(n, them)
                        && (self.aura(self.board[n as usize], FREEZE)
                            || (mimicked && self.mechanics_of(cell_kind(self.board[n as usize])).mimic))
                })
        }
    }

    /// The kind of the man on `from`, which immunity is judged against
    /// whatever kind's moves it makes (a borrowed power, a mimicked one).
    #[inline]
    pub(crate) fn mover_kind(&self, from: Square) -> Kind {
        cell_kind(self.board[from as usize])
    }

    /// Is the man of `owner` on `sq` (or a man of `owner` standing there)
    /// safe from a man of kind `by_kind`: a Shield of `owner` next to it, or
    /// it is `captured_by = "pawns"` and `by_kind` is no pawn kind?
    pub(crate) fn immune(&self, sq: Square, owner: Color, by_kind: Kind) -> bool {
        self.immune_unshielded(sq, by_kind) || self.shielded(sq, owner)
    }

    /// [`Position::immune`] but for a Shield: the man on `sq` is
    /// `captured_by = "pawns"` and `by_kind` is no pawn kind, or an
    /// anti-royal.
    #[inline]
    pub(crate) fn immune_unshielded(&self, sq: Square, by_kind: Kind) -> bool {
        let c = self.board[sq as usize];
        // An anti-royal is never taken; only the test of whether it stands
        // attacked (`crate::rules::legal::royals`) looks past that, for it alone.
        c != EMPTY
            && ((self.aura(c, PAWNS_ONLY) && !self.variant.pawn[by_kind])
                || (self.aura(c, ANTI) && sq != self.anti_probe))
    }

    /// The squares where men of `color` are frozen (next to an enemy man
    /// of a `freeze` kind), as a bitset; `None` when the other side has no
    /// such man. Found once per generation or attack test, so that each
    /// man's question is a bit.
    pub(crate) fn frozen_squares(&self, color: Color) -> Option<Frozen> {
        let them = color ^ 1;
        let mimicked = self.has_any(&self.variant.mimic_kinds, them) && self.has_any(&self.variant.freeze_kinds, color);
        if !self.has_any(&self.variant.freeze_kinds, them) && !mimicked {
            return None;
        }
        let mut bits = Frozen::new(self.words);
        let words = bits.words();
        for &f in &self.list[them] {
            let c = self.board[f as usize];
            if self.aura(c, FREEZE) {
                for n in self.neighbours(f) {
                    words[n as usize >> 6] |= 1 << (n & 63);
                }
            } else if mimicked && self.mechanics_of(cell_kind(c)).mimic {
                // A `{mimic}` man freezes the freezing men next to it.
                for n in self.neighbours(f) {
                    if self.holds(n, color) && self.aura(self.board[n as usize], FREEZE) {
                        words[n as usize >> 6] |= 1 << (n & 63);
                    }
                }
            }
        }
        Some(bits)
    }

    /// Does a Shield (a `shield` kind) of `owner` stand next to `sq`?
    pub(crate) fn shielded(&self, sq: Square, owner: Color) -> bool {
        self.has_any(&self.variant.shield_kinds, owner)
            && self
                .neighbours(sq)
                .any(|n| self.holds(n, owner) && self.aura(self.board[n as usize], SHIELD))
    }

    /// Has `color` a man of one of `kinds` on the board?
    #[inline]
    pub(crate) fn has_any(&self, kinds: &[Kind], color: Color) -> bool {
        kinds.iter().any(|&k| self.count(k, color) > 0)
    }

    /// The first man of the variant's first royal kind, the king a
    /// `{coord}` man coordinates with (UC-170-17: the Standard King).
    pub(crate) fn coordinating_kings(&self, us: Color) -> impl Iterator<Item = Square> + '_ {
        let king = self.variant.pieces.iter().position(|p| p.royal);
        self.royals[us]
            .iter()
            .copied()
            .filter(move |&k| Some(cell_kind(self.board[k as usize])) == king)
    }

    /// The men a move of the man of `kind` and `us` on `from` to `to`
    /// takes besides the man on `to`, on the board before the move: its
    /// own mechanisms' victims ([`Position::own_victims`]), a `{mimic}`
    /// man's (`crate::rules::mechanisms::mimic`) or those of the moves a `{orphan}` or
    /// `{friend}` man borrows (`crate::rules::mechanisms::borrowed`).
    pub(crate) fn mechanism_victims(&self, m: Move, kind: Kind, us: Color) -> Vec<Square> {
        let (from, to) = (m.from, m.to);
        let km = self.mechanics_of(kind);
        if km.mimic {
            self.mimic_victims(from, to, us)
        } else if km.borrows() {
            self.borrowed_victims(m, kind, us)
        } else {
            self.own_victims(from, to, kind, us)
        }
    }

    /// The men a move of a man of `kind` and `us` from `from` to the empty
    /// square `to` takes by the mechanisms of `kind` itself, on the board
    /// before the move: every mechanism of a line the move runs along
    /// (compulsory), enemies that are immune left standing.
    pub(crate) fn own_victims(&self, from: Square, to: Square, kind: Kind, us: Color) -> Vec<Square> {
        let km = self.mechanics_of(kind);
        let mut out = Vec::new();
        if km.bits & mech::MOVING == 0 {
            return out;
        }
        let g = self.variant.geometry;
        let s = if us == 0 { 1 } else { -1 };
        let (dx, dy) = ((g.file(to) - g.file(from)) * s, (g.rank(to) - g.rank(from)) * s);
        let enemy =
            |sq: Square| sq != from && self.holds(sq, us ^ 1) && !self.immune(sq, us ^ 1, self.mover_kind(from));
        // A friend after the move: the mover's old square is empty then.
        let friend = |sq: Square| sq == to || (sq != from && self.holds(sq, us));
        for line in km.lines_with(mech::MOVING) {
            for &v in &line.vectors {
                let Some(n) = multiple(dx, dy, v).filter(|&n| within(line.range, n)) else {
                    continue;
                };
                if line.bits & mech::WITHDRAW != 0
                    && let Some(b) = self.toward(from, (-v.0, -v.1), us)
                    && enemy(b)
                {
                    out.push(b);
                }
                if line.bits & mech::APPROACH != 0
                    && let Some(a) = self.toward(to, v, us)
                    && enemy(a)
                {
                    out.push(a);
                }
                if line.bits & mech::OVERTAKE != 0 {
                    let mut sq = from;
                    for _ in 1..n {
                        sq = self.toward(sq, v, us).expect("between two squares of the board");
                        if enemy(sq) {
                            out.push(sq);
                        }
                    }
                }
                if line.bits & mech::CUSTODIAL != 0 {
                    for &u in &line.vectors {
                        if let Some(a) = self.toward(to, u, us)
                            && let Some(b) = self.toward(a, u, us)
                            && enemy(a)
                            && friend(b)
                        {
                            out.push(a);
                        }
                    }
                }
                if line.bits & mech::COORD != 0 {
                    for k in self.coordinating_kings(us) {
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
        crate::core::heap_sort::sort(&mut out);
        out.dedup();
        out
    }

    /// The move of a man of `kind` and `us` from `from` to the empty square
    /// `to`: an [`MoveKind::Effect`] when its mechanisms take men.
    fn moving(&self, from: Square, to: Square, kind: Kind, us: Color) -> Move {
        let kind_of_move = if self.own_victims(from, to, kind, us).is_empty() {
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
    pub(crate) fn overtake_landings(&self, from: Square, kind: Kind, us: Color, mut found: impl FnMut(Square)) {
        for line in self.mechanics_of(kind).lines_with(mech::OVERTAKE) {
            for &v in &line.vectors {
                self.overtake_line(from, us, v, line.range, None, |sq, jumped| {
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
        &self,
        from: Square,
        us: Color,
        v: Dir,
        range: u8,
        target: Option<Square>,
        mut visit: impl FnMut(Square, bool) -> bool,
    ) -> bool {
        let mut sq = from;
        let mut n = 0;
        while let Some(next) = self.toward(sq, v, us) {
            n += 1;
            if !within(range, n) {
                return false;
            }
            sq = next;
            let c = self.board[sq as usize];
            let jumped = c != EMPTY;
            if jumped {
                let jumpable = (Some(sq) == target
                    || (cell_color(c) != us && !self.immune(sq, us ^ 1, self.mover_kind(from))))
                    && self
                        .toward(sq, v, us)
                        .is_some_and(|b| self.board[b as usize] == EMPTY && within(range, n + 1));
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
    fn spotted(&self, target: Square, us: Color, shooter: Square) -> bool {
        let g = self.variant.geometry;
        RING.iter().any(|&(dx, dy)| {
            let Some(near) = g.offset(target, dx, dy) else {
                return false;
            };
            if near != shooter && self.holds(near, us) {
                return true;
            }
            self.board[near as usize] == EMPTY
                && g.offset(near, dx, dy)
                    .is_some_and(|far| far != shooter && self.holds(far, us))
        })
    }

    /// The first square on each line of `bits` from `from` that holds a
    /// man (or is `target`), with its distance.
    fn first_men(
        &self,
        from: Square,
        kind: Kind,
        us: Color,
        bits: u16,
        target: Option<Square>,
        mut found: impl FnMut(Square, i32, u16),
    ) {
        for line in self.mechanics_of(kind).lines_with(bits) {
            for &v in &line.vectors {
                let mut sq = from;
                let mut n = 0;
                while let Some(next) = self.toward(sq, v, us) {
                    n += 1;
                    if !within(line.range, n) {
                        break;
                    }
                    sq = next;
                    if self.board[sq as usize] != EMPTY || Some(sq) == target {
                        found(sq, n, line.bits);
                        break;
                    }
                }
            }
        }
    }

    /// Shots, swaps and mutual destruction of the man on `from`.
    pub(crate) fn actions(&self, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
        let royal = self.variant.pieces[kind].royal;
        self.first_men(
            from,
            kind,
            us,
            mech::SHOOT | mech::SWAP | mech::DESTROY,
            None,
            |sq, n, bits| {
                let enemy = !self.holds(sq, us) && !self.immune(sq, us ^ 1, self.mover_kind(from));
                let make = |kind| Move {
                    kind,
                    ..Move::normal(from, sq)
                };
                if bits & mech::SHOOT != 0 && enemy && (n <= 2 || self.spotted(sq, us, from)) {
                    out.push(make(MoveKind::Shoot));
                }
                if bits & mech::SWAP != 0 && self.swap_ban != swap_pair(from, sq) {
                    out.push(make(MoveKind::Swap));
                }
                // Never the mover's own royal (it would leave the board).
                if bits & mech::DESTROY != 0 && enemy && !royal {
                    out.push(make(MoveKind::Destroy));
                }
            },
        );
    }

    /// Every pseudo-legal move while men with mechanics stand on the board.
    pub(crate) fn moves_with_mechanics(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let frozen = self.frozen_squares(us);
        // The moves `{orphan}` and `{friend}` men borrow: found once for
        // every man that borrows.
        let powers = self
            .has_any(&self.variant.borrow_kinds, us)
            .then(|| self.borrowed_powers());
        for &from in &self.list[us] {
            self.man_moves_with_mechanics(from, frozen.as_ref(), powers.as_ref(), out);
        }
        self.castling_moves(out);
    }

    /// The moves of the man of the side to move on `from` (see
    /// [`Position::moves_with_mechanics`]), given the side's frozen men and
    /// the powers borrowers hold.
    pub(crate) fn man_moves_with_mechanics(
        &self,
        from: Square,
        frozen: Option<&Frozen>,
        powers: Option<&crate::rules::mechanisms::borrowed::Powers>,
        out: &mut Vec<Move>,
    ) {
        let us = self.side;
        {
            let kind = cell_kind(self.board[from as usize]);
            if frozen.is_some_and(|f| f.has(from)) {
                if !self.variant.pieces[kind].any_royal() {
                    out.push(Move {
                        kind: MoveKind::Remove,
                        ..Move::normal(from, from)
                    });
                }
                return;
            }
            let start = out.len();
            let km = self.mechanics_of(kind);
            if km.jester {
                // A `{jester}` acts as the kind the opponent moved last.
                let Some((lender, took)) = self.jester_lender() else {
                    return;
                };
                self.kind_moves(from, lender, us, out);
                // Chains that take several men are walked again as the
                // mover's own kind when played: not lent.
                out.retain_from(start, |m| m.kind != MoveKind::Path);
                self.keep_borrowed(start, lender, took, out);
            } else if km.mimic {
                self.mimic_moves(from, kind, us, out);
            } else if km.borrows() {
                let lent = powers.map_or(&[][..], |p| p.of(from));
                self.borrowing_moves(from, kind, us, lent, out);
            } else {
                self.kind_moves(from, kind, us, out);
            }
            // Captures of immune men are no moves.
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                if !self.takes_immune(m, kind) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// The moves a man of `kind` and `us` on `from` makes by the movement
    /// and mechanisms of `kind` itself: effects of the moves to empty
    /// squares, overtaking, shots, swaps and destruction.
    pub(crate) fn kind_moves(&self, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
        self.kind_moves_with(from, kind, us, true, out);
    }

    /// [`Position::kind_moves`], with the hops' effects on their screens
    /// when `hurdles` (a power lent to an `{orphan}` or `{friend}` man
    /// hops without them).
    pub(crate) fn kind_moves_with(&self, from: Square, kind: Kind, us: Color, hurdles: bool, out: &mut Vec<Move>) {
        let start = out.len();
        self.man_moves(from, kind, out);
        let km = self.mechanics_of(kind);
        if km.bits & mech::MOVING != 0 {
            for m in &mut out[start..] {
                if m.kind == MoveKind::Normal && m.from != m.to && self.board[m.to as usize] == EMPTY {
                    m.kind = self.moving(from, m.to, kind, us).kind;
                }
            }
        }
        if km.hurdle != 0 && hurdles {
            self.add_hurdle_effects(from, kind, us, start, out);
        }
        if km.bits & mech::OVERTAKE != 0 {
            self.overtake_landings(from, kind, us, |to| {
                let m = self.moving(from, to, kind, us);
                if !out[start..].contains(&m) {
                    out.push(m);
                }
            });
        }
        if km.bits & (mech::SHOOT | mech::SWAP | mech::DESTROY) != 0 {
            self.actions(from, kind, us, out);
        }
    }

    /// The kind a `{jester}` of the side to move acts as: the kind the
    /// opponent moved last (and whether that move took), none before any
    /// move or when that kind borrows its own moves.
    fn jester_lender(&self) -> Option<(Kind, bool)> {
        if self.last_mover == 0 {
            return None;
        }
        let kind = (self.last_mover & !TOOK) as usize - 1;
        (!self.mechanics_of(kind).jester).then_some((kind, self.last_mover & TOOK != 0))
    }

    /// Keeps, of the moves from `start` a man made as `lender`, those it
    /// may make: captures only when the lender's move took; of a pawn
    /// kind, only its one-square moves, neither promoting nor taking en
    /// passant. Effect moves carry [`ACTING`] in `aux`, so that playing
    /// them derives the lender's effects.
    fn keep_borrowed(&self, start: usize, lender: Kind, took: bool, out: &mut Vec<Move>) {
        let g = self.variant.geometry;
        let pawn = self.variant.pawn[lender];
        if pawn {
            self.plain_pawn_power(start, out);
        }
        let mut keep = start;
        for i in start..out.len() {
            let mut m = out[i];
            if m.kind == MoveKind::Effect {
                m.aux |= ACTING;
            }
            let near = (g.file(m.to) - g.file(m.from)).abs() <= 1 && (g.rank(m.to) - g.rank(m.from)).abs() <= 1;
            let ok = (took || !self.is_capture(m)) && (!pawn || near);
            if ok {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The kind whose mechanisms a move uses: the mover's, or the kind a
    /// `{jester}` borrowed (an Effect move with [`ACTING`]: the kind the
    /// opponent moved last, read before the move is played).
    pub(crate) fn acting_kind(&self, m: Move) -> Kind {
        if m.kind == MoveKind::Effect
            && m.acting()
            && let Some((lender, _)) = self.jester_lender()
        {
            lender
        } else {
            cell_kind(self.board[m.from as usize])
        }
    }

    /// Could the `{jester}` of `by` on `from` take `target` now? Only on
    /// its own turn (its powers come from the opponent's last move), and
    /// only when that move took.
    fn jester_takes(&self, from: Square, by: Color, target: Square) -> bool {
        let Some((lender, true)) = self.jester_lender().filter(|_| by == self.side) else {
            return false;
        };
        if self.variant.pawn[lender] {
            // Only the pawn's one-square moves: asked of those moves, as
            // the generator makes them (with their mechanisms' victims).
            let mut moves = Vec::new();
            self.kind_moves(from, lender, by, &mut moves);
            moves.retain(|m| m.kind != MoveKind::Path);
            self.keep_borrowed(0, lender, true, &mut moves);
            return moves.into_iter().any(|m| self.captures_of(m).contains(&target));
        }
        if self.mechanics_of(lender).hurdle & hurdle::CIRCE != 0 {
            return self.circe_takes(from, lender, by, target);
        }
        self.kind_takes(from, lender, by, target)
    }

    /// Does `m` (of a man of `kind`) take a man immune to it, or a royal
    /// of its own side (`d`)? Mechanism victims are immune-free by
    /// construction; a friend taken by `d` is taken whatever its auras
    /// (immunity guards against the enemy).
    fn takes_immune(&self, m: Move, kind: Kind) -> bool {
        let them = self.side ^ 1;
        let immune = |sq: Square| self.holds(sq, them) && self.immune(sq, them, kind);
        match m.kind {
            // `d` never takes a royal of its own side.
            MoveKind::Normal if m.from != m.to && self.holds(m.to, self.side) => {
                self.variant.pieces[cell_kind(self.board[m.to as usize])].any_royal()
            }
            MoveKind::Normal | MoveKind::Effect => m.from != m.to && immune(m.to),
            MoveKind::EnPassant | MoveKind::Locust => immune(m.extra()) || immune(m.to),
            MoveKind::Path => {
                immune(m.to)
                    || self
                        .path_effect(m)
                        .is_some_and(|e| e.taken.iter().any(|&sq| immune(sq)))
            }
            _ => false,
        }
    }

    /// Does `m` remove the man on `sq` (a capture by any mechanism)?
    pub(crate) fn removes(&self, m: Move, sq: Square) -> bool {
        self.captures_of(m).contains(&sq)
    }

    /// The squares of the men a move of the side to move takes, by any
    /// mechanism, sorted: where it lands on an enemy, en passant, on the
    /// way, by withdrawal, approach, overtaking, coordination or custodial
    /// capture, a shot, a mutual destruction's victim (the mover's own
    /// square and a frozen man's removal are not captures; a swap takes
    /// nothing).
    pub fn captures_of(&self, m: Move) -> Vec<Square> {
        // A move of another position (a killer tried here) may start on
        // an empty square or another side's man: it takes nothing here.
        let mover = self.board[m.from as usize];
        if mover == EMPTY || cell_color(mover) != self.side {
            return Vec::new();
        }
        let mut out = match m.kind {
            MoveKind::Normal | MoveKind::Castle => Vec::new(),
            MoveKind::EnPassant | MoveKind::Locust => vec![m.extra()],
            MoveKind::Path => self.path_effect(m).map(|e| e.taken).unwrap_or_default(),
            MoveKind::Effect => {
                let mut v = self.mechanism_victims(m, self.acting_kind(m), self.side);
                v.extend(self.rebirth_capture(m));
                v
            }
            MoveKind::Shoot | MoveKind::Destroy => vec![m.to],
            MoveKind::Swap | MoveKind::Remove => Vec::new(),
        };
        if matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Locust | MoveKind::Path | MoveKind::EnPassant | MoveKind::Effect
        ) && m.from != m.to
            && self.board[m.to as usize] != EMPTY
        {
            out.push(m.to);
        }
        crate::core::heap_sort::sort(&mut out);
        out.dedup();
        out
    }

    /// Could a man of `by` remove the man on `target` (or a man of the
    /// other side standing there) by some move now, by any mechanism?
    /// Frozen men attack nothing; immunity holds.
    #[inline(never)]
    pub(crate) fn attacked_with_mechanics(&self, target: Square, by: Color) -> bool {
        if self.shielded(target, by ^ 1) {
            return false;
        }
        let c = self.board[target as usize];
        // An anti-royal is never taken; tested for whether it stands
        // attacked (`anti_probe`), only men that are not royal count.
        let probing = target == self.anti_probe;
        if c != EMPTY && self.aura(c, ANTI) && !probing {
            return false;
        }
        let pawns_only = c != EMPTY && self.aura(c, PAWNS_ONLY);
        // No pawn kind enters a last rank it could not promote on.
        let barred = self.pawns_barred(by);
        // Most tests find no attacker: the frozen men are looked for only
        // when some man could take the target.
        let frozen = std::cell::OnceCell::new();
        let may = |s: Square, kind: Kind| {
            (!pawns_only || self.variant.pawn[kind])
                && (!barred
                    || if probing {
                        // Were it not immune: a pawn kind's captures that
                        // land on the target's square (the last rank's).
                        !self.variant.pawn[kind] || self.variant.geometry.rank(target) != self.variant.far_rank(by)
                    } else {
                        self.barred_pawn_takes(s, kind, by, target)
                    })
                && (!probing || !self.variant.pieces[kind].any_royal())
                && !frozen
                    .get_or_init(|| self.frozen_squares(by))
                    .as_ref()
                    .is_some_and(|f: &Frozen| f.has(s))
        };
        let t = &self.variant.tables;
        let by_tables = self.for_each_attacker_square(by, target, |s| {
            let kind = cell_kind(self.board[s as usize]);
            let pi = t.program_index(kind, by, s);
            t.reaches(pi, target)
                && {
                    let (p, nodes) = self.program_nodes(pi, kind, by, s);
                    self.attacks_along(p, nodes, by, target)
                }
                // A `{circe}` hop that would remove the mover's own royal is
                // no move: such men are asked below.
                && self.variant.walks[kind] & walks::CIRCE == 0
                && may(s, kind)
        });
        if by_tables {
            return true;
        }
        // Without immune men of the other side, a special walk may stop at
        // the first move that takes the target.
        let guarded = self.has_any(&self.variant.shield_kinds, by ^ 1)
            || self.has_any(&self.variant.pawns_only_kinds, by ^ 1)
            || self.has_any(&self.variant.anti_kinds, by ^ 1);
        let borrowed = crate::rules::mechanisms::borrowed::BorrowCache::default();
        self.list[by].iter().any(|&s| {
            let kind = cell_kind(self.board[s as usize]);
            // Most men are answered by the tables above.
            let w = self.variant.walks[kind];
            if w == 0 {
                return false;
            }
            let special = w & walks::SPECIAL != 0
                && (target == self.last_capturer || !self.mechanics_of(kind).recapture_only)
                && t.may_take(t.program_index(kind, by, s), target);
            let mechanical = w & walks::MECHANISM != 0;
            let takes = (w & walks::JESTER != 0 && self.jester_takes(s, by, target))
                || (w & walks::MIMIC != 0 && self.mimic_takes(s, by, target))
                || (w & walks::BORROW != 0 && self.borrower_takes(s, kind, by, target, &borrowed))
                || (special
                    && if guarded {
                        self.special_takes_unshielded(s, kind, by, target)
                    } else {
                        self.special_takes(s, kind, by, target)
                    })
                || (mechanical && self.mechanism_takes(s, kind, by, target))
                || (w & walks::CIRCE != 0 && self.circe_takes(s, kind, by, target));
            takes && may(s, kind)
        }) || (self.variant.win.flying_royals && self.royal_faces(target, by))
    }

    /// Does some move of the special man (see [`crate::rules::walk::special`]) of `kind`
    /// and `by` on `from` take `target` without taking an immune man on
    /// the way (which would make it no move)?
    #[inline(never)]
    fn special_takes_unshielded(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        let immune = |sq: Square| sq != target && self.holds(sq, by ^ 1) && self.immune(sq, by ^ 1, kind);
        self.special_takes_such(from, kind, by, target, |s| {
            s.all_taken(|sq| !immune(sq)) && !immune(s.to())
        })
    }

    /// Could the man of `kind` and `by` on `from` remove `target` by one of
    /// its mechanisms? Asked of each mechanism's geometry directly (a
    /// kind confined to a region walks its moves instead).
    #[inline(never)]
    pub(crate) fn mechanism_takes(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        self.mechanism_takes_but(from, kind, by, target, 0)
    }

    /// [`Position::mechanism_takes`] by the mechanisms not in `except`.
    pub(crate) fn mechanism_takes_but(&self, from: Square, kind: Kind, by: Color, target: Square, except: u16) -> bool {
        if self.variant.pieces[kind].region.is_some() {
            return self.mechanism_takes_by_moves(from, kind, by, target);
        }
        let km = self.mechanics_of(kind);
        let royal = self.variant.pieces[kind].royal;
        let empty = |sq: Square| self.board[sq as usize] == EMPTY;
        let g = self.variant.geometry;
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
                        && self.toward(from, v, by).is_some_and(empty)
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
                        while let Some(next) = self.toward(sq, v, by) {
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
                                && (n <= 2 || self.spotted(target, by, from));
                            let destroy = bits & mech::DESTROY != 0 && within(line.range, n) && !royal;
                            if approach || shot || destroy {
                                return true;
                            }
                        }
                    }
                    if bits & mech::OVERTAKE != 0 && self.overtakes_on(from, by, v, line.range, target) {
                        return true;
                    }
                }
            }
            if bits & mech::CUSTODIAL != 0 {
                for &u in &line.vectors {
                    if let Some(to) = self.toward(target, (-u.0, -u.1), by)
                        && let Some(beyond) = self.toward(target, u, by)
                        && beyond != from
                        && self.holds(beyond, by)
                        && self.line_reaches(from, to, line.range, &line.vectors, by)
                    {
                        return true;
                    }
                }
            }
            if bits & mech::COORD != 0 && self.coordinates_on(from, by, line.range, &line.vectors, target) {
                return true;
            }
        }
        false
    }

    /// Does the `{overtake}` line `v` from `from` jump `target`?
    fn overtakes_on(&self, from: Square, by: Color, v: Dir, range: u8, target: Square) -> bool {
        self.overtake_line(from, by, v, range, Some(target), |sq, jumped| jumped && sq == target)
    }

    /// Does a move along one of `vectors` (within `range`) take the man
    /// from `from` to the empty square `to` over empty squares?
    fn line_reaches(&self, from: Square, to: Square, range: u8, vectors: &[Dir], by: Color) -> bool {
        if to == from || self.board[to as usize] != EMPTY {
            return false;
        }
        let g = self.variant.geometry;
        let s = if by == 0 { 1 } else { -1 };
        let (dx, dy) = ((g.file(to) - g.file(from)) * s, (g.rank(to) - g.rank(from)) * s);
        vectors.iter().any(|&v| {
            multiple(dx, dy, v).is_some_and(|n| {
                within(range, n) && {
                    let mut sq = from;
                    (1..n).all(|_| {
                        sq = self.toward(sq, v, by).expect("between two squares of the board");
                        self.board[sq as usize] == EMPTY
                    })
                }
            })
        })
    }

    /// Does a `{coord}` move of the man on `from` along `vectors` take
    /// `target` (on its new file and a king's rank, or its new rank and a
    /// king's file)?
    fn coordinates_on(&self, from: Square, by: Color, range: u8, vectors: &[Dir], target: Square) -> bool {
        let g = self.variant.geometry;
        let (tf, tr) = (g.file(target), g.rank(target));
        let (mut on_file, mut on_rank) = (false, false);
        for k in self.coordinating_kings(by) {
            on_file |= g.rank(k) == tr;
            on_rank |= g.file(k) == tf;
        }
        if !on_file && !on_rank {
            return false;
        }
        vectors.iter().any(|&v| {
            let mut sq = from;
            let mut n = 0;
            while let Some(next) = self.toward(sq, v, by) {
                n += 1;
                if !within(range, n) || self.board[next as usize] != EMPTY {
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

    /// [`Position::mechanism_takes`] by walking the man's moves.
    fn mechanism_takes_by_moves(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        let km = self.mechanics_of(kind);
        let mut hit = false;
        if km.bits & (mech::SHOOT | mech::DESTROY) != 0 {
            let royal = self.variant.pieces[kind].royal;
            self.first_men(
                from,
                kind,
                by,
                mech::SHOOT | mech::DESTROY,
                Some(target),
                |sq, n, bits| {
                    hit |= sq == target
                        && ((bits & mech::SHOOT != 0 && (n <= 2 || self.spotted(sq, by, from)))
                            || (bits & mech::DESTROY != 0 && !royal));
                },
            );
        }
        if hit || km.bits & mech::MOVING == 0 {
            return hit;
        }
        let takes_on = |to: Square| self.own_victims(from, to, kind, by).contains(&target);
        if km.bits & mech::OVERTAKE != 0 {
            self.overtake_landings(from, kind, by, |to| hit |= takes_on(to));
        }
        if !hit {
            self.empty_destinations(from, kind, by, |to| hit |= takes_on(to));
        }
        hit
    }

    /// The empty squares the compiled moves of a man of `kind` and `by` on
    /// `from` reach, whoever is to move.
    pub(crate) fn empty_destinations(&self, from: Square, kind: Kind, by: Color, mut found: impl FnMut(Square)) {
        let t = &self.variant.tables;
        let (_, nodes) = self.program_nodes(t.program_index(kind, by, from), kind, by, from);
        let class_of = |sq: Square| {
            let c = self.board[sq as usize];
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
}
