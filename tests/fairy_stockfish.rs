//! The gallery's variants against Fairy-Stockfish: perft from the start to
//! depth 3 and from random positions to depth 2.
//!
//! The counts recorded from Fairy-Stockfish are kept in
//! `tests/data/fsf/VARIANT.txt` and checked on every run. With a
//! Fairy-Stockfish binary given (`FSF=path`, a largeboards build such as
//! `bench/fairy-stockfish.sh` makes), the test also draws fresh random
//! positions, asks Fairy-Stockfish for their counts and compares them with
//! bigboard's; `FSF_RECORD=1` besides writes the data files anew from
//! Fairy-Stockfish's answers (never from bigboard's); `FSF_ONLY=3check,...`
//! limits both to the gallery files named. Where checks are counted, each
//! position's text from Fairy-Stockfish (its checks remaining, `2+3`) is
//! also read back and must give bigboard's checks given.
//!
//! Positions are reached by moves from the start (`position startpos moves
//! ...`), so the two engines' position texts never need to agree.

use bigboard::Move;
use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::variant::Variant;
#[path = "common/fsf.rs"]
mod fsf_uci;
use fsf_uci::Fsf;
use std::sync::Arc;

/// A gallery file and the name Fairy-Stockfish knows the variant by.
struct Entry {
    file: &'static str,
    fsf: &'static str,
    /// Random positions drawn.
    positions: usize,
    /// Where Fairy-Stockfish's rules differ from the variant's (as the
    /// file's head says), the file changed to Fairy-Stockfish's rules.
    as_fsf: fn(String) -> String,
}

fn same(text: String) -> String {
    text
}

/// Wildebeest as Fairy-Stockfish plays it: no castling, and promotion (or
/// none) on moving to the 9th or 10th rank.
fn wildebeest_as_fsf(text: String) -> String {
    let text = text.replace(" w KQkq - 0 1", " w - - 0 1");
    let text = text[..text.find("[[castling]]").expect("castling tables")].to_string();
    text.replace("ranks = [10]\n", "ranks = [9, 10]\noptional = true\n")
}

const GALLERY: &[Entry] = &[
    Entry {
        file: "grand",
        fsf: "grand",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "courier",
        fsf: "courier",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "shako",
        fsf: "shako",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "capablanca",
        fsf: "capablanca",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "jeson-mor",
        fsf: "jesonmor",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "shatranj",
        fsf: "shatranj",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "xiangqi",
        fsf: "xiangqi",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "troitzky",
        fsf: "troitzky",
        positions: 24,
        as_fsf: same,
    },
    Entry {
        file: "wildebeest",
        fsf: "wildebeest",
        positions: 24,
        as_fsf: wildebeest_as_fsf,
    },
    Entry {
        file: "3check",
        fsf: "3check",
        positions: 24,
        as_fsf: same,
    },
];

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

