//! `tune-data`: self-play games from random openings, their quiet
//! positions written with each game's result, the data `tune` fits the
//! evaluation's weights to.

use super::openings::{Rng, random_opening};
use super::referee::{GameResult, Judging, Player, Start, play_game};
use super::settings::{Settings, Side};
use crate::cli::TuneDataArgs;
use crate::variant_arg;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::search::Searcher;
use bigboard::search::tune::result_text;
use bigboard::variant::Variant;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::channel;

/// What `tune-data` is asked to do.
struct Options {
    side: Side,
    side_text: String,
    games: u64,
    seed: u64,
    max_plies: usize,
    skip_plies: usize,
    concurrency: u64,
    /// A drawn game whose last [`ADJUDICATION_PLIES`] positions all score
    /// at least this for one side is counted as won by it (0: never).
    adjudicate: i32,
}

/// How many positions at the end of a drawn game must agree for it to be
/// adjudicated.
const ADJUDICATION_PLIES: usize = 40;

/// A game played and the lines it gives.
struct Played {
    game: u64,
    result: GameResult,
    /// White's score as the lines give it: the game's, or the
    /// adjudicated one.
    white_score: f64,
    lines: Vec<String>,
}

/// `tune-data VARIANT --games N --out FILE [--seed S] [--depth D |
/// --movetime MS | --nodes N] [--hash MB] [--concurrency N]
/// [--max-plies P] [--skip-plies K] [--adjudicate CP]`.
pub fn tune_data_command(args: &TuneDataArgs) -> Result<(), String> {
    let variant = variant_arg(&args.variant)?;
    let (games, out, hash) = (args.games, &args.out, args.hash);
    let limit = [
        ("depth", args.depth),
        ("movetime", args.movetime),
        ("nodes", args.nodes),
    ]
    .into_iter()
    .find_map(|(name, n)| Some(format!("{name}={}", n?)));
    let (seed, concurrency) = (args.seed, args.concurrency);
    let max_plies = args.max_plies.clamp(1, 100_000) as usize;
    let skip_plies = args.skip_plies.min(100_000) as usize;
    let adjudicate = args.adjudicate.min(100_000) as i32;
    if !(1..=1_000_000).contains(&games) {
        return Err(format!("--games must be 1 to 1000000, not {games}"));
    }
    if !(1..=64).contains(&concurrency) {
        return Err(format!("--concurrency must be 1 to 64, not {concurrency}"));
    }
    let path = out.clone();
    let side_text = format!("{} hash={hash}", limit.unwrap_or_else(|| "depth=4".into()));
    let side = Side::Own(Settings::parse(&side_text)?);
    let o = Options {
        side,
        side_text,
        games,
        seed,
        max_plies,
        skip_plies,
        concurrency: concurrency.min(games),
        adjudicate,
    };
    let file = std::fs::File::create(&path).map_err(|e| format!("cannot write {}: {e}", echo(&path)))?;
    let mut file = std::io::BufWriter::new(file);
    let write_err = |e: std::io::Error| format!("cannot write {}: {e}", echo(&path));
    writeln!(
        file,
        "# bigboard tune-data {}: {games} self-play games \"{}\", random openings of seed {seed}, \
         quiet positions from ply {skip_plies}{}; POSITION ; RESULT (for White)",
        variant.id,
        o.side_text,
        adjudication(adjudicate)
    )
    .map_err(write_err)?;
    println!(
        "tune-data {}: {games} games \"{}\", seed {seed}, max {max_plies} plies, positions from ply {skip_plies}{}, \
         concurrency {}",
        variant.id,
        o.side_text,
        adjudication(adjudicate),
        o.concurrency
    );
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<Played, String>>();
    let (mut positions, mut wdl, mut fatal) = (0usize, [0u64; 3], None);
    let mut adjudicated = 0;
    std::thread::scope(|scope| {
        for _ in 0..o.concurrency {
            let tx = tx.clone();
            let (variant, o, next, stop) = (&variant, &o, &next, &stop);
            scope.spawn(move || worker(variant, o, next, stop, &tx));
        }
        drop(tx);
        for report in rx {
            match report {
                Ok(p) => {
                    let r = &p.result;
                    wdl[match result_text(p.white_score) {
                        "1-0" => 0,
                        "0-1" => 2,
                        _ => 1,
                    }] += 1;
                    positions += p.lines.len();
                    let judged = if p.white_score != white_score(r) {
                        adjudicated += 1;
                        format!(", adjudicated {} by the evaluation", result_text(p.white_score))
                    } else {
                        String::new()
                    };
                    println!(
                        "game {}/{}: {} ({}){judged}, {} plies, {} positions",
                        p.game + 1,
                        o.games,
                        result_text(white_score(r)),
                        r.why,
                        r.plies,
                        p.lines.len()
                    );
                    if let Err(e) = p.lines.iter().try_for_each(|l| writeln!(file, "{l}")) {
                        fatal.get_or_insert(write_err(e));
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    fatal.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = fatal {
        return Err(e);
    }
    file.flush().map_err(write_err)?;
    let judged = if adjudicate > 0 {
        format!(", {adjudicated} of them adjudicated")
    } else {
        String::new()
    };
    println!(
        "{positions} positions from {} games ({} won by White, {} drawn, {} won by Black{judged}) written to {}",
        wdl.iter().sum::<u64>(),
        wdl[0],
        wdl[1],
        wdl[2],
        echo(&path)
    );
    Ok(())
}

/// How games are adjudicated, for the headers.
fn adjudication(cp: i32) -> String {
    if cp > 0 {
        format!(", drawn games adjudicated at {cp} cp over their last {ADJUDICATION_PLIES} positions")
    } else {
        String::new()
    }
}

/// White's score in a game.
fn white_score(r: &GameResult) -> f64 {
    match r.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// A worker: plays the next game until none is left, both sides with the
/// same settings, and sends its quiet positions.
fn worker(
    variant: &Arc<Variant>,
    o: &Options,
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &std::sync::mpsc::Sender<Result<Played, String>>,
) {
    let players = Player::new(&o.side, variant).and_then(|a| Ok((a, Player::new(&o.side, variant)?)));
    let (mut white, mut black) = match players {
        Ok(p) => p,
        Err(e) => {
            let _ = tx.send(Err(e));
            return;
        }
    };
    let mut searcher = match crate::searcher(4) {
        Ok(s) => s,
        Err(e) => {
            let _ = tx.send(Err(e));
            return;
        }
    };
    let is_stopped = || stop.load(Ordering::Relaxed);
    while !is_stopped() {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= o.games {
            break;
        }
        let report = play_one(variant, o, game, [&mut white, &mut black], &mut searcher, &is_stopped);
        let done = match report {
            Ok(None) => true,
            Ok(Some(p)) => tx.send(Ok(p)).is_err(),
            Err(e) => {
                let _ = tx.send(Err(e));
                true
            }
        };
        if done {
            break;
        }
    }
}

/// Plays game `game` from its opening (a variant with random setups: the
/// setup of seed + game) and keeps its quiet positions.
fn play_one(
    variant: &Arc<Variant>,
    o: &Options,
    game: u64,
    players: [&mut Player; 2],
    searcher: &mut Searcher,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Played>, String> {
    let start = match variant.random_setup {
        Some(_) => Some(Position::random(variant.clone(), o.seed.wrapping_add(game))?.fen()),
        None => None,
    };
    let opening = match start {
        Some(_) => Vec::new(),
        None => random_opening(variant, o.seed, game),
    };
    let game_seed = Rng::new(o.seed, game).next();
    let begin = Start {
        fen: start.as_deref(),
        opening: &opening,
    };
    let Some(result) = play_game(
        variant,
        begin,
        players,
        ["White", "Black"],
        Judging {
            max_plies: o.max_plies,
            resign: None,
            draw: None,
        },
        game_seed,
        stop,
    )?
    else {
        return Ok(None);
    };
    let (white_score, lines) = quiet_positions(variant, start.as_deref(), &result, o, searcher)?;
    Ok(Some(Played {
        game,
        result,
        white_score,
        lines,
    }))
}

/// The game's positions from ply `o.skip_plies` on that are quiet (the
/// side to move not in check, and no capture changing the evaluation:
/// the quiescence search scores the position as the evaluation does),
/// each as `POSITION ; RESULT`, and White's score they are given: the
/// game's, or where it was drawn and `o.adjudicate` is set, a win for the
/// side its last positions all favour by that much.
fn quiet_positions(
    variant: &Arc<Variant>,
    start: Option<&str>,
    result: &GameResult,
    o: &Options,
    searcher: &mut Searcher,
) -> Result<(f64, Vec<String>), String> {
    let mut pos = match start {
        Some(fen) => Position::from_fen(variant.clone(), fen).map_err(|e| e.to_string())?,
        None => Position::new(variant.clone()),
    };
    // Each position looked at: White's quiescence score, and the text of
    // the quiet ones.
    let mut seen: Vec<(i32, Option<String>)> = Vec::new();
    for (ply, text) in result.moves.iter().enumerate() {
        if ply >= o.skip_plies && pos.outcome().is_none() && !pos.in_check() {
            let (stand, quiet) = searcher.quiet_scores(&mut pos);
            let white = if pos.side_to_move() == 0 { quiet } else { -quiet };
            seen.push((white, (stand == quiet).then(|| pos.fen())));
        }
        pos.play_text(text).map_err(|e| format!("replaying the game: {e}"))?;
    }
    let scores: Vec<i32> = seen.iter().map(|&(s, _)| s).collect();
    let score = adjudicated(white_score(result), &scores, o.adjudicate);
    let outcome = result_text(score);
    let lines = seen
        .into_iter()
        .filter_map(|(_, fen)| Some(format!("{} ; {outcome}", fen?)))
        .collect();
    Ok((score, lines))
}

/// White's score of a game that scored `score`, with White's scores of its
/// positions in order: a draw whose last [`ADJUDICATION_PLIES`] positions
/// all favour one side by at least `cp` (above 0) is that side's win.
fn adjudicated(score: f64, scores: &[i32], cp: i32) -> f64 {
    if score != 0.5 || cp <= 0 || scores.len() < ADJUDICATION_PLIES {
        return score;
    }
    let last = &scores[scores.len() - ADJUDICATION_PLIES..];
    if last.iter().all(|&s| s >= cp) {
        1.0
    } else if last.iter().all(|&s| s <= -cp) {
        0.0
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::{ADJUDICATION_PLIES, adjudicated};

    #[test]
    fn only_draws_whose_last_positions_agree_are_adjudicated() {
        let n = ADJUDICATION_PLIES;
        let mut scores = vec![0; 10];
        scores.extend(vec![600; n]);
        assert_eq!(adjudicated(0.5, &scores, 500), 1.0);
        assert_eq!(adjudicated(0.5, &scores, 0), 0.5, "off");
        assert_eq!(adjudicated(0.5, &scores, 700), 0.5, "not enough");
        assert_eq!(adjudicated(0.0, &scores, 500), 0.0, "a decided game keeps its result");
        let black: Vec<i32> = scores.iter().map(|s| -s).collect();
        assert_eq!(adjudicated(0.5, &black, 500), 0.0);
        // One position of the last ones short of the margin.
        let mut once = scores.clone();
        once[10] = 499;
        assert_eq!(adjudicated(0.5, &once, 500), 0.5);
        assert_eq!(adjudicated(0.5, &scores[..n - 1], 1), 0.5, "too few positions");
    }
}
