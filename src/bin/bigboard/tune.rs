//! `tune`: fits the evaluation's weights of a variant to the positions of
//! its games (`tune-data`) and writes them as an `[evaluation]` table.

use crate::cli::TuneArgs;
use crate::variant_arg;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::search::tune::{Data, Features, FitOptions, fit_k, fit_weights, mean_error, parse_line, rounded};
use std::time::Instant;

/// `tune VARIANT --data FILE [--out FILE] [--iterations N] [--fix KEYS]`.
pub fn tune_command(args: &TuneArgs) -> Result<(), String> {
    let variant = variant_arg(&args.variant)?;
    let (data_path, out) = (args.data.clone(), args.out.clone());
    let fixed: Vec<String> = args
        .fix
        .iter()
        .flat_map(|v| v.split(','))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let mut options = FitOptions::default();
    if let Some(n) = args.iterations {
        options.iterations = n.clamp(1, 1_000_000) as usize;
    }
    let features = Features::new(&variant);
    let names = features.names();
    for f in &fixed {
        if !names.contains(f) {
            return Err(format!(
                "--fix: no weight '{}' (the weights: {})",
                echo(f),
                names.join(", ")
            ));
        }
    }
    let started = Instant::now();
    let text = std::fs::read_to_string(&data_path).map_err(|e| format!("cannot read {}: {e}", echo(&data_path)))?;
    let mut data = Data::new(features.len());
    let mut wdl = [0usize; 3];
    for (n, line) in text.lines().enumerate() {
        let at = || format!("{} line {}", echo(&data_path), n + 1);
        let Some((fen, result)) = parse_line(line).map_err(|e| format!("{}: {e}", at()))? else {
            continue;
        };
        let pos = Position::from_fen(variant.clone(), fen).map_err(|e| format!("{}: {e}", at()))?;
        data.push(&features.of(&pos), result);
        wdl[if result > 0.75 {
            0
        } else if result < 0.25 {
            2
        } else {
            1
        }] += 1;
    }
    if data.is_empty() {
        return Err(format!("{}: no positions", echo(&data_path)));
    }
    println!(
        "tune {}: {} positions ({} won by White, {} drawn, {} won by Black), features in {} ms",
        variant.id,
        data.len(),
        wdl[0],
        wdl[1],
        wdl[2],
        started.elapsed().as_millis()
    );
    let start = features.vector(&variant.evaluation);
    let k = fit_k(&data, &start);
    println!(
        "K = {k:.6} per centipawn (an evaluation of {:.0} centipawns predicts a score of 3/4 for White)",
        3f64.ln() / k
    );
    let free: Vec<bool> = names.iter().map(|n| !fixed.contains(n)).collect();
    let fit = fit_weights(&data, k, &start, &free, &features.bounds(), options);
    let tuned = rounded(&features.weights(&fit.weights));
    let after = mean_error(&data, &features.vector(&tuned), k);
    println!(
        "mean squared error: {:.6} before, {after:.6} after ({} passes, {:.1} s)",
        fit.error_before,
        fit.iterations,
        started.elapsed().as_secs_f64()
    );
    println!("{:<28} {:>10} {:>10}", "weight", "before", "after");
    let tuned_vector = features.vector(&tuned);
    for (j, name) in names.iter().enumerate() {
        let piece = name.strip_prefix("value_scale.");
        let royal = piece.is_some_and(|p| variant.pieces.iter().any(|q| q.name == p && q.any_royal()));
        if !royal {
            let note = if fixed.contains(name) { "  (fixed)" } else { "" };
            println!("{name:<28} {:>10} {:>10}{note}", start[j], tuned_vector[j]);
        }
    }
    let table = tuned.to_toml(&variant.pieces);
    match out {
        Some(path) => {
            let header = format!(
                "# bigboard tune {} --data {}: {} positions, K {k:.6}, mean squared error {:.6} -> {after:.6}\n",
                variant.id,
                data_path,
                data.len(),
                fit.error_before
            );
            std::fs::write(&path, header + &table).map_err(|e| format!("cannot write {}: {e}", echo(&path)))?;
            println!(
                "weights written to {} (an [evaluation] table for the definition)",
                echo(&path)
            );
        }
        None => print!("\n{table}"),
    }
    Ok(())
}
