//! Counted checks (`checks = N` in `[rules]`, three-check): each side's
//! checks given so far, kept by moves, hashed and saved for undo; the side
//! that gives its Nth check wins at once, mate or not
//! ([`crate::rules::outcome::Reason::Checks`]).
//!
//! A move gives check when, after it, a royal of the side to move is
//! attacked (the engine's in-check test). The count is taken only in
//! variants that set the key, so others pay nothing for it.
//!
//! Position text: the named field `checks=W,B`, read and written by
//! `crate::text::fields`.

use crate::core::piece::Color;
use crate::rules::position::Position;
use crate::rules::state::checks_key;

impl Position {
    /// After `by`'s move: counts a check if the side to move is in check.
    #[inline(never)]
    pub(crate) fn count_check(&mut self, by: Color) {
        if self.in_check() {
            let old = self.checks;
            self.checks[by] = self.checks[by].saturating_add(1);
            self.hash ^= checks_key(old) ^ checks_key(self.checks);
        }
    }

    /// The checks `color` has given (always 0 where checks are not counted).
    pub fn checks_given(&self, color: Color) -> u32 {
        self.checks[color] as u32
    }

    /// The side that has given the variant's number of checks, if any.
    pub(crate) fn checks_winner(&self) -> Option<Color> {
        let n = self.variant.win.checks;
        // The side that just moved first: only its count can have grown.
        let them = self.side ^ 1;
        [them, self.side]
            .into_iter()
            .find(|&c| n > 0 && self.checks[c] as u32 >= n)
    }
}
