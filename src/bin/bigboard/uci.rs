//! `uci`: the Universal Chess Interface, following Fairy-Stockfish's
//! conventions for large boards (coordinate moves such as `a10a9`,
//! promotion as a lower-case suffix, the variant chosen by `UCI_Variant`).
//!
//! The search runs on its own thread, polling a stop flag, so `stop`,
//! `isready`, `ponderhit` and `quit` are answered while it thinks. A bad
//! line prints `info string error: ...` and changes nothing; every `go`
//! ends in `bestmove`, since a GUI waits for it (one it cannot read is
//! reported and answered by a search of one ply).

use crate::thinker::{DEFAULT_HASH_MB, Job, MAX_HASH_MB, Thinker, at_least_one_ply, clock_budget};
use crate::{Out, info_line, now_ms, read_lines, say, start, variant_arg};
use bigboard::Move;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::core::piece::Color;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Limits, SearchResult};
use bigboard::variant::{BUILTIN_IDS, Variant};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

const DEFAULT_VARIANT: &str = "xhess";

/// The words that start a parameter of `go`; `searchmoves` takes the words
/// up to the next of them.
const GO_KEYS: &[&str] = &[
    "searchmoves",
    "ponder",
    "infinite",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
];

/// The limits of a `go` command.
#[derive(Clone, Debug, Default, PartialEq)]
struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<f64>,
    /// Time left and increment per move, by colour.
    time: [Option<f64>; 2],
    inc: [Option<f64>; 2],
    movestogo: Option<u64>,
    /// `mate N`: a mate in N moves is looked for by a search of 2N - 1
    /// plies (with any other limit given).
    mate: Option<u64>,
    infinite: bool,
    /// Search the opponent's time until `ponderhit` or `stop`.
    ponder: bool,
    /// The moves after `searchmoves`, as written.
    searchmoves: Vec<String>,
}

impl Go {
    /// Reads the parameters. A malformed one refuses the whole `go`; a
    /// negative number is read as the nearest allowed value with a warning
    /// (the second part), so that a GUI still gets its `bestmove`.
    fn parse(words: &[&str]) -> Result<(Go, Vec<String>), String> {
        let mut go = Go::default();
        let mut warnings = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    while let Some(w) = words.get(i + 1).filter(|w| !GO_KEYS.contains(w)) {
                        go.searchmoves.push(w.to_string());
                        i += 1;
                    }
                }
                _ => {
                    if !GO_KEYS.contains(&key) {
                        return Err(format!("unknown go parameter '{}'", echo(key)));
                    }
                    let value = words.get(i + 1).ok_or_else(|| format!("go {key} needs a value"))?;
                    let n: i64 = value
                        .parse()
                        .map_err(|_| format!("go {key} needs a number, not '{}'", echo(value)))?;
                    let least = if matches!(key, "depth" | "nodes" | "movestogo" | "mate") {
                        1
                    } else {
                        0
                    };
                    if n < 0 {
                        warnings.push(format!("go {key} {n} is negative; read as {least}"));
                    }
                    let n = n.max(least);
                    let ms = n as f64;
                    match key {
                        "depth" => go.depth = Some(n.min(100) as u32),
                        "nodes" => go.nodes = Some(n as u64),
                        "movetime" => go.movetime = Some(ms),
                        "wtime" => go.time[0] = Some(ms),
                        "btime" => go.time[1] = Some(ms),
                        "winc" => go.inc[0] = Some(ms),
                        "binc" => go.inc[1] = Some(ms),
                        "mate" => go.mate = Some(n as u64),
                        _ => go.movestogo = Some(n as u64),
                    }
                    i += 1;
                }
            }
            i += 1;
        }
        Ok((go, warnings))
    }

    /// The thinking time for `side`: `movetime`, or from a clock
    /// time_left / 30 (or / movestogo when fewer) + 0.8 * increment, at
    /// most a third of the time left; the smaller when both are given.
    fn time_ms(&self, side: Color) -> Option<f64> {
        let mut time_ms = self.movetime;
        if let Some(left) = self.time[side] {
            let budget = clock_budget(left, self.inc[side].unwrap_or(0.0), self.movestogo);
            time_ms = Some(time_ms.map_or(budget, |t| t.min(budget)));
        }
        time_ms
    }

    /// The search limits for `side`. Under `infinite` and `ponder` there is
    /// no time limit (pondering gets its time at `ponderhit`); too little
    /// time becomes a search of depth 1.
    fn limits(&self, side: Color) -> Limits {
        if self.infinite {
            return Limits::default();
        }
        // A mate in N is N moves of the side to move and N - 1 replies.
        let mate_depth = self.mate.map(|n| n.saturating_mul(2).saturating_sub(1).min(100) as u32);
        let depth = match (self.depth, mate_depth) {
            (Some(d), Some(m)) => Some(d.min(m)),
            (d, m) => d.or(m),
        };
        at_least_one_ply(Limits {
            depth,
            nodes: self.nodes,
            time_ms: if self.ponder { None } else { self.time_ms(side) },
        })
    }
}

