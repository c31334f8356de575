//! The built-in variants: definition files embedded in the binary and read
//! by the same loader as a page author's definition.

use super::Variant;
use std::sync::{Arc, OnceLock};

/// Ids of the built-in variants, in the order `bigboard variants` prints.
pub const BUILTIN_IDS: &[&str] = &["xhess", "overboard", "really-big-board", "flee"];

const SOURCES: [&str; 4] = [
    include_str!("../variants/xhess.toml"),
    include_str!("../variants/overboard.toml"),
    include_str!("../variants/really-big-board.toml"),
    include_str!("../variants/flee.toml"),
];

/// The definition text of a built-in variant.
pub fn builtin_source(id: &str) -> Option<&'static str> {
    BUILTIN_IDS.iter().position(|&b| b == id).map(|i| SOURCES[i])
}

/// A built-in variant, compiled once and shared.
pub fn builtin(id: &str) -> Option<Arc<Variant>> {
    static CACHE: [OnceLock<Option<Arc<Variant>>>; 4] = [const { OnceLock::new() }; 4];
    let i = BUILTIN_IDS.iter().position(|&b| b == id)?;
    CACHE[i].get_or_init(|| Variant::from_toml(SOURCES[i]).ok()).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_definition_loads_under_its_id() {
        for id in BUILTIN_IDS {
            let v = Variant::from_toml(builtin_source(id).unwrap()).unwrap_or_else(|e| panic!("{id}:\n{e}"));
            assert_eq!(v.id, *id);
        }
    }
}
