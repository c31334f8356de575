//! The match referee against scripted UCI engines
//! (`tests/data/engines/scripted.sh`) on a 4 x 4 board
//! (`tests/data/definitions/referee-mini.toml`): wins, draws, illegal moves,
//! crashes, hangs and garbage are judged and reported; a crashed engine is
//! started again for the next game; an SPRT ends a match once it decides;
//! games in parallel give the same games; a bad opening book is named.

use std::path::Path;
use std::process::{Command, Output};

const MINI: &str = "tests/data/definitions/referee-mini.toml";

/// Runs `bigboard match` from the crate's directory.
fn run_match(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("match")
        .args(args)
        .output()
        .expect("bigboard runs")
}

/// The stdout lines of a match that must succeed.
fn match_lines(args: &[&str]) -> Vec<String> {
    let out = run_match(args);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{args:?}: {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout.lines().map(String::from).collect()
}

/// A scripted engine side playing `script` (see scripted.sh), with more
/// settings in `extra`. Its timeout is ample (a loaded machine running
/// the tests in parallel may be slow to start a shell); a `timeout=` in
/// `extra` comes later and wins.
fn scripted(script: &str, extra: &str) -> String {
    format!("uci:bash tests/data/engines/scripted.sh {script},movetime=50,timeout=10000{extra}")
}

/// An opening book holding `lines`, written to a file of its own.
fn book(name: &str, lines: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("referee-{name}.txt"));
    std::fs::write(&path, lines).unwrap();
    path.to_string_lossy().into_owned()
}

/// A match on the mini board: A and B scripted, one game (A White) from
/// the `opening`; returns the stdout lines.
fn mini_game(name: &str, opening: &str, a: &str, b: &str) -> Vec<String> {
    let path = book(name, opening);
    one_game(&path, &scripted(a, ""), &scripted(b, ""), &[])
}

/// One game on the mini board from the book at `path`, A and B the sides
/// given, with more options in `extra`; returns the stdout lines.
fn one_game(path: &str, a: &str, b: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![MINI, "--a", a, "--b", b, "--games", "1", "--openings", path];
    args.extend_from_slice(extra);
    match_lines(&args)
}

fn line<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in {lines:#?}"))
}

/// Mate in one for White: the kings walked there and back once.
const MATE_IN_ONE: &str = "b2b1 a4b4 b1b2 b4a4\n";

#[test]
fn a_checkmate_wins() {
    let lines = mini_game("mate", MATE_IN_ONE, "d1d4", "");
    let game = line(&lines, "game 1/1:");
    assert_eq!(
        game,
        "game 1/1: A white, B black, opening b2b1 a4b4 b1b2 b4a4: 1-0 A wins (checkmate), 5 plies"
    );
    assert_eq!(line(&lines, "score:"), "score: A 1 - B 0 (1 win, 0 losses, 0 draws)");
    assert!(!lines.iter().any(|l| l.starts_with("forfeits:")), "{lines:#?}");
}

#[test]
fn a_threefold_repetition_draws() {
    let lines = mini_game("repetition", "b2b1 a4b4\n", "b1b2 b2b1 b1b2", "b4a4 a4b4 b4a4");
    assert_eq!(
        line(&lines, "game 1/1:"),
        "game 1/1: A white, B black, opening b2b1 a4b4: 1/2-1/2 draw (repetition), 8 plies"
    );
    assert_eq!(
        line(&lines, "score:"),
        "score: A 0.5 - B 0.5 (0 wins, 0 losses, 1 draw)"
    );
}

#[test]
fn the_ply_limit_adjudicates_a_draw() {
    let path = book("limit", "b2b1 a4b4\n");
    let (a, b) = (scripted("b1b2 b2b1", ""), scripted("b4a4", ""));
    let lines = one_game(&path, &a, &b, &["--max-plies", "5"]);
    assert!(
        line(&lines, "game 1/1:").ends_with("1/2-1/2 draw (adjudicated after 5 plies), 5 plies"),
        "{lines:#?}"
    );
}

/// A game from the mini board's kings walking to and fro, A's engine
/// scoring each of its moves `a_cp` and B's `b_cp`, with `--resign 700,2`
/// (or the adjudication `rule` given).
fn scored_game(name: &str, a_cp: i32, b_cp: i32, rule: [&str; 2]) -> Vec<String> {
    let path = book(name, "b2b1 a4b4\n");
    let a = scripted(&format!("b1b2@{a_cp} b2b1@{a_cp} b1b2@{a_cp}"), "");
    let b = scripted(&format!("b4a4@{b_cp} a4b4@{b_cp} b4a4@{b_cp}"), "");
    one_game(&path, &a, &b, &rule)
}

