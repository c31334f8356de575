//! What a variant may cost to load. A definition is compiled in every
//! visitor's tab, so its move tables and evaluation data must fit a fixed
//! memory limit, and that is checked from a cheap estimate before anything
//! large is allocated: a definition over the limit is refused with the
//! figure it would need.

use super::PieceType;
use crate::core::echo::echo;
use crate::core::geometry::{Geometry, Square};
use crate::movement::{Node, Program, program_size};
use std::mem::size_of;

/// The most memory the move tables and evaluation data of one variant may
/// take.
pub const MEMORY_LIMIT: usize = 64 << 20;
/// Per-program bitsets cost squares² bits per table (2 MB a colour on
/// 64 x 64). Beyond this share of the limit they are left out: the tables
/// are then "compact", which costs search speed but not correctness.
const BITSET_LIMIT: usize = MEMORY_LIMIT / 4;
/// Nor are they kept where one table's would take more than this (boards
/// larger than about 40 x 40), so that adding a kind never makes a variant
/// smaller.
const BITSET_TABLE_LIMIT: usize = 2 << 20;
/// Up to this many squares every origin square is measured; on larger
/// boards one square per block of an 8 x 8 grid of blocks, weighted by the
/// block's area (movement is much the same across a block). Compiling
/// stops anyway if the tables outgrow the limit, so the estimate need not
/// be exact.
const EXACT_SQUARES: usize = 64;
const SAMPLE_GRID: i32 = 8;
/// Bytes per (kind, colour, square) besides the move tables: promotion
/// index, start and promotion flags, and the evaluation's square table.
const PER_KIND_SQUARE: usize = 2 + 1 + 1 + 4;

/// How a definition's pieces become tables, and what that costs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The table of each kind.
    pub table_of: Vec<u16>,
    /// For each table, the first kind using it (whose movement it compiles).
    pub tables: Vec<usize>,
    pub compact: bool,
    /// Estimated nodes of all programs, both colours.
    pub nodes: usize,
    /// Estimated capture entries of all programs, both colours.
    pub captures: usize,
    /// Estimated bytes of move tables and evaluation data.
    pub bytes: usize,
}

/// A refusal: where (a key path) and why.
pub type Refusal = (String, String);

/// Estimated size of one table (both colours).
#[derive(Clone, Copy, Default)]
struct TableSize {
    nodes: usize,
    captures: usize,
}

/// Measures White's programs on sampled squares; Black's programs are
/// White's turned 180°, so they are as large.
fn table_size(geo: Geometry, piece: &PieceType) -> Result<TableSize, String> {
    let mut size = TableSize::default();
    let mut add = |sq: Square, weight: usize| -> Result<(), String> {
        // A piece moving by file or rank compiles each square's program
        // from that file's or rank's movement.
        let (nodes, captures) = program_size(geo, piece.movement_at(geo, sq, 0), sq)?;
        size.nodes += 2 * nodes * weight;
        size.captures += 2 * captures * weight;
        Ok(())
    };
    if geo.len() <= EXACT_SQUARES {
        for sq in 0..geo.len() as Square {
            add(sq, 1)?;
        }
        return Ok(size);
    }
    let (w, h) = (geo.width as i32, geo.height as i32);
    let (bw, bh) = ((w + SAMPLE_GRID - 1) / SAMPLE_GRID, (h + SAMPLE_GRID - 1) / SAMPLE_GRID);
    for y0 in (0..h).step_by(bh as usize) {
        for x0 in (0..w).step_by(bw as usize) {
            let (x1, y1) = ((x0 + bw).min(w), (y0 + bh).min(h));
            let sq = geo.square((x0 + x1) / 2, (y0 + y1) / 2).expect("inside the block");
            add(sq, ((x1 - x0) * (y1 - y0)) as usize)?;
        }
    }
    Ok(size)
}

/// Bytes of one table of `size` on `geo`, without the per-program bitsets.
fn table_bytes(geo: Geometry, size: TableSize) -> usize {
    size.nodes * (size_of::<Node>() + 2) + size.captures * 4 + 2 * geo.len() * size_of::<Program>()
}

/// Bytes of one table's per-program bitsets (`reach`, `dests`,
/// `checks_from`), both colours.
fn bitset_bytes(geo: Geometry) -> usize {
    3 * 2 * geo.len() * geo.len().div_ceil(64) * 8
}

/// "12.3 MB" or "3,613 MB". In whole numbers: formatting an `f64` would
/// bring float printing into the wasm module for this line alone. Tenths
/// round half to even, as `{:.1}` of the exact quotient does; whole
/// megabytes round half up, as `f64::round` does.
pub fn megabytes(bytes: usize) -> String {
    const MB: u64 = 1 << 20;
    let bytes = bytes as u64;
    if bytes < 10 * MB {
        let (tenths, rest) = (bytes * 10 / MB, bytes * 10 % MB);
        let tenths = tenths + u64::from(rest > MB / 2 || (rest == MB / 2 && tenths % 2 == 1));
        format!("{}.{} MB", tenths / 10, tenths % 10)
    } else {
        format!("{} MB", thousands(((bytes + MB / 2) / MB) as usize))
    }
}

