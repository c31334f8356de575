//! Fairy-Stockfish's example `variants.ini` (kept in
//! `tests/data/fsf/variants.ini`, its GPL-3 notice with it) through the
//! importer: every section converts or is refused with a reason, and the
//! ones that convert agree with Fairy-Stockfish on perft.
//!
//! The expected outcome of every section is kept in
//! `tests/data/fsf/import.txt` (`converts` or the refusal), and the perft
//! counts recorded from Fairy-Stockfish in `tests/data/fsf/import-perft.txt`
//! (`SECTION DEPTH NODES ; MOVES`). With `FSF=path` (a largeboards build,
//! `bench/fairy-stockfish.sh`), the counts are also asked of
//! Fairy-Stockfish anew; `FSF_RECORD=1` besides writes both files from
//! the importer's outcomes and Fairy-Stockfish's counts (never bigboard's).

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::text::fsf::{convert, read_sections};
#[path = "common/fsf.rs"]
mod fsf_uci;
use fsf_uci::{Count, Fsf, read_counts};
use std::process::Command;

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

fn ini_path() -> String {
    format!("{}/tests/data/fsf/variants.ini", root())
}

/// Every section's outcome: `converts`, or the refusal's text.
fn outcomes() -> Vec<(String, Result<String, String>)> {
    let text = std::fs::read_to_string(ini_path()).expect("variants.ini");
    let sections = read_sections(&text).expect("the sections");
    (0..sections.len())
        .map(|i| {
            let name = sections[i].name.clone();
            (name, convert(&sections, i).map(|c| c.toml).map_err(|r| r.to_string()))
        })
        .collect()
}

fn line_for(name: &str, outcome: &Result<String, String>) -> String {
    match outcome {
        Ok(_) => format!("{name}: converts"),
        Err(e) => format!("{name}: refused: {e}"),
    }
}

fn bigboard_perft(toml: &str, depth: u32, moves: &[String]) -> u64 {
    let variant = bigboard::load(toml).expect("a converted definition loads");
    let mut pos = Position::new(variant);
    for m in moves {
        pos.play_text(m).unwrap_or_else(|e| panic!("{moves:?}: {e}"));
    }
    perft(&mut pos, depth)
}

#[test]
fn every_section_converts_or_is_refused_as_recorded() {
    let path = format!("{}/tests/data/fsf/import.txt", root());
    let got: Vec<String> = outcomes().iter().map(|(n, o)| line_for(n, o)).collect();
    if std::env::var("FSF_RECORD").is_ok() {
        let head = "# Fairy-Stockfish's example variants.ini through `bigboard import fsf`:\n# each section's outcome, written by `FSF_RECORD=1 cargo test --release --test fsf_import`.\n";
        std::fs::write(&path, format!("{head}{}\n", got.join("\n"))).expect("write");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let want: Vec<&str> = want
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(got.len(), want.len(), "sections");
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g, w);
    }
}

/// The counts recorded from Fairy-Stockfish (`SECTION DEPTH NODES ;
/// MOVES`).
fn read_perft() -> Vec<Count> {
    read_counts(&format!("{}/tests/data/fsf/import-perft.txt", root()))
}

/// A small deterministic generator for the random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The moves of a random game of up to `plies` plies (cut before a move
/// that ends it).
fn random_game(toml: &str, plies: usize, rng: &mut Rng) -> Vec<String> {
    let variant = bigboard::load(toml).expect("a converted definition loads");
    let mut pos = Position::new(variant);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let text = pos.uci_text(m);
        pos.play_unchecked(m);
        if pos.outcome().is_some() {
            pos.undo();
            break;
        }
        moves.push(text);
    }
    moves
}

