//! Definition texts: compiled once and kept by text, checked, or compiled
//! a little at a time between frames.

use super::{now, text_arg, to_js};
use crate::variant::{DefinitionErrors, Loader, Variant};
use serde::Serialize;
use std::cell::{Cell as StdCell, RefCell};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// How many compiled definitions are kept, by exact text: checking a
/// definition and then playing it, a second game of it, or the AI's
/// request after a move, use the same compilation.
const KEPT_DEFINITIONS: usize = 2;

/// Programs compiled between two looks at the clock.
const PROGRAMS_PER_STEP: usize = 1;

type Compiled = Result<Arc<Variant>, DefinitionErrors>;

thread_local! {
    /// The last compiled definitions, most recent first.
    static DEFINITIONS: RefCell<Vec<(String, Compiled)>> = const { RefCell::new(Vec::new()) };
    /// How many definitions this instance began to compile.
    static COMPILATIONS: StdCell<u32> = const { StdCell::new(0) };
}

/// The kept compilation of `text`, made the most recent.
fn kept(text: &str) -> Option<Compiled> {
    DEFINITIONS.with_borrow_mut(|list| {
        let i = list.iter().position(|(t, _)| t == text)?;
        let entry = list.remove(i);
        let out = entry.1.clone();
        list.insert(0, entry);
        Some(out)
    })
}

/// Keeps the compilation of `text`, forgetting the oldest beyond
/// [`KEPT_DEFINITIONS`].
fn keep(text: String, compiled: Compiled) {
    DEFINITIONS.with_borrow_mut(|list| {
        list.retain(|(t, _)| *t != text);
        list.insert(0, (text, compiled));
        list.truncate(KEPT_DEFINITIONS);
    });
}

fn count_compilation() {
    COMPILATIONS.with(|c| c.set(c.get() + 1));
}

/// A definition compiled, or taken from those kept.
pub(crate) fn compile_definition(text: &str) -> Compiled {
    if let Some(known) = kept(text) {
        return known;
    }
    count_compilation();
    let compiled = crate::text::load::load(text);
    keep(text.to_string(), compiled.clone());
    compiled
}

/// How many definition texts this wasm instance has compiled; a text
/// compiled lately is not compiled again. For tests.
#[wasm_bindgen(js_name = definitionCompilations)]
pub fn definition_compilations() -> u32 {
    COMPILATIONS.with(|c| c.get())
}

/// The problems of a definition for JavaScript: `[{at, message}]`, empty
/// for none.
fn problems_js(errors: Option<&DefinitionErrors>) -> JsValue {
    #[derive(Serialize)]
    struct Problem<'a> {
        at: &'a str,
        message: &'a str,
    }
    let problems: Vec<Problem> = match errors {
        None => Vec::new(),
        Some(e) => {
            e.0.iter()
                .map(|p| Problem {
                    at: &p.at,
                    message: &p.message,
                })
                .collect()
        }
    };
    to_js(&problems)
}

/// Checks a variant definition; returns the list of problems (empty when
/// it is valid), each `{at, message}`. A valid definition is kept
/// compiled for the game that follows.
/// Throws a `TypeError` when `text` is not a string.
#[wasm_bindgen(js_name = checkDefinition)]
pub fn check_definition(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg(&text, "checkDefinition: text")?;
    Ok(problems_js(compile_definition(&text).as_ref().err()))
}

/// Compiles a definition a little at a time, so that a page can compile
/// a large one between frames: `step(ms)` until it returns true, then
/// `problems()`. The result is kept like `checkDefinition`'s, so a `Game`
/// of the same text made afterwards does not compile it again.
#[wasm_bindgen]
pub struct DefinitionLoader {
    text: String,
    /// The compilation under way, if any.
    loader: Option<Box<Loader>>,
    /// The outcome, once over.
    result: Option<Compiled>,
}

#[wasm_bindgen]
impl DefinitionLoader {
    /// Throws a `TypeError` when `text` is not a string.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<DefinitionLoader, JsValue> {
        let text = text_arg(&text, "new DefinitionLoader: text")?;
        let mut out = DefinitionLoader {
            text,
            loader: None,
            result: None,
        };
        match kept(&out.text) {
            Some(known) => out.result = Some(known),
            None => {
                count_compilation();
                match Loader::new(&out.text) {
                    Ok(loader) => out.loader = Some(Box::new(loader)),
                    Err(e) => out.end(Err(e)),
                }
            }
        }
        Ok(out)
    }

    fn end(&mut self, compiled: Compiled) {
        keep(self.text.clone(), compiled.clone());
        self.result = Some(compiled);
    }

    /// Compiles for about `ms` milliseconds (at least one small step);
    /// true once the definition is compiled or found wrong.
    pub fn step(&mut self, ms: f64) -> bool {
        let start = now();
        while let Some(loader) = self.loader.as_mut() {
            if loader.step(PROGRAMS_PER_STEP) {
                let loader = self.loader.take().expect("compiling");
                self.end(crate::text::load::finish(*loader));
            } else if now() - start >= ms {
                return false;
            }
        }
        true
    }

    /// Whether the compilation is over.
    pub fn done(&self) -> bool {
        self.result.is_some()
    }

    /// The problems found, each `{at, message}`: empty while compiling
    /// and for a valid definition.
    pub fn problems(&self) -> JsValue {
        problems_js(self.result.as_ref().and_then(|r| r.as_ref().err()))
    }
}
