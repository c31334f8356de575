//! The TOML reader for variant definitions.
//!
//! Definitions are TOML documents read into [`Table`]s of [`Value`]s, the
//! dynamic shapes the loader walks. A general TOML crate brings serde, its
//! own tables and error rendering into the wasm module, about a tenth of
//! its code; this reader is the part of TOML definitions use.
//!
//! It reads TOML 1.1 (TOML 1.0 with `\e` and `\xHH` escapes and inline
//! tables over several lines with a trailing comma): comments, bare,
//! quoted and dotted keys, the four kinds of string, integers (decimal
//! with `_`, hexadecimal, octal, binary), floats (with `inf` and `nan`),
//! booleans, arrays, inline tables, `[table]` and `[[array of tables]]`,
//! and refuses what TOML refuses (a key defined twice, a table defined
//! twice, extending an inline table or a fixed array). Dates and times
//! are refused: no definition key takes one.
//!
//! Every error names its line and column.

use std::fmt;
use std::str::FromStr;

/// A TOML value. Dates and times are not read (see the module comment).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Array(Vec<Value>),
    Table(Table),
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

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Value::Integer(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_float(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_table(&self) -> Option<&Table> {
        match self {
            Value::Table(t) => Some(t),
            _ => None,
        }
    }
}

/// How a table came to be, which decides what may still add to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Kind {
    /// By a `[header]` (or `[[header]]`), or the document itself.
    #[default]
    Header,
    /// As a prefix of a header's key (`a` of `[a.b]`): a later `[a]` may
    /// still define it.
    Implicit,
    /// By a dotted key (`a.b = 1`): no header may define it.
    Dotted,
    /// By `{ ... }`: closed once written.
    Inline,
}

/// A TOML table: its keys in sorted order, as the loader has always seen
/// them (its problems with unknown keys are listed in that order). A
/// sorted vector keeps lookups a binary search with little code.
#[derive(Clone, Debug, Default)]
pub struct Table {
    entries: Vec<(String, Value)>,
    kind: Kind,
}

/// Tables are equal when their keys and values are: how they were
/// written does not matter.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.entries == other.entries
    }
}

type Entry = (String, Value);

