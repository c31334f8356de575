//! Compiled move tables: every movement string becomes, for each colour and
//! square, a small program of squares with what each may hold.
//!
//! A program is a pre-order flattening of a tree of squares. Walking it, the
//! engine looks at what stands on a node's square (empty, friend or enemy)
//! and the node's flags for that class say whether the piece may stop there
//! and where the walk goes next: into the node's subtree (`CONT`), to an
//! alternative node (`ALT`, a hopper's squares behind its screen), or past
//! the subtree (`skip`). Leapers are one-node programs, riders chains, bent
//! and multi-leg moves trees, so the hot loop does no geometry at all.

use crate::betza::{Dir, Leg, Movement, Pattern, Style};
use crate::betza::{RING, absolute, images, rotations, sort_by_angle};
use crate::geometry::{Geometry, Square};

/// Class shifts into [`Node::flags`].
pub const EMPTY: u32 = 0;
pub const FRIEND: u32 = 3;
pub const ENEMY: u32 = 6;
/// Per-class bits.
pub const DEST: u16 = 1;
pub const CONT: u16 = 2;
pub const ALT: u16 = 4;
/// An empty square is a destination only if the next node's square holds a
/// friend (as-far-as-possible sliders; the last square of the ray is a plain
/// destination).
pub const FAR: u16 = 1 << 9;
/// May capture en passant on this (empty) square.
pub const EP: u16 = 1 << 10;
/// A locust square: an enemy here is taken when the walk goes on through
/// it (a capturing middle leg, `caK`).
pub const TAKE: u16 = 1 << 11;
/// A node of a `{chain}` pattern: from a destination the move may go on
/// with the pattern again.
pub const CHAIN: u16 = 1 << 12;
/// The walk goes on through this (friendly) square only if the man on it
/// is a pawn (`{leapfrog}`).
pub const PAWN: u16 = 1 << 13;
/// A node of a `{recapture}` pattern: an enemy here may be taken only if
/// it is the man that took on the opponent's last move; any other enemy
/// stands in the way like a friend.
pub const RECAPTURE: u16 = 1 << 14;
/// Flags the plain walk of the move generator cannot follow: programs with
/// such nodes are walked by [`crate::special`].
pub const SPECIAL: u16 = TAKE | CHAIN | PAWN | RECAPTURE;

/// One square of a program. `skip` and `alt` are indices inside the
/// program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub sq: Square,
    pub skip: u16,
    pub alt: u16,
    pub flags: u16,
}

impl Node {
    /// The node a walk goes to from node `i` (this one) whose flags for
    /// the class found on its square are `f`: into its subtree, to its
    /// alternative, or past its subtree.
    #[inline(always)]
    pub fn next(&self, i: usize, f: u16) -> usize {
        if f & CONT != 0 {
            i + 1
        } else if f & ALT != 0 {
            self.alt as usize
        } else {
            self.skip as usize
        }
    }
}

/// Where one (kind, colour, square) program lives.
#[derive(Clone, Copy, Debug, Default)]
pub struct Program {
    pub start: u32,
    /// Nodes usable by every piece.
    pub len: u16,
    /// Nodes usable by a piece on its starting square (`i` moves follow the
    /// ordinary ones).
    pub len_initial: u16,
    /// Some square can be reached along two paths: the generator removes
    /// repeats.
    pub dup: bool,
    /// Some node may capture en passant.
    pub ep: bool,
    /// Some node has a [`SPECIAL`] flag: the program takes men on the way,
    /// goes on in a chain or hops over pawns.
    pub special: bool,
    /// Where this program's entries start in [`MoveTables::attacks`].
    pub attacks_start: u32,
    pub attacks_len: u16,
}

/// The compiled tables of every piece kind of a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    pub nodes: Vec<Node>,
    /// Parent of each node (index inside its program, `u16::MAX` at a
    /// root): the squares a path crosses to reach a node.
    pub parents: Vec<u16>,
    pub programs: Vec<Program>,
    /// For each program, the squares where it could ever capture, as a
    /// bitset of `words` words.
    pub reach: Vec<u64>,
    pub words: usize,
    /// For each program, (square, root) pairs sorted by square: the
    /// top-level branch (from `root` to `nodes[root].skip`) holding a node
    /// that may capture on that square. An attack test walks only those
    /// branches instead of the whole program.
    pub attacks: Vec<(Square, u16)>,
    /// For each colour and square `k`, a bitset of the squares that some
    /// path of that colour's pieces (any kind, from any square) crosses on
    /// its way to a capture on `k`. A move that neither leaves nor enters
    /// such a square cannot open or close an attack on a royal standing on
    /// `k`. Indexed `(color * squares + k) * words`.
    pub lines_to: Vec<u64>,
    /// For each colour and square `k`, a bitset of the squares from which
    /// some piece of that colour could ever capture on `k`: attack tests
    /// look only at the pieces standing there. Indexed like `lines_to`.
    pub attackers: Vec<u64>,
    /// For each program, the squares it could ever move to (any move), as
    /// a bitset of `words` words.
    pub dests: Vec<u64>,
    /// For each kind, colour and square `k`, the squares from which a piece
    /// of that kind and colour could ever capture on `k`: where it gives
    /// check to a royal on `k`. Indexed like the programs, by `k`.
    pub checks_from: Vec<u64>,
    /// The table of each piece kind: kinds with the same movement share
    /// one set of programs.
    pub table_of: Vec<u16>,
    /// On large boards the per-program bitsets (`reach`, `dests`,
    /// `checks_from`) would cost squares² bits per table: they are left
    /// out, as is `lines_to`, and their questions answered "maybe", which
    /// costs search speed, never correctness.
    pub compact: bool,
    /// Per square: a hole, a square the board does not have (Omega Chess,
    /// Troitzky Chess); empty when the board has none. No move stops on a
    /// hole or passes it; a leap goes over it as over any square.
    pub holes: Vec<bool>,
    /// For the tables of movements that take men on the way or in chains
    /// (see [`crate::special`]), per program, the squares where the piece
    /// could ever take a man, on the way or by landing, over any number of
    /// chained segments: a superset that spares most attack tests the
    /// walk. Rows of `words` words; `takes_at[table]` is the first row of
    /// a table's programs, `u32::MAX` for a table without them (and in
    /// compact tables, where every answer is "maybe").
    pub takes: Vec<u64>,
    pub takes_at: Vec<u32>,
    /// Rows like `takes`: every square such a piece's moves from there
    /// could look at (the squares of its programs on every square a chain
    /// could bring it to). Only the men on these squares decide its moves.
    pub regions: Vec<u64>,
    /// Some kinds share a table (`table_of` is not the identity).
    shared: bool,
    /// Words between two rows of the bitsets indexed by program or by
    /// square (`reach`, `dests`, `checks_from`, `lines_to`): `words`, or 0
    /// in compact tables, where each of them is a single row of ones, so
    /// that every question about them gets "maybe" without a branch.
    row_words: usize,
    squares: usize,
}

