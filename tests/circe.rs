//! `{circe}`: the Circe Grasshopper (UC-170-17 kind 146, `{circe}gQ`) and
//! the Andernach-Einstein-Circe Grasshopper (147,
//! `{andernach}{einstein}{circe}gQ`): the man a hop leaps is reborn where
//! its kind and colour stood in the setup, else on a square of its owner's
//! first rank (second for a pawn) chosen by the mover, or leaves the game
//! when that square is taken; royals are reborn, and captured when they
//! cannot be (docs/variants/uc-170-17-game-rules.md section 9;
//! docs/variants/uc-170-17-readings.md table B rows 146, 147).
//!
//! The tests give the game's home squares (`home=`) of this setup:
//! `{ch}n{sc}qk{gr}{fc}{ror}/{scp}{np}{ep}{xj}{st}{sgp}{bp}p/8/8/8/8/
//! P{BP}{SGP}{ST}{XJ}{EP}{NP}{SCP}/{ROR}{FC}{GR}QK{SC}N{CH}`: the Blue
//! Knight's home is b8, the White Knight's g1, the Kings' e8 and e1, the
//! Queens' d8 and d1, the Pawns' h7 and a2; no Rook, no Grasshopper of any
//! kind stands there (they have no home square).

mod common;

use bigboard::Position;
use bigboard::builtin;
use common::{captures, moves_of};

/// The home squares of the tests (above).
const HOME: &str = "home={ch}n{sc}qk{gr}{fc}{ror}/{scp}{np}{ep}{xj}{st}{sgp}{bp}p/P{BP}{SGP}{ST}{XJ}{EP}{NP}{SCP}/{ROR}{FC}{GR}QK{SC}N{CH}";

/// `fen` with the tests' home squares unless it names its own.
fn with_home(fen: &str) -> String {
    if fen.contains("home=") {
        fen.to_string()
    } else {
        format!("{fen} {HOME}")
    }
}

fn position(fen: &str) -> Position {
    common::position(&with_home(fen))
}

/// The code and colour of the man on `sq`.
fn man_on(pos: &Position, sq: &str) -> Option<(String, usize)> {
    let v = pos.variant();
    pos.piece_at(v.geometry.parse_square(sq).unwrap())
        .map(|(k, c)| (v.pieces[k].code.clone(), c))
}

fn sq(pos: &Position, name: &str) -> u16 {
    pos.variant().geometry.parse_square(name).unwrap()
}

/// Plays `text` in `fen`, checks that undo restores the position and its
/// hash, and returns the position after the move.
fn after(fen: &str, text: &str) -> Position {
    let mut pos = position(fen);
    let before = pos.fen();
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{fen}: {e}"));
    pos.play_unchecked(m);
    assert_eq!(pos.hash(), pos.compute_hash(), "{text}: hash");
    let mut back = pos.clone();
    back.undo();
    assert_eq!(back.fen(), before, "undo of {text}");
    pos
}

