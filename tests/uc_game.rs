//! UC-170-17 games on the command line and over UCI: seeds on the
//! commands, a seeded match, a seeded game played to its end over UCI,
//! and bad turns refused with status 2.

use bigboard::Position;
use bigboard::builtin;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn bigboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = bigboard(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn seeds_choose_the_setup_on_every_command() {
    let v = builtin("uc-170-17").unwrap();
    let three = Position::random(v.clone(), 3).unwrap();
    assert_eq!(stdout(&["position", "uc-170-17", "--seed", "3"]).trim(), three.fen());
    let perft = stdout(&["perft", "uc-170-17", "1", "--seed", "3"]);
    let mut moves = Vec::new();
    three.clone().legal_moves(&mut moves);
    assert!(perft.contains(&format!("perft 1: {} nodes", moves.len())), "{perft}");
    let divide = stdout(&["divide", "uc-170-17", "1", "--seed", "3"]);
    assert!(divide.contains(&format!("total {}", moves.len())), "{divide}");
    let search = stdout(&["search", "uc-170-17", "--seed", "3", "--depth", "2"]);
    let best = search.lines().last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(three.clone().parse_move(best).is_ok(), "{best}");
    // Without a seed one is drawn and printed first.
    let drawn = stdout(&["position", "uc-170-17"]);
    let mut lines = drawn.lines();
    let seed: u64 = lines.next().unwrap().strip_prefix("seed ").unwrap().parse().unwrap();
    assert_eq!(lines.next().unwrap(), Position::random(v, seed).unwrap().fen());
}

#[test]
fn bad_seeds_and_turns_exit_with_status_2() {
    for args in [
        &["perft", "xhess", "1", "--seed", "3"][..],
        &[
            "perft",
            "uc-170-17",
            "1",
            "--seed",
            "3",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ],
        // A drop without a credit; a malformed reserve field.
        &[
            "position",
            "uc-170-17",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/-,-/-",
            "--moves",
            "e1d1+@a1",
        ],
        &[
            "position",
            "uc-170-17",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/-",
        ],
        &[
            "position",
            "uc-170-17",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 credits=1",
        ],
    ] {
        let out = bigboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    // A seed that is not a number is an argument clap cannot read: its
    // message, over several lines, and the same status.
    let out = bigboard(&["perft", "uc-170-17", "1", "--seed", "x"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: invalid value 'x' for '--seed <S>'"), "{err}");
}

#[test]
fn a_seeded_match_completes() {
    let out = stdout(&[
        "match",
        "uc-170-17",
        "--a",
        "level=3",
        "--b",
        "level=3",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games.iter().all(|g| g.contains("(setup of seed 1)")), "{out}");
    assert!(out.contains("score: A "), "{out}");
}

/// A UCI session sets the variant and a seed and plays both sides at
/// depth 1 until the game ends (or 300 plies); every move is legal in the
/// library's own replay of the game.
#[test]
fn a_uci_session_plays_a_seeded_game_to_its_end() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut send = |line: &str| writeln!(stdin, "{line}").unwrap();
    send("uci");
    send("setoption name UCI_Variant value uc-170-17");
    send("setoption name Seed value 7");
    send("ucinewgame");
    let v = builtin("uc-170-17").unwrap();
    let mut pos = Position::random(v, 7).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut ended = false;
    for _ in 0..300 {
        if moves.is_empty() {
            send("position startpos");
        } else {
            send(&format!("position startpos moves {}", moves.join(" ")));
        }
        send("go depth 1");
        let best = loop {
            let line = out.next().expect("engine output").unwrap();
            if let Some(rest) = line.strip_prefix("bestmove ") {
                break rest.split(' ').next().unwrap().to_string();
            }
        };
        if best == "(none)" {
            ended = true;
            break;
        }
        pos.play_text(&best)
            .unwrap_or_else(|e| panic!("after {moves:?}: {best}: {e}"));
        moves.push(best);
        if pos.outcome().is_some() {
            ended = true;
            break;
        }
    }
    send("quit");
    assert!(child.wait().unwrap().success());
    assert!(ended || moves.len() == 300, "{moves:?}");
    if ended {
        assert!(
            pos.outcome().is_some(),
            "bestmove (none) only at the end: {}",
            pos.fen()
        );
    }
}
