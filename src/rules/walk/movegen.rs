//! Move generation.
//!
//! Pseudo-legal moves come from walking each piece's compiled program;
//! which of them are legal is decided in [`crate::rules::legal::legality`], from the
//! attack tests of `crate::rules::attacks`.

use crate::core::geometry::{MAX_SIDE, Square};
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, cell_color, cell_kind};
use crate::movement::{ALT, CONT, DEST, ENEMY, EP, FAR, FRIEND, MoveTables, Node, Program};
use crate::rules::mechanisms::aura;
use crate::rules::position::Position;
use crate::rules::walk::special::{Effect, Stop, View, effects, simple_moves, takes, takes_such};

/// Where generated moves go: a list, or a search for one move.
pub(crate) trait Sink {
    fn push(&mut self, m: Move);
    /// Nothing more is wanted: the walk may stop.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
    /// The walk looks at `sq` (see [`crate::rules::walk::capture_cache::Recorder`]).
    #[inline(always)]
    fn visit(&mut self, _sq: Square) {}
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

impl<T: Sink> Sink for &mut T {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        (**self).push(m);
    }

    #[inline(always)]
    fn done(&self) -> bool {
        (**self).done()
    }

    #[inline(always)]
    fn visit(&mut self, sq: Square) {
        (**self).visit(sq);
    }
}

/// A list with room made for every move a walk pushes: no growth, so no
/// call, in the walk's loop. The browser's engine keeps no value in a
/// register across a call: with one in the loop (however rarely made),
/// it stores the loop's variables at every turn.
pub(crate) struct Within<'a>(pub &'a mut Vec<Move>);

impl Sink for Within<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        crate::rules::position::push_within(self.0, m);
    }
}

/// A sink that only notes whether one given move comes by.
struct Finder {
    wanted: Move,
    found: bool,
}

impl Sink for Finder {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }

    #[inline(always)]
    fn done(&self) -> bool {
        self.found
    }
}

/// Which class a cell is for `us`: a shift into the node flags.
#[inline(always)]
pub(crate) fn class(c: u16, us: usize) -> u32 {
    if c == EMPTY {
        0
    } else if (c as usize ^ us) & 1 == 0 {
        FRIEND
    } else {
        ENEMY
    }
}

impl Position {
    #[inline(always)]
    /// The program `pi` of a piece of `kind` and `color` on `sq`, and the
    /// nodes it may use there (callers usually hold `pi` already).
    pub(crate) fn program_nodes(&self, pi: usize, kind: usize, color: Color, sq: Square) -> (&Program, &[Node]) {
        let t: &MoveTables = &self.variant.tables;
        let p = &t.programs[pi];
        let len = if self.variant.is_initial(kind, color, sq) {
            p.len_initial
        } else {
            p.len
        };
        (p, &t.nodes[p.start as usize..p.start as usize + len as usize])
    }

    /// Is the game over because a royal stands on its far rank?
    pub fn royal_on_far_rank(&self) -> Option<Color> {
        if !self.variant.win.royal_far_rank {
            return None;
        }
        // White's far rank is the last row of squares, Black's the first.
        let g = self.variant.geometry;
        let width = g.width as Square;
        let last_row = (g.height as Square - 1) * width;
        if self.royals[0].iter().any(|&sq| sq >= last_row) {
            Some(0)
        } else if self.royals[1].iter().any(|&sq| sq < width) {
            Some(1)
        } else {
            None
        }
    }

    /// Keeps the moves from `start` on that pass `keep`.
    pub(crate) fn keep_since(&self, out: &mut Vec<Move>, start: usize, keep: impl Fn(Move) -> bool) {
        let mut k = start;
        for i in start..out.len() {
            let m = out[i];
            if keep(m) {
                out[k] = m;
                k += 1;
            }
        }
        out.truncate(k);
    }