impl Table {
    pub fn new() -> Table {
        Table::default()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.find(key).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key`, returning the value it had.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) -> Option<Value> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn iter(&self) -> Iter<'_> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The value at `key`, made by `make` first when there is none.
    fn entry(&mut self, key: &str, make: impl FnOnce() -> Value) -> &mut Value {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (key.to_string(), make()));
                i
            }
        };
        &mut self.entries[i].1
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

impl FromStr for Table {
    type Err = Error;
    fn from_str(text: &str) -> Result<Table, Error> {
        parse(text)
    }
}

/// Why a text is not TOML, and where: line and column count from 1, the
/// column in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub column: usize,
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
    let mut p = Parser {
        b: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    p.document().map_err(|(at, message)| {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Error {
            line: before.bytes().filter(|&b| b == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message,
        }
    })
}

/// An error while reading: the byte offset it is at, and what is wrong.
type Fail = (usize, String);
type Res<T> = Result<T, Fail>;

fn fail<T>(at: usize, message: impl Into<String>) -> Res<T> {
    Err((at, message.into()))
}

/// Arrays and inline tables nest at most this deep: reading them
/// recurses, and a hostile text must not exhaust the stack.
const MAX_DEPTH: usize = 100;

/// A key as written: its parts (`a.b.c`) and where each starts.
type Key = Vec<(String, usize)>;

/// `a.b.c`, for messages.
fn key_text(key: &[(String, usize)]) -> String {
    let parts: Vec<&str> = key.iter().map(|(k, _)| k.as_str()).collect();
    parts.join(".")
}

/// An array is an array of tables (`[[x]]`) when its tables came from
/// headers; a written array (`x = [...]`) is fixed.
fn is_table_array(items: &[Value]) -> bool {
    matches!(items.first(), Some(Value::Table(t)) if t.kind != Kind::Inline)
}

/// The table a header's or section's key part leads to: a table, or the
/// last table of an array of tables.
fn child(value: &mut Value) -> Option<&mut Table> {
    match value {
        Value::Table(t) if t.kind != Kind::Inline => Some(t),
        Value::Array(items) if is_table_array(items) => match items.last_mut() {
            Some(Value::Table(t)) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// Adds `key = value` to `table`, making the tables of a dotted key.
fn insert_dotted(mut table: &mut Table, key: &[(String, usize)], value: Value) -> Res<()> {
    let Some(((last, last_at), path)) = key.split_last() else {
        return fail(0, "expected a key");
    };
    for (i, (part, at)) in path.iter().enumerate() {
        let make = || {
            Value::Table(Table {
                entries: Vec::new(),
                kind: Kind::Dotted,
            })
        };
        table = match table.entry(part, make) {
            Value::Table(t) if matches!(t.kind, Kind::Implicit | Kind::Dotted) => {
                t.kind = Kind::Dotted;
                t
            }
            _ => {
                return fail(
                    *at,
                    format!(
                        "`{}` is already defined: a dotted key cannot add to it",
                        key_text(&key[..=i])
                    ),
                );
            }
        };
    }
    if table.contains_key(last) {
        return fail(*last_at, format!("duplicate key `{}`", key_text(key)));
    }
    table.insert(last.clone(), value);
    Ok(())
}

/// Defines the table of a `[key]` header, or a new table at the end of
/// the array of a `[[key]]` header.
fn define_table(mut table: &mut Table, key: &[(String, usize)], array: bool) -> Res<()> {
    let Some(((last, last_at), path)) = key.split_last() else {
        return fail(0, "expected a key");
    };
    for (i, (part, at)) in path.iter().enumerate() {
        let make = || {
            Value::Table(Table {
                entries: Vec::new(),
                kind: Kind::Implicit,
            })
        };
        table = match child(table.entry(part, make)) {
            Some(t) => t,
            None => return fail(*at, format!("`{}` is not a table", key_text(&key[..=i]))),
        };
    }
    let new = || Value::Table(Table::default());
    match (table.get_mut(last), array) {
        (None, false) => {
            table.insert(last.clone(), new());
        }
        (None, true) => {
            table.insert(last.clone(), Value::Array(vec![new()]));
        }
        (Some(Value::Table(t)), false) if t.kind == Kind::Implicit => t.kind = Kind::Header,
        (Some(Value::Array(items)), true) if is_table_array(items) => items.push(new()),
        (Some(_), false) => return fail(*last_at, format!("table `{}` is defined twice", key_text(key))),
        (Some(_), true) => {
            return fail(
                *last_at,
                format!("`{}` is already defined and is not an array of tables", key_text(key)),
            );
        }
    }
    Ok(())
}

/// The table of the section a header named.
fn section<'t>(mut table: &'t mut Table, key: &[(String, usize)]) -> Res<&'t mut Table> {
    for (part, at) in key {
        table = match table.get_mut(part).and_then(child) {
            Some(t) => t,
            None => return fail(*at, "the section's table is missing"),
        };
    }
    Ok(table)
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    /// How deep in arrays and inline tables the reader is.
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn at(&self, s: &str) -> bool {
        self.b[self.pos.min(self.b.len())..].starts_with(s.as_bytes())
    }

    /// The text from `from` to the reader's position (both at ASCII
    /// delimiters or the ends, so on character boundaries).
    fn text(&self, from: usize) -> &str {
        std::str::from_utf8(&self.b[from..self.pos]).unwrap_or("")
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Res<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            fail(self.pos, format!("expected {what}"))
        }
    }

    /// A comment from its `#` up to the end of its line.
    fn comment(&mut self) -> Res<()> {
        self.pos += 1;
        while let Some(c) = self.peek() {
            match c {
                b'\n' => break,
                b'\r' if self.at("\r\n") => break,
                b'\t' => {}
                0..0x20 | 0x7f => return fail(self.pos, "control character in a comment"),
                _ => {}
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// A newline (LF or CRLF), if one is here.
    fn newline(&mut self) -> bool {
        if self.peek() == Some(b'\n') {
            self.pos += 1;
            true
        } else if self.at("\r\n") {
            self.pos += 2;
            true
        } else {
            false
        }
    }

    /// Spaces, comments and newlines, as arrays and inline tables allow.
    fn skip_blank(&mut self) -> Res<()> {
        loop {
            self.skip_ws();
            if self.peek() == Some(b'#') {
                self.comment()?;
            }
            if !self.newline() {
                return Ok(());
            }
        }
    }

    /// The rest of a line after a key and value or a header: spaces and
    /// a comment, then a newline or the end.
    fn end_of_line(&mut self) -> Res<()> {
        self.skip_ws();
        if self.peek() == Some(b'#') {
            self.comment()?;
        }
        match self.peek() {
            None => Ok(()),
            _ if self.newline() => Ok(()),
            Some(b'\r') => fail(self.pos, "a carriage return must be followed by a newline"),
            _ => fail(self.pos, "expected the end of the line (one key = value a line)"),
        }
    }

    fn document(&mut self) -> Res<Table> {
        let mut root = Table::new();
        let mut current: Key = Vec::new();
        if self.at("\u{feff}") {
            self.pos = 3;
        }
        loop {
            self.skip_ws();
            match self.peek() {
                None => return Ok(root),
                Some(b'#' | b'\n' | b'\r') => self.end_of_line()?,
                Some(b'[') => {
                    let array = self.at("[[");
                    self.pos += if array { 2 } else { 1 };
                    let key = self.key()?;
                    if array {
                        if !self.at("]]") {
                            return fail(self.pos, "expected `]]`");
                        }
                        self.pos += 2;
                    } else {
                        self.expect(b']', "`]`")?;
                    }
                    self.end_of_line()?;
                    define_table(&mut root, &key, array)?;
                    current = key;
                }
                Some(_) => {
                    let key = self.key()?;
                    self.expect(b'=', "`=` after the key")?;
                    self.skip_ws();
                    let value = self.value()?;
                    insert_dotted(section(&mut root, &current)?, &key, value)?;
                    self.end_of_line()?;
                }
            }
        }
    }

    /// A key: bare or quoted parts joined by dots, with the spaces
    /// around them.
    fn key(&mut self) -> Res<Key> {
        let mut key = Vec::new();
        loop {
            self.skip_ws();
            let at = self.pos;
            let part = match self.peek() {
                Some(b'"' | b'\'') if self.at("\"\"\"") || self.at("'''") => {
                    return fail(at, "a key cannot be a multi-line string");
                }
                Some(b'"') => self.basic_string()?,
                Some(b'\'') => self.literal_string()?,
                _ => {
                    while matches!(self.peek(), Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-')) {
                        self.pos += 1;
                    }
                    if self.pos == at {
                        return fail(at, "expected a key (letters, digits, `_` and `-`, or a quoted key)");
                    }
                    self.text(at).to_string()
                }
            };
            key.push((part, at));
            self.skip_ws();
            if self.peek() != Some(b'.') {
                return Ok(key);
            }
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Res<Value> {
        match self.peek() {
            Some(b'"') if self.at("\"\"\"") => self.multiline_basic().map(Value::String),
            Some(b'"') => self.basic_string().map(Value::String),
            Some(b'\'') if self.at("'''") => self.multiline_literal().map(Value::String),
            Some(b'\'') => self.literal_string().map(Value::String),
            Some(b'[') => self.array(),
            Some(b'{') => self.inline_table(),
            _ => self.scalar(),
        }
    }

    fn enter(&mut self) -> Res<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return fail(self.pos, format!("arrays and tables nest more than {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    fn array(&mut self) -> Res<Value> {
        self.enter()?;
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_blank()?;
            if self.peek() == Some(b']') {
                break;
            }
            items.push(self.value()?);
            self.skip_blank()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => break,
                _ => return fail(self.pos, "expected `,` or `]` in the array"),
            }
        }
        self.pos += 1;
        self.depth -= 1;
        Ok(Value::Array(items))
    }

    fn inline_table(&mut self) -> Res<Value> {
        self.enter()?;
        self.pos += 1;
        let mut table = Table::new();
        loop {
            self.skip_blank()?;
            if self.peek() == Some(b'}') {
                break;
            }
            // Newlines and comments may come around the `=` here too,
            // as the toml crate the definitions were first read with has it.
            let key = self.key()?;
            self.skip_blank()?;
            self.expect(b'=', "`=` after the key")?;
            self.skip_blank()?;
            let value = self.value()?;
            insert_dotted(&mut table, &key, value)?;
            self.skip_blank()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => break,
                _ => return fail(self.pos, "expected `,` or `}` in the inline table"),
            }
        }
        self.pos += 1;
        self.depth -= 1;
        table.kind = Kind::Inline;
        Ok(Value::Table(table))
    }

    /// A boolean, a number, `inf` or `nan`: a word of the characters
    /// these are written with.
    fn scalar(&mut self) -> Res<Value> {
        let at = self.pos;
        while matches!(
            self.peek(),
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'+' | b'-' | b'.')
        ) {
            self.pos += 1;
        }
        let word = self.text(at);
        let bytes = word.as_bytes();
        let date = bytes.len() >= 5 && bytes[..4].iter().all(u8::is_ascii_digit) && bytes[4] == b'-';
        let time = bytes.len() == 2 && bytes.iter().all(u8::is_ascii_digit) && self.peek() == Some(b':');
        if date || time {
            return fail(at, "dates and times are not used in definitions");
        }
        match word {
            "" => fail(at, "expected a value (a string, number, true, false, array or table)"),
            "true" => Ok(Value::Boolean(true)),
            "false" => Ok(Value::Boolean(false)),
            "inf" | "+inf" => Ok(Value::Float(f64::INFINITY)),
            "-inf" => Ok(Value::Float(f64::NEG_INFINITY)),
            "nan" | "+nan" | "-nan" => Ok(Value::Float(f64::NAN)),
            _ => number(word, at),
        }
    }

    fn basic_string(&mut self) -> Res<String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let run = self.pos;
            while matches!(self.peek(), Some(c) if c != b'"' && c != b'\\' && !is_control(c)) {
                self.pos += 1;
            }
            out.push_str(self.text(run));
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => self.escape(&mut out)?,
                Some(b'\n' | b'\r') | None => {
                    return fail(
                        self.pos,
                        "the string is not closed on its line (`\"\"\"` strings may span lines)",
                    );
                }
                Some(_) => return fail(self.pos, "control character in a string (write it as an escape)"),
            }
        }
    }

