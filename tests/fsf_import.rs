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
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

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

struct Fsf {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Fsf {
    fn start(path: &str, variant: &str) -> Fsf {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("FSF={path}: {e}"));
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut fsf = Fsf { child, out };
        fsf.send(&format!("setoption name VariantPath value {}", ini_path()));
        fsf.send(&format!("setoption name UCI_Variant value {variant}"));
        fsf
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{line}").expect("write to Fairy-Stockfish");
    }

    fn perft(&mut self, depth: u32) -> u64 {
        self.send("position startpos");
        self.send(&format!("go perft {depth}"));
        let mut text = String::new();
        loop {
            text.clear();
            let n = self.out.read_line(&mut text).expect("read from Fairy-Stockfish");
            assert!(n > 0, "Fairy-Stockfish ended without a count");
            if let Some(count) = text.trim().strip_prefix("Nodes searched:") {
                return count.trim().parse().expect("a count");
            }
        }
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

fn bigboard_perft(toml: &str, depth: u32) -> u64 {
    let variant = bigboard::load(toml).expect("a converted definition loads");
    let mut pos = Position::new(variant);
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

/// The recorded counts: (section, depth, nodes).
fn read_perft() -> Vec<(String, u32, u64)> {
    let path = format!("{}/tests/data/fsf/import-perft.txt", root());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert!(f.len() == 3, "{path}: '{l}': expected SECTION DEPTH NODES");
            (
                f[0].to_string(),
                f[1].parse().expect("a depth"),
                f[2].parse().expect("a count"),
            )
        })
        .collect()
}

/// Perft from the start of every converted section: bigboard against the
/// counts recorded from Fairy-Stockfish (and, with `FSF=path`, against
/// Fairy-Stockfish's answers now). A section whose count differs is named
/// in `tests/data/fsf/import-perft.txt` with the word `differs` by the
/// importer's docs, not here: every converted section must agree.
#[test]
fn converted_sections_agree_with_fairy_stockfish_on_perft() {
    let depth = 3;
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
            "# Perft counts of Fairy-Stockfish ({}) from the start of each section of\n# tests/data/fsf/variants.ini that converts; written by\n# `FSF=... FSF_RECORD=1 cargo test --release --test fsf_import`.\n# SECTION DEPTH NODES\n",
            revision.trim()
        );
        for (name, _) in &converted {
            let nodes = Fsf::start(&path, name).perft(depth);
            text.push_str(&format!("{name} {depth} {nodes}\n"));
        }
        std::fs::write(format!("{}/tests/data/fsf/import-perft.txt", root()), text).expect("write");
        return;
    }
    let recorded = read_perft();
    let mut failures = Vec::new();
    for (name, toml) in &converted {
        let Some((_, d, nodes)) = recorded.iter().find(|(n, _, _)| n == name) else {
            failures.push(format!("{name}: no count recorded"));
            continue;
        };
        let ours = bigboard_perft(toml, *d);
        if ours != *nodes {
            failures.push(format!("{name}: perft {d}: bigboard {ours}, Fairy-Stockfish {nodes}"));
        }
        if let Some(path) = &fsf {
            let theirs = Fsf::start(path, name).perft(*d);
            assert_eq!(
                theirs, *nodes,
                "{name}: Fairy-Stockfish now gives another count than recorded"
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
