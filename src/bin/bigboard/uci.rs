//! `uci`: the Universal Chess Interface, following Fairy-Stockfish's
//! conventions for large boards (coordinate moves such as `a10a9`,
//! promotion as a lower-case suffix, the variant chosen by `UCI_Variant`).
//!
//! The search runs on its own thread, polling a stop flag, so `stop`,
//! `isready` and `quit` are answered while it thinks. A bad line prints
//! `info string error: ...` and changes nothing.

use crate::{info_line, now_ms, setup, variant_arg};
use bigboard::piece::Color;
use bigboard::position::Position;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Control, Limits, SearchResult, Searcher};
use bigboard::variant::{BUILTIN_IDS, Variant};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

const DEFAULT_VARIANT: &str = "xhess";
const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 4096;
/// The thinking time of levels 7 and 8 when `go` gives no clock.
const DEFAULT_LEVEL_TIME_MS: f64 = 1000.0;

/// Where the engine's lines go: stdout, or a test's collector.
type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// Writes one line to stdout; a closed stdout is not an error worth dying for.
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// The limits of a `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    /// Time left and increment per move, by colour.
    time: [Option<f64>; 2],
    inc: [Option<f64>; 2],
    movestogo: Option<u64>,
    infinite: bool,
}

impl Go {
    fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words.get(i + 1).ok_or_else(|| format!("go {key} needs a value"))?;
            // Clocks may run below zero in some GUIs: read them as signed.
            let n: i64 = value
                .parse()
                .map_err(|_| format!("go {key} needs a number, not '{value}'"))?;
            let ms = n.max(0) as f64;
            match key {
                "depth" => go.depth = Some(n.clamp(1, 100) as u32),
                "nodes" => go.nodes = Some(n.max(1) as u64),
                "movetime" => go.movetime = Some(ms),
                "wtime" => go.time[0] = Some(ms),
                "btime" => go.time[1] = Some(ms),
                "winc" => go.inc[0] = Some(ms),
                "binc" => go.inc[1] = Some(ms),
                "movestogo" => go.movestogo = Some(n.max(1) as u64),
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// The search limits for `side`: a clock gives time_left / 30 (or /
    /// movestogo when fewer) + 0.8 * increment, at most a third of the time
    /// left.
    fn limits(&self, side: Color) -> Limits {
        if self.infinite {
            return Limits::default();
        }
        let mut time_ms = self.movetime;
        if let Some(left) = self.time[side] {
            let moves = self.movestogo.map_or(30, |m| m.min(30)) as f64;
            let budget = (left / moves + 0.8 * self.inc[side].unwrap_or(0.0)).min(left / 3.0);
            time_ms = Some(time_ms.map_or(budget, |t| t.min(budget)));
        }
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time_ms,
        }
    }
}

/// A search in progress on its own thread, which hands the searcher back.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Searcher>,
}

struct Engine {
    out: Out,
    variant: Arc<Variant>,
    pos: Position,
    hash_mb: usize,
    level: u8,
    /// `None` while a search thread holds it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    searches: u64,
}

impl Engine {
    fn new(out: Out) -> Result<Engine, String> {
        let variant = variant_arg(DEFAULT_VARIANT)?;
        Ok(Engine {
            out,
            pos: Position::new(variant.clone()),
            variant,
            hash_mb: DEFAULT_HASH_MB,
            level: MAX_LEVEL,
            searcher: None,
            running: None,
            searches: 0,
        })
    }

