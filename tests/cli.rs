//! The command line, run as a program: output formats, exit statuses, the
//! `search`, `match` and `uci` commands.

use bigboard::Position;
use bigboard::builtin;
use bigboard::variant::BUILTIN_IDS;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

fn bigboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed and returns its stdout lines.
fn lines_of(args: &[&str]) -> Vec<String> {
    let out = bigboard(args);
    assert!(
        out.status.success(),
        "{args:?}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// `perft DEPTH: NODES nodes, T ms, R nodes/s` -> NODES.
fn perft_line_nodes(line: &str, depth: u32) -> u64 {
    let rest = line.strip_prefix(&format!("perft {depth}: ")).expect(line);
    let parts: Vec<&str> = rest.split(", ").collect();
    assert_eq!(parts.len(), 3, "{line}");
    let ms = parts[1].strip_suffix(" ms").expect(line);
    let rate = parts[2].strip_suffix(" nodes/s").expect(line);
    assert!(ms.parse::<u64>().is_ok() && rate.parse::<u64>().is_ok(), "{line}");
    parts[0].strip_suffix(" nodes").expect(line).parse().expect(line)
}

/// Is `text` a legal move in `variant` after `moves`?
fn is_legal(variant: &str, moves: &[&str], text: &str) -> bool {
    let mut pos = Position::new(builtin(variant).unwrap());
    for m in moves {
        pos.play_text(m).unwrap();
    }
    pos.parse_move(text).is_ok()
}

#[test]
fn variants_lists_the_builtin_ids() {
    assert_eq!(lines_of(&["variants"]), BUILTIN_IDS);
}

#[test]
fn perft_ends_with_its_summary_line() {
    let lines = lines_of(&["perft", "xhess", "2"]);
    assert_eq!(perft_line_nodes(lines.last().unwrap(), 2), 6280);
}

#[test]
fn divide_prints_sorted_moves_and_the_total() {
    let lines = lines_of(&["divide", "xhess", "2"]);
    let n = lines.len();
    assert!(n > 3);
    assert_eq!(perft_line_nodes(&lines[n - 1], 2), 6280);
    assert_eq!(lines[n - 2], "total 6280");
    let moves: Vec<(String, u64)> = lines[..n - 2]
        .iter()
        .map(|l| {
            let (m, c) = l.split_once(' ').expect(l);
            (m.to_string(), c.parse().expect(l))
        })
        .collect();
    assert!(moves.windows(2).all(|w| w[0].0 < w[1].0), "not sorted");
    assert_eq!(moves.iter().map(|(_, c)| c).sum::<u64>(), 6280);
    assert!(moves.iter().all(|(m, _)| is_legal("xhess", &[], m)));
}

#[test]
fn bad_input_exits_with_status_2_and_one_line() {
    for args in [
        &["perft", "chess", "1"][..],
        &["perft", "xhess", "1", "--fen", "not a position"],
        &["divide", "xhess", "1", "--moves", "e4e5 a1a9"],
        &["search", "xhess", "--depth", "3", "--fen", "8/8 w"],
        &["match", "xhess", "--a", "depth=1", "--b", "speed=3", "--games", "2"],
        &["check", "/no/such/definition.toml"],
    ] {
        let out = bigboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

/// `bench --list`: every built-in variant's positions, each a position text
/// the moves can be played from, a seeded random setup written out.
#[test]
fn bench_lists_its_positions() {
    let lines = lines_of(&["bench", "--list"]);
    assert_eq!(lines.len(), 12, "{lines:?}");
    for line in &lines {
        let [variant, depth, fen, moves] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("four fields: {line}");
        };
        assert!(depth.parse::<u32>().is_ok_and(|d| (5..=11).contains(&d)), "{line}");
        let mut pos = Position::from_fen(builtin(variant).expect("a built-in id"), fen).expect(line);
        for m in moves.split_whitespace() {
            pos.play_text(m).expect(line);
        }
    }
    let variants: Vec<&str> = lines.iter().map(|l| l.split('\t').next().unwrap()).collect();
    for id in BUILTIN_IDS {
        assert!(variants.contains(id), "{id} in {variants:?}");
    }
    // UC-170-17's are its random setups: none is another's.
    let uc: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("uc-170-17\t"))
        .map(|l| l.split('\t').nth(2).unwrap())
        .collect();
    assert_eq!(uc.len(), 4);
    assert!(uc.iter().enumerate().all(|(i, f)| !uc[..i].contains(f)), "{uc:?}");
}

#[test]
fn search_prints_a_legal_bestmove() {
    let lines = lines_of(&["search", "xhess", "--depth", "3"]);
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").expect("bestmove last");
    assert!(is_legal("xhess", &[], best), "{best}");
}

#[test]
fn match_prints_each_game_and_the_score() {
    let args = [
        "match",
        "xhess",
        "--a",
        "depth=1",
        "--b",
        "depth=3",
        "--games",
        "4",
        "--max-plies",
        "16",
    ];
    let lines = lines_of(&args);
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 4, "{lines:?}");
    // Both games of a pair share the opening.
    let opening = |l: &String| {
        l.split("opening ")
            .nth(1)
            .and_then(|r| r.split(':').next())
            .map(String::from)
    };
    let games: Vec<&String> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(opening(games[0]), opening(games[1]));
    assert_eq!(opening(games[2]), opening(games[3]));
    let score = lines.iter().find(|l| l.starts_with("score: ")).expect("a score line");
    let rest = score.strip_prefix("score: A ").expect(score);
    let (a, rest) = rest.split_once(" - B ").expect(score);
    let (b, _) = rest.split_once(" (").expect(score);
    let (a, b): (f64, f64) = (a.parse().expect(score), b.parse().expect(score));
    assert_eq!(a + b, 4.0, "{score}");
    assert!(
        score.ends_with(')') && score.contains(" win") && score.contains(" draw"),
        "{score}"
    );
}

/// The move of a `bestmove MOVE [ponder REPLY]` line.
fn best_move(line: &str) -> &str {
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        ["bestmove", m] => m,
        ["bestmove", m, "ponder", _] => m,
        _ => panic!("not a bestmove line: {line}"),
    }
}

