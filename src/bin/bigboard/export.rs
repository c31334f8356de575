//! `bigboard export`: a variant written in another program's format
//! (docs/importing.md).
//!
//! `export fsf`: a Fairy-Stockfish variants.ini section, on stdout or in
//! a file; a variant Fairy-Stockfish cannot express is an error naming the
//! piece or rule and the reason.

use crate::cli::ExportFsfArgs;
use bigboard::core::echo::echo;

pub fn export_fsf_command(args: &ExportFsfArgs) -> Result<(), String> {
    let variant = crate::variant_arg(&args.variant)?;
    let name = args.name.clone().unwrap_or_else(|| variant.id.clone());
    let section = bigboard::text::fsf::export(&variant, &name).map_err(|e| format!("cannot export {e}"))?;
    match &args.out {
        Some(out) => std::fs::write(out, &section).map_err(|e| format!("{}: {e}", echo(out))),
        None => {
            print!("{section}");
            Ok(())
        }
    }
}
