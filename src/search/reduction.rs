//! Late-move reductions: how many plies shallower the main search tries
//! a late quiet move, from a table computed once. Apart from the search
//! loop (`alphabeta.rs`) because the table and its formula are a
//! concept of their own, tested against each other here.

/// Late-move reduction for the `count`th move at `depth`.
pub(super) fn reduction(depth: i32, count: usize) -> i32 {
    let r = match REDUCTIONS.get(depth as usize * REDUCTION_COUNTS + count) {
        Some(&r) if count < REDUCTION_COUNTS => i32::from(r),
        _ => reduction_formula(depth, count),
    };
    r.clamp(0, depth - 2)
}

// Cold and apart: inlined, its logarithm of the depth was hoisted to the
// start of every node's move loop, a call per node for a value nearly
// never used.
#[cold]
#[inline(never)]
fn reduction_formula(depth: i32, count: usize) -> i32 {
    (0.75 + (depth as f64).ln() * (count as f64).ln() / 2.25) as i32
}

/// [`reduction_formula`] for the usual depths and move counts, computed
/// once: two logarithms per reduced move cost more than the lookup.
const REDUCTION_DEPTHS: usize = 64;
const REDUCTION_COUNTS: usize = 256;
static REDUCTIONS: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    (0..REDUCTION_DEPTHS * REDUCTION_COUNTS)
        .map(|i| reduction_formula((i / REDUCTION_COUNTS) as i32, i % REDUCTION_COUNTS).clamp(0, 255) as u8)
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_from_the_table_are_the_formulas() {
        for depth in 3..REDUCTION_DEPTHS as i32 + 8 {
            for count in 1..REDUCTION_COUNTS + 40 {
                let expected = reduction_formula(depth, count).clamp(0, depth - 2);
                assert_eq!(reduction(depth, count), expected, "depth {depth}, count {count}");
            }
        }
        // Deeper and later moves are reduced more, never below 0.
        assert!(reduction(20, 60) > reduction(6, 60) && reduction(20, 60) > reduction(20, 4));
        assert_eq!(reduction(3, 3), 1);
    }
}
