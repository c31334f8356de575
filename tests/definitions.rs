//! Variant definitions: the documented example loads and plays, and bad
//! definitions report every problem with its place.

use bigboard::Position;
use bigboard::rules::perft::perft;

fn documented_example() -> String {
    let doc = include_str!("../src/variant/DEFINITIONS.md");
    let start = doc.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let end = start + doc[start..].find("```").expect("closed block");
    doc[start..end].to_string()
}

#[test]
fn documented_example_loads_and_plays() {
    let v = bigboard::load(&documented_example()).unwrap_or_else(|e| panic!("{e}"));
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
    let errors = bigboard::load(&text).unwrap_err();
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
    let errors = bigboard::load(&text).unwrap_err();
    assert_eq!(errors.0[0].at, "setup", "{errors}");
    let errors = bigboard::load("id = \"x\"\nname = ").unwrap_err();
    assert!(errors.0[0].at.starts_with("line 2"), "{errors}");
    let errors = bigboard::load("").unwrap_err();
    assert!(errors.0.len() >= 5, "{errors}");
}

#[test]
fn a_variant_needs_pieces_and_castling_moves_told_apart() {
    let no_pieces = "id = \"x\"\nname = \"X\"\nwidth = 4\nheight = 4\nsetup = \"4/4/4/4 w - - 0 1\"\npiece = []\n";
    let errors = bigboard::load(no_pieces).unwrap_err();
    assert!(errors.0.iter().any(|e| e.at == "piece"), "{errors}");
    let castle = "\n[[castling]]\nking = \"c1\"\nking_to = \"e1\"\nrook = \"f1\"\nrook_to = \"d1\"\n";
    let text = documented_example()
        .replace("RCKCNR", "RCK2R")
        .replace("rckcnr", "rck2r")
        + castle
        + castle;
    let errors = bigboard::load(&text).unwrap_err();
    assert_eq!(errors.to_string(), "castling[1]: written c1e1 as castling[0] is");
}

/// A definition file kept with the tests.
fn data(name: &str) -> String {
    let path = format!("{}/tests/data/definitions/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_setup_whose_side_not_to_move_is_in_check_is_a_problem_of_setup() {
    // opponent-in-check.sh: the black king on e16 attacked by the e15 rook,
    // White to move.
    let source = bigboard::variant::builtin_source("flee").unwrap();
    let setup = source.lines().find(|l| l.starts_with("setup = ")).unwrap();
    let text = source.replace(
        setup,
        "setup = \"4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1\"",
    );
    let errors = bigboard::load(&text).unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    assert_eq!(errors.0[0].at, "setup");
    assert!(
        errors.0[0]
            .message
            .contains("the side not to move (Black) is in check: its King on e16 is attacked"),
        "{errors}"
    );
}

/// A definition with the pieces of gen-promo-wrap.py and these promotion
/// tables.
fn with_promotions(tables: &[(&str, &str, &str)]) -> String {
    let mut text = String::from(
        "id = \"promo-wrap\"\nname = \"P\"\nwidth = 8\nheight = 8\nsetup = \"k7/8/8/8/8/8/4P3/K7 w - - 0 1\"\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Queen\"\ncode = \"Q\"\nmoves = \"Q\"\n\
         [[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n\
         [[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"fmW\"\n",
    );
    for (pieces, ranks, choices) in tables {
        text += &format!("[[promotion]]\npieces = [{pieces}]\nranks = [{ranks}]\nchoices = [{choices}]\n");
    }
    text
}

#[test]
fn two_promotion_tables_for_one_piece_and_rank_are_problems() {
    let text = with_promotions(&[
        ("\"P\"", "8", "\"Q\""),
        ("\"R\"", "1", "\"R\""),
        ("\"P\"", "7, 8", "\"R\""),
        ("\"P\", \"R\"", "1, 6, 8", "\"Q\""),
    ]);
    let errors = bigboard::load(&text).unwrap_err();
    let lines: Vec<String> = errors.0.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        lines,
        [
            "promotion[2]: piece P already has promotion choices on rank 8 (promotion[0])",
            "promotion[3]: piece P already has promotion choices on rank 8 (promotion[0])",
            "promotion[3]: piece R already has promotion choices on rank 1 (promotion[1])",
        ]
    );
    // Ranks repeated within one table are harmless.
    assert!(bigboard::load(&with_promotions(&[("\"P\", \"P\"", "8, 8", "\"Q\"")])).is_ok());
}

