//! SAN: how much of the origin is written when pieces of one kind can
//! reach the same square, the one-pass list agreeing with the SAN of each
//! move, and typed SAN read back on boards with very many moves (where
//! writing the SAN of every move one by one took minutes).

use bigboard::Move;
use bigboard::Position;
use bigboard::variant::Variant;
use std::sync::Arc;

const QUEENS: &str = include_str!("data/definitions/queens-64x64.toml");
const LEAPER_GRID: &str = include_str!("data/definitions/leaper-grid-64x64.toml");

fn variant(text: &str) -> Arc<Variant> {
    bigboard::load(text).unwrap_or_else(|e| panic!("{e}"))
}

/// An 8 x 8 game with a king, queens, rooks, knights and promoting pawns.
fn small(setup: &str) -> Position {
    let def = format!(
        r#"
id = "san-cases"
name = "SAN cases"
width = 8
height = 8
setup = "{setup}"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Queen"
code = "Q"
moves = "Q"
[[piece]]
name = "Rook"
code = "R"
moves = "R"
[[piece]]
name = "Knight"
code = "N"
moves = "N"
[[piece]]
name = "Pawn"
code = "P"
moves = "fmWfcF"
[[promotion]]
pieces = ["P"]
ranks = [8]
choices = ["Q", "N"]
"#
    );
    Position::new(variant(&def))
}

/// The legal move written `coord`.
fn coord(pos: &mut Position, text: &str) -> Move {
    pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The one-pass list gives every `step`th move the SAN that
/// [`Position::san`] gives it alone (check marks aside), and that SAN reads
/// back to its move.
fn assert_list_agrees(pos: &mut Position, step: usize) {
    let list = pos.san_list();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert_eq!(list.len(), legal.len());
    for (m, san) in list.into_iter().step_by(step) {
        let alone = pos.san(m);
        assert_eq!(alone.trim_end_matches(['+', '#']), san, "{}", pos.move_text(m));
        assert_eq!(pos.parse_san(&alone), Ok(m), "{alone}");
    }
}

#[test]
fn the_origin_is_written_as_far_as_needed() {
    // Rooks on a1 and h1 both reach d1: the file tells them apart. Rooks
    // on a3 and a6 (same file) both reach a4/a5: the rank. Queens on c5,
    // c7 and e7 all reach d6: c7 shares a file with c5 and a rank with
    // e7, so its whole square. Knights b8 and f8 both reach d7.
    let mut pos = small("1n3nk1/2Q1Q3/R7/2Q5/8/R7/8/R6R w - - 0 1");
    for (text, san) in [
        ("a1d1", "Rad1"),
        ("h1d1", "Rhd1"),
        ("a3a4", "R3a4"),
        ("a6a5", "R6a5"),
        ("c7d6", "Qc7d6"),
        ("c5d6", "Q5d6"),
        ("e7d6", "Qed6"),
        ("c7c6", "Q7c6"),
    ] {
        let m = coord(&mut pos, text);
        assert_eq!(pos.san(m).trim_end_matches(['+', '#']), san, "{text}");
        assert_eq!(pos.parse_san(san), Ok(m), "{san}");
    }
    assert_list_agrees(&mut pos, 1);
    // A typed SAN that leaves out a needed origin names no move.
    assert!(pos.parse_san("Rd1").is_err());
    assert!(pos.parse_san("Qd6").is_err());
}

#[test]
fn pawn_captures_promotions_and_check_marks() {
    let mut pos = small("3q2k1/2P5/8/3p4/4P3/8/8/K7 w - - 0 1");
    for (text, san) in [
        ("e4d5", "exd5"),
        ("c7d8=Q", "cxd8=Q+"),
        ("c7c8=N", "c8=N"),
        ("e4e5", "e5"),
    ] {
        let m = coord(&mut pos, text);
        assert_eq!(pos.san(m), san, "{text}");
        assert_eq!(pos.parse_san(san), Ok(m), "{san}");
    }
    let m = coord(&mut pos, "c7d8=Q");
    assert_eq!(pos.parse_san("cxd8=Q"), Ok(m), "the check mark is optional");
    assert!(pos.parse_san("cxd8").is_err(), "the promotion is not");
    assert_list_agrees(&mut pos, 1);
}

#[test]
fn a_file_is_not_written_against_a_two_letter_target() {
    // 28 files: rooks on a1 and c1 both reach b1, and "Rab1" would read
    // as a rook going to ab1, which the rook on ab2 does.
    let def = r#"
id = "wide"
name = "Wide"
width = 28
height = 4
setup = "7k20/28/27R/R1RK24 w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#;
    let mut pos = Position::new(variant(def));
    let a = coord(&mut pos, "a1b1");
    assert_eq!(pos.san(a), "Ra1b1");
    let ab = coord(&mut pos, "ab2ab1");
    assert_eq!(pos.san(ab), "Rab1");
    assert_eq!(pos.parse_san("Rab1"), Ok(ab));
    assert_list_agrees(&mut pos, 1);
}

#[test]
fn typed_san_is_read_among_thousands_of_queen_moves() {
    let mut pos = Position::new(variant(QUEENS));
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.len() > 3000, "{}", legal.len());
    // The queens on a21 and b21 both reach a22: a file alone would read
    // as the square aa22, so the whole origin is written. A capture keeps
    // the file alone, before its `x`.
    let up = coord(&mut pos, "a21a22");
    assert_eq!(pos.san(up), "Qa21a22");
    assert_eq!(pos.parse_san("Qa21a22"), Ok(up));
    assert!(pos.parse_san("Qaa22").is_err());
    let take = coord(&mut pos, "a21a44");
    assert_eq!(pos.san(take), "Qaxa44");
    assert_eq!(pos.parse_san("Qaxa44"), Ok(take));
    // Writing each move's SAN alone scans every move: a sample.
    assert_list_agrees(&mut pos, 37);
}

