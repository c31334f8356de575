//! The command line: variants, perft, divide, check, values, search, bench,
//! match, openings, tune-data, tune, uci, xboard, replay and piece.

mod commands;
mod effects;
mod matches;
mod memory;
mod piece;
mod replay;
mod thinker;
mod tune;
mod uci;
mod xboard;
mod xboard_betza;
mod xboard_board;

#[global_allocator]
static ALLOCATOR: memory::Allocator = memory::Allocator;

use bigboard::Position;
use bigboard::builtin;
use bigboard::core::echo::echo;
use bigboard::search::Info;
use bigboard::variant::{BUILTIN_IDS, Variant};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage:
  bigboard variants
  bigboard perft VARIANT DEPTH [--fen FEN | --seed S] [--moves \"M1 M2 ...\"]
  bigboard divide VARIANT DEPTH [--fen FEN | --seed S] [--moves \"M1 M2 ...\"]
  bigboard position VARIANT [--fen FEN | --seed S] [--moves \"M1 M2 ...\"]
  bigboard check DEFINITION.toml
  bigboard values VARIANT
  bigboard search VARIANT [--fen FEN | --seed S] [--moves \"...\"] (--depth N | --movetime MS | --nodes N) [--hash MB]
  bigboard match VARIANT --a SIDE --b SIDE --games N [--seed S] [--max-plies P]
        [--openings FILE] [--concurrency N] [--sprt ELO0,ELO1[,ALPHA,BETA]]
        [--resign CP,MOVES] [--draw PLY,MOVES,CP] [--pgn FILE]
  bigboard openings VARIANT [--count N] [--plies P] [--seed S] [--depth D] [--max-score CP]
  bigboard tune-data VARIANT --games N --out FILE [--seed S] [--depth D | --movetime MS | --nodes N]
        [--hash MB] [--concurrency N] [--max-plies P] [--skip-plies K] [--adjudicate CP]
  bigboard tune VARIANT --data FILE [--out FILE] [--iterations N] [--fix WEIGHT,...]
  bigboard uci
  bigboard xboard [--rank-offset 0|1] [DEFINITION.toml ...]
  bigboard replay VARIANT (--pgn FILE | --moves \"...\") [--game N] [--fen FEN] [--xboard [--rank-offset 0|1]]
  bigboard bench [--list]
  bigboard piece MOVEMENT [--board WxH] [--at SQ] [--friends SQS] [--enemies SQS] [--side white|black] [--initial]
  bigboard piece --kind NAME --variant VARIANT [--at SQ] [--friends SQS] [--enemies SQS] [--side ...] [--initial]
  bigboard piece --variant VARIANT --fen FEN --at SQ
VARIANT is a built-in id or the path of a definition file (.toml).
SETTINGS is a list of level=N (1-8), depth=N, movetime=MS, nodes=N, hash=MB,
separated by spaces or commas: \"depth=4 hash=16\".
SIDE is SETTINGS, or a UCI engine program: \"uci:COMMAND,init=LINE,...,movetime=MS\"
(comma-separated: init= lines sent after uci, movetime=, depth=, nodes=, timeout=MS).
piece prints where a movement string goes (pseudo-legal: no check, no turn):
a diagram (* the piece, F friends, E enemies, m moves, x captures) and the
destinations; SQS is a list like e5,f6; defaults 8x8, --at d4, white; i moves
only with --initial. With --fen, the moves of the man on --at in that position,
each with what it does: men taken (by any mechanism), swapped, changing side
or kind; and the frozen men.";

fn main() -> ExitCode {
    // `bigboard divide ... | head` closes the output early; printing then
    // fails, and that should end the program quietly, as for any Unix tool.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.to_string();
        if text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default_hook(info);
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {}", msg.replace('\n', "; "));
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("variants") => {
            for id in BUILTIN_IDS {
                println!("{id}");
            }
            Ok(())
        }
        Some(cmd @ ("perft" | "divide")) => commands::perft_command(rest, cmd == "divide"),
        Some("position") => commands::position_command(rest),
        Some("values") => commands::values_command(rest),
        Some("check") => commands::check_command(rest),
        Some("search") => commands::search_command(rest),
        Some("bench") => commands::bench_command(rest),
        Some("match") => matches::match_command(rest),
        Some("openings") => matches::openings_command(rest),
        Some("tune-data") => matches::tune_data_command(rest),
        Some("tune") => tune::tune_command(rest),
        Some("uci") => uci::uci_command(),
        Some("xboard") => xboard::xboard_command(rest),
        Some("replay") => replay::replay_command(rest),
        Some("piece") => piece::piece_command(rest),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{}'\n{USAGE}", echo(other))),
    }
}

/// A searcher with a hash table of `mb` megabytes, or an error when the
/// memory cannot be had.
fn searcher(mb: usize) -> Result<bigboard::search::Searcher, String> {
    memory::fallible(|| bigboard::search::Searcher::try_new(mb))
}

/// Reads a definition file.
fn load_file(path: &str) -> Result<Arc<Variant>, String> {
    let shown = echo(path);
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    bigboard::load(&text).map_err(|e| format!("{shown}: {e}"))
}

/// A built-in id or the path of a definition file.
fn variant_arg(name: &str) -> Result<Arc<Variant>, String> {
    if name.ends_with(".toml") {
        return load_file(name);
    }
    builtin(name).ok_or_else(|| format!("unknown variant '{}' (known: {})", echo(name), BUILTIN_IDS.join(", ")))
}

/// Where a protocol's lines go: stdout, or a test's collector.
type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// Writes one line to stdout; a closed stdout is not an error worth dying for.
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Hands each line of stdin to `handle` until it returns false or the
/// input ends; bytes that are not UTF-8 are read as replacement
/// characters, so no input can stop the loop.
fn read_lines(mut handle: impl FnMut(&str) -> bool) {
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !handle(&String::from_utf8_lossy(&buf)) {
            break;
        }
    }
}

/// Milliseconds since the first call: the clock handed to the search.
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// One UCI `info` line for a completed depth; `pos` is the searched position.
/// An empty principal variation (a search stopped in its first depth)
/// leaves out the `pv` field.
fn info_line(pos: &Position, info: &Info) -> String {
    let pv: String = info.pv.iter().map(|&m| format!(" {}", pos.uci_text(m))).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {}{}{pv}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time_ms.round() as u64,
        info.hashfull,
        if pv.is_empty() { "" } else { " pv" }
    )
}

/// The start position or `fen`.
fn start(variant: Arc<Variant>, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        Some(f) => Position::from_fen(variant, f).map_err(|e| e.to_string()),
        None => Ok(Position::new(variant)),
    }
}

/// The position of `--fen`, or of `--seed` in a variant with random
/// setups (a seed drawn and printed when neither is given), or the start.
fn start_seeded(variant: Arc<Variant>, fen: Option<&str>, seed: Option<&str>) -> Result<Position, String> {
    let seed = match seed {
        Some(text) => {
            if fen.is_some() {
                return Err("give --fen or --seed, not both".into());
            }
            if variant.random_setup.is_none() {
                return Err(format!("--seed: {} has no random setup", variant.id));
            }
            Some(number("--seed", text)?)
        }
        None if fen.is_none() && variant.random_setup.is_some() => {
            let s = draw_seed();
            println!("seed {s}");
            Some(s)
        }
        None => None,
    };
    match seed {
        Some(s) => Position::random(variant, s),
        None => start(variant, fen),
    }
}

/// A seed for a random setup when none is given: from the clock, below a
/// billion so that it is easy to type again.
fn draw_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    bigboard::rules::reserve::reserves::mix(nanos) % 1_000_000_000
}

/// The start position (or `fen`, or a seed's), then the game's `moves`
/// (space-separated) played; a move after the end of the game is an error.
fn setup(
    variant: Arc<Variant>,
    fen: Option<&str>,
    seed: Option<&str>,
    moves: Option<&str>,
) -> Result<Position, String> {
    let mut pos = start_seeded(variant, fen, seed)?;
    pos.replay(moves.unwrap_or(""), |_, _| {}).map_err(|e| e.to_string())?;
    Ok(pos)
}

/// The value after an option such as `--depth`.
fn option_value(args: &[String], i: usize) -> Result<&str, String> {
    args.get(i + 1)
        .map(String::as_str)
        .ok_or_else(|| format!("{} needs a value", args[i]))
}

/// A whole number given to option `name`.
fn number(name: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| format!("{} needs a number, not '{}'", echo(name), echo(value)))
}