/// Perft from the start to depth 3 and from random positions to depth 2
/// of every converted section: bigboard against the counts recorded from
/// Fairy-Stockfish (and, with `FSF=path`, against Fairy-Stockfish's
/// answers now).
#[test]
fn converted_sections_agree_with_fairy_stockfish_on_perft() {
    let converted: Vec<(String, String)> = outcomes()
        .into_iter()
        .filter_map(|(n, o)| o.ok().map(|t| (n, t)))
        .collect();
    let fsf = std::env::var("FSF").ok();
    if std::env::var("FSF_RECORD").is_ok() {
        let path = fsf.expect("FSF_RECORD needs FSF=path/to/fairy-stockfish");
        let revision =
            std::fs::read_to_string(format!("{path}.commit")).unwrap_or_else(|_| "unknown revision\n".into());
        let mut text = format!(
            "# Perft counts of Fairy-Stockfish ({}) for the sections of\n# tests/data/fsf/variants.ini that convert: from the start to depth 3, and\n# from random games' positions to depth 2; written by\n# `FSF=... FSF_RECORD=1 cargo test --release --test fsf_import`.\n# SECTION DEPTH NODES ; MOVES from the start ('-': none)\n",
            revision.trim()
        );
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for (name, toml) in &converted {
            let mut engine = Fsf::start(&path, &ini_path(), name);
            let nodes = engine.perft(3, &[]);
            text.push_str(&format!("{name} 3 {nodes} ; -\n"));
            for _ in 0..4 {
                let plies = 4 + rng.below(60);
                let moves = random_game(toml, plies, &mut rng);
                if moves.is_empty() {
                    continue;
                }
                let nodes = engine.perft(2, &moves);
                text.push_str(&format!("{name} 2 {nodes} ; {}\n", moves.join(" ")));
            }
        }
        std::fs::write(format!("{}/tests/data/fsf/import-perft.txt", root()), text).expect("write");
        return;
    }
    let recorded = read_perft();
    let mut failures = Vec::new();
    for (name, toml) in &converted {
        let counts: Vec<&Count> = recorded.iter().filter(|c| &c.name == name).collect();
        if !counts.iter().any(|c| c.moves.is_empty() && c.depth == 3) {
            failures.push(format!("{name}: no count from the start recorded"));
        }
        let mut engine = fsf.as_ref().map(|path| Fsf::start(path, &ini_path(), name));
        for c in counts {
            let ours = bigboard_perft(toml, c.depth, &c.moves);
            if ours != c.nodes {
                failures.push(format!(
                    "{name}: perft {} after '{}': bigboard {ours}, Fairy-Stockfish {}",
                    c.depth,
                    c.moves.join(" "),
                    c.nodes
                ));
            }
            if let Some(engine) = engine.as_mut() {
                let theirs = engine.perft(c.depth, &c.moves);
                assert_eq!(
                    theirs, c.nodes,
                    "{name}: Fairy-Stockfish now gives another count than recorded"
                );
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Perft from positions written for the test (rules the start and random
/// games seldom reach), against the counts recorded from Fairy-Stockfish
/// in `tests/data/fsf/import-fen-perft.txt` (and, with `FSF=path`, its
/// answers now).
#[test]
fn converted_sections_agree_from_written_positions() {
    let path = format!("{}/tests/data/fsf/import-fen-perft.txt", root());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let all = outcomes();
    let fsf = std::env::var("FSF").ok();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (counts, fen) = line.split_once(';').expect("SECTION DEPTH NODES ; POSITION");
        let f: Vec<&str> = counts.split_whitespace().collect();
        let (name, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().expect("a depth"), f[2].parse().expect("a count"));
        let toml = all
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, o)| o.as_ref().ok())
            .unwrap_or_else(|| panic!("{name} converts"));
        let variant = bigboard::load(toml).expect("a converted definition loads");
        let mut pos = Position::from_fen(variant, fen.trim()).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        assert_eq!(perft(&mut pos, depth), nodes, "{name}: perft {depth} from {fen}");
        if let Some(path) = &fsf {
            let mut engine = Fsf::start(path, &ini_path(), name);
            assert_eq!(
                engine.perft_fen(depth, fen.trim()),
                nodes,
                "{name}: Fairy-Stockfish now gives another count"
            );
        }
        checked += 1;
    }
    assert!(checked > 0);
}

/// A section `[x:BUILTIN]` made of a built-in alone agrees on perft with
/// Fairy-Stockfish's own built-in (`tests/data/fsf/import-builtins.txt`,
/// counts from Fairy-Stockfish; with `FSF=path`, asked again).
#[test]
fn built_ins_alone_agree_with_fairy_stockfish() {
    let path = format!("{}/tests/data/fsf/import-builtins.txt", root());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let fsf = std::env::var("FSF").ok();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (name, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().expect("a depth"), f[2].parse().expect("a count"));
        let sections = read_sections(&format!("[x:{name}]\n")).expect("a section");
        let toml = convert(&sections, 0).unwrap_or_else(|r| panic!("{name}: {r}")).toml;
        assert_eq!(bigboard_perft(&toml, depth, &[]), nodes, "{name}: perft {depth}");
        if let Some(path) = &fsf {
            let mut engine = Fsf::start(path, &ini_path(), name);
            assert_eq!(
                engine.perft(depth, &[]),
                nodes,
                "{name}: Fairy-Stockfish now gives another count"
            );
        }
        checked += 1;
    }
    assert!(checked > 0);
}

/// What the built-in parents and the rules given each side apart become:
/// Gemini promotes to Janus's archbishop by Gemini's letter, Empire's
/// Black castles while White cannot, Cross Derby's walls are holes,
/// Buffalo's flag region and regions of movement are one side's.
#[test]
fn built_in_parents_and_one_sided_rules_convert_as_read() {
    let all = outcomes();
    let toml = |name: &str| {
        all.iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, o)| o.clone().ok())
            .unwrap_or_else(|| panic!("{name} converts"))
    };
    let gemini = toml("gemini");
    assert!(
        gemini.contains("choices = [\"A\", \"Q\", \"R\", \"B\", \"N\"]"),
        "{gemini}"
    );
    assert!(gemini.contains("king = \"f1\"\nking_to = \"i1\""), "{gemini}");
    let empire = toml("empire");
    assert!(
        empire.contains("king = \"e1\"\nking_to = \"g1\"\nrook = \"h1\""),
        "{empire}"
    );
    assert!(empire.contains("setup = \"rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1\""));
    assert!(toml("crossderby").contains("holes = [\"a2\", \"a7\", \"b1\""));
    let buffalo = toml("buffalo");
    assert!(
        buffalo.contains("[[goal]]\npieces = [\"B\"]\nsquares = [\"a7\""),
        "{buffalo}"
    );
    assert!(buffalo.contains("region = [\"a2\", \"a3\""), "{buffalo}");
    let wildebeest = toml("wildebeest");
    assert!(
        wildebeest
            .contains("initial_rank = [2, 3]\nmoves_by_rank = [\"fmWfceFifmR2\", \"fmWfceFifmR3\", \"fmWfceFifmR2\"")
    );
    let khans = toml("khans");
    assert!(khans.contains("pieces = [\"S\"]\nsquares = [\"a8\""), "{khans}");
    assert!(khans.contains("side = \"black\"\nchoices = [\"T\"]"), "{khans}");
}

