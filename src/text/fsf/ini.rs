//! Fairy-Stockfish's `variants.ini`, read as Fairy-Stockfish reads it: a
//! section starts at a line beginning with `[`, `[name]` or
//! `[name:parent]`; a line beginning with `#` or `;` is a comment; any
//! other line is `key = value`, the key trimmed at its end and the value
//! at its start (no comment is cut from a value). Lines before the first
//! section are ignored. A general INI reader would differ in the corners
//! that matter here (`:` in section names, `;` only at a line's start, a
//! repeated key whose last value counts), so the format is read by hand.

/// One `[name:parent]` section and its keys in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The section's name.
    pub name: String,
    /// The section it inherits from (`[name:parent]`).
    pub parent: Option<String>,
    /// The 1-based line of the `[...]` header.
    pub line: usize,
    /// `(key, value, line)`: a key written twice appears twice, the later
    /// one counting.
    pub keys: Vec<(String, String, usize)>,
    /// The section's text as written, its header included.
    pub text: String,
}

/// Every section of `text`, or the line that is not a section header,
/// a comment, a blank or `key = value`.
pub fn read_sections(text: &str) -> Result<Vec<Section>, String> {
    let mut out: Vec<Section> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(rest) = line.strip_prefix('[') {
            let Some(end) = rest.find(']') else {
                return Err(format!("line {line_no}: section header '{line}' has no ']'"));
            };
            let header = &rest[..end];
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (name, Some(parent.to_string())),
                None => (header, None),
            };
            if name.is_empty() {
                return Err(format!("line {line_no}: section header '{line}' has no name"));
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                line: line_no,
                keys: Vec::new(),
                text: format!("{line}\n"),
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        section.text.push_str(line);
        section.text.push('\n');
        if line.starts_with('#') || line.starts_with(';') || line.trim().is_empty() {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(format!(
                "line {line_no}: in section [{}]: '{line}' is not 'key = value'",
                section.name
            ));
        };
        let key = key.trim_end();
        if key.is_empty() {
            continue;
        }
        section
            .keys
            .push((key.to_string(), value.trim_start().to_string(), line_no));
    }
    // Trailing blank and comment lines belong to no section's text.
    for s in &mut out {
        let kept = s.text.trim_end().len();
        s.text.truncate(kept);
        s.text.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_parents_comments_and_lines() {
        let text = "# head\n[a:chess]\nking = k:KN\n; note\n# x = y\n[b]\nmaxFile = 10\nmaxFile = 9\n";
        let s = read_sections(text).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].name.as_str(), s[0].parent.as_deref(), s[0].line),
            ("a", Some("chess"), 2)
        );
        assert_eq!(s[0].keys, vec![("king".into(), "k:KN".into(), 3)]);
        assert_eq!(s[1].keys.len(), 2);
        assert!(read_sections("[a]\nnonsense\n").unwrap_err().contains("line 2"));
    }
}