/// The leapt man goes home: the Blue Knight from d5 to b8, the White
/// Knight to g1. Neither is a capture.
#[test]
fn circe_grasshopper_sends_the_leapt_man_home() {
    let fen = "k7/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1";
    let mut pos = position(fen);
    let m = pos.parse_move("d3d6").unwrap();
    assert!(!pos.is_capture(m));
    assert!(pos.captures_of(m).is_empty());
    let pos = after(fen, "d3d6");
    assert_eq!(man_on(&pos, "d5"), None);
    assert_eq!(man_on(&pos, "b8"), Some(("N".into(), 1)));
    assert_eq!(man_on(&pos, "d6"), Some(("CGH".into(), 0)));
    // A man of the mover's side goes home as well.
    let pos = after("k7/8/8/3N4/8/3{CGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "g1"), Some(("N".into(), 0)));
    assert_eq!(man_on(&pos, "d5"), None);
    // A landing capture takes the man on the landing square as usual.
    let mut pos = position("k7/8/3r4/3n4/8/3{CGH}4/8/7K w - - 0 1");
    let m = pos.parse_move("d3d6").unwrap();
    assert_eq!(pos.captures_of(m), [sq(&pos, "d6")]);
    let pos = after("k7/8/3r4/3n4/8/3{CGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "b8"), Some(("N".into(), 1)));
}

/// A man whose rebirth square is taken leaves the game; the square is
/// judged once the hop is made: the square the mover left is empty, the
/// one it lands on taken.
#[test]
fn a_man_whose_rebirth_square_is_taken_leaves_the_game() {
    // b8 holds a Blue Chancellor: the Blue Knight has nowhere to go.
    let pos = after("k{ch}6/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "d5"), None);
    assert_eq!(man_on(&pos, "b8"), Some(("CH".into(), 1)));
    assert_eq!(pos.count(pos.variant().kind_by_name("N").unwrap(), 1), 0);
    // Its home is the landing square: the Blue Queen (home d8) leaves.
    let pos = after("k7/3q4/8/3{CGH}4/8/8/8/7K w - - 0 1", "d5d8");
    assert_eq!(man_on(&pos, "d7"), None);
    assert_eq!(man_on(&pos, "d8"), Some(("CGH".into(), 0)));
    assert_eq!(pos.count(pos.variant().kind_by_name("Q").unwrap(), 1), 0);
    // Its home is the square the mover left: the Blue Knight is reborn
    // there (b8), behind the Grasshopper.
    let pos = after("k{CGH}6/1n6/8/8/8/8/8/7K w - - 0 1", "b8b6");
    assert_eq!(man_on(&pos, "b8"), Some(("N".into(), 1)));
    assert_eq!(man_on(&pos, "b7"), None);
    // Leaving the game is no capture: only royals are captured by it.
    let mut pos = position("k{ch}6/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1");
    let m = pos.parse_move("d3d6").unwrap();
    assert!(!pos.is_capture(m));
}

/// A man already on its rebirth square stays there: the hop is a plain
/// move.
#[test]
fn a_man_on_its_rebirth_square_stays() {
    let fen = "{CGH}n6/8/8/8/8/8/8/k6K w - - 0 1";
    let mut pos = position(fen);
    let m = pos.parse_move("a8c8").unwrap();
    assert_eq!(pos.hurdle_effect(m), None);
    let pos = after(fen, "a8c8");
    assert_eq!(man_on(&pos, "b8"), Some(("N".into(), 1)));
    // A man without a home square standing on its rebirth rank stays too
    // (a Blue Rook on rank 8).
    let pos = after("{CGH}r6/8/8/8/8/8/8/k6K w - - 0 1", "a8c8");
    assert_eq!(man_on(&pos, "b8"), Some(("R".into(), 1)));
}

/// A man without a home square (no Rook stands in the setup) is reborn on
/// an empty square of its owner's first rank, chosen by the mover: one
/// move per square, written `d3d6>c8`, empty once the hop is made.
#[test]
fn a_man_without_a_home_is_reborn_where_the_mover_chooses() {
    let fen = "k7/8/8/3r4/8/3{CGH}4/8/7K w - - 0 1";
    let mut pos = position(fen);
    let texts: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    // (On h8 the Rook would attack the White King on h1: not legal.)
    assert_eq!(
        texts,
        ["d3d6>b8", "d3d6>c8", "d3d6>d8", "d3d6>e8", "d3d6>f8", "d3d6>g8"]
    );
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let d3 = sq(&pos, "d3");
    assert_eq!(pseudo.iter().filter(|m| m.from == d3).count(), 7);
    let pos = after(fen, "d3d6>c8");
    assert_eq!(man_on(&pos, "c8"), Some(("R".into(), 1)));
    assert_eq!(man_on(&pos, "d5"), None);
    // Text read back; a choice is needed, and must be an empty square.
    let mut pos = position(fen);
    let m = pos.parse_move("d3d6>c8").unwrap();
    assert_eq!(pos.move_text(m), "d3d6>c8");
    let san = pos.san(m);
    assert_eq!(san, "CGHd6>c8");
    assert_eq!(pos.parse_san(&san), Ok(m));
    let e = pos.parse_move("d3d6").unwrap_err();
    assert!(e.message.contains("rebirth square"), "{}", e.message);
    assert!(e.message.contains("d3d6>b8"), "{}", e.message);
    assert!(pos.parse_move("d3d6>a8").is_err(), "a8 holds the Blue King");
    assert!(pos.parse_move("d3d6>c7").is_err(), "c7 is not on rank 8");
    // The square the mover leaves may be chosen; the landing square not.
    let mut pos = position("k1{CGH}5/2r5/8/8/8/8/8/7K w - - 0 1");
    let texts: Vec<String> = moves_of(&mut pos, "c8").into_keys().collect();
    assert!(texts.contains(&"c8c6>c8".to_string()), "{texts:?}");
    assert_eq!(texts.len(), 6, "b8 to g8 (h8 again not legal): {texts:?}");
    let mut pos = position("k7/8/8/8/8/3{cgh}4/3R4/K7 b - - 0 1");
    let texts: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    assert!(!texts.contains(&"d3d1>d1".to_string()), "{texts:?}");
    assert_eq!(texts.len(), 6, "b1 c1 e1 f1 g1 h1: {texts:?}");
    // With no empty square on its rank, it leaves the game.
    let pos = after("knnnnnnn/8/8/3r4/8/3{CGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "d5"), None);
    assert_eq!(pos.count(pos.variant().kind_by_name("R").unwrap(), 1), 0);
    // A pawn kind without a home (the Jumping Pawn): its second rank.
    let mut pos = position("k7/8/8/3{jp}4/8/3{CGH}4/8/7K w - - 0 1");
    let texts: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    assert_eq!(texts.len(), 8, "a7 to h7: {texts:?}");
    assert!(texts.contains(&"d3d6>a7".to_string()), "{texts:?}");
}

/// `{andernach}{einstein}{circe}`: the side changes, then the kind (one
/// step on the value ladder of the kinds on the board, royals aside),
/// then the man is reborn as what it became.
#[test]
fn andernach_einstein_circe_changes_side_then_kind_then_rebirths() {
    // A Blue Bishop (330), quiet leap: White, then the next lower kind on
    // the board, the Knight (320): a White Knight, home g1.
    let fen = "k7/8/8/3b4/7N/3{AECG}4/8/7K w - - 0 1";
    let pos = after(fen, "d3d6");
    assert_eq!(man_on(&pos, "d5"), None);
    assert_eq!(man_on(&pos, "g1"), Some(("N".into(), 0)));
    // Each effect alone, for comparison: the Andernach Grasshopper turns
    // it in place, the Einstein Grasshopper demotes it in place (to a
    // Knight), the Circe Grasshopper sends it home (the Blue Bishop has
    // none: a choice).
    let pos = after("k7/8/8/3b4/7N/3{AGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "d5"), Some(("B".into(), 0)));
    let pos = after("k7/8/8/3b4/7N/3{EGH}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "d5"), Some(("N".into(), 1)));
    let pos = after("k7/8/8/3b4/7N/3{CGH}4/8/7K w - - 0 1", "d3d6>b8");
    assert_eq!(man_on(&pos, "b8"), Some(("B".into(), 1)));
    // The explorer's view of the three together.
    let mut pos = position(fen);
    let m = pos.parse_move("d3d6").unwrap();
    let e = pos.hurdle_effect(m).unwrap();
    assert_eq!(
        e.fate,
        bigboard::rules::mechanisms::hurdle::Fate::Reborn(sq(&pos, "g1"))
    );
}

/// The ends of the Einstein ladder with a rebirth: the highest kind after
/// a capture and the lowest after a quiet leap keep their kinds, and are
/// reborn by their new colour.
#[test]
fn einstein_ladder_ends_with_circe() {
    // Top: the Blue Queen on d6 taken, the Blue Rook (500) the highest kind
    // left: a White Rook, without a home: White's choice on rank 1.
    let fen = "k7/8/3q4/3r4/8/3{AECG}4/8/7K w - - 0 1";
    let mut pos = position(fen);
    let texts: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    assert_eq!(texts.len(), 7, "a1 to g1: {texts:?}");
    let m = pos.parse_move("d3d6>a1").unwrap();
    assert_eq!(
        pos.captures_of(m),
        [sq(&pos, "d6")],
        "the Queen is taken; the Rook changes side"
    );
    let pos = after(fen, "d3d6>c1");
    assert_eq!(man_on(&pos, "c1"), Some(("R".into(), 0)));
    assert_eq!(man_on(&pos, "d5"), None);
    // Bottom: the Blue Pawn (100), quiet leap: a White Pawn, home a2.
    let pos = after("k7/8/8/3p4/8/3{AECG}4/8/7K w - - 0 1", "d3d6");
    assert_eq!(man_on(&pos, "a2"), Some(("P".into(), 0)));
    assert_eq!(man_on(&pos, "d5"), None);
    // An Einstein kind keeps its kind: a Blue AECG becomes White's and,
    // without a home, White chooses its square on rank 1.
    let mut pos = position("k7/8/8/3{aecg}4/8/3{AECG}4/8/7K w - - 0 1");
    let texts: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    assert_eq!(texts.len(), 7, "{texts:?}");
    let pos = after("k7/8/8/3{aecg}4/8/3{AECG}4/8/7K w - - 0 1", "d3d6>a1");
    assert_eq!(man_on(&pos, "a1"), Some(("AECG".into(), 0)));
}

/// Royals are never recoloured or changed, but reborn; one whose rebirth
/// square is taken is captured. A hop that would remove the mover's own
/// royal is no move.
#[test]
fn royals_are_reborn_or_captured() {
    // The Blue King on e5 reborn on e8, still Blue and royal, even by the
    // Andernach-Einstein-Circe Grasshopper.
    for hopper in ["{CGH}", "{AECG}"] {
        let pos = after(&format!("8/8/8/4k3/8/4{hopper}3/8/7K w - - 0 1"), "e3e6");
        assert_eq!(man_on(&pos, "e8"), Some(("K".into(), 1)), "{hopper}");
        let e8 = pos.variant().geometry.parse_square("e8").unwrap();
        assert_eq!(pos.royals(1), [e8], "{hopper}");
    }
    // e8 taken: under check rules the Blue King stands in check ...
    let mut pos = position("4q3/8/8/4k3/8/4{CGH}3/8/7K b - - 0 1");
    assert!(pos.in_check());
    // ... which the Queen leaving e8 or the King leaving the line answers;
    // the King's step to e4 would leave it to be leapt from e3.
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let texts: Vec<String> = legal.iter().map(|&m| pos.move_text(m)).collect();
    assert!(texts.contains(&"e8a4".to_string()), "{texts:?}");
    assert!(texts.contains(&"e5d5".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e5e4".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e5e6".to_string()), "{texts:?}");
    // With e8 empty there is no check.
    let pos = position("8/8/8/4k3/8/4{CGH}3/8/7K b - - 0 1");
    assert!(!pos.in_check());
    // A position where the side not to move is so attacked is refused.
    assert!(
        Position::from_fen(
            builtin("uc-170-17").unwrap(),
            &with_home("4q3/8/8/4k3/8/4{CGH}3/8/7K w - - 0 1")
        )
        .is_err()
    );
    // Under extinction (two Blue royals) the King may be left so, and the
    // hop captures it.
    let fen = "4q2{rkn}/8/8/4k3/8/4{CGH}3/8/7K w - - 0 1";
    let mut pos = position(fen);
    let m = pos.parse_move("e3e6").unwrap();
    assert!(pos.is_capture(m));
    assert_eq!(pos.captures_of(m), [sq(&pos, "e5")]);
    assert_eq!(captures(&moves_of(&mut pos, "e3")), ["e3e6: e5"]);
    let pos = after(fen, "e3e6");
    assert_eq!(man_on(&pos, "e5"), None);
    assert_eq!(pos.royals(1).len(), 1);
    // The mover's own King: reborn on e1 when empty; with e1 taken the hop
    // is no move.
    let pos = after("k7/8/8/8/4K3/8/4{CGH}3/8 w - - 0 1", "e2e5");
    assert_eq!(man_on(&pos, "e1"), Some(("K".into(), 0)));
    let mut pos = position("k7/8/8/8/4K3/8/4{CGH}3/4N3 w - - 0 1");
    assert!(pos.parse_move("e2e5").is_err());
    assert!(moves_of(&mut pos, "e2").is_empty());
}

/// The position text carries the game's home squares (`home=`, the
/// setup's top two and bottom two ranks) where they differ from the
/// variant's setup; it reads back to the same position, and a bad field is
/// an error naming it.
#[test]
fn home_squares_in_the_position_text() {
    let v = builtin("uc-170-17").unwrap();
    // The variant's (seed 1's setup): not written.
    let pos = Position::from_fen(v.clone(), "k7/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1").unwrap();
    assert!(!pos.fen().contains("home="), "{}", pos.fen());
    // Another setup: the Blue Knight's home is c8 here.
    let home = "1{ch}nqk3/8/8/4K3";
    let fen = format!("k7/8/8/3n4/8/3{{CGH}}4/8/7K w - - 0 1 home={home}");
    let mut pos = Position::from_fen(v.clone(), &fen).unwrap();
    assert_eq!(pos.fen(), fen);
    let back = Position::from_fen(v.clone(), &pos.fen()).unwrap();
    assert!(back == pos);
    assert_eq!(back.hash(), pos.hash(), "home squares are not hashed");
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "c8"), Some(("N".into(), 1)));
    assert!(
        pos.fen().ends_with(&format!(" home={home}")),
        "fixed for the game: {}",
        pos.fen()
    );
    // The default written out is read, and not written back.
    let ranks: Vec<&str> = v.setup.split_whitespace().next().unwrap().split('/').collect();
    let default = [ranks[0], ranks[1], ranks[6], ranks[7]].join("/");
    let pos = Position::from_fen(v.clone(), &format!("k7/8/8/8/8/8/8/7K w - - 0 1 home={default}")).unwrap();
    assert_eq!(pos.fen(), "k7/8/8/8/8/8/8/7K w - - 0 1");
    // A seeded game's home squares are its setup's.
    let seeded = Position::random(v.clone(), 2).unwrap();
    assert!(seeded.fen().contains(" home="), "{}", seeded.fen());
    // Every rank may be given; men between the two pairs of ranks are
    // written so.
    let full = "8/8/8/3n4/8/8/8/8";
    let pos = Position::from_fen(v.clone(), &format!("k7/8/8/8/8/8/8/7K w - - 0 1 home={full}")).unwrap();
    assert!(pos.fen().contains(&format!(" home={full}")), "{}", pos.fen());
    // Bad fields name `home`.
    for bad in ["home=8/8/8", "home={zz}7/8/8/8", "home=9/8/8/8", "home="] {
        let e = Position::from_fen(v.clone(), &format!("k7/8/8/8/8/8/8/7K w - - 0 1 {bad}")).unwrap_err();
        assert_eq!(e.field, "home", "{bad}: {e}");
    }
    // A variant without `{circe}` kinds has no such field.
    let xhess = builtin("xhess").unwrap();
    let setup = xhess.setup.clone();
    let e = Position::from_fen(xhess, &format!("{setup} home=8/8/8/8")).unwrap_err();
    assert_eq!(e.field, "text");
}

/// The explorer tells a rebirth and a man leaving the game apart from a
/// capture.
#[test]
fn the_explorer_shows_rebirths() {
    let run = |fen: &str, at: &str| -> String {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .args(["piece", "--variant", "uc-170-17", "--fen", &with_home(fen), "--at", at])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let out = run("k7/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1", "d3");
    assert!(out.contains("d3d6  Blue Knight d5 reborn on b8"), "{out}");
    let out = run("k{ch}6/8/8/3n4/8/3{CGH}4/8/7K w - - 0 1", "d3");
    assert!(out.contains("d3d6  Blue Knight d5 leaves the game"), "{out}");
    let out = run("k7/8/8/3b4/7N/3{AECG}4/8/7K w - - 0 1", "d3");
    assert!(
        out.contains("d3d6  Blue Bishop d5 changes side, becomes a Knight, reborn on g1"),
        "{out}"
    );
    let out = run("4q2{rkn}/8/8/4k3/8/4{CGH}3/8/7K w - - 0 1", "e3");
    assert!(out.contains("e3e6  Blue King e5 cannot be reborn: captured"), "{out}");
}

/// Legality beside hurdle Grasshoppers, from random games of mixed armies:
/// a move is listed exactly when the mover's royals are safe after it.
/// `e1f1` takes the man a Circe Grasshopper on d3 could not hop onto, so
/// the hop over the King on e2 opens (its rebirth square is taken); `d2h2`
/// (a Long Leaper) opens a line of the Andernach-Einstein-Circe Grasshopper
/// on g4 toward the King on g3.
#[test]
fn moves_beside_hurdle_grasshoppers_are_listed_when_the_king_is_safe_after_them() {
    for fen in [
        "2k{cg}{ORP}2{ZNDW}/5{SP}{CRW}1/1{wh}1l3{li}/8/8/3{cgh}4/4K{jp}1b/2{ub}1G{gn}2 w - - 2 23 mover=UB credits=0,2/2,0",
        "2{sc}2{li}{sc}1/{NFZ}{cr}5k/2{JP}{NB}1{FR}1{nw}/5{stg}1{jp}/1{sm}2{IM}{cp}{aecg}1/{ub}4{sqr}K1/2{TK}{LL}2{fr}1/{DE}1{RB}1{EGH}{AT}2 w - - 2 6 mover=LI",
    ] {
        let mut pos = Position::from_fen(builtin("uc-170-17").unwrap(), fen).unwrap();
        common::legal_texts_checked_by_play(&mut pos, fen);
    }
}