/// A `go ponder` in progress: `ponderhit` starts its clock.
struct Ponder {
    /// Cleared by `ponderhit`: the search is then a normal one.
    pondering: Arc<AtomicBool>,
    /// When the search must stop, in [`now_ms`] milliseconds, as `f64`
    /// bits; infinity while pondering.
    deadline: Arc<AtomicU64>,
    /// The thinking time from `ponderhit` on.
    time_ms: Option<f64>,
}

/// The largest `Seed` (a UCI spin is a 32-bit number for many GUIs).
const MAX_SEED: u64 = 2_147_483_647;

struct Engine {
    out: Out,
    variant: Arc<Variant>,
    pos: Position,
    thinker: Thinker,
    /// The `go ponder` running, if any.
    ponder: Option<Ponder>,
    /// `Seed`: which setup `startpos` is in a variant with random setups.
    seed: u64,
}

impl Engine {
    fn new(out: Out) -> Result<Engine, String> {
        let variant = variant_arg(DEFAULT_VARIANT)?;
        Ok(Engine {
            out,
            pos: Position::new(variant.clone()),
            variant,
            thinker: Thinker::new(),
            ponder: None,
            seed: 1,
        })
    }

    /// The start position: the setup of `Seed` where setups are random.
    fn start_position(&self) -> Result<Position, String> {
        if self.variant.random_setup.is_some() {
            Position::random(self.variant.clone(), self.seed)
        } else {
            Ok(Position::new(self.variant.clone()))
        }
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
                self.thinker.clear();
                self.start_position().map(|pos| self.pos = pos)
            }
            "position" => self.position(args),
            "go" => {
                self.finish();
                let go = match Go::parse(args) {
                    Ok((go, warnings)) => {
                        for w in warnings {
                            (self.out)(&format!("info string error: {w}"));
                        }
                        go
                    }
                    // What the GUI meant is unknown, but it waits for a
                    // move: the error, then the move of one ply at once.
                    Err(e) => {
                        (self.out)(&format!("info string error: {e}; searching one ply"));
                        Go {
                            depth: Some(1),
                            ..Go::default()
                        }
                    }
                };
                self.go(go)
            }
            "ponderhit" => {
                self.ponderhit();
                Ok(())
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
            "debug" => Ok(()),
            other => Err(format!("unknown command '{}'", echo(other))),
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
        // GUIs send `go ponder` only to an engine that lists this option.
        say("option name Ponder type check default false");
        // The setup `startpos` means where setups are random (UC-170-17).
        say(&format!("option name Seed type spin default 1 min 0 max {MAX_SEED}"));
        say("uciok");
    }

