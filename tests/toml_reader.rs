//! What the crate adds to the `toml` crate's parser
//! (`bigboard::variant::toml`): errors at a line and column (counted in
//! characters), values as definitions read them (64-bit integers, finite
//! floats, no dates), keys in sorted order, and every definition in the
//! repository read. TOML itself is the `toml` crate's to test.

use bigboard::variant::toml::{Error, Table, Value, parse};
use std::path::{Path, PathBuf};

fn ok(text: &str) -> Table {
    parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn err(text: &str) -> Error {
    match parse(text) {
        Ok(t) => panic!("{text:?} read as {t:?}"),
        Err(e) => e,
    }
}

/// The error of `text` is at `line` and `column` and its message holds
/// `says`.
fn err_at(text: &str, line: usize, column: usize, says: &str) {
    let e = err(text);
    assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    assert!(e.message.contains(says), "{text:?}: {e}");
    assert_eq!(e.to_string().lines().count(), 1, "{text:?}: {e}");
}

#[test]
fn values_as_definitions_read_them() {
    let t = ok("s = 'x'\ni = 0x10\nf = 1_000.5\nb = true\na = [1, 'two']\n[t]\nk = { v = -1 }");
    assert_eq!(t.get("s"), Some(&Value::String("x".into())));
    assert_eq!(t.get("i"), Some(&Value::Integer(16)));
    assert_eq!(t.get("f"), Some(&Value::Float(1000.5)));
    assert_eq!(t.get("b"), Some(&Value::Boolean(true)));
    assert_eq!(
        t.get("a"),
        Some(&Value::Array(vec![Value::Integer(1), Value::String("two".into())]))
    );
    let k = t.get("t").and_then(Value::as_table).and_then(|t| t.get("k"));
    assert_eq!(
        k.and_then(Value::as_table).and_then(|k| k.get("v")),
        Some(&Value::Integer(-1))
    );
    assert_eq!(ok("x = -inf").get("x"), Some(&Value::Float(f64::NEG_INFINITY)));
    for nan in ["nan", "+nan", "-nan"] {
        let x = ok(&format!("x = {nan}")).get("x").and_then(Value::as_float);
        assert!(x.is_some_and(f64::is_nan), "{nan}");
    }
    // Keys come in sorted order, whatever the order written.
    let sorted = ok("b = 1\na = 2\nc = 3");
    let keys: Vec<&String> = sorted.keys().collect();
    assert_eq!(keys, ["a", "b", "c"]);
}

#[test]
fn errors_name_line_and_column() {
    err_at("x = ", 1, 5, "");
    err_at("id = \"x\"\nname = ", 2, 8, "");
    err_at("a = 1\na = 2", 2, 1, "duplicate key `a`");
    err_at("[a]\nb = 1\n[a]", 3, 2, "duplicate key `a`");
    err_at("x = \"open", 1, 10, "");
    // The column counts characters, not bytes.
    err_at("'é' = 1 2", 1, 7, "");
    err_at("x = 9223372036854775808", 1, 5, "out of range for a 64-bit integer");
    err_at("x = 1e1000", 1, 5, "out of range for a float");
}

#[test]
fn dates_and_times_are_refused() {
    for text in ["1979-05-27", "1979-05-27T07:32:00Z", "1979-05-27 07:32:00", "07:32:00"] {
        err_at(
            &format!("\nwhen = {text}"),
            2,
            8,
            "dates and times are not used in definitions",
        );
    }
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("x = {}{}", "[".repeat(5000), "]".repeat(5000));
    assert!(err(&deep).message.contains("recurs"));
    let deep = format!("x = {}{}", "{a=".repeat(5000), "}".repeat(5000));
    assert!(err(&deep).message.contains("recurs"));
    let fine = format!("x = {}{}", "[".repeat(50), "]".repeat(50));
    assert!(parse(&fine).is_ok());
}

/// Every `.toml` file under `dir`, recursively.
fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_definition_in_the_repository_reads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/variants", "examples", "tests"] {
        toml_files(&root.join(dir), &mut files);
    }
    assert!(files.len() >= 30, "{} files", files.len());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let doc = std::fs::read_to_string(root.join("src/variant/DEFINITIONS.md")).unwrap();
    for (i, block) in doc.split("```toml\n").skip(1).enumerate() {
        let block = block.split("```").next().unwrap();
        parse(block).unwrap_or_else(|e| panic!("DEFINITIONS.md block {i}: {e}"));
    }
    // The built-in sources as embedded (comment lines dropped).
    for id in bigboard::variant::BUILTIN_IDS {
        parse(bigboard::variant::builtin_source(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}
