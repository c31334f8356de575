//! The floors of the library (docs/architecture.md): every `crate::` path
//! in a file under `src/` names a module on the file's own floor or a lower
//! one, and the rooms' imports close no circle. The compiler does not check
//! layering inside one crate; this test does.
//!
//! Floors, lowest first: `core` < `betza` < `movement` < `variant` <
//! `rules` < `text` < `search` < `wasm` < `lib.rs` (the public face).
//! Inside `rules/`: `state` < `setup` < `position` < `mechanisms/lines` <
//! `mechanisms/aura` < `walk` < `mechanisms` < `reserve` < `attacks`,
//! `checks` < `play` < `legal` < `outcome` < `perft` < `start` <
//! `rules/mod.rs`.
//! `src/bin/` is its own crate on top of all of them (its `crate::` names
//! the command line's own modules), so it is not read here.
//!
//! No arrow runs up today, so [`ALLOWED`] is empty; an arrow that must
//! stand for a while is listed there with the reason it exists and the
//! change that removes it. An upward arrow not in it fails, and so does an
//! entry that no longer occurs. Method calls leave no path, so an `impl Position` block
//! calling up is not seen here (docs/architecture.md says where those are).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The folders directly under `src/`, lowest floor first.
const FLOORS: &[&str] = &[
    "core", "betza", "movement", "variant", "rules", "text", "search", "wasm",
];

/// The rooms inside `src/rules/` (a file or a folder), lowest floor first;
/// rooms in one slot share a floor.
const RULES_FLOORS: &[&[&str]] = &[
    &["state"],
    &["setup"],
    &["position"],
    // The auras and the lines they read are questions about the board
    // that the walk asks (an immune enemy is hopped over as a friend, a
    // frozen man does not move): they stand below the walk, the rest of
    // their folder above it.
    &["mechanisms/lines"],
    &["mechanisms/aura"],
    &["walk"],
    &["mechanisms"],
    // The reserve asks the mechanisms what a man may do before a drop and
    // what a move takes (its exchanges).
    &["reserve"],
    &["attacks", "checks"],
    &["play"],
    &["legal"],
    &["outcome"],
    &["perft"],
    &["start"],
];

/// Upward arrows that stand until the inversion named removes them:
/// (importing file, room imported, why).
const ALLOWED: &[(&str, &str, &str)] = &[];

/// A room of the library and its floor: the folder under `src/` (its rank
/// in [`FLOORS`]) and, inside `rules/`, the rank in [`RULES_FLOORS`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Room {
    floor: (usize, usize),
    name: String,
}

/// The room of a module path (without `crate`), or why it has none.
fn room_of(path: &[String]) -> Result<Room, String> {
    let Some(top) = path.first() else {
        return Ok(Room {
            floor: (FLOORS.len(), 0),
            name: "lib".into(),
        });
    };
    let Some(rank) = FLOORS.iter().position(|f| f == top) else {
        return Err(format!("`{top}` has no floor: add it to FLOORS in tests/layers.rs"));
    };
    if top != "rules" {
        return Ok(Room {
            floor: (rank, 0),
            name: top.clone(),
        });
    }
    let Some(sub) = path.get(1) else {
        return Ok(Room {
            floor: (rank, RULES_FLOORS.len()),
            name: "rules".into(),
        });
    };
    // A file of a folder may stand on a floor of its own below its
    // folder's (`mechanisms/aura`: what the walk asks of the auras).
    let sub = match path.get(2) {
        Some(file)
            if RULES_FLOORS
                .iter()
                .any(|slot| slot.contains(&format!("{sub}/{file}").as_str())) =>
        {
            format!("{sub}/{file}")
        }
        _ => sub.clone(),
    };
    match RULES_FLOORS.iter().position(|slot| slot.contains(&sub.as_str())) {
        Some(r) => Ok(Room {
            floor: (rank, r),
            name: format!("rules/{sub}"),
        }),
        None => Err(format!(
            "`rules::{sub}` has no floor: add it to RULES_FLOORS in tests/layers.rs"
        )),
    }
}

/// The module path of a file under `src/` (`src/rules/walk/movegen.rs` is
/// `rules::walk::movegen`; a `mod.rs` is its folder; `lib.rs` the root).
fn module_of(file: &str) -> Vec<String> {
    let rel = file.strip_prefix("src/").unwrap_or(file);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Every `crate::` path in `text` with its 1-based line, grouped imports
/// (`crate::{a::b, c}`) opened into one path each. Paths in comments
/// (after `//` on their line) are skipped: a doc link is no import.
fn crate_paths(text: &str) -> Vec<(usize, Vec<String>)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("crate::") {
        let start = from + at;
        from = start + "crate::".len();
        let before = start.checked_sub(1).map(|i| bytes[i]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
            continue;
        }
        let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
        if text[line_start..start].contains("//") {
            continue;
        }
        let line = text[..start].matches('\n').count() + 1;
        let mut paths = Vec::new();
        let mut i = from;
        read_tree(bytes, &mut i, Vec::new(), &mut paths);
        out.extend(paths.into_iter().map(|p| (line, p)));
    }
    out
}