/// The entry's gallery file, with Fairy-Stockfish's rules where they differ.
fn load(entry: &Entry) -> Arc<Variant> {
    let path = format!("{}/examples/variants/{}.toml", root(), entry.file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    bigboard::load(&(entry.as_fsf)(text)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One recorded count: perft to `depth` after `moves` from the start.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    depth: u32,
    nodes: u64,
    moves: Vec<String>,
    /// How the random game this position was taken from ended, if it did
    /// within a ply or two (written as a comment in the data file).
    end: Option<String>,
}

fn data_path(file: &str) -> String {
    format!("{}/tests/data/fsf/{file}.txt", root())
}

fn read_data(file: &str) -> Vec<Line> {
    let path = data_path(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let (counts, moves) = l.split_once(';').unwrap_or_else(|| panic!("{path}:{}: no ';'", n + 1));
            let mut c = counts.split_whitespace();
            let depth = c.next().and_then(|d| d.parse().ok());
            let nodes = c.next().and_then(|d| d.parse().ok());
            let (Some(depth), Some(nodes)) = (depth, nodes) else {
                panic!("{path}:{}: expected DEPTH NODES ; MOVES", n + 1);
            };
            let moves = moves
                .split_whitespace()
                .filter(|m| *m != "-")
                .map(String::from)
                .collect();
            Line {
                depth,
                nodes,
                moves,
                end: None,
            }
        })
        .collect()
}

fn bigboard_count(variant: &Arc<Variant>, line: &Line) -> u64 {
    let mut pos = Position::new(variant.clone());
    for m in &line.moves {
        pos.play_text(m)
            .unwrap_or_else(|e| panic!("{}: {:?}: {e}", variant.id, line.moves));
    }
    perft(&mut pos, line.depth)
}

#[test]
fn recorded_fairy_stockfish_counts_agree() {
    for entry in GALLERY {
        let variant = load(entry);
        let lines = read_data(entry.file);
        assert!(
            lines.iter().any(|l| l.moves.is_empty() && l.depth == 3),
            "{}: the start to depth 3",
            entry.file
        );
        assert!(lines.len() > 20, "{}: at least 20 random positions", entry.file);
        let mut failures = Vec::new();
        for line in &lines {
            let got = bigboard_count(&variant, line);
            if got != line.nodes {
                failures.push(format!(
                    "perft {} after '{}': bigboard {got}, Fairy-Stockfish {}",
                    line.depth,
                    line.moves.join(" "),
                    line.nodes
                ));
            }
        }
        assert!(failures.is_empty(), "{}:\n{}", entry.file, failures.join("\n"));
    }
}

/// A small deterministic generator for the random games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The start to depth 3, then `count` positions of random games to depth
/// 2. The games favour captures, promotions and pawn moves, so that
/// positions with fewer men and promotions (promotion limits, bare kings)
/// come up; a game that ends is
/// cut before its last move.
fn draw_lines(variant: &Arc<Variant>, count: usize, seed: u64) -> Vec<Line> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = vec![Line {
        depth: 3,
        nodes: 0,
        moves: Vec::new(),
        end: None,
    }];
    while out.len() <= count {
        let mut pos = Position::new(variant.clone());
        // Half the games run to their end (most end well within 600
        // plies), then go back one or two plies, so that the rules that
        // end a game come within the perft's depth.
        let to_the_end = out.len() % 2 == 0;
        let plies = if to_the_end { 600 } else { 6 + rng.below(90) };
        let mut moves = Vec::new();
        for _ in 0..plies {
            let mut legal: Vec<Move> = Vec::new();
            pos.legal_moves(&mut legal);
            if pos.outcome().is_some() || legal.is_empty() {
                break;
            }
            let sharp: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m) || m.promotion != 0)
                .collect();
            // Where checks are counted, checks come up half the time, so
            // that games reach the last check within a few dozen plies.
            let checking: Vec<Move> = if variant.win.checks > 0 {
                legal.iter().copied().filter(|&m| gives_check(&mut pos, m)).collect()
            } else {
                Vec::new()
            };
            let pawns: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| pos.piece_at(m.from).is_some_and(|(k, _)| variant.pawn[k]))
                .collect();
            let m = match rng.below(3) {
                _ if !checking.is_empty() && rng.below(2) == 0 => checking[rng.below(checking.len())],
                0 if !sharp.is_empty() => sharp[rng.below(sharp.len())],
                1 if !pawns.is_empty() => pawns[rng.below(pawns.len())],
                _ => legal[rng.below(legal.len())],
            };
            moves.push(pos.uci_text(m));
            pos.play_unchecked(m);
        }
        let end = pos.outcome().map(|o| o.describe(variant));
        let back = if to_the_end { 1 + rng.below(2) } else { 0 };
        for _ in 0..back {
            pos.undo();
            moves.pop();
        }
        while pos.outcome().is_some() {
            pos.undo();
            moves.pop();
        }
        let plies = if back == 1 { "ply" } else { "plies" };
        let end = end.filter(|_| back > 0).map(|e| format!("{back} {plies} later: {e}"));
        out.push(Line {
            depth: 2,
            nodes: 0,
            moves,
            end,
        });
    }
    out
}

/// Does `m` add to its side's checks given?
fn gives_check(pos: &mut Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let before = pos.checks_given(us);
    pos.play_unchecked(m);
    let after = pos.checks_given(us);
    pos.undo();
    after > before
}

