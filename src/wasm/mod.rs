//! The JavaScript boundary: a `Game` handle for the page and an `Engine`
//! for the AI worker. The only module that knows about wasm-bindgen;
//! errors become JS exceptions with a message, never panics.
//!
//! `definitions`: compiling and checking definition texts (kept compiled
//! by text); `game`: the `Game` handle; `pieces`: what the page draws of
//! a kind (catalogue, sketch, diagram); `reserves`: reserves and
//! credits; `turns`: destinations (with the moves a chooser tells apart)
//! and the drops after a move; `effects`: what a move did besides
//! moving, and the frozen men; `engine`: the AI.
//!
//! Built with the feature `import-module`, the crate makes instead the
//! page's second, smaller module: `import` alone, a pasted variant in
//! another program's format converted to definitions, which the page
//! loads only when a variant is pasted (docs/importing.md).

/// Items of the play module, left out of the import module.
macro_rules! play_module {
    ($($item:item)*) => { $(#[cfg(not(feature = "import-module"))] $item)* };
}

play_module! {
    mod definitions;
    pub mod editor;
    mod effects;
    mod engine;
    mod game;
    mod pieces;
    mod reserves;
    mod turns;

    pub use definitions::{DefinitionLoader, check_definition, definition_compilations};
    pub use engine::Engine;
    pub use game::Game;

    use crate::rules::position::Position;
    use crate::text::load::builtin;
    use crate::variant::{BUILTIN_IDS, MENU_IDS, Summary, Variant, builtin_summary};
    use definitions::compile_definition;
    use std::sync::Arc;
}

#[cfg(feature = "import-module")]
mod import;
#[cfg(feature = "import-module")]
pub use import::import_variant;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs when the module loads: a panic then shows in the browser's console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

pub(crate) fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// A text argument from JavaScript, or a `TypeError` naming it. Text is
/// taken as a `JsValue` because the glue wasm-bindgen writes for `&str`
/// and `Option<String>` does not check the type: a number or an object
/// from a page script would be read as string memory and trap in wasm.
pub(crate) fn text_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let got = if value.is_null() {
            "null".to_string()
        } else {
            value.js_typeof().as_string().unwrap_or_default()
        };
        js_sys::TypeError::new(&format!("{name} must be a string, not {got}")).into()
    })
}

play_module! {
    pub(crate) fn now() -> f64 {
        js_sys::Date::now()
    }

    /// An optional text argument: `undefined` and `null` are none.
    pub(crate) fn optional_text_arg(value: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
        if value.is_undefined() || value.is_null() {
            Ok(None)
        } else {
            text_arg(value, name).map(Some)
        }
    }

    /// An optional seed: `undefined` and `null` are none; else a whole number
    /// from 0 to 2^53.
    pub(crate) fn optional_seed_arg(value: &JsValue, name: &str) -> Result<Option<u64>, JsValue> {
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        match value.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= 9_007_199_254_740_992.0 => Ok(Some(n as u64)),
            Some(_) => Err(js_sys::RangeError::new(&format!("{name} must be a whole number from 0 to 2^53")).into()),
            None => Err(js_sys::TypeError::new(&format!("{name} must be a number")).into()),
        }
    }

    /// The variant named by a built-in id, or read from a definition text.
    pub(crate) fn load_variant(variant: &str, definition: Option<String>) -> Result<Arc<Variant>, JsError> {
        match definition {
            Some(text) => compile_definition(&text).map_err(error),
            None => builtin(variant).ok_or_else(|| {
                error(format!(
                    "unknown variant '{}' (known: {})",
                    crate::core::echo::echo(variant),
                    BUILTIN_IDS.join(", ")
                ))
            }),
        }
    }

    /// A position from an optional position text and move list.
    pub(crate) fn load_position(
        variant: Arc<Variant>,
        fen: Option<String>,
        moves: Option<String>,
    ) -> Result<Position, JsError> {
        let mut pos = match fen.filter(|f| !f.trim().is_empty()) {
            Some(f) => Position::from_fen(variant, &f).map_err(error)?,
            None => Position::new(variant),
        };
        for text in moves.as_deref().unwrap_or("").split_whitespace() {
            pos.play_text(text).map_err(error)?;
        }
        Ok(pos)
    }

    #[derive(Serialize)]
    pub(crate) struct VariantInfo {
        id: String,
        name: String,
        width: u8,
        height: u8,
        notes: String,
        how_to_play: String,
        sources: Vec<String>,
        sides: [String; 2],
        random_setup: bool,
    }

    /// The ids and names of the built-in variants a page's menu offers
    /// ([`MENU_IDS`]; every built-in id is accepted by `Game`).
    #[wasm_bindgen(js_name = builtinVariants)]
    pub fn builtin_variants() -> JsValue {
        // Read from the definitions, not compiled: a page listing the
        // variants compiles only the one it plays.
        let list: Vec<VariantInfo> = MENU_IDS
            .iter()
            .filter_map(|&id| builtin_summary(id))
            .map(variant_info)
            .collect();
        to_js(&list)
    }

    pub(crate) fn variant_info(s: Summary) -> VariantInfo {
        VariantInfo {
            id: s.id,
            name: s.name,
            width: s.width,
            height: s.height,
            notes: s.notes,
            how_to_play: s.how_to_play,
            sources: s.sources,
            sides: s.sides,
            random_setup: s.random_setup,
        }
    }
}
