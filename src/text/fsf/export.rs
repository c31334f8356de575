//! A compiled variant written as one Fairy-Stockfish `variants.ini`
//! section, the importer's inverse (docs/importing.md, "Exporting to
//! Fairy-Stockfish"). The section is read from the compiled [`Variant`],
//! the engine's own view of the rules: its movements, promotion squares,
//! castling rules, initial squares and end rules. Whatever
//! Fairy-Stockfish cannot express is refused with the piece or rule and
//! the reason; nothing is dropped or approximated.

use super::betza::{Class, Moves, bigboard_moves, fsf_moves, write};
use super::export_rules::{bitboard, rules_keys};
use super::pieces::PREDEFINED;
use crate::core::geometry::Square;
use crate::core::piece::{EMPTY, cell_color, cell_kind};
use crate::variant::Variant;
use std::fmt;

/// The largest board Fairy-Stockfish plays (its largeboards build).
pub const MAX_FILES: u8 = 12;
/// The most ranks Fairy-Stockfish plays (its largeboards build).
pub const MAX_RANKS: u8 = 10;
/// Fairy-Stockfish's custom piece slots.
pub const CUSTOM_SLOTS: usize = 25;

/// The variants Fairy-Stockfish has built in (its largeboards build): a
/// `variants.ini` section cannot take one of these names (Fairy-Stockfish
/// keeps its own variant and reports that the name already exists).
pub const FSF_BUILTIN_NAMES: &[&str] = &[
    "chess",
    "normal",
    "fischerandom",
    "nocastle",
    "armageddon",
    "torpedo",
    "berolina",
    "pawnsideways",
    "pawnback",
    "legan",
    "fairy",
    "makruk",
    "makpong",
    "cambodian",
    "karouk",
    "asean",
    "ai-wok",
    "shatranj",
    "chaturanga",
    "amazon",
    "georgian",
    "nightrider",
    "grasshopper",
    "hoppelpoppel",
    "newzealand",
    "kingofthehill",
    "racingkings",
    "knightmate",
    "misere",
    "losers",
    "giveaway",
    "antichess",
    "suicide",
    "codrus",
    "extinction",
    "kinglet",
    "threekings",
    "horde",
    "petrified",
    "nocheckatomic",
    "atomic",
    "atomar",
    "isolation",
    "isolation7x7",
    "snailtrail",
    "fox-and-hounds",
    "duck",
    "joust",
    "3check",
    "5check",
    "crazyhouse",
    "loop",
    "chessgi",
    "bughouse",
    "koedem",
    "pocketknight",
    "placement",
    "sittuyin",
    "seirawan",
    "shouse",
    "dragon",
    "paradigm",
    "minishogi",
    "mini",
    "kyotoshogi",
    "micro",
    "dobutsu",
    "gorogoro",
    "judkins",
    "torishogi",
    "euroshogi",
    "losalamos",
    "gardner",
    "almost",
    "sortofalmost",
    "chigorin",
    "perfect",
    "spartan",
    "shatar",
    "coregal",
    "clobber",
    "breakthrough",
    "ataxx",
    "flipersi",
    "flipello",
    "minixiangqi",
    "raazuvaa",
    "shogi",
    "checkshogi",
    "shoshogi",
    "yarishogi",
    "okisakishogi",
    "capablanca",
    "capahouse",
    "caparandom",
    "gothic",
    "janus",
    "modern",
    "chancellor",
    "embassy",
    "centaur",
    "gustav3",
    "jesonmor",
    "courier",
    "grand",
    "opulent",
    "tencubed",
    "omicron",
    "troitzky",
    "wolf",
    "shako",
    "clobber10",
    "flipello10",
    "amazons",
    "xiangqi",
    "manchu",
    "supply",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
];

