//! A position of a variant: the board, the side to move, castling and
//! en-passant rights, counters and hash; accessors, equality, and the
//! square edits that moves are made of. What a move does is asked in
//! `crate::rules::play`, above the mechanisms and the reserve; the small
//! fields and their keys lie below, in `crate::rules::state`
//! (docs/architecture.md).
//!
//! Undo is a log of square changes (square, previous contents) plus a stack
//! of the small state fields ([`crate::rules::state`]), so any move that
//! changes squares, however many, undoes the same way.

use crate::core::geometry::Square;
use crate::core::moves::Move;
use crate::core::piece::{Cell, Color, EMPTY, Kind, cell, cell_color, cell_kind};
use crate::rules::state::{
    NO_PROBE, ReserveLists, ReserveState, SIDE_KEY, State, capturer_key, castling_key, checks_key, ep_key,
    exchange_key, mover_key, square_key, swap_ban_key,
};
use crate::variant::Variant;
use std::sync::Arc;

/// The small state's names, reached through the position that holds them.
pub use crate::rules::state::EnPassant;
pub(crate) use crate::rules::state::{NO_BAN, NO_CAPTURER, TOOK, key, swap_pair};

/// Pushes onto a vector whose room was made before: the push has no
/// growth path (see [`crate::rules::walk::movegen::Within`]).
#[inline(always)]
pub(crate) fn push_within<T>(v: &mut Vec<T>, x: T) {
    if v.len() < v.capacity() {
        v.push(x);
    } else {
        unreachable!("room is made before the push");
    }
}

/// A position of a game of one variant: the board, the side to move and the
/// rest of the state the rules need.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Cell>,
    /// Squares of each side's pieces, in no particular order.
    pub(crate) list: [Vec<Square>; 2],
    /// Where each occupied square sits in its side's list.
    pub(super) index: Vec<u16>,
    pub(crate) royals: [Vec<Square>; 2],
    pub(crate) side: Color,
    /// Bit `2 * rule + color`: that castling is still possible.
    pub(crate) castling: u32,
    /// Per square: the castling bits lost when a move starts or ends there.
    pub(super) castling_mask: Arc<Vec<u32>>,
    pub(crate) ep: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// (square, previous contents, its place in its piece list).
    pub(super) log: Vec<(Square, Cell, u16)>,
    pub(super) stack: Vec<State>,
    /// Hashes of the positions before each move played, for repetition.
    pub(super) history: Vec<u64>,
    pub(crate) moves_played: Vec<Move>,
    /// Scratch bitset of squares for the legality filter.
    pub(crate) marks: Vec<u64>,
    /// Scratch bitset: the squares of a lone check's path (see
    /// `mark_royal_lines`).
    pub(crate) check_path: Vec<u64>,
    /// Scratch: the (enemy man, royal, taken by a special walk) triples of
    /// `mark_royal_lines`, and the squares of each one's paths (`words`
    /// words each).
    pub(crate) lines: Vec<(Square, Square, bool)>,
    pub(crate) line_bits: Vec<u64>,
    /// Each side's occupied squares as a bitset of `words` words (White's
    /// first): capture generation intersects them with the squares a piece
    /// could ever capture on.
    pub(crate) occupied: Vec<u64>,
    pub(crate) words: usize,
    /// Men on the board per cell value (kind and colour): promotion limits
    /// read them. Kept by `put` and `unput`, so undo restores them, and a
    /// function of the board, so the board's hash covers them.
    counts: Vec<u16>,
    /// Optional weights per (cell, square), indexed `(cell - 2) * squares +
    /// square`, summed for each side as pieces come and go: the search's
    /// piece-square evaluation, kept up to date by moves. Empty when unused.
    weights: Arc<Vec<i32>>,
    weight_sums: [i32; 2],
    /// Per square, the attached weight of the man standing there (0 where
    /// none stands or no weights are attached): quiescence reads its
    /// victims' worth from here, one load a man.
    weight_at: Vec<i32>,
    /// Each side's men of kinds whose captures the attack tables do not
    /// hold ([`Variant::special_attacks`]): while a side has none, the
    /// legality shortcuts that rest on the tables hold against it, even in
    /// a variant that has such kinds.
    pub(crate) special_men: [u16; 2],
    /// Men of kinds with capture mechanisms or auras
    /// ([`Variant::mechanical`]), both sides: while there are any, moves
    /// come from `crate::rules::mechanisms`.
    pub(crate) mech_men: u16,
    /// The squares of the last move's swap between men of opposite sides
    /// ([`swap_pair`]), or [`NO_BAN`]: those two may not swap back now.
    pub(crate) swap_ban: u32,
    /// Where the man that took on the last move stands now
    /// ([`NO_CAPTURER`] when it took nothing or is gone); kept only in
    /// variants whose moves read it ([`Variant::reads_last_turn`]).
    pub(crate) last_capturer: Square,
    /// The kind that moved last, plus one, with bit 15 set when that move
    /// took a man (`{jester}`); 0 before any move. Kept only where a kind
    /// reads it.
    pub(crate) last_mover: u16,
    /// Checks each side has given (`checks = N`, [`crate::rules::checks`]); kept
    /// only in variants that count them.
    pub(crate) checks: [u16; 2],
    /// The square of an anti-royal whose attack test is under way
    /// (`crate::rules::legal::royals`): immunity is lifted for it alone, and royal men do
    /// not count as its attackers. [`NO_PROBE`] otherwise.
    pub(crate) anti_probe: Square,
    /// The game's home squares (the board of its setup, cells by square):
    /// where `{circe}` rebirths a man of each kind and colour. Fixed for
    /// the game, so neither in the undo state nor in the hash; the
    /// variant's setup unless the position text's `home=` says otherwise.
    pub(crate) home: Arc<Vec<Cell>>,
    /// The game's reserve lists (`[reserve]`, [`crate::rules::reserve::reserves`]), fixed
    /// for the game; empty in variants without reserves.
    pub(crate) reserves: Arc<ReserveLists>,
    /// What changes of the reserves: cursors, credits, the open exchange.
    pub(crate) rsv: ReserveState,
}

