//! Embeds the built-in variants' definitions without their comment lines:
//! the comments explain the readings to people who read the files, and
//! the wasm module need not carry them.

use std::{env, fs, path::Path};

fn main() {
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=src/variants");
    let dir = fs::read_dir("src/variants").expect("src/variants");
    for entry in dir {
        let path = entry.expect("a directory entry").path();
        let Some(id) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".toml"))
        else {
            continue;
        };
        let src = path.display().to_string();
        println!("cargo:rerun-if-changed={src}");
        let text = fs::read_to_string(&src).unwrap_or_else(|e| panic!("{src}: {e}"));
        // Whole-line comments and blank lines only, outside multi-line
        // strings (the rules text, `how_to_play`, whose blank lines part
        // its paragraphs): a line inside one is kept as it is.
        let mut inside = false;
        let kept: Vec<&str> = text
            .lines()
            .filter(|l| {
                let keep = inside || !(l.trim_start().starts_with('#') || l.trim().is_empty());
                if l.matches("\"\"\"").count() % 2 == 1 {
                    inside = !inside;
                }
                keep
            })
            .collect();
        fs::write(Path::new(&out).join(format!("{id}.toml")), kept.join("\n") + "\n")
            .unwrap_or_else(|e| panic!("{out}/{id}.toml: {e}"));
    }
}