/// Why a variant does not export: the piece or rule, and the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportRefusal {
    /// The variant's id.
    pub variant: String,
    /// What cannot be written: `piece 'Horseman' (moves "...")`, a rule
    /// key such as `[rules] bare_king`, or `board`.
    pub what: String,
    /// Why Fairy-Stockfish cannot express it.
    pub reason: String,
}

impl fmt::Display for ExportRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.variant, self.what, self.reason)
    }
}

/// Fairy-Stockfish's piece keys (`PREDEFINED`) not written by name: the
/// others move by their Betza alone under the keys the exporter writes
/// and are written by name when a kind moves exactly so; these have
/// special rules that need keys it never writes (palaces, drops, piece
/// promotion, the pawn's promotion region), or were never checked to
/// match: the pawn, the soldier, the Janggi pieces, the shogi pieces, the
/// clobber, breakthrough and immobile pieces, and the king.
const NOT_NAMED: &[&str] = &[
    "pawn",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "clobber",
    "breakthrough",
    "immobile",
    "janggiCannon",
    "soldier",
    "janggiElephant",
    "banner",
    "king",
];

/// A kind as exported: its letter and the key and value written.
pub(super) struct Written {
    /// The letter, lower case.
    pub letter: char,
    /// The piece key (`knight`, `customPiece3`, `king`, `pawn`).
    pub key: String,
    /// The value (`n`, `a:mRcpR`).
    pub value: String,
}

/// The piece's name and movement, for a refusal.
fn piece_what(v: &Variant, k: usize) -> String {
    let p = &v.pieces[k];
    format!("piece '{}' (moves \"{}\")", p.name, p.moves)
}

/// The variant written as a `variants.ini` section named `[name]`, or
/// why it cannot be.
pub fn export(v: &Variant, name: &str) -> Result<String, ExportRefusal> {
    let refuse = |what: &str, reason: &str| ExportRefusal {
        variant: v.id.clone(),
        what: what.to_string(),
        reason: reason.to_string(),
    };
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(refuse(
            "the section name",
            &format!(
                "'{}': a section name is letters, digits, '-', '_' and '.'",
                crate::core::echo::echo(name)
            ),
        ));
    }
    if let Some(b) = FSF_BUILTIN_NAMES.iter().find(|b| b.eq_ignore_ascii_case(name)) {
        return Err(refuse(
            "the section name",
            &format!(
                "'{b}' is a Fairy-Stockfish built-in variant, which a variants.ini cannot redefine: choose another name"
            ),
        ));
    }
    let g = v.geometry;
    if g.width > MAX_FILES || g.height > MAX_RANKS {
        return Err(refuse(
            "board",
            &format!(
                "{} x {}: Fairy-Stockfish plays boards of at most {MAX_FILES} files and {MAX_RANKS} ranks",
                g.width, g.height
            ),
        ));
    }
    if v.reserve.is_some() {
        return Err(refuse(
            "[reserve]",
            "reserves, drops, exchanges and credits: Fairy-Stockfish's hands hold captured men, not a reserve of the setup's",
        ));
    }
    if v.random_setup.is_some() {
        return Err(refuse(
            "setup",
            "a random setup: Fairy-Stockfish starts from one position",
        ));
    }
    if v.holes.iter().any(|&h| h) {
        return Err(refuse(
            "holes",
            "squares the board does not have: not written for Fairy-Stockfish",
        ));
    }
    let pieces = pieces(v, &refuse)?;
    let keys = rules_keys(v, &pieces, &refuse)?;
    let mut t = format!(
        "# {} (bigboard variant '{}'), exported by `bigboard export fsf`\n[{}]\n",
        v.name.replace('\n', " "),
        v.id,
        name
    );
    t.push_str(&format!("maxFile = {}\nmaxRank = {}\n", g.width, g.height));
    for w in pieces.iter().flatten() {
        t.push_str(&format!("{} = {}\n", w.key, w.value));
    }
    for (k, value) in keys {
        t.push_str(&format!("{k} = {value}\n"));
    }
    Ok(t)
}