impl MoveTables {
    /// Empty tables for a board; `table_of` maps each kind to its table
    /// (see [`MoveTables::add_program`] for the order programs come in).
    pub fn new(geo: Geometry, table_of: Vec<u16>, compact: bool) -> MoveTables {
        let words = geo.len().div_ceil(64);
        MoveTables {
            shared: table_of.iter().enumerate().any(|(k, &t)| t as usize != k),
            words,
            squares: geo.len(),
            table_of,
            compact,
            row_words: if compact { 0 } else { words },
            lines_to: if compact {
                vec![!0; words]
            } else {
                vec![0; 2 * geo.len() * words]
            },
            reach: if compact { vec![!0; words] } else { Vec::new() },
            dests: if compact { vec![!0; words] } else { Vec::new() },
            checks_from: if compact { vec![!0; words] } else { Vec::new() },
            attackers: vec![0; 2 * geo.len() * words],
            ..MoveTables::default()
        }
    }

    /// Compiles one movement for both colours and appends its programs as
    /// the next table.
    pub fn add_table(&mut self, geo: Geometry, movement: &Movement) -> Result<(), String> {
        for sign in [1, -1] {
            for sq in 0..geo.len() as Square {
                self.add_program(geo, movement, sq, sign, None)?;
            }
        }
        Ok(())
    }

    /// The number of tables (distinct movements) compiled so far.
    pub fn table_count(&self) -> usize {
        self.programs.len() / (2 * self.squares.max(1))
    }

    #[inline]
    pub fn program(&self, kind: usize, color: usize, sq: Square) -> &Program {
        &self.programs[self.program_index(kind, color, sq)]
    }

    #[inline]
    pub fn program_index(&self, kind: usize, color: usize, sq: Square) -> usize {
        // Most variants give each kind a movement of its own: their kinds
        // number the tables, without a look-up on the hot path.
        let table = if self.shared {
            self.table_of[kind] as usize
        } else {
            kind
        };
        (table * 2 + color) * self.squares + sq as usize
    }

