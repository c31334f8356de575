//! `bigboard import fsf`: a Fairy-Stockfish variants.ini's sections as
//! definitions, on stdout or in a directory; refusals on stderr with the
//! section, key, line and reason (docs/importing.md).

use crate::cli::ImportFsfArgs;
use bigboard::core::echo::echo;
use bigboard::text::fsf::{convert, read_sections};

pub fn import_fsf_command(args: &ImportFsfArgs) -> Result<(), String> {
    let shown = echo(&args.path);
    let text = std::fs::read_to_string(&args.path).map_err(|e| format!("{shown}: {e}"))?;
    let sections = read_sections(&text).map_err(|e| format!("{shown}: {e}"))?;
    let chosen: Vec<usize> = match &args.variant {
        Some(name) => {
            let Some(i) = sections.iter().rposition(|s| &s.name == name) else {
                let names: Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
                return Err(format!(
                    "{shown}: no section [{}] (sections: {})",
                    echo(name),
                    names.join(", ")
                ));
            };
            vec![i]
        }
        None => (0..sections.len()).collect(),
    };
    if chosen.is_empty() {
        return Err(format!("{shown}: no section ('[name]' or '[name:parent]')"));
    }
    let mut converted = 0;
    let mut refusals = Vec::new();
    let mut out = String::new();
    for i in chosen {
        match convert(&sections, i) {
            Ok(c) => {
                converted += 1;
                if let Some(dir) = &args.out {
                    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", echo(dir)))?;
                    let path = std::path::Path::new(dir).join(format!("{}.toml", c.id));
                    std::fs::write(&path, &c.toml).map_err(|e| format!("{}: {e}", path.display()))?;
                    println!("{}", path.display());
                } else {
                    if !out.is_empty() {
                        out.push('\n');
                    }
                    out.push_str(&c.toml);
                }
            }
            Err(r) => refusals.push(format!("{shown}: {r}")),
        }
    }
    print!("{out}");
    if args.variant.is_some() {
        if let Some(r) = refusals.first() {
            return Err(r.clone());
        }
        return Ok(());
    }
    for r in &refusals {
        eprintln!("refused: {r}");
    }
    eprintln!("{converted} converted, {} refused", refusals.len());
    if converted == 0 {
        return Err(format!("{shown}: no section converts"));
    }
    Ok(())
}
