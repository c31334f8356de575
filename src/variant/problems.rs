//! The problems a definition can have: each says where (a key path such
//! as `piece[3].moves`) and what, and the loader collects them all rather
//! than stopping at the first (`variant/load.rs` and the readers of each
//! table).

use super::toml::{Table, Value};
use crate::core::echo::echo;
use std::fmt;

/// One problem in a definition: where (a key path such as
/// `piece[3].moves`) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    /// The key path of the problem (`piece[3].moves`).
    pub at: String,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// Every problem found in a definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionErrors(pub Vec<DefinitionError>);

impl fmt::Display for DefinitionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DefinitionErrors {}

pub(super) struct Errors(pub(super) Vec<DefinitionError>);

impl Errors {
    pub(super) fn add(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(DefinitionError {
            at: at.into(),
            message: message.into(),
        });
    }

    pub(super) fn unknown_keys(&mut self, at: &str, table: &Table, known: &[&str]) {
        for key in table.keys() {
            if !known.contains(&key.as_str()) {
                let place = path(at, &echo(key));
                // The key may name a rule this format has under another
                // name, or lacks: say where every key is listed.
                self.add(
                    place,
                    format!(
                        "unknown key '{}' (known keys: {}; see DEFINITIONS.md, \"Keys\")",
                        echo(key),
                        known.join(", ")
                    ),
                );
            }
        }
    }

    pub(super) fn string(&mut self, at: &str, table: &Table, key: &str, required: bool) -> Option<String> {
        let place = path(at, key);
        match table.get(key) {
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => {
                self.add(place, "expected a string");
                None
            }
            None if required => {
                self.add(place, "missing");
                None
            }
            None => None,
        }
    }

    pub(super) fn int(&mut self, at: &str, table: &Table, key: &str, lo: i64, hi: i64) -> Option<i64> {
        let place = path(at, key);
        match table.get(key) {
            Some(Value::Integer(n)) if (lo..=hi).contains(n) => Some(*n),
            Some(Value::Integer(n)) => {
                self.add(place, format!("{n} is out of range {lo}..{hi}"));
                None
            }
            Some(_) => {
                self.add(place, "expected a whole number");
                None
            }
            None => None,
        }
    }

    pub(super) fn bool(&mut self, at: &str, table: &Table, key: &str) -> Option<bool> {
        match table.get(key) {
            Some(Value::Boolean(b)) => Some(*b),
            Some(_) => {
                self.add(path(at, key), "expected true or false");
                None
            }
            None => None,
        }
    }

    pub(super) fn strings(&mut self, at: &str, table: &Table, key: &str) -> Vec<String> {
        match table.get(key) {
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::String(s) => out.push(s.clone()),
                        _ => self.add(format!("{}[{i}]", path(at, key)), "expected a string"),
                    }
                }
                out
            }
            Some(Value::String(s)) => vec![s.clone()],
            Some(_) => {
                self.add(path(at, key), "expected a list of strings");
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    pub(super) fn tables<'t>(&mut self, table: &'t Table, key: &str) -> Vec<&'t Table> {
        match table.get(key) {
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::Table(t) => out.push(t),
                        _ => self.add(format!("{key}[{i}]"), format!("expected a table ([[{key}]])")),
                    }
                }
                out
            }
            Some(_) => {
                self.add(key, format!("expected a list of tables ([[{key}]])"));
                Vec::new()
            }
            None => Vec::new(),
        }
    }
}

pub(super) fn path(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_string()
    } else {
        format!("{at}.{key}")
    }
}