    /// Bytes held by the tables.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.parents.capacity() * 2
            + self.programs.capacity() * size_of::<Program>()
            + (self.reach.capacity()
                + self.dests.capacity()
                + self.checks_from.capacity()
                + self.lines_to.capacity()
                + self.attackers.capacity())
                * 8
            + self.attacks.capacity() * size_of::<(Square, u16)>()
            + self.table_of.capacity() * 2
            + (self.takes.capacity() + self.regions.capacity()) * 8
            + self.takes_at.capacity() * 4
    }

    /// Could the piece of program `pi`, which takes men on the way or in
    /// chains, ever take a man on `target`?
    #[inline]
    pub fn may_take(&self, pi: usize, target: Square) -> bool {
        let table = pi / (2 * self.squares);
        match self.takes_at.get(table) {
            Some(&at) if at != u32::MAX => {
                let row = (at as usize + pi % (2 * self.squares)) * self.words;
                self.takes[row + (target as usize >> 6)] >> (target & 63) & 1 != 0
            }
            _ => true,
        }
    }

    /// The row of [`MoveTables::regions`] of program `pi` (of a movement
    /// that takes men on the way or in chains), if kept.
    #[inline]
    pub fn region(&self, pi: usize) -> Option<&[u64]> {
        let table = pi / (2 * self.squares);
        match self.takes_at.get(table) {
            Some(&at) if at != u32::MAX => {
                let row = (at as usize + pi % (2 * self.squares)) * self.words;
                Some(&self.regions[row..row + self.words])
            }
            _ => None,
        }
    }

    /// Computes the rows of [`MoveTables::takes`] and
    /// [`MoveTables::regions`] for `table`: from each
    /// square, the squares its program may take on, together with those of
    /// every square a chain could land on and go on from (landing squares
    /// of `{chain}` nodes, closed under repetition).
    pub fn add_takes(&mut self, table: usize) {
        if self.compact {
            return;
        }
        if self.takes_at.len() <= table {
            self.takes_at.resize(table + 1, u32::MAX);
        }
        if self.takes_at[table] != u32::MAX {
            return;
        }
        let (n, words) = (self.squares, self.words);
        self.takes_at[table] = (self.takes.len() / words) as u32;
        let first = table * 2 * n;
        let nodes_of = |pi: usize| {
            let p = &self.programs[pi];
            &self.nodes[p.start as usize..p.start as usize + p.len_initial as usize]
        };
        let mut rows = vec![0u64; 2 * n * words];
        let mut regions = vec![0u64; 2 * n * words];
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for color in 0..2 {
            for sq in 0..n {
                let at_row = (color * n + sq) * words..(color * n + sq + 1) * words;
                let row = &mut rows[at_row.clone()];
                let region = &mut regions[at_row];
                seen.iter_mut().for_each(|s| *s = false);
                seen[sq] = true;
                stack.push(sq);
                while let Some(at) = stack.pop() {
                    region[at >> 6] |= 1 << (at & 63);
                    for nd in nodes_of(first + color * n + at) {
                        region[nd.sq as usize >> 6] |= 1 << (nd.sq & 63);
                        if nd.flags & TAKE != 0 || (nd.flags >> ENEMY) & DEST != 0 {
                            row[nd.sq as usize >> 6] |= 1 << (nd.sq & 63);
                        }
                        let lands = (nd.flags >> EMPTY) & DEST != 0;
                        if nd.flags & CHAIN != 0 && lands && !seen[nd.sq as usize] {
                            seen[nd.sq as usize] = true;
                            stack.push(nd.sq as usize);
                        }
                    }
                }
            }
        }
        self.takes.extend_from_slice(&rows);
        self.regions.extend_from_slice(&regions);
    }

    /// Gives back the spare capacity of the growing vectors.
    pub fn shrink(&mut self) {
        self.nodes.shrink_to_fit();
        self.parents.shrink_to_fit();
        self.programs.shrink_to_fit();
        self.attacks.shrink_to_fit();
        self.reach.shrink_to_fit();
        self.dests.shrink_to_fit();
        self.checks_from.shrink_to_fit();
    }

    /// The top-level branches of a program that may capture on `target`.
    #[inline]
    pub fn attack_roots(&self, p: &Program, target: Square) -> impl Iterator<Item = u16> + '_ {
        let list = &self.attacks[p.attacks_start as usize..p.attacks_start as usize + p.attacks_len as usize];
        let first = list.partition_point(|&(sq, _)| sq < target);
        list[first..]
            .iter()
            .take_while(move |&&(sq, _)| sq == target)
            .map(|&(_, r)| r)
    }

    /// Could a path of `color`'s pieces towards a capture on `k` cross `x`?
    #[inline]
    pub fn on_line_to(&self, color: usize, k: Square, x: Square) -> bool {
        let w = self.lines_to[(color * self.squares + k as usize) * self.row_words + (x as usize >> 6)];
        w >> (x & 63) & 1 != 0
    }

    /// The squares from which a piece of `color` could ever capture on `k`.
    #[inline]
    pub fn attackers_of(&self, color: usize, k: Square) -> &[u64] {
        let at = (color * self.squares + k as usize) * self.words;
        &self.attackers[at..at + self.words]
    }

    /// Could the piece of program `pi` (kind, colour, square) ever move to
    /// a square from which it would attack `k`?
    #[inline]
    pub fn may_move_to_check(&self, kind: usize, color: usize, pi: usize, k: Square) -> bool {
        let row = self.program_index(kind, color, k) * self.row_words;
        let at = pi * self.row_words;
        let dests = &self.dests[at..at + self.words];
        let from = &self.checks_from[row..row + self.words];
        dests.iter().zip(from).any(|(d, f)| d & f != 0)
    }

    /// Could the piece ever capture on one of the squares of `targets` (a
    /// bitset)?
    #[inline]
    pub fn reaches_any(&self, program_index: usize, targets: &[u64]) -> bool {
        let at = program_index * self.row_words;
        let reach = &self.reach[at..at + self.words];
        reach.iter().zip(targets).any(|(r, t)| r & t != 0)
    }

    /// Every square the piece could ever capture on, as a bitset.
    #[inline]
    pub fn reach_row(&self, program_index: usize) -> &[u64] {
        let at = program_index * self.row_words;
        &self.reach[at..at + self.words]
    }

    /// Could the piece ever capture on `target`?
    #[inline]
    pub fn reaches(&self, program_index: usize, target: Square) -> bool {
        let w = self.reach[program_index * self.row_words + (target as usize >> 6)];
        w >> (target & 63) & 1 != 0
    }

    /// Compiles the program of one (colour, square) of a movement and
    /// appends it. Programs must come table by table, White's squares in
    /// order then Black's (`sign` 1 then -1): the row blocks of
    /// `checks_from` are found from that order.
    /// With a `region` (per square, for this colour), the piece may stop
    /// only on its squares: it still passes through the others.
    pub fn add_program(
        &mut self,
        geo: Geometry,
        movement: &Movement,
        sq: Square,
        sign: i32,
        region: Option<&[bool]>,
    ) -> Result<(), String> {
        let (mut b, len) = build_program(geo, movement, sq, sign)?;
        if let Some(region) = region {
            let stops = (DEST << EMPTY) | (DEST << FRIEND) | (DEST << ENEMY) | FAR | EP;
            for n in b.nodes.iter_mut().filter(|n| !region[n.sq as usize]) {
                n.flags &= !stops;
            }
        }
        if !self.holes.is_empty() {
            // Nothing ever stands on a hole: its node is always empty, and
            // neither a stop nor a way on.
            let empty = (DEST | CONT | ALT) << EMPTY;
            for n in b.nodes.iter_mut().filter(|n| self.holes[n.sq as usize]) {
                n.flags &= !(empty | FAR | EP);
            }
        }
        let total = b.nodes.len();
        // The attack tables hold the captures every board allows; a
        // `{recapture}` node's depend on the last move, so only the walk
        // of `crate::special` answers for them.
        let captures = |n: &Node| (n.flags >> ENEMY) & DEST != 0 && n.flags & RECAPTURE == 0;
        let bitsets = if self.compact { 0 } else { self.words };
        let mut reach = vec![0u64; bitsets];
        let mut dests = vec![0u64; bitsets];
        let mut seen = vec![0u8; self.squares];
        let mut dup = false;
        let mut ep = false;
        let mut special = false;
        for n in &b.nodes {
            let any_dest = (n.flags >> EMPTY | n.flags >> FRIEND | n.flags >> ENEMY) & DEST != 0;
            if (any_dest || n.flags & FAR != 0) && bitsets > 0 {
                dests[n.sq as usize >> 6] |= 1 << (n.sq & 63);
            }
            if any_dest {
                if seen[n.sq as usize] == 1 {
                    dup = true;
                }
                seen[n.sq as usize] = 1;
            }
            if captures(n) && bitsets > 0 {
                reach[n.sq as usize >> 6] |= 1 << (n.sq & 63);
            }
            ep |= n.flags & EP != 0;
            special |= n.flags & SPECIAL != 0;
        }
        let mut root = vec![0u16; total];
        let mut attacks: Vec<(Square, u16)> = Vec::new();
        for (i, n) in b.nodes.iter().enumerate() {
            let p = b.parents[i];
            root[i] = if p == NONE { i as u16 } else { root[p as usize] };
            if captures(n) {
                attacks.push((n.sq, root[i]));
            }
        }
        attacks.sort_unstable();
        attacks.dedup();
        if self.programs.len().is_multiple_of(self.squares) && !self.compact {
            // The first program of a table and colour: room for its rows.
            self.checks_from
                .resize(self.checks_from.len() + self.squares * self.words, 0);
        }
        let color = usize::from(sign < 0);
        for (i, n) in b.nodes.iter().enumerate() {
            if !captures(n) {
                continue;
            }
            let row = (color * self.squares + n.sq as usize) * self.words;
            self.attackers[row + (sq as usize >> 6)] |= 1 << (sq & 63);
            if !self.compact {
                // This program's row block: programs of one table and
                // colour are numbered by square, so `k`'s row is offset
                // from ours.
                let check_row = (self.programs.len() - sq as usize + n.sq as usize) * self.words;
                self.checks_from[check_row + (sq as usize >> 6)] |= 1 << (sq & 63);
            }
            // The squares crossed on the way: O(path length²) per ray, the
            // largest cost of compiling long riders, so compact tables
            // (whose `on_line_to` says "maybe") skip it.
            let mut j = if self.compact { NONE } else { b.parents[i] };
            while j != NONE {
                let x = b.nodes[j as usize].sq as usize;
                self.lines_to[row + (x >> 6)] |= 1 << (x & 63);
                j = b.parents[j as usize];
            }
        }
        self.programs.push(Program {
            start: self.nodes.len() as u32,
            len: len as u16,
            len_initial: total as u16,
            dup,
            ep,
            special,
            attacks_start: self.attacks.len() as u32,
            attacks_len: attacks.len().min(u16::MAX as usize) as u16,
        });
        self.attacks.extend_from_slice(&attacks);
        self.nodes.extend_from_slice(&b.nodes);
        self.parents.extend_from_slice(&b.parents);
        self.reach.extend_from_slice(&reach);
        self.dests.extend_from_slice(&dests);
        Ok(())
    }
}