    fn multiline_basic(&mut self) -> Res<String> {
        self.pos += 3;
        self.newline();
        let mut out = String::new();
        loop {
            let run = self.pos;
            while matches!(self.peek(), Some(c) if c != b'"' && c != b'\\' && (!is_control(c) || c == b'\n')) {
                self.pos += 1;
            }
            out.push_str(self.text(run));
            match self.peek() {
                Some(b'"') => {
                    if self.close_quotes(b'"', &mut out)? {
                        return Ok(out);
                    }
                }
                Some(b'\\') => {
                    // A backslash ending a line drops the newline and the
                    // spaces and newlines after it.
                    let mut end = self.pos + 1;
                    while matches!(self.b.get(end), Some(b' ' | b'\t')) {
                        end += 1;
                    }
                    let rest = &self.b[end..];
                    if rest.starts_with(b"\n") || rest.starts_with(b"\r\n") {
                        self.pos = end;
                        while self.newline() || matches!(self.peek(), Some(b' ' | b'\t')) {
                            if matches!(self.peek(), Some(b' ' | b'\t')) {
                                self.pos += 1;
                            }
                        }
                    } else {
                        self.escape(&mut out)?;
                    }
                }
                Some(b'\r') if self.newline() => out.push_str("\r\n"),
                None => return fail(self.pos, "the string is not closed (`\"\"\"`)"),
                Some(_) => return fail(self.pos, "control character in a string (write it as an escape)"),
            }
        }
    }