    /// Handles one input line; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        let result = match command {
            "uci" => {
                self.identify();
                Ok(())
            }
            "isready" => {
                (self.out)("readyok");
                Ok(())
            }
            "setoption" => {
                self.finish();
                self.set_option(args)
            }
            "ucinewgame" => {
                self.finish();
                self.searcher().clear();
                self.pos = Position::new(self.variant.clone());
                Ok(())
            }
            "position" => self.position(args),
            "go" => {
                self.finish();
                Go::parse(args).and_then(|go| self.go(go))
            }
            "stop" => {
                self.finish();
                Ok(())
            }
            "quit" => return false,
            "d" => {
                (self.out)(&format!(
                    "info string variant {} fen {}",
                    self.variant.id,
                    self.pos.fen()
                ));
                Ok(())
            }
            "debug" | "ponderhit" => Ok(()),
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = result {
            (self.out)(&format!("info string error: {}", e.replace('\n', "; ")));
        }
        true
    }

    fn identify(&self) {
        let say = &self.out;
        say("id name bigboard");
        say("id author the bigboard authors");
        let vars: Vec<String> = BUILTIN_IDS.iter().map(|id| format!("var {id}")).collect();
        say(&format!(
            "option name UCI_Variant type combo default {DEFAULT_VARIANT} {}",
            vars.join(" ")
        ));
        say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        say(&format!(
            "option name Level type spin default {MAX_LEVEL} min {MIN_LEVEL} max {MAX_LEVEL}"
        ));
        say("uciok");
    }

    /// The idle searcher, made on first use.
    fn searcher(&mut self) -> &mut Searcher {
        self.searcher.get_or_insert_with(|| Searcher::new(self.hash_mb))
    }

    /// Stops a running search and takes its searcher back; the search
    /// prints its `bestmove` first.
    fn finish(&mut self) {
        let Some(r) = self.running.take() else {
            return;
        };
        r.stop.store(true, Ordering::Relaxed);
        match r.handle.join() {
            Ok(s) => self.searcher = Some(s),
            Err(_) => {
                self.searcher = None;
                (self.out)("info string error: the search failed");
            }
        }
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let args = args
            .strip_prefix(&["name"])
            .ok_or("expected setoption name NAME value VALUE")?;
        let split = args.iter().position(|&w| w == "value").unwrap_or(args.len());
        let name = args[..split].join(" ");
        let value = args.get(split + 1..).unwrap_or(&[]).join(" ");
        let spin = |min: usize, max: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("{name} must be a number from {min} to {max}, not '{value}'"))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let variant = variant_arg(&value)?;
                self.pos = Position::new(variant.clone());
                self.variant = variant;
            }
            "hash" => {
                let mb = spin(1, MAX_HASH_MB)?;
                if mb != self.hash_mb || self.searcher.is_none() {
                    // The old table goes first, so that both are never
                    // held at once; a size that cannot be had is refused
                    // and the engine goes on with a small one.
                    self.searcher = None;
                    match crate::searcher(mb) {
                        Ok(s) => {
                            self.searcher = Some(s);
                            self.hash_mb = mb;
                        }
                        Err(e) => {
                            self.hash_mb = DEFAULT_HASH_MB.min(self.hash_mb);
                            return Err(e);
                        }
                    }
                }
            }
            "level" => self.level = spin(MIN_LEVEL as usize, MAX_LEVEL as usize)? as u8,
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }

    /// `position (startpos | fen FEN) [moves M1 M2 ...]`; the position is
    /// unchanged when any part is wrong.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let moves = args.get(split + 1..).unwrap_or(&[]).join(" ");
        let fen = match args[..split] {
            ["startpos"] => None,
            ["fen", ref fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
            _ => return Err("expected position startpos|fen FEN [moves M1 M2 ...]".into()),
        };
        self.pos = setup(self.variant.clone(), fen.as_deref(), Some(&moves))?;
        Ok(())
    }

    /// Starts a search of the current position on its own thread.
    fn go(&mut self, go: Go) -> Result<(), String> {
        let limits = go.limits(self.pos.side_to_move());
        let level = self.level;
        self.searches += 1;
        let seed = self.pos.hash() ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(self.hash_mb));
        let mut pos = self.pos.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let say = self.out.clone();
        let work = move || {
            let stopped = || flag.load(Ordering::Relaxed);
            let control = Control {
                clock: &now_ms,
                stop: &stopped,
            };
            let shown = pos.clone();
            let mut report = |info: &_| say(&info_line(&shown, info));
            let result: SearchResult = if level >= MAX_LEVEL {
                searcher.search(&mut pos, limits, &control, &mut report)
            } else {
                let time = limits.time_ms.unwrap_or(DEFAULT_LEVEL_TIME_MS);
                searcher.choose(&mut pos, level, time, seed, &control, &mut report)
            };
            // Under `go infinite` the answer waits for `stop`.
            while go.infinite && !stopped() {
                std::thread::sleep(Duration::from_millis(2));
            }
            match result.best {
                Some(m) => say(&format!("bestmove {}", pos.uci_text(m))),
                None => say("bestmove (none)"),
            }
            searcher
        };
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(work)
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.running = Some(Running { stop, handle });
        Ok(())
    }
}

/// `uci`: reads commands from stdin until `quit` or the end of input.
pub fn uci_command() -> Result<(), String> {
    let mut engine = Engine::new(Arc::new(say))?;
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !engine.handle(&line) {
            break;
        }
    }
    engine.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_limits_and_clocks() {
        let go = Go::parse(&["depth", "5", "nodes", "1000"]).unwrap();
        assert_eq!(go.limits(0).depth, Some(5));
        assert_eq!(go.limits(0).nodes, Some(1000));
        assert_eq!(go.limits(0).time_ms, None);
        let go = Go::parse(&["wtime", "30000", "btime", "3000", "winc", "1000", "binc", "0"]).unwrap();
        assert_eq!(go.limits(0).time_ms, Some(1800.0));
        assert_eq!(go.limits(1).time_ms, Some(100.0));
        let go = Go::parse(&["wtime", "900", "winc", "1000"]).unwrap();
        assert_eq!(go.limits(0).time_ms, Some(300.0));
        let go = Go::parse(&["wtime", "6000", "movestogo", "2", "movetime", "500"]).unwrap();
        assert_eq!(go.limits(0).time_ms, Some(500.0));
        assert_eq!(
            Go::parse(&["infinite", "depth", "3"]).unwrap().limits(0),
            Limits::default()
        );
        for bad in [&["depth"][..], &["depth", "x"], &["mate", "3"]] {
            assert!(Go::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bad_lines_change_nothing() {
        let said = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let log = said.clone();
        let mut e = Engine::new(Arc::new(move |t: &str| log.lock().unwrap().push(t.to_string()))).unwrap();
        let before = e.pos.fen();
        for line in [
            "position startpos moves e2e9",
            "position fen nonsense",
            "position",
            "setoption name UCI_Variant value chess",
            "setoption name Hash value 0",
            "setoption name Level value 9",
            "setoption name Colour value red",
            "go depth x",
            "frobnicate",
        ] {
            assert!(e.handle(line));
            assert_eq!(e.pos.fen(), before, "{line}");
            assert!(e.running.is_none(), "{line}");
            let last = said.lock().unwrap().pop().unwrap_or_default();
            assert!(last.starts_with("info string error: "), "{line}: {last}");
        }
        assert_eq!(e.level, MAX_LEVEL);
        assert_eq!(e.hash_mb, DEFAULT_HASH_MB);
        assert!(e.handle("isready"));
        assert_eq!(said.lock().unwrap().pop().as_deref(), Some("readyok"));
        assert!(!e.handle("quit"));
    }
}
