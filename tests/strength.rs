//! Playing strength: a short `match` in which level 8 (100 ms a move)
//! meets level 2. The levels exist so that a beginner can win at 2; at full
//! strength the engine must win decisively.

use std::process::Command;

/// Runs a match and returns A's score and the number of games.
fn match_score(variant: &str, games: u32) -> (f64, u32) {
    let out = Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(["match", variant, "--a", "level=8,movetime=100", "--b", "level=2"])
        .args(["--games", &games.to_string(), "--max-plies", "240", "--seed", "3"])
        .output()
        .expect("bigboard runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    // score: A 4 - B 0 (4 wins, 0 losses, 0 draws)
    let score = text.lines().find(|l| l.starts_with("score: ")).unwrap_or("");
    let a: f64 = score
        .strip_prefix("score: A ")
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no score line in:\n{text}"));
    (a, games)
}

#[test]
fn level_eight_beats_level_two_in_xhess() {
    let (a, games) = match_score("xhess", 4);
    assert!(a >= games as f64 - 0.5, "level 8 scored {a} of {games}");
}

#[test]
fn level_eight_beats_level_two_on_a_sixteen_by_sixteen_board() {
    let (a, games) = match_score("really-big-board", 2);
    assert!(a >= games as f64 - 0.5, "level 8 scored {a} of {games}");
}
