//! Definitions are TOML documents, read by the `toml` crate's parser
//! ([`::toml::de::DeTable`]) into [`Table`]s of [`Value`]s, the dynamic
//! shapes the loader walks. Tables keep their keys in sorted order, as the
//! loader has always seen them (its problems with unknown keys are listed
//! in that order).
//!
//! The crate's parser, without its serde deserializer and tables of
//! values, keeps the wasm module within its budget (docs/performance.md).
//! It reports where a problem is as a byte span; [`parse`] turns it into
//! the line and column every message names. Dates and times are refused
//! here: no definition key takes one.

use ::toml::Spanned;
use ::toml::de::{DeTable, DeValue};
use std::fmt;
use std::ops::Range;

/// A TOML value. Dates and times are not read (see the module comment).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A string.
    String(String),
    /// An integer.
    Integer(i64),
    /// A floating-point number.
    Float(f64),
    /// A boolean.
    Boolean(bool),
    /// An array.
    Array(Vec<Value>),
    /// A table.
    Table(Table),
}

/// A TOML table: its keys in sorted order. A sorted vector keeps lookups
/// a binary search with little code in the wasm module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    entries: Vec<(String, Value)>,
}

type Entry = (String, Value);

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// The value of `key`, if the table has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        let i = self.entries.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok()?;
        Some(&self.entries[i].1)
    }

    /// The table has `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The table has no keys.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The keys, in sorted order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The (key, value) pairs, sorted by key.
    pub fn iter(&self) -> Iter<'_> {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

/// The iterator over a table's keys and values, in key order.
pub type Iter<'a> = std::iter::Map<std::slice::Iter<'a, Entry>, fn(&'a Entry) -> (&'a String, &'a Value)>;

impl<'a> IntoIterator for &'a Table {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl Value {
    /// What kind of value this is, for messages: "string", "integer" ...
    pub fn type_str(&self) -> &'static str {
        match self {
            Value::String(_) => "string",
            Value::Integer(_) => "integer",
            Value::Float(_) => "float",
            Value::Boolean(_) => "boolean",
            Value::Array(_) => "array",
            Value::Table(_) => "table",
        }
    }

    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The integer, if the value is one.
    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Value::Integer(n) => Some(*n),
            _ => None,
        }
    }

    /// The number, if the value is a float.
    pub fn as_float(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            _ => None,
        }
    }

    /// The boolean, if the value is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    /// The array, if the value is one.
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The table, if the value is one.
    pub fn as_table(&self) -> Option<&Table> {
        match self {
            Value::Table(t) => Some(t),
            _ => None,
        }
    }
}

/// Why a text is not TOML, and where: line and column count from 1, the
/// column in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The 1-based line of the error.
    pub line: usize,
    /// The 1-based column of the error.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for Error {}

/// Reads a TOML document.
pub fn parse(text: &str) -> Result<Table, Error> {
    let fail = |at: usize, message: &str| {
        let (line, column) = line_column(text, at);
        // One problem a line: the crate's message may run over several.
        let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        Error { line, column, message }
    };
    let document = DeTable::parse(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let mut message = e.message().to_string();
        // The crate's "duplicate key" names no key: its span does.
        if let Some(key) = text.get(span.clone()).filter(|k| !k.is_empty() && !k.contains('\n'))
            && message.starts_with("duplicate key")
        {
            message = format!("duplicate key `{key}`");
        }
        fail(span.start, &message)
    })?;
    table(document.into_inner()).map_err(|(at, message)| fail(at.start, &message))
}

/// A problem of a value the parser read: its span and what.
type Fail = (Range<usize>, String);

fn table(from: DeTable) -> Result<Table, Fail> {
    // The parser's table is ordered by its keys' text: the entries come
    // sorted.
    let mut entries = Vec::with_capacity(from.len());
    for (key, value) in from {
        entries.push((key.into_inner().into_owned(), self::value(value)?));
    }
    Ok(Table { entries })
}

fn value(from: Spanned<DeValue>) -> Result<Value, Fail> {
    let span = from.span();
    Ok(match from.into_inner() {
        DeValue::String(s) => Value::String(s.into_owned()),
        DeValue::Integer(n) => match i64::from_str_radix(n.as_str(), n.radix()) {
            Ok(n) => Value::Integer(n),
            Err(_) => return Err((span, format!("{n} is out of range for a 64-bit integer"))),
        },
        DeValue::Float(x) => match x.as_str().parse::<f64>() {
            // Infinity only as written (`inf`), not past the largest double.
            Ok(v) if !v.is_infinite() || x.as_str().contains("inf") => Value::Float(v),
            _ => return Err((span, format!("{x} is out of range for a float"))),
        },
        DeValue::Boolean(b) => Value::Boolean(b),
        DeValue::Datetime(_) => return Err((span, "dates and times are not used in definitions".into())),
        DeValue::Array(items) => Value::Array(items.into_iter().map(value).collect::<Result<_, _>>()?),
        DeValue::Table(t) => Value::Table(table(t)?),
    })
}

/// The line and column (from 1, the column in characters) of byte `at`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.bytes().filter(|&b| b == b'\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}
