//! Fairy-Stockfish driven over UCI, for the tests that compare with it
//! live when `FSF=path` is set (tests/fairy_stockfish.rs,
//! tests/fsf_import.rs, tests/fsf_export.rs): a position by its moves from
//! the start, its position text and its perft count; and the counts
//! recorded from it in tests/data/fsf/.

// Each test uses what it needs of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};

pub struct Fsf {
    child: Child,
    out: BufReader<ChildStdout>,
}

impl Fsf {
    /// The engine at `path`, reading the variants of `ini`, set to play
    /// `variant`.
    pub fn start(path: &str, ini: &str, variant: &str) -> Fsf {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("FSF={path}: {e}"));
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut fsf = Fsf { child, out };
        fsf.send(&format!("setoption name VariantPath value {ini}"));
        fsf.send(&format!("setoption name UCI_Variant value {variant}"));
        fsf
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{line}").expect("write to Fairy-Stockfish");
    }

    fn set_position(&mut self, moves: &[String]) {
        if moves.is_empty() {
            self.send("position startpos");
        } else {
            self.send(&format!("position startpos moves {}", moves.join(" ")));
        }
    }

    /// The rest of the first line that starts with `prefix`.
    fn answer(&mut self, prefix: &str, what: &str) -> String {
        let mut text = String::new();
        loop {
            text.clear();
            let n = self.out.read_line(&mut text).expect("read from Fairy-Stockfish");
            assert!(n > 0, "Fairy-Stockfish ended without {what}");
            if let Some(rest) = text.trim().strip_prefix(prefix) {
                return rest.trim().to_string();
            }
        }
    }

    /// Does the engine know a variant of this name (in its `uci` answer's
    /// list of variants, where a section it rejected is missing)?
    pub fn knows(&mut self, variant: &str) -> bool {
        self.send("uci");
        let mut known = false;
        let mut text = String::new();
        loop {
            text.clear();
            let n = self.out.read_line(&mut text).expect("read from Fairy-Stockfish");
            assert!(n > 0, "Fairy-Stockfish ended without uciok");
            if text.trim() == "uciok" {
                return known;
            }
            if text.contains("name UCI_Variant ") {
                known = text.split_whitespace().any(|w| w == variant);
            }
        }
    }

    /// Its position text after `moves` from the start (`d`'s `Fen:` line).
    pub fn fen(&mut self, moves: &[String]) -> String {
        self.set_position(moves);
        self.send("d");
        self.answer("Fen:", "a position text")
    }

    /// Its perft count to `depth` after `moves` from the start.
    pub fn perft(&mut self, depth: u32, moves: &[String]) -> u64 {
        self.set_position(moves);
        self.send(&format!("go perft {depth}"));
        self.answer("Nodes searched:", "a count").parse().expect("a count")
    }
}

impl Fsf {
    /// Its perft count to `depth` from the position text `fen`.
    pub fn perft_fen(&mut self, depth: u32, fen: &str) -> u64 {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        self.answer("Nodes searched:", "a count").parse().expect("a count")
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// One recorded count: perft to `depth` after `moves` from the start of
/// the section (or exported variant) `name`.
pub struct Count {
    pub name: String,
    pub depth: u32,
    pub nodes: u64,
    pub moves: Vec<String>,
}

/// The counts recorded in the file at `path`: `NAME DEPTH NODES ; MOVES`
/// a line (`-` for no moves), `#` comments.
pub fn read_counts(path: &str) -> Vec<Count> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (counts, moves) = l.split_once(';').unwrap_or((l, ""));
            let f: Vec<&str> = counts.split_whitespace().collect();
            assert!(f.len() == 3, "{path}: '{l}': expected NAME DEPTH NODES ; MOVES");
            Count {
                name: f[0].to_string(),
                depth: f[1].parse().expect("a depth"),
                nodes: f[2].parse().expect("a count"),
                moves: moves
                    .split_whitespace()
                    .filter(|m| *m != "-")
                    .map(String::from)
                    .collect(),
            }
        })
        .collect()
}