    fn literal_string(&mut self) -> Res<String> {
        self.pos += 1;
        let run = self.pos;
        while matches!(self.peek(), Some(c) if c != b'\'' && !is_control(c)) {
            self.pos += 1;
        }
        let out = self.text(run).to_string();
        match self.peek() {
            Some(b'\'') => {
                self.pos += 1;
                Ok(out)
            }
            Some(b'\n' | b'\r') | None => fail(
                self.pos,
                "the string is not closed on its line (`'''` strings may span lines)",
            ),
            Some(_) => fail(self.pos, "control character in a literal string"),
        }
    }

    fn multiline_literal(&mut self) -> Res<String> {
        self.pos += 3;
        self.newline();
        let mut out = String::new();
        loop {
            let run = self.pos;
            while matches!(self.peek(), Some(c) if c != b'\'' && (!is_control(c) || c == b'\n')) {
                self.pos += 1;
            }
            out.push_str(self.text(run));
            match self.peek() {
                Some(b'\'') => {
                    if self.close_quotes(b'\'', &mut out)? {
                        return Ok(out);
                    }
                }
                Some(b'\r') if self.newline() => out.push_str("\r\n"),
                None => return fail(self.pos, "the string is not closed (`'''`)"),
                Some(_) => return fail(self.pos, "control character in a literal string"),
            }
        }
    }