    /// The effects of the special piece (see [`crate::rules::walk::special`]) of `kind`
    /// and colour `us` on `from`; `target`, if any, counts as an enemy of
    /// `us` (an attack test).
    pub(crate) fn special_effects(
        &self,
        from: Square,
        kind: usize,
        us: Color,
        target: Option<Square>,
        out: &mut Vec<Effect>,
    ) {
        let view = PositionView {
            pos: self,
            us,
            kind,
            target,
        };
        effects(from, &view, |sq, first| self.special_nodes(kind, us, sq, first), out);
    }

    /// Does the special piece of `kind` and colour `by` on `from` take a
    /// man on `target` (counted as an enemy of `by`), on the way or by
    /// landing?
    pub(crate) fn special_takes(&self, from: Square, kind: usize, by: Color, target: Square) -> bool {
        let view = PositionView {
            pos: self,
            us: by,
            kind,
            target: Some(target),
        };
        takes(from, &view, |sq, first| self.special_nodes(kind, by, sq, first), target)
    }

    /// [`Position::special_takes`], walked in full when it does not take
    /// `target`: every square the walk reads (what stands there, whether a
    /// pawn, open to en passant, the last capturer) is marked in `reads`.
    /// A change of none of them leaves the walk's moves as they were.
    pub(crate) fn special_reads(
        &self,
        from: Square,
        kind: usize,
        by: Color,
        target: Square,
        reads: &mut [u64],
    ) -> bool {
        let view = Recording {
            view: PositionView {
                pos: self,
                us: by,
                kind,
                target: Some(target),
            },
            reads: std::cell::RefCell::new(reads),
        };
        takes(from, &view, |sq, first| self.special_nodes(kind, by, sq, first), target)
    }

    /// [`Position::special_takes`] by a move that passes `ok`.
    pub(crate) fn special_takes_such(
        &self,
        from: Square,
        kind: usize,
        by: Color,
        target: Square,
        ok: impl Fn(&Stop) -> bool,
    ) -> bool {
        let view = PositionView {
            pos: self,
            us: by,
            kind,
            target: Some(target),
        };
        takes_such(
            from,
            &view,
            |sq, first| self.special_nodes(kind, by, sq, first),
            target,
            ok,
        )
    }

    /// The nodes of the program a special piece walks on `sq` (`first`:
    /// the move's first segment, where `i` moves count).
    fn special_nodes(&self, kind: usize, us: Color, sq: Square, first: bool) -> &[Node] {
        let t = &self.variant.tables;
        let p = &t.programs[t.program_index(kind, us, sq)];
        let len = if first && self.variant.is_initial(kind, us, sq) {
            p.len_initial
        } else {
            p.len
        };
        &t.nodes[p.start as usize..p.start as usize + len as usize]
    }

    /// The moves of a special piece, one per effect: a plain move when it
    /// takes nothing on the way, a locust when it takes one man there, a
    /// path when more.
    #[inline(never)]
    pub(crate) fn special_moves(&self, from: Square, kind: usize, out: &mut Vec<Move>) {
        // Most such moves take at most one man on the way: they are listed
        // as the walk finds them, repeats removed. A move taking more needs
        // its ordinal among the effects (a path move): then all effects are
        // listed and sorted.
        let start = out.len();
        let view = PositionView {
            pos: self,
            us: self.side,
            kind,
            target: None,
        };
        let simple = simple_moves(
            from,
            &view,
            |sq, first| self.special_nodes(kind, self.side, sq, first),
            |to, victim, en_passant| {
                let m = match (en_passant, victim) {
                    (true, _) => Move {
                        from,
                        to,
                        kind: MoveKind::EnPassant,
                        promotion: 0,
                        aux: self.ep.victim,
                    },
                    (false, None) => Move::normal(from, to),
                    (false, Some(v)) => Move::locust(from, to, v),
                };
                self.emit_special(m, kind, out);
            },
        );
        if simple {
            dedup_exact_since(out, start);
            return;
        }
        out.truncate(start);
        let mut list = Vec::new();
        self.special_effects(from, kind, self.side, None, &mut list);
        let mut ordinal = 0;
        let mut last_to = None;
        for e in &list {
            if last_to != Some(e.to) {
                last_to = Some(e.to);
                ordinal = 0;
            }
            let m = if e.en_passant {
                Move {
                    from,
                    to: e.to,
                    kind: MoveKind::EnPassant,
                    promotion: 0,
                    aux: self.ep.victim,
                }
            } else {
                match e.taken.len() {
                    0 => Move::normal(from, e.to),
                    1 => Move::locust(from, e.to, e.taken[0]),
                    // A turn's drops leave six bits for the ordinal in
                    // variants with reserves; without, the extra stays
                    // below `DROPS_MARK` (core/moves.rs).
                    _ if ordinal >= self.max_path_ordinal() => continue,
                    _ => {
                        ordinal += 1;
                        Move {
                            from,
                            to: e.to,
                            kind: MoveKind::Path,
                            promotion: 0,
                            aux: ordinal - 1,
                        }
                    }
                }
            };
            self.emit_special(m, kind, out);
        }
    }

