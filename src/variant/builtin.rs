//! The built-in variants: definition files embedded in the binary and read
//! by the same loader as a page author's definition.

use super::Variant;

/// Ids of the built-in variants, in the order `bigboard variants` prints.
pub const BUILTIN_IDS: &[&str] = &["xhess", "overboard", "really-big-board", "flee", "uc-170-17"];

/// The built-ins the page offers in its variant menu (all of them).
pub const MENU_IDS: &[&str] = &["xhess", "overboard", "really-big-board", "flee", "uc-170-17"];

/// The definitions of `src/variants/`, without their comment lines
/// (`build.rs`).
const SOURCES: [&str; 5] = [
    include_str!(concat!(env!("OUT_DIR"), "/xhess.toml")),
    include_str!(concat!(env!("OUT_DIR"), "/overboard.toml")),
    include_str!(concat!(env!("OUT_DIR"), "/really-big-board.toml")),
    include_str!(concat!(env!("OUT_DIR"), "/flee.toml")),
    include_str!(concat!(env!("OUT_DIR"), "/uc-170-17.toml")),
];

/// The definition text of a built-in variant (its comment lines left
/// out: the files in `src/variants/` carry them).
pub fn builtin_source(id: &str) -> Option<&'static str> {
    BUILTIN_IDS.iter().position(|&b| b == id).map(|i| SOURCES[i])
}

/// What a list of variants shows of a built-in, read from its definition
/// without compiling it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The variant's id.
    pub id: String,
    /// The variant's name.
    pub name: String,
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
    /// Notes on the variant (`notes`).
    pub notes: String,
    /// The rules in words (`how_to_play`), empty when not written.
    pub how_to_play: String,
    /// Where the rules come from (`sources`).
    pub sources: Vec<String>,
    /// The sides' names.
    pub sides: [String; 2],
    /// Games start from a setup drawn from a seed (`setup = "random"`).
    pub random_setup: bool,
}

impl Variant {
    /// What a list of variants shows of this one.
    pub fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            name: self.name.clone(),
            width: self.geometry.width,
            height: self.geometry.height,
            notes: self.notes.clone(),
            how_to_play: self.how_to_play.clone(),
            sources: self.sources.clone(),
            sides: self.sides.clone(),
            random_setup: self.random_setup.is_some(),
        }
    }
}

/// The [`Summary`] of a built-in variant.
pub fn builtin_summary(id: &str) -> Option<Summary> {
    let table = super::toml::parse(builtin_source(id)?).ok()?;
    let text = |key: &str| table.get(key).and_then(|v| v.as_str()).unwrap_or("").to_string();
    let size = |key: &str| table.get(key).and_then(|v| v.as_integer()).unwrap_or(0) as u8;
    Some(Summary {
        id: text("id"),
        name: text("name"),
        width: size("width"),
        height: size("height"),
        notes: text("notes"),
        how_to_play: text("how_to_play"),
        sources: table
            .get("sources")
            .and_then(|v| v.as_array())
            .map(|a| a.iter().filter_map(|s| s.as_str().map(String::from)).collect())
            .unwrap_or_default(),
        sides: match table.get("sides").and_then(|v| v.as_array()).map(|a| a.as_slice()) {
            Some([w, b]) => [w.as_str()?.to_string(), b.as_str()?.to_string()],
            _ => ["White".to_string(), "Black".to_string()],
        },
        random_setup: text("setup") == "random",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Loader;

    /// A built-in compiled (its setup is checked as a position by
    /// `crate::text::load`, above this floor).
    fn compiled(id: &str) -> Variant {
        Loader::new(builtin_source(id).unwrap())
            .and_then(Loader::compile)
            .unwrap_or_else(|e| panic!("{id}:\n{e}"))
    }

    #[test]
    fn every_builtin_definition_loads_under_its_id() {
        for id in BUILTIN_IDS {
            let v = compiled(id);
            assert_eq!(v.id, *id);
        }
    }

    #[test]
    fn summaries_agree_with_the_compiled_variants() {
        for id in BUILTIN_IDS {
            assert_eq!(builtin_summary(id).unwrap(), compiled(id).summary());
        }
    }
}
