//! Counted checks (`checks = N` in `[rules]`, three-check): each side's
//! checks given so far, kept by moves, hashed and saved for undo; the side
//! that gives its Nth check wins at once, mate or not
//! ([`crate::rules::outcome::Reason::Checks`]).
//!
//! A move gives check when, after it, a royal of the side to move is
//! attacked (the engine's in-check test). The count is taken only in
//! variants that set the key, so others pay nothing for it.
//!
//! Position text: the named field `checks=W,B` (checks White and Black
//! have given), written when either is not 0. Fairy-Stockfish's field of
//! checks *remaining* (`3+3` after the en-passant field) is read too.

use crate::core::echo::echo;
use crate::core::piece::Color;
use crate::rules::position::Position;
use crate::rules::state::checks_key;
use crate::text::fen::ParseFenError;
use crate::variant::Variant;

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

/// Reads the value of `checks=W,B`: the checks each side has given, at
/// most the variant's number (which ends the game).
pub(crate) fn parse_checks_field(variant: &Variant, text: &str) -> Result<[u16; 2], ParseFenError> {
    let n = variant.win.checks;
    let bad = || ParseFenError {
        field: "checks",
        message: if n == 0 {
            "this variant does not count checks (no checks = N in its rules)".to_string()
        } else {
            format!(
                "'{}', expected the checks White and Black have given, each 0..{n}, such as 1,0",
                echo(text)
            )
        },
    };
    if n == 0 {
        return Err(bad());
    }
    let (w, b) = text.split_once(',').ok_or_else(bad)?;
    let count = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|&c| c <= n && t.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(bad)
    };
    Ok([count(w)? as u16, count(b)? as u16])
}

/// Fairy-Stockfish's field of checks remaining (`3+3`: White's, then
/// Black's), as checks given under the variant's number; `None` when
/// `text` is not such a field or the variant does not count checks.
pub(crate) fn parse_fsf_remaining(variant: &Variant, text: &str) -> Option<Result<[u16; 2], ParseFenError>> {
    let n = variant.win.checks;
    let (w, b) = text.split_once('+')?;
    if n == 0 || w.is_empty() || !w.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let given = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|&r| r <= n && t.bytes().all(|c| c.is_ascii_digit()))
            .map(|r| (n - r) as u16)
    };
    Some(match (given(w), given(b)) {
        (Some(w), Some(b)) => Ok([w, b]),
        _ => Err(ParseFenError {
            field: "checks",
            message: format!(
                "'{}', expected the checks White and Black have left to give, each 0..{n}, such as 3+3",
                echo(text)
            ),
        }),
    })
}

/// The named field for the position text, when a check has been given.
pub(crate) fn checks_field(pos: &Position) -> Option<String> {
    (pos.checks != [0, 0]).then(|| format!(" checks={},{}", pos.checks[0], pos.checks[1]))
}
