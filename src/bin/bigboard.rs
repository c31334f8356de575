//! The command line: variants, perft, divide, check.

use bigboard::perft::{divide, perft};
use bigboard::position::Position;
use bigboard::variant::{BUILTIN_IDS, Variant, builtin};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage:
  bigboard variants
  bigboard perft VARIANT DEPTH [--fen FEN] [--moves \"M1 M2 ...\"]
  bigboard divide VARIANT DEPTH [--fen FEN] [--moves \"M1 M2 ...\"]
  bigboard check DEFINITION.toml
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
    let mut pos = match fen {
        Some(f) => Position::from_fen(variant, &f).map_err(|e| e.to_string())?,
        None => Position::new(variant),
    };
    for text in moves.as_deref().unwrap_or("").split_whitespace() {
        pos.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok((pos, depth))
}
