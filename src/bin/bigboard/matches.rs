//! `match`: two engine settings play each other from varied openings.

use crate::{now_ms, number, option_value, variant_arg};
use bigboard::echo::echo;
use bigboard::piece::Color;
use bigboard::position::Position;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Control, Limits, SearchResult, Searcher};
use bigboard::variant::Variant;
use std::sync::Arc;

/// Hash table size of each side when SETTINGS gives no `hash=`.
const DEFAULT_HASH_MB: usize = 16;
/// Thinking time of `level=7|8` when SETTINGS gives no `movetime=`.
const DEFAULT_LEVEL_TIME_MS: f64 = 1000.0;

/// How one side plays: a level, or limits for a full-strength search.
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
                        "unknown setting '{}' (level, depth, movetime, nodes, hash)",
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

    /// This side's move in `pos`; `seed` varies the choices of low levels.
    fn play(&self, searcher: &mut Searcher, pos: &mut Position, seed: u64) -> SearchResult {
        let control = Control {
            clock: &now_ms,
            stop: &|| false,
        };
        match self.level {
            Some(level) => {
                let time = self.limits.time_ms.unwrap_or(DEFAULT_LEVEL_TIME_MS);
                searcher.choose(pos, level, time, seed, &control, &mut |_| {})
            }
            None => searcher.search(pos, self.limits, &control, &mut |_| {}),
        }
    }
}

/// SplitMix64: a small, fixed generator, so a seed gives the same
/// openings on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, stream: u64) -> Rng {
        let mut r = Rng(seed);
        let s = r.next() ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Rng(s)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The position after 2-4 random legal plies, chosen by (seed, pair), and
/// the plies' text.
fn opening(variant: &Arc<Variant>, seed: u64, pair: u64) -> (Position, Vec<String>) {
    let mut rng = Rng::new(seed, pair);
    let mut pos = Position::new(variant.clone());
    let plies = 2 + rng.below(3);
    let mut texts = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        pos.legal_moves(&mut legal);
        let m = legal[rng.below(legal.len())];
        texts.push(pos.uci_text(m));
        pos.play_unchecked(m);
    }
    (pos, texts)
}

/// How a game ended: the winner (`None` for a draw) and why.
struct GameResult {
    winner: Option<Color>,
    why: String,
    plies: usize,
}

/// Plays one game from `pos`; `players[c]` moves for colour `c`.
fn play_game(
    mut pos: Position,
    players: [(&Settings, &mut Searcher); 2],
    max_plies: usize,
    seed: u64,
) -> Result<GameResult, String> {
    let [(white, ws), (black, bs)] = players;
    ws.clear();
    bs.clear();
    loop {
        let plies = pos.moves_played().len();
        if let Some(o) = pos.outcome() {
            return Ok(GameResult {
                winner: o.winner,
                why: o.reason.to_string(),
                plies,
            });
        }
        if plies >= max_plies {
            return Ok(GameResult {
                winner: None,
                why: format!("adjudicated after {max_plies} plies"),
                plies,
            });
        }
        let ply_seed = seed ^ (plies as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let result = if pos.side_to_move() == 0 {
            white.play(ws, &mut pos, ply_seed)
        } else {
            black.play(bs, &mut pos, ply_seed)
        };
        let m = result.best.ok_or_else(|| format!("no move found in {}", pos.fen()))?;
        pos.play(m)
            .map_err(|e| format!("the search chose an illegal move: {e}"))?;
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `match VARIANT --a SETTINGS --b SETTINGS --games N [--seed S] [--max-plies P]`.
pub fn match_command(args: &[String]) -> Result<(), String> {
    let variant = variant_arg(args.first().ok_or("missing VARIANT")?)?;
    let (mut a, mut b, mut games) = (None, None, None);
    let mut seed = 0;
    let mut max_plies = 400;
    let mut i = 1;
    while i < args.len() {
        let value = option_value(args, i)?;
        let name = args[i].as_str();
        match name {
            "--a" => a = Some((value, Settings::parse(value)?)),
            "--b" => b = Some((value, Settings::parse(value)?)),
            "--games" => games = Some(number(name, value)?),
            "--seed" => seed = number(name, value)?,
            "--max-plies" => max_plies = number(name, value)?.clamp(1, 100_000) as usize,
            other => return Err(format!("unknown option '{}'", echo(other))),
        }
        i += 2;
    }
    let (a_text, a) = a.ok_or("give --a SETTINGS")?;
    let (b_text, b) = b.ok_or("give --b SETTINGS")?;
    let games = games.ok_or("give --games N")?;
    if !(1..=100_000).contains(&games) {
        return Err(format!("--games must be 1 to 100000, not {games}"));
    }
    println!(
        "match {}: A \"{a_text}\" vs B \"{b_text}\", {games} games, seed {seed}, max {max_plies} plies",
        variant.id
    );
    let mut sa = crate::searcher(a.hash_mb)?;
    let mut sb = crate::searcher(b.hash_mb)?;
    let (mut wins, mut losses, mut draws) = (0u32, 0u32, 0u32);
    for g in 0..games {
        let pair = g / 2;
        let a_white = g % 2 == 0;
        let (pos, texts) = opening(&variant, seed, pair);
        let game_seed = Rng::new(seed, g).next();
        let players = if a_white {
            [(&a, &mut sa), (&b, &mut sb)]
        } else {
            [(&b, &mut sb), (&a, &mut sa)]
        };
        let r = play_game(pos, players, max_plies, game_seed)?;
        let a_color: Color = if a_white { 0 } else { 1 };
        let (score, verdict) = match r.winner {
            None => {
                draws += 1;
                ("1/2-1/2", "draw".to_string())
            }
            Some(c) => {
                if c == a_color {
                    wins += 1;
                } else {
                    losses += 1;
                }
                let name = if c == a_color { "A" } else { "B" };
                (if c == 0 { "1-0" } else { "0-1" }, format!("{name} wins"))
            }
        };
        let (white, black) = if a_white { ("A", "B") } else { ("B", "A") };
        println!(
            "game {}/{games}: {white} white, {black} black, opening {}: {score} {verdict} ({}), {} plies",
            g + 1,
            texts.join(" "),
            r.why,
            r.plies
        );
    }
    let a_score = wins as f64 + draws as f64 / 2.0;
    let b_score = losses as f64 + draws as f64 / 2.0;
    println!(
        "score: A {a_score} - B {b_score} ({}, {}, {})",
        plural(wins, "win", "wins"),
        plural(losses, "loss", "losses"),
        plural(draws, "draw", "draws")
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bigboard::variant::builtin;

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
    fn openings_are_deterministic_and_short() {
        let v = builtin("xhess").unwrap();
        for pair in 0..20 {
            let (p1, t1) = opening(&v, 7, pair);
            let (p2, t2) = opening(&v, 7, pair);
            assert_eq!(t1, t2);
            assert_eq!(p1.hash(), p2.hash());
            assert!((2..=4).contains(&t1.len()), "{t1:?}");
        }
        let all: Vec<Vec<String>> = (0..20).map(|k| opening(&v, 7, k).1).collect();
        assert!(all.iter().any(|t| *t != all[0]));
    }
}