/// A running `bigboard uci` with its output lines arriving on a channel.
struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status:?}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("uci did not quit");
    }
}

#[test]
fn uci_session_plays_a_legal_move() {
    let mut uci = Uci::start();
    uci.send("uci");
    let hello = uci.until("uciok");
    assert_eq!(hello[0], "id name bigboard");
    assert!(
        hello.contains(
            &"option name UCI_Variant type combo default xhess var xhess var overboard var really-big-board var flee var uc-170-17"
                .into()
        )
    );
    uci.send("isready");
    assert_eq!(uci.until("readyok"), ["readyok"]);
    uci.send("setoption name UCI_Variant value really-big-board");
    uci.send("ucinewgame");
    uci.send("position startpos moves i2i6");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" pv ")),
        "{lines:?}"
    );
    let best = best_move(lines.last().unwrap());
    assert!(is_legal("really-big-board", &["i2i6"], best), "{best}");
    uci.send("isready");
    assert_eq!(uci.until("readyok"), ["readyok"]);
    uci.quit();
}

#[test]
fn uci_reports_bad_lines_and_keeps_going() {
    let mut uci = Uci::start();
    for bad in [
        "setoption name UCI_Variant value chess",
        "position fen 8/8/8 w - - 0 1",
        "position startpos moves e4e5 e4e5",
    ] {
        uci.send(bad);
        uci.send("isready");
        let lines = uci.until("readyok");
        assert_eq!(lines.len(), 2, "{bad}: {lines:?}");
        assert!(lines[0].starts_with("info string error: "), "{bad}: {lines:?}");
    }
    // Still xhess, still answering.
    uci.send("position startpos moves e4e5 e7e6");
    uci.send("go infinite");
    uci.until("info depth 1 ");
    uci.send("isready");
    uci.until("readyok");
    uci.send("stop");
    let best = uci.until("bestmove").pop().unwrap();
    assert!(is_legal("xhess", &["e4e5", "e7e6"], best_move(&best)), "{best}");
    uci.send("go wtime 1000 btime 1000 winc 10 binc 10");
    uci.until("bestmove");
    uci.quit();
}

#[test]
fn promotion_moves_read_as_a_suffix_or_with_equals() {
    let variant = builtin("xhess").unwrap();
    let mut pos = Position::from_fen(variant, "4k5/H9/10/10/10/10/10/10/10/4K5 w - - 0 1").unwrap();
    for (plain, code) in [("a9a10q", "Q"), ("a9a10i", "I"), ("a9a10c", "C")] {
        let m = pos.parse_move(plain).unwrap();
        assert_eq!(pos.uci_text(m), plain);
        assert_eq!(pos.parse_move(&format!("a9a10={code}")).unwrap(), m);
        assert_eq!(pos.parse_move(&format!("a9a10{code}")).unwrap(), m);
    }
    assert!(pos.parse_move("a9a10").is_err(), "a promotion piece is needed");
    assert!(pos.parse_move("a9a10k").is_err(), "not a promotion choice");
}

