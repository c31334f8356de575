//! `xboard`: the XBoard / WinBoard protocol (CECP version 2) beside `uci`,
//! sharing its search thread ([`crate::thinker`]) and the game rules.
//!
//! XBoard has never heard of bigboard's variants, so the engine announces
//! them by name and, when one is chosen, teaches it with `setup` and one
//! `piece` command per kind ([`crate::xboard_board`]); it answers `lift`
//! with the lifted piece's legal destinations, so the GUI marks exactly
//! bigboard's moves whatever its own reading. Bad input gets `Error (...)`
//! or `Illegal move (...)` and changes nothing.

use crate::thinker::{DEFAULT_LEVEL_TIME_MS, Job, MAX_HASH_MB, Report, Thinker, at_least_one_ply, clock_budget};
use crate::xboard_board::{MAX_KINDS, MAX_SIDE, XbVariant};
use crate::{Out, load_file, read_lines, say};
use bigboard::Move;
use bigboard::Outcome;
use bigboard::Position;
use bigboard::builtin;
use bigboard::core::echo::echo;
use bigboard::core::geometry::Square;
use bigboard::core::piece::Color;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Info, Limits, Score};
use bigboard::variant::{BUILTIN_IDS, Variant, builtin_source};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Time kept back from every move for the pipes and the GUI.
const MOVE_OVERHEAD_MS: f64 = 30.0;
/// The longest clock, base time, increment or time per move read: one
/// day. Longer ones are typos or overflows (`time 1e308` is no number of
/// milliseconds), which would have the engine think for ever.
const MAX_CLOCK_MS: f64 = 24.0 * 3600.0 * 1000.0;
/// The longest the engine thinks on one move, whatever the clock: an hour.
const MAX_MOVE_MS: f64 = 3600.0 * 1000.0;
/// XBoard's scores for a mate in N: 100000 + N, or -100000 - N.
const MATE_SCORE: i64 = 100_000;

/// A variant on offer: its id, and once chosen (or given as a file) its
/// dress for XBoard.
type Offer = (String, Option<Arc<XbVariant>>);

/// The time control from `level`, `st`, `sd`, `time` and `otim`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Clock {
    /// Moves per period (`level`), 0 for the whole game.
    moves_per_period: u64,
    inc_ms: f64,
    /// Seconds per move (`st`), in milliseconds.
    per_move_ms: Option<f64>,
    /// Depth limit (`sd`).
    depth: Option<u32>,
    /// The engine's clock (`time`).
    left_ms: Option<f64>,
}

/// What the search thread and the protocol share: whether the move found
/// is still wanted, the move the thread announced, and the `ping`s that
/// came while the engine thought on its own move (a `pong` must follow the
/// move).
#[derive(Default)]
struct Shared {
    abort: bool,
    played: Option<Move>,
    pongs: Vec<String>,
    finished: bool,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

struct Engine {
    out: Out,
    /// The variants on offer: their ids, and once chosen (or given as
    /// files) their dress for XBoard.
    offered: Vec<Offer>,
    /// XBoard's `-rankOffset`, for the variants dressed later.
    rank_offset: i32,
    xb: Arc<XbVariant>,
    pos: Position,
    thinker: Thinker,
    shared: Arc<Mutex<Shared>>,
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    /// A search for the engine's own move is running.
    playing: bool,
    analyzing: bool,
    /// The game has ended (by the rules or by `result`); the engine makes
    /// no move until `new`, `setboard` or `undo`.
    over: bool,
    post: Arc<AtomicBool>,
    clock: Clock,
    lifted: Option<Square>,
}

/// The result line for a finished game: `1-0 {Checkmate, White wins}`.
fn result_line(o: &Outcome, variant: &Variant) -> String {
    let code = match o.winner {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    };
    let why = o.describe(variant);
    let mut chars = why.chars();
    let why: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    format!("{code} {{{why}}}")
}

/// The base time of `level`: minutes, or `MIN:SEC`; what follows the
/// number is left for later protocol versions (`25+5`).
fn base_ms(text: &str) -> Result<f64, String> {
    let bad = || "expected minutes or MIN:SEC".to_string();
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let n = digits(text);
    let minutes: f64 = text[..n].parse().map_err(|_| bad())?;
    let seconds = match text[n..].strip_prefix(':') {
        Some(rest) => rest[..digits(rest)].parse::<f64>().map_err(|_| bad())?,
        None => 0.0,
    };
    Ok(((minutes * 60.0 + seconds) * 1000.0).min(MAX_CLOCK_MS))
}

/// A line of thinking output: depth, score (centipawns, mates as
/// 100000 + N), time in centiseconds, nodes and the principal variation.
fn thinking_line(xb: &XbVariant, pos: &Position, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(c) => c as i64,
        Score::Mate(n) if n > 0 => MATE_SCORE + n as i64,
        Score::Mate(n) => -MATE_SCORE + n as i64,
    };
    let mut line = pos.clone();
    let mut pv = String::new();
    for &m in &info.pv {
        pv.push(' ');
        pv.push_str(&xb.move_text(&line, m));
        line.play_unchecked(m);
    }
    format!(
        "{} {score} {} {}{pv}",
        info.depth,
        (info.time_ms / 10.0).round() as u64,
        info.nodes
    )
}