#[test]
fn typed_san_is_read_among_forty_thousand_leaper_moves() {
    let mut pos = Position::new(variant(LEAPER_GRID));
    let list = pos.san_list();
    assert!(list.len() > 40_000, "{}", list.len());
    let mut texts: Vec<&str> = list.iter().map(|(_, s)| s.as_str()).collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(texts.len(), list.len(), "every SAN is different");
    assert_list_agrees(&mut pos, 10_007);
    let m = coord(&mut pos, "b3b10");
    assert_eq!(pos.san(m), "Qb3b10");
    assert_eq!(pos.parse_san("Qb3b10"), Ok(m));
    assert!(pos.parse_san("Qb10").is_err(), "several leapers reach b10");
}

#[test]
fn san_as_other_programs_write_it_is_read_from_its_parts() {
    let mut pos = small("3q2k1/2P5/8/3p4/4P3/8/8/K7 w - - 0 1");
    for (san, text) in [
        ("Pe5", "e4e5"),
        ("Pxd5", "e4d5"),
        ("ed5", "e4d5"),
        ("c8Q", "c7c8=Q"),
        ("c8N", "c7c8=N"),
        ("cxd8Q+", "c7d8=Q"),
        ("Ka1b2", "a1b2"),
        ("K1b2", "a1b2"),
    ] {
        let m = coord(&mut pos, text);
        assert_eq!(pos.parse_san_loose(san), Ok(m), "{san}");
        assert!(pos.parse_san(san).is_err(), "{san} is not bigboard's own SAN");
    }
    // bigboard's own SAN is read as before.
    let m = coord(&mut pos, "c7d8=Q");
    assert_eq!(pos.parse_san_loose("cxd8=Q+"), Ok(m));
    for (bad, why) in [
        ("c8", "ambiguous"),
        ("Nf3", "no legal move"),
        ("Kxb2", "no legal move"),
        ("Qxd5", "no legal move"),
        ("e5=K", "no legal move"),
        ("c8=Z", "unknown piece"),
        ("K=", "expected SAN"),
        ("hello", "expected SAN"),
    ] {
        let e = pos.parse_san_loose(bad).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {e}");
    }
}

#[test]
fn a_pawn_kind_of_another_code_is_read_without_its_letter() {
    // Xhess's Horseman promotes, so it is a pawn: XBoard writes its moves
    // as a pawn's.
    let mut pos = Position::new(bigboard::builtin("xhess").unwrap());
    let m = coord(&mut pos, "e4e5");
    assert_eq!(pos.parse_san("He5"), Ok(m));
    assert_eq!(pos.parse_san_loose("e5"), Ok(m));
    assert!(pos.parse_san_loose("Pe5").is_err(), "Xhess has no P");
}

#[test]
fn a_capture_mark_is_told_from_a_two_letter_file() {
    let mut pos = Position::new(variant(QUEENS));
    let take = coord(&mut pos, "a21a44");
    assert_eq!(pos.parse_san_loose("Qa21xa44"), Ok(take));
    let up = coord(&mut pos, "a21a22");
    assert_eq!(pos.parse_san_loose("Qa21a22"), Ok(up));
}
