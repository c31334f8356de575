//! A turn's drops in move text: written after the move (`+@c1+@f2`, in
//! SAN ` R@c1 P@f2`) and matched against the drops a text names. The
//! drops themselves are the rules' (`crate::rules::reserve::drops`).

use crate::core::geometry::Square;
use crate::core::moves::Move;
use crate::core::piece::Kind;
use crate::rules::position::Position;
use crate::rules::reserve::reserves::{PAWNS, PIECES};
use crate::variant::board_text::push_code;

impl Position {
    /// The text of a turn's drops (`+@c1+@f2`; the code of the dropped
    /// kind where the square alone could be read both ways:
    /// `+{AK}@f2`, `+P@f2`).
    pub(crate) fn drops_text(&self, m: Move) -> String {
        let d = self.drops(m);
        let mut s = String::new();
        if d.is_empty() {
            return s;
        }
        let single = d.piece.is_some() != d.pawn.is_some();
        let g = self.variant.geometry;
        for (class, sq) in [(PIECES, d.piece), (PAWNS, d.pawn)] {
            let Some(sq) = sq else { continue };
            s.push('+');
            if single
                && self.drop_square_ambiguous(sq)
                && let Some(k) = self.next_drop(class)
            {
                // Upper case: the code names a kind here, not a side.
                push_code(&self.variant, k, 0, &mut s);
            }
            s.push('@');
            s.push_str(&g.name(sq).to_string());
        }
        s
    }

    /// A turn's drops in SAN, naming the dropped kinds: ` R@c1 P@f2`.
    pub(crate) fn san_drops(&self, m: Move) -> String {
        let d = self.drops(m);
        let g = self.variant.geometry;
        let mut s = String::new();
        for (class, sq) in [(PIECES, d.piece), (PAWNS, d.pawn)] {
            if let (Some(sq), Some(k)) = (sq, self.next_drop(class)) {
                s.push_str(&format!(" {}@{}", self.variant.pieces[k].code, g.name(sq)));
            }
        }
        s
    }

    /// Does a turn's drops match the drops written in a move text (code
    /// if given, square), the piece drop first?
    pub(crate) fn drops_match(&self, m: Move, wanted: &[(Option<Kind>, Square)]) -> bool {
        let d = self.drops(m);
        let have: Vec<(Kind, Square)> = [(PIECES, d.piece), (PAWNS, d.pawn)]
            .into_iter()
            .filter_map(|(class, sq)| Some((self.next_drop(class)?, sq?)))
            .collect();
        have.len() == wanted.len()
            && have
                .iter()
                .zip(wanted)
                .all(|(&(hk, hsq), &(k, sq))| hsq == sq && k.is_none_or(|k| k == hk))
    }
}
