//! `bigboard xboard`, driven as XBoard drives it: the features, the
//! `setup` and `piece` commands, games from `new` to a result on every
//! variant offered, `lift` answered with exactly the legal destinations,
//! bad input, `undo` and `remove`, and `?` and `ping` while it thinks.

use bigboard::Position;
use bigboard::builtin;
use bigboard::core::geometry::Square;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The variants `xboard` offers: the built-ins but UC-170-17, whose 164
/// kinds are more than XBoard has piece types.
const OFFERED: [&str; 4] = ["xhess", "overboard", "really-big-board", "flee"];

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// An engine that has said its features.
    fn start(args: &[&str]) -> Engine {
        let (e, _) = Engine::handshake(args);
        e
    }

    /// An engine, and the lines it answered `xboard` and `protover 2` with.
    fn handshake(args: &[&str]) -> (Engine, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .arg("xboard")
            .args(args)
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
        let mut e = Engine { child, stdin, lines };
        e.send("xboard");
        e.send("protover 2");
        let features = e.until("feature done=1");
        (e, features)
    }

    /// An engine set to `variant`, in force mode: the lines it sent.
    fn with_variant(variant: &str) -> (Engine, Vec<String>) {
        let mut e = Engine::start(&[]);
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("force");
        let lines = e.sync();
        (e, lines)
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`,
    /// waiting up to `secs` seconds.
    fn until_within(&self, prefix: &str, secs: u64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{prefix}' line within {secs} s; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn until(&self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, 60)
    }

    /// Everything the engine says up to a `pong` for a fresh `ping` (the
    /// `pong` left out): the replies to every command sent before.
    fn sync(&mut self) -> Vec<String> {
        self.send("ping 999");
        let mut lines = self.until("pong 999");
        lines.pop();
        lines
    }

    /// The reply to `line`: what the engine says before the next `pong`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
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
        panic!("xboard did not quit");
    }
}

/// `bigboard replay` of moves in XBoard's notation: the printed lines.
fn replay_xboard(variant: &str, moves: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(["replay", variant, "--xboard", "--moves", moves])
        .output()
        .unwrap()
}

/// The bigboard square XBoard names `text` on `variant`'s board.
fn square(pos: &Position, text: &str) -> Square {
    let g = pos.variant().geometry;
    let file = text.as_bytes()[0] - b'a';
    let rank: i32 = text[1..].parse().unwrap();
    let first = if g.height == 10 { 0 } else { 1 };
    g.square(file as i32, rank - first).unwrap()
}

/// The squares marked in a `highlight` line's colour board, with their
/// colour letters.
fn marks(pos: &Position, line: &str) -> BTreeSet<(Square, char)> {
    let g = pos.variant().geometry;
    let board = line.strip_prefix("highlight ").expect(line);
    let rows: Vec<&str> = board.split('/').collect();
    assert_eq!(rows.len(), g.height as usize, "{line}");
    let mut out = BTreeSet::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = g.height as i32 - 1 - i as i32;
        let mut file = 0;
        let mut count = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                count.push(c);
                continue;
            }
            if !count.is_empty() {
                file += count.parse::<i32>().unwrap();
                count.clear();
            }
            out.insert((g.square(file, rank).unwrap(), c));
            file += 1;
        }
        if !count.is_empty() {
            file += count.parse::<i32>().unwrap();
        }
        assert_eq!(file, g.width as i32, "{line}");
    }
    out
}

/// The marks `lift` must bring for the piece on `from`: bigboard's legal
/// destinations, magenta where it promotes, red where it takes.
fn expected_marks(pos: &mut Position, from: Square) -> BTreeSet<(Square, char)> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut out = std::collections::BTreeMap::new();
    for m in legal.into_iter().filter(|m| m.from == from) {
        let take = m.kind == bigboard::core::moves::MoveKind::EnPassant
            || !pos.taken_on_the_way(m).is_empty()
            || (m.kind != bigboard::core::moves::MoveKind::Castle && m.to != m.from && pos.piece_at(m.to).is_some());
        let c = if m.promotion_kind().is_some() {
            'M'
        } else if take {
            'R'
        } else {
            'Y'
        };
        let e = out.entry(m.to).or_insert(c);
        if c == 'M' {
            *e = 'M';
        }
    }
    out.into_iter().collect()
}

/// The XBoard name of bigboard square `sq`.
fn xb_name(pos: &Position, sq: Square) -> String {
    let g = pos.variant().geometry;
    let first = if g.height == 10 { 0 } else { 1 };
    format!("{}{}", char::from(b'a' + g.file(sq) as u8), g.rank(sq) + first)
}

#[test]
fn features_announce_what_xboard_needs() {
    let (e, lines) = Engine::handshake(&[]);
    let all = lines.join(" ");
    for want in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "sigint=0",
        "highlight=1",
        "myname=\"bigboard\"",
        "option=\"Level -spin 8 1 8\"",
        "option=\"Hash -spin 64 1 4096\"",
    ] {
        assert!(all.contains(want), "{want} in {lines:?}");
    }
    let variants = format!("variants=\"{}\"", OFFERED.join(","));
    assert!(all.contains(&variants), "{variants} in {lines:?}");
    e.quit();
}

#[test]
fn a_variant_is_taught_with_setup_and_one_piece_command_per_kind() {
    for id in OFFERED {
        let v = builtin(id).unwrap();
        let (e, lines) = Engine::with_variant(id);
        let setup: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
        assert_eq!(setup.len(), 1, "{id}: {lines:?}");
        let size = format!(") {}x{}+0_", v.geometry.width, v.geometry.height);
        assert!(setup[0].contains(&size), "{id}: {}", setup[0]);
        let pieces = lines.iter().filter(|l| l.starts_with("piece ")).count();
        assert_eq!(pieces, v.pieces.len(), "{id}: {lines:?}");
        e.quit();
    }
    // Xhess: its own letters, the Horseman in XBoard's order of modifiers.
    let (e, lines) = Engine::with_variant("xhess");
    assert!(
        lines.contains(&"piece H& faflfrmWlafrmWraflmWfmWflfrcF".to_string()),
        "{lines:?}"
    );
    assert!(lines[0].ends_with("R8R w AJaj - 0 1"), "{lines:?}");
    assert!(lines[0].starts_with("setup (.NBRQ......CI.....HK.nbrq......ci.....hk) 10x10+0_berolina "));
    e.quit();
    // UC-170-17 is not offered.
    let (mut e, _) = Engine::with_variant("xhess");
    let reply = e.ask("variant uc-170-17");
    assert_eq!(reply, ["Error (unsupported variant): variant uc-170-17"]);
    e.quit();
}

/// The engine plays both sides from `new` at depth 1 until it announces a
/// result; the moves, checked by `replay`, must end the game that way.
fn play_to_the_end(id: &str) {
    let (mut e, _) = Engine::with_variant(id);
    e.send("sd 1");
    let mut moves = Vec::new();
    let result = loop {
        assert!(moves.len() < 3000, "{id}: no result after {} plies", moves.len());
        e.send("go");
        let lines = e.until("move ");
        let m = lines.last().unwrap().strip_prefix("move ").unwrap().to_string();
        assert!(!m.ends_with(','), "{id}: a multi-leg move {m}");
        moves.push(m);
        // A move that ends the game is followed at once by the result.
        let after = e.sync();
        if let Some(r) = after.iter().find(|l| l.starts_with(['0', '1'])) {
            break r.clone();
        }
        assert!(after.iter().all(|l| !l.starts_with("move")), "{id}: {after:?}");
    };
    e.quit();
    let (code, why) = result.split_once(' ').unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&code), "{result}");
    let why = why.strip_prefix('{').and_then(|w| w.strip_suffix('}')).expect(&result);
    let out = replay_xboard(id, &format!("{} {code}", moves.join(" ")));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let rules = text.lines().find_map(|l| l.strip_prefix("rules: ")).unwrap();
    assert_eq!(rules.to_lowercase(), why.to_lowercase(), "{id}: {result}");
    assert_eq!(text.lines().filter(|l| l.contains(". ")).count(), moves.len());
}

#[test]
fn xhess_is_played_from_new_to_a_result() {
    play_to_the_end("xhess");
}

#[test]
fn flee_is_played_from_new_to_a_result() {
    play_to_the_end("flee");
}

#[test]
fn really_big_board_is_played_from_new_to_a_result() {
    play_to_the_end("really-big-board");
}

#[test]
fn overboard_is_played_from_new_to_a_result() {
    play_to_the_end("overboard");
}

#[test]
fn lift_marks_exactly_the_legal_destinations() {
    for id in OFFERED {
        let (mut e, _) = Engine::with_variant(id);
        let mut pos = Position::new(builtin(id).unwrap());
        for round in 0..3 {
            let own: Vec<Square> = pos.squares_of(pos.side_to_move()).to_vec();
            for &from in &own {
                let reply = e.ask(&format!("lift {}", xb_name(&pos, from)));
                assert_eq!(reply.len(), 1, "{id}: {reply:?}");
                assert_eq!(
                    marks(&pos, &reply[0]),
                    expected_marks(&mut pos, from),
                    "{id} {round}: lift {from}"
                );
            }
            // On: a legal move, sent as XBoard sends it.
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let m = legal[legal.len() / 2];
            let text = format!("usermove {}{}", xb_name(&pos, m.from), xb_name(&pos, m.to));
            assert_eq!(e.ask(&text), Vec::<String>::new(), "{id}: {text}");
            pos.play_unchecked(m);
        }
        e.quit();
    }
}

#[test]
fn a_promotion_is_marked_and_its_choices_offered() {
    let (mut e, _) = Engine::with_variant("xhess");
    // A white Horseman on e9 (XBoard's e8) about to promote: straight on,
    // or by its lame horse moves to c10 and g10.
    let fen = "10/4H5/k9/10/10/10/10/10/10/4K5 w - - 0 1";
    assert!(e.ask(&format!("setboard {fen}")).is_empty());
    let pos = Position::from_fen(builtin("xhess").unwrap(), fen).unwrap();
    let lift = e.ask("lift e8");
    assert_eq!(lift.len(), 1, "{lift:?}");
    let want: BTreeSet<(Square, char)> = ["c9", "e9", "g9"].iter().map(|s| (square(&pos, s), 'M')).collect();
    assert_eq!(marks(&pos, &lift[0]), want, "{lift:?}");
    assert_eq!(e.ask("put e9"), ["choice NIBCRQ"]);
    // The promotion as XBoard writes it: a lower-case letter.
    assert!(e.ask("usermove e8e9q").is_empty());
    assert_eq!(e.ask("usermove a7a6"), Vec::<String>::new());
    e.quit();
}

#[test]
fn bad_setboard_text_is_refused_and_the_game_goes_on() {
    let (mut e, _) = Engine::with_variant("xhess");
    assert!(e.ask("usermove e3e4").is_empty());
    let before = e.ask("lift e6");
    for bad in [
        "setboard",
        "setboard nonsense",
        "setboard r8r/3nkqn3/10 w - - 0 1",
        "setboard r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8Z w - - 0 1",
        "setboard 4k5/10/10/10/10/10/10/10/10/4K4Q x - - 0 1",
        // Black, not to move, in check from the queen.
        "setboard 4k5/10/10/10/10/10/10/10/10/4Q4K w - - 0 1",
    ] {
        let reply = e.ask(bad);
        let error = reply
            .iter()
            .find(|l| l.starts_with("Error (bad position: "))
            .unwrap_or_else(|| panic!("{bad}: {reply:?}"));
        // The command is quoted back (cut at 80 characters).
        assert!(error.contains(&bad[..bad.len().min(70)]), "{error}");
        assert!(
            reply.iter().any(|l| l.starts_with("tellusererror Illegal position: ")),
            "{reply:?}"
        );
        assert_eq!(e.ask("lift e6"), before, "{bad} changed the game");
    }
    // A good one is taken.
    assert!(e.ask("setboard 4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1").is_empty());
    assert_ne!(e.ask("lift e6"), before);
    e.quit();
}

#[test]
fn bad_commands_and_illegal_moves_get_errors_and_change_nothing() {
    let (mut e, _) = Engine::with_variant("xhess");
    let before = e.ask("lift e3");
    for (line, reply) in [
        ("frobnicate", "Error (unknown command): frobnicate"),
        (
            "usermove e3e6",
            "Illegal move (not a legal move in this position): e3e6",
        ),
        ("usermove zz", "Illegal move (cannot read 'zz' as a move): zz"),
        (
            "usermove P@e4",
            "Illegal move ('P@e4': this variant has no drops): P@e4",
        ),
        (
            "usermove e8e9",
            "Illegal move (the piece on e8 is not the side to move's): e8e9",
        ),
        ("usermove e4e5", "Illegal move (no piece on e4): e4e5"),
        ("level 40 x 0", "Error (expected minutes or MIN:SEC): level 40 x 0"),
        ("level 40", "Error (wrong number of values): level 40"),
        ("sd deep", "Error (expected a number): sd deep"),
        ("memory 0", "Error (expected a number of megabytes): memory 0"),
        (
            "option Level=9",
            "Error (the level must be from 1 to 8, not 9): option Level=9",
        ),
        ("option Colour=3", "Error (unknown option): option Colour=3"),
        ("lift z99", "Error (not a square of the board): lift z99"),
        ("variant chess", "Error (unsupported variant): variant chess"),
    ] {
        assert_eq!(e.ask(line), [reply], "{line}");
        assert_eq!(e.ask("lift e3"), before, "{line} changed the game");
    }
    e.quit();
}

#[test]
fn undo_and_remove_take_back_moves() {
    let (mut e, _) = Engine::with_variant("xhess");
    assert_eq!(e.ask("undo"), ["Error (command not legal now): undo"]);
    let start = e.ask("lift e3");
    for m in ["e3e4", "e6e5", "d1b0"] {
        assert!(e.ask(&format!("usermove {m}")).is_empty(), "{m}");
    }
    assert!(e.ask("undo").is_empty());
    // White's knight move is gone: it may be made again, and it is
    // Black's turn after it.
    assert!(e.ask("usermove d1b0").is_empty());
    assert!(e.ask("usermove i6i5").is_empty());
    assert!(e.ask("remove").is_empty());
    assert!(e.ask("remove").is_empty());
    assert_eq!(e.ask("lift e3"), start);
    assert!(e.ask("usermove e3e4").is_empty(), "White moves first again");
    assert_eq!(e.ask("remove"), ["Error (command not legal now): remove"]);
    e.quit();
}

#[test]
fn move_now_and_ping_while_thinking() {
    let (mut e, _) = Engine::with_variant("flee");
    e.send("st 60");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    // The move must come before the pong of a ping sent while thinking.
    e.send("ping 1");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("?");
    let lines = e.until_within("pong 1", 10);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let mv = lines.iter().position(|l| l.starts_with("move ")).expect("a move");
    assert_eq!(mv, lines.len() - 2, "{lines:?}");
    // The engine went on with its move played: Black's reply is legal.
    e.send("force");
    assert_eq!(e.ask("usermove a15a14"), Vec::<String>::new());
    e.quit();
}

#[test]
fn analyze_shows_thinking_until_exit() {
    let (mut e, _) = Engine::with_variant("xhess");
    e.send("post");
    e.send("analyze");
    let lines = e.until_within("4 ", 30);
    let pos = Position::new(builtin("xhess").unwrap());
    for l in &lines {
        let fields: Vec<&str> = l.split(' ').collect();
        assert!(fields.len() >= 5, "{l}");
        for n in &fields[..4] {
            assert!(n.parse::<i64>().is_ok(), "{l}");
        }
        let first = fields[4];
        let mut p = pos.clone();
        let from = square(&p, &first[..2]);
        let to = square(&p, &first[2..]);
        let mut legal = Vec::new();
        p.legal_moves(&mut legal);
        assert!(legal.iter().any(|m| m.from == from && m.to == to), "{l}");
    }
    // A ping while analysing is answered at once; a move restarts it.
    assert!(e.ask("usermove e3e4").iter().all(|l| !l.starts_with("Illegal")));
    e.send("exit");
    let quiet = e.sync();
    std::thread::sleep(Duration::from_millis(300));
    assert!(e.sync().is_empty(), "still thinking after exit: {quiet:?}");
    e.quit();
}

#[test]
fn the_engine_announces_the_end_of_the_game_by_the_variants_rules() {
    // Xhess: the king steps onto the far rank and wins.
    let (mut e, _) = Engine::with_variant("xhess");
    assert!(e.ask("setboard 10/4K5/10/10/10/k9/10/10/10/10 w - - 0 1").is_empty());
    e.send("sd 2");
    e.send("go");
    let lines = e.until("1-0");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("1-0 {A royal piece reached the far rank, White wins}"),
        "{lines:?}"
    );
    let mv = lines.iter().find_map(|l| l.strip_prefix("move ")).unwrap();
    assert!(mv.starts_with("e8") && mv.ends_with('9'), "{mv}");
    // The opponent's move may end it too: checkmate, after which no move
    // is taken.
    e.send("force");
    assert!(e.ask("setboard 10/10/10/10/10/k1K7/10/10/10/7R2 w - - 0 1").is_empty());
    assert_eq!(
        e.ask("usermove h0a1"),
        ["Illegal move (not a legal move in this position): h0a1"]
    );
    assert_eq!(e.ask("usermove h0a0"), ["1-0 {Checkmate, White wins}"]);
    let after = e.ask("usermove a4a3");
    assert_eq!(after, ["Illegal move (the game is over: checkmate, White wins): a4a3"]);
    e.quit();
}

/// A small variant with Chu Shogi's Lion, whose moves may take a man on
/// the way: XBoard writes those in two legs.
const LION: &str = r#"
id = "lion-test"
name = "Lion test"
width = 8
height = 8
setup = "4k3/8/8/8/8/8/8/3LK3 w - - 0 1"

[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true

[[piece]]
name = "Lion"
code = "L"
moves = "KNADcaKmcabK"

[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#;

fn lion_file() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("bigboard-xboard-lion-{}.toml", std::process::id()));
    std::fs::write(&path, LION).unwrap();
    path
}

#[test]
fn a_definition_file_is_offered_and_its_two_leg_moves_are_legs() {
    let path = lion_file();
    let (mut e, features) = Engine::handshake(&[path.to_str().unwrap()]);
    assert!(features.iter().any(|l| l.contains(",flee,lion-test\"")), "{features:?}");
    e.send("new");
    e.send("variant lion-test");
    let lines = e.sync();
    assert!(lines[0].contains(" 8x8+0_fairy "), "{lines:?}");
    assert!(lines.contains(&"piece L& KNADcaKmcabK".to_string()), "{lines:?}");
    // The Lion on d4 takes e5 on the way to f6: XBoard sends the legs.
    let fen = "k7/8/5r2/4r3/3L4/8/8/4K3 w - - 0 1";
    e.send("force");
    assert!(e.ask(&format!("setboard {fen}")).is_empty());
    assert!(e.ask("usermove d4e5,e5f6").is_empty());
    assert_eq!(
        e.ask("lift f6"),
        ["highlight 8/8/8/8/8/8/8/8"],
        "Black's turn: no White piece on f6 to lift"
    );
    // The engine's own double capture comes in legs too.
    assert!(e.ask(&format!("setboard {fen}")).is_empty());
    e.send("sd 3");
    e.send("go");
    let lines = e.until("move ");
    let first = lines.last().unwrap().clone();
    let second = e.until("move ").pop().unwrap();
    assert_eq!((first.as_str(), second.as_str()), ("move d4e5,", "move e5f6"));
    e.quit();
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_definition_xboard_cannot_show_is_an_error_at_the_start() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/definitions/queens-64x64.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_bigboard"))
        .args(["xboard", path])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("XBoard's boards are at most 16 x 16; this one is 64 x 64"),
        "{err}"
    );
    for bad in [&["--rank-offset", "2"][..], &["--rank-offset"], &["missing.toml"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .arg("xboard")
            .args(bad)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
