//! Reading a Diagram block into its settings and piece lines. Authors
//! paste it from a page's source: the text of the `<div class="idiagram">`
//! with or without the tags, one `key=value` or piece line a line.

use super::error::DiagramError;

/// A `key=value` line.
#[derive(Debug, Clone)]
pub struct Setting {
    pub line: usize,
    pub key: String,
    pub value: String,
}

/// A piece line `name:ID:XBetza:image:squares`.
#[derive(Debug, Clone)]
pub struct PieceLine {
    pub line: usize,
    pub name: String,
    pub id: String,
    pub betza: String,
    pub squares: String,
}

/// The block's settings and pieces, in their order.
#[derive(Debug, Default)]
pub struct Block {
    pub settings: Vec<Setting>,
    pub pieces: Vec<PieceLine>,
}

/// The most lines a block may have; a Diagram has a few dozen.
const MAX_LINES: usize = 10_000;

/// Drops HTML tags (`<div ...>`, `</div>`, `<br>`), keeping the text
/// between them.
fn strip_tags(line: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Reads the block's lines: `key=value` (the first `=` comes before any
/// `:`) or a piece line of five `:`-separated fields.
pub fn read(text: &str) -> Result<Block, DiagramError> {
    let mut block = Block::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if line > MAX_LINES {
            return Err(DiagramError::new(line, "block", format!("more than {MAX_LINES} lines")));
        }
        let stripped = strip_tags(raw);
        let s = stripped.trim();
        if s.is_empty() {
            continue;
        }
        let eq = s.find('=');
        let colon = s.find(':');
        match (eq, colon) {
            (Some(e), c) if c.is_none_or(|c| e < c) => {
                let key = s[..e].trim().to_string();
                if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(DiagramError::new(
                        line,
                        s,
                        "not a key=value line: the key is not a word",
                    ));
                }
                block.settings.push(Setting {
                    line,
                    key,
                    value: s[e + 1..].trim().to_string(),
                });
            }
            (_, Some(_)) => block.pieces.push(piece_line(line, s)?),
            _ => {
                return Err(DiagramError::new(
                    line,
                    s,
                    "neither a key=value line nor a piece line name:ID:XBetza:image:squares",
                ));
            }
        }
    }
    Ok(block)
}

/// One piece line. Fields past the fifth (pieces in hand, and the
/// Diagram's other extensions) are refused when not empty.
fn piece_line(line: usize, s: &str) -> Result<PieceLine, DiagramError> {
    let fields: Vec<&str> = s.split(':').map(str::trim).collect();
    if fields.len() < 5 {
        return Err(DiagramError::new(
            line,
            "piece",
            format!(
                "'{s}' has {} fields; a piece line has five, name:ID:XBetza:image:squares",
                fields.len()
            ),
        ));
    }
    if let Some((n, extra)) = fields.iter().enumerate().skip(5).find(|(_, f)| !f.is_empty()) {
        return Err(DiagramError::new(
            line,
            format!("piece '{}' field {}", fields[0], n + 1),
            format!("'{extra}': fields past the squares (pieces in hand and other extensions) are not converted"),
        ));
    }
    if fields[0].is_empty() {
        return Err(DiagramError::new(line, "piece", format!("'{s}' has no name")));
    }
    Ok(PieceLine {
        line,
        name: fields[0].to_string(),
        id: fields[1].to_string(),
        betza: fields[2].to_string(),
        squares: fields[4].to_string(),
    })
}
