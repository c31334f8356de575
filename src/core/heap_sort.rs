//! A heap sort for the paths that are not the search's: the standard
//! library's sorts compile to several kilobytes for each element type,
//! and the wasm module has a size budget (350 KB gzipped). This one is a
//! few hundred bytes per type, in place, O(n log n) at worst.
//!
//! Unstable, as `sort_unstable`: elements that compare equal may come out
//! in any order. Where equal elements are identical (a derived order on
//! plain values), the result is the standard sort's.

/// Sorts `v` so that no element is less than one before it.
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    sort_by_less(v, |a, b| a < b);
}

/// Sorts `v` by `key`, smallest first.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by_less(v, |a, b| key(a) < key(b));
}

fn sort_by_less<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = v.len();
    // Build a max-heap, then move its top to the end one by one.
    for root in (0..n / 2).rev() {
        sift_down(v, root, n, &less);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end, &less);
    }
}

/// Restores the heap below `root` among the first `end` elements.
fn sift_down<T>(v: &mut [T], mut root: usize, end: usize, less: &impl Fn(&T, &T) -> bool) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            return;
        }
        v.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the test needs no crate.
    fn numbers(seed: u64, n: usize, range: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 33) % range
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_sort_does() {
        for n in [0, 1, 2, 3, 7, 8, 31, 100, 1000] {
            for (seed, range) in [(1, 5), (2, 1000), (3, u64::MAX)] {
                let v = numbers(seed, n, range);
                let (mut ours, mut std) = (v.clone(), v.clone());
                sort(&mut ours);
                std.sort_unstable();
                assert_eq!(ours, std, "{n} numbers below {range}");
            }
        }
        // Already in order, reversed, all equal.
        for mut v in [(0..50).collect::<Vec<_>>(), (0..50).rev().collect(), vec![7; 50]] {
            let mut std = v.clone();
            std.sort_unstable();
            sort(&mut v);
            assert_eq!(v, std);
        }
    }

    #[test]
    fn sorts_pairs_and_by_key() {
        let v: Vec<(u16, u16)> = numbers(4, 300, 40)
            .chunks(2)
            .map(|p| (p[0] as u16, p[1] as u16))
            .collect();
        let (mut ours, mut std) = (v.clone(), v.clone());
        sort(&mut ours);
        std.sort_unstable();
        assert_eq!(ours, std);
        // By key: the keys come out in order, every element kept.
        let mut by_key = v.clone();
        sort_by_key(&mut by_key, |&(a, b)| (b, a / 4));
        assert!(by_key.windows(2).all(|w| (w[0].1, w[0].0 / 4) <= (w[1].1, w[1].0 / 4)));
        let (mut a, mut b) = (by_key, v);
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
    }
}
