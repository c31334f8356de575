//! A pasted Fairy-Stockfish section or Interactive Diagram block, converted
//! to definitions for the page's "Import a variant" box.

use super::{error, text_arg, to_js};
use crate::text::import::read;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Converts a pasted `variants.ini` text (every section) or Diagram block:
/// `{format: 'fsf' | 'diagram', variants: [{id, toml}], refusals: [text]}`,
/// each refusal naming the section or line, the key and the reason. The
/// definitions are not loaded here (this module links no rules): the page
/// checks each with the play module's `checkDefinition`.
/// Throws when the text is in neither format, or a `TypeError` when it is
/// not a string.
#[wasm_bindgen(js_name = importVariant)]
pub fn import_variant(text: JsValue) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Variant<'a> {
        id: &'a str,
        toml: &'a str,
    }
    #[derive(Serialize)]
    struct Out<'a> {
        format: &'a str,
        variants: Vec<Variant<'a>>,
        refusals: &'a [String],
    }
    let text = text_arg(&text, "importVariant: text")?;
    let got = read(&text).map_err(error)?;
    Ok(to_js(&Out {
        format: got.format.name(),
        variants: got
            .variants
            .iter()
            .map(|v| Variant {
                id: &v.id,
                toml: &v.toml,
            })
            .collect(),
        refusals: &got.refusals,
    }))
}
