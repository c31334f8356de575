//! [`MoveTables`]: every program of a variant's piece kinds in one array,
//! with the bitsets derived from them that spare the hot paths a walk
//! (where a program could capture, move, give check, take on the way).

use super::build::{NONE, build_program};
use super::{ALT, CHAIN, CONT, DEST, EMPTY, ENEMY, EP, FAR, FRIEND, Node, Program, RECAPTURE, SPECIAL, TAKE};
use crate::betza::Movement;
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::Cell;

/// The compiled tables of every piece kind of a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    /// The nodes of every program, one program after another.
    pub nodes: Vec<Node>,
    /// Parent of each node (index inside its program, `u16::MAX` at a
    /// root): the squares a path crosses to reach a node.
    pub parents: Vec<u16>,
    /// The programs, found by [`MoveTables::program_index`].
    pub programs: Vec<Program>,
    /// For each program, the squares where it could ever capture, as a
    /// bitset of `words` words.
    pub reach: Vec<u64>,
    /// Number of `u64` words in one bitset of squares.
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
    /// Per colour: some path of its pieces goes on past a man of the other
    /// side (a hopper's screen). Without such paths a man arriving on a
    /// square can only block the other side's attacks, never open one.
    pub passes_enemies: [bool; 2],
    /// Per colour: some path of its pieces goes on past a man of its own
    /// side. Without such paths a man arriving on a square can only block
    /// his own side's attacks through it.
    pub passes_friends: [bool; 2],
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
    /// (see [`crate::rules::walk::special`]), per program, the squares where the piece
    /// could ever take a man, on the way or by landing, over any number of
    /// chained segments: a superset that spares most attack tests the
    /// walk. Rows of `words` words; `takes_at[table]` is the first row of
    /// a table's programs, `u32::MAX` for a table without them (and in
    /// compact tables, where every answer is "maybe").
    pub takes: Vec<u64>,
    /// Per table: the first row of `takes` for its programs.
    pub takes_at: Vec<u32>,
    /// Rows like `takes`: every square such a piece's moves from there
    /// could look at (the squares of its programs on every square a chain
    /// could bring it to). Only the men on these squares decide its moves.
    pub regions: Vec<u64>,
    /// Some kinds share a table (`table_of` is not the identity).
    shared: bool,
    /// Per cell (a man's kind and colour, [`crate::core::piece::cell`]): the
    /// index of his program on square 0. The attack test asks a dozen men
    /// a call on 16 x 16 whether they could take on the target at all:
    /// one load for each, where [`MoveTables::program_index`] takes the
    /// cell apart and multiplies.
    cell_programs: Vec<u32>,
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
        let cell_programs = (0..2 * (table_of.len() + 1))
            .map(|c| match c.checked_sub(2) {
                Some(row) => ((table_of[row / 2] as usize * 2 + row % 2) * geo.len()) as u32,
                None => 0,
            })
            .collect();
        MoveTables {
            shared: table_of.iter().enumerate().any(|(k, &t)| t as usize != k),
            cell_programs,
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

    /// The program of a man of `kind` and `color` on `sq`.
    #[inline]
    pub fn program(&self, kind: usize, color: usize, sq: Square) -> &Program {
        &self.programs[self.program_index(kind, color, sq)]
    }

    /// The index in `programs` of the program of a man of `kind` and `color` on
    /// `sq`.
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

    /// [`MoveTables::program_index`] of the man `cell` on `sq`.
    #[inline]
    pub fn program_index_of_cell(&self, cell: Cell, sq: Square) -> usize {
        self.cell_programs[cell as usize] as usize + sq as usize
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
        // of `crate::rules::walk::special` answers for them.
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
        self.passes_enemies[color] |= b.nodes.iter().any(|n| (n.flags >> ENEMY) & (CONT | ALT) != 0);
        self.passes_friends[color] |= b.nodes.iter().any(|n| (n.flags >> FRIEND) & (CONT | ALT) != 0);
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
