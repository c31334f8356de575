//! A move's legality inside the search: a node plays a move only if it
//! leaves the mover's royals safe, asking the rules' judge under royal
//! modes, the tables' lines out of check, and the squares the enemy's
//! paths to the royals look at ([`super::alphabeta::RoyalPaths`]) when
//! the lines do not clear it. Apart from the search loop (`alphabeta.rs`),
//! which only asks whether a move was played.

use super::Searcher;
use super::alphabeta::RoyalPaths;
use crate::core::moves::Move;
use crate::rules::legal::royals::Verdict;
use crate::rules::position::Position;

impl Searcher {
    /// Plays `m` if it is legal (the mover's royals safe) and tells
    /// whether it did. Played once, the legality test and the search share
    /// the move; out of check most moves are known legal without a test.
    /// Under royal modes the node's judge ([`crate::rules::legal::royals::MoveJudge`]) says how.
    #[inline]
    pub(super) fn play_if_legal(&mut self, pos: &mut Position, m: Move, in_check: bool, ply: usize) -> bool {
        if pos.variant().win.royal_modes {
            match self.judges[ply].verdict(pos, m) {
                Verdict::Test => {}
                Verdict::Illegal => return false,
                Verdict::Legal => {
                    pos.play_unchecked(m);
                    self.tt.prefetch(pos.hash());
                    return true;
                }
            }
        }
        let known = !in_check && (pos.is_safe_unless_in_check(m) || self.off_royal_paths(pos, m, ply));
        let us = pos.side_to_move();
        pos.play_unchecked(m);
        self.tt.prefetch(pos.hash());
        if !known && !pos.royals_safe_after(us) {
            pos.undo();
            return false;
        }
        true
    }

    /// Is `m` known to be legal from the squares the enemy's paths to our
    /// royals look at (out of check, where the tables' lines did not
    /// clear it)?
    #[inline]
    fn off_royal_paths(&mut self, pos: &Position, m: Move, ply: usize) -> bool {
        let state = &mut self.royal_paths[ply];
        if let RoyalPaths::Tested = state {
            *state = pos.royal_paths_seen().map_or(RoyalPaths::Unknown, RoyalPaths::Seen);
        }
        match state {
            RoyalPaths::Untested => {
                *state = RoyalPaths::Tested;
                false
            }
            RoyalPaths::Seen(seen) => pos.is_safe_off_paths(m, seen),
            RoyalPaths::Tested | RoyalPaths::Unknown => false,
        }
    }
}