    /// A run of quotes in a multi-line string: three close it, and the
    /// one or two before those belong to the string. Whether it closed.
    fn close_quotes(&mut self, q: u8, out: &mut String) -> Res<bool> {
        let start = self.pos;
        while self.peek() == Some(q) {
            self.pos += 1;
        }
        let n = self.pos - start;
        if n > 5 {
            return fail(start + 5, "too many quotes: at most two may precede the closing three");
        }
        let kept = if n >= 3 { n - 3 } else { n };
        for _ in 0..kept {
            out.push(q as char);
        }
        Ok(n >= 3)
    }

    /// An escape in a basic string, from its backslash.
    fn escape(&mut self, out: &mut String) -> Res<()> {
        let at = self.pos;
        self.pos += 2;
        let c = match self.b.get(at + 1) {
            Some(b'b') => '\u{8}',
            Some(b't') => '\t',
            Some(b'n') => '\n',
            Some(b'f') => '\u{c}',
            Some(b'r') => '\r',
            Some(b'e') => '\u{1b}',
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'x') => self.hex(at, 2)?,
            Some(b'u') => self.hex(at, 4)?,
            Some(b'U') => self.hex(at, 8)?,
            _ => {
                return fail(
                    at,
                    "unknown escape (known: \\b \\t \\n \\f \\r \\e \\\" \\\\ \\xHH \\uHHHH \\UHHHHHHHH)",
                );
            }
        };
        out.push(c);
        Ok(())
    }

    /// The character of an escape's `n` hexadecimal digits.
    fn hex(&mut self, at: usize, n: usize) -> Res<char> {
        let digits = self.b.get(self.pos..self.pos + n).unwrap_or(b"");
        let code = std::str::from_utf8(digits)
            .ok()
            .filter(|d| d.len() == n && d.bytes().all(|c| c.is_ascii_hexdigit()))
            .and_then(|d| u32::from_str_radix(d, 16).ok());
        match code.and_then(char::from_u32) {
            Some(c) => {
                self.pos += n;
                Ok(c)
            }
            None => fail(at, format!("expected {n} hexadecimal digits of a Unicode scalar value")),
        }
    }
}

/// Characters a string or comment may not hold as written (tab may).
fn is_control(c: u8) -> bool {
    (c < 0x20 && c != b'\t') || c == 0x7f
}

/// Whether `s` is digits of `radix` with single `_` between digits.
fn digits(s: &str, radix: u32) -> bool {
    let digit = |c: u8| (c as char).is_digit(radix);
    let b = s.as_bytes();
    !b.is_empty()
        && digit(b[0])
        && digit(b[b.len() - 1])
        && b.iter().all(|&c| digit(c) || c == b'_')
        && !s.contains("__")
}

/// An integer or a float, `word` as written at byte `at`.
fn number(word: &str, at: usize) -> Res<Value> {
    let unsigned = word.strip_prefix(['+', '-']).unwrap_or(word);
    let signed = unsigned.len() != word.len();
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(d) = unsigned.strip_prefix(prefix) {
            if signed {
                return fail(at, "hexadecimal, octal and binary numbers cannot have a sign");
            }
            if !digits(d, radix) {
                return fail(at, format!("`{word}` is not a number (`_` goes between digits)"));
            }
            return i64::from_str_radix(&d.replace('_', ""), radix)
                .map(Value::Integer)
                .or_else(|_| fail(at, format!("{word} is out of range for a 64-bit integer")));
        }
    }
    // Integer part, then a fraction and an exponent, either optional.
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let exp_digits = exponent.map(|e| e.strip_prefix(['+', '-']).unwrap_or(e));
    if !digits(int, 10) || !frac.is_none_or(|f| digits(f, 10)) || !exp_digits.is_none_or(|e| digits(e, 10)) {
        return fail(
            at,
            format!("`{word}` is not a value (strings are quoted; `_` goes between digits)"),
        );
    }
    if int.len() > 1 && int.starts_with('0') {
        return fail(at, format!("`{word}`: a number cannot start with a 0"));
    }
    let plain = word.replace('_', "");
    if frac.is_none() && exponent.is_none() {
        return plain
            .parse::<i64>()
            .map(Value::Integer)
            .or_else(|_| fail(at, format!("{word} is out of range for a 64-bit integer")));
    }
    // The syntax is checked above; the standard parser rounds to the
    // nearest double and gives infinity past the largest.
    match plain.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Value::Float(x)),
        _ => fail(at, format!("{word} is out of range for a float")),
    }
}
