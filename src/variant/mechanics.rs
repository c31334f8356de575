//! What a kind does beyond its compiled movement: the capture mechanisms of
//! its movement string (`{withdraw}`, `{shoot}`, ...) as lines, and the
//! piece keys that act on other men (`freeze`, `shield`) or on how the
//! piece itself may be taken (`captured_by`). The position walks these at
//! run time (`crate::rules::mechanisms`); a kind with none of them keeps the fast
//! paths of the compiled tables.

use crate::betza::{Dir, Movement, absolute, borrow, mech};

/// Bits of a kind's auras ([`KindMechanics::auras`]).
pub const FREEZE: u8 = 1;
/// `shield`: bit of a kind's auras.
pub const SHIELD: u8 = 2;
/// `captured_by = "pawns"`: bit of a kind's auras.
pub const PAWNS_ONLY: u8 = 4;
/// `royal = "anti"`: no man may take it.
pub const ANTI: u8 = 8;

/// One mechanism pattern: its mechanisms, its vectors (White's; Black's
/// are turned 180°) and its range (0 = unlimited, 1 = a single leap).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MechLine {
    /// The pattern's mechanisms (bits of [`crate::betza::mech`]).
    pub bits: u16,
    /// Effects on a hopper's screen (bits of [`crate::betza::hurdle`]).
    pub hurdle: u8,
    /// The pattern's vectors (White's).
    pub vectors: Vec<Dir>,
    /// The pattern's range (0 = unlimited, 1 = a single leap).
    pub range: u8,
}

/// A kind's mechanics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindMechanics {
    /// The union of its lines' mechanisms.
    pub bits: u16,
    /// The union of its lines' effects on a hopper's screen.
    pub hurdle: u8,
    /// The kind's mechanism patterns.
    pub lines: Vec<MechLine>,
    /// `freeze = true`: enemy men on the eight squares round it cannot move.
    pub freeze: bool,
    /// `shield = true`: friendly men on the eight squares round it cannot be
    /// taken.
    pub shield: bool,
    /// `captured_by = "pawns"`: only men of pawn kinds may take it.
    pub pawns_only: bool,
    /// Its movement takes friends (`d`): never a royal one, which only the
    /// run-time walk knows.
    pub friendly: bool,
    /// Some pattern is `{recapture}`: its moves depend on the last move,
    /// which only a played position knows (so legality is tested by
    /// playing).
    pub recapture: bool,
    /// Every pattern is `{recapture}`: it takes no man but the last
    /// capturer, which spares attack tests on any other square.
    pub recapture_only: bool,
    /// Every mechanism line steps one square at a time in a king's
    /// direction (a queen's lines, a rook's, a king's): such a man takes by
    /// withdrawal, approach, overtaking, a shot or destruction only on a
    /// queen line through its square.
    pub king_lines: bool,
    /// `{jester}`: it moves as the kind the opponent moved last.
    pub jester: bool,
    /// `{orphan}`: it moves also as every enemy man attacking it;
    /// `{friend}`: as every friendly man guarding it.
    pub orphan: bool,
    /// `{friend}`: it moves also as every friendly man guarding it.
    pub friend: bool,
    /// `{mimic}`: it takes each enemy only the way the enemy's kind takes.
    pub mimic: bool,
    /// `royal = "anti"`: never taken by any move or mechanism (set by the
    /// loader from the piece key).
    pub anti: bool,
}

impl KindMechanics {
    /// The mechanics of a movement and a kind's keys; an error for a
    /// mechanism whose directions cannot be read.
    pub fn new(movement: &Movement, freeze: bool, shield: bool, pawns_only: bool) -> Result<KindMechanics, String> {
        let mut out = KindMechanics {
            freeze,
            shield,
            pawns_only,
            ..KindMechanics::default()
        };
        out.friendly = movement.patterns.iter().any(|p| p.legs.iter().any(|l| l.d));
        out.recapture = movement.patterns.iter().any(|p| p.recapture);
        let borrows = |bit: u8| movement.patterns.iter().any(|p| p.borrow & bit != 0);
        out.jester = borrows(borrow::JESTER);
        out.orphan = borrows(borrow::ORPHAN);
        out.friend = borrows(borrow::FRIEND);
        out.recapture_only = !movement.patterns.is_empty() && movement.patterns.iter().all(|p| p.recapture);
        for p in movement.patterns.iter().filter(|p| p.mech != 0 || p.hurdle != 0) {
            let leg = &p.legs[0];
            out.bits |= p.mech;
            out.hurdle |= p.hurdle;
            out.lines.push(MechLine {
                bits: p.mech,
                hurdle: p.hurdle,
                vectors: absolute(leg.atom, leg.ksystem, &leg.dirs)?,
                range: leg.range,
            });
        }
        // After the lines are read: a kind with a mechanism on a knight's
        // lines, say, takes off the queen lines through its square.
        out.king_lines = out
            .lines
            .iter()
            .all(|l| l.vectors.iter().all(|v| v.0.abs() <= 1 && v.1.abs() <= 1));
        out.mimic = out.bits & mech::MIMIC != 0;
        Ok(out)
    }

    /// Does the kind need the position's run-time walk of mechanics?
    pub fn active(&self) -> bool {
        self.bits != 0
            || self.hurdle != 0
            || self.freeze
            || self.shield
            || self.pawns_only
            || self.friendly
            || self.recapture
            || self.jester
            || self.borrows()
            || self.mimic
            || self.anti
    }

    /// Its auras as bits: [`FREEZE`], [`SHIELD`], [`PAWNS_ONLY`], [`ANTI`].
    pub fn auras(&self) -> u8 {
        ((self.freeze as u8) * FREEZE)
            | ((self.shield as u8) * SHIELD)
            | ((self.pawns_only as u8) * PAWNS_ONLY)
            | ((self.anti as u8) * ANTI)
    }

    /// Does it move also as other men (`{orphan}`, `{friend}`)?
    pub fn borrows(&self) -> bool {
        self.orphan || self.friend
    }

    /// The lines carrying any of `bits`.
    pub fn lines_with(&self, bits: u16) -> impl Iterator<Item = &MechLine> {
        self.lines.iter().filter(move |l| l.bits & bits != 0)
    }

    /// Both a shot and a mutual destruction, or moves that may come from
    /// kinds that have them (`{mimic}`, `{orphan}`, `{friend}`,
    /// `{jester}`): the destruction's text needs a mark of its own
    /// (`d4**e5`).
    pub fn shoots_and_destroys(&self) -> bool {
        (self.bits & mech::SHOOT != 0 && self.bits & mech::DESTROY != 0) || self.mimic || self.borrows() || self.jester
    }
}