fn resign_game(name: &str, a_cp: i32, b_cp: i32) -> Vec<String> {
    scored_game(name, a_cp, b_cp, ["--resign", "700,2"])
}

#[test]
fn a_game_both_engines_score_as_level_is_adjudicated_a_draw() {
    let lines = scored_game("draw", 5, -10, ["--draw", "4,2,10"]);
    assert!(
        lines[0].ends_with("max 400 plies, draw from ply 4 at 10 cp over 2 moves, concurrency 1"),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "game 1/1:"),
        "game 1/1: A white, B black, opening b2b1 a4b4: 1/2-1/2 draw \
         (adjudicated: both scored within 10 cp over their last 2 moves), 6 plies"
    );
    // One score past the bound: played on to the repetition.
    let lines = scored_game("no-draw", 5, -11, ["--draw", "4,2,10"]);
    assert!(
        line(&lines, "game 1/1:").ends_with("1/2-1/2 draw (repetition), 8 plies"),
        "{lines:#?}"
    );
}

#[test]
fn a_game_both_engines_score_as_won_is_adjudicated() {
    let lines = resign_game("resign", 800, -750);
    assert!(
        lines[0].ends_with("max 400 plies, resign at 700 cp over 2 moves, concurrency 1"),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "game 1/1:"),
        "game 1/1: A white, B black, opening b2b1 a4b4: 1-0 A wins \
         (adjudicated: both scored A ahead by 700 cp or more over their last 2 moves), 6 plies"
    );
    assert_eq!(line(&lines, "score:"), "score: A 1 - B 0 (1 win, 0 losses, 0 draws)");
    // B sure of winning and A of losing: B wins.
    let lines = resign_game("resign-b", -900, 900);
    assert!(
        line(&lines, "game 1/1:").contains("0-1 B wins (adjudicated: both scored B ahead"),
        "{lines:#?}"
    );
}

#[test]
fn a_game_the_engines_disagree_on_is_played_on() {
    // Both think they are winning; then B is unsure: no adjudication.
    for (name, b_cp) in [("resign-both", 800), ("resign-unsure", -650)] {
        let lines = resign_game(name, 800, b_cp);
        assert_eq!(
            line(&lines, "game 1/1:"),
            "game 1/1: A white, B black, opening b2b1 a4b4: 1/2-1/2 draw (repetition), 8 plies",
            "{name}"
        );
    }
}

#[test]
fn an_illegal_move_loses_and_is_reported() {
    let lines = mini_game("illegal", "b2b1 a4b4\n", "b1b3", "");
    assert!(
        line(&lines, "game 1/1:")
            .ends_with("0-1 B wins (A played an illegal move 'b1b3': not a legal move in this position), 2 plies"),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "forfeits:"),
        "forfeits: A lost 1 game (1 illegal move, 0 on time, 0 crashes)"
    );
    // Garbage for a move, and a move off the board, are illegal moves too.
    for (script, says) in [
        ("e4?x", "A played an illegal move 'e4?x': expected FROMTO"),
        ("d1d5", "A played an illegal move 'd1d5': expected FROMTO"),
        (
            "none",
            "A gave no move ('bestmove (none)') with legal moves on the board",
        ),
    ] {
        let lines = mini_game("garbage", "b2b1 a4b4\n", script, "");
        let game = line(&lines, "game 1/1:");
        assert!(game.contains(&format!("0-1 B wins ({says}")), "{script}: {game}");
    }
}

#[test]
fn an_engine_that_crashes_loses_and_is_started_again() {
    // Game 1: A (White) crashes. Game 2: A's engine, started again, plays
    // Black and B mates; were it not running, A would lose by forfeit again.
    let path = book("crash", MATE_IN_ONE);
    let (a, b) = (scripted("crash", ""), scripted("d1d4", ""));
    let lines = match_lines(&[MINI, "--a", &a, "--b", &b, "--games", "2", "--openings", &path]);
    let game1 = line(&lines, "game 1/2:");
    assert!(
        game1.ends_with("0-1 B wins (A: its engine exited (exit status: 3)), 4 plies"),
        "{game1}"
    );
    assert!(
        line(&lines, "game 2/2:").ends_with("1-0 B wins (checkmate), 5 plies"),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "forfeits:"),
        "forfeits: A lost 1 game (0 illegal moves, 0 on time, 1 crash)"
    );
}