impl Engine {
    fn new(out: Out, offered: Vec<Offer>, rank_offset: i32) -> Result<Engine, String> {
        let mut offered = offered;
        let xb = dress(&mut offered[0], rank_offset)?;
        Ok(Engine {
            out,
            pos: Position::new(xb.variant.clone()),
            xb,
            offered,
            rank_offset,
            thinker: Thinker::new(),
            shared: Arc::new(Mutex::new(Shared::default())),
            engine: Some(1),
            playing: false,
            analyzing: false,
            over: false,
            post: Arc::new(AtomicBool::new(false)),
            clock: Clock::default(),
            lifted: None,
        })
    }

    fn say(&self, line: &str) {
        (self.out)(line)
    }

    /// Handles one input line; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if command.is_empty() {
            return true;
        }
        self.sync();
        let error = |kind: &str| format!("Error ({kind}): {}", echo(line));
        let result: Result<(), String> = match command {
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name" | "rating"
            | "ics" | "draw" | "hint" | "." | "hover" => Ok(()),
            "protover" => {
                self.features();
                Ok(())
            }
            "new" => {
                self.halt(true);
                self.pos = Position::new(self.xb.variant.clone());
                self.engine = Some(1);
                self.over = false;
                self.clock.depth = None;
                self.thinker.clear();
                self.after_change();
                Ok(())
            }
            "variant" => self.variant(rest).map_err(|e| error(&e)),
            "force" => {
                self.halt(true);
                self.engine = None;
                Ok(())
            }
            "go" => {
                self.halt(true);
                self.analyzing = false;
                self.engine = Some(self.pos.side_to_move());
                self.think();
                Ok(())
            }
            "playother" => {
                self.halt(true);
                self.engine = Some(self.pos.side_to_move() ^ 1);
                Ok(())
            }
            "white" | "black" => {
                // Only sent with `colors=1`: the side to move, the engine
                // the other.
                self.halt(true);
                self.engine = Some(if command == "white" { 1 } else { 0 });
                Ok(())
            }
            "usermove" => self.usermove(rest),
            "?" => {
                if self.playing {
                    self.halt(false);
                }
                Ok(())
            }
            "ping" => {
                self.ping(rest);
                Ok(())
            }
            "result" => {
                self.halt(true);
                self.over = true;
                Ok(())
            }
            "setboard" => self.setboard(rest).map_err(|e| {
                self.say(&format!("tellusererror Illegal position: {e}"));
                error(&format!("bad position: {e}"))
            }),
            "undo" | "remove" => {
                let plies = if command == "undo" { 1 } else { 2 };
                self.halt(true);
                if self.pos.moves_played().len() < plies {
                    Err(error("command not legal now"))
                } else {
                    for _ in 0..plies {
                        self.pos.undo();
                    }
                    self.over = false;
                    self.after_change();
                    Ok(())
                }
            }
            "post" | "nopost" => {
                self.post.store(command == "post", Ordering::Relaxed);
                Ok(())
            }
            "analyze" => {
                self.halt(true);
                self.analyzing = true;
                self.engine = None;
                self.after_change();
                Ok(())
            }
            "exit" => {
                if self.analyzing {
                    self.halt(true);
                    self.analyzing = false;
                }
                Ok(())
            }
            "bk" => {
                self.say(" bigboard has no opening book");
                self.say("");
                Ok(())
            }
            "level" | "st" | "sd" | "time" | "otim" => self.clock_command(command, rest).map_err(|e| error(&e)),
            "memory" => match rest.parse::<usize>() {
                Ok(mb) if mb >= 1 => self.thinker.set_hash(mb.min(MAX_HASH_MB)).map_err(|e| error(&e)),
                _ => Err(error("expected a number of megabytes")),
            },
            "option" => self.option(rest).map_err(|e| error(&e)),
            "lift" | "put" => self.touch(command, rest).map_err(|e| error(&e)),
            "quit" => {
                self.halt(true);
                return false;
            }
            _ => Err(error("unknown command")),
        };
        if let Err(line) = result {
            self.say(&line);
        }
        true
    }

    /// The features, after `protover`.
    fn features(&self) {
        let ids: Vec<&str> = self.offered.iter().map(|(id, _)| id.as_str()).collect();
        self.say("feature done=0");
        self.say(&format!("feature myname=\"bigboard\" variants=\"{}\"", ids.join(",")));
        self.say(
            "feature ping=1 setboard=1 playother=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 \
             reuse=1 analyze=1 colors=0 name=0 nps=0 memory=1 smp=0 exclude=0 setscore=0 highlight=1 debug=1",
        );
        self.say(&format!(
            "feature option=\"Level -spin {} {MIN_LEVEL} {MAX_LEVEL}\"",
            self.thinker.level()
        ));
        self.say(&format!(
            "feature option=\"Hash -spin {} 1 {MAX_HASH_MB}\"",
            self.thinker.hash_mb()
        ));
        self.say("feature done=1");
    }

    /// Applies the move of a search that has ended by itself.
    fn sync(&mut self) {
        if self.thinker.is_running() && lock(&self.shared).finished {
            self.halt(false);
        }
    }

    /// Stops any search; with `abort` the move it would make is not wanted.
    /// A move the search announced is played here too, as the GUI has it.
    fn halt(&mut self, abort: bool) {
        if !self.thinker.is_running() {
            return;
        }
        if abort {
            lock(&self.shared).abort = true;
        }
        if let Err(e) = self.thinker.finish() {
            self.say(&format!("tellusererror bigboard: {e}"));
        }
        self.playing = false;
        let played = lock(&self.shared).played.take();
        if let Some(m) = played {
            self.pos.play_unchecked(m);
            self.over = self.pos.outcome().is_some();
        }
    }

    /// After the position changed: analysis starts again on the new one.
    fn after_change(&mut self) {
        self.lifted = None;
        if self.analyzing {
            self.analyze();
        }
    }

    /// `variant NAME`: the variant, taught to the GUI with `setup` and
    /// `piece`, and a new game of it.
    fn variant(&mut self, name: &str) -> Result<(), String> {
        // XBoard may put a board size before the name: `10x10+0_xhess`.
        let id = name
            .split_once('_')
            .filter(|(size, _)| size.contains('x'))
            .map_or(name, |(_, id)| id);
        let rank_offset = self.rank_offset;
        let offer = self
            .offered
            .iter_mut()
            .find(|(o, _)| o == id)
            .ok_or_else(|| "unsupported variant".to_string())?;
        let xb = dress(offer, rank_offset).map_err(|e| format!("unsupported variant: {e}"))?;
        self.halt(true);
        self.xb = xb;
        self.pos = Position::new(self.xb.variant.clone());
        self.over = false;
        self.say(&self.xb.setup_line(&self.pos));
        for line in self.xb.piece_lines() {
            self.say(&line);
        }
        for p in &self.xb.problems {
            self.say(&format!("# XBoard cannot check this by itself: {p}"));
        }
        self.after_change();
        Ok(())
    }

    /// `usermove MOVE`: the opponent's move, then the engine's answer when
    /// it is the engine's turn.
    fn usermove(&mut self, text: &str) -> Result<(), String> {
        self.halt(true);
        let illegal = |why: &str| format!("Illegal move ({why}): {}", echo(text));
        if let Some(o) = self.pos.outcome() {
            return Err(illegal(&format!("the game is over: {}", o.describe(&self.xb.variant))));
        }
        let m = self.xb.parse_move(&mut self.pos, text).map_err(|e| illegal(&e))?;
        self.pos.play_unchecked(m);
        if let Some(o) = self.pos.outcome() {
            self.over = true;
            self.say(&result_line(&o, &self.xb.variant));
        } else if self.engine == Some(self.pos.side_to_move()) {
            self.think();
        }
        self.after_change();
        Ok(())
    }

    /// `ping N`: `pong N` at once, or after the move when the engine is
    /// thinking on its own move.
    fn ping(&mut self, n: &str) {
        let pong = format!("pong {}", echo(n));
        let mut shared = lock(&self.shared);
        if self.playing && !shared.finished {
            shared.pongs.push(pong);
        } else {
            drop(shared);
            self.say(&pong);
        }
    }

    /// `setboard FEN` in XBoard's letters.
    fn setboard(&mut self, fen: &str) -> Result<(), String> {
        let pos = self.xb.read_fen(fen)?;
        self.halt(true);
        self.pos = pos;
        self.over = false;
        self.after_change();
        Ok(())
    }

    /// `level MPS BASE INC`, `st SECONDS`, `sd DEPTH`, `time CS`, `otim CS`.
    fn clock_command(&mut self, command: &str, rest: &str) -> Result<(), String> {
        let number = |text: &str| -> Result<f64, String> {
            text.parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0)
                .ok_or_else(|| "expected a number".to_string())
        };
        let seconds = |text: &str| number(text).map(|n| (n * 1000.0).min(MAX_CLOCK_MS));
        // A clock may have run below zero when it reaches the engine.
        let clock = |text: &str| -> Result<f64, String> {
            text.parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .map(|n| (n.max(0.0) * 10.0).min(MAX_CLOCK_MS))
                .ok_or_else(|| "expected centiseconds".to_string())
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        match (command, &words[..]) {
            ("level", [mps, base, inc]) => {
                let mps = number(mps)?;
                self.clock.left_ms = Some(base_ms(base)?);
                self.clock.moves_per_period = mps as u64;
                self.clock.inc_ms = seconds(inc)?;
                self.clock.per_move_ms = None;
            }
            ("st", [per_move]) => self.clock.per_move_ms = Some(seconds(per_move)?),
            ("sd", [depth]) => self.clock.depth = Some((number(depth)? as u32).clamp(1, 100)),
            ("time", [cs]) => self.clock.left_ms = Some(clock(cs)?),
            // The opponent's clock does not change how long the engine thinks.
            ("otim", [cs]) => {
                clock(cs)?;
            }
            _ => return Err("wrong number of values".into()),
        }
        Ok(())
    }

    /// `option NAME=VALUE` for the options announced.
    fn option(&mut self, rest: &str) -> Result<(), String> {
        let (name, value) = rest.split_once('=').ok_or("expected option NAME=VALUE")?;
        let value: usize = value.trim().parse().map_err(|_| "expected a number".to_string())?;
        match name.trim() {
            "Level" => self.thinker.set_level(value.min(u8::MAX as usize) as u8),
            "Hash" => self.thinker.set_hash(value),
            _ => Err("unknown option".into()),
        }
    }

    /// `lift SQUARE` (answered with `highlight`) and `put SQUARE`
    /// (answered with `choice` where the piece may promote there).
    fn touch(&mut self, command: &str, square: &str) -> Result<(), String> {
        let sq = match self.xb.parse_square_prefix(square) {
            Some((sq, "")) => sq,
            _ => return Err("not a square of the board".into()),
        };
        if command == "lift" {
            self.lifted = Some(sq);
            let line = self.xb.highlight(&mut self.pos, sq);
            self.say(&line);
        } else if let Some(from) = self.lifted.take()
            && let Some(line) = self.xb.choice(&mut self.pos, from, sq)
        {
            self.say(&line);
        }
        Ok(())
    }

    /// The limits of the engine's next move from the time control.
    fn limits(&self) -> Limits {
        let c = &self.clock;
        let time_ms = if let Some(per_move) = c.per_move_ms {
            Some((per_move - MOVE_OVERHEAD_MS).max(per_move / 2.0))
        } else if let Some(left) = c.left_ms {
            let done = self.pos.fullmove_number().saturating_sub(1) as u64;
            let to_go = (c.moves_per_period > 0).then(|| c.moves_per_period - done % c.moves_per_period);
            Some(clock_budget((left - MOVE_OVERHEAD_MS).max(0.0), c.inc_ms, to_go))
        } else if c.depth.is_none() {
            Some(DEFAULT_LEVEL_TIME_MS)
        } else {
            None
        };
        at_least_one_ply(Limits {
            depth: c.depth,
            nodes: None,
            time_ms: time_ms.map(|t| t.min(MAX_MOVE_MS)),
        })
    }

    /// Starts thinking on the engine's own move; the search thread
    /// announces it (and the result, when the move ends the game).
    fn think(&mut self) {
        if let Some(o) = self.pos.outcome() {
            if !self.over {
                self.over = true;
                self.say(&result_line(&o, &self.xb.variant));
            }
            return;
        }
        if self.over {
            return;
        }
        *lock(&self.shared) = Shared::default();
        let (xb, out, shared) = (self.xb.clone(), self.out.clone(), self.shared.clone());
        let job = Job {
            pos: self.pos.clone(),
            among: Vec::new(),
            limits: self.limits(),
            stop_also: Box::new(|| false),
            hold: Box::new(|| false),
            report: self.reporter(false),
            done: Box::new(move |pos, result| {
                let mut shared = lock(&shared);
                if !shared.abort
                    && let Some(m) = result.best
                {
                    for leg in xb.move_legs(pos, m) {
                        out(&format!("move {leg}"));
                    }
                    shared.played = Some(m);
                    pos.play_unchecked(m);
                    if let Some(o) = pos.outcome() {
                        out(&result_line(&o, &xb.variant));
                    }
                }
                for pong in std::mem::take(&mut shared.pongs) {
                    out(&pong);
                }
                shared.finished = true;
            }),
        };
        match self.thinker.start(job) {
            Ok(()) => self.playing = true,
            Err(e) => self.say(&format!("tellusererror bigboard: {e}")),
        }
    }

    /// Starts analysing the position until it changes or `exit`.
    fn analyze(&mut self) {
        self.halt(true);
        if self.pos.outcome().is_some() {
            return;
        }
        *lock(&self.shared) = Shared::default();
        let shared = self.shared.clone();
        let job = Job {
            pos: self.pos.clone(),
            among: Vec::new(),
            limits: Limits::default(),
            stop_also: Box::new(|| false),
            hold: Box::new(|| true),
            report: self.reporter(true),
            done: Box::new(move |_, _| lock(&shared).finished = true),
        };
        if let Err(e) = self.thinker.start(job) {
            self.say(&format!("tellusererror bigboard: {e}"));
        }
    }

    /// Prints thinking output under `post` (always when analysing).
    fn reporter(&self, always: bool) -> Report {
        let (xb, out, post) = (self.xb.clone(), self.out.clone(), self.post.clone());
        Box::new(move |pos, info| {
            if always || post.load(Ordering::Relaxed) {
                out(&thinking_line(&xb, pos, info));
            }
        })
    }
}