    #[inline]
    fn emit_special(&self, m: Move, kind: usize, out: &mut Vec<Move>) {
        if self.variant.promotes[kind] {
            self.emit_promotions_cold(m, kind, out);
        } else {
            out.push(m);
        }
    }

    /// How many path moves of one man may go to one square: their ordinal
    /// rides in the move's extra, which leaves six bits beside a turn's
    /// drops in variants with reserves and stays below
    /// [`crate::core::moves::DROPS_MARK`] elsewhere (`core/moves.rs`).
    /// Further paths to the same square are not offered.
    #[inline]
    pub(crate) fn max_path_ordinal(&self) -> u16 {
        if self.variant.reserve.is_some() {
            64
        } else {
            crate::core::moves::DROPS_MARK
        }
    }

    /// Does a special piece of `by` take `target` (counted as holding an
    /// enemy of `by`)? The piece lists may be stale here (a legality test
    /// changes squares in place), so each man is read from the board.
    pub(crate) fn special_attacks(&self, target: Square, by: Color) -> bool {
        let t = &self.variant.tables;
        self.list[by].iter().any(|&s| {
            let c = self.board[s as usize];
            if c == EMPTY || cell_color(c) != by {
                return false;
            }
            let kind = cell_kind(c);
            self.variant.special_attacks[kind]
                && t.may_take(t.program_index(kind, by, s), target)
                && self.special_takes(s, kind, by, target)
                && (!self.pawns_barred(by) || self.barred_pawn_takes(s, kind, by, target))
        })
    }