#[test]
fn promotion_tables_are_limited_in_number() {
    // gen-promo-wrap.py: 65,537 tables, whose ids wrapped at 65,536 so that
    // the last one (P on rank 8 -> R) was offered as the first (-> Q).
    let mut tables = vec![("\"P\"", "8", "\"Q\"")];
    tables.extend(std::iter::repeat_n(("\"R\"", "1", "\"R\""), 65_535));
    tables.push(("\"P\"", "8", "\"R\""));
    let errors = bigboard::load(&with_promotions(&tables)).unwrap_err();
    let lines: Vec<String> = errors.0.iter().map(|e| e.to_string()).collect();
    assert_eq!(lines, ["promotion: 65537 tables; at most 1000"]);
}

#[test]
fn a_key_that_needs_tables_is_named_in_its_message() {
    // message-format.toml: `piece = [1, 2, 3]`.
    let errors = bigboard::load(&data("message-format.toml")).unwrap_err();
    let lines: Vec<String> = errors.0.iter().map(|e| e.to_string()).collect();
    assert_eq!(lines[0], "piece[0]: expected a table ([[piece]])", "{errors}");
    assert!(!errors.to_string().contains("{key}"), "{errors}");
}

#[test]
fn quoted_input_is_cut_at_80_characters() {
    let long = "X".repeat(500);
    let text = documented_example().replace("moves = \"mRcpR\"", &format!("moves = \"{long}\""));
    let errors = bigboard::load(&text).unwrap_err();
    let moves = errors.0.iter().find(|e| e.at == "piece[1].moves").unwrap();
    assert!(
        moves
            .message
            .starts_with(&format!("'{}…' at character 1", "X".repeat(80))),
        "{moves}"
    );
    let v = bigboard::load(&documented_example()).unwrap();
    let e = Position::from_fen(v.clone(), &format!("6/6/6/6/6/6 {long}")).unwrap_err();
    assert!(e.to_string().len() < 150, "{e}");
    let e = Position::new(v).parse_move(&format!("a1a2={long}")).unwrap_err();
    assert!(e.to_string().len() < 250, "{e}");
    assert!(e.to_string().contains(&format!("{}…'", "X".repeat(75))), "{e}");
}

/// An 8 x 8 chess-like definition whose pawns (`fmWfceFifmR2`: a step,
/// a diagonal capture that may take en passant, a double step as an `i`
/// move) start on a2 and a7 only, with `piece_extra` added to the pawn's
/// table.
fn pawn_definition(piece_extra: &str) -> String {
    format!(
        "id = \"ranks\"\nname = \"R\"\nwidth = 8\nheight = 8\nsetup = \"4k3/p7/8/8/8/8/P7/4K3 w - - 0 1\"\n\
         [rules]\nen_passant = true\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"fmWfceFifmR2\"\n{piece_extra}"
    )
}

/// Legal moves of the piece on `from` in the position text `fen`.
fn moves_from(definition: &str, fen: &str, from: &str) -> usize {
    let v = bigboard::load(definition).unwrap_or_else(|e| panic!("{e}"));
    let sq = v.geometry.parse_square(from).unwrap();
    let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut out = Vec::new();
    pos.legal_moves(&mut out);
    out.iter().filter(|m| m.from == sq).count()
}

