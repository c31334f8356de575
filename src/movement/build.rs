//! Compiling one movement into the program of one square (see the
//! parent module for what a program is).

use super::*;
use crate::betza::Movement;
use crate::betza::{Dir, Leg, Pattern, Style};
use crate::betza::{RING, absolute, images, rotations, sort_by_angle};
use crate::core::geometry::{Geometry, Square};

/// No parent: a node at the top of its program.
pub(super) const NONE: u16 = u16::MAX;

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
pub(super) fn build_program(
    geo: Geometry,
    movement: &Movement,
    sq: Square,
    sign: i32,
) -> Result<(Builder, usize), String> {
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
pub(super) struct Builder {
    geo: Geometry,
    origin: Square,
    /// 1 for White, -1 for Black: Black's moves are White's turned 180°.
    sign: i32,
    pub(super) nodes: Vec<Node>,
    pub(super) parents: Vec<u16>,
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
        // (`crate::rules::mechanisms`); the other mechanisms ride on the pattern's
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
