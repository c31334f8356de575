//! Variant definitions: the documented example loads and plays, and bad
//! definitions report every problem with its place.

use bigboard::perft::perft;
use bigboard::position::Position;
use bigboard::variant::Variant;

fn documented_example() -> String {
    let doc = include_str!("../src/variant/DEFINITIONS.md");
    let start = doc.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let end = start + doc[start..].find("```").expect("closed block");
    doc[start..end].to_string()
}

#[test]
fn documented_example_loads_and_plays() {
    let v = Variant::from_toml(&documented_example()).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::new(v);
    // By hand: six pawn steps; the b1 and d1 cannons each hop their own
    // pawn and take the pawn on b5 / d5; the e1 knight goes to d3 or f3.
    assert_eq!(perft(&mut pos, 1), 10);
}

#[test]
fn every_problem_is_reported_with_its_place() {
    let text = documented_example()
        .replace("moves = \"mRcpR\"", "moves = \"mRcpX\"")
        .replace("choices = [\"R\", \"C\", \"N\"]", "choices = [\"R\", \"Z\"]")
        .replace("stalemate = \"draw\"", "stalemate = \"draw\"\ncolour = 1")
        + "\n[[castling]]\nking = \"c1\"\nking_to = \"b1\"\nrook = \"q1\"\nrook_to = \"c1\"\n";
    let errors = Variant::from_toml(&text).unwrap_err();
    let places: Vec<&str> = errors.0.iter().map(|e| e.at.as_str()).collect();
    for want in [
        "piece[1].moves",
        "promotion[0].choices",
        "rules.colour",
        "castling[0].rook",
    ] {
        assert!(places.contains(&want), "{want} missing from {errors}");
    }
    let moves = errors.0.iter().find(|e| e.at == "piece[1].moves").unwrap();
    assert!(moves.message.contains("character 5"), "{}", moves.message);
}

#[test]
fn bad_setup_and_syntax_are_errors() {
    let text = documented_example().replace("rckcnr/pppppp", "rckcnr/ppppppp");
    let errors = Variant::from_toml(&text).unwrap_err();
    assert_eq!(errors.0[0].at, "setup", "{errors}");
    let errors = Variant::from_toml("id = \"x\"\nname = ").unwrap_err();
    assert!(errors.0[0].at.starts_with("line 2"), "{errors}");
    let errors = Variant::from_toml("").unwrap_err();
    assert!(errors.0.len() >= 5, "{errors}");
}

#[test]
fn a_variant_needs_pieces_and_one_castling_each_way() {
    let no_pieces = "id = \"x\"\nname = \"X\"\nwidth = 4\nheight = 4\nsetup = \"4/4/4/4 w - - 0 1\"\npiece = []\n";
    let errors = Variant::from_toml(no_pieces).unwrap_err();
    assert!(errors.0.iter().any(|e| e.at == "piece"), "{errors}");
    let castle = "\n[[castling]]\nking = \"c1\"\nking_to = \"e1\"\nrook = \"f1\"\nrook_to = \"d1\"\n";
    let text = documented_example()
        .replace("RCKCNR", "RCK2R")
        .replace("rckcnr", "rck2r")
        + castle
        + castle;
    let errors = Variant::from_toml(&text).unwrap_err();
    assert!(
        errors
            .0
            .iter()
            .any(|e| e.at == "castling" && e.message.contains("at most one")),
        "{errors}"
    );
}