#[test]
fn initial_rank_allows_i_moves_on_that_rank_whatever_the_setup() {
    let ranked = pawn_definition("initial_rank = 2\n");
    let plain = pawn_definition("");
    // The setup has no pawn on e2 or e7; the key lets them double-step.
    assert_eq!(moves_from(&ranked, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"), 2);
    assert_eq!(moves_from(&ranked, "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7"), 2);
    assert_eq!(moves_from(&ranked, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3"), 1);
    assert_eq!(moves_from(&ranked, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2"), 2);
    // Without the key, only the setup's squares allow them.
    assert_eq!(moves_from(&plain, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"), 1);
    assert_eq!(moves_from(&plain, "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7"), 1);
    assert_eq!(moves_from(&plain, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2"), 2);
    // The key replaces the setup's squares: on rank 3 the a2 pawn starts
    // in the setup yet has no double step, and Black's rank 3 is rank 6.
    let third = pawn_definition("initial_rank = 3\n");
    assert_eq!(moves_from(&third, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2"), 1);
    assert_eq!(moves_from(&third, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3"), 2);
    assert_eq!(moves_from(&third, "4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", "e6"), 2);
    assert_eq!(moves_from(&third, "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7"), 1);
}

#[test]
fn a_double_step_from_initial_rank_may_be_taken_en_passant() {
    let v = bigboard::load(&pawn_definition("initial_rank = 2\n")).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::from_fen(v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    pos.play_text("e2e4").unwrap();
    // The pawn has no promotion table, so its move counts towards the
    // move-count rule like any other.
    assert_eq!(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 1 1");
    pos.play_text("d4e3").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    // The position text and its hash do not depend on the key.
    let fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    let ranked = bigboard::load(&pawn_definition("initial_rank = 2\n")).unwrap();
    let plain = bigboard::load(&pawn_definition("")).unwrap();
    let (a, b) = (
        Position::from_fen(ranked, fen).unwrap(),
        Position::from_fen(plain, fen).unwrap(),
    );
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn a_bad_initial_rank_is_reported_with_its_place() {
    for (value, message) in [
        ("0", ": 0 is out of range 1..8"),
        ("9", ": 9 is out of range 1..8"),
        ("\"2\"", ": expected a whole number or a list of them"),
        ("[2, 0]", "[1]: 0 is out of range 1..8"),
    ] {
        let errors = bigboard::load(&pawn_definition(&format!("initial_rank = {value}\n"))).unwrap_err();
        let lines: Vec<String> = errors.0.iter().map(|e| e.to_string()).collect();
        assert_eq!(lines, [format!("piece[1].initial_rank{message}")], "{value}");
    }
}

/// An 8 x 8 definition with kings and a piece `S` moving by
/// `moves_by_file` (the TOML list `files`), `extra` added to its table.
fn by_file_definition(files: &str, extra: &str) -> String {
    format!(
        "id = \"files\"\nname = \"F\"\nwidth = 8\nheight = 8\nsetup = \"1k6/8/8/8/8/8/7K/8 w - - 0 1\"\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Shifter\"\ncode = \"S\"\nmoves_by_file = {files}\n{extra}"
    )
}

const BACK_RANK: &str = r#"["R", "N", "B", "Q", "K", "B", "N", "R"]"#;

#[test]
fn a_piece_moves_by_the_file_it_stands_on() {
    let d = by_file_definition(BACK_RANK, "");
    // Kings on h2 and b8 stand on none of the lines below. White: the
    // d-file's queen 27 from d4, the king 8 from e4, the knight 6 from b4,
    // the rook 14 from a1.
    for (fen, from, want) in [
        ("1k6/8/8/8/3S4/8/7K/8 w - - 0 1", "d4", 27),
        ("1k6/8/8/8/4S3/8/7K/8 w - - 0 1", "e4", 8),
        ("1k6/8/8/8/1S6/8/7K/8 w - - 0 1", "b4", 6),
        ("1k6/8/8/8/8/8/7K/S7 w - - 0 1", "a1", 14),
        // Black goes by the same absolute file: a queen on d5 (27; the
        // e-file's king would have 8), a rook on a1 (14).
        ("1k6/8/8/3s4/8/8/7K/8 b - - 0 1", "d5", 27),
        ("1k6/8/8/8/8/8/7K/s7 b - - 0 1", "a1", 14),
    ] {
        assert_eq!(moves_from(&d, fen, from), want, "{fen}");
    }
    let v = bigboard::load(&d).unwrap();
    assert_eq!(v.pieces[1].moves, "by file: R N B Q K B N R");
    // Two kinds with the same list share one table; a kind moving "R"
    // everywhere does not share it.
    let twin = "[[piece]]\nname = \"Twin\"\ncode = \"T\"\nmoves_by_file = [\"R\", \"N\", \"B\", \"Q\", \"K\", \"B\", \"N\", \"R\"]\n\
                [[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n";
    let v = bigboard::load(&by_file_definition(BACK_RANK, twin)).unwrap();
    assert_eq!(v.tables.table_of, [0, 1, 1, 2]);
}

#[test]
fn moves_by_file_problems_are_named() {
    for (files, extra, at, message) in [
        (
            r#"["R", "N", "B"]"#,
            "",
            "piece[1].moves_by_file",
            "piece 'Shifter': 3 movement strings for a board 8 files wide",
        ),
        (
            BACK_RANK,
            "moves = \"R\"\n",
            "piece[1]",
            "give 'moves' or 'moves_by_file', not both",
        ),
        (
            r#"["R", "N", "X", "Q", "K", "B", "N", "R"]"#,
            "",
            "piece[1].moves_by_file[2]",
            "'X' at character 1",
        ),
        ("\"R\"", "", "piece[1].moves_by_file", "1 movement strings"),
        (
            r#"["R", "N", 3, "Q", "K", "B", "N", "R"]"#,
            "",
            "piece[1].moves_by_file[2]",
            "expected a string",
        ),
    ] {
        let errors = bigboard::load(&by_file_definition(files, extra)).unwrap_err();
        assert!(
            errors.0.iter().any(|e| e.at == at && e.message.contains(message)),
            "{files} {extra}: {errors}"
        );
    }
}