impl PartialEq for Position {
    /// Positions are equal when everything that decides the legal moves and
    /// the counters is equal (history and lists' order aside).
    fn eq(&self, other: &Position) -> bool {
        Arc::ptr_eq(&self.variant, &other.variant)
            && self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.swap_ban == other.swap_ban
            && self.last_capturer == other.last_capturer
            && self.last_mover == other.last_mover
            && self.checks == other.checks
            && self.hash == other.hash
            && (Arc::ptr_eq(&self.home, &other.home) || self.home == other.home)
            && self.same_reserves(other)
    }
}

impl Position {
    /// An empty board of the variant, White to move. Used by the position
    /// text reader; callers build positions with [`Position::from_fen`] or
    /// [`Position::new`].
    pub(crate) fn empty(variant: Arc<Variant>) -> Position {
        let n = variant.geometry.len();
        let variant_kinds = variant.pieces.len();
        let mut mask = vec![0u32; n];
        for i in 0..variant.castling.len() {
            for color in 0..2 {
                let r = variant.castling_for(i, color);
                let bit = 1 << (2 * i + color);
                mask[r.king as usize] |= bit;
                mask[r.rook as usize] |= bit;
            }
        }
        let home = variant.home.clone();
        Position {
            variant,
            board: vec![EMPTY; n],
            list: [Vec::with_capacity(64), Vec::with_capacity(64)],
            index: vec![0; n],
            royals: [Vec::new(), Vec::new()],
            side: 0,
            castling: 0,
            castling_mask: Arc::new(mask),
            ep: EnPassant::NONE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            log: Vec::with_capacity(256),
            stack: Vec::with_capacity(64),
            history: Vec::new(),
            moves_played: Vec::new(),
            marks: vec![0; n.div_ceil(64)],
            check_path: vec![0; n.div_ceil(64)],
            lines: Vec::new(),
            line_bits: Vec::new(),
            occupied: vec![0; 2 * n.div_ceil(64)],
            words: n.div_ceil(64),
            counts: vec![0; 2 * variant_kinds + 2],
            weights: Arc::new(Vec::new()),
            weight_sums: [0; 2],
            weight_at: vec![0; n],
            special_men: [0; 2],
            mech_men: 0,
            swap_ban: NO_BAN,
            last_capturer: NO_CAPTURER,
            last_mover: 0,
            checks: [0; 2],
            anti_probe: NO_PROBE,
            home,
            reserves: Arc::default(),
            rsv: ReserveState::EMPTY,
        }
    }

