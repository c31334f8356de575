//! The transposition table: one 16-byte entry per slot, indexed by the
//! position hash, sized by the caller.

use super::MATE_BOUND;
use crate::core::moves::{Move, MoveKind};

/// What an entry's score says of the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The score is exact.
    Exact = 0,
    /// The true score is at least the score (a beta cut-off).
    Lower = 1,
    /// The true score is at most the score (no move raised alpha).
    Upper = 2,
}

/// One slot. The upper 32 bits of the hash check the entry; the lower ones
/// chose the slot. Aligned to its size, so no slot straddles two cache
/// lines: WebAssembly's allocator aligns the table to 8 bytes only, and
/// then one probe in four touched two lines (the worker searched about 10%
/// slower).
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
pub struct Entry {
    /// The upper 32 bits of the hash.
    pub check: u32,
    /// The best move found, or none.
    pub mv: Move,
    /// The score, as the table keeps it (mates from the node).
    pub score: i16,
    /// The depth searched, in plies.
    pub depth: u8,
    /// Bound in the low 2 bits, search generation above.
    pub flags: u8,
}

/// Marks a slot in use (bit 7 of `flags`).
const USED: u8 = 0x80;
const NO_MOVE: Move = Move {
    from: u16::MAX,
    to: u16::MAX,
    kind: MoveKind::Normal,
    promotion: 0,
    aux: 0,
};

impl Entry {
    const EMPTY: Entry = Entry {
        check: 0,
        mv: NO_MOVE,
        score: 0,
        depth: 0,
        flags: 0,
    };

    /// What the score says of the true score.
    pub fn bound(&self) -> Bound {
        match self.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    fn generation(&self) -> u8 {
        (self.flags >> 2) & 31
    }

    /// The stored move, if any.
    pub fn best(&self) -> Option<Move> {
        (self.mv != NO_MOVE).then_some(self.mv)
    }
}

/// Large pages for the table where the system offers them: nearly every
/// probe lands on a different page, and with 4 KB pages most probes also
/// miss the address-translation cache.
mod huge_pages {
    #[cfg(target_os = "linux")]
    pub fn advise(ptr: *mut u8, len: usize) {
        const HUGE: usize = 2 << 20;
        const MADV_HUGEPAGE: i32 = 14;
        unsafe extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        // The whole 2 MB pages inside the allocation, not yet touched.
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside an allocation this process owns;
            // the advice changes only how it is backed, and failure is
            // harmless (small pages).
            unsafe {
                madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE);
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn advise(_ptr: *mut u8, _len: usize) {}
}

/// The transposition table.
pub struct Table {
    slots: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or an error when the memory cannot
    /// be had (a size typed by a user must not abort the program).
    pub fn try_new(mb: usize) -> Result<Table, String> {
        let count = (mb.saturating_mul(1024 * 1024) / std::mem::size_of::<Entry>()).max(1);
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| format!("out of memory: a hash table of {mb} MB could not be allocated"))?;
        huge_pages::advise(slots.as_mut_ptr() as *mut u8, count * std::mem::size_of::<Entry>());
        slots.resize(count, Entry::EMPTY);
        Ok(Table { slots, generation: 0 })
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks entries of earlier searches as stale so they are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 31;
    }

    fn index(&self, hash: u64) -> usize {
        ((hash as u32 as u64 * self.slots.len() as u64) >> 32) as usize
    }

    /// Asks the processor to fetch the slot of `hash` into cache: issued
    /// right after a move is played, the fetch overlaps the legality test
    /// instead of stalling the child's probe (the table is far larger than
    /// the caches, so nearly every probe misses).
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add(self.index(hash)) as *const i8;
            // SAFETY: a prefetch is only a hint; any address may be given.
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Reads the slots of `hashes`, the positions a node is about to
    /// search, where the processor has no prefetch (WebAssembly). Nearly
    /// every probe misses the caches; a read that misses holds the
    /// processor up, as a prefetch does not, but misses issued together
    /// overlap: the node's next few children then find their slots in
    /// cache for the price of about one miss.
    #[inline]
    pub fn read_ahead(&self, hashes: &[u64]) {
        for &hash in hashes {
            let slot = &self.slots[self.index(hash)];
            // SAFETY: a byte of a live slot. Volatile, so that the read,
            // whose value is unused, is kept.
            unsafe { std::ptr::read_volatile(&slot.flags) };
        }
    }

    /// The entry for `hash`, if the table holds one.
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let e = self.slots[self.index(hash)];
        (e.flags & USED != 0 && e.check == (hash >> 32) as u32).then_some(e)
    }

    /// Keeps a search's result for `hash`, unless the slot holds a much deeper
    /// entry of this search for another position.
    pub fn store(&mut self, hash: u64, mv: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let i = self.index(hash);
        let check = (hash >> 32) as u32;
        let old = self.slots[i];
        let same = old.flags & USED != 0 && old.check == check;
        // Keep a much deeper entry of this search for another position.
        if !same && old.flags & USED != 0 && old.generation() == self.generation && old.depth as u32 > depth + 2 {
            return;
        }
        let mv = mv.or(if same { old.best() } else { None }).unwrap_or(NO_MOVE);
        self.slots[i] = Entry {
            check,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.min(255) as u8,
            flags: USED | bound as u8 | (self.generation << 2),
        };
    }

    /// Thousandths of the table used by this search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|e| e.flags & USED != 0 && e.generation() == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// A score as the table keeps it: a mate counted from the node, not from
/// the root, so that it holds wherever the position recurs.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the table, its mates counted from the root again.
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stay_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        // Four slots to a 64-byte cache line, none across two.
        assert_eq!(std::mem::align_of::<Entry>(), 16);
        assert_eq!(Table::new(1).slots.as_ptr() as usize % 16, 0);
    }

    #[test]
    fn stores_and_finds_by_hash() {
        let mut t = Table::new(1);
        let m = Move::normal(3, 40);
        t.store(0xDEAD_BEEF_0000_1234, Some(m), 55, 4, Bound::Lower);
        let e = t.probe(0xDEAD_BEEF_0000_1234).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound()), (m, 55, 4, Bound::Lower));
        assert!(t.probe(0xBEEF_DEAD_0000_1234).is_none());
    }
}
