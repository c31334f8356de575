//! Loading a variant: the definition compiled (`crate::variant`, which
//! builds no position), then its setup read as position text and checked
//! by the rules (`Position::from_setup`), or for `setup = "random"` the
//! default start drawn (`Position::random`, seed 1). The setup key is
//! position text, so this entry stands on the text floor, above the rules
//! that judge the position (docs/architecture.md, "The rules know no
//! text").

use crate::rules::position::Position;
use crate::variant::{BUILTIN_IDS, DefinitionError, DefinitionErrors, Loader, Variant, builtin_source};
use std::sync::{Arc, OnceLock};

/// Reads, validates and compiles a definition, and checks its setup. On
/// failure, every problem found.
pub fn load(text: &str) -> Result<Arc<Variant>, DefinitionErrors> {
    finish(Loader::new(text)?)
}

/// Compiles what is left of a [`Loader`] and checks the variant's setup:
/// the variant, or every problem found.
pub fn finish(loader: Loader) -> Result<Arc<Variant>, DefinitionErrors> {
    let variant = loader.compile()?;
    if variant.random_setup.is_some() {
        return with_default_setup(variant).map_err(|message| {
            DefinitionErrors(vec![DefinitionError {
                at: "random_setup".into(),
                message,
            }])
        });
    }
    let setup = variant.setup.clone();
    let variant = Arc::new(variant);
    if let Err(err) = Position::from_fen(variant.clone(), &setup) {
        return Err(DefinitionErrors(vec![DefinitionError {
            at: "setup".into(),
            message: err.to_string(),
        }]));
    }
    Ok(variant)
}

/// Finishes a variant with `setup = "random"`: its default start (the
/// setup of seed 1, [`Variant::setup`]) and that start's home squares.
fn with_default_setup(variant: Variant) -> Result<Arc<Variant>, String> {
    let mut variant = Arc::new(variant);
    let board = Position::random(variant.clone(), 1)?.to_setup().board;
    Arc::get_mut(&mut variant).expect("no position left").home = Arc::new(board);
    let text = Position::random(variant.clone(), 1)?.fen();
    Arc::get_mut(&mut variant).expect("no position left").setup = text;
    Ok(variant)
}

/// A built-in variant, loaded once and shared.
pub fn builtin(id: &str) -> Option<Arc<Variant>> {
    static CACHE: [OnceLock<Option<Arc<Variant>>>; BUILTIN_IDS.len()] = [const { OnceLock::new() }; BUILTIN_IDS.len()];
    let i = BUILTIN_IDS.iter().position(|&b| b == id)?;
    CACHE[i].get_or_init(|| load(builtin_source(id)?).ok()).clone()
}