/// The chess pawn's moves besides its initial ones.
fn pawn_moves() -> Moves {
    fsf_moves("fmWfcF")
}

/// Is `initial` a double step (`ifmR2`, `ifmnD`, with or without the
/// single step again)?
fn is_double_step(initial: &Moves) -> bool {
    let mut rest = initial.clone();
    rest.remove(&(true, false, Class::Step, (0, 1)));
    let slide: Moves = [((true, false, Class::Slide, (0, 1)), 2)].into();
    let lame: Moves = [((true, false, Class::Step, (0, 2)), -1)].into();
    rest == slide || rest == lame
}

/// Each kind's piece key and value (`None` for none), with Fairy-Stockfish's
/// pawn, king, named pieces and custom slots.
fn pieces(v: &Variant, refuse: &dyn Fn(&str, &str) -> ExportRefusal) -> Result<Vec<Option<Written>>, ExportRefusal> {
    let mut out: Vec<Option<Written>> = Vec::new();
    let royal_kinds: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pieces[k].royal).collect();
    if royal_kinds.len() > 1 {
        return Err(refuse(
            "royal",
            "more than one royal kind: Fairy-Stockfish has one king type",
        ));
    }
    let mut used_names: Vec<&str> = Vec::new();
    let mut slots = 0;
    let mut have_pawn = false;
    for (k, p) in v.pieces.iter().enumerate() {
        let what = piece_what(v, k);
        let mut letters = p.code.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
            _ => {
                return Err(refuse(
                    &what,
                    &format!(
                        "the code '{}' is not one letter: Fairy-Stockfish's pieces are one letter each",
                        p.code
                    ),
                ));
            }
        };
        if !p.by_file.is_empty() || !p.by_rank.is_empty() {
            return Err(refuse(
                &what,
                "moves that change with the file or rank (moves_by_file, moves_by_rank): not written for Fairy-Stockfish",
            ));
        }
        if p.region.is_some() {
            return Err(refuse(
                &what,
                "a region the piece may not leave: not written for Fairy-Stockfish",
            ));
        }
        if p.anti_royal || p.flee {
            return Err(refuse(
                &what,
                "an anti-royal or fleeing royal: no such rule in Fairy-Stockfish",
            ));
        }
        if p.mechanics.active() {
            return Err(refuse(
                &what,
                "capture mechanisms, auras or borrowed moves: no such rules in Fairy-Stockfish",
            ));
        }
        let mut ep = false;
        let moves = bigboard_moves(&p.movement, &mut ep).map_err(|e| refuse(&what, &e))?;
        let (initial, plain): (Moves, Moves) = moves.iter().partition(|(key, _)| key.0);
        let royal = p.royal;
        // Fairy-Stockfish's pawn type has rules of its own (it never steps
        // into the promotion region without promoting), so only a pawn
        // with a double step, which a custom piece cannot have, is one.
        let as_pawn = !royal && !have_pawn && plain == pawn_moves() && is_double_step(&initial);
        if as_pawn {
            have_pawn = true;
            if !(v.en_passant && ep) {
                return Err(refuse(
                    &what,
                    "a double step without en passant: Fairy-Stockfish's pawn may always take en passant after a double step",
                ));
            }
            out.push(Some(Written {
                letter,
                key: "pawn".into(),
                value: letter.to_string(),
            }));
            continue;
        }
        // `e` takes nothing where no move gives en-passant rights.
        let rights = v.en_passant && v.ep_creator.iter().any(|&c| c);
        if ep && rights {
            return Err(refuse(
                &what,
                "en passant (e) by a piece that is not Fairy-Stockfish's pawn (fmWfceF, with at most a double step): Fairy-Stockfish gives en passant to its pawn",
            ));
        }
        if !initial.is_empty() {
            return Err(refuse(
                &what,
                "initial moves (i) of a piece other than the chess pawn: Fairy-Stockfish allows them on its double-step region, not on the piece's own initial squares",
            ));
        }
        if royal {
            let value = if moves == fsf_moves("K") {
                letter.to_string()
            } else {
                format!("{letter}:{}", write(&moves).map_err(|e| refuse(&what, &e))?)
            };
            out.push(Some(Written {
                letter,
                key: "king".into(),
                value,
            }));
            continue;
        }
        if let Some((name, _)) = PREDEFINED
            .iter()
            .find(|(name, betza)| !NOT_NAMED.contains(name) && !used_names.contains(name) && fsf_moves(betza) == moves)
        {
            used_names.push(name);
            out.push(Some(Written {
                letter,
                key: (*name).into(),
                value: letter.to_string(),
            }));
            continue;
        }
        let betza = write(&moves).map_err(|e| refuse(&what, &e))?;
        slots += 1;
        if slots > CUSTOM_SLOTS {
            return Err(refuse(
                &what,
                &format!("more than {CUSTOM_SLOTS} pieces need custom slots: Fairy-Stockfish has {CUSTOM_SLOTS}"),
            ));
        }
        out.push(Some(Written {
            letter,
            key: format!("customPiece{slots}"),
            value: format!("{letter}:{betza}"),
        }));
    }
    Ok(out)
}