    /// Stops a running search and takes its searcher back; the search
    /// prints its `bestmove` first.
    fn finish(&mut self) {
        self.ponder = None;
        if let Err(e) = self.thinker.finish() {
            (self.out)(&format!("info string error: {e}"));
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
                .ok_or_else(|| format!("{name} must be a number from {min} to {max}, not '{}'", echo(&value)))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let variant = variant_arg(&value)?;
                self.variant = variant;
                self.pos = self.start_position()?;
            }
            "seed" => {
                self.seed = spin(0, MAX_SEED as usize)? as u64;
                self.pos = self.start_position()?;
            }
            "hash" => self.thinker.set_hash(spin(1, MAX_HASH_MB)?)?,
            "level" => self
                .thinker
                .set_level(spin(MIN_LEVEL as usize, MAX_LEVEL as usize)? as u8)?,
            // Pondering is the GUI's choice: it sends `go ponder` or not.
            "ponder" if matches!(value.as_str(), "true" | "false") => {}
            "ponder" => return Err(format!("Ponder must be true or false, not '{}'", echo(&value))),
            _ => return Err(format!("no such option '{}'", echo(&name))),
        }
        Ok(())
    }

    /// `position (startpos | fen FEN) [moves M1 M2 ...]`; the position is
    /// unchanged when any part is wrong. As in Fairy-Stockfish, moves may
    /// go on past the end of the game (a GUI may adjudicate differently);
    /// `go` then answers `bestmove (none)`.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let fen = match args[..split] {
            ["startpos"] => None,
            ["fen", ref fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
            _ => return Err("expected position startpos|fen FEN [moves M1 M2 ...]".into()),
        };
        let mut pos = match fen {
            Some(f) => start(self.variant.clone(), Some(&f))?,
            None => self.start_position()?,
        };
        for text in args.get(split + 1..).unwrap_or(&[]) {
            pos.play_text(text).map_err(|e| e.to_string())?;
        }
        self.pos = pos;
        Ok(())
    }

    /// `ponderhit`: the move pondered on was played, so the search goes on
    /// as a normal one, with the clock of its `go` starting now.
    fn ponderhit(&mut self) {
        let Some(p) = self.ponder.as_ref() else {
            return;
        };
        if let Some(t) = p.time_ms {
            p.deadline.store((now_ms() + t).to_bits(), Ordering::Relaxed);
        }
        p.pondering.store(false, Ordering::Relaxed);
    }

    /// The moves of `go searchmoves` that are legal here; each other one
    /// is reported, and when none is legal the search takes every move.
    fn search_moves(&self, texts: &[String]) -> Vec<Move> {
        let mut pos = self.pos.clone();
        let mut moves = Vec::new();
        for text in texts {
            match pos.parse_move(text) {
                Ok(m) => moves.push(m),
                Err(e) => (self.out)(&format!("info string error: go searchmoves: {e}")),
            }
        }
        if moves.is_empty() && !texts.is_empty() {
            (self.out)("info string error: go searchmoves: no legal move given; searching every move");
        }
        moves
    }

    /// Starts a search of the current position on its own thread; on a
    /// finished game answers `bestmove (none)` at once.
    fn go(&mut self, go: Go) -> Result<(), String> {
        if let Some(o) = self.pos.outcome() {
            (self.out)(&format!("info string the game is over: {}", o.describe(&self.variant)));
            (self.out)("bestmove (none)");
            return Ok(());
        }
        let side = self.pos.side_to_move();
        let limits = go.limits(side);
        let among = self.search_moves(&go.searchmoves);
        let ponder = go.ponder.then(|| Ponder {
            pondering: Arc::new(AtomicBool::new(true)),
            deadline: Arc::new(AtomicU64::new(f64::INFINITY.to_bits())),
            time_ms: go.time_ms(side),
        });
        let pondering = ponder.as_ref().map(|p| (p.pondering.clone(), p.deadline.clone()));
        let still = pondering.as_ref().map(|(p, _)| p.clone());
        let infinite = go.infinite;
        let say = self.out.clone();
        let report = self.out.clone();
        self.thinker.start(Job {
            pos: self.pos.clone(),
            among,
            limits,
            // Pondering has no deadline until `ponderhit` sets one.
            stop_also: Box::new(move || {
                pondering
                    .as_ref()
                    .is_some_and(|(_, d)| now_ms() >= f64::from_bits(d.load(Ordering::Relaxed)))
            }),
            // Under `go infinite`, and while pondering, the answer waits for
            // `stop` (or `ponderhit`).
            hold: Box::new(move || infinite || still.as_ref().is_some_and(|p| p.load(Ordering::Relaxed))),
            report: Box::new(move |pos, info| report(&info_line(pos, info))),
            done: Box::new(move |pos, result| say(&bestmove_line(pos, result))),
        })?;
        self.ponder = ponder;
        Ok(())
    }
}

/// `bestmove X`, with `ponder Y` when the principal variation gives the
/// reply expected (and it is legal after X).
fn bestmove_line(pos: &mut Position, result: &SearchResult) -> String {
    let Some(best) = result.best else {
        return "bestmove (none)".into();
    };
    let mut line = format!("bestmove {}", pos.uci_text(best));
    if let [first, reply, ..] = result.pv[..]
        && first == best
    {
        pos.play_unchecked(best);
        if pos.is_legal(reply) {
            line = format!("{line} ponder {}", pos.uci_text(reply));
        }
        pos.undo();
    }
    line
}