    /// Does `m` take a piece?
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        matches!(
            m.kind,
            MoveKind::EnPassant | MoveKind::Locust | MoveKind::Path | MoveKind::Shoot | MoveKind::Destroy
        ) || (m.kind == MoveKind::Effect && !self.captures_of(m).is_empty())
            || (m.kind == MoveKind::Normal && m.from != m.to && self.board[m.to as usize] != EMPTY)
    }

    pub(crate) fn piece_moves(&self, out: &mut Vec<Move>) {
        for &from in &self.list[self.side] {
            let kind = cell_kind(self.board[from as usize]);
            self.man_moves(from, kind, out);
        }
    }

    /// The moves of the man of `kind` on `from`, of the side to move, as
    /// its compiled program (or the special walk) gives them.
    #[inline(always)]
    pub(crate) fn man_moves(&self, from: Square, kind: usize, out: &mut Vec<Move>) {
        let us = self.side;
        let (p, nodes) = self.program_nodes(self.variant.tables.program_index(kind, us, from), kind, us, from);
        if p.special {
            self.special_moves(from, kind, out);
            return;
        }
        let start = out.len();
        if p.ep && self.ep.count > 0 {
            self.walk_with_ep(nodes, from, kind, out);
        } else {
            self.walk_moves(nodes, from, kind, out);
        }
        if p.dup {
            dedup_since(out, start);
        }
    }

    /// The walk of one man's moves, out of line: alone in its function the
    /// loop keeps its state in registers (inlined into its many callers it
    /// spilled, and move generation ran 10% slower).
    /// A kind that never promotes gives at most one move a node: with room
    /// made for them first, its walk makes no call at all ([`Within`]).
    #[inline(never)]
    fn walk_moves(&self, nodes: &[Node], from: Square, kind: usize, out: &mut Vec<Move>) {
        if self.variant.promotes[kind] {
            self.walk::<false, false, false, _>(nodes, from, kind, out);
        } else {
            out.reserve(nodes.len());
            self.walk::<false, false, true, _>(nodes, from, kind, &mut Within(out));
        }
    }

    /// [`Position::walk_moves`] when a hopped pawn may be taken en passant.
    #[inline(never)]
    fn walk_with_ep(&self, nodes: &[Node], from: Square, kind: usize, out: &mut Vec<Move>) {
        self.walk::<true, false, false, _>(nodes, from, kind, out);
    }

    /// Walks a program from `from`, giving each move to `out`. `WITH_EP`:
    /// en-passant captures too; `CAPTURES`: only captures; `PLAIN`: the
    /// kind never promotes (see [`Position::emit`]).
    #[inline(always)]
    pub(crate) fn walk<const WITH_EP: bool, const CAPTURES: bool, const PLAIN: bool, S: Sink>(
        &self,
        nodes: &[Node],
        from: Square,
        kind: usize,
        out: &mut S,
    ) {
        let us = self.side;
        let board = &self.board;
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            let c = board[n.sq as usize];
            out.visit(n.sq);
            // Empty squares are most of a walk: their branch comes first
            // and stays apart from the occupied one (merged into one
            // computed class, the loop measured 10% slower).
            let f;
            if c == EMPTY {
                f = n.flags & 7;
                if CAPTURES {
                } else if f & DEST != 0 {
                    self.emit::<PLAIN, _>(from, n.sq, kind, out);
                    if out.done() {
                        return;
                    }
                } else if n.flags & FAR != 0 {
                    out.visit(nodes[i + 1].sq);
                    let next = board[nodes[i + 1].sq as usize];
                    if next != EMPTY && cell_color(next) == us {
                        self.emit::<PLAIN, _>(from, n.sq, kind, out);
                    }
                } else if WITH_EP && n.flags & EP != 0 && self.ep.contains(n.sq) {
                    let victim = self.ep.victim;
                    let base = Move {
                        from,
                        to: n.sq,
                        kind: MoveKind::EnPassant,
                        promotion: 0,
                        aux: victim,
                    };
                    self.emit_promotions(base, kind, out);
                }
            } else {
                let enemy = (c as usize ^ us) & 1 != 0;
                f = (n.flags >> if enemy { ENEMY } else { FRIEND }) & 7;
                if f & DEST == 0 {
                } else if WITH_EP && enemy && n.flags & EP != 0 && self.ep.contains(n.sq) {
                    // A pawn hopped by a `{leapfrog}` stands on the square:
                    // the capture there takes the hopper too.
                    let base = Move {
                        from,
                        to: n.sq,
                        kind: MoveKind::EnPassant,
                        promotion: 0,
                        aux: self.ep.victim,
                    };
                    self.emit_promotions_cold(base, kind, out);
                } else if !CAPTURES || enemy {
                    self.emit::<PLAIN, _>(from, n.sq, kind, out);
                    if out.done() {
                        return;
                    }
                }
            }
            // `Node::next` written out: through it this loop compiled to
            // 1.3% more instructions (Xhess perft 3).
            i = if f & CONT != 0 {
                i + 1
            } else if f & ALT != 0 {
                n.alt as usize
            } else {
                n.skip as usize
            };
        }
    }

    /// `PLAIN`: the kind never promotes (the caller knows), so a
    /// destination gives one move and the walk makes no call for it.
    #[inline(always)]
    pub(crate) fn emit<const PLAIN: bool, S: Sink>(&self, from: Square, to: Square, kind: usize, out: &mut S) {
        let m = Move::normal(from, to);
        if !PLAIN && self.variant.promotes[kind] {
            self.emit_promotions(m, kind, out);
        } else {
            out.push(m);
        }
    }

    /// [`Position::emit_promotions`] for the rare callers (special moves,
    /// en passant onto a hopped pawn), kept out of line so that the walk's
    /// own calls stay inlined.
    #[inline(never)]
    fn emit_promotions_cold<S: Sink>(&self, m: Move, kind: usize, out: &mut S) {
        self.emit_promotions(m, kind, out);
    }

    #[inline(always)]
    fn emit_promotions<S: Sink>(&self, m: Move, kind: usize, out: &mut S) {
        match self.variant.promotion(kind, self.side, m.to) {
            None if self.variant.has_zones => self.emit_ruled_promotions(m, kind, out),
            None => out.push(m),
            // Limited choices and zones: see `crate::rules::walk::promote`.
            Some(p) if p.zone || !p.limits.is_empty() => self.emit_ruled_promotions(m, kind, out),
            Some(p) => {
                if p.optional {
                    out.push(m);
                }
                for &k in &p.choices {
                    out.push(Move {
                        promotion: k as u8 + 1,
                        ..m
                    });
                }
            }
        }
    }

    pub(crate) fn castling_moves<S: Sink>(&self, out: &mut S) {
        if self.castling == 0 {
            return;
        }
        let us = self.side;
        let g = self.variant.geometry;
        for i in 0..self.variant.castling.len() {
            if self.castling & (1 << (2 * i + us)) == 0 {
                continue;
            }
            let r = self.variant.castling_for(i, us);
            let (king, rook) = (self.board[r.king as usize], self.board[r.rook as usize]);
            if king == EMPTY || rook == EMPTY || cell_color(king) != us || cell_color(rook) != us {
                continue;
            }
            let rank = g.rank(r.king);
            let files = [g.file(r.king), g.file(r.rook), g.file(r.king_to), g.file(r.rook_to)];
            let (lo, hi) = (*files.iter().min().expect("four"), *files.iter().max().expect("four"));
            let clear = (lo..=hi).all(|f| {
                let sq = g.square(f, rank).expect("on the board");
                sq == r.king || sq == r.rook || self.board[sq as usize] == EMPTY
            });
            if !clear {
                continue;
            }
            let (a, b) = (
                g.file(r.king).min(g.file(r.king_to)),
                g.file(r.king).max(g.file(r.king_to)),
            );
            let safe = (a..=b).all(|f| !self.is_attacked(g.square(f, rank).expect("on the board"), us ^ 1));
            if safe {
                out.push(Move {
                    from: r.king,
                    to: r.king_to,
                    kind: MoveKind::Castle,
                    promotion: 0,
                    aux: i as u16,
                });
            }
        }
    }

    /// Is `m` a move the pieces can make here (legal or not)? Walks only
    /// the moving piece's program.
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let us = self.side;
        let Some(c) = self
            .board
            .get(m.from as usize)
            .copied()
            .filter(|&c| c != EMPTY && cell_color(c) == us)
        else {
            return false;
        };
        let mut finder = Finder {
            wanted: m,
            found: false,
        };
        if self.whole_list_only() {
            // A turn with drops is no move of the generators.
            let mut moves = Vec::new();
            self.pseudo_legal_moves(&mut moves);
            finder.found = moves.contains(&m);
        } else if m.kind == MoveKind::Castle {
            self.castling_moves(&mut finder);
        } else {
            let kind = cell_kind(c);
            let (p, nodes) = self.program_nodes(self.variant.tables.program_index(kind, us, m.from), kind, us, m.from);
            if p.special {
                let mut moves = Vec::new();
                self.special_moves(m.from, kind, &mut moves);
                finder.found = moves.contains(&m);
            } else if p.ep && self.ep.count > 0 {
                self.walk::<true, false, false, _>(nodes, m.from, kind, &mut finder);
            } else {
                self.walk::<false, false, false, _>(nodes, m.from, kind, &mut finder);
            }
        }
        finder.found
    }

    /// Is `m` one of the legal moves here?
    pub fn is_legal(&mut self, m: Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&m)
    }
}

