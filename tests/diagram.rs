//! Interactive Diagram blocks (tests/data/diagram/, written for this test
//! from the Diagram's documentation) converted to definitions, loaded and
//! counted; refusals and malformed blocks give their line, key and reason,
//! and never a panic.
//!
//! The counts' oracles: `fide.txt` is orthodox chess, whose perft 20, 400,
//! 8902 are the published figures; `capablanca.txt` (the documentation's
//! own example block, Capablanca's array) has 28 first moves (20 pawn, 4
//! knight, 2 archbishop and 2 chancellor leaps over the pawns) and no
//! reply depends on White's first move, so 28 x 28 = 784; `rotate-
//! promotion.txt` is counted by hand below.

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::text::diagram::{DiagramError, convert, keys};
use std::process::Command;

fn block(name: &str) -> String {
    let path = format!("{}/tests/data/diagram/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Converts, loads and counts perft 1..=counts.len() from the start.
fn counts(text: &str) -> Vec<u64> {
    let toml = convert(text, "t").unwrap_or_else(|e| panic!("{e}"));
    let v = bigboard::load(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
    let mut pos = Position::new(v);
    (1..=3).map(|d| perft(&mut pos, d)).collect()
}

#[test]
fn orthodox_chess_block_plays_chess() {
    // Castling from `KisO2`, the pawn's double step and promotion.
    assert_eq!(counts(&block("fide.txt")), [20, 400, 8902]);
    let toml = convert(&block("fide.txt"), "fide").unwrap();
    assert!(
        toml.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{toml}"
    );
    assert!(toml.contains("choices = [\"Q\", \"R\", \"B\", \"N\"]"), "{toml}");
}

#[test]
fn documentation_example_is_capablanca() {
    assert_eq!(counts(&block("capablanca.txt"))[..2], [28, 784]);
    let toml = convert(&block("capablanca.txt"), "c").unwrap();
    assert!(toml.contains("RNABQKBCNR"), "{toml}");
    // royal=8: the King, the eighth piece line.
    assert_eq!(toml.matches("royal = true").count(), 1);
    assert!(
        toml.contains("name = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true"),
        "{toml}"
    );
}

/// symmetry=rotate, promoZone=2, maxPromote=1, promoChoice=NQ, royal=2 on
/// 4 x 4: White P b2, K a1, N d1; Black (turned half round) p c3, k d4,
/// n a4. White's moves: b3=N, b3=Q, bxc3=N, bxc3=Q (rank 3 is in the
/// zone), Ka2, Kb1, Nxc3: 7. Black's replies: to b3=N (check from b3)
/// the king's c4, d3: 2; to b3=Q, c2=N/Q, Nb2, Kd3 (c4 is the queen's):
/// 4; to bxc3=N, Nb2, Nxc3, Kc4, Kd3: 4; to bxc3=Q (check), only Nxc3
/// (the king may not take a man the d1 knight guards): 1; to Ka2 and Kb1,
/// c2=N/Q, cxb2=N/Q, Nxb2, Kc4, Kd3: 7 each; to Nxc3, Nxb2, Nxc3, Kc4,
/// Kd3: 4. 2 + 4 + 4 + 1 + 7 + 7 + 4 = 29.
#[test]
fn rotated_small_board_counted_by_hand() {
    assert_eq!(counts(&block("rotate-promotion.txt"))[..2], [7, 29]);
    let toml = convert(&block("rotate-promotion.txt"), "r").unwrap();
    assert!(toml.contains("setup = \"n2k/2p1/1P2/K2N w - - 0 1\""), "{toml}");
    assert!(
        toml.contains("pieces = [\"P\"]\nranks = [3, 4]\nchoices = [\"N\", \"Q\"]"),
        "{toml}"
    );
}

#[test]
fn every_key_read_is_in_a_test_block() {
    let all: String = ["fide.txt", "capablanca.txt", "rotate-promotion.txt"]
        .iter()
        .map(|b| block(b))
        .collect();
    for key in keys::READ {
        assert!(all.contains(&format!("{key}=")), "no test block has {key}=");
    }
}

fn refused(text: &str) -> DiagramError {
    match convert(text, "t") {
        Ok(toml) => panic!("converted:\n{toml}"),
        Err(e) => e,
    }
}

#[test]
fn refusals_name_line_key_and_reason() {
    let cases: &[(&str, usize, &str, &str)] = &[
        ("files=8\nholdings=2\nKing::::e1", 2, "holdings", "in hand"),
        ("symmetry=none\nKing::::e1", 1, "symmetry", "only mirror and rotate"),
        ("captureMatrix=abc\nKing::::e1", 1, "captureMatrix", "capture matrix"),
        ("files=8\nfrobnicate=1\nKing::::e1", 2, "frobnicate", "unknown key"),
        ("King::::e1\nLion:::::2", 2, "piece 'Lion' field 6", "not converted"),
        ("King::::e1\nLion::::d1", 2, "piece 'Lion' XBetza", "no standard moves"),
        (
            "King::::e1\nKnight:N:N::e1",
            2,
            "piece 'Knight' squares",
            "e1 (White's) is already taken by 'King'",
        ),
        (
            "King::::e1\nKite:K:F::d1",
            2,
            "piece 'Kite' ID",
            "also the ID of 'King'",
        ),
        ("King::::e1\nPawn::::a2\npromoChoice=*Q", 3, "promoChoice", "'*'"),
        (
            "symmetry=rotate\nKing::::e1\nRook::::a1,h1",
            2,
            "piece 'King' XBetza",
            "symmetry=mirror",
        ),
        ("Wizard:W1:W::b1\nKing::::e1", 1, "piece 'Wizard' ID", "1 to 4 letters"),
        ("Pawn:P:fmW:", 1, "piece", "five"),
        (
            "Pawn:P:fmW::z9",
            1,
            "piece 'Pawn' squares",
            "'z9' is not a square of the 8 x 8 board",
        ),
        (
            "ranks=4\nPawn:P:fmW::a5",
            2,
            "piece 'Pawn' squares",
            "'a5' is not a square",
        ),
        ("Pawn:P:fmW::a2-q2", 1, "piece 'Pawn' squares", "'a2-q2'"),
        ("files=100\nKing::::e1", 1, "files", "1 to 26 files"),
        ("ranks=65\nKing::::e1", 1, "ranks", "from 1 to 64"),
        ("files=x\nKing::::e1", 1, "files", "'x'"),
        ("royal=3\nKing::::e1", 1, "royal", "piece 3 of 1"),
        ("files=8\njust some words", 2, "just some words", "neither"),
        ("files=8", 0, "pieces", "no piece line"),
        (
            "ranks=4\npromoZone=5\nKing::::a1",
            2,
            "promoZone",
            "5 ranks on a board of 4",
        ),
    ];
    for (text, line, key, says) in cases {
        let e = refused(text);
        assert_eq!((e.line, e.key.as_str()), (*line, *key), "{text}: {e}");
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
}

#[test]
fn malformed_input_never_panics() {
    let mut seeds: Vec<String> = vec![
        String::new(),
        ":".into(),
        "=".into(),
        "::::".into(),
        ":::::".into(),
        "a=b=c".into(),
        "<div class=\"idiagram\">".into(),
        "files=26\nranks=64\nK:K:K::z64".into(),
        "files=1\nranks=1\nKing::::a1".into(),
        "\u{0}\u{ff}é:é:é:é:é".into(),
        "King:K:KisO:k:e1".into(),
        "King:K:KO2O2::e1".into(),
        "King:K:mO2::e1".into(),
        "Pawn::::a2-h2,,,,".into(),
        "Pawn::::a-b".into(),
        "Pawn::::-".into(),
        "Pawn::::a01".into(),
    ];
    for b in ["fide.txt", "capablanca.txt", "rotate-promotion.txt"] {
        let text = block(b);
        // Every prefix of a real block, cut anywhere.
        for (i, _) in text.char_indices().step_by(7) {
            seeds.push(text[..i].to_string());
        }
    }
    for text in seeds {
        if let Ok(toml) = convert(&text, "t") {
            // What converts either loads or is refused by the loader.
            let _ = bigboard::load(&toml);
        }
    }
}

#[test]
fn one_square_board_whose_black_king_lands_on_white_is_refused() {
    let e = refused("files=1\nranks=1\nKing::::a1");
    assert!(e.message.contains("a1 (Black's) is already taken"), "{e}");
}

fn bigboard(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn import_diagram_command() {
    let dir = format!("{}/tests/data/diagram", env!("CARGO_MANIFEST_DIR"));
    let out = bigboard(&["import", "diagram", &format!("{dir}/fide.txt")]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("id = \"fide\"\n"), "{text}");

    let target = std::env::temp_dir().join(format!("bigboard-diagram-{}.toml", std::process::id()));
    let target = target.to_str().unwrap();
    let out = bigboard(&[
        "import",
        "diagram",
        &format!("{dir}/capablanca.txt"),
        "--out",
        target,
        "--id",
        "capa",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let perft = bigboard(&["perft", target, "2"]);
    assert!(String::from_utf8_lossy(&perft.stdout).contains("perft 2: 784 nodes"));
    let _ = std::fs::remove_file(target);

    // A refusal: the file, the line and the key, exit status 2.
    let bad = std::env::temp_dir().join(format!("bigboard-diagram-bad-{}.txt", std::process::id()));
    std::fs::write(&bad, "files=8\nholdings=1\nKing::::e1\n").unwrap();
    let out = bigboard(&["import", "diagram", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2: holdings: pieces in hand"), "{err}");
    // A block that converts into moves the loader refuses: said as such.
    std::fs::write(&bad, "King:K:KU::e1\n").unwrap();
    let out = bigboard(&["import", "diagram", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the converted definition"), "{err}");
    let _ = std::fs::remove_file(&bad);

    // The id from a file name with spaces and capitals: lower case, '-'.
    let named = std::env::temp_dir().join(format!("My Big Variant {}.txt", std::process::id()));
    std::fs::copy(format!("{dir}/fide.txt"), &named).unwrap();
    let out = bigboard(&["import", "diagram", named.to_str().unwrap()]);
    let _ = std::fs::remove_file(&named);
    let text = String::from_utf8_lossy(&out.stdout);
    let want = format!("id = \"my-big-variant-{}\"\n", std::process::id());
    assert!(text.starts_with(&want), "{text}");
}