/// The built-in `fairy` is chess with the silver, fers, archbishop,
/// chancellor and commoner at hand: a section may place them unnamed, and
/// a custom piece given one of their letters replaces it. The counts are
/// Fairy-Stockfish's (revision c19b5f6, `go perft 3` from the start).
#[test]
fn the_fairy_parent_brings_its_five_pieces() {
    let text = "[withfairy:fairy]\n\
                [placed:fairy]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RACMKFSR w KQkq - 0 1\ncastling = false\n\
                [taken:fairy]\ncustomPiece1 = a:NN\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1\ncastling = false\n";
    let sections = read_sections(text).unwrap();
    for (i, fsf) in [8902, 9391, 13638].into_iter().enumerate() {
        let c = convert(&sections, i).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(bigboard_perft(&c.toml, 3, &[]), fsf, "{}", sections[i].name);
    }
}

/// `castlingRank`: castling on White's second rank and Black's seventh,
/// each side to move with its rights. The counts are Fairy-Stockfish's
/// (revision c19b5f6, `go perft 3` from the start).
#[test]
fn castling_on_another_rank() {
    let text = "[r2:chess]\ncastlingRank = 2\nstartFen = 8/r3k2r/8/8/8/8/R3K2R/8 w KQkq - 0 1\n\
                [r2b:chess]\ncastlingRank = 2\nstartFen = 8/r3k2r/8/8/8/8/R3K2R/8 b Kq - 0 1\n\
                [r9:chess]\ncastlingRank = 9\n";
    let sections = read_sections(text).unwrap();
    for (i, fsf) in [16965, 15744].into_iter().enumerate() {
        let c = convert(&sections, i).unwrap_or_else(|e| panic!("{e}"));
        assert!(c.toml.contains("king = \"e2\"\nking_to = \"g2\""), "{}", c.toml);
        assert_eq!(bigboard_perft(&c.toml, 3, &[]), fsf, "{}", sections[i].name);
    }
    let e = convert(&sections, 2).unwrap_err().to_string();
    assert!(
        e.contains("castlingRank: '9' is not a rank of the board (1 to 8)"),
        "{e}"
    );
}