/// The board as [`crate::rules::walk::special`] sees it for `us`.
struct PositionView<'a> {
    pos: &'a Position,
    us: Color,
    /// The kind whose moves are walked.
    kind: usize,
    /// A square that counts as holding an enemy (an attack test).
    target: Option<Square>,
}

impl View for PositionView<'_> {
    #[inline]
    fn class(&self, sq: Square) -> u32 {
        if Some(sq) == self.target {
            return ENEMY;
        }
        let c = class(self.pos.board[sq as usize], self.us);
        // An enemy that cannot be taken is hopped over as a friend would
        // be, taking nothing, and is no victim of a landing or a locust:
        // hopping is not capturing (docs/variants/rule-decisions.md, rule
        // decision 23).
        if c == ENEMY && self.pos.mechanics_on_board() && aura::immune(self.pos, sq, self.us ^ 1, self.kind) {
            FRIEND
        } else {
            c
        }
    }

    fn is_pawn(&self, sq: Square) -> bool {
        let c = self.pos.board[sq as usize];
        c != EMPTY && self.pos.variant.pawn[cell_kind(c)]
    }

    fn en_passant(&self, sq: Square) -> bool {
        self.target.is_none() && self.pos.ep.contains(sq)
    }

    fn recapturable(&self, sq: Square) -> bool {
        sq == self.pos.last_capturer
    }
}