/// Runs the binary with its address space limited to `kb` kilobytes (the
/// shell's `ulimit -v`), feeding it `input`.
fn bigboard_limited(kb: u64, args: &[&str], input: &str) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_bigboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn out_of_memory_is_an_error_with_status_2() {
    let out = bigboard_limited(1_000_000, &["search", "xhess", "--depth", "1", "--hash", "4000"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: out of memory"), "{err}");
    // Any other allocation that fails ends the same way, never in an abort.
    let definition = format!(
        "{}/tests/data/budget/hostile-250kinds-QNN-64x64.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = bigboard_limited(40_000, &["check", &definition], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: out of memory"), "{err}");
}

#[test]
fn uci_refuses_a_hash_table_it_cannot_have_and_goes_on() {
    let out = bigboard_limited(
        1_000_000,
        &["uci"],
        "uci\nsetoption name Hash value 4000\nisready\nposition startpos\ngo depth 1\nquit\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("info string error: out of memory: a hash table of 4000 MB could not be allocated"),
        "{text}"
    );
    assert!(text.contains("readyok") && text.contains("bestmove "), "{text}");
}

#[test]
fn check_prints_what_a_definition_costs() {
    let definition = format!("{}/tests/data/budget/queens-64x64.toml", env!("CARGO_MANIFEST_DIR"));
    let lines = lines_of(&["check", &definition]);
    assert!(lines[0].ends_with(": ok"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("move tables: ") && l.contains(" squares in ")),
        "{lines:?}"
    );
    let memory = lines.iter().find(|l| l.starts_with("memory: ")).expect("a memory line");
    assert!(memory.ends_with("the limit is 64 MB"), "{memory}");
    assert!(lines.iter().any(|l| l.starts_with("load time: ")), "{lines:?}");
    let rar = format!(
        "{}/tests/data/budget/hostile-rar-64x64.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = bigboard(&["check", &rar]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("piece[1].moves: 'RaR' would compile to about"), "{err}");
}

/// Runs a command that must fail and returns its one-line error.
fn error_of(args: &[&str]) -> String {
    let out = bigboard(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err.trim_end().to_string()
}

/// opponent-in-check.sh and king-capture-continues.sh: White to move could
/// take the black king.
const BLACK_IN_CHECK: &str = "4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1";
const BLACK_IN_CHECK_WITH_A_PAWN: &str = "4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/p3K11 w - - 0 1";
const IN_CHECK_ERROR: &str =
    "error: bad position text (side to move): the side not to move (Black) is in check: its King on e16 is attacked";

#[test]
fn a_position_whose_side_not_to_move_is_in_check_is_refused() {
    assert_eq!(
        error_of(&["divide", "flee", "1", "--fen", BLACK_IN_CHECK]),
        IN_CHECK_ERROR
    );
    assert_eq!(
        error_of(&[
            "perft",
            "flee",
            "2",
            "--fen",
            BLACK_IN_CHECK_WITH_A_PAWN,
            "--moves",
            "e15e16"
        ]),
        IN_CHECK_ERROR
    );
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value flee");
    uci.send(&format!("position fen {BLACK_IN_CHECK_WITH_A_PAWN} moves e15e16"));
    uci.send("d");
    let lines = uci.until("info string variant");
    assert_eq!(
        lines[0],
        format!("info string error: {}", IN_CHECK_ERROR.strip_prefix("error: ").unwrap())
    );
    // Unchanged: still the start position.
    let start = Position::new(builtin("flee").unwrap()).fen();
    assert_eq!(lines[1], format!("info string variant flee fen {start}"));
    uci.quit();
}

#[test]
fn a_move_after_the_end_of_the_game_is_refused() {
    let shuffle = "d2b1 d9b10 b1d2 b10d9";
    let moves = format!("{shuffle} {shuffle} d2b1");
    assert_eq!(
        error_of(&["perft", "xhess", "1", "--moves", &moves]),
        "error: move 9 (d2b1): the game is over: threefold repetition"
    );
    assert_eq!(
        error_of(&["search", "xhess", "--depth", "1", "--moves", &moves]),
        "error: move 9 (d2b1): the game is over: threefold repetition"
    );
    // UCI takes the moves (a GUI may adjudicate otherwise) and answers
    // `bestmove (none)` at once.
    let mut uci = Uci::start();
    uci.send(&format!("position startpos moves {moves}"));
    uci.send("go wtime 60000 btime 60000");
    let lines = uci.until("bestmove");
    assert_eq!(
        lines,
        ["info string the game is over: threefold repetition", "bestmove (none)"]
    );
    uci.quit();
}

#[test]
fn uci_answers_every_go_with_a_bestmove() {
    // uci-no-bestmove.txt: `go searchmoves e2d3` and `go ponder` had an
    // error line and no answer.
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go searchmoves e2d3");
    // Without limits the search runs until told otherwise; the next `go`
    // ends it, and it answers with the one move it may play.
    uci.send("go ponder");
    let best = uci.until("bestmove").pop().unwrap();
    assert_eq!(best_move(&best), "e2d3");
    uci.send("isready");
    let lines = uci.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "pondering: {lines:?}");
    uci.send("ponderhit");
    uci.send("stop");
    uci.until("bestmove");
    // Negative limits are reported, and searched as the nearest allowed.
    for go in ["go movetime -5", "go depth -1", "go wtime -100 btime 1000"] {
        uci.send(go);
        let lines = uci.until("bestmove");
        assert!(
            lines[0].starts_with("info string error: go ") && lines[0].contains("negative"),
            "{go}: {lines:?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")), "{go}: {lines:?}");
    }
    // No time left: still a search, one ply deep.
    uci.send("go wtime 0 btime 0");
    let lines = uci.until("bestmove");
    assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
    // uci-go-mate.txt: `go mate 2` is a search of three plies.
    uci.send("go mate 2");
    let lines = uci.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth 4 ")), "{lines:?}");
    assert!(is_legal("xhess", &[], best_move(lines.last().unwrap())), "{lines:?}");
    // A mate in one is found by `go mate 1`, a search of one ply.
    uci.send("position fen 10/10/10/10/10/k1K7/10/10/10/7R2 w - - 0 1");
    uci.send("go mate 1");
    let lines = uci.until("bestmove");
    assert!(
        lines[0].starts_with("info depth 1 ") && lines[0].contains(" score mate 1 "),
        "{lines:?}"
    );
    assert_eq!(lines[1..], ["bestmove h1a1"]);
    uci.send("position startpos");
    // A `go` that cannot be read: the error, then a move of one ply.
    for go in ["go depth deep", "go mate", "go wtime 1000 btime 1000 soon"] {
        uci.send(go);
        let lines = uci.until("bestmove");
        assert!(
            lines[0].starts_with("info string error: ") && lines[0].contains(" go "),
            "{go}: {lines:?}"
        );
        assert!(lines[0].ends_with("; searching one ply"), "{go}: {lines:?}");
        assert!(lines[1].starts_with("info depth 1 "), "{go}: {lines:?}");
        assert_eq!(lines.len(), 3, "{go}: {lines:?}");
    }
    uci.quit();
}

