//! `bigboard replay`: a game written as PGN (tags, numbers, comments,
//! variations, SAN or coordinates, the result) read into a game, and the
//! errors that name the move that cannot be read.

use bigboard::Position;
use bigboard::builtin;
use std::process::{Command, Output};

fn replay(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .arg("replay")
        .args(args)
        .output()
        .unwrap()
}

/// The stdout lines of a replay that must succeed.
fn lines(args: &[&str]) -> Vec<String> {
    let out = replay(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// The one-line error of a replay that must fail with status 2.
fn error(args: &[&str]) -> String {
    let out = replay(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8(out.stderr).unwrap().trim().to_string()
}

fn temp_pgn(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("bigboard-replay-{}-{name}.pgn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn pgn_move_text_is_read_with_its_tags_comments_and_result() {
    let pgn = temp_pgn(
        "tags",
        "[Event \"Test\"]\n[Variant \"xhess\"]\n\n\
         1. He5 {a comment\non two lines} He6 $1 (1... Hd6 2. Hd5) 2. d2b1 ; to the end\n\
         2... Nb10 3. Nd2 1/2-1/2\n",
    );
    assert_eq!(
        lines(&["xhess", "--pgn", &pgn]),
        [
            "1. e4e5 He5",
            "1... e7e6 He6",
            "2. d2b1 Nb1",
            "2... d9b10 Nb10",
            "3. b1d2 Nd2",
            "position: rn7r/4kqn3/hcb1ii1bch/1hhh1hhhh1/4h5/4H5/1HHH1HHHH1/HCB1II1BCH/3NKQN3/R8R b - - 3 3",
            "result: 1/2-1/2",
            "rules: the game goes on",
        ]
    );
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn a_fen_tag_starts_the_game_and_the_rules_judge_its_end() {
    let pgn = temp_pgn(
        "mate",
        "[FEN \"10/10/10/10/10/k1K7/10/10/10/7R2 w - - 0 1\"]\n\n1. Ra1# 1-0\n",
    );
    let out = lines(&["xhess", "--pgn", &pgn]);
    assert_eq!(out[0], "1. h1a1 Ra1#");
    assert_eq!(&out[2..], ["result: 1-0", "rules: checkmate, White wins"]);
    // --fen overrides the tag.
    let out = lines(&[
        "xhess",
        "--pgn",
        &pgn,
        "--fen",
        "10/10/10/10/10/k9/10/10/10/7R1K w - - 0 1",
    ]);
    assert!(out.last().unwrap().ends_with("the game goes on"), "{out:?}");
    let _ = std::fs::remove_file(&pgn);
}

/// A frozen man's removal followed by a drop, as `match --pgn` writes it
/// (`b7-+@f8`), is read as coordinates.
#[test]
fn a_removal_with_a_drop_that_match_wrote_is_replayed() {
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/replay/removal-with-drop.pgn");
    let out = lines(&["uc-170-17", "--pgn", pgn]);
    assert_eq!(out[out.len() - 4], "49... b7-+@f8 FLb7- FI@f8+");
    assert_eq!(out[out.len() - 2], "result: *");
}

#[test]
fn bigboards_own_san_reads_back_on_every_variant() {
    for id in ["xhess", "overboard", "really-big-board", "flee", "uc-170-17"] {
        let mut pos = Position::new(builtin(id).unwrap());
        let mut text = String::new();
        let mut coords = Vec::new();
        let mut seed = 12345u64;
        for ply in 0..60 {
            if pos.outcome().is_some() {
                break;
            }
            let list = pos.san_list();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (m, _) = list[(seed >> 33) as usize % list.len()];
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&pos.san(m));
            text.push(' ');
            coords.push(pos.move_text(m));
            pos.play_unchecked(m);
        }
        text.push('*');
        let out = lines(&[id, "--moves", &text]);
        let read: Vec<&str> = out
            .iter()
            .filter(|l| l.contains(". "))
            .map(|l| l.split(' ').nth(1).unwrap())
            .collect();
        assert_eq!(read, coords, "{id}: {text}");
        assert_eq!(out[out.len() - 3], format!("position: {}", pos.fen()), "{id}");
    }
}

#[test]
fn a_move_that_cannot_be_read_is_named_with_its_place() {
    for (args, want) in [
        (
            &["xhess", "--moves", "1. He5 He6 2. Nxf3"][..],
            "error: move 3 (Nxf3): no legal move has this notation",
        ),
        (
            &["xhess", "--moves", "1. e4e9"],
            "error: move 1 (e4e9): not a legal move in this position",
        ),
        (&["xhess", "--moves", "1. He5 He6 1-0 2. Nb1"], "after the result 1-0"),
        (&["xhess", "--moves", "1. He5 {open"], "a comment '{' is not closed"),
        (
            &["flee", "--moves", "[Variant \"xhess\"]\n1. He5"],
            "the game is one of 'xhess', not of 'flee'",
        ),
        (&["xhess", "--moves", "1. He5", "--game", "0"], "--game counts from 1"),
        (&["xhess"], "replay needs --pgn FILE or --moves"),
        (
            &["xhess", "--pgn", "/no/such/file.pgn"],
            "cannot read /no/such/file.pgn",
        ),
        (&["chess", "--moves", "1. e4"], "unknown variant 'chess'"),
    ] {
        let e = error(args);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    // After the end of the game no move is read.
    let e = error(&[
        "xhess",
        "--fen",
        "10/10/10/10/10/k1K7/10/10/10/7R2 w - - 0 1",
        "--moves",
        "1. Ra1 Kb5",
    ]);
    assert!(
        e.contains("move 2 (Kb5): the game is over: checkmate, White wins"),
        "{e}"
    );
    let pgn = temp_pgn("one", "1. He5 *\n");
    assert!(error(&["xhess", "--pgn", &pgn, "--game", "2"]).contains("holds 1 game(s), not 2"));
    let _ = std::fs::remove_file(&pgn);
}