/// The squares of `v`'s board where `f(square)` holds, as a bitboard.
pub(super) fn squares_where(v: &Variant, f: impl Fn(Square) -> bool) -> String {
    let squares: Vec<Square> = (0..v.geometry.len() as Square).filter(|&s| f(s)).collect();
    bitboard(v, &squares)
}

/// The men of the setup: (kind, colour) by square.
pub(super) fn men(board: &[u16]) -> impl Iterator<Item = (Square, usize, usize)> + '_ {
    board
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != EMPTY)
        .map(|(s, &c)| (s as Square, cell_kind(c), cell_color(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::load::{builtin, load};

    #[test]
    fn a_small_chess_exports_with_named_pieces() {
        let v = load(
            "id = \"mini\"\nname = \"Mini\"\nwidth = 6\nheight = 6\nsetup = \"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\"\n[[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n[[piece]]\nname = \"Queen\"\ncode = \"Q\"\nmoves = \"Q\"\n[[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n[[piece]]\nname = \"Knight\"\ncode = \"N\"\nmoves = \"N\"\n[[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"fmWfcF\"\n[[promotion]]\npieces = [\"P\"]\nranks = [6]\nchoices = [\"Q\", \"R\", \"N\"]\n",
        )
        .unwrap();
        let s = export(&v, "mini6").unwrap();
        let e = export(&v, "Capablanca").unwrap_err().to_string();
        assert!(e.contains("built-in"), "{e}");
        assert!(export(&v, "a]b").is_err());
        for line in [
            "[mini6]",
            "maxFile = 6",
            "king = k",
            "queen = q",
            "knight = n",
            "customPiece1 = p:cfFmfW",
            "doubleStep = false",
            "startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
            "promotionRegionWhite = *6",
            "promotionPieceTypes = qrn",
        ] {
            assert!(s.lines().any(|l| l == line), "{line}\n{s}");
        }
    }

    #[test]
    fn what_fairy_stockfish_cannot_express_is_refused() {
        let uc = builtin("uc-170-17").unwrap();
        let e = export(&uc, "uc").unwrap_err().to_string();
        assert!(e.contains("[reserve]") && e.contains("drops"), "{e}");
        let flee = builtin("flee").unwrap();
        assert!(export(&flee, "flee").unwrap_err().reason.contains("at most 12 files"));
        let xhess = builtin("xhess").unwrap();
        let e = export(&xhess, "xhess").unwrap_err();
        assert!(
            e.what.contains("Horseman") && e.reason.contains("more than one leg"),
            "{e}"
        );
    }
}