/// A [`PositionView`] that marks every square it is asked about.
struct Recording<'a, 'm> {
    view: PositionView<'a>,
    reads: std::cell::RefCell<&'m mut [u64]>,
}

impl Recording<'_, '_> {
    #[inline]
    fn read(&self, sq: Square) {
        self.reads.borrow_mut()[sq as usize >> 6] |= 1 << (sq & 63);
    }
}

impl View for Recording<'_, '_> {
    fn class(&self, sq: Square) -> u32 {
        self.read(sq);
        self.view.class(sq)
    }

    fn is_pawn(&self, sq: Square) -> bool {
        self.read(sq);
        self.view.is_pawn(sq)
    }

    fn en_passant(&self, sq: Square) -> bool {
        self.read(sq);
        self.view.en_passant(sq)
    }

    fn recapturable(&self, sq: Square) -> bool {
        self.read(sq);
        self.view.recapturable(sq)
    }
}

/// Removes moves repeated since `start` that are equal in every field
/// (the moves of a special walk, where an en-passant capture and a plain
/// move may share a target). A chain walker finds each square once per
/// square it leaps from (hundreds of repeats for a Ubi-Ubi): plain moves,
/// which differ only in their target, are marked in a bitset; the rest
/// are compared in full.
fn dedup_exact_since(out: &mut Vec<Move>, start: usize) {
    const WORDS: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64);
    let mut seen = [0u64; WORDS];
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        let repeated = if m == Move::normal(m.from, m.to) {
            let (w, bit) = (m.to as usize >> 6, 1u64 << (m.to & 63));
            let was = seen[w] & bit != 0;
            seen[w] |= bit;
            was
        } else {
            out[start..keep].contains(&m)
        };
        if !repeated {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Removes moves repeated since `start` (two paths to the same square).
/// The moves come from one man, so plain moves are told apart by their
/// target alone, marked in a bitset; the rest are compared in full.
#[inline(always)]
pub(crate) fn dedup_since(out: &mut Vec<Move>, start: usize) {
    // Targets on the first 256 squares (every board up to 16 x 16) are
    // marked; the others are compared in full. A set for the largest
    // board would be cleared at every call, a fill of 512 bytes: in
    // WebAssembly a call out of the module into the browser's runtime.
    const MARKED: usize = 4;
    let mut seen = [0u64; MARKED];
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        let repeated = if m.kind == MoveKind::Normal && m.promotion == 0 && (m.to as usize) < MARKED * 64 {
            let (w, bit) = (m.to as usize >> 6, 1u64 << (m.to & 63));
            let was = seen[w] & bit != 0;
            seen[w] |= bit;
            was
        } else {
            out[start..keep].iter().any(|o| o.key() == m.key())
        };
        if !repeated {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}
