//! An engine program in its own process, spoken to over UCI, with a time
//! limit on every answer: a match must go on whatever the program does
//! (exits, stops answering, writes lines that are not UCI).

use super::settings::UciSettings;
use bigboard::core::echo::echo;
use bigboard::search::Score;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` and `isready` (loading a
/// variant file, clearing a large hash table).
const HANDSHAKE_TIMEOUT_MS: u64 = 10_000;
/// How long an engine is given to leave after `quit` before it is killed.
const QUIT_GRACE_MS: u64 = 300;
/// The longest line read from an engine; longer ones are cut, so a program
/// that writes without end cannot exhaust the memory.
const MAX_LINE: u64 = 64 * 1024;

/// Why an engine gave no move: the game is lost by its side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended (or closed its output).
    Exited(String),
    /// No answer within the time limit.
    Timeout { waiting_for: &'static str, ms: u64 },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Exited(how) => write!(f, "its engine {how}"),
            Failure::Timeout { waiting_for, ms } => write!(f, "no {waiting_for} within {ms} ms"),
        }
    }
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the program and goes through the handshake: `uci` (until
    /// `uciok`), the `init` lines, `setoption name UCI_Variant value
    /// VARIANT` when the engine has that option and no init line sets it,
    /// then `isready` (until `readyok`). An error says what failed.
    pub fn start(settings: &UciSettings, variant_id: &str) -> Result<Engine, String> {
        let program = &settings.command[0];
        let mut child = Command::new(program)
            .args(&settings.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", echo(program)))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(format!("cannot talk to '{}'", echo(program))),
        };
        let (tx, lines) = channel();
        // A thread per engine reads its output, so that waiting for an
        // answer can have a time limit; it ends when the output closes.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = Engine { child, stdin, lines };
        let handshake = |e: &mut Engine| -> Result<(), Failure> {
            e.send("uci")?;
            let mut has_variant = false;
            e.wait_for("uciok", HANDSHAKE_TIMEOUT_MS, |line| {
                if is_option_named(line, "UCI_Variant") {
                    has_variant = true;
                }
                line == "uciok"
            })?;
            for line in &settings.init {
                e.send(line)?;
            }
            let sets_variant = settings.init.iter().any(|l| is_setoption_of(l, "UCI_Variant"));
            if has_variant && !sets_variant {
                e.send(&format!("setoption name UCI_Variant value {variant_id}"))?;
            }
            e.ready()
        };
        match handshake(&mut engine) {
            Ok(()) => Ok(engine),
            Err(f) => {
                engine.kill();
                Err(format!("engine '{}' failed to start: {f}", echo(program)))
            }
        }
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|_| self.exited())
    }

    /// How the process ended, for the report.
    fn exited(&mut self) -> Failure {
        // The output closes as the process ends; give it a moment to be
        // reaped so that its status can be told.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Failure::Exited(format!("exited ({status})"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Failure::Exited("closed its output".into())
    }

    /// Reads lines until `done` accepts one, which is returned; lines it
    /// does not accept are passed over, as UCI asks of unknown output.
    fn wait_for(
        &mut self,
        waiting_for: &'static str,
        timeout_ms: u64,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, Failure> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Failure::Timeout {
                        waiting_for,
                        ms: timeout_ms,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// `isready`, then waits for `readyok`.
    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT_MS, |l| l == "readyok")
            .map(|_| ())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move after `moves` from the start position (or the
    /// position text `start`, a seeded setup): the text after `bestmove`,
    /// which may be anything (`(none)`, garbage) and is for the referee to
    /// judge; `""` when `bestmove` came alone.
    pub fn best_move(
        &mut self,
        start: Option<&str>,
        moves: &[String],
        settings: &UciSettings,
    ) -> Result<(String, Option<Score>), Failure> {
        // Lines left from before (a second bestmove, stray output) must not
        // be taken for the answer to this move.
        while self.lines.try_recv().is_ok() {}
        let mut position = match start {
            Some(fen) => format!("position fen {fen}"),
            None => String::from("position startpos"),
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&settings.go_line())?;
        let mut score = None;
        let line = self.wait_for("bestmove", settings.timeout_ms, |l| {
            if let Some(s) = info_score(l) {
                score = Some(s);
            }
            l.split_whitespace().next() == Some("bestmove")
        })?;
        Ok((line.split_whitespace().nth(1).unwrap_or("").to_string(), score))
    }

    /// Ends the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    /// `quit`, and a kill when the engine does not leave by itself.
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            let deadline = Instant::now() + Duration::from_millis(QUIT_GRACE_MS);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }
}

/// Whether `line` is `option name NAME ...` (the name compared without
/// case, as UCI's option names are).
/// The score of an `info` line (`score cp 35`, `score mate -3`, bounds
/// included), `None` for lines without one or with a garbled one.
pub fn info_score(line: &str) -> Option<Score> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    words.by_ref().find(|w| *w == "score")?;
    let kind = words.next()?;
    let value: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

fn is_option_named(line: &str, name: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("option")
        && words.next() == Some("name")
        && words.next().is_some_and(|w| w.eq_ignore_ascii_case(name))
}

/// Whether `line` is `setoption name NAME ...`.
fn is_setoption_of(line: &str, name: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("setoption")
        && words.next() == Some("name")
        && words.next().is_some_and(|w| w.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            info_score("info depth 7 score cp -35 nodes 12 pv e2e4"),
            Some(Score::Cp(-35))
        );
        assert_eq!(info_score("info depth 9 score mate 3 pv a1a2"), Some(Score::Mate(3)));
        assert_eq!(info_score("info depth 9 score cp 40 lowerbound"), Some(Score::Cp(40)));
        assert_eq!(info_score("info string score cp"), None);
        assert_eq!(info_score("info depth 2 score wdl 1 2 3"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
    }

    #[test]
    fn option_lines_are_recognised() {
        assert!(is_option_named(
            "option name UCI_Variant type combo default chess var xhess",
            "UCI_Variant"
        ));
        assert!(is_option_named("option  name uci_variant type string", "UCI_Variant"));
        assert!(!is_option_named("option name Hash type spin", "UCI_Variant"));
        assert!(is_setoption_of("setoption name UCI_Variant value xhess", "UCI_Variant"));
        assert!(!is_setoption_of(
            "setoption name VariantPath value x.ini",
            "UCI_Variant"
        ));
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let s = UciSettings::parse("/nonexistent/engine,movetime=10").unwrap();
        let e = Engine::start(&s, "xhess").err().unwrap();
        assert!(e.contains("cannot start '/nonexistent/engine'"), "{e}");
    }
}
