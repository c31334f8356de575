//! A pasted variant in another program's format, told apart and converted:
//! a Fairy-Stockfish `variants.ini` text (one section or many) or an
//! Interactive Diagram's settings block. The page's "Import a variant"
//! box reads through here (docs/importing.md); the command line names
//! the format itself.

use super::diagram;
use super::fsf::{read_sections, translate};

/// The formats a pasted text may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Fairy-Stockfish's `variants.ini`: `[name]` or `[name:parent]`
    /// headers, then `key = value` lines.
    Fsf,
    /// An Interactive Diagram's settings block: `key=value` lines and
    /// piece lines `name:ID:XBetza:image:squares`.
    Diagram,
}

impl Format {
    /// The format's name as the page and the command line write it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Fsf => "fsf",
            Format::Diagram => "diagram",
        }
    }
}

/// A definition converted from a pasted text.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedVariant {
    /// The definition's id.
    pub id: String,
    /// The definition, in TOML (it loads).
    pub toml: String,
}

/// What a pasted text gave: the definitions it converts to, and for each
/// part that does not, the reason with its section, key and line.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The format the text was read as.
    pub format: Format,
    /// The definitions, in the text's order.
    pub variants: Vec<ImportedVariant>,
    /// Why the other sections (or the block) do not convert.
    pub refusals: Vec<String>,
}

/// The format of `text`: a `[section]` header line makes it a
/// `variants.ini` text; otherwise a Diagram's `key=value` or piece line
/// makes it a Diagram block; `None` when it is neither.
pub fn detect(text: &str) -> Option<Format> {
    let mut diagram = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if t.starts_with('[') && t.ends_with(']') && !t.contains('=') {
            return Some(Format::Fsf);
        }
        if t.contains('=') || t.split(':').count() >= 5 {
            diagram = true;
        }
    }
    diagram.then_some(Format::Diagram)
}

/// The id a Diagram block's definition is given: the page's paste box has
/// no file name to take it from.
pub const DIAGRAM_ID: &str = "imported-diagram";

/// Converts a pasted text without loading the definitions made: every
/// section of a `variants.ini` text, or a Diagram block (given the id
/// [`DIAGRAM_ID`]). The page's import module calls this and checks each
/// definition with the play module, so that it links no rules
/// (docs/importing.md). An error when the text is in neither format or
/// cannot be read at all.
pub fn read(text: &str) -> Result<Imported, String> {
    let Some(format) = detect(text) else {
        return Err(
            "neither a Fairy-Stockfish variants.ini section ('[name]' or '[name:parent]', then 'key = value' lines) \
             nor an Interactive Diagram block ('key=value' lines and 'name:ID:XBetza:image:squares' piece lines)"
                .into(),
        );
    };
    let mut out = Imported {
        format,
        variants: Vec::new(),
        refusals: Vec::new(),
    };
    match format {
        Format::Fsf => {
            let sections = read_sections(text)?;
            for i in 0..sections.len() {
                match translate(&sections, i) {
                    Ok(c) => out.variants.push(ImportedVariant { id: c.id, toml: c.toml }),
                    Err(r) => out.refusals.push(r.to_string()),
                }
            }
        }
        Format::Diagram => match diagram::convert(text, DIAGRAM_ID) {
            Ok(toml) => out.variants.push(ImportedVariant {
                id: DIAGRAM_ID.into(),
                toml,
            }),
            Err(e) => out.refusals.push(e.to_string()),
        },
    }
    Ok(out)
}

/// [`read`], then each definition loaded: one that does not load becomes
/// a refusal with the loader's reason, as `bigboard import` refuses it.
pub fn import(text: &str) -> Result<Imported, String> {
    let mut out = read(text)?;
    let mut kept = Vec::new();
    for v in std::mem::take(&mut out.variants) {
        match super::load::load(&v.toml) {
            Ok(_) => kept.push(v),
            Err(e) => out
                .refusals
                .push(format!("{}: the definition made from it does not load: {e}", v.id)),
        }
    }
    out.variants = kept;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_the_formats_apart() {
        assert_eq!(detect("[mini:chess]\nmaxRank = 6\n"), Some(Format::Fsf));
        assert_eq!(detect("# comment\n[mini]\n"), Some(Format::Fsf));
        assert_eq!(detect("files=8\nranks=8\nking:K::k:e1,e8\n"), Some(Format::Diagram));
        assert_eq!(detect("hello world\n"), None);
        assert_eq!(detect(""), None);
    }

    #[test]
    fn a_section_converts_and_a_refused_one_says_why() {
        let text = "[minichess:chess]\nmaxRank = 6\nmaxFile = f\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\ndoubleStep = false\n\n\
                    [connect:chess]\nconnectN = 4\n";
        let got = import(text).unwrap();
        assert_eq!(got.format, Format::Fsf);
        assert_eq!(got.variants.len(), 1);
        assert_eq!(got.variants[0].id, "minichess");
        assert!(crate::text::load::load(&got.variants[0].toml).is_ok());
        assert_eq!(got.refusals.len(), 1);
        assert!(got.refusals[0].contains("[connect]"), "{}", got.refusals[0]);
        assert!(got.refusals[0].contains("connectN"), "{}", got.refusals[0]);
    }

    #[test]
    fn a_diagram_block_converts_or_says_where_it_fails() {
        let block = "files=5\nranks=5\npromoZone=1\npromoChoice=Q\n\
                     pawn:P::p:a2,b2,c2,d2,e2\nqueen:Q::q:d1\nking:K::k:c1\n";
        let got = import(block).unwrap();
        assert_eq!(got.format, Format::Diagram);
        assert_eq!(got.variants.len(), 1, "{:?}", got.refusals);
        assert_eq!(got.variants[0].id, DIAGRAM_ID);
        let bad = import("files=5\nranks=zz\nking:K::k:c1\n").unwrap();
        assert!(bad.variants.is_empty());
        assert!(bad.refusals[0].contains("ranks"), "{}", bad.refusals[0]);
    }

    #[test]
    fn a_definition_that_does_not_load_is_refused_by_import_not_read() {
        // A custom piece's Betza bigboard's notation does not read: the
        // section converts as text, and the loader refuses the movement.
        let text = "[odd:chess]\ncustomPiece1 = a:Xyz\ncastling = false\n\
                    startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n";
        assert_eq!(read(text).unwrap().variants.len(), 1);
        let got = import(text).unwrap();
        assert!(got.variants.is_empty());
        assert!(got.refusals[0].contains("does not load"), "{}", got.refusals[0]);
    }

    #[test]
    fn neither_format_is_an_error() {
        let e = import("just some words").unwrap_err();
        assert!(e.contains("variants.ini") && e.contains("Diagram"), "{e}");
    }
}
