//! Two 64-square words of a set, tested together.
//!
//! Natively the compiler makes vector operations of the capture cache's
//! tests by itself. For WebAssembly it does not, and the browser's
//! compiler then keeps the words of a 16 x 16 board in memory, a load and
//! three operations for each: a module built with WebAssembly's vector
//! instructions (`simd128`, see `.cargo/config.toml`) holds two words in
//! one 128-bit value instead, in a vector register.

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use core::arch::wasm32::{u64x2, u64x2_extract_lane, v128, v128_and, v128_any_true, v128_or, v128_xor};

    #[derive(Clone, Copy)]
    pub struct Pair(v128);

    impl Pair {
        pub const ZERO: Pair = Pair(u64x2(0, 0));

        #[inline(always)]
        pub fn new(a: u64, b: u64) -> Pair {
            Pair(u64x2(a, b))
        }

        #[inline(always)]
        pub fn words(self) -> [u64; 2] {
            [u64x2_extract_lane::<0>(self.0), u64x2_extract_lane::<1>(self.0)]
        }

        /// Is any square of either word in the set?
        #[inline(always)]
        pub fn any(self) -> bool {
            v128_any_true(self.0)
        }

        #[inline(always)]
        pub(super) fn and(self, o: Pair) -> Pair {
            Pair(v128_and(self.0, o.0))
        }

        #[inline(always)]
        pub(super) fn or(self, o: Pair) -> Pair {
            Pair(v128_or(self.0, o.0))
        }

        #[inline(always)]
        pub(super) fn xor(self, o: Pair) -> Pair {
            Pair(v128_xor(self.0, o.0))
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod imp {
    #[derive(Clone, Copy)]
    pub struct Pair([u64; 2]);

    impl Pair {
        pub const ZERO: Pair = Pair([0; 2]);

        #[inline(always)]
        pub fn new(a: u64, b: u64) -> Pair {
            Pair([a, b])
        }

        #[inline(always)]
        pub fn words(self) -> [u64; 2] {
            self.0
        }

        /// Is any square of either word in the set?
        #[inline(always)]
        pub fn any(self) -> bool {
            self.0[0] | self.0[1] != 0
        }

        #[inline(always)]
        pub(super) fn and(self, o: Pair) -> Pair {
            Pair([self.0[0] & o.0[0], self.0[1] & o.0[1]])
        }

        #[inline(always)]
        pub(super) fn or(self, o: Pair) -> Pair {
            Pair([self.0[0] | o.0[0], self.0[1] | o.0[1]])
        }

        #[inline(always)]
        pub(super) fn xor(self, o: Pair) -> Pair {
            Pair([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1]])
        }
    }
}

pub(crate) use imp::Pair;

impl std::ops::BitAnd for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitand(self, o: Pair) -> Pair {
        self.and(o)
    }
}

impl std::ops::BitOr for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitor(self, o: Pair) -> Pair {
        self.or(o)
    }
}

impl std::ops::BitXor for Pair {
    type Output = Pair;
    #[inline(always)]
    fn bitxor(self, o: Pair) -> Pair {
        self.xor(o)
    }
}

impl std::fmt::Debug for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b] = self.words();
        write!(f, "Pair({a:#x}, {b:#x})")
    }
}

#[cfg(test)]
mod tests {
    use super::Pair;

    #[test]
    fn operations_act_on_both_words() {
        let a = Pair::new(0b1100, 1 << 63);
        let b = Pair::new(0b1010, 1);
        assert_eq!((a & b).words(), [0b1000, 0]);
        assert_eq!((a | b).words(), [0b1110, 1 << 63 | 1]);
        assert_eq!((a ^ b).words(), [0b0110, 1 << 63 | 1]);
        assert!(!Pair::ZERO.any());
        assert!(Pair::new(0, 1 << 40).any());
        assert!(Pair::new(1, 0).any());
        assert!(!(a & Pair::new(0b0011, 0)).any());
    }
}
