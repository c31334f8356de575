//! The one-shot commands: perft, divide, values, check, search, bench.

use crate::cli::{BenchArgs, CheckArgs, PerftArgs, PositionArgs, SearchArgs, StartArgs, ValuesArgs};
use crate::{info_line, load_file, now_ms, setup, variant_arg};
use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::perft::{divide, perft};
use bigboard::search::{Control, Limits, Searcher};
use bigboard::variant::{MEMORY_LIMIT, megabytes, thousands};
use std::time::Instant;

/// `perft|divide VARIANT DEPTH [--fen FEN | --seed S] [--moves "..."]`.
pub fn perft_command(args: &PerftArgs, split: bool) -> Result<(), String> {
    let mut pos = start_of(&args.variant, &args.start)?;
    let depth = args.depth;
    let start = Instant::now();
    let nodes = if split {
        let mut lines: Vec<(String, u64)> = divide(&mut pos, depth)
            .into_iter()
            .map(|(m, n)| (pos.move_text(m), n))
            .collect();
        lines.sort();
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

/// `position VARIANT [--fen FEN | --seed S] [--moves "..."]`: the
/// position text (of a seed's setup, or after the moves).
pub fn position_command(args: &PositionArgs) -> Result<(), String> {
    let pos = start_of(&args.variant, &args.start)?;
    println!("{}", pos.fen());
    Ok(())
}

/// `values VARIANT`: each piece's value to the evaluation.
pub fn values_command(args: &ValuesArgs) -> Result<(), String> {
    let v = variant_arg(&args.variant)?;
    let e = bigboard::search::eval::Evaluator::new(&v);
    for (k, p) in v.pieces.iter().enumerate() {
        println!("{:<4} {:<16} {:>6}  {}", p.code, p.name, e.value(k), p.moves);
    }
    Ok(())
}

/// `check FILE.toml`: the problems of a definition, or what it costs to
/// load.
pub fn check_command(args: &CheckArgs) -> Result<(), String> {
    let start = Instant::now();
    let v = load_file(&args.path)?;
    let compiled = start.elapsed();
    let eval = bigboard::search::eval::Evaluator::new(&v);
    let total = start.elapsed();
    let t = &v.tables;
    println!(
        "{}: {} ({}x{}, {} pieces): ok",
        v.id,
        v.name,
        v.geometry.width,
        v.geometry.height,
        v.pieces.len()
    );
    println!(
        "move tables: {} squares in {} table{} for {} kinds{}",
        thousands(t.nodes.len()),
        t.table_count(),
        if t.table_count() == 1 { "" } else { "s" },
        v.pieces.len(),
        if t.compact {
            " (compact: no per-program bitsets on a board this large)"
        } else {
            ""
        }
    );
    let bytes = v.bytes() + eval.bytes();
    println!(
        "memory: {} (move tables and rules {}, evaluation {}); the limit is {}",
        megabytes(bytes),
        megabytes(v.bytes()),
        megabytes(eval.bytes()),
        megabytes(MEMORY_LIMIT)
    );
    println!(
        "load time: {} ms (compile {} ms, piece values {} ms)",
        total.as_millis(),
        compiled.as_millis(),
        (total - compiled).as_millis()
    );
    if let Some(peak) = peak_memory() {
        println!("process peak memory: {}", megabytes(peak));
    }
    Ok(())
}

/// The process's peak resident memory, where the system tells it (Linux).
fn peak_memory() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// `search VARIANT [--fen FEN | --seed S] [--moves "..."] (--depth N | --movetime MS | --nodes N) [--hash MB]`.
pub fn search_command(args: &SearchArgs) -> Result<(), String> {
    let variant = variant_arg(&args.variant)?;
    let limits = Limits {
        depth: args.depth.map(|d| d.min(100) as u32),
        time_ms: args.movetime.map(|ms| ms as f64),
        nodes: args.nodes,
    };
    let hash = args.hash.clamp(1, 4096) as usize;
    if limits == Limits::default() {
        return Err("give --depth N, --movetime MS or --nodes N".into());
    }
    let mut pos = start_of_variant(variant, &args.start)?;
    let mut searcher = crate::searcher(hash)?;
    let control = Control {
        clock: &now_ms,
        stop: &|| false,
    };
    let shown = pos.clone();
    let result = searcher.search(&mut pos, limits, &control, &mut |info| {
        println!("{}", info_line(&shown, info))
    });
    match result.best {
        Some(m) => println!("bestmove {}", pos.uci_text(m)),
        None => println!("bestmove (none)"),
    }
    Ok(())
}

/// A position searched by `bench`: a variant's start (a seed's, where
/// the setup is random), the moves played from it, and the depth.
struct BenchPosition {
    variant: &'static str,
    seed: Option<u64>,
    moves: &'static str,
    depth: u32,
}

const fn at(variant: &'static str, moves: &'static str, depth: u32) -> BenchPosition {
    BenchPosition {
        variant,
        seed: None,
        moves,
        depth,
    }
}

const fn seeded(seed: u64, moves: &'static str, depth: u32) -> BenchPosition {
    BenchPosition {
        variant: "uc-170-17",
        seed: Some(seed),
        moves,
        depth,
    }
}

/// Positions of every built-in variant searched by `bench`. UC-170-17's
/// are middlegames of seeded setups, reached by the engine playing itself
/// at depth 4 (`bench/uc-middlegames.txt`); one holds a credit to drop.
const BENCH: &[BenchPosition] = &[
    at("xhess", "", 11),
    at("xhess", "a3b5 a8b6 j3i5 j8i6 e4e5", 10),
    at("really-big-board", "", 10),
    at("really-big-board", "i2i7 h15h10 k1l4 g16h14 j1i3", 9),
    at("flee", "", 9),
    at("flee", "h2h3 i15j14 i1h2 h16f14", 7),
    // Overboard's setup keeps the pawns shut in, so its trees are small: depth 9
    // makes it weigh about as much in the count as the other variants.
    at("overboard", "", 9),
    at("overboard", "e4e5 e13e12 f2e4 f15e13", 9),
    seeded(
        2,
        "g1g5 b8e5 g5d8 e5f2 d8f3 f2c5 h1g4 c7c6 f3f7 e8f6 g4e7 c6d3 b1d3 c5e7 f7h8 f6g4 h8f3 g4h2 f1e3 a7c7 e3e4 h2g4 e4g8 g7g6",
        8,
    ),
    seeded(
        3,
        "b1d3 d8c5 g1e3 c5e2 d3b5 e2b4 b5b4 h8e5 g2g4 e5g6 b4b5 b7b6 b5b6 c7b6+@c7 h2f3 a8d5 c1d3 d5c4 b2b3 c4d3 c2d3+@b1",
        5,
    ),
    seeded(
        4,
        "g1d3 c7d6 e1c3 d7b6 c3d4 f8g6 a2c3 g7f4 a1a7 f4e1wi f1e1 b8a7 b1a4 e8c6 a4d6 c8b8 d3a5 b6a5 d6a5 d8f8",
        6,
    ),
    seeded(
        6,
        "d1g4 c7c6 g4e5 b8c7 e5h8 f7e6 h8d3 e6f6 b2c5 d7b6 a1c3 c7b8 c5b6 b7b6+@b7 f2f3 d8e6 c3e4 c6c7",
        6,
    ),
];

/// `bench`: fixed-depth searches of every built-in variant, with the
/// nodes per second of each variant and of all; `bench --list`: the
/// positions, to search them elsewhere.
pub fn bench_command(args: &BenchArgs) -> Result<(), String> {
    if args.list { list_bench() } else { run_bench() }
}

/// Each position of `bench` as `VARIANT<TAB>DEPTH<TAB>FEN<TAB>MOVES`, the
/// FEN that of the position the moves are played from (a seeded random
/// setup written out): what `bench/browser-bench.mjs` searches in the
/// browser's worker.
fn list_bench() -> Result<(), String> {
    for b in BENCH {
        let variant = builtin(b.variant).ok_or("missing built-in variant")?;
        let pos = setup(variant, None, b.seed, None)?;
        println!("{}\t{}\t{}\t{}", b.variant, b.depth, pos.fen(), b.moves);
    }
    Ok(())
}

fn run_bench() -> Result<(), String> {
    let mut nodes = 0;
    let mut per_variant: Vec<(&str, u64, f64)> = Vec::new();
    let start = Instant::now();
    for b in BENCH {
        let variant = builtin(b.variant).ok_or("missing built-in variant")?;
        let mut pos = setup(variant, None, b.seed, Some(b.moves))?;
        let mut searcher = Searcher::new(16);
        let control = Control {
            clock: &now_ms,
            stop: &|| false,
        };
        let t = Instant::now();
        let r = searcher.search(
            &mut pos,
            Limits {
                depth: Some(b.depth),
                ..Limits::default()
            },
            &control,
            &mut |_| {},
        );
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let best = r.best.map_or("(none)".into(), |m| pos.uci_text(m));
        println!(
            "{:<17} depth {:>2} {:>10} nodes {:>7} ms  bestmove {best:<8} score {}",
            b.variant,
            b.depth,
            r.nodes,
            ms.round() as u64,
            r.score
        );
        nodes += r.nodes;
        match per_variant.iter_mut().find(|(id, _, _)| *id == b.variant) {
            Some(v) => {
                v.1 += r.nodes;
                v.2 += ms;
            }
            None => per_variant.push((b.variant, r.nodes, ms)),
        }
    }
    for (id, n, ms) in &per_variant {
        println!("{id:<17} {n:>10} nodes {:>7} nodes/s", (*n as f64 * 1000.0 / ms) as u64);
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "bench: {nodes} nodes, {} ms, {} nodes/s",
        ms.round() as u64,
        (nodes as f64 * 1000.0 / ms) as u64
    );
    Ok(())
}

/// The position of `VARIANT [--fen FEN | --seed S] [--moves "..."]`.
fn start_of(variant: &str, start: &StartArgs) -> Result<Position, String> {
    start_of_variant(variant_arg(variant)?, start)
}

fn start_of_variant(
    variant: std::sync::Arc<bigboard::variant::Variant>,
    start: &StartArgs,
) -> Result<Position, String> {
    setup(variant, start.fen.as_deref(), start.seed, start.moves.as_deref())
}
