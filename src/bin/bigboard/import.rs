//! `bigboard import diagram FILE`: an Interactive Diagram's settings block
//! converted to a definition (docs/definitions.md, "Importing an
//! Interactive Diagram"), checked by loading it, and written out.

use crate::cli::ImportDiagramArgs;
use bigboard::core::echo::echo;
use std::io::Read;

/// The id of a definition made from `path`: its file name without the
/// extension, in lower-case letters, digits and '-'.
fn id_from(path: &str) -> String {
    let stem = std::path::Path::new(path)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    let mut id: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    id = id.trim_matches('-').to_string();
    if id.is_empty() { "imported-diagram".into() } else { id }
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