const NONE: u16 = u16::MAX;

/// The squares a lame leap of `v` passes, as offsets from its start, the
/// landing square left out: orthogonal steps along the longer axis while
/// it is longer, then diagonal steps.
fn lame_path(v: Dir) -> Vec<Dir> {
    let (ax, ay) = (v.0.abs(), v.1.abs());
    let (sx, sy) = (v.0.signum(), v.1.signum());
    let (mut x, mut y) = (0, 0);
    let mut out = Vec::new();
    for _ in 0..(ax - ay).abs() {
        if ax > ay {
            x += sx;
        } else {
            y += sy;
        }
        out.push((x, y));
    }
    for _ in 0..ax.min(ay) {
        x += sx;
        y += sy;
        out.push((x, y));
    }
    out.pop();
    out
}

/// Builds the program of `movement` for a piece on `sq` (`sign` 1 for
/// White, -1 for Black); also returns how many of its nodes serve every
/// piece (the `i` moves follow).
fn build_program(geo: Geometry, movement: &Movement, sq: Square, sign: i32) -> Result<(Builder, usize), String> {
    let mut b = Builder {
        geo,
        origin: sq,
        sign,
        nodes: Vec::new(),
        parents: Vec::new(),
        overflow: false,
    };
    for p in movement.patterns.iter().filter(|p| !p.initial) {
        b.pattern(p)?;
    }
    let len = b.nodes.len();
    for p in movement.patterns.iter().filter(|p| p.initial) {
        b.pattern(p)?;
    }
    if b.overflow {
        return Err(format!(
            "movement too large: more than {MAX_PROGRAM} squares from one square"
        ));
    }
    Ok((b, len))
}