    /// The variant the game is played in.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The kind and colour of the man on `sq`, `None` for an empty square.
    pub fn piece_at(&self, sq: Square) -> Option<(usize, Color)> {
        let c = *self.board.get(sq as usize)?;
        (c != EMPTY).then(|| (cell_kind(c), cell_color(c)))
    }

    /// The raw cell of a square, `None` when empty or off the board.
    #[inline]
    pub fn cell(&self, sq: Square) -> Option<Cell> {
        self.board.get(sq as usize).copied().filter(|&c| c != EMPTY)
    }

    /// The position's hash key.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The number of the full move: 1 at the start of a game, one more after
    /// each move of Black.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The squares open to en-passant capture on this move.
    pub fn en_passant(&self) -> EnPassant {
        self.ep
    }

    /// Castling rights: bit `2 * i + color` for the variant's castling rule
    /// `i`.
    pub fn castling_rights(&self) -> u32 {
        self.castling
    }

    /// The squares `color` occupies, as a bitset.
    #[inline(always)]
    pub fn occupied_by(&self, color: Color) -> &[u64] {
        &self.occupied[color * self.words..(color + 1) * self.words]
    }

    /// Attaches piece-square weights (see the field `weights`; an empty
    /// list detaches them) and sums them for the pieces on the board.
    pub fn set_weights(&mut self, weights: Arc<Vec<i32>>) {
        let n = self.board.len();
        let mut sums = [0; 2];
        self.weight_at.fill(0);
        if !weights.is_empty() {
            for (sq, &c) in self.board.iter().enumerate() {
                if c != EMPTY {
                    let w = weights[(c as usize - 2) * n + sq];
                    sums[cell_color(c)] += w;
                    self.weight_at[sq] = w;
                }
            }
        }
        self.weights = weights;
        self.weight_sums = sums;
    }

    /// Per square, the attached weight of the man there (0 where none
    /// stands or no weights are attached).
    #[inline]
    pub fn weight_at(&self) -> &[i32] {
        &self.weight_at
    }

    /// The weights attached and each side's sum of them.
    pub fn weights(&self) -> (&Arc<Vec<i32>>, [i32; 2]) {
        (&self.weights, self.weight_sums)
    }

    #[inline]
    fn weigh(&mut self, sq: Square, c: Cell, sign: i32) {
        if !self.weights.is_empty() {
            let w = self.weights[(c as usize - 2) * self.board.len() + sq as usize];
            self.weight_sums[cell_color(c)] += sign * w;
            // A man leaves (-1) before another arrives (+1).
            self.weight_at[sq as usize] = if sign > 0 { w } else { 0 };
        }
    }

    /// The moves played since this position object was created.
    pub fn moves_played(&self) -> &[Move] {
        &self.moves_played
    }

