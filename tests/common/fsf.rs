//! Fairy-Stockfish driven over UCI, for the tests that compare with it
//! live when `FSF=path` is set (tests/fairy_stockfish.rs,
//! tests/fsf_import.rs): a position by its moves from the start, its
//! position text and its perft count.

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
