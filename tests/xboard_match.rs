//! The real client: Debian's XBoard, under Xvfb, runs short engine
//! matches of bigboard against bigboard on Xhess (10 x 10) and Flee!
//! (16 x 16), checking every move against its own reading of the `piece`
//! commands. The PGN it saves must end each game with a result and hold no
//! claim of an illegal move, and `bigboard replay` must read it back into
//! the games the engines played. `./build.sh test` installs XBoard and Xvfb
//! (`apt-get install -y xboard xvfb`) when they are missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Games per variant, and the moves after which XBoard calls a game a draw
/// (to keep the test short).
const GAMES: u32 = 2;
const MAX_MOVES: u32 = 40;
/// XBoard's time control: these seconds for 40 moves, per side.
const SECONDS: u32 = 4;

/// A program on the PATH or in Debian's /usr/games.
fn program(name: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("{name} is missing: `./build.sh test` installs it, or `apt-get install -y xboard xvfb`")
        })
}

/// The moves the engines sent, game by game, from XBoard's debug log.
fn engine_moves(debug: &str) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    for line in debug.lines() {
        if line.starts_with("New game (") {
            games.push(Vec::new());
        } else if let Some(m) = line.split_once(": move ").map(|(_, m)| m)
            && (line.contains("<first :") || line.contains("<second:"))
            && let Some(game) = games.last_mut()
        {
            game.push(m.trim().to_string());
        }
    }
    games
}

/// An XBoard move (`e8e9q`) in bigboard's coordinates (`e9e10=Q`): ranks
/// from 0 become ranks from 1.
fn bigboard_move(xboard: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            out.push_str(&(digits.parse::<u32>().unwrap() + 1).to_string());
            digits.clear();
        }
    };
    let mut squares = 0;
    for c in xboard.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            flush(&mut digits, &mut out);
            squares += 1;
        }
        if squares == 2 {
            out.push('=');
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// Runs XBoard's match on `variant` in `dir`; the PGN and debug log.
fn run_match(variant: &str, dir: &Path) -> (String, String) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("home")).unwrap();
    let bin = env!("CARGO_BIN_EXE_bigboard");
    // On 16 ranks XBoard 4.9 reads an engine's move from the 16th rank as
    // a drop (it keeps a rank in one character); counted from 0 it does not.
    let (engine, offset) = if variant == "flee" {
        (format!("{bin} xboard --rank-offset 1"), "1")
    } else {
        (format!("{bin} xboard"), "0")
    };
    let pgn = dir.join("games.pgn");
    let debug = dir.join("xboard.debug");
    let mut child = Command::new(program("xvfb-run"))
        .arg("-a")
        .arg(program("xboard"))
        .args(["-fcp", &engine, "-scp", &engine, "-variant", variant])
        .args(["-matchMode", "true", "-matchGames", &GAMES.to_string()])
        .args([
            "-tc",
            &format!("0:{SECONDS:02}"),
            "-mps",
            "40",
            "-autoCallFlag",
            "false",
        ])
        .args(["-adjudicateDrawMoves", &MAX_MOVES.to_string()])
        // XBoard cannot know Xhess's far-rank win, nor judge these pieces'
        // mating material: the engines' own claims are believed.
        .args([
            "-testClaims",
            "false",
            "-materialDraws",
            "false",
            "-trivialDraws",
            "false",
        ])
        .args(["-testLegality", "true", "-rankOffset", offset])
        .arg("-saveGameFile")
        .arg(&pgn)
        .args(["-debug", "-nameOfDebugFile"])
        .arg(&debug)
        .args(["-xexit", "-saveSettingsOnExit", "false"])
        .env("HOME", dir.join("home"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xvfb-run starts");
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{variant}: XBoard ended with {status:?}");
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{variant}: the match did not end within 240 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{variant}: {}: {e}", p.display()));
    (read(&pgn), read(&debug))
}

/// Checks one variant's match.
fn check_match(variant: &str) {
    let dir = std::env::temp_dir().join(format!("bigboard-xboard-{}-{variant}", std::process::id()));
    let (pgn, debug) = run_match(variant, &dir);
    for bad in ["llegal", "orfeit", "False", "invalid"] {
        assert!(!pgn.contains(bad), "{variant}: '{bad}' in the PGN:\n{pgn}");
    }
    let played = engine_moves(&debug);
    assert_eq!(played.len(), GAMES as usize, "{variant}: games in the debug log");
    let results: Vec<&str> = pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[Result \"").and_then(|r| r.strip_suffix("\"]")))
        .collect();
    assert_eq!(results.len(), GAMES as usize, "{variant}:\n{pgn}");
    let offset = if variant == "flee" { "1" } else { "0" };
    for (g, result) in results.iter().enumerate() {
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(result),
            "{variant} game {}: {result}",
            g + 1
        );
        let out = Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .args(["replay", variant, "--pgn"])
            .arg(dir.join("games.pgn"))
            .args(["--game", &(g + 1).to_string(), "--xboard", "--rank-offset", offset])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{variant} game {}: {}\n{pgn}",
            g + 1,
            String::from_utf8_lossy(&out.stderr)
        );
        // `N. COORD SAN` lines: the moves bigboard read.
        let read: Vec<&str> = text
            .lines()
            .filter(|l| l.contains(". "))
            .map(|l| l.split(' ').nth(1).unwrap())
            .collect();
        let sent: Vec<String> = played[g].iter().map(|m| bigboard_move(m)).collect();
        assert!(read.len() >= 10, "{variant} game {}: {text}", g + 1);
        // An engine may have sent a move as the game was being ended.
        assert!(
            read.len() <= sent.len() && sent.len() - read.len() <= 1 && sent[..read.len()] == read[..],
            "{variant} game {}: read {read:?}\nsent {sent:?}",
            g + 1
        );
        assert!(text.contains(&format!("result: {result}")), "{text}");
        // A win is a win by bigboard's rules too.
        let rules = text.lines().find_map(|l| l.strip_prefix("rules: ")).unwrap();
        match *result {
            "1-0" => assert!(rules.ends_with("White wins"), "{variant} game {}: {rules}", g + 1),
            "0-1" => assert!(rules.ends_with("Black wins"), "{variant} game {}: {rules}", g + 1),
            _ => {}
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_moves_are_read_as_bigboard_writes_them() {
    assert_eq!(bigboard_move("e8e9q"), "e9e10=Q");
    assert_eq!(bigboard_move("b15d13"), "b16d14");
    assert_eq!(bigboard_move("a0a1"), "a1a2");
}

#[test]
fn xboard_plays_bigboard_against_bigboard_on_xhess_and_flee() {
    check_match("xhess");
    check_match("flee");
}