/// Reads a path or a `{...}` group of paths at `i`, after `prefix`.
fn read_tree(s: &[u8], i: &mut usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let skip_space = |i: &mut usize| {
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    loop {
        skip_space(i);
        if *i < s.len() && s[*i] == b'{' {
            *i += 1;
            loop {
                skip_space(i);
                if *i >= s.len() || s[*i] == b'}' {
                    *i += 1;
                    return;
                }
                read_tree(s, i, prefix.clone(), out);
                skip_space(i);
                if *i < s.len() && s[*i] == b',' {
                    *i += 1;
                }
            }
        }
        let start = *i;
        while *i < s.len() && (s[*i].is_ascii_alphanumeric() || s[*i] == b'_') {
            *i += 1;
        }
        if *i > start {
            prefix.push(String::from_utf8_lossy(&s[start..*i]).into_owned());
        }
        if *i > start && s[*i..].starts_with(b"::") {
            *i += 2;
            continue;
        }
        // Skip a trailing `*` or ` as Name`: only the path matters.
        while *i < s.len() && !matches!(s[*i], b',' | b'}' | b';' | b'\n') {
            if s[*i] == b'{' {
                break;
            }
            *i += 1;
        }
        if !prefix.is_empty() {
            out.push(prefix);
        }
        return;
    }
}

/// An import found in a file: where, and the two rooms.
#[derive(Debug)]
struct Arrow {
    file: String,
    line: usize,
    from: Room,
    to: Room,
}

/// The arrows between rooms in `file`'s `text` (an arrow within one room
/// is none), or the paths that name no known room.
fn arrows(file: &str, text: &str) -> (Vec<Arrow>, Vec<String>) {
    let mut found = Vec::new();
    let mut unknown = Vec::new();
    let from = match room_of(&module_of(file)) {
        Ok(r) => r,
        Err(e) => return (found, vec![format!("{file}: {e}")]),
    };
    for (line, path) in crate_paths(text) {
        match room_of(&path) {
            Ok(to) if to.name != from.name => found.push(Arrow {
                file: file.to_string(),
                line,
                from: from.clone(),
                to,
            }),
            Ok(_) => {}
            Err(e) => unknown.push(format!("{file}:{line}: {e}")),
        }
    }
    (found, unknown)
}

/// A room's floor as people count: `6` for `text`, `5.3` for
/// `rules/reserve` (the third floor inside the fifth).
fn floor_name(r: &Room) -> String {
    if r.name.starts_with("rules") && r.name != "rules" {
        format!("{}.{}", r.floor.0 + 1, r.floor.1 + 1)
    } else {
        format!("{}", r.floor.0 + 1)
    }
}

/// Does an arrow run up (to a higher floor)?
fn runs_up(a: &Arrow) -> bool {
    a.to.floor > a.from.floor
}

/// The problems with `arrows` given the allowlist `allowed`: upward arrows
/// not in it, entries of it that match no arrow, and circles among the
/// arrows it does not list.
fn problems(arrows: &[Arrow], allowed: &[(&str, &str, &str)]) -> Vec<String> {
    let listed = |a: &Arrow| allowed.iter().any(|&(f, to, _)| f == a.file && to == a.to.name);
    let mut out = Vec::new();
    for a in arrows.iter().filter(|a| runs_up(a) && !listed(a)) {
        out.push(format!(
            "{}:{}: `{}` (floor {}) imports `{}` (floor {}), a higher floor",
            a.file,
            a.line,
            a.from.name,
            floor_name(&a.from),
            a.to.name,
            floor_name(&a.to)
        ));
    }
    for &(f, to, why) in allowed {
        if !arrows.iter().any(|a| a.file == f && a.to.name == to && runs_up(a)) {
            out.push(format!(
                "allowed arrow {f} -> {to} ({why}) no longer occurs: remove it from ALLOWED"
            ));
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for a in arrows.iter().filter(|a| !listed(a)) {
        graph.entry(a.from.name.clone()).or_default().insert(a.to.name.clone());
    }
    if let Some(circle) = find_circle(&graph) {
        out.push(format!("the rooms' imports close a circle: {}", circle.join(" -> ")));
    }
    out
}

/// A circle in `graph`, as the rooms around it (the first repeated last).
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut circle = stack[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, stack) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

/// Every `.rs` file under `dir`, as a path relative to the crate's root.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p.strip_prefix(root).expect("under the root");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_import_runs_down_or_is_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &root.join("src"), &mut files);
    files.retain(|f| !f.starts_with("src/bin/"));
    assert!(files.len() > 50, "the library's files were found: {}", files.len());
    let mut all = Vec::new();
    let mut unknown = Vec::new();
    for f in &files {
        let text = fs::read_to_string(root.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        let (a, u) = arrows(f, &text);
        all.extend(a);
        unknown.extend(u);
    }
    assert!(unknown.is_empty(), "{}", unknown.join("\n"));
    assert!(all.len() > 100, "the imports were read: {}", all.len());
    let found = problems(&all, ALLOWED);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

fn paths(text: &str) -> Vec<(usize, String)> {
    crate_paths(text)
        .into_iter()
        .map(|(line, p)| (line, p.join("::")))
        .collect()
}

#[test]
fn paths_are_read_from_uses_groups_and_code_but_not_comments() {
    let text = "\
//! See [`crate::text::fen`].
use crate::core::geometry::{BITS, Square};
use crate::rules::{
    position::Position,
    walk::{movegen, special::Hop},
};
use bigcrate::x::Y;
fn f() -> usize {
    crate::variant::builtin::BUILTIN_IDS.len() // crate::search::x
}
macro_rules! m { () => { $crate::wasm::x } }
";
    assert_eq!(
        paths(text),
        vec![
            (2, "core::geometry::BITS".to_string()),
            (2, "core::geometry::Square".to_string()),
            (3, "rules::position::Position".to_string()),
            (3, "rules::walk::movegen".to_string()),
            (3, "rules::walk::special::Hop".to_string()),
            (9, "variant::builtin::BUILTIN_IDS".to_string()),
        ]
    );
}

#[test]
fn files_and_paths_map_to_their_floors() {
    let room = |file: &str| room_of(&module_of(file)).expect("a room");
    assert_eq!(room("src/core/geometry.rs").name, "core");
    assert_eq!(room("src/lib.rs").name, "lib");
    assert_eq!(room("src/rules/mod.rs").name, "rules");
    assert_eq!(room("src/rules/walk/mod.rs").name, "rules/walk");
    assert_eq!(room("src/rules/attacks.rs").floor, room("src/rules/checks.rs").floor);
    assert!(room("src/rules/state.rs").floor < room("src/rules/position.rs").floor);
    assert!(room("src/rules/position.rs").floor < room("src/rules/walk/movegen.rs").floor);
    assert!(room("src/rules/mechanisms/aura.rs").floor < room("src/rules/walk/movegen.rs").floor);
    assert!(room("src/rules/mechanisms/capture.rs").floor > room("src/rules/walk/movegen.rs").floor);
    assert_eq!(room("src/rules/mechanisms/mod.rs").name, "rules/mechanisms");
    assert!(room("src/rules/checks.rs").floor < room("src/rules/play.rs").floor);
    assert!(room("src/rules/mechanisms/hurdle.rs").floor < room("src/rules/play.rs").floor);
    assert!(room("src/rules/play.rs").floor < room("src/rules/legal/royals.rs").floor);
    assert!(room("src/rules/perft.rs").floor < room("src/rules/mod.rs").floor);
    assert!(room("src/rules/mod.rs").floor < room("src/text/fen.rs").floor);
    assert!(room("src/search/mod.rs").floor < room("src/wasm/game.rs").floor);
    assert!(room_of(&module_of("src/extra/thing.rs")).is_err());
    assert!(room_of(&module_of("src/rules/newroom.rs")).is_err());
}

#[test]
fn an_upward_import_fails_with_file_line_and_floors() {
    let text = "use crate::core::piece::Color;\n\nuse crate::text::fen::ParseFenError;\n";
    let (a, unknown) = arrows("src/rules/position.rs", text);
    assert!(unknown.is_empty());
    let found = problems(&a, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("src/rules/position.rs:3: `rules/position`"),
        "{}",
        found[0]
    );
    assert!(found[0].contains("imports `text`"), "{}", found[0]);
    // Listed, it passes; a listed arrow that is gone fails.
    let allowed = [("src/rules/position.rs", "text", "a reason")];
    assert!(problems(&a, &allowed).is_empty());
    let (down, _) = arrows("src/rules/position.rs", "use crate::core::piece::Color;\n");
    let stale = problems(&down, &allowed);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(stale[0].contains("no longer occurs"), "{}", stale[0]);
}

#[test]
fn a_circle_on_one_floor_fails() {
    let (mut a, _) = arrows("src/rules/attacks.rs", "use crate::rules::checks::x;\n");
    let (b, _) = arrows("src/rules/checks.rs", "use crate::rules::attacks::y;\n");
    assert!(problems(&a, &[]).is_empty(), "one arrow on one floor is no circle");
    a.extend(b);
    let found = problems(&a, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("circle: rules/attacks -> rules/checks -> rules/attacks"),
        "{}",
        found[0]
    );
}
