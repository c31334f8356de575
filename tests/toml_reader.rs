//! The crate's TOML reader (`bigboard::variant::toml`): each construct,
//! each error with its line and column, and agreement with the `toml`
//! crate (a native dev-dependency) on every definition in the repository
//! and on mutated definitions.

use bigboard::variant::toml::{Error, Table, Value, parse};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::RngSeed;
use std::path::{Path, PathBuf};

fn ok(text: &str) -> Table {
    parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn value(text: &str) -> Value {
    ok(&format!("x = {text}")).get("x").cloned().unwrap()
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
}

fn s(text: &str) -> Value {
    Value::String(text.into())
}

#[test]
fn comments_and_blank_lines() {
    let t = ok("# a comment\n\n  x = 1 # after\n\t# indented\r\ny = 2\n# last");
    assert_eq!(t.get("x"), Some(&Value::Integer(1)));
    assert_eq!(t.get("y"), Some(&Value::Integer(2)));
    assert_eq!(t.len(), 2);
    assert!(ok("").is_empty());
    assert!(ok("\u{feff}x = 1").contains_key("x"));
}

#[test]
fn keys_bare_quoted_and_dotted() {
    let t = ok("a-b_C9 = 1\n\"q k\" = 2\n'lit\\' = 3\n\"\" = 4\n1234 = 5\np . q.\"r\" = 6");
    assert_eq!(t.get("a-b_C9"), Some(&Value::Integer(1)));
    assert_eq!(t.get("q k"), Some(&Value::Integer(2)));
    assert_eq!(t.get("lit\\"), Some(&Value::Integer(3)));
    assert_eq!(t.get(""), Some(&Value::Integer(4)));
    assert_eq!(t.get("1234"), Some(&Value::Integer(5)));
    let p = t.get("p").and_then(Value::as_table).unwrap();
    let q = p.get("q").and_then(Value::as_table).unwrap();
    assert_eq!(q.get("r"), Some(&Value::Integer(6)));
    // Keys come in sorted order, whatever the order written.
    let sorted = ok("b = 1\na = 2\nc = 3");
    let keys: Vec<&String> = sorted.keys().collect();
    assert_eq!(keys, ["a", "b", "c"]);
}

#[test]
fn basic_strings_and_every_escape() {
    assert_eq!(value(r#""plain é""#), s("plain é"));
    assert_eq!(
        value(r#""\b\t\n\f\r\e\"\\\x41\u00e9\U0001F600""#),
        s("\u{8}\t\n\u{c}\r\u{1b}\"\\Aé\u{1F600}")
    );
    assert_eq!(value("\"tab\there\""), s("tab\there"));
    assert_eq!(value("'C:\\no\\escapes'"), s("C:\\no\\escapes"));
    assert_eq!(value("''"), s(""));
}

#[test]
fn multi_line_strings() {
    assert_eq!(value("\"\"\"\nfirst\nsecond\"\"\""), s("first\nsecond"));
    assert_eq!(value("\"\"\"\r\nfirst\r\nsecond\"\"\""), s("first\r\nsecond"));
    // A backslash at the end of a line joins the lines.
    assert_eq!(value("\"\"\"one \\  \n\n   two\"\"\""), s("one two"));
    assert_eq!(value("\"\"\"a \"quoted\" \"\" b\"\"\""), s("a \"quoted\" \"\" b"));
    assert_eq!(value("\"\"\"ends with two\"\"\"\"\""), s("ends with two\"\""));
    assert_eq!(value("'''\nraw \\n 'one' ''two'''''"), s("raw \\n 'one' ''two''"));
    assert_eq!(value("\"\"\"\\u0041\"\"\""), s("A"));
}

#[test]
fn integers() {
    let cases = [
        ("0", 0),
        ("+17", 17),
        ("-17", -17),
        ("1_000_000", 1_000_000),
        ("0xDEAD_beef", 0xDEAD_BEEF),
        ("0o755", 0o755),
        ("0b1101", 0b1101),
        ("9223372036854775807", i64::MAX),
        ("-9223372036854775808", i64::MIN),
        ("-0", 0),
    ];
    for (text, n) in cases {
        assert_eq!(value(text), Value::Integer(n), "{text}");
    }
}

#[test]
fn floats() {
    let cases = [
        ("1.5", 1.5),
        ("-0.25", -0.25),
        ("+3.0", 3.0),
        ("5e2", 500.0),
        ("1E-2", 0.01),
        ("6.25e+1", 62.5),
        ("1_000.000_1", 1000.0001),
        ("0.5e0_1", 5.0),
        ("inf", f64::INFINITY),
        ("+inf", f64::INFINITY),
        ("-inf", f64::NEG_INFINITY),
    ];
    for (text, x) in cases {
        assert_eq!(value(text), Value::Float(x), "{text}");
    }
    for text in ["nan", "+nan", "-nan"] {
        assert!(value(text).as_float().unwrap().is_nan(), "{text}");
    }
}

#[test]
fn booleans_arrays_and_inline_tables() {
    assert_eq!(value("true"), Value::Boolean(true));
    assert_eq!(value("false"), Value::Boolean(false));
    assert_eq!(value("[]"), Value::Array(vec![]));
    let a = value("[\n  1, # one\n  'two',\n  [3, [4]],\n  { k = 5 },\n]");
    let items = a.as_array().unwrap();
    assert_eq!(items.len(), 4);
    assert_eq!(items[1], s("two"));
    assert_eq!(
        items[2],
        Value::Array(vec![Value::Integer(3), Value::Array(vec![Value::Integer(4)])])
    );
    assert_eq!(items[3].as_table().unwrap().get("k"), Some(&Value::Integer(5)));
    let t = value("{ a = 1, b.c = 'd', e = { f = [] } }");
    let t = t.as_table().unwrap();
    assert_eq!(t.get("a"), Some(&Value::Integer(1)));
    assert_eq!(t.get("b").and_then(Value::as_table).unwrap().get("c"), Some(&s("d")));
    assert_eq!(value("{}"), Value::Table(Table::new()));
    // TOML 1.1: inline tables over several lines, with a trailing comma.
    assert_eq!(value("{\n a = 1, # c\n b = 2,\n}").as_table().unwrap().len(), 2);
    assert_eq!(value("{ a # c\n =\n 1 }").as_table().unwrap().len(), 1);
}

#[test]
fn tables_and_arrays_of_tables() {
    let t =
        ok("top = 0\n[a]\nx = 1\n[ a . b ]\ny = 2\n[[p]]\nn = 1\n[p.sub]\nm = 1\n[[p]]\nn = 2\n[c.d.e]\n[c]\nd.f = 3");
    assert_eq!(t.get("top"), Some(&Value::Integer(0)));
    let a = t.get("a").and_then(Value::as_table).unwrap();
    assert_eq!(a.get("x"), Some(&Value::Integer(1)));
    assert_eq!(
        a.get("b").and_then(Value::as_table).unwrap().get("y"),
        Some(&Value::Integer(2))
    );
    let p = t.get("p").and_then(Value::as_array).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].as_table().unwrap().get("n"), Some(&Value::Integer(1)));
    assert!(p[0].as_table().unwrap().contains_key("sub"));
    assert_eq!(p[1].as_table().unwrap().get("n"), Some(&Value::Integer(2)));
    let d = t.get("c").and_then(|c| c.as_table()?.get("d")?.as_table()).unwrap();
    assert_eq!(d.get("f"), Some(&Value::Integer(3)));
    assert!(d.contains_key("e"));
    // A table made by dotted keys may get sub-tables by headers.
    assert!(ok("a.b.c = 1\n[a.b.d]").get("a").is_some());
    // `for (k, v) in &table` walks the keys in order.
    let two = ok("y = 2\nx = 1");
    let mut pairs = Vec::new();
    for (k, v) in &two {
        pairs.push((k.as_str(), v.clone()));
    }
    assert_eq!(pairs, [("x", Value::Integer(1)), ("y", Value::Integer(2))]);
}

#[test]
fn redefinitions_are_errors_at_the_second_definition() {
    err_at("a = 1\na = 2", 2, 1, "duplicate key `a`");
    err_at("a = 1\n'a' = 2", 2, 1, "duplicate key `a`");
    err_at("a.b = 1\na.b = 2", 2, 3, "duplicate key `a.b`");
    err_at("a = 1\na.b = 2", 2, 1, "`a` is already defined");
    err_at("[a]\n[b]\n[a]", 3, 2, "table `a` is defined twice");
    err_at("[a]\nb = 1\n[a.b]", 3, 4, "table `a.b` is defined twice");
    err_at("a.b = 1\n[a]", 2, 2, "table `a` is defined twice");
    err_at("[a]\nb.c = 1\n[a.b]", 3, 4, "defined twice");
    err_at("[a.b.c]\n[a]\nb.c.d = 1", 3, 3, "`b.c` is already defined");
    err_at("[[a]]\n[a]", 2, 2, "defined twice");
    err_at("[a]\n[[a]]", 2, 3, "not an array of tables");
    err_at("a = []\n[[a]]", 2, 3, "not an array of tables");
    err_at("a = [{}]\n[[a]]", 2, 3, "not an array of tables");
    err_at("a = { b = 1 }\n[a]", 2, 2, "defined twice");
    err_at("a = { b = 1 }\n[a.c]", 2, 2, "`a` is not a table");
    err_at("a = { b = 1 }\na.c = 2", 2, 1, "`a` is already defined");
    err_at("a = 1\n[a.b]", 2, 2, "`a` is not a table");
    err_at("x = { a = 1, a = 2 }", 1, 14, "duplicate key `a`");
    err_at("x = { a.b = 1, a = 2 }", 1, 16, "duplicate key `a`");
    err_at("[[a.b]]\n[a]\nb.x = 1", 3, 1, "`b` is already defined");
}

#[test]
fn syntax_errors_say_what_and_where() {
    err_at("x = ", 1, 5, "expected a value");
    err_at("id = \"x\"\nname = ", 2, 8, "expected a value");
    err_at("x = 1 y = 2", 1, 7, "end of the line");
    err_at("x 1", 1, 3, "expected `=`");
    err_at("= 1", 1, 1, "expected a key");
    err_at("é = 1", 1, 1, "expected a key");
    err_at("x = abc", 1, 5, "not a value");
    err_at("x = \"open", 1, 10, "not closed");
    err_at("x = 'open\ny = 1", 1, 10, "not closed");
    err_at("x = \"\"\"open\n", 2, 1, "not closed");
    err_at("x = '''open", 1, 12, "not closed");
    err_at("x = \"bad \\q\"", 1, 10, "unknown escape");
    err_at("x = \"\\ \"", 1, 6, "unknown escape");
    err_at("x = \"\\u00\"", 1, 6, "hexadecimal digits");
    err_at("x = \"\\ud800\"", 1, 6, "Unicode scalar value");
    err_at("x = \"\\U00110000\"", 1, 6, "Unicode scalar value");
    err_at("x = \"a\u{1}b\"", 1, 7, "control character");
    err_at("x = 'a\u{7f}b'", 1, 7, "control character");
    err_at("x = 1 # bell \u{7}", 1, 14, "control character in a comment");
    err_at("x = 1\ry = 2", 1, 6, "carriage return");
    err_at("x = \"\"\"a\"\"\"\"\"\"", 1, 14, "too many quotes");
    err_at("[a", 1, 3, "expected `]`");
    err_at("[[a]", 1, 4, "expected `]]`");
    err_at("[ [a]]", 1, 3, "expected a key");
    err_at("[]", 1, 2, "expected a key");
    err_at("[a] x = 1", 1, 5, "end of the line");
    err_at("\"\"\"k\"\"\" = 1", 1, 1, "multi-line string");
    err_at("x = [1 2]", 1, 8, "expected `,` or `]`");
    err_at("x = [1,,]", 1, 8, "expected a value");
    err_at("x = [1", 1, 7, "expected `,` or `]`");
    err_at("x = {a = 1 b = 2}", 1, 12, "expected `,` or `}`");
    err_at("x = {a = 1,,}", 1, 12, "expected a key");
    err_at("x = {", 1, 6, "expected a key");
    err_at("x = truth", 1, 5, "not a value");
    // The column counts characters, not bytes.
    err_at("'é' = 1 2", 1, 9, "end of the line");
}

#[test]
fn number_errors() {
    err_at("x = 01", 1, 5, "cannot start with a 0");
    err_at("x = 00.5", 1, 5, "cannot start with a 0");
    err_at("x = 1__0", 1, 5, "`_` goes between digits");
    err_at("x = 1_", 1, 5, "`_` goes between digits");
    err_at("x = _1", 1, 5, "not a value");
    err_at("x = 0x_1", 1, 5, "`_` goes between digits");
    err_at("x = 0x", 1, 5, "not a number");
    err_at("x = 0xg", 1, 5, "not a number");
    err_at("x = 0o8", 1, 5, "not a number");
    err_at("x = 0b2", 1, 5, "not a number");
    err_at("x = +0x1", 1, 5, "cannot have a sign");
    err_at("x = -0b1", 1, 5, "cannot have a sign");
    err_at("x = 9223372036854775808", 1, 5, "out of range");
    err_at("x = -9223372036854775809", 1, 5, "out of range");
    err_at("x = 0x8000000000000000", 1, 5, "out of range");
    err_at("x = 1.", 1, 5, "not a value");
    err_at("x = .5", 1, 5, "not a value");
    err_at("x = 1.e5", 1, 5, "not a value");
    err_at("x = 1e", 1, 5, "not a value");
    err_at("x = 1e+", 1, 5, "not a value");
    err_at("x = 1e_1", 1, 5, "not a value");
    err_at("x = 1.2.3", 1, 5, "not a value");
    err_at("x = 1e1000", 1, 5, "out of range for a float");
    err_at("x = infinity", 1, 5, "not a value");
    err_at("x = NaN", 1, 5, "not a value");
}

#[test]
fn dates_and_times_are_refused() {
    for text in [
        "1979-05-27",
        "1979-05-27T07:32:00Z",
        "1979-05-27 07:32:00",
        "07:32:00",
        "07:32",
    ] {
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
    assert!(err(&deep).message.contains("nest"));
    let deep = format!("x = {}{}", "{a=".repeat(5000), "}".repeat(5000));
    assert!(err(&deep).message.contains("nest"));
    let fine = format!("x = {}{}", "[".repeat(50), "]".repeat(50));
    assert!(parse(&fine).is_ok());
}

/// Whether the crate's value `theirs` is `ours` (NaN equals NaN).
fn same(ours: &Value, theirs: &toml::Value) -> bool {
    match (ours, theirs) {
        (Value::String(a), toml::Value::String(b)) => a == b,
        (Value::Integer(a), toml::Value::Integer(b)) => a == b,
        (Value::Float(a), toml::Value::Float(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
        (Value::Boolean(a), toml::Value::Boolean(b)) => a == b,
        (Value::Array(a), toml::Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Table(a), toml::Value::Table(b)) => same_table(a, b),
        _ => false,
    }
}

/// Same keys in the same order, and the same values.
fn same_table(ours: &Table, theirs: &toml::Table) -> bool {
    ours.len() == theirs.len() && ours.iter().zip(theirs).all(|((k, v), (k2, v2))| k == k2 && same(v, v2))
}

/// Both readers accept `text` with the same values, or both refuse it.
fn agree(text: &str) -> Result<(), String> {
    match (parse(text), text.parse::<toml::Table>()) {
        (Ok(ours), Ok(theirs)) if same_table(&ours, &theirs) => Ok(()),
        (Ok(ours), Ok(theirs)) => Err(format!("values differ:\n{ours:?}\n{theirs:?}")),
        (Err(_), Err(_)) => Ok(()),
        // Dates are refused on purpose.
        (Err(e), Ok(_)) if e.message.contains("dates and times") => Ok(()),
        (Err(e), Ok(_)) => Err(format!("only the toml crate reads it; ours: {e}")),
        (Ok(_), Err(e)) => Err(format!("only ours reads it; the toml crate: {e}")),
    }
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

/// The repository's TOML: the built-in variants, the gallery, the test
/// data, the manifests, and the definition in DEFINITIONS.md.
fn repository_texts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/variants", "examples", "tests"] {
        toml_files(&root.join(dir), &mut files);
    }
    files.extend(["Cargo.toml", "rustfmt.toml"].map(|f| root.join(f)));
    files.sort();
    let mut texts: Vec<(String, String)> = files
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let doc = std::fs::read_to_string(root.join("src/variant/DEFINITIONS.md")).unwrap();
    for (i, block) in doc.split("```toml\n").skip(1).enumerate() {
        let block = block.split("```").next().unwrap();
        texts.push((format!("DEFINITIONS.md block {i}"), block.to_string()));
    }
    texts
}

#[test]
fn every_definition_in_the_repository_reads_as_the_toml_crate_reads_it() {
    let texts = repository_texts();
    assert!(texts.len() >= 40, "{} texts", texts.len());
    for (name, text) in &texts {
        let ours = parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let theirs: toml::Table = text.parse().unwrap();
        assert!(same_table(&ours, &theirs), "{name}");
    }
    // The built-in sources as embedded (comment lines dropped).
    for id in bigboard::variant::BUILTIN_IDS {
        agree(bigboard::variant::builtin_source(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}

#[test]
fn tricky_documents_read_as_the_toml_crate_reads_them() {
    let docs = [
        "[a.b.c]\nz = 1\n[a]\nb.x = 1",
        "[a.b.c]\n[a]\nb.x = 1\n[a.b]",
        "[a.b.c]\n[a]\nb.x = 1\n[a.b.d]",
        "[[a]]\nx = 1\n[a.b]\ny = 1\n[[a]]\n[a.b]",
        "[[a]]\n[x]\na.b = 1",
        "[[a.b]]\n[a]\nb.x = 1",
        "[x]\n[[x.a]]\n[x]",
        "a = [1, 'two', 3.0, [], {}]",
        "x = \"\"\"\\\n   \\\n  \"\"\"",
        "x = '''\n'''",
        "x = \"\"\"\n\"\"\"",
        "x = \"\"\"\r\n\r\n\"\"\"",
        "x = 1e308\ny = 4.9e-324\nz = 1e-400",
        "x = 0.1e-0_1",
        "x = 0e0\ny = -0.0\nz = +0",
        "x = { a.b = 1, a.c = 2 }",
        "x = [{ a = 1 }, { a = 2 }]",
        "x = 0x7fffffffffffffff\ny = 0o777777777777777777777\nz = 0b0",
        "'a.b' = 1\n\"a\".b = 2",
        "[a]\n[a.b]\n[a.c]\n[d]\n[a.e]",
        "x = \"\\x00\\xff\"",
        "x = [\n# only a comment\n]",
        "x = {\n}",
        "x = 1 #\u{80}\u{9f}",
        "x = \"\u{80}\"",
        "[ \"a\" . 'b' ]\n[[ c ]]",
        "x = { a = { b = 1 } }\n",
    ];
    for doc in docs {
        agree(doc).unwrap_or_else(|e| panic!("{doc:?}: {e}"));
    }
}

fn config(cases: u32) -> ProptestConfig {
    let base = ProptestConfig::default();
    let env = |name: &str| std::env::var_os(name).is_some();
    ProptestConfig {
        cases: if env("PROPTEST_CASES") { base.cases } else { cases },
        rng_seed: if env("PROPTEST_RNG_SEED") {
            base.rng_seed
        } else {
            RngSeed::Fixed(0x70_11)
        },
        failure_persistence: None,
        ..base
    }
}

/// Pieces of TOML syntax that mutations insert.
const TOKENS: &[&str] = &[
    "\"",
    "'",
    "\"\"\"",
    "'''",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    ",",
    ".",
    "=",
    "#",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "\\",
    "\\n",
    "\\u00e9",
    "\\x41",
    "\\e",
    "_",
    "0x",
    "0o",
    "0b",
    "e",
    "E",
    "+",
    "-",
    "inf",
    "nan",
    "true",
    "1",
    "0",
    "9",
    "1979-05-27",
    "07:32",
    "a.b",
    "é",
    "\u{1}",
    "\u{7f}",
    "\u{feff}",
];

/// A text with a few characters or tokens deleted, inserted or replaced.
fn mutate(text: &str, edits: &[(u8, Index, Index)]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for &(op, at, what) in edits {
        let i = at.index(s.len() + 1);
        let token: Vec<char> = what.get(TOKENS).chars().collect();
        match op {
            0 if i < s.len() => drop(s.remove(i)),
            1 => drop(s.splice(i..i, token)),
            _ if i < s.len() => drop(s.splice(i..i + 1, token)),
            _ => s.extend(token),
        }
    }
    s.into_iter().collect()
}

proptest! {
    #![proptest_config(config(2000))]

    /// Mutated repository definitions: both readers accept with the same
    /// values or both refuse, and ours never panics.
    #[test]
    fn mutated_definitions_read_as_the_toml_crate_reads_them(
        pick in any::<Index>(),
        window in any::<Index>(),
        edits in prop::collection::vec((0..3u8, any::<Index>(), any::<Index>()), 1..5),
    ) {
        let texts = repository_texts();
        let (name, text) = pick.get(&texts);
        // A window of about 30 lines keeps the cases quick and the edits
        // close together.
        let lines: Vec<&str> = text.lines().collect();
        let start = window.index(lines.len().max(1));
        let part = lines[start.min(lines.len())..(start + 30).min(lines.len())].join("\n");
        let mutated = mutate(&part, &edits);
        if let Err(e) = agree(&mutated) {
            panic!("{name} mutated:\n{mutated:?}\n{e}");
        }
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,40}|[\\[\\]{}=\"'.,#a-z0-9_ \n\\\\+-]{0,40}") {
        if let Err(e) = agree(&text) {
            panic!("{text:?}\n{e}");
        }
    }
}