/// `uci`: reads commands from stdin until `quit` or the end of input.
pub fn uci_command() -> Result<(), String> {
    let mut engine = Engine::new(Arc::new(say))?;
    read_lines(|line| engine.handle(line));
    engine.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn parse(words: &[&str]) -> Go {
        let (go, warnings) = Go::parse(words).unwrap();
        assert!(warnings.is_empty(), "{words:?}: {warnings:?}");
        go
    }

    #[test]
    fn go_reads_limits_and_clocks() {
        let go = parse(&["depth", "5", "nodes", "1000"]);
        assert_eq!(go.limits(0).depth, Some(5));
        assert_eq!(go.limits(0).nodes, Some(1000));
        assert_eq!(go.limits(0).time_ms, None);
        let go = parse(&["wtime", "30000", "btime", "3000", "winc", "1000", "binc", "0"]);
        assert_eq!(go.limits(0).time_ms, Some(1800.0));
        assert_eq!(go.limits(1).time_ms, Some(100.0));
        let go = parse(&["wtime", "900", "winc", "1000"]);
        assert_eq!(go.limits(0).time_ms, Some(300.0));
        let go = parse(&["wtime", "6000", "movestogo", "2", "movetime", "500"]);
        assert_eq!(go.limits(0).time_ms, Some(500.0));
        assert_eq!(parse(&["infinite", "depth", "3"]).limits(0), Limits::default());
        for bad in [
            &["depth"][..],
            &["depth", "x"],
            &["mate"],
            &["mate", "x"],
            &["mates", "3"],
        ] {
            assert!(Go::parse(bad).is_err(), "{bad:?}");
        }
    }

    /// uci-go-mate.txt: `go mate N` searches 2N - 1 plies, within any
    /// other limit given.
    #[test]
    fn go_mate_searches_the_plies_of_a_mate() {
        assert_eq!(parse(&["mate", "2"]).limits(0).depth, Some(3));
        assert_eq!(parse(&["mate", "1", "depth", "5"]).limits(0).depth, Some(1));
        assert_eq!(parse(&["depth", "2", "mate", "4"]).limits(0).depth, Some(2));
        assert_eq!(parse(&["mate", "99999999999"]).limits(0).depth, Some(100));
        let go = parse(&["mate", "3", "movetime", "400"]).limits(0);
        assert_eq!((go.depth, go.time_ms), (Some(5), Some(400.0)));
        let (go, warnings) = Go::parse(&["mate", "0"]).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(go.limits(0).depth, Some(1));
    }

    #[test]
    fn go_reads_searchmoves_up_to_the_next_parameter_and_ponder() {
        let go = parse(&["searchmoves", "e2d3", "e4e5", "depth", "3"]);
        assert_eq!(go.searchmoves, ["e2d3", "e4e5"]);
        assert_eq!(go.depth, Some(3));
        let go = parse(&["ponder", "wtime", "60000", "btime", "60000", "searchmoves", "a3a4"]);
        assert!(go.ponder);
        assert_eq!(go.searchmoves, ["a3a4"]);
        // The time is given at `ponderhit`, not before.
        assert_eq!(go.limits(0).time_ms, None);
        assert_eq!(go.time_ms(0), Some(2000.0));
    }

    #[test]
    fn negative_limits_warn_and_still_search() {
        // uci-no-bestmove: the GUI waits for `bestmove` after any `go`.
        for (words, depth) in [
            (&["movetime", "-5"][..], Some(1)),
            (&["depth", "-1"], Some(1)),
            (&["wtime", "-100", "btime", "5000"], Some(1)),
            (&["nodes", "-3"], None),
        ] {
            let (go, warnings) = Go::parse(words).unwrap();
            assert_eq!(warnings.len(), 1, "{words:?}");
            assert!(warnings[0].contains("negative"), "{words:?}: {warnings:?}");
            assert_eq!(go.limits(0).depth, depth, "{words:?}");
        }
    }

    #[test]
    fn no_time_left_searches_one_ply() {
        let limits = parse(&["wtime", "0", "btime", "0"]).limits(0);
        assert_eq!((limits.depth, limits.time_ms), (Some(1), None));
        let limits = parse(&["movetime", "0"]).limits(1);
        assert_eq!((limits.depth, limits.time_ms), (Some(1), None));
    }

    /// An engine whose output lines are collected.
    fn engine() -> (Engine, Arc<std::sync::Mutex<Vec<String>>>) {
        let said = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let log = said.clone();
        let e = Engine::new(Arc::new(move |t: &str| log.lock().unwrap().push(t.to_string()))).unwrap();
        (e, said)
    }

    /// The move of a `bestmove` line.
    fn best_of(lines: &[String]) -> &str {
        let last = lines.last().expect("a bestmove line");
        last.split(' ').nth(1).unwrap_or_else(|| panic!("{lines:?}"))
    }

    /// Waits up to 20 s for a `bestmove` line; the lines said until then.
    fn until_bestmove(said: &std::sync::Mutex<Vec<String>>) -> Vec<String> {
        for _ in 0..2000 {
            let lines = said.lock().unwrap().clone();
            if lines.iter().any(|l| l.starts_with("bestmove")) {
                said.lock().unwrap().clear();
                return lines;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no bestmove: {:?}", said.lock().unwrap());
    }

    #[test]
    fn searchmoves_searches_only_those_moves() {
        let (mut e, said) = engine();
        e.handle("position startpos");
        e.handle("go searchmoves e2d3 depth 3");
        assert_eq!(best_of(&until_bestmove(&said)), "e2d3");
        // Illegal and unreadable moves are reported; the search keeps to the
        // legal ones.
        e.handle("go searchmoves e2e9 j3i5 zz e2d3 depth 2");
        let lines = until_bestmove(&said);
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.starts_with("info string error: go searchmoves"))
                .count(),
            2
        );
        assert!(["j3i5", "e2d3"].contains(&best_of(&lines)), "{lines:?}");
        // None legal: every move is searched.
        e.handle("go searchmoves e2e9 depth 1");
        let lines = until_bestmove(&said);
        assert!(lines.iter().any(|l| l.contains("no legal move given")), "{lines:?}");
        assert!(e.pos.clone().parse_move(best_of(&lines)).is_ok(), "{lines:?}");
        // Lower levels choose among them too.
        e.handle("setoption name Level value 1");
        e.handle("go searchmoves a3a4");
        assert_eq!(best_of(&until_bestmove(&said)), "a3a4");
    }

    #[test]
    fn ponder_waits_for_ponderhit_or_stop() {
        let (mut e, said) = engine();
        e.handle("position startpos moves e4e5");
        e.handle("go ponder depth 2 wtime 100000 btime 100000");
        std::thread::sleep(Duration::from_millis(200));
        assert!(
            !said.lock().unwrap().iter().any(|l| l.starts_with("bestmove")),
            "answered while pondering"
        );
        e.handle("ponderhit");
        let best = until_bestmove(&said).pop().unwrap();
        let words: Vec<&str> = best.split(' ').collect();
        assert!(words.len() == 2 || (words.len() == 4 && words[2] == "ponder"), "{best}");
        // Pondering without a depth: `ponderhit` starts the clock of the
        // `go`, and the search then ends by itself.
        e.handle("go ponder wtime 3000 btime 3000");
        std::thread::sleep(Duration::from_millis(100));
        e.handle("ponderhit");
        let best = until_bestmove(&said).pop().unwrap();
        assert!(best.starts_with("bestmove "), "{best}");
        // `stop` ends pondering with an answer.
        e.handle("go ponder");
        std::thread::sleep(Duration::from_millis(50));
        e.handle("stop");
        assert!(!e.thinker.is_running());
        until_bestmove(&said);
    }

    #[test]
    fn bestmove_names_the_expected_reply() {
        let (mut e, said) = engine();
        e.handle("go depth 4");
        let best = until_bestmove(&said).pop().unwrap();
        let words: Vec<&str> = best.split(' ').collect();
        assert_eq!((words.len(), words[2]), (4, "ponder"), "{best}");
        let mut pos = e.pos.clone();
        pos.play_text(words[1]).unwrap();
        assert!(pos.parse_move(words[3]).is_ok(), "{best}");
    }

    #[test]
    fn a_finished_game_answers_bestmove_none_at_once() {
        let (mut e, said) = engine();
        // The knights shuffle back and forth: threefold repetition, then
        // one more round past it, which `position` accepts.
        let round = "d2b1 d9b10 b1d2 b10d9";
        e.handle(&format!("position startpos moves {round} {round} {round}"));
        assert!(said.lock().unwrap().is_empty(), "{:?}", said.lock().unwrap());
        e.handle("go infinite");
        assert!(!e.thinker.is_running());
        let lines = said.lock().unwrap().clone();
        assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"), "{lines:?}");
        assert!(lines[0].contains("threefold repetition"), "{lines:?}");
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
            "frobnicate",
        ] {
            assert!(e.handle(line));
            assert_eq!(e.pos.fen(), before, "{line}");
            assert!(!e.thinker.is_running(), "{line}");
            let last = said.lock().unwrap().pop().unwrap_or_default();
            assert!(last.starts_with("info string error: "), "{line}: {last}");
        }
        assert_eq!(e.thinker.level(), MAX_LEVEL);
        assert_eq!(e.thinker.hash_mb(), DEFAULT_HASH_MB);
        assert!(e.handle("isready"));
        assert_eq!(said.lock().unwrap().pop().as_deref(), Some("readyok"));
        assert!(!e.handle("quit"));
    }
}
