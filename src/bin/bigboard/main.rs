//! The command line: variants, perft, divide, position, check, values,
//! search, bench, match, openings, tune-data, tune, uci, xboard, replay,
//! piece, import, export and completions (declared in `cli.rs`).

mod cli;
mod commands;
mod effects;
mod export;
mod import;
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
use clap::{CommandFactory, Parser};
use cli::{Cli, Command};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

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
    // Arguments clap cannot read end here, in clap's form, with status 2
    // (0 for --help and --version).
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {}", msg.replace('\n', "; "));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        // `bigboard` alone: the help, as `bigboard --help`.
        print!("{}", Cli::command().render_help());
        return Ok(());
    };
    match command {
        Command::Variants => {
            for id in BUILTIN_IDS {
                println!("{id}");
            }
            Ok(())
        }
        Command::Perft(a) => commands::perft_command(&a, false),
        Command::Divide(a) => commands::perft_command(&a, true),
        Command::Position(a) => commands::position_command(&a),
        Command::Values(a) => commands::values_command(&a),
        Command::Check(a) => commands::check_command(&a),
        Command::Search(a) => commands::search_command(&a),
        Command::Bench(a) => commands::bench_command(&a),
        Command::Match(a) => matches::match_command(&a),
        Command::Openings(a) => matches::openings_command(&a),
        Command::TuneData(a) => matches::tune_data_command(&a),
        Command::Tune(a) => tune::tune_command(&a),
        Command::Uci => uci::uci_command(),
        Command::Xboard(a) => xboard::xboard_command(&a),
        Command::Replay(a) => replay::replay_command(&a),
        Command::Piece(a) => piece::piece_command(&a),
        Command::Import(cli::ImportCommand::Fsf(a)) => import::import_fsf_command(&a),
        Command::Import(cli::ImportCommand::Diagram(a)) => import::diagram_command(&a),
        Command::Export(cli::ExportCommand::Fsf(a)) => export::export_fsf_command(&a),
        Command::Completions(a) => {
            clap_complete::generate(a.shell, &mut Cli::command(), "bigboard", &mut std::io::stdout());
            Ok(())
        }
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
fn start_seeded(variant: Arc<Variant>, fen: Option<&str>, seed: Option<u64>) -> Result<Position, String> {
    let seed = match seed {
        Some(s) => {
            if fen.is_some() {
                return Err("give --fen or --seed, not both".into());
            }
            if variant.random_setup.is_none() {
                return Err(format!("--seed: {} has no random setup", variant.id));
            }
            Some(s)
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
fn setup(variant: Arc<Variant>, fen: Option<&str>, seed: Option<u64>, moves: Option<&str>) -> Result<Position, String> {
    let mut pos = start_seeded(variant, fen, seed)?;
    pos.replay(moves.unwrap_or(""), |_, _| {}).map_err(|e| e.to_string())?;
    Ok(pos)
}

/// A whole number given to option `name`.
fn number(name: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| format!("{} needs a number, not '{}'", echo(name), echo(value)))
}