/// Whether built-in variant `id` can be shown by XBoard as far as its
/// board size and number of kinds tell, read from its definition without
/// compiling it (UC-170-17's 164 kinds take a while and cannot be).
fn builtin_fits(id: &str) -> bool {
    let Some(table) = builtin_source(id).and_then(|s| bigboard::variant::toml::parse(s).ok()) else {
        return false;
    };
    let side = |key: &str| {
        table
            .get(key)
            .and_then(|v| v.as_integer())
            .is_some_and(|n| n <= MAX_SIDE as i64)
    };
    let kinds = table.get("piece").and_then(|p| p.as_array()).map_or(0, |a| a.len());
    side("width") && side("height") && kinds <= MAX_KINDS
}

/// The variants offered: the built-ins XBoard can show, then the
/// definition files given, dressed at once so that a file XBoard cannot
/// show is an error at the start.
fn offered(files: &[String], rank_offset: i32) -> Result<Vec<Offer>, String> {
    let mut out: Vec<Offer> = BUILTIN_IDS
        .iter()
        .filter(|id| builtin_fits(id))
        .map(|id| (id.to_string(), None))
        .collect();
    for path in files {
        let xb = XbVariant::new(load_file(path)?, rank_offset).map_err(|e| format!("{}: {e}", echo(path)))?;
        let id = xb.variant.id.clone();
        out.retain(|(o, _)| *o != id);
        out.push((id, Some(Arc::new(xb))));
    }
    Ok(out)
}