    /// The hash computed from scratch, for checking the incremental one.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            if c != EMPTY {
                h ^= square_key(sq as Square, c);
            }
        }
        if self.side == 1 {
            h ^= SIDE_KEY;
        }
        h ^ castling_key(self.castling)
            ^ ep_key(self.ep)
            ^ swap_ban_key(self.swap_ban)
            ^ capturer_key(self.last_capturer)
            ^ mover_key(self.last_mover)
            ^ checks_key(self.checks)
            ^ self.reserve_key()
    }

    pub(crate) fn set_state(&mut self, side: Color, castling: u32, ep: EnPassant, halfmove: u32, fullmove: u32) {
        self.side = side;
        self.castling = castling;
        self.ep = ep;
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self.hash = self.compute_hash();
    }

    /// Puts `c` on `sq`, keeping piece lists and royals up to date.
    /// Returns where the piece taken off the square stood in its list
    /// (`u16::MAX` when the square was empty), so that undo can put it back
    /// in the same place.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, c: Cell) -> u16 {
        self.put_inline(sq, c)
    }

    /// [`Position::put`], always inlined: where a move changes squares.
    #[inline(always)]
    fn put_inline(&mut self, sq: Square, c: Cell) -> u16 {
        let old = self.board[sq as usize];
        let mut slot = u16::MAX;
        if old != EMPTY {
            let color = cell_color(old);
            let i = self.index[sq as usize] as usize;
            slot = i as u16;
            let list = &mut self.list[color];
            let last = *list.last().expect("piece in its list");
            list.swap_remove(i);
            if last != sq {
                self.index[last as usize] = i as u16;
            }
            self.forget_royal(old, sq);
            self.occupied[color * self.words + (sq as usize >> 6)] &= !(1 << (sq & 63));
            self.weigh(sq, old, -1);
            self.counts[old as usize] -= 1;
            self.count_special(old, -1);
        }
        if c != EMPTY {
            self.counts[c as usize] += 1;
            self.weigh(sq, c, 1);
            self.count_special(c, 1);
            let color = cell_color(c);
            self.occupied[color * self.words + (sq as usize >> 6)] |= 1 << (sq & 63);
            self.index[sq as usize] = self.list[color].len() as u16;
            self.list[color].push(sq);
            if self.variant.pieces[cell_kind(c)].royal {
                self.royals[color].push(sq);
            }
        }
        self.board[sq as usize] = c;
        slot
    }

    /// Counts `c` in or out of [`Position::special_men`].
    #[inline]
    fn count_special(&mut self, c: Cell, sign: i16) {
        if self.variant.has_special_attacks && self.variant.special_attacks[cell_kind(c)] {
            let n = &mut self.special_men[cell_color(c)];
            *n = n.wrapping_add_signed(sign);
        }
        if self.variant.has_mechanics && self.variant.mechanical[cell_kind(c)] {
            self.mech_men = self.mech_men.wrapping_add_signed(sign);
        }
    }

    /// Drops `sq` from the royal squares when `c` is a royal piece.
    #[inline]
    fn forget_royal(&mut self, c: Cell, sq: Square) {
        if self.variant.pieces[cell_kind(c)].royal {
            let r = &mut self.royals[cell_color(c)];
            if let Some(j) = r.iter().position(|&s| s == sq) {
                r.swap_remove(j);
            }
        }
    }

    /// Reverses [`Position::put`] exactly, lists' order included, so that a
    /// position after play and undo generates its moves in the same order
    /// as before and a search of it gives the same result.
    #[inline]
    pub(super) fn unput(&mut self, sq: Square, old: Cell, slot: u16) {
        let cur = self.board[sq as usize];
        if cur != EMPTY {
            let color = cell_color(cur);
            // `put` pushed it last, and later changes have been undone.
            self.list[color].pop();
            self.forget_royal(cur, sq);
            self.occupied[color * self.words + (sq as usize >> 6)] &= !(1 << (sq & 63));
            self.weigh(sq, cur, -1);
            self.counts[cur as usize] -= 1;
            self.count_special(cur, -1);
        }
        if old != EMPTY {
            self.counts[old as usize] += 1;
            self.weigh(sq, old, 1);
            self.count_special(old, 1);
            let color = cell_color(old);
            self.occupied[color * self.words + (sq as usize >> 6)] |= 1 << (sq & 63);
            let list = &mut self.list[color];
            let i = slot as usize;
            if i == list.len() {
                list.push(sq);
            } else {
                let moved = list[i];
                list.push(moved);
                self.index[moved as usize] = (list.len() - 1) as u16;
                list[i] = sq;
            }
            self.index[sq as usize] = slot;
            if self.variant.pieces[cell_kind(old)].royal {
                self.royals[color].push(sq);
            }
        }
        self.board[sq as usize] = old;
    }

    /// Changes a square during a move: logged for undo, hashed. Out of
    /// line: the rarer moves call it, and the body is then in the module
    /// once (plain moves use [`Position::change_two`]).
    #[inline(never)]
    pub(crate) fn change(&mut self, sq: Square, c: Cell) {
        self.change_inline(sq, c);
    }

    /// The two squares of a plain move changed in one call, where nearly
    /// every move is played: a call costs the browser's engine more than
    /// a native one (it keeps no value in a register across a call).
    pub(super) fn change_two(&mut self, a: Square, ca: Cell, b: Square, cb: Cell) {
        self.change_inline(a, ca);
        self.change_inline(b, cb);
    }

    #[inline(always)]
    fn change_inline(&mut self, sq: Square, c: Cell) {
        let old = self.board[sq as usize];
        if old == c {
            return;
        }
        if old != EMPTY {
            self.hash ^= square_key(sq, old);
        }
        if c != EMPTY {
            self.hash ^= square_key(sq, c);
        }
        let slot = self.put_inline(sq, c);
        self.log.push((sq, old, slot));
    }

    /// Men of `kind` and `color` on the board.
    #[inline]
    pub fn count(&self, kind: usize, color: Color) -> usize {
        self.counts[cell(kind, color) as usize] as usize
    }

    /// How many men of `color` are of kinds whose captures the attack
    /// tables miss (see [`Variant::special_attacks`]), as kept by moves.
    pub fn special_men(&self, color: Color) -> usize {
        self.special_men[color] as usize
    }

    /// Number of pieces of `color` (royals included).
    pub fn piece_count(&self, color: Color) -> usize {
        self.list[color].len()
    }

    /// Squares of `color`'s pieces, in no particular order.
    pub fn squares_of(&self, color: Color) -> &[Square] {
        &self.list[color]
    }

    /// Squares of `color`'s royal pieces.
    pub fn royals(&self, color: Color) -> &[Square] {
        &self.royals[color]
    }

    /// Does the position repeat one seen since the last irreversible move?
    pub fn is_repeated(&self) -> bool {
        let back = (self.halfmove as usize).min(self.history.len());
        self.history[self.history.len() - back..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == self.hash)
    }

    /// How many times the current position occurred before, looking back
    /// only as far as the last irreversible move.
    pub fn repetitions(&self) -> u32 {
        let back = (self.halfmove as usize).min(self.history.len());
        self.history[self.history.len() - back..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&h| h == self.hash)
            .count() as u32
    }

    /// The men still in `color`'s reserve list of `class`
    /// ([`PIECES`](crate::rules::state::PIECES) or
    /// [`PAWNS`](crate::rules::state::PAWNS)), in the order they would be
    /// dropped.
    pub fn reserve(&self, color: Color, class: usize) -> &[Kind] {
        let s = &self.rsv;
        &self.reserves.kinds[color][class][s.front[color][class] as usize..s.back[color][class] as usize]
    }

    /// `color`'s credits: pieces and pawns it may still drop.
    pub fn credits(&self, color: Color) -> [u8; 2] {
        self.rsv.credits[color]
    }

    /// The hash of the reserves, credits and open exchange. A remaining
    /// list is told by its first man and its length: the lists of a game
    /// hold each kind once, and a position text's lists (what remains)
    /// hash as the game's do.
    pub(crate) fn reserve_key(&self) -> u64 {
        if self.variant.reserve.is_none() {
            return 0;
        }
        let mut h = 0;
        for color in 0..2 {
            for class in 0..2 {
                let left = self.reserve(color, class);
                if let Some(&first) = left.first() {
                    h ^= key(0x5E5E_0000_0000_0000
                        | (color as u64) << 44
                        | (class as u64) << 40
                        | (first as u64) << 16
                        | left.len() as u64);
                }
            }
        }
        h ^ exchange_key(&self.rsv)
    }

    /// Do both positions hold the same reserves, credits and exchange?
    pub(crate) fn same_reserves(&self, other: &Position) -> bool {
        self.rsv.credits == other.rsv.credits
            && self.rsv.pending == other.rsv.pending
            && (0..4).all(|i| self.reserve(i / 2, i % 2) == other.reserve(i / 2, i % 2))
    }
}
