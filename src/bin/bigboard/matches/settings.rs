//! How each side of a match plays: bigboard's own search with its limits,
//! or an engine program spoken to over UCI.

use crate::{now_ms, number};
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Control, Limits, SearchResult, Searcher};

/// Hash table size of each side when SETTINGS gives no `hash=`.
const DEFAULT_HASH_MB: usize = 16;
/// Thinking time of `level=7|8` when SETTINGS gives no `movetime=`.
const DEFAULT_LEVEL_TIME_MS: f64 = 1000.0;
/// How long a UCI engine may take over a move beyond its `movetime`, when
/// SETTINGS gives no `timeout=`: a loaded machine delays a process by tens
/// of milliseconds, never by a second.
const DEFAULT_TIMEOUT_MARGIN_MS: u64 = 1000;
/// How long a UCI engine may take over a move searched to a depth or a
/// node count, when SETTINGS gives no `timeout=`.
const DEFAULT_UNTIMED_TIMEOUT_MS: u64 = 60_000;

/// One side of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    Own(Settings),
    Uci(UciSettings),
}

impl Side {
    /// `uci:COMMAND,KEY=VALUE,...` for an engine program, bigboard's own
    /// SETTINGS otherwise.
    pub fn parse(text: &str) -> Result<Side, String> {
        match text.trim_start().strip_prefix("uci:") {
            Some(rest) => UciSettings::parse(rest).map(Side::Uci),
            None => Settings::parse(text).map(Side::Own),
        }
    }
}

/// How bigboard's own search plays: a level, or limits for a full-strength
/// search.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub level: Option<u8>,
    pub limits: Limits,
    pub hash_mb: usize,
}

impl Settings {
    /// Reads `level=N depth=N movetime=MS nodes=N hash=MB`, separated by
    /// spaces or commas.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut s = Settings {
            level: None,
            limits: Limits::default(),
            hash_mb: DEFAULT_HASH_MB,
        };
        for item in text.split([' ', ',', '\t']).filter(|t| !t.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| format!("setting '{}' is not KEY=VALUE", echo(item)))?;
            let n = number(key, value)?;
            match key {
                "level" => {
                    if !(MIN_LEVEL as u64..=MAX_LEVEL as u64).contains(&n) {
                        return Err(format!("level must be {MIN_LEVEL} to {MAX_LEVEL}, not {n}"));
                    }
                    s.level = Some(n as u8);
                }
                "depth" => s.limits.depth = Some(n.clamp(1, 100) as u32),
                "movetime" => s.limits.time_ms = Some(n as f64),
                "nodes" => s.limits.nodes = Some(n.max(1)),
                "hash" => s.hash_mb = n.clamp(1, 4096) as usize,
                other => {
                    return Err(format!(
                        "unknown setting '{}' (level, depth, movetime, nodes, hash; an engine program is uci:COMMAND)",
                        echo(other)
                    ));
                }
            }
        }
        if s.level.is_some() && (s.limits.depth.is_some() || s.limits.nodes.is_some()) {
            return Err("level= sets its own depth; combine it only with movetime= and hash=".into());
        }
        if s.level.is_none() && s.limits == Limits::default() {
            return Err(format!(
                "settings '{}' need level=, depth=, movetime= or nodes=",
                echo(text)
            ));
        }
        Ok(s)
    }

    /// This side's move in `pos`; `seed` varies the choices of low levels,
    /// `stop` ends the search early.
    pub fn play(
        &self,
        searcher: &mut Searcher,
        pos: &mut Position,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> SearchResult {
        let control = Control { clock: &now_ms, stop };
        match self.level {
            Some(level) => {
                let time = self.limits.time_ms.unwrap_or(DEFAULT_LEVEL_TIME_MS);
                searcher.choose(pos, level, time, seed, &control, &mut |_| {})
            }
            None => searcher.search(pos, self.limits, &control, &mut |_| {}),
        }
    }
}

/// An engine program spoken to over UCI: `uci:COMMAND` then, separated by
/// commas, `init=LINE` (sent after `uci`, in order; repeatable),
/// `movetime=MS`, `depth=N`, `nodes=N` (the `go` limits) and `timeout=MS`
/// (how long a move may take before the engine loses on time).
#[derive(Clone, Debug, PartialEq)]
pub struct UciSettings {
    /// The program and its arguments (split at spaces; no shell).
    pub command: Vec<String>,
    pub init: Vec<String>,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub timeout_ms: u64,
}