/// The size of White's program of `movement` on `sq`: its nodes, and how
/// many of them may capture (entries of [`MoveTables::attacks`]). Black's
/// programs are White's turned 180°, so they have the same sizes.
pub fn program_size(geo: Geometry, movement: &Movement, sq: Square) -> Result<(usize, usize), String> {
    let (b, _) = build_program(geo, movement, sq, 1)?;
    let captures = b.nodes.iter().filter(|n| (n.flags >> ENEMY) & DEST != 0).count();
    Ok((b.nodes.len(), captures))
}

/// The most squares one program may hold; a movement that needs more on
/// some square is rejected (multi-leg riders grow very fast).
const MAX_PROGRAM: usize = 60_000;

/// Builds one program (one piece kind, colour and origin square).
struct Builder {
    geo: Geometry,
    origin: Square,
    /// 1 for White, -1 for Black: Black's moves are White's turned 180°.
    sign: i32,
    nodes: Vec<Node>,
    parents: Vec<u16>,
    overflow: bool,
}

fn class_bits(class: u32, bits: u16) -> u16 {
    bits << class
}

impl Builder {
    fn push(&mut self, sq: Square, mut flags: u16, parent: u16) -> usize {
        if self.nodes.len() >= MAX_PROGRAM {
            self.overflow = true;
            return self.nodes.len() - 1;
        }
        // The origin is empty once the piece has left it (a Rose's full
        // circle, a move returning home); on the board it holds the mover
        // itself, a friend.
        if sq == self.origin {
            let empty = flags & 7;
            flags = (flags & !(7 << FRIEND)) | class_bits(FRIEND, empty);
        }
        self.nodes.push(Node {
            sq,
            skip: 0,
            alt: 0,
            flags,
        });
        self.parents.push(parent);
        self.nodes.len() - 1
    }

    /// Sets `skip` of nodes `from..` (that have none yet) to the current end.
    fn close(&mut self, from: usize) {
        let end = self.nodes.len() as u16;
        for n in &mut self.nodes[from..] {
            if n.skip == 0 {
                n.skip = end;
            }
        }
    }

    fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        self.geo.offset(sq, d.0 * self.sign, d.1 * self.sign)
    }

    /// The direction `d` reflected off the side(s) of the board it would
    /// leave from `sq`; `None` when both components would (a corner).
    fn reflect(&self, sq: Square, d: Dir) -> Option<Dir> {
        let (dx, dy) = (d.0 * self.sign, d.1 * self.sign);
        let off_file = !(0..self.geo.width as i32).contains(&(self.geo.file(sq) + dx));
        let off_rank = !(0..self.geo.height as i32).contains(&(self.geo.rank(sq) + dy));
        match (off_file, off_rank) {
            (true, true) => None,
            (true, false) => Some((-d.0, d.1)),
            (false, true) => Some((d.0, -d.1)),
            (false, false) => Some(d),
        }
    }

    /// [`Builder::step`] on a board whose files wrap round when `wrap`.
    fn step_on(&self, sq: Square, d: Dir, wrap: bool) -> Option<Square> {
        if !wrap {
            return self.step(sq, d);
        }
        let w = self.geo.width as i32;
        let file = (self.geo.file(sq) + d.0 * self.sign).rem_euclid(w);
        self.geo.square(file, self.geo.rank(sq) + d.1 * self.sign)
    }

    fn pattern(&mut self, p: &Pattern) -> Result<(), String> {
        use crate::betza::mech;
        // Overtaking, shots, swaps and destruction are walked at run time
        // (`crate::mechanism`); the other mechanisms ride on the pattern's
        // own moves, compiled here as moves to empty squares.
        if p.mech != 0 && p.mech & (mech::WITHDRAW | mech::APPROACH | mech::COORD | mech::CUSTODIAL | mech::MIMIC) == 0
        {
            return Ok(());
        }
        // `{jester}`, `{orphan}` and `{friend}` borrow other kinds'
        // programs at run time.
        if p.borrow != 0 {
            return Ok(());
        }
        if p.circular {
            return self.circular(&p.legs[0]);
        }
        if p.leapfrog {
            return self.leapfrog();
        }
        let first = self.nodes.len();
        if p.legs[0].style == Style::Mill {
            self.windmill(&p.legs[0]);
        } else {
            self.leg(p, 0, self.origin, None, NONE, 0)?;
        }
        if p.chain {
            for n in &mut self.nodes[first..] {
                n.flags |= CHAIN;
            }
        }
        if p.recapture {
            for n in &mut self.nodes[first..] {
                n.flags |= RECAPTURE;
            }
        }
        Ok(())
    }

    /// `{leapfrog}`: two squares straight forward over a friendly pawn, to
    /// an empty square that is not on the last rank.
    fn leapfrog(&mut self) -> Result<(), String> {
        let (Some(over), Some(to)) = (self.step(self.origin, (0, 1)), self.step(self.origin, (0, 2))) else {
            return Ok(());
        };
        if self.step(to, (0, 1)).is_none() {
            return Ok(());
        }
        let block = self.nodes.len();
        let screen = self.push(over, class_bits(FRIEND, CONT) | PAWN, NONE) as u16;
        self.push(to, class_bits(EMPTY, DEST), screen);
        self.close(block);
        Ok(())
    }

    /// The vectors of leg `k`, given the direction the previous leg took.
    fn vectors(&self, p: &Pattern, k: usize, prev: Option<Dir>) -> Result<Vec<Dir>, String> {
        let leg = &p.legs[k];
        let Some(prev) = prev.filter(|_| !leg.absolute) else {
            return absolute(leg.atom, leg.ksystem, &leg.dirs);
        };
        let diagonal_atom = leg.atom.0 == leg.atom.1 && !leg.ksystem;
        let step = leg.atom.1 as i32;
        let oblique_prev = prev.0 != 0 && prev.1 != 0 && prev.0.abs() != prev.1.abs();
        // After an oblique leap the reference direction is the one of this
        // leg's class nearest to the leap: (1,2) -> (1,1) or (0,1).
        let reference = if oblique_prev {
            if diagonal_atom {
                (prev.0.signum(), prev.1.signum())
            } else if prev.1.abs() > prev.0.abs() {
                (0, prev.1.signum())
            } else {
                (prev.0.signum(), 0)
            }
        } else {
            (prev.0.signum(), prev.1.signum())
        };
        let ref_index = RING.iter().position(|&d| d == reference).expect("unit direction");
        let turns = if !leg.dirs.is_empty() {
            rotations(&leg.dirs)?
        } else if p.bracket {
            let prev_diagonal = reference.0 != 0 && reference.1 != 0;
            if oblique_prev || leg.ksystem || prev_diagonal == diagonal_atom {
                vec![0]
            } else {
                vec![1, 7]
            }
        } else if leg.ksystem {
            vec![0, 1, 2, 3, 5, 6, 7]
        } else {
            vec![0, 2, 6]
        };
        Ok(turns
            .into_iter()
            .map(|t| {
                let u = RING[(ref_index + t as usize) % 8];
                (u.0 * step, u.1 * step)
            })
            .collect())
    }

    fn range_of(p: &Pattern, k: usize) -> u8 {
        let toggled = k > 0 && p.legs[k - 1].y;
        match (p.legs[k].range, toggled) {
            (r, false) => r,
            (1, true) => 0,
            (_, true) => 1,
        }
    }

    /// Leg `k` from `from`; the previous leg took `steps` steps (for a leg
    /// of range `=`).
    fn leg(
        &mut self,
        p: &Pattern,
        k: usize,
        from: Square,
        prev: Option<Dir>,
        parent: u16,
        steps: usize,
    ) -> Result<(), String> {
        if self.overflow {
            return Ok(());
        }
        let vectors = self.vectors(p, k, prev)?;
        let range = Self::range_of(p, k);
        for v in vectors {
            if let Some(sum) = p.legs[k].zig {
                // A crooked rider: one path for each second leap.
                for v2 in crate::betza::zig_partners(p.legs[k].atom, sum, v) {
                    let block = self.nodes.len();
                    self.ride(p, k, from, [v, v2], range, parent, steps)?;
                    self.close(block);
                }
                continue;
            }
            let block = self.nodes.len();
            if range == 1 {
                self.leap(p, k, from, v, parent)?;
            } else {
                self.ride(p, k, from, [v, v], range, parent, steps)?;
            }
            self.close(block);
        }
        Ok(())
    }

    /// What a node of leg `k` does on an empty square and on an enemy.
    fn end_bits(p: &Pattern, k: usize) -> (u16, u16) {
        let leg = &p.legs[k];
        let last = k + 1 == p.legs.len();
        if last {
            (if leg.m { DEST } else { 0 }, if leg.c { DEST } else { 0 })
        } else if p.may_end[k] {
            let only_c = leg.c && !leg.m;
            let only_m = leg.m && !leg.c;
            (if only_c { 0 } else { DEST }, if only_m { 0 } else { DEST })
        } else {
            (0, 0)
        }
    }

    fn leap(&mut self, p: &Pattern, k: usize, from: Square, v: Dir, parent: u16) -> Result<(), String> {
        let leg = &p.legs[k];
        let Some(target) = self.step_on(from, v, leg.wrap) else {
            return Ok(());
        };
        if (leg.wrap || leg.absolute) && target == self.origin {
            // Round the cylinder and back, or an absolute leg aimed home:
            // not a move.
            return Ok(());
        }
        let mut parent = parent;
        let half = (v.0 / 2, v.1 / 2);
        if leg.n {
            // A lame leap goes by orthogonal steps along its longer axis,
            // then diagonal ones, and is blocked by any man on the way (the
            // Interactive Diagram's and Fairy-Stockfish's path: nN the
            // Xiangqi horse, nZ the Janggi elephant, nC two squares
            // straight then one diagonal).
            for &(dx, dy) in &lame_path(v) {
                let Some(block) = self.step_on(from, (dx, dy), leg.wrap) else {
                    return Ok(());
                };
                parent = self.push(block, class_bits(EMPTY, CONT), parent) as u16;
            }
        } else if leg.j > 0 && half != (0, 0) {
            let block = self
                .step_on(from, half, leg.wrap)
                .expect("half way lies between two board squares");
            // `j` on a leaper: the square half way must be occupied.
            let flags = class_bits(FRIEND, CONT) | class_bits(ENEMY, CONT);
            parent = self.push(block, flags, parent) as u16;
        }
        let last = k + 1 == p.legs.len();
        let (on_empty, on_enemy) = Self::end_bits(p, k);
        let mut flags = class_bits(EMPTY, on_empty) | class_bits(ENEMY, on_enemy);
        if last && leg.e {
            flags |= EP;
        }
        if last && leg.d {
            flags |= class_bits(FRIEND, DEST);
        }
        if !last {
            // A middle leg goes on through an empty square (`m`, or no
            // letter), any man (`p`), or an enemy it takes (`c`, a locust).
            if leg.m || !(leg.p || leg.c) {
                flags |= class_bits(EMPTY, CONT);
            }
            if leg.p {
                flags |= class_bits(FRIEND, CONT);
            }
            if leg.p || leg.c {
                flags |= class_bits(ENEMY, CONT);
            }
            if leg.c {
                flags |= TAKE;
            }
        }
        let node = self.push(target, flags, parent) as u16;
        if !last {
            self.leg(p, k + 1, target, Some(v), node, 1)?;
        }
        Ok(())
    }

    /// A slide from `from`, its leaps alternating between `dirs[0]` and
    /// `dirs[1]` (the same but for crooked riders).
    #[allow(clippy::too_many_arguments)]
    fn ride(
        &mut self,
        p: &Pattern,
        k: usize,
        from: Square,
        dirs: [Dir; 2],
        range: u8,
        parent: u16,
        prev_steps: usize,
    ) -> Result<(), String> {
        let v = dirs[0];
        let leg = &p.legs[k];
        let last = k + 1 == p.legs.len();
        let mut ray = Vec::new();
        let mut sq = from;
        let mut limit = if range == 0 {
            usize::MAX
        } else {
            range as usize + leg.j as usize
        };
        if leg.same_steps {
            limit = prev_steps;
        }
        if leg.style == Style::Half {
            // Half the way to the edge, rounded up.
            let mut to_edge = 0usize;
            let mut at = from;
            while let Some(next) = self.step(at, v) {
                to_edge += 1;
                at = next;
            }
            limit = limit.min(to_edge.div_ceil(2));
        }
        let mut dir = v;
        while ray.len() < limit {
            if leg.style == Style::Bounce {
                // Off a side the direction reflects; in a corner (both
                // sides at once) the path ends, as it does where it would
                // come back to its start or to one of its own squares.
                let next = self.step(sq, dir).or_else(|| {
                    dir = self.reflect(sq, dir)?;
                    self.step(sq, dir)
                });
                match next {
                    Some(next) if next != self.origin && !ray.contains(&next) => {
                        ray.push(next);
                        sq = next;
                    }
                    _ => break,
                }
                continue;
            }
            match self.step_on(sq, dirs[ray.len() % 2], leg.wrap) {
                // Round the cylinder, a ray stops before its start.
                Some(next) if leg.wrap && next == self.origin => break,
                Some(next) => {
                    ray.push(next);
                    sq = next;
                }
                None => break,
            }
        }
        if leg.same_steps && ray.len() < prev_steps {
            // The edge comes first: no square at that distance.
            return Ok(());
        }
        let mut parent = parent;
        let skipped = (leg.j as usize).min(ray.len());
        for &s in &ray[..skipped] {
            let all = class_bits(EMPTY, CONT) | class_bits(FRIEND, CONT) | class_bits(ENEMY, CONT);
            parent = self.push(s, all, parent) as u16;
        }
        let ray = &ray[skipped..];
        let (on_empty, on_enemy) = Self::end_bits(p, k);
        let n = ray.len();
        if leg.p || leg.g {
            // Squares before the screen, then the squares behind it. A
            // screen on ray[i] sends the walk to the node of ray[i + 1]
            // behind it.
            let first = self.nodes.len();
            for (i, &s) in ray.iter().enumerate() {
                let more = i + 1 < n;
                let f = if more {
                    class_bits(EMPTY, CONT) | class_bits(FRIEND, ALT) | class_bits(ENEMY, ALT)
                } else {
                    0
                };
                parent = self.push(s, f, parent) as u16;
            }
            let behind = self.nodes.len();
            for (i, &s) in ray.iter().enumerate().skip(1) {
                let f = if leg.g {
                    class_bits(EMPTY, on_empty) | class_bits(ENEMY, on_enemy)
                } else {
                    class_bits(EMPTY, on_empty | CONT) | class_bits(ENEMY, on_enemy)
                };
                let par = if leg.g || i == 1 {
                    (first + i - 1) as u16
                } else {
                    (self.nodes.len() - 1) as u16
                };
                self.push(s, self.landing(leg, s, f), par);
            }
            if self.overflow {
                return Ok(());
            }
            for i in 0..n.saturating_sub(1) {
                self.nodes[first + i].alt = (behind + i) as u16;
            }
            return Ok(());
        }
        for (i, &s) in ray.iter().enumerate() {
            let more = i + 1 < n;
            let f = match leg.style {
                // A leg of range `=` passes its first squares and may end
                // only on the last.
                _ if leg.same_steps && more => class_bits(EMPTY, CONT),
                Style::Normal | Style::Half | Style::Bounce | Style::Mill => {
                    let mut f = class_bits(EMPTY, on_empty | CONT) | class_bits(ENEMY, on_enemy);
                    if last && leg.e {
                        f |= EP;
                    }
                    if last && leg.d {
                        f |= class_bits(FRIEND, DEST);
                    }
                    f
                }
                Style::Near => class_bits(FRIEND, CONT) | class_bits(EMPTY, on_empty) | class_bits(ENEMY, on_enemy),
                Style::Fly => {
                    class_bits(EMPTY, on_empty | CONT) | class_bits(FRIEND, CONT) | class_bits(ENEMY, on_enemy)
                }
                Style::Far => {
                    let mut f = class_bits(EMPTY, CONT) | class_bits(ENEMY, on_enemy);
                    if on_empty != 0 {
                        f |= if more { FAR } else { class_bits(EMPTY, DEST) };
                    }
                    f
                }
            };
            let node = self.push(s, self.landing(leg, s, f), parent) as u16;
            parent = node;
            if !(last || leg.absolute && s == self.origin) {
                self.leg(p, k + 1, s, Some(v), node, skipped + i + 1)?;
            }
        }
        Ok(())
    }

    /// The flags `f` of a node of `leg` on `sq`, without its destinations
    /// when an `{abs}` leg would land on the move's start square (it may
    /// still slide over it: the piece has left it).
    fn landing(&self, leg: &Leg, sq: Square, f: u16) -> u16 {
        if leg.absolute && sq == self.origin {
            f & !(class_bits(EMPTY, DEST) | class_bits(FRIEND, DEST) | class_bits(ENEMY, DEST) | FAR | EP)
        } else {
            f
        }
    }

    /// `{mill}`: the windmill. Each neighbour of the origin may be the
    /// pivot, on condition that it is occupied (friend or enemy, like a
    /// `j` leaper's half-way square); under it two chains go round the
    /// pivot's eight neighbours, one each way, from the square next to the
    /// origin to the square before it (or to the board's edge). A chain
    /// passes and may stop on empty squares, captures the first enemy and
    /// ends at a friend.
    fn windmill(&mut self, leg: &Leg) {
        let bits =
            class_bits(EMPTY, if leg.m { DEST } else { 0 } | CONT) | class_bits(ENEMY, if leg.c { DEST } else { 0 });
        for d in RING {
            let Some(pivot) = self.step(self.origin, d) else {
                continue;
            };
            let block = self.nodes.len();
            let head = self.push(pivot, class_bits(FRIEND, CONT) | class_bits(ENEMY, CONT), NONE) as u16;
            // The origin's place in the pivot's ring.
            let home = RING.iter().position(|&r| r == (-d.0, -d.1)).expect("unit direction");
            for sense in [1, RING.len() - 1] {
                let chain = self.nodes.len();
                let mut parent = head;
                for h in 1..RING.len() {
                    let Some(sq) = self.step(pivot, RING[(home + h * sense) % RING.len()]) else {
                        break;
                    };
                    parent = self.push(sq, bits, parent) as u16;
                }
                self.close(chain);
            }
            self.close(block);
        }
    }

    /// `q`: the circular rider. Each first leap starts two chains, turning
    /// one step of the atom's ring clockwise or counter-clockwise per leap.
    fn circular(&mut self, leg: &Leg) -> Result<(), String> {
        if leg.ksystem || !leg.dirs.is_empty() || leg.range > 8 || leg.wrap {
            return Err("'q' needs a plain leaper atom such as N, with a range of at most 8".into());
        }
        let mut ring = images(leg.atom);
        sort_by_angle(&mut ring);
        let count = ring.len();
        let hops = if leg.range == 0 || leg.range == 1 {
            count
        } else {
            leg.range as usize
        };
        let bits =
            class_bits(EMPTY, if leg.m { DEST } else { 0 } | CONT) | class_bits(ENEMY, if leg.c { DEST } else { 0 });
        for s in 0..count {
            let block = self.nodes.len();
            let Some(first) = self.step(self.origin, ring[s]) else {
                continue;
            };
            let head = self.push(first, bits, NONE) as u16;
            for sense in [1, count - 1] {
                let chain = self.nodes.len();
                let mut sq = first;
                let mut parent = head;
                for h in 1..hops {
                    let Some(next) = self.step(sq, ring[(s + h * sense) % count]) else {
                        break;
                    };
                    parent = self.push(next, bits, parent) as u16;
                    sq = next;
                }
                self.close(chain);
            }
            self.close(block);
        }
        Ok(())
    }
}

