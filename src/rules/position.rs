//! A position of a variant: the board, the side to move, castling and
//! en-passant rights, counters and hash; play and undo.
//!
//! Undo is a log of square changes (square, previous contents) plus a stack
//! of the small state fields, so any move that changes squares, however
//! many, undoes the same way.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, Color, EMPTY, cell, cell_color, cell_kind};
use crate::rules::reserve::reserves::{ReserveLists, ReserveState};
use crate::variant::Variant;
use std::sync::Arc;

/// The squares a long first move crossed, open to en-passant capture on the
/// next move only: `count` squares from `first` in steps of `stride`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub first: Square,
    pub count: u8,
    pub stride: i16,
    pub victim: Square,
}

impl EnPassant {
    pub const NONE: EnPassant = EnPassant {
        first: 0,
        count: 0,
        stride: 0,
        victim: 0,
    };

    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.count as i32).map(move |i| (self.first as i32 + i * self.stride as i32) as Square)
    }

    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        if self.count == 0 {
            return false;
        }
        let d = sq as i32 - self.first as i32;
        let s = self.stride as i32;
        d % s == 0 && (0..self.count as i32).contains(&(d / s))
    }
}

/// The state fields saved before each move.
#[derive(Clone, Copy, Debug)]
struct State {
    castling: u32,
    ep: EnPassant,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    log_len: u32,
    swap_ban: u32,
    last_capturer: Square,
    last_mover: u16,
    checks: [u16; 2],
    rsv: ReserveState,
}

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