impl UciSettings {
    /// Reads what follows `uci:`.
    pub fn parse(text: &str) -> Result<UciSettings, String> {
        let mut items = text.split(',');
        let command: Vec<String> = items
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        if command.is_empty() {
            return Err("uci: needs the engine's command, as in uci:path/to/engine".into());
        }
        let mut s = UciSettings {
            command,
            init: Vec::new(),
            movetime_ms: None,
            depth: None,
            nodes: None,
            timeout_ms: 0,
        };
        let mut timeout = None;
        for item in items.map(str::trim).filter(|t| !t.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| format!("engine setting '{}' is not KEY=VALUE", echo(item)))?;
            let key = key.trim();
            let value = value.trim();
            match key {
                "init" => {
                    if value.is_empty() {
                        return Err("init= needs a line to send, as in init=setoption name Hash value 16".into());
                    }
                    s.init.push(value.to_string());
                }
                "movetime" => s.movetime_ms = Some(number(key, value)?.max(1)),
                "depth" => s.depth = Some(number(key, value)?.clamp(1, 1000)),
                "nodes" => s.nodes = Some(number(key, value)?.max(1)),
                "timeout" => timeout = Some(number(key, value)?.clamp(1, 86_400_000)),
                other => {
                    return Err(format!(
                        "unknown engine setting '{}' (init, movetime, depth, nodes, timeout)",
                        echo(other)
                    ));
                }
            }
        }
        if s.movetime_ms.is_none() && s.depth.is_none() && s.nodes.is_none() {
            return Err(format!(
                "engine settings 'uci:{}' need movetime=, depth= or nodes=",
                echo(text)
            ));
        }
        s.timeout_ms = timeout.unwrap_or(match s.movetime_ms {
            Some(ms) => ms.saturating_add(DEFAULT_TIMEOUT_MARGIN_MS),
            None => DEFAULT_UNTIMED_TIMEOUT_MS,
        });
        Ok(s)
    }

    /// The `go` line of each move.
    pub fn go_line(&self) -> String {
        let mut go = String::from("go");
        if let Some(d) = self.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(ms) = self.movetime_ms {
            go.push_str(&format!(" movetime {ms}"));
        }
        go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_spaces_and_commas() {
        let s = Settings::parse("depth=3, hash=8 nodes=1000").unwrap();
        assert_eq!(s.limits.depth, Some(3));
        assert_eq!(s.limits.nodes, Some(1000));
        assert_eq!(s.hash_mb, 8);
        assert_eq!(Settings::parse("level=3,movetime=50").unwrap().level, Some(3));
        for bad in ["", "depth", "depth=x", "level=9", "level=2 depth=3", "speed=1"] {
            assert!(Settings::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn uci_sides_read_a_command_init_lines_and_limits() {
        let text = "uci:/opt/fsf/stockfish --x, init=setoption name VariantPath value a b.ini,init=setoption name UCI_Variant value xhess, movetime=200";
        let Side::Uci(s) = Side::parse(text).unwrap() else {
            panic!("not a UCI side")
        };
        assert_eq!(s.command, ["/opt/fsf/stockfish", "--x"]);
        assert_eq!(
            s.init,
            [
                "setoption name VariantPath value a b.ini",
                "setoption name UCI_Variant value xhess"
            ]
        );
        assert_eq!(s.movetime_ms, Some(200));
        // The default timeout is the move time and a second.
        assert_eq!(s.timeout_ms, 1200);
        assert_eq!(s.go_line(), "go movetime 200");
        let Side::Uci(d) = Side::parse("uci:engine,depth=5,nodes=900,timeout=300").unwrap() else {
            panic!("not a UCI side")
        };
        assert_eq!((d.timeout_ms, d.go_line().as_str()), (300, "go depth 5 nodes 900"));
        assert!(matches!(Side::parse("depth=2").unwrap(), Side::Own(_)));
    }

    #[test]
    fn bad_uci_sides_are_refused_with_a_reason() {
        for (bad, says) in [
            ("uci:", "needs the engine's command"),
            ("uci: ,movetime=5", "needs the engine's command"),
            ("uci:e", "need movetime=, depth= or nodes="),
            ("uci:e,movetime=x", "movetime needs a number"),
            ("uci:e,movetime=5,init=", "init= needs a line"),
            ("uci:e,movetime=5,hash=4", "unknown engine setting 'hash'"),
            ("uci:e,movetime=5,junk", "not KEY=VALUE"),
        ] {
            let e = Side::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