/// `bigboard import fsf FILE --variant NAME` prints the definition, and a
/// refused section is an error naming the section, key and line.
#[test]
fn the_command_converts_and_refuses() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .args(args)
            .output()
            .expect("run bigboard")
    };
    let ini = ini_path();
    let ok = run(&["import", "fsf", &ini, "--variant", "peasant"]);
    assert!(ok.status.success());
    let toml = String::from_utf8(ok.stdout).expect("text");
    assert!(toml.contains("id = \"peasant\""), "{toml}");
    assert!(bigboard::load(&toml).is_ok());
    let refused = run(&["import", "fsf", &ini, "--variant", "tictactoe"]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8(refused.stderr).expect("text");
    assert!(err.contains("[tictactoe] line 511: connectN:"), "{err}");
    let missing = run(&["import", "fsf", &ini, "--variant", "nosuch"]);
    assert!(
        String::from_utf8(missing.stderr)
            .expect("text")
            .contains("no section [nosuch]")
    );
    let dir = std::env::temp_dir().join(format!("bigboard-fsf-import-{}", std::process::id()));
    let all = run(&["import", "fsf", &ini, "--out", dir.to_str().expect("a path")]);
    assert!(all.status.success());
    let written = std::fs::read_dir(&dir).expect("the directory").count();
    let converted = outcomes().iter().filter(|(_, o)| o.is_ok()).count();
    assert_eq!(written, converted);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bad sections are refused with their key and line, never a panic.
#[test]
fn bad_sections_are_refused_with_key_and_line() {
    let text = "[a]\nmaxRank = 0\n[b]\nmaxFile = 99\n[c:chess]\nstartFen = \n[d:chess]\npromotionRegionWhite = \u{e9}9 *x z1\n[e:chess]\nstartFen = 99999999999999/8/8/8/8/8/8/8 w KQkq - 0 1\n[f:chess]\nking = k:\npromotionRank = 0\n[g:chess]\nflagRegion = *\nflagPiece = \u{e9}\n[h:chess]\ncastlingKingsideFile = 0\n[i:nosuch]\n[j:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 3+2 0 1\ncheckCounting = true\n";
    let sections = read_sections(text).expect("the sections");
    let want = [
        "[a] line 2: maxRank:",
        "[b] line 4: maxFile:",
        "[c] line 6: startFen:",
        "[d] line 8: promotionRegionWhite:",
        "[e] line 10: startFen:",
        "[f] line 13: promotionRank:",
        "[g] line 15: flagRegion:",
        "[h] line 18: castlingKingsideFile:",
        "[i] line 19: [i:nosuch]:",
        "[j] line 21: startFen:",
    ];
    for (i, w) in want.iter().enumerate() {
        let e = convert(&sections, i).expect_err("refused").to_string();
        assert!(e.starts_with(w), "{e}");
    }
}

/// Refusals of the rules this importer reads only in part: a custom
/// piece's en passant unlike Fairy-Stockfish's, triple steps off whole
/// ranks, castling by a piece that is not royal, a built-in's rule (named),
/// a region of no piece, double-step regions that differ per side.
#[test]
fn partial_rules_are_refused_with_key_and_line() {
    let text = "[k:chess]\ncustomPiece1 = p:mWfeFifmnD\n[l:chess]\ntripleStepRegionWhite = e2\ntripleStepRegionBlack = e7\n[m:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n[n:giveaway]\n[o:chess]\nmobilityRegionWhiteAmazon = a1\n[p:chess]\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *6\n";
    let sections = read_sections(text).expect("the sections");
    let want = [
        "[k] line 2: customPiece1:",
        "[l] line 4: tripleStepRegionWhite:",
        "[m] line 9: castlingKingPiece:",
        "[n] extinctionPieceTypes (inherited from Fairy-Stockfish's built-in 'giveaway'):",
        "[o] line 12: mobilityRegionWhiteAmazon:",
        "[p] line 15: doubleStepRegionBlack:",
    ];
    for (i, w) in want.iter().enumerate() {
        let e = convert(&sections, i).expect_err("refused").to_string();
        assert!(e.starts_with(w), "{e}");
    }
}