#[test]
fn uci_reads_back_the_position_after_a_promoting_long_move() {
    // ep-promotion-uci.txt.
    let def = format!(
        "{}/tests/data/definitions/ep-promotion.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut uci = Uci::start();
    uci.send(&format!("setoption name UCI_Variant value {def}"));
    uci.send("position startpos moves e2e8q");
    uci.send("d");
    let line = uci.until("info string").pop().unwrap();
    let fen = line.strip_prefix("info string variant ep-promotion fen ").expect(&line);
    assert_eq!(fen, "k3Q3/8/8/8/8/8/8/K7 b - - 0 1");
    uci.send(&format!("position fen {fen}"));
    uci.send("d");
    assert_eq!(uci.until("info string").pop().unwrap(), line);
    uci.quit();
}

/// `piece ARGS`: the destination lines (before the count) and the count
/// of the last line.
fn piece_destinations(args: &[&str]) -> (Vec<String>, usize) {
    let mut all = vec!["piece"];
    all.extend_from_slice(args);
    let lines = lines_of(&all);
    let last = lines.last().expect("a last line");
    let count: usize = last
        .strip_suffix(" destinations")
        .or_else(|| last.strip_suffix(" destination"))
        .expect(last)
        .parse()
        .expect(last);
    let listed: Vec<String> = lines
        .iter()
        .filter(|l| l.ends_with(" move") || l.ends_with(" capture"))
        .cloned()
        .collect();
    assert_eq!(listed.len(), count, "{args:?}: {lines:?}");
    (listed, count)
}

#[test]
fn piece_counts_match_the_xbetza_test_vectors() {
    // docs/notation-reference.md, section 8 "Test vectors", column "d4, 8x8"
    // (moves on an otherwise empty board) and "h8, 16x16".
    for (movement, moves) in [
        ("N", 8),
        ("Q", 27),
        ("NN", 12),
        ("B4R4AND", 35),
        ("(1,4)", 4),
        ("hrN", 4),
        ("fQ", 4),
        ("nN", 8),
        ("mRcpR", 14),
        ("gQ", 0),
        ("jB", 9),
        ("[F?R]", 24),
        ("FyafsF", 24),
        ("FmafFmasF", 12),
        ("KmafsK", 16),
        ("qN", 14),
        ("fmWfcFmfnNmfsnN", 5),
    ] {
        assert_eq!(piece_destinations(&[movement]).1, moves, "{movement}");
    }
    for (movement, moves) in [("Q", 59), ("masR", 225), ("(5,5)(1,7)", 12)] {
        let (_, n) = piece_destinations(&[movement, "--board", "16x16", "--at", "h8"]);
        assert_eq!(n, moves, "{movement} on h8");
    }
    // `i` strings: "fmWfcFifmnD | FIDE pawn without e.p. | 2/2 (1/2)".
    assert_eq!(piece_destinations(&["fmWfcFifmnD", "--initial"]).1, 2);
    assert_eq!(piece_destinations(&["fmWfcFifmnD"]).1, 1);
}

#[test]
fn piece_shows_a_diagram_and_sorted_squares() {
    let lines = lines_of(&["piece", "NN", "--at", "d4"]);
    assert_eq!(lines[0], "NN from d4 (white) on 8 x 8");
    assert_eq!(lines[1], "8 . m . . . m . .");
    assert_eq!(lines[3], "6 . . m . m . . m");
    assert_eq!(lines[5], "4 . . . * . . . .");
    assert_eq!(lines[9], "  a b c d e f g h");
    assert_eq!(lines[10], "b3 move");
    assert_eq!(lines.last().unwrap(), "12 destinations");
    // Larger boards: no diagram, the list still sorted file by file
    // (a2 before a10).
    let lines = lines_of(&["piece", "R", "--board", "20x20", "--at", "a1"]);
    assert_eq!(lines[1], "(no diagram on boards larger than 16 x 16)");
    assert_eq!(&lines[2..4], ["a2 move", "a3 move"]);
    assert_eq!(lines[10], "a10 move");
    assert_eq!(lines.last().unwrap(), "38 destinations");
}

#[test]
fn piece_with_friends_and_enemies() {
    // Cannon with a screen on d7: d5 d6 and the rank (7) and d1-d3 move,
    // d8 is a capture over the screen.
    let (list, n) = piece_destinations(&["mRcpR", "--enemies", "d7,d8"]);
    assert_eq!(n, 13);
    assert!(list.contains(&"d8 capture".to_string()), "{list:?}");
    assert!(!list.iter().any(|l| l.starts_with("d7")), "{list:?}");
    let lines = lines_of(&["piece", "mRcpR", "--enemies", "d7,d8"]);
    assert_eq!(&lines[1..3], ["8 . . . x . . . .", "7 . . . E . . . ."]);
    // Xiangqi horse: a friend on d5 blocks c6 and e6.
    let (list, n) = piece_destinations(&["nN", "--friends", "d5"]);
    assert_eq!(n, 6);
    assert!(!list.contains(&"c6 move".to_string()), "{list:?}");
    // Rook: a friend stops it before, an enemy is taken.
    let (list, n) = piece_destinations(&["R", "--friends", "d6", "--enemies", "f4"]);
    assert_eq!(n, 3 + 1 + 3 + 2, "{list:?}");
    assert!(list.contains(&"f4 capture".to_string()));
    // Grasshopper over a friend: lands on the square behind it.
    assert_eq!(piece_destinations(&["gQ", "--friends", "e5"]).0, ["f6 move"]);
    // FIDE pawn on e2: blocked by e3, captures on d3.
    let args = [
        "fmWfcFifmnD",
        "--at",
        "e2",
        "--initial",
        "--friends",
        "e3",
        "--enemies",
        "d3,f4",
    ];
    assert_eq!(piece_destinations(&args).0, ["d3 capture"]);
    // Black moves down the board.
    assert_eq!(piece_destinations(&["fN", "--side", "black"]).0, ["c2 move", "e2 move"]);
}

#[test]
fn piece_of_a_kind_of_a_variant() {
    // Xhess Horseman: 5 moves from d4 (docs/notation-reference.md test vectors), on Xhess's
    // 10 x 10 board.
    let lines = lines_of(&["piece", "--kind", "horseman", "--variant", "xhess"]);
    assert!(lines[0].ends_with("from d4 (white) on 10 x 10"), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "5 destinations");
    let (_, n) = piece_destinations(&["--kind", "Q", "--variant", "xhess", "--at", "a1"]);
    assert_eq!(n, 27);
}

#[test]
fn piece_rejects_bad_input() {
    for (args, message) in [
        (&["N("][..], "error: movement 'N('"),
        (&["xyz"], "error: movement 'xyz'"),
        (&["N", "--at", "z9"], "error: bad square 'z9'"),
        (&["N", "--at", "i1"], "error: bad square 'i1'"),
        (&["N", "--board", "0x8"], "error: bad board size"),
        (&["N", "--board", "65x8"], "error: bad board size"),
        (&["N", "--board", "8"], "error: bad board size"),
        (&["N", "--friends", "d4"], "error: square d4 is given twice"),
        (
            &["N", "--friends", "e5", "--enemies", "e5"],
            "error: square e5 is given twice",
        ),
        (&[], "error: piece needs a MOVEMENT"),
        (&["--kind", "Q"], "error: --kind needs --variant"),
        (&["--kind", "zz", "--variant", "xhess"], "error: xhess has no kind 'zz'"),
        // NOTATION.md's errors that were read with a part dropped.
        (
            &["{withdraw}aW"],
            "error: movement '{withdraw}aW': at character 11: 'a' after a capture mechanism",
        ),
        (
            &["o[W-R]", "--at", "a4"],
            "error: movement 'o[W-R]': at character 1: only 'i'",
        ),
        (&["azR"], "error: movement 'azR': at character 2: a crooked rider"),
        (&["a{bounce}B"], "error: movement 'a{bounce}B': at character 2: {near}"),
    ] {
        let mut all = vec!["piece"];
        all.extend_from_slice(args);
        let out = bigboard(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// The explorer in a position: each move of the man with what it does,
/// read off the board (rules file section 8; tests/mechanisms.rs has the
/// same positions).
#[test]
fn piece_in_a_position_shows_every_effect() {
    let lines = lines_of(&[
        "piece",
        "--variant",
        "uc-170-17",
        "--fen",
        "7p/8/8/8/3{PU}4/2p5/8/k6K w - - 0 1",
        "--at",
        "d4",
    ]);
    assert_eq!(lines[0], "Pushme-Pullyu (White) on d4");
    let taking: Vec<&String> = lines.iter().filter(|l| l.contains("takes")).collect();
    assert_eq!(
        taking,
        [
            "d4e5  takes Blue Pawn c3",
            "d4f6  takes Blue Pawn c3",
            "d4g7  takes Blue Pawn c3; takes Blue Pawn h8"
        ]
    );
    assert_eq!(lines.last().unwrap(), "23 moves, 23 legal");

    let lines = lines_of(&[
        "piece",
        "--variant",
        "uc-170-17",
        "--fen",
        "k7/3r4/8/4p3/3{SWP}4/8/8/7K w - - 0 1",
        "--at",
        "d4",
    ]);
    assert!(
        lines.contains(&"d4<>d7  swaps with Blue Rook d7".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"d4*e5   leaves the board; takes Blue Pawn e5".to_string()),
        "{lines:?}"
    );

    let lines = lines_of(&[
        "piece",
        "--variant",
        "uc-170-17",
        "--fen",
        "k7/8/8/4n3/3{IM}4/5K2/8/8 b - - 0 1",
        "--at",
        "e5",
    ]);
    assert_eq!(
        lines,
        [
            "Knight (Blue) on e5, frozen",
            "frozen: Blue Knight e5",
            "e5-  removes itself",
            "1 move, 1 legal"
        ]
    );
    // A pawn that takes a Queen and promotes to one takes it: the Queen
    // on its square after the move is the pawn's.
    let lines = lines_of(&[
        "piece",
        "--variant",
        "uc-170-17",
        "--fen",
        "1q5k/P7/8/8/8/8/8/7K w - - 0 2 reserve=Q/P,r/p",
        "--at",
        "a7",
    ]);
    assert_eq!(
        lines,
        [
            "Pawn (White) on a7",
            "a7a8=Q  moves",
            "a7b8=Q  takes Blue Queen b8",
            "2 moves, 2 legal"
        ]
    );
    // The man must be the side to move's.
    let out = bigboard(&[
        "piece",
        "--variant",
        "uc-170-17",
        "--fen",
        "k7/8/8/4n3/3{IM}4/5K2/8/8 w - - 0 1",
        "--at",
        "e5",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Blue's and White is to move"));
}

/// Arguments the command line cannot read: clap's message (what is wrong,
/// often the usage, where to read more) on stderr and exit status 2.
#[test]
fn unreadable_arguments_get_clap_message_and_status_2() {
    for (args, what) in [
        (&["bench", "--lst"][..], "unexpected argument '--lst'"),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            &["search", "xhess", "--depth", "x"],
            "invalid value 'x' for '--depth <N>'",
        ),
        (&["perft", "xhess", "21"], "invalid value '21' for '<DEPTH>'"),
        (
            &["perft", "xhess"],
            "the following required arguments were not provided",
        ),
        (&["piece", "N", "--bogus"], "unexpected argument '--bogus'"),
        (
            &["piece", "N", "--side", "red"],
            "invalid value 'red' for '--side <SIDE>'",
        ),
        (
            &["xboard", "--rank-offset", "2"],
            "invalid value '2' for '--rank-offset <0|1>'",
        ),
        (
            &[
                "tune-data",
                "xhess",
                "--games",
                "2",
                "--out",
                "x",
                "--depth",
                "2",
                "--nodes",
                "9",
            ],
            "cannot be used with",
        ),
        (&["completions", "tcsh"], "invalid value 'tcsh'"),
    ] {
        let out = bigboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error: ") && err.contains(what), "{args:?}: {err}");
        assert!(
            err.ends_with("For more information, try '--help'.\n"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `--help` for the program and for each command, written by clap, exit 0.
#[test]
fn help_is_generated_for_the_program_and_each_command() {
    let help = lines_of(&["--help"]).join("\n");
    let commands = [
        "variants",
        "perft",
        "divide",
        "position",
        "check",
        "values",
        "search",
        "bench",
        "match",
        "openings",
        "tune-data",
        "tune",
        "uci",
        "xboard",
        "replay",
        "piece",
        "completions",
    ];
    for command in commands {
        assert!(help.contains(&format!("  {command} ")), "{command}: {help}");
        let own = lines_of(&[command, "--help"]).join("\n");
        assert!(own.contains(&format!("Usage: bigboard {command}")), "{command}: {own}");
    }
    // `bigboard` alone and `bigboard help` print the same help.
    assert_eq!(lines_of(&[]).join("\n"), help);
    assert_eq!(lines_of(&["help"]).join("\n"), help);
    let perft = lines_of(&["perft", "--help"]).join("\n");
    assert!(perft.contains("--fen <FEN>") && perft.contains("--seed <S>"), "{perft}");
    let piece = lines_of(&["piece", "--help"]).join("\n");
    assert!(
        piece.contains("--side <SIDE>") && piece.contains("SQS is a list"),
        "{piece}"
    );
}

/// `completions SHELL`: a script for bash, zsh and fish naming the commands.
#[test]
fn completions_are_written_for_bash_zsh_and_fish() {
    for (shell, mark) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef bigboard"),
        ("fish", "complete -c bigboard"),
    ] {
        let script = lines_of(&["completions", shell]).join("\n");
        assert!(script.contains(mark), "{shell}: {script}");
        for word in ["tune-data", "rank-offset", "moves"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
}

/// docs/command-line.md shows `bigboard --help` as the program prints it.
#[test]
fn the_documented_usage_is_the_help() {
    let help = String::from_utf8(bigboard(&["--help"]).stdout).unwrap();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/command-line.md")).unwrap();
    let block = format!("```text\n$ bigboard --help\n{help}```\n");
    assert!(
        doc.contains(&block),
        "docs/command-line.md should hold the help as the program prints it:\n{block}"
    );
}
