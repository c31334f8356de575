//! `match`: two players (bigboard's own search with given settings, or any
//! UCI engine program) play each other from varied openings, refereed by
//! bigboard, with games in parallel, the result as Elo with its error
//! margin, and a sequential test that can end the match early.

mod engine;
mod openings;
mod pgn;
mod referee;
mod settings;
mod stats;
mod tune_data;

pub use openings::openings_command;
pub use tune_data::tune_data_command;

use crate::cli::MatchArgs;
use crate::variant_arg;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::core::piece::Color;
use openings::{Book, Rng, random_opening};
use referee::{Draw, Forfeit, GameResult, Judging, Player, Resign, play_game};
use settings::Side;
use stats::{Sprt, Verdict, Wdl};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::channel;

/// What a match is asked to do.
struct MatchOptions {
    a: Side,
    b: Side,
    a_text: String,
    b_text: String,
    games: u64,
    seed: u64,
    judging: Judging,
    book: Option<(String, Book)>,
    concurrency: u64,
    sprt: Option<Sprt>,
    /// Where each game is written as PGN (`--pgn`).
    pgn: Option<String>,
}

/// What a worker thread tells the match.
enum Report {
    Game {
        game: u64,
        opening: Vec<String>,
        /// The start position of a random setup.
        start: Option<String>,
        result: GameResult,
    },
    /// Ended by the test's decision before its end.
    Abandoned,
    Fatal(String),
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `match VARIANT --a SIDE --b SIDE --games N [--seed S] [--max-plies P]
/// [--openings FILE] [--concurrency N] [--sprt ELO0,ELO1[,ALPHA,BETA]]
/// [--resign CP,MOVES] [--draw PLY,MOVES,CP] [--pgn FILE]`.
pub fn match_command(args: &MatchArgs) -> Result<(), String> {
    let variant = variant_arg(&args.variant)?;
    let a = Side::parse(&args.a).map_err(|e| format!("--a: {e}"))?;
    let b = Side::parse(&args.b).map_err(|e| format!("--b: {e}"))?;
    let (a_text, b_text) = (args.a.clone(), args.b.clone());
    let (games, seed, concurrency) = (args.games, args.seed, args.concurrency);
    let max_plies = args.max_plies.clamp(1, 100_000) as usize;
    let book = match &args.openings {
        Some(path) => Some((path.clone(), Book::load(path, &variant)?)),
        None => None,
    };
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let resign = args.resign.as_deref().map(Resign::parse).transpose()?;
    let draw = args.draw.as_deref().map(Draw::parse).transpose()?;
    let pgn = args.pgn.clone();
    if !(1..=100_000).contains(&games) {
        return Err(format!("--games must be 1 to 100000, not {games}"));
    }
    if !(1..=64).contains(&concurrency) {
        return Err(format!("--concurrency must be 1 to 64, not {concurrency}"));
    }
    let options = MatchOptions {
        a,
        b,
        a_text,
        b_text,
        games,
        seed,
        judging: Judging {
            max_plies,
            resign,
            draw,
        },
        book,
        concurrency: concurrency.min(games),
        sprt,
        pgn,
    };
    run_match(&variant, &options)
}

/// Plays the games on `concurrency` threads, each with its own players,
/// and prints each game as it ends, then the summary.
fn run_match(variant: &std::sync::Arc<bigboard::variant::Variant>, o: &MatchOptions) -> Result<(), String> {
    let openings = match &o.book {
        Some((path, book)) => format!(
            "openings from {} ({})",
            echo(path),
            plural(book.openings.len() as u64, "line", "lines")
        ),
        None if variant.random_setup.is_some() => format!("the setups of seeds from {}", o.seed),
        None => format!("random openings, seed {}", o.seed),
    };
    let resign = match o.judging.resign {
        Some(r) => format!(", resign at {} cp over {} moves", r.cp, r.moves),
        None => String::new(),
    };
    let draw = match o.judging.draw {
        Some(d) => format!(", draw from ply {} at {} cp over {} moves", d.from_ply, d.cp, d.moves),
        None => String::new(),
    };
    println!(
        "match {}: A \"{}\" vs B \"{}\", {} games, {openings}, max {} plies{resign}{draw}, concurrency {}",
        variant.id, o.a_text, o.b_text, o.games, o.judging.max_plies, o.concurrency
    );
    // Made before any game, so that a path that cannot be written is told
    // at once.
    let mut pgn_file = match &o.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("--pgn: cannot write {}: {e}", echo(path)))?)
        }
        None => None,
    };
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Report>();
    let mut tally = Tally::default();
    let mut fatal = None;
    std::thread::scope(|scope| {
        for _ in 0..o.concurrency {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(variant, o, next, stop, &tx));
        }
        drop(tx);
        for report in rx {
            match report {
                Report::Game {
                    game,
                    opening,
                    start,
                    result,
                } => {
                    println!("{}", tally.record(o, game, &opening, &result));
                    if let (Some(file), Some(path)) = (&mut pgn_file, &o.pgn) {
                        let a = format!("A: {}", o.a_text);
                        let b = format!("B: {}", o.b_text);
                        let players = if game.is_multiple_of(2) { [&a, &b] } else { [&b, &a] };
                        let text = pgn::pgn_text(&pgn::GameRecord {
                            variant: &variant.id,
                            round: game + 1,
                            players: players.map(String::as_str),
                            fen: start.as_deref(),
                            // A random setup's line names the seed: no moves.
                            opening: if start.is_some() { 0 } else { opening.len() },
                            result: &result,
                        });
                        if let Err(e) = std::io::Write::write_all(file, text.as_bytes()) {
                            fatal.get_or_insert(format!("--pgn: cannot write {}: {e}", echo(path)));
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    if let Some(sprt) = &o.sprt
                        && tally.verdict.is_none()
                    {
                        let (_, verdict) = sprt.test(&tally.pairs);
                        if verdict != Verdict::Continue {
                            tally.verdict = Some(verdict);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Report::Abandoned => tally.abandoned += 1,
                Report::Fatal(e) => {
                    fatal.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = fatal {
        return Err(e);
    }
    tally.print_summary(o);
    Ok(())
}

/// A worker: takes the next game until none is left or the match stops.
fn worker(
    variant: &std::sync::Arc<bigboard::variant::Variant>,
    o: &MatchOptions,
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &std::sync::mpsc::Sender<Report>,
) {
    let players = Player::new(&o.a, variant)
        .map_err(|e| format!("A: {e}"))
        .and_then(|a| Ok((a, Player::new(&o.b, variant).map_err(|e| format!("B: {e}"))?)));
    let (mut a, mut b) = match players {
        Ok(p) => p,
        Err(e) => {
            let _ = tx.send(Report::Fatal(e));
            return;
        }
    };
    let is_stopped = || stop.load(Ordering::Relaxed);
    while !is_stopped() {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= o.games {
            break;
        }
        let pair = game / 2;
        // A variant with random setups starts each pair from the setup of
        // seed + pair, with no opening moves.
        let setup = (o.book.is_none() && variant.random_setup.is_some()).then(|| o.seed.wrapping_add(pair));
        let start = match setup.map(|s| Position::random(variant.clone(), s)) {
            Some(Ok(pos)) => Some(pos.fen()),
            Some(Err(e)) => {
                let _ = tx.send(Report::Fatal(e));
                break;
            }
            None => None,
        };
        let opening = match (&o.book, setup) {
            (Some((_, book)), _) => book.opening(pair).to_vec(),
            (None, Some(s)) => vec![format!("(setup of seed {s})")],
            (None, None) => random_opening(variant, o.seed, pair),
        };
        let moves = if setup.is_some() { &[][..] } else { &opening[..] };
        let game_seed = Rng::new(o.seed, game).next();
        let a_white = game.is_multiple_of(2);
        let (players, labels) = if a_white {
            ([&mut a, &mut b], ["A", "B"])
        } else {
            ([&mut b, &mut a], ["B", "A"])
        };
        let from = referee::Start {
            fen: start.as_deref(),
            opening: moves,
        };
        let report = match play_game(variant, from, players, labels, o.judging, game_seed, &is_stopped) {
            Ok(Some(result)) => Report::Game {
                game,
                opening,
                start,
                result,
            },
            Ok(None) => Report::Abandoned,
            Err(e) => Report::Fatal(e),
        };
        if tx.send(report).is_err() {
            break;
        }
    }
}

/// The results so far, from A's side.
#[derive(Default)]
struct Tally {
    wdl: Wdl,
    /// Pairs by A's points in them: 0, 1/2, 1, 3/2, 2.
    pairs: [u32; 5],
    /// A's half-points in the first game of a pair whose other game has not
    /// ended yet.
    half_pairs: HashMap<u64, u32>,
    forfeits: [[u64; 3]; 2],
    abandoned: u64,
    verdict: Option<Verdict>,
}

impl Tally {
    /// Counts a game and returns its line.
    fn record(&mut self, o: &MatchOptions, game: u64, opening: &[String], r: &GameResult) -> String {
        let a_color: Color = if game.is_multiple_of(2) { 0 } else { 1 };
        let (score, verdict, half_points) = match r.winner {
            None => {
                self.wdl.draws += 1;
                ("1/2-1/2", "draw".to_string(), 1)
            }
            Some(c) => {
                let a_won = c == a_color;
                if a_won {
                    self.wdl.wins += 1;
                } else {
                    self.wdl.losses += 1;
                }
                if let Some(kind) = r.forfeit {
                    let loser = usize::from(a_won);
                    let k = match kind {
                        Forfeit::IllegalMove => 0,
                        Forfeit::Time => 1,
                        Forfeit::Crash => 2,
                    };
                    self.forfeits[loser][k] += 1;
                }
                let name = if a_won { "A" } else { "B" };
                (
                    if c == 0 { "1-0" } else { "0-1" },
                    format!("{name} wins"),
                    if a_won { 2 } else { 0 },
                )
            }
        };
        let pair = game / 2;
        if let Some(first) = self.half_pairs.remove(&pair) {
            self.pairs[(first + half_points) as usize] += 1;
        } else {
            self.half_pairs.insert(pair, half_points);
        }
        let (white, black) = if a_color == 0 { ("A", "B") } else { ("B", "A") };
        let opening = if opening.is_empty() {
            "none".to_string()
        } else {
            opening.join(" ")
        };
        format!(
            "game {}/{}: {white} white, {black} black, opening {opening}: {score} {verdict} ({}), {} plies",
            game + 1,
            o.games,
            r.why,
            r.plies
        )
    }

    fn print_summary(&self, o: &MatchOptions) {
        let w = &self.wdl;
        let b_points = w.losses as f64 + w.draws as f64 / 2.0;
        println!(
            "score: A {} - B {b_points} ({}, {}, {})",
            w.points(),
            plural(w.wins as u64, "win", "wins"),
            plural(w.losses as u64, "loss", "losses"),
            plural(w.draws as u64, "draw", "draws")
        );
        if let Some((elo, margin)) = w.elo() {
            println!(
                "elo: A - B {} +/- {} (95%), LOS {:.1}%, {} games",
                signed(elo),
                unsigned(margin),
                100.0 * w.los(),
                w.games()
            );
        }
        let p = &self.pairs;
        println!(
            "pairs: {} {} {} {} {} (A scoring 0, 1/2, 1, 3/2, 2 in the two games of an opening)",
            p[0], p[1], p[2], p[3], p[4]
        );
        for (side, counts) in ["A", "B"].iter().zip(&self.forfeits) {
            let total: u64 = counts.iter().sum();
            if total > 0 {
                println!(
                    "forfeits: {side} lost {} ({}, {} on time, {})",
                    plural(total, "game", "games"),
                    plural(counts[0], "illegal move", "illegal moves"),
                    counts[1],
                    plural(counts[2], "crash", "crashes")
                );
            }
        }
        if let Some(sprt) = &o.sprt {
            let (llr, verdict) = sprt.test(&self.pairs);
            let (lower, upper) = sprt.bounds();
            let said = match self.verdict.unwrap_or(verdict) {
                Verdict::AcceptH1 => format!(
                    "H1 accepted: A is stronger than B by {} Elo rather than {}",
                    sprt.elo1, sprt.elo0
                ),
                Verdict::AcceptH0 => format!("H0 accepted: A is not stronger than B by {} Elo", sprt.elo1),
                Verdict::Continue => "no decision within the games played".into(),
            };
            let abandoned = if self.abandoned > 0 {
                format!(", {} stopped", plural(self.abandoned, "game", "games"))
            } else {
                String::new()
            };
            println!(
                "sprt: elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} ({lower:.2}, {upper:.2}), {}{abandoned}: {said}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                plural(p.iter().sum::<u32>() as u64, "pair", "pairs"),
            );
        }
    }
}

/// An Elo figure with its sign: `+35.2`, `-7.0`, `+inf`.
fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf".into() } else { "-inf".into() }
    } else {
        format!("{x:+.1}")
    }
}

/// A margin: `66.0`, or `inf` when the score is 0 or 1.
fn unsigned(x: f64) -> String {
    if x.is_finite() { format!("{x:.1}") } else { "inf".into() }
}
