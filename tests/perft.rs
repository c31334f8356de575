//! Perft suites: counts from independent sources, kept as data in
//! `tests/data/perft/VARIANT.epd`, one position a line:
//! `LABEL ; FEN ; MOVES ; D1 N ; D2 N ; ... ; src SOURCE`.

use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::perft::perft;
use bigboard::variant::BUILTIN_IDS;

struct Case {
    label: String,
    fen: String,
    moves: Vec<String>,
    counts: Vec<(u32, u64)>,
    source: String,
}

fn read_suite(file: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/perft/{file}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(" ; ").map(str::trim).collect();
        assert!(fields.len() >= 5, "{path}:{}: too few fields", n + 1);
        let mut case = Case {
            label: fields[0].to_string(),
            fen: fields[1].to_string(),
            moves: if fields[2] == "-" {
                Vec::new()
            } else {
                fields[2].split_whitespace().map(String::from).collect()
            },
            counts: Vec::new(),
            source: String::new(),
        };
        for f in &fields[3..] {
            if let Some(src) = f.strip_prefix("src ") {
                case.source = src.to_string();
            } else if let Some(rest) = f.strip_prefix('D') {
                let (d, count) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{path}:{}: bad field '{f}'", n + 1));
                case.counts
                    .push((d.parse().unwrap(), count.trim().replace(',', "").parse().unwrap()));
            } else {
                panic!("{path}:{}: unknown field '{f}'", n + 1);
            }
        }
        assert!(
            !case.source.is_empty(),
            "{path}:{}: every count needs its source",
            n + 1
        );
        assert!(!case.counts.is_empty(), "{path}:{}: no counts", n + 1);
        cases.push(case);
    }
    cases
}

fn run_suite(id: &str, max_nodes: u64) {
    run_file(id, id, max_nodes);
}

/// The suite of `file`.epd for the variant `id`.
fn run_file(id: &str, file: &str, max_nodes: u64) {
    let variant = builtin(id).unwrap();
    let cases = read_suite(file);
    assert!(cases.len() >= 7, "{id}: the start position and at least six more");
    let mut failures = Vec::new();
    for case in &cases {
        let mut pos =
            Position::from_fen(variant.clone(), &case.fen).unwrap_or_else(|e| panic!("{id} {}: {e}", case.label));
        for m in &case.moves {
            pos.play_text(m).unwrap_or_else(|e| panic!("{id} {}: {e}", case.label));
        }
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let got = perft(&mut pos, depth);
            if got != expected {
                failures.push(format!(
                    "{id} {} depth {depth}: {got}, expected {expected} ({})",
                    case.label, case.source
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_builtin_variant_has_a_suite() {
    for id in BUILTIN_IDS {
        assert!(!read_suite(id).is_empty(), "{id}");
    }
}

#[test]
fn xhess() {
    run_suite("xhess", 40_000_000);
}

#[test]
fn really_big_board() {
    run_suite("really-big-board", 5_000_000);
}

#[test]
fn flee() {
    run_suite("flee", 5_000_000);
}

#[test]
fn overboard() {
    run_suite("overboard", 5_000_000);
}

#[test]
fn uc_170_17() {
    run_suite("uc-170-17", 5_000_000);
}

/// UC-170-17 turns with drops, credits, exchanges and promotion from the
/// reserve (`uc-turns.epd`, from `tests/reference/uc_turns.py`): the
/// positions A-G of the issue with their hand counts, exchange positions
/// and the 20 seeded starts of `tests/data/uc-setups.txt`.
#[test]
fn uc_170_17_turns() {
    run_file("uc-170-17", "uc-turns", 5_000_000);
}