/// A mixing function gives every (square, cell) pair its hash key without
/// tables, so boards and piece sets of any size cost nothing to set up.
#[inline]
pub(crate) fn key(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn square_key(sq: Square, c: Cell) -> u64 {
    key(((sq as u64) << 16) | c as u64)
}

const SIDE_KEY: u64 = 0x5A5A_1234_9876_F0F0;

fn castling_key(rights: u32) -> u64 {
    if rights == 0 {
        0
    } else {
        key(0xCA57_0000_0000 | rights as u64)
    }
}

fn swap_ban_key(ban: u32) -> u64 {
    if ban == NO_BAN {
        0
    } else {
        key(0x5A9_0000_0000 | ban as u64)
    }
}

/// The bit of [`Position::last_mover`] telling that the last move took.
pub(crate) const TOOK: u16 = 1 << 15;

/// [`Position::last_capturer`] when the last move took nothing.
pub(crate) const NO_CAPTURER: Square = Square::MAX;

fn capturer_key(sq: Square) -> u64 {
    if sq == NO_CAPTURER {
        0
    } else {
        key(0xCA9_0000_0000 | sq as u64)
    }
}

fn mover_key(mover: u16) -> u64 {
    if mover == 0 {
        0
    } else {
        key(0x30E_0000_0000 | mover as u64)
    }
}

/// [`Position::swap_ban`] when no swap back is banned.
pub(crate) const NO_BAN: u32 = u32::MAX;

/// The two squares of a swap between men of opposite sides, lower first:
/// they may not swap back on the next move.
pub(crate) fn swap_pair(a: Square, b: Square) -> u32 {
    (a.min(b) as u32) << 16 | a.max(b) as u32
}

#[inline]
fn ep_key(ep: EnPassant) -> u64 {
    // Most positions have no rights open: no call (a call costs the
    // browser's compiler the registers of its caller).
    if ep.count == 0 { 0 } else { ep_squares_key(ep) }
}

#[inline(never)]
fn ep_squares_key(ep: EnPassant) -> u64 {
    ep.squares().fold(0, |h, sq| h ^ key(0xE9_0000_0000 | sq as u64))
}

#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Cell>,
    /// Squares of each side's pieces, in no particular order.
    pub(crate) list: [Vec<Square>; 2],
    /// Where each occupied square sits in its side's list.
    index: Vec<u16>,
    pub(crate) royals: [Vec<Square>; 2],
    pub(crate) side: Color,
    /// Bit `2 * rule + color`: that castling is still possible.
    pub(crate) castling: u32,
    /// Per square: the castling bits lost when a move starts or ends there.
    castling_mask: Arc<Vec<u32>>,
    pub(crate) ep: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// (square, previous contents, its place in its piece list).
    log: Vec<(Square, Cell, u16)>,
    stack: Vec<State>,
    /// Hashes of the positions before each move played, for repetition.
    history: Vec<u64>,
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
    /// not count as its attackers. [`crate::rules::legal::royals::NO_PROBE`] otherwise.
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
            anti_probe: crate::rules::legal::royals::NO_PROBE,
            home,
            reserves: Arc::default(),
            rsv: ReserveState::EMPTY,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn piece_at(&self, sq: Square) -> Option<(usize, Color)> {
        let c = *self.board.get(sq as usize)?;
        (c != EMPTY).then(|| (cell_kind(c), cell_color(c)))
    }

    /// The raw cell of a square, `None` when empty or off the board.
    #[inline]
    pub fn cell(&self, sq: Square) -> Option<Cell> {
        self.board.get(sq as usize).copied().filter(|&c| c != EMPTY)
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn en_passant(&self) -> EnPassant {
        self.ep
    }

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
            ^ crate::rules::checks::checks_key(self.checks)
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
    fn unput(&mut self, sq: Square, old: Cell, slot: u16) {
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
    fn change_two(&mut self, a: Square, ca: Cell, b: Square, cb: Cell) {
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

    /// Saves the state fields and the hash before a move or a pass.
    /// Room is made first, so that the values are read and stored with no
    /// growth path (a call) between: the browser's engine would hold them
    /// in memory across it.
    #[inline]
    fn save_state(&mut self) {
        self.stack.reserve(1);
        self.history.reserve(1);
        push_within(
            &mut self.stack,
            State {
                castling: self.castling,
                ep: self.ep,
                halfmove: self.halfmove,
                fullmove: self.fullmove,
                hash: self.hash,
                log_len: self.log.len() as u32,
                swap_ban: self.swap_ban,
                last_capturer: self.last_capturer,
                last_mover: self.last_mover,
                checks: self.checks,
                rsv: self.rsv,
            },
        );
        push_within(&mut self.history, self.hash);
    }

    /// Plays a move without checking it. The move must come from this
    /// position's move generator.
    pub fn play_unchecked(&mut self, m: Move) {
        self.save_state();
        self.moves_played.push(m);
        let us = self.side;
        let piece = self.board[m.from as usize];
        let target = self.board[m.to as usize];
        let kind = cell_kind(piece);
        let v = &self.variant;
        // Every kind that promotes is a pawn; en passant, locust and path
        // moves (the kinds after castling) capture.
        let resets =
            (target != EMPTY && m.kind != MoveKind::Swap) || v.pawn[kind] || m.kind as u8 > MoveKind::Castle as u8;
        let mut new_ep = EnPassant::NONE;
        // The last turn's facts, found on the board before the move and
        // kept once it is played (its effects read the opponent's last
        // mover: a `{jester}`'s lender).
        let last_turn = v.reads_last_turn.then(|| {
            let capturer = match m.kind {
                _ if !self.is_capture(m) => NO_CAPTURER,
                MoveKind::Shoot => m.from,
                MoveKind::Destroy => NO_CAPTURER,
                _ => m.to,
            };
            let mover = (kind as u16 + 1) | if self.is_capture(m) { TOOK } else { 0 };
            (capturer, mover)
        });
        // Reserves: the men this move takes, for the exchange it settles.
        let exchange = self.variant.reserve.is_some().then(|| self.exchange_victims(m));
        let v = &self.variant;
        match m.kind {
            MoveKind::Normal => {
                // The man that arrives must still be one that en passant
                // takes: a long move that promotes it into another kind
                // leaves no rights (as a FIDE pawn can be taken en passant
                // only as a pawn), and the position text names the squares
                // by the creator standing beyond them.
                let arrives = m.promotion_kind().unwrap_or(kind);
                if v.ep_creator[kind] && v.ep_creator[arrives] && target == EMPTY && v.is_initial(kind, us, m.from) {
                    new_ep = self.long_move_rights(m.from, m.to);
                }
                if v.has_special && v.special[kind] && new_ep.count == 0 {
                    new_ep = self.leapfrog_rights(m, kind);
                }
                let moved = match m.promotion_kind() {
                    Some(p) => cell(p, us),
                    None => piece,
                };
                self.change_two(m.from, EMPTY, m.to, moved);
            }
            MoveKind::EnPassant => {
                self.change(m.from, EMPTY);
                self.change(self.extra(m), EMPTY);
                let moved = match m.promotion_kind() {
                    Some(p) => cell(p, us),
                    None => piece,
                };
                self.change(m.to, moved);
            }
            MoveKind::Locust | MoveKind::Path => self.play_taking_on_the_way(m, piece),
            MoveKind::Effect | MoveKind::Shoot | MoveKind::Swap | MoveKind::Destroy | MoveKind::Remove => {
                self.play_mechanism(m, piece);
            }
            MoveKind::Castle => {
                let r = v.castling_for(self.extra(m) as usize, us);
                let rook = self.board[r.rook as usize];
                self.change(r.king, EMPTY);
                self.change(r.rook, EMPTY);
                self.change(r.king_to, piece);
                self.change(r.rook_to, rook);
            }
        }
        let mask = &self.castling_mask;
        let lost = mask[m.from as usize] | mask[m.to as usize];
        let castling = self.castling & !lost;
        if castling != self.castling {
            self.hash ^= castling_key(self.castling) ^ castling_key(castling);
            self.castling = castling;
        }
        if new_ep != self.ep {
            self.hash ^= ep_key(self.ep) ^ ep_key(new_ep);
            self.ep = new_ep;
        }
        let ban = if m.kind == MoveKind::Swap && target != EMPTY && cell_color(target) != us {
            swap_pair(m.from, m.to)
        } else {
            NO_BAN
        };
        self.hash ^= swap_ban_key(self.swap_ban) ^ swap_ban_key(ban);
        self.swap_ban = ban;
        if let Some((capturer, mover)) = last_turn {
            self.hash ^= capturer_key(self.last_capturer) ^ capturer_key(capturer);
            self.last_capturer = capturer;
            self.hash ^= mover_key(self.last_mover) ^ mover_key(mover);
            self.last_mover = mover;
        }
        let mut dropped = false;
        if let Some(victims) = exchange {
            self.settle_exchange(m, piece, victims);
            if m.promotion != 0 && self.variant.reserve.is_some_and(|r| r.promote) {
                // The promoted man is the reserve's last piece.
                let before = self.reserve_key();
                let back = &mut self.rsv.back[us][crate::rules::reserve::reserves::PIECES];
                *back = back.saturating_sub(1);
                self.hash ^= before ^ self.reserve_key();
            }
            dropped = self.play_drops(m);
        }
        self.halfmove = if resets || dropped { 0 } else { self.halfmove + 1 };
        if us == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
        if self.variant.win.checks > 0 {
            self.count_check(us);
        }
    }

    /// The squares changed by a move that takes men on the way (kept out of
    /// the common path of [`Position::play_unchecked`]).
    #[inline(never)]
    fn play_taking_on_the_way(&mut self, m: Move, piece: Cell) {
        let moved = match m.promotion_kind() {
            Some(p) => cell(p, self.side),
            None => piece,
        };
        if m.kind == MoveKind::Locust {
            self.change(m.from, EMPTY);
            self.change(self.extra(m), EMPTY);
        } else {
            // The walk again, from the position before the move.
            let taken = self.path_effect(m).map(|e| e.taken).unwrap_or_default();
            self.change(m.from, EMPTY);
            for sq in taken {
                self.change(sq, EMPTY);
            }
        }
        self.change(m.to, moved);
    }

    /// The squares changed by a move of the capture mechanisms (see
    /// [`crate::rules::mechanisms`]).
    #[inline(never)]
    fn play_mechanism(&mut self, m: Move, piece: Cell) {
        let moved = match m.promotion_kind() {
            Some(p) => cell(p, self.side),
            None => piece,
        };
        match m.kind {
            MoveKind::Effect => {
                let kind = self.acting_kind(m);
                let victims = self.mechanism_victims(m, kind, self.side);
                let screen = self.hurdle_effect(m);
                self.change(m.from, EMPTY);
                for sq in victims {
                    self.change(sq, EMPTY);
                }
                if let Some(e) = screen {
                    let stays = e.fate == crate::rules::mechanisms::hurdle::Fate::Stays;
                    self.change(e.screen, if stays { e.man } else { EMPTY });
                }
                self.change(m.to, moved);
                // Reborn last: its square may be the one the mover left.
                if let Some(e) = screen
                    && let crate::rules::mechanisms::hurdle::Fate::Reborn(sq) = e.fate
                {
                    self.change(sq, e.man);
                }
            }
            MoveKind::Shoot => self.change(m.to, EMPTY),
            MoveKind::Swap => {
                let other = self.board[m.to as usize];
                self.change(m.from, other);
                self.change(m.to, moved);
            }
            MoveKind::Destroy => {
                self.change(m.from, EMPTY);
                self.change(m.to, EMPTY);
            }
            _ => self.change(m.from, EMPTY),
        }
    }

    /// The hash `m` would give, without playing it, where that is quick
    /// to know: a move of one man from one square to another (promoting
    /// or taking on its landing square), in a variant that hashes no
    /// record of the last move, no reserves and no count of checks.
    /// `None` for the others. The search reads ahead the hash table's
    /// slots of the moves it is about to play.
    pub fn hash_after(&self, m: Move) -> Option<u64> {
        let v = &self.variant;
        if m.kind != MoveKind::Normal || m.from == m.to || v.reads_last_turn || v.reserve.is_some() || v.win.checks > 0
        {
            return None;
        }
        let us = self.side;
        let piece = self.board[m.from as usize];
        let target = self.board[m.to as usize];
        let kind = cell_kind(piece);
        // The rights the move leaves, as `play_unchecked` finds them.
        let arrives = m.promotion_kind().unwrap_or(kind);
        let mut ep = EnPassant::NONE;
        if v.ep_creator[kind] && v.ep_creator[arrives] && target == EMPTY && v.is_initial(kind, us, m.from) {
            ep = self.long_move_rights(m.from, m.to);
        }
        if v.has_special && v.special[kind] && ep.count == 0 {
            ep = self.leapfrog_rights(m, kind);
        }
        let moved = m.promotion_kind().map_or(piece, |p| cell(p, us));
        let mut h = self.hash ^ SIDE_KEY ^ square_key(m.from, piece) ^ square_key(m.to, moved);
        if target != EMPTY {
            h ^= square_key(m.to, target);
        }
        let lost = self.castling_mask[m.from as usize] | self.castling_mask[m.to as usize];
        if self.castling & lost != 0 {
            h ^= castling_key(self.castling) ^ castling_key(self.castling & !lost);
        }
        if ep != self.ep {
            h ^= ep_key(self.ep) ^ ep_key(ep);
        }
        Some(h ^ swap_ban_key(self.swap_ban))
    }

    /// A `{leapfrog}` hop (two squares straight forward over a friendly
    /// pawn) leaves the hopped pawn's square open to en passant: a capture
    /// there takes both pawns.
    fn leapfrog_rights(&self, m: Move, kind: usize) -> EnPassant {
        let g = self.variant.geometry;
        let forward = if self.side == 0 { 1 } else { -1 };
        let over = g.offset(m.from, 0, forward);
        let hop = over.is_some_and(|o| g.offset(o, 0, forward) == Some(m.to))
            && self.variant.pieces[kind].movement.patterns.iter().any(|p| p.leapfrog);
        match over {
            Some(o)
                if hop && self.board[o as usize] != EMPTY && self.variant.pawn[cell_kind(self.board[o as usize])] =>
            {
                EnPassant {
                    first: o,
                    count: 1,
                    stride: (g.width as i16) * forward as i16,
                    victim: m.to,
                }
            }
            _ => EnPassant::NONE,
        }
    }

    /// The squares crossed by a straight move of two or more squares.
    fn long_move_rights(&self, from: Square, to: Square) -> EnPassant {
        let g = self.variant.geometry;
        let (dx, dy) = (g.file(to) - g.file(from), g.rank(to) - g.rank(from));
        let n = dx.abs().max(dy.abs());
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        if n < 2 || !straight {
            return EnPassant::NONE;
        }
        let stride = (dy / n) * g.width as i32 + dx / n;
        // A leap over pieces crossed nothing it could be taken on.
        if (1..n).any(|i| self.board[(from as i32 + i * stride) as usize] != EMPTY) {
            return EnPassant::NONE;
        }
        EnPassant {
            first: (from as i32 + stride) as Square,
            count: (n - 1) as u8,
            stride: stride as i16,
            victim: to,
        }
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) -> Option<Move> {
        // The saved state is read after the squares are put back, in
        // place: read before, its dozen fields would be held through the
        // loop, which the browser's engine does in memory.
        let log_len = self.stack.last()?.log_len as usize;
        while self.log.len() > log_len {
            let (sq, c, slot) = self.log.pop().expect("log entry");
            self.unput(sq, c, slot);
        }
        let s = self.stack.pop().expect("the state just read");
        self.castling = s.castling;
        self.ep = s.ep;
        self.halfmove = s.halfmove;
        self.fullmove = s.fullmove;
        self.hash = s.hash;
        self.swap_ban = s.swap_ban;
        self.last_capturer = s.last_capturer;
        self.last_mover = s.last_mover;
        self.checks = s.checks;
        self.rsv = s.rsv;
        self.side ^= 1;
        self.history.pop();
        self.moves_played.pop()
    }

    /// Passes the turn without moving (the search's null move).
    pub fn play_null(&mut self) {
        self.save_state();
        self.hash ^= ep_key(self.ep)
            ^ SIDE_KEY
            ^ swap_ban_key(self.swap_ban)
            ^ capturer_key(self.last_capturer)
            ^ mover_key(self.last_mover);
        self.ep = EnPassant::NONE;
        self.swap_ban = NO_BAN;
        self.last_capturer = NO_CAPTURER;
        self.last_mover = 0;
        self.halfmove += 1;
        self.side ^= 1;
    }

    /// Takes back [`Position::play_null`].
    pub fn undo_null(&mut self) {
        let s = self.stack.pop().expect("a null move to undo");
        self.ep = s.ep;
        self.swap_ban = s.swap_ban;
        self.last_capturer = s.last_capturer;
        self.last_mover = s.last_mover;
        self.halfmove = s.halfmove;
        self.hash = s.hash;
        self.side ^= 1;
        self.history.pop();
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
}