#[test]
fn an_engine_that_hangs_loses_on_time() {
    let path = book("hang", MATE_IN_ONE);
    let (a, b) = (scripted("hang", ",timeout=300"), scripted("", ""));
    let lines = one_game(&path, &a, &b, &[]);
    assert!(
        line(&lines, "game 1/1:").ends_with("0-1 B wins (A lost on time: no bestmove within 300 ms), 4 plies"),
        "{lines:#?}"
    );
    assert_eq!(
        line(&lines, "forfeits:"),
        "forfeits: A lost 1 game (0 illegal moves, 1 on time, 0 crashes)"
    );
}

#[test]
fn lines_that_are_not_uci_are_passed_over() {
    let lines = mini_game("junk", MATE_IN_ONE, "junk d1d4", "");
    assert!(
        line(&lines, "game 1/1:").ends_with("1-0 A wins (checkmate), 5 plies"),
        "{lines:#?}"
    );
}

#[test]
fn the_variant_is_set_unless_an_init_line_sets_it() {
    // The scripted engine answers `bestmove wrong-variant-NAME` until told
    // the variant `mini`: an init line naming another one is obeyed as is.
    let path = book("variant", MATE_IN_ONE);
    let a = scripted("d1d4", ",init=setoption name UCI_Variant value other");
    let b = scripted("", "");
    let lines = one_game(&path, &a, &b, &[]);
    assert!(
        line(&lines, "game 1/1:").contains("A played an illegal move 'wrong-variant-other'"),
        "{lines:#?}"
    );
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    // B crashes in every game, so A wins every pair. Against Elo 0 or 300
    // each pair adds about 0.53 to the log likelihood ratio: the sixth pair
    // passes the bound ln(0.95 / 0.05) = 2.94 (see stats.rs), so the match
    // ends after 12 of its 100 games.
    let path = book("sprt", MATE_IN_ONE);
    let b = scripted("crash", "");
    let lines = match_lines(&[
        MINI,
        "--a",
        "depth=2",
        "--b",
        &b,
        "--games",
        "100",
        "--openings",
        &path,
        "--sprt",
        "0,300",
    ]);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("game ")).count(),
        12,
        "{lines:#?}"
    );
    assert_eq!(line(&lines, "score:"), "score: A 12 - B 0 (12 wins, 0 losses, 0 draws)");
    assert_eq!(
        line(&lines, "elo:"),
        "elo: A - B +inf +/- inf (95%), LOS 100.0%, 12 games"
    );
    assert_eq!(
        line(&lines, "pairs:"),
        "pairs: 0 0 0 0 6 (A scoring 0, 1/2, 1, 3/2, 2 in the two games of an opening)"
    );
    let sprt = line(&lines, "sprt:");
    assert!(
        sprt.starts_with("sprt: elo0 0 elo1 300 alpha 0.05 beta 0.05: LLR 3.18 (-2.94, 2.94), 6 pairs")
            && sprt.ends_with("H1 accepted: A is stronger than B by 300 Elo rather than 0"),
        "{sprt}"
    );
}

/// The game lines of a match, sorted (games in parallel end in any order).
fn sorted_games(lines: &[String]) -> Vec<String> {
    let mut games: Vec<String> = lines.iter().filter(|l| l.starts_with("game ")).cloned().collect();
    games.sort();
    games
}

#[test]
fn games_in_parallel_are_the_same_games() {
    let args = |c: &'static str| {
        [
            "xhess",
            "--a",
            "depth=1",
            "--b",
            "depth=2",
            "--games",
            "6",
            "--max-plies",
            "12",
            "--seed",
            "5",
            "--concurrency",
            c,
        ]
    };
    let one = match_lines(&args("1"));
    let three = match_lines(&args("3"));
    assert_eq!(sorted_games(&one), sorted_games(&three));
    assert_eq!(sorted_games(&one).len(), 6);
    assert_eq!(line(&one, "score:"), line(&three, "score:"));
    assert!(line(&three, "match xhess:").ends_with("concurrency 3"), "{three:#?}");
    // Each worker has its own engine processes.
    let path = book("parallel", MATE_IN_ONE);
    let b = scripted("crash", "");
    let lines = match_lines(&[
        MINI,
        "--a",
        "depth=2",
        "--b",
        &b,
        "--games",
        "4",
        "--openings",
        &path,
        "--concurrency",
        "2",
    ]);
    assert_eq!(line(&lines, "score:"), "score: A 4 - B 0 (4 wins, 0 losses, 0 draws)");
}