/// The variant on offer, dressed for XBoard on first use.
fn dress(offer: &mut Offer, rank_offset: i32) -> Result<Arc<XbVariant>, String> {
    if let Some(xb) = &offer.1 {
        return Ok(xb.clone());
    }
    let variant = builtin(&offer.0).ok_or_else(|| format!("built-in variant {} is missing", offer.0))?;
    let xb = Arc::new(XbVariant::new(variant, rank_offset)?);
    offer.1 = Some(xb.clone());
    Ok(xb)
}

/// `xboard [--rank-offset 0|1] [DEFINITION.toml ...]`: speaks the XBoard
/// protocol on stdin/stdout until `quit` or the end of input.
pub fn xboard_command(args: &crate::cli::XboardArgs) -> Result<(), String> {
    let rank_offset = args.rank_offset;
    let mut engine = Engine::new(Arc::new(say), offered(&args.files, rank_offset)?, rank_offset)?;
    read_lines(|line| engine.handle(line));
    engine.halt(true);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// An engine whose output lines are collected.
    fn engine() -> (Engine, Arc<Mutex<Vec<String>>>) {
        let said = Arc::new(Mutex::new(Vec::<String>::new()));
        let log = said.clone();
        let e = Engine::new(
            Arc::new(move |t: &str| log.lock().unwrap().push(t.to_string())),
            offered(&[], 0).unwrap(),
            0,
        )
        .unwrap();
        (e, said)
    }

    fn take(said: &Mutex<Vec<String>>) -> Vec<String> {
        std::mem::take(&mut *said.lock().unwrap())
    }

    /// Waits up to 20 s for a line starting with `start`; the lines so far.
    fn until(said: &Mutex<Vec<String>>, start: &str) -> Vec<String> {
        for _ in 0..2000 {
            if said.lock().unwrap().iter().any(|l| l.starts_with(start)) {
                return take(said);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no {start}: {:?}", said.lock().unwrap());
    }

    #[test]
    fn the_clock_gives_each_move_its_share() {
        let (mut e, _) = engine();
        let budget = |left: f64, to_go| Some(clock_budget(left - MOVE_OVERHEAD_MS, 0.0, to_go));
        e.handle("level 0 1 0");
        e.handle("time 3000");
        assert_eq!(e.limits().time_ms, budget(30_000.0, None));
        // Until `time` comes, the clock holds the time control's base.
        e.handle("level 40 5 0");
        assert_eq!(e.limits().time_ms, budget(300_000.0, Some(40)));
        e.handle("time 3000");
        assert_eq!(e.limits().time_ms, budget(30_000.0, Some(40)));
        e.handle("st 2");
        assert_eq!(e.limits().time_ms, Some(2000.0 - MOVE_OVERHEAD_MS));
        e.handle("sd 3");
        assert_eq!(e.limits().depth, Some(3));
        e.handle("level 0 1 0");
        e.handle("time -20");
        assert_eq!((e.limits().depth, e.limits().time_ms), (Some(1), None));
    }

    /// xboard-infinite-clock.txt: times too long for any game (or for a
    /// number) are read as a day, and no move is thought on for more than
    /// an hour.
    #[test]
    fn absurd_times_are_bounded() {
        let (mut e, said) = engine();
        let day = 24.0 * 3600.0 * 1000.0;
        let budget = |left: f64, inc: f64, to_go| Some(clock_budget(left - MOVE_OVERHEAD_MS, inc, to_go));
        e.handle("time 1e308");
        assert_eq!(e.limits().time_ms, budget(day, 0.0, None));
        e.handle("st 1e300");
        assert_eq!(e.limits().time_ms, Some(3600.0 * 1000.0));
        let minutes = "9".repeat(400);
        e.handle(&format!("level 40 {minutes} 1e308"));
        assert_eq!(e.clock.left_ms, Some(day));
        assert_eq!(e.clock.inc_ms, day);
        assert_eq!(e.limits().time_ms, Some(3600.0 * 1000.0));
        e.handle("otim 1e308");
        assert!(take(&said).is_empty());
        // An ordinary long game is read as given.
        e.handle("level 40 120 30");
        e.handle("time 720000");
        assert_eq!(e.limits().time_ms, budget(7_200_000.0, 30_000.0, Some(40)));
    }

    #[test]
    fn level_reads_minutes_or_minutes_and_seconds() {
        assert_eq!(base_ms("5"), Ok(300_000.0));
        assert_eq!(base_ms("0:30"), Ok(30_000.0));
        assert_eq!(base_ms("25+5"), Ok(1_500_000.0));
        assert!(base_ms("x").is_err());
        assert!(base_ms(":30").is_err());
    }

    #[test]
    fn a_mate_score_is_written_as_xboard_reads_it() {
        let (e, _) = engine();
        let info = |score| Info {
            depth: 3,
            seldepth: 3,
            score,
            nodes: 1234,
            time_ms: 567.0,
            nps: 0,
            hashfull: 0,
            pv: Vec::new(),
        };
        assert_eq!(thinking_line(&e.xb, &e.pos, &info(Score::Cp(-35))), "3 -35 57 1234");
        assert_eq!(thinking_line(&e.xb, &e.pos, &info(Score::Mate(2))), "3 100002 57 1234");
        assert_eq!(
            thinking_line(&e.xb, &e.pos, &info(Score::Mate(-1))),
            "3 -100001 57 1234"
        );
    }

    #[test]
    fn a_ping_while_thinking_is_answered_after_the_move() {
        let (mut e, said) = engine();
        e.handle("new");
        e.handle("st 1");
        e.handle("go");
        e.handle("ping 7");
        let lines = until(&said, "pong");
        let mv = lines.iter().position(|l| l.starts_with("move ")).expect("a move");
        assert_eq!(lines.last().map(String::as_str), Some("pong 7"), "{lines:?}");
        assert!(mv < lines.len() - 1);
    }
}