/// Compiles `movement` once on a 15 x 15 board to find direction and leg
/// errors that do not depend on the square.
pub fn check_movement(movement: &Movement) -> Result<(), String> {
    let geo = Geometry::new(15, 15).expect("valid size");
    let mut b = Builder {
        geo,
        origin: 7 * 15 + 7,
        sign: 1,
        nodes: Vec::new(),
        parents: Vec::new(),
        overflow: false,
    };
    for p in &movement.patterns {
        b.pattern(p)?;
        if b.overflow {
            return Err(format!(
                "movement too large: more than {MAX_PROGRAM} squares from one square"
            ));
        }
    }
    Ok(())
}

/// Walks one program over a board described by `class_of` (a square's
/// class: [`EMPTY`], [`FRIEND`] or [`ENEMY`]) and reports each square the
/// piece may stop on, with its class. For analysis outside the hot path
/// (piece values, diagrams); the move generator has its own loop.
pub fn for_each_destination(nodes: &[Node], class_of: impl Fn(Square) -> u32, mut visit: impl FnMut(Square, u32)) {
    let mut i = 0;
    while i < nodes.len() {
        let n = nodes[i];
        let cls = class_of(n.sq);
        let f = (n.flags >> cls) & 7;
        let far_stop = cls == EMPTY && n.flags & FAR != 0 && class_of(nodes[i + 1].sq) == FRIEND;
        if f & DEST != 0 || far_stop {
            visit(n.sq, cls);
        }
        i = n.next(i, f);
    }
}