#[test]
fn bad_match_input_is_named() {
    let bad_book = book("bad", "# a comment\ne4e5 e7e6\ne4e5 e5e9\n");
    let missing = "uci:/nonexistent/engine,movetime=10".to_string();
    let cases: [(&[&str], &str); 7] = [
        (
            &[
                "xhess",
                "--a",
                "depth=1",
                "--b",
                "depth=1",
                "--games",
                "2",
                "--openings",
                &bad_book,
            ],
            "line 3: move 2 ('e5e9'): the piece on e5 is not the side to move's",
        ),
        (
            &[
                "xhess",
                "--a",
                "depth=1",
                "--b",
                "depth=1",
                "--games",
                "2",
                "--openings",
                "/nonexistent/book",
            ],
            "cannot read opening book /nonexistent/book",
        ),
        (
            &["xhess", "--a", "depth=1", "--b", &missing, "--games", "2"],
            "B: cannot start '/nonexistent/engine'",
        ),
        (
            &[
                "xhess", "--a", "depth=1", "--b", "depth=1", "--games", "2", "--sprt", "5,1",
            ],
            "elo0 (5) must be below elo1 (1)",
        ),
        (
            &[
                "xhess",
                "--a",
                "depth=1",
                "--b",
                "depth=1",
                "--games",
                "2",
                "--concurrency",
                "0",
            ],
            "--concurrency must be 1 to 64",
        ),
        (
            &[
                "xhess", "--a", "depth=1", "--b", "depth=1", "--games", "2", "--resign", "700",
            ],
            "--resign wants CP,MOVES (as in 800,4), not '700'",
        ),
        // Refused before any game is played.
        (
            &[
                "xhess",
                "--a",
                "depth=1",
                "--b",
                "depth=1",
                "--games",
                "2",
                "--pgn",
                "/nonexistent/dir/x.pgn",
            ],
            "--pgn: cannot write /nonexistent/dir/x.pgn",
        ),
    ];
    for (args, says) in cases {
        let out = run_match(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: ") && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("game 1/"), "{args:?}");
    }
}

/// Runs `bigboard replay` on game `n` of a PGN file.
fn replay(variant: &str, pgn: &str, n: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["replay", variant, "--pgn", pgn, "--game", n])
        .output()
        .expect("bigboard runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout.lines().map(String::from).collect()
}

#[test]
fn games_are_written_as_pgn_that_replays() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    // A checkmate: the replay reaches it from the file alone.
    let mate = dir.join("referee-mate.pgn").to_string_lossy().into_owned();
    let path = book("pgn-mate", MATE_IN_ONE);
    one_game(&path, &scripted("d1d4", ""), &scripted("", ""), &["--pgn", &mate]);
    let text = std::fs::read_to_string(&mate).unwrap();
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]\n"), "{text}");
    // The opening is the book's, the last move the engine's with its score.
    assert!(
        text.contains("\n1. b2b1 a4b4 2. b1b2 b4a4 3. d1d4 {+0.00} 1-0\n"),
        "{text}"
    );
    let lines = replay(MINI, &mate, "1");
    assert_eq!(line(&lines, "result:"), "result: 1-0");
    assert!(line(&lines, "rules:").contains("checkmate"), "{lines:#?}");
    // Games of a random setup carry it, and each replays to its last
    // move; colours alternate between A and B.
    let uc = dir.join("referee-uc.pgn").to_string_lossy().into_owned();
    let lines = match_lines(&[
        "uc-170-17",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--games",
        "2",
        "--max-plies",
        "24",
        "--pgn",
        &uc,
    ]);
    assert_eq!(sorted_games(&lines).len(), 2);
    let text = std::fs::read_to_string(&uc).unwrap();
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 2, "{text}");
    assert!(
        text.contains("[White \"A: depth=1\"]\n[Black \"B: depth=1\"]"),
        "{text}"
    );
    assert!(
        text.contains("[White \"B: depth=1\"]\n[Black \"A: depth=1\"]"),
        "{text}"
    );
    for n in ["1", "2"] {
        let lines = replay("uc-170-17", &uc, n);
        assert!(lines.iter().any(|l| l.starts_with("12... ")), "{lines:#?}");
    }
}
