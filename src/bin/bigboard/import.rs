//! `bigboard import`: other programs' variant formats as definitions
//! (docs/importing.md).
//!
//! `import fsf`: a Fairy-Stockfish variants.ini's sections, on stdout or in
//! a directory; refusals on stderr with the section, key, line and reason.
//! `import diagram`: an Interactive Diagram's settings block, checked by
//! loading it, and written out.

use crate::cli::{ImportDiagramArgs, ImportFsfArgs};
use bigboard::core::echo::echo;
use bigboard::text::fsf::convert::ident;
use bigboard::text::fsf::{convert, read_sections};
use std::io::Read;

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

/// The id of a definition made from `path`: its file name without the
/// extension, in lower-case letters, digits and '-'.
fn id_from(path: &str) -> String {
    let stem = std::path::Path::new(path)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    let id = ident(stem);
    let id = id.trim_matches('-');
    if stem.is_empty() || id.is_empty() {
        "imported-diagram".into()
    } else {
        id.to_string()
    }
}

pub fn diagram_command(args: &ImportDiagramArgs) -> Result<(), String> {
    let shown = echo(&args.file);
    let text = if args.file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("stdin: {e}"))?;
        s
    } else {
        std::fs::read_to_string(&args.file).map_err(|e| format!("{shown}: {e}"))?
    };
    let id = args.id.clone().unwrap_or_else(|| id_from(&args.file));
    let toml = bigboard::text::diagram::convert(&text, &id).map_err(|e| format!("{shown}: {e}"))?;
    bigboard::text::load::load(&toml).map_err(|e| format!("{shown}: the converted definition: {e}"))?;
    match &args.out {
        Some(out) => std::fs::write(out, &toml).map_err(|e| format!("{}: {e}", echo(out))),
        None => {
            print!("{toml}");
            Ok(())
        }
    }
}