/// 41000000 -> "41,000,000".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Groups the kinds by movement (one table each) and estimates the cost.
/// Refuses a definition whose tables would not fit [`MEMORY_LIMIT`], or
/// one of whose movements is too large from some square.
pub fn plan(geo: Geometry, pieces: &[PieceType]) -> Result<Plan, Refusal> {
    let mut table_of = Vec::with_capacity(pieces.len());
    let mut tables: Vec<usize> = Vec::new();
    for p in pieces {
        let same = tables.iter().position(|&k| pieces[k].moves_like(p));
        table_of.push(same.unwrap_or_else(|| {
            tables.push(table_of.len());
            tables.len() - 1
        }) as u16);
    }
    let n = geo.len();
    let fixed = 2 * 2 * n * n.div_ceil(64) * 8 + pieces.len() * 2 * n * PER_KIND_SQUARE;
    let dims = format!("{} x {}", geo.width, geo.height);
    let mut sizes = Vec::with_capacity(tables.len());
    let mut total = fixed;
    for &k in &tables {
        let key = if !pieces[k].by_file.is_empty() {
            "moves_by_file"
        } else if !pieces[k].by_rank.is_empty() {
            "moves_by_rank"
        } else {
            "moves"
        };
        let at = format!("piece[{k}].{key}");
        let size =
            table_size(geo, &pieces[k]).map_err(|msg| (at.clone(), format!("'{}': {msg}", echo(&pieces[k].moves))))?;
        let bytes = table_bytes(geo, size);
        if fixed + bytes > MEMORY_LIMIT {
            return Err((
                at,
                format!(
                    "'{}' would compile to about {} squares ({}) on this {dims} board; \
                     the move tables of a variant may take at most {}",
                    echo(&pieces[k].moves),
                    thousands(size.nodes),
                    megabytes(bytes),
                    megabytes(MEMORY_LIMIT)
                ),
            ));
        }
        total += bytes;
        sizes.push(size);
        if total > MEMORY_LIMIT {
            break;
        }
    }
    let compact = tables.len() * bitset_bytes(geo) > BITSET_LIMIT || bitset_bytes(geo) > BITSET_TABLE_LIMIT;
    if !compact {
        total += tables.len() * bitset_bytes(geo);
    }
    if total > MEMORY_LIMIT {
        let (largest, size) = sizes
            .iter()
            .enumerate()
            .max_by_key(|(_, s)| s.nodes)
            .map(|(t, s)| (tables[t], *s))
            .unwrap_or((0, TableSize::default()));
        let measured = if sizes.len() < tables.len() {
            format!("the first {} of its {} movements", sizes.len(), tables.len())
        } else {
            format!("its {} movements", tables.len())
        };
        return Err((
            "piece".into(),
            format!(
                "{measured} would compile to {}{} of move tables and evaluation data on this {dims} board \
                 (the largest, piece[{largest}] '{}', about {}); a variant may take at most {}",
                if sizes.len() < tables.len() {
                    "more than "
                } else {
                    "about "
                },
                megabytes(total),
                echo(&pieces[largest].name),
                megabytes(table_bytes(geo, size)),
                megabytes(MEMORY_LIMIT)
            ),
        ));
    }
    Ok(Plan {
        table_of,
        tables,
        compact,
        nodes: sizes.iter().map(|s| s.nodes).sum(),
        captures: sizes.iter().map(|s| s.captures).sum(),
        bytes: total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole-number formatting agrees with formatting the quotient
    /// as a float, around every tenth's tie and the 10 MB switch.
    #[test]
    fn megabytes_match_float_formatting() {
        let float = |bytes: usize| {
            let mb = bytes as f64 / (1 << 20) as f64;
            if mb < 10.0 {
                format!("{mb:.1} MB")
            } else {
                format!("{} MB", thousands(mb.round() as usize))
            }
        };
        let mut cases: Vec<usize> = (0..4000).map(|i| i * 7919).collect();
        for tie in (0..=110).map(|t| (2 * t + 1) << 19) {
            // bytes * 10 = (2t + 1) * 2^19: the tie between two tenths.
            if tie % 10 == 0 {
                cases.extend([tie / 10 - 1, tie / 10, tie / 10 + 1]);
            }
        }
        for mb in [1usize, 9, 10, 11, 3613, 100_000] {
            cases.extend([
                (mb << 20) - 1,
                mb << 20,
                (mb << 20) + (1 << 19),
                (mb << 20) + (1 << 19) - 1,
            ]);
        }
        for bytes in cases {
            assert_eq!(megabytes(bytes), float(bytes), "{bytes}");
        }
        assert_eq!(megabytes(3_788_603_392), "3,613 MB");
        assert_eq!(megabytes(12 * (1 << 20) + (1 << 19)), "13 MB");
    }
}