/// Fairy-Stockfish's position text, read back by bigboard: its field of
/// checks remaining (`2+3`, where checks are counted) must give the checks
/// each side has given after the moves, on the same board. (The
/// en-passant fields are not compared: Fairy-Stockfish writes a square
/// only where a capture there is legal.)
fn same_checks(variant: &Arc<Variant>, line: &Line, fen: &str) -> Result<(), String> {
    let mut ours = Position::new(variant.clone());
    for m in &line.moves {
        ours.play_text(m).expect("a legal move");
    }
    let theirs = Position::from_fen(variant.clone(), fen).map_err(|e| format!("'{fen}': {e}"))?;
    let given = |p: &Position| [p.checks_given(0), p.checks_given(1)];
    let board = |p: &Position| p.fen().split(' ').next().unwrap_or_default().to_string();
    if given(&theirs) != given(&ours) || board(&theirs) != board(&ours) {
        return Err(format!(
            "after '{}': Fairy-Stockfish's '{fen}' reads as '{}', bigboard has '{}'",
            line.moves.join(" "),
            theirs.fen(),
            ours.fen()
        ));
    }
    Ok(())
}

/// The gallery entries to compare with Fairy-Stockfish: those named in
/// `FSF_ONLY` (gallery file names, separated by commas), or all.
fn chosen(entry: &Entry) -> bool {
    std::env::var("FSF_ONLY").map_or(true, |only| only.split(',').any(|f| f.trim() == entry.file))
}

#[test]
fn fairy_stockfish_agrees_on_fresh_positions() {
    let Ok(path) = std::env::var("FSF") else {
        println!("skipped: set FSF=path/to/fairy-stockfish (a largeboards build) to compare with Fairy-Stockfish");
        return;
    };
    let record = std::env::var("FSF_RECORD").is_ok();
    let revision = std::fs::read_to_string(format!("{path}.commit")).unwrap_or_else(|_| "unknown revision\n".into());
    for (i, entry) in GALLERY.iter().enumerate().filter(|(_, e)| chosen(e)) {
        let variant = load(entry);
        let ini = std::env::var("FSF_VARIANTS").unwrap_or_else(|_| {
            let dir = std::path::Path::new(&path).parent().expect("a directory");
            dir.join("src/src/variants.ini").to_string_lossy().into_owned()
        });
        let mut fsf = Fsf::start(&path, &ini, entry.fsf);
        // The recorded lines first: Fairy-Stockfish still gives their counts.
        if !record {
            for line in read_data(entry.file) {
                assert_eq!(
                    fsf.perft(line.depth, &line.moves),
                    line.nodes,
                    "{}: recorded {:?}",
                    entry.file,
                    line.moves
                );
            }
        }
        let seed = if record { 1 + i as u64 } else { 1000 + i as u64 };
        let mut lines = draw_lines(&variant, entry.positions, seed);
        let mut failures = Vec::new();
        for line in &mut lines {
            if variant.win.checks > 0
                && let Err(e) = same_checks(&variant, line, &fsf.fen(&line.moves))
            {
                failures.push(e);
            }
            line.nodes = fsf.perft(line.depth, &line.moves);
            let ours = bigboard_count(&variant, line);
            if ours != line.nodes {
                failures.push(format!(
                    "perft {} after '{}': bigboard {ours}, Fairy-Stockfish {}",
                    line.depth,
                    line.moves.join(" "),
                    line.nodes
                ));
            }
        }
        if record {
            let mut text = format!(
                "# Perft counts of Fairy-Stockfish ({}), variant '{}', for examples/variants/{}.toml:\n\
                 # written by `FSF=... FSF_RECORD=1 cargo test --release --test fairy_stockfish`.\n\
                 # DEPTH NODES ; MOVES from the start ('-': none)\n",
                revision.trim(),
                entry.fsf,
                entry.file
            );
            for l in &lines {
                if let Some(end) = &l.end {
                    text += &format!("# the random game ends {end}\n");
                }
                let moves = if l.moves.is_empty() {
                    "-".to_string()
                } else {
                    l.moves.join(" ")
                };
                text += &format!("{} {} ; {moves}\n", l.depth, l.nodes);
            }
            std::fs::write(data_path(entry.file), text).expect("write the data file");
        }
        assert!(failures.is_empty(), "{}:\n{}", entry.file, failures.join("\n"));
        println!("{}: {} positions agree with Fairy-Stockfish", entry.file, lines.len());
    }
}
