//! The command line: variants, perft, divide, check.

use bigboard::perft::{divide, perft};
use bigboard::position::Position;
use bigboard::search::{Control, Info, Limits, Searcher};
use bigboard::variant::{BUILTIN_IDS, Variant, builtin};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage:
  bigboard variants
  bigboard perft VARIANT DEPTH [--fen FEN] [--moves \"M1 M2 ...\"]
  bigboard divide VARIANT DEPTH [--fen FEN] [--moves \"M1 M2 ...\"]
  bigboard check DEFINITION.toml
  bigboard values VARIANT
  bigboard search VARIANT [--fen FEN] [--moves \"...\"] (--depth N | --movetime MS | --nodes N) [--hash MB]
  bigboard bench
VARIANT is a built-in id or the path of a definition file (.toml).";

fn main() -> ExitCode {
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
    match args.first().map(String::as_str) {
        Some("variants") => {
            for id in BUILTIN_IDS {
                println!("{id}");
            }
            Ok(())
        }
        Some(cmd @ ("perft" | "divide")) => {
            let (mut pos, depth) = position_args(&args[1..])?;
            let start = Instant::now();
            let nodes = if cmd == "divide" {
                let lines = divide(&mut pos, depth);
                for (m, n) in &lines {
                    println!("{m} {n}");
                }
                let total: u64 = lines.iter().map(|(_, n)| n).sum();
                println!("total {total}");
                total
            } else {
                perft(&mut pos, depth)
            };
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let rate = if ms > 0.0 {
                (nodes as f64 / ms * 1000.0) as u64
            } else {
                0
            };
            println!("perft {depth}: {nodes} nodes, {} ms, {rate} nodes/s", ms.round() as u64);
            Ok(())
        }
        Some("values") => {
            let v = variant_arg(args.get(1).ok_or("values needs a VARIANT")?)?;
            let e = bigboard::search::eval::Evaluator::new(&v);
            for (k, p) in v.pieces.iter().enumerate() {
                println!("{:<4} {:<16} {:>6}  {}", p.code, p.name, e.value(k), p.moves);
            }
            Ok(())
        }
        Some("search") => search_command(&args[1..]),
        Some("bench") => bench_command(),
        Some("check") => {
            let path = args.get(1).ok_or("check needs a definition file")?;
            let v = load_file(path)?;
            println!(
                "{}: {} ({}x{}, {} pieces): ok",
                v.id,
                v.name,
                v.geometry.width,
                v.geometry.height,
                v.pieces.len()
            );
            Ok(())
        }
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

fn load_file(path: &str) -> Result<Arc<Variant>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Variant::from_toml(&text).map_err(|e| format!("{path}: {e}"))
}

fn variant_arg(name: &str) -> Result<Arc<Variant>, String> {
    if name.ends_with(".toml") {
        return load_file(name);
    }
    builtin(name).ok_or_else(|| format!("unknown variant '{name}' (known: {})", BUILTIN_IDS.join(", ")))
}

fn now_ms() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

fn print_info(pos: &Position, info: &Info) {
    let pv: Vec<String> = info.pv.iter().map(|&m| pos.uci_text(m)).collect();
    println!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time_ms.round() as u64,
        info.hashfull,
        pv.join(" ")
    );
}

fn search_command(args: &[String]) -> Result<(), String> {
    let variant = variant_arg(args.first().ok_or("missing VARIANT")?)?;
    let mut limits = Limits::default();
    let mut hash = 64;
    let mut fen = None;
    let mut moves = None;
    let mut i = 1;
    while i < args.len() {
        let value = args.get(i + 1).ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{} needs a number, not '{value}'", args[i]))
        };
        match args[i].as_str() {
            "--fen" => fen = Some(value.clone()),
            "--moves" => moves = Some(value.clone()),
            "--depth" => limits.depth = Some(number()?.min(100) as u32),
            "--movetime" => limits.time_ms = Some(number()? as f64),
            "--nodes" => limits.nodes = Some(number()?),
            "--hash" => hash = number()?.clamp(1, 4096) as usize,
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 2;
    }
    if limits == Limits::default() {
        return Err("give --depth N, --movetime MS or --nodes N".into());
    }
    let mut pos = setup(variant, fen, moves)?;
    let mut searcher = Searcher::new(hash);
    let control = Control {
        clock: &now_ms,
        stop: &|| false,
    };
    let shown = pos.clone();
    let result = searcher.search(&mut pos, limits, &control, &mut |info| print_info(&shown, info));
    match result.best {
        Some(m) => println!("bestmove {}", pos.uci_text(m)),
        None => println!("bestmove (none)"),
    }
    Ok(())
}

/// Positions of every built-in variant searched by `bench`, with the depth.
const BENCH: &[(&str, &str, u32)] = &[
    ("xhess", "", 9),
    ("xhess", "e4e5 e7e6 f3h4 d9c7 b3b7", 8),
    ("really-big-board", "", 7),
    ("really-big-board", "i2i7 h15h10 k1l4 f16h14 j1i3", 6),
    ("flee", "", 6),
    ("flee", "h2h4 i15i12 i1i3 h16f14", 6),
    ("overboard", "", 7),
    ("overboard", "e3e4 h15h13 i2j4", 6),
];

fn bench_command() -> Result<(), String> {
    let mut nodes = 0;
    let start = Instant::now();
    for &(id, moves, depth) in BENCH {
        let variant = builtin(id).ok_or("missing built-in variant")?;
        let mut pos = setup(variant, None, Some(moves.to_string()))?;
        let mut searcher = Searcher::new(16);
        let control = Control {
            clock: &now_ms,
            stop: &|| false,
        };
        let t = Instant::now();
        let r = searcher.search(
            &mut pos,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &control,
            &mut |_| {},
        );
        let best = r.best.map_or("(none)".into(), |m| pos.uci_text(m));
        println!(
            "{id:<17} depth {depth:>2} {:>10} nodes {:>7} ms  bestmove {best:<8} score {}",
            r.nodes,
            t.elapsed().as_millis(),
            r.score
        );
        nodes += r.nodes;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "bench: {nodes} nodes, {} ms, {} nodes/s",
        ms.round() as u64,
        (nodes as f64 * 1000.0 / ms) as u64
    );
    Ok(())
}

fn setup(variant: Arc<Variant>, fen: Option<String>, moves: Option<String>) -> Result<Position, String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(variant, &f).map_err(|e| e.to_string())?,
        None => Position::new(variant),
    };
    for text in moves.as_deref().unwrap_or("").split_whitespace() {
        pos.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok(pos)
}

/// `VARIANT DEPTH [--fen FEN] [--moves "..."]`.
fn position_args(args: &[String]) -> Result<(Position, u32), String> {
    let variant = variant_arg(args.first().ok_or("missing VARIANT")?)?;
    let depth_text = args.get(1).ok_or("missing DEPTH")?;
    let depth: u32 = depth_text
        .parse()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| format!("DEPTH must be a number from 0 to 20, not '{depth_text}'"))?;
    let mut fen = None;
    let mut moves = None;
    let mut i = 2;
    while i < args.len() {
        let value = args.get(i + 1).ok_or_else(|| format!("{} needs a value", args[i]))?;
        match args[i].as_str() {
            "--fen" => fen = Some(value.clone()),
            "--moves" => moves = Some(value.clone()),
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 2;
    }
    Ok((setup(variant, fen, moves)?, depth))
}
