//! The documentation's relative links lead somewhere: every `[text](path)`
//! and `[text](path#anchor)` in README.md, docs/, bench/results/ and src/ names a
//! file or folder of the repository, and an anchor names a heading (or an
//! `<a id="...">`) of the Markdown file it points into. Links to other
//! sites (`http:`, `https:`, `mailto:`) are not followed.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// A link found in a Markdown text: its 1-based line, target path (empty
/// for a link within the same file) and anchor (without `#`), if any.
#[derive(Debug, PartialEq)]
struct Link {
    line: usize,
    path: String,
    anchor: Option<String>,
}

/// Removes inline code spans, so that brackets in code (`[F?R]`, `a[i](j)`)
/// are not read as links.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
        let fence = &rest[start..start + ticks];
        let after = &rest[start + ticks..];
        match after.find(fence) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                // An unclosed backtick is literal text.
                out.push_str(fence);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a line opens or closes a fenced code block.
fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// Every relative link of a Markdown text, outside code blocks and code
/// spans. A link's target ends at the first `)` or space (a title after a
/// space is ignored).
fn extract_links(text: &str) -> Vec<Link> {
    let mut links = Vec::new();
    let mut in_code = false;
    for (i, raw) in text.lines().enumerate() {
        if is_fence(raw) {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let line = without_code_spans(raw);
        let mut from = 0;
        while let Some(pos) = line[from..].find("](") {
            let start = from + pos + 2;
            let end = line[start..].find([')', ' ']).map_or(line.len(), |e| start + e);
            let target = line[start..end].trim_start_matches('<').trim_end_matches('>');
            from = end.max(start);
            if target.is_empty() || is_external(target) {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p.to_string(), Some(a.to_string())),
                None => (target.to_string(), None),
            };
            links.push(Link {
                line: i + 1,
                path,
                anchor,
            });
        }
    }
    links
}

fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    ["http:", "https:", "mailto:", "ftp:", "data:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
}

/// The anchor GitHub gives a heading: lower case, punctuation other than
/// `-` and `_` dropped, spaces turned into `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Strips what a heading's anchor does not read: inline HTML tags, the
/// backticks of code spans and the brackets and targets of links.
fn heading_text(raw: &str) -> String {
    let mut text = String::new();
    let mut rest = raw;
    while let Some(lt) = rest.find('<') {
        text.push_str(&rest[..lt]);
        match rest[lt..].find('>') {
            Some(gt) => rest = &rest[lt + gt + 1..],
            None => {
                text.push_str(&rest[lt..]);
                rest = "";
            }
        }
    }
    text.push_str(rest);
    // `[text](target)` reads as `text`.
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(pos) = rest.find("](") {
        out.push_str(&rest[..pos]);
        rest = &rest[pos + 2..];
        rest = rest.find(')').map_or("", |e| &rest[e + 1..]);
    }
    out.push_str(rest);
    out.replace(['`', '[', ']', '*'], "")
}

/// The anchors of a Markdown text: its headings' slugs (numbered `-1`,
/// `-2` ... when repeated, as GitHub does) and the ids of `<a id="...">`.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if is_fence(line) {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(&heading_text(&line[hashes..]));
            let mut name = base.clone();
            let mut n = 0;
            while found.contains(&name) {
                n += 1;
                name = format!("{base}-{n}");
            }
            found.insert(name);
        }
        let mut rest = line;
        while let Some(pos) = rest.find("id=\"") {
            rest = &rest[pos + 4..];
            if let Some(end) = rest.find('"') {
                found.insert(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    found
}

/// The broken links of one Markdown file, each as `FILE:LINE: why`.
fn check_file(root: &Path, file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let shown = file.strip_prefix(root).unwrap_or(file).display().to_string();
    let dir = file.parent().unwrap_or(root);
    let mut broken = Vec::new();
    for link in extract_links(&text) {
        let target = if link.path.is_empty() {
            file.to_path_buf()
        } else {
            dir.join(&link.path)
        };
        if !target.exists() {
            broken.push(format!(
                "{shown}:{}: the link's target '{}' does not exist",
                link.line, link.path
            ));
            continue;
        }
        let Some(anchor) = &link.anchor else { continue };
        if target.extension().is_some_and(|e| e == "md") && target.is_file() {
            let target_text = fs::read_to_string(&target).unwrap_or_default();
            if !anchors(&target_text).contains(anchor.as_str()) {
                broken.push(format!(
                    "{shown}:{}: '{}' has no heading or anchor '#{anchor}'",
                    link.line,
                    if link.path.is_empty() { &shown } else { &link.path }
                ));
            }
        }
    }
    broken
}

/// The Markdown files under a folder, in a stable order.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

#[test]
fn every_relative_link_of_the_docs_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    markdown_files(&root.join("bench/results"), &mut files);
    // The format and notation references live beside their code.
    markdown_files(&root.join("src"), &mut files);
    assert!(files.len() > 10, "expected README.md and the docs, found {files:?}");
    let broken: Vec<String> = files.iter().flat_map(|f| check_file(root, f)).collect();
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "See [a](docs/a.md) and [b](b.md#part \"title\").\n\
                ![img](www/x.png) [web](https://example.org) [mail](mailto:x@y.z)\n\
                `[F?R](x)` is code, [same](#here).\n\
                ```\n[in a block](nowhere.md)\n```\n";
    let links = extract_links(text);
    let got: Vec<(usize, &str, Option<&str>)> = links
        .iter()
        .map(|l| (l.line, l.path.as_str(), l.anchor.as_deref()))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "docs/a.md", None),
            (1, "b.md", Some("part")),
            (2, "www/x.png", None),
            (3, "", Some("here")),
        ]
    );
}

#[test]
fn headings_give_github_anchors() {
    let text = "# The variants\n## 7. Royals and the end of the game\n\
                ### Rule decision 18: a turn\n## The AI's `evaluation` weights\n\
                ## Notes\n## Notes\n<a id=\"rule-decision-18\"></a>\n```\n# not a heading\n```\n";
    let found = anchors(text);
    for anchor in [
        "the-variants",
        "7-royals-and-the-end-of-the-game",
        "rule-decision-18-a-turn",
        "the-ais-evaluation-weights",
        "notes",
        "notes-1",
        "rule-decision-18",
    ] {
        assert!(found.contains(anchor), "{anchor} missing from {found:?}");
    }
    assert!(!found.contains("not-a-heading"));
}

#[test]
fn a_broken_link_is_named_with_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("bigboard-doc-links-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("there.md"), "# Here it is\n").unwrap();
    let page = dir.join("page.md");
    fs::write(
        &page,
        "# Page\n[ok](there.md#here-it-is)\n[gone](missing.md)\n\
         [bad anchor](there.md#elsewhere)\n[self](#page) [self bad](#nope)\n",
    )
    .unwrap();
    let broken = check_file(&dir, &page);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        broken,
        vec![
            "page.md:3: the link's target 'missing.md' does not exist".to_string(),
            "page.md:4: 'there.md' has no heading or anchor '#elsewhere'".to_string(),
            "page.md:5: 'page.md' has no heading or anchor '#nope'".to_string(),
        ]
    );
}
