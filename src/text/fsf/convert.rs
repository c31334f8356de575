//! One `variants.ini` section to a bigboard definition (TOML text, the
//! format of src/variant/DEFINITIONS.md). The section's keys are merged
//! over its parent's (a section earlier in the file, or one of the
//! Fairy-Stockfish built-ins of builtins.rs), then read as Fairy-Stockfish
//! reads them: here the board, start, pieces and game end, with initial
//! moves in steps.rs, promotion in promotion.rs, castling in castling.rs
//! and the rules given each side apart in sides.rs. A key bigboard cannot express is refused with the section,
//! the key, its line and the reason; nothing is dropped silently (keys
//! without effect on the rules are named in the definition's head).

use super::builtins;
use super::castling::castling_tables;
use super::ini::Section;
use super::keys::{Kind, is_default, kind};
use super::pieces::{PREDEFINED, custom_slot, display_name};
use super::promotion::promotion;
use super::sides::{goal, move_count_pawn, piece_region, region_key};
use super::squares::{file_of, read_board, region, walls};
use super::steps::steps;
use std::collections::BTreeMap;
use std::fmt;

/// Why a section does not convert: where, and the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The section that does not convert.
    pub section: String,
    /// The key refused (or `[section:parent]` for the header).
    pub key: String,
    /// The 1-based line of the key in the file (0: a built-in's key).
    pub line: usize,
    /// Why the key was refused.
    pub reason: String,
    /// The Fairy-Stockfish built-in that set the key, when the section
    /// inherits it from one (line 0).
    pub builtin: Option<String>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "[{}] line {}: {}: {}",
                self.section, self.line, self.key, self.reason
            )
        } else if let Some(b) = &self.builtin {
            write!(
                f,
                "[{}] {} (inherited from Fairy-Stockfish's built-in '{b}'): {}",
                self.section, self.key, self.reason
            )
        } else {
            write!(f, "[{}] {}: {}", self.section, self.key, self.reason)
        }
    }
}

/// A converted section.
#[derive(Clone, Debug, PartialEq)]
pub struct Converted {
    /// The variant's id.
    pub id: String,
    /// The variant's definition, in TOML.
    pub toml: String,
}

const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A key's value and the line it was written on (0: a built-in's, and
/// the built-in that set it).
#[derive(Clone)]
struct Entry {
    value: String,
    line: usize,
    builtin: Option<&'static str>,
}

/// A section's keys, merged over its parents', as the converter reads them.
pub(super) struct Ctx<'a> {
    section: &'a str,
    keys: BTreeMap<String, Entry>,
}

impl Ctx<'_> {
    /// A refusal of `key` (its line and built-in, when it has them).
    pub(super) fn refuse(&self, key: &str, reason: impl Into<String>) -> Refusal {
        let entry = self.keys.get(key);
        Refusal {
            section: self.section.to_string(),
            key: key.to_string(),
            line: entry.map_or(0, |e| e.line),
            reason: reason.into(),
            builtin: entry.and_then(|e| e.builtin).map(String::from),
        }
    }

    /// The value of `key`, trimmed.
    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.keys.get(key).map(|e| e.value.trim())
    }

    /// `key` as true or false.
    pub(super) fn bool(&self, key: &str, default: bool) -> Result<bool, Refusal> {
        match self.get(key) {
            None => Ok(default),
            Some("true") | Some("1") => Ok(true),
            Some("false") | Some("0") => Ok(false),
            Some(v) => Err(self.refuse(key, format!("'{v}' is not true or false"))),
        }
    }

    pub(super) fn int(&self, key: &str, default: u32) -> Result<u32, Refusal> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| self.refuse(key, format!("'{v}' is not a whole number"))),
        }
    }
}

/// The section at `index` of `sections`, converted, and checked by
/// loading the definition made: a section whose definition does not load
/// is refused with the loader's reason.
pub fn convert(sections: &[Section], index: usize) -> Result<Converted, Refusal> {
    let converted = translate(sections, index)?;
    if let Err(e) = crate::text::load::load(&converted.toml) {
        return Err(Refusal {
            section: sections[index].name.clone(),
            key: "(definition)".into(),
            line: 0,
            builtin: None,
            reason: format!("the definition made from the section does not load: {e}"),
        });
    }
    Ok(converted)
}

/// The section at `index` of `sections`, converted but not loaded: the
/// page's import module links no rules and checks the definition with
/// the play module instead (docs/importing.md).
pub fn translate(sections: &[Section], index: usize) -> Result<Converted, Refusal> {
    let section = &sections[index];
    let mut chain: Vec<&Section> = vec![section];
    let mut base: Option<String> = None;
    let mut at = index;
    while let Some(parent) = chain.last().and_then(|s| s.parent.clone()) {
        match sections[..at].iter().rposition(|s| s.name == parent) {
            Some(p) => {
                chain.push(&sections[p]);
                at = p;
            }
            None => {
                if builtins::builtin(&parent).is_none() {
                    return Err(Refusal {
                        section: section.name.clone(),
                        key: format!("[{}:{}]", chain.last().map_or("", |s| s.name.as_str()), parent),
                        line: chain.last().map_or(0, |s| s.line),
                        reason: format!(
                            "the parent '{parent}' is not a Fairy-Stockfish built-in the importer knows (it knows {})",
                            builtins::names().join(", ")
                        ),
                        builtin: None,
                    });
                }
                base = Some(parent);
                break;
            }
        }
    }
    let mut keys: BTreeMap<String, Entry> = BTreeMap::new();
    if let Some(base) = base {
        for (k, v, from) in builtins::keys(&base).unwrap_or_default() {
            keys.insert(
                k.to_string(),
                Entry {
                    value: v.to_string(),
                    line: 0,
                    builtin: Some(from),
                },
            );
        }
    } else {
        keys.insert(
            "startFen".into(),
            Entry {
                value: CHESS_FEN.into(),
                line: 0,
                builtin: None,
            },
        );
    }
    let inherited = keys.clone();
    for s in chain.iter().rev() {
        for (k, v, line) in &s.keys {
            keys.insert(
                k.clone(),
                Entry {
                    value: v.clone(),
                    line: *line,
                    builtin: None,
                },
            );
        }
    }
    rename_inherited_letters(&inherited, &mut keys);
    let ctx = Ctx {
        section: &section.name,
        keys,
    };
    let mut ignored = Vec::new();
    for (key, entry) in &ctx.keys {
        match kind(key) {
            Kind::Converted => {}
            Kind::Ignored(what) => ignored.push(format!("{key} ({what})")),
            Kind::DefaultOnly(default, why) => {
                if !is_default(&entry.value, default) {
                    return Err(ctx.refuse(key, format!("'{}': {why}", entry.value.trim())));
                }
            }
            // Read with the piece (sides.rs); one of no piece of the
            // variant is refused there.
            Kind::PieceRegion => {}
            Kind::Unknown => {
                return Err(ctx.refuse(key, "not a key Fairy-Stockfish documents in variants.ini"));
            }
        }
    }
    let toml = definition(&ctx, &ignored)?;
    let id = ident(&section.name);
    Ok(Converted { id, toml })
}

/// Keys of a built-in that name its pieces by letter (`promotionPieceTypes
/// = jqrbn`), read with the letters the section gives those pieces: as in
/// Fairy-Stockfish, where the built-in holds piece types, Gemini's
/// `archbishop = a` makes Janus's promotion to `j` a promotion to `a`, and
/// a piece the section removes (or whose letter it gives to another piece)
/// is no longer a choice.
fn rename_inherited_letters(inherited: &BTreeMap<String, Entry>, keys: &mut BTreeMap<String, Entry>) {
    const LETTER_KEYS: &[&str] = &[
        "promotionPieceTypes",
        "promotionLimit",
        "flagPiece",
        "castlingRookPieces",
        "extinctionPieceTypes",
    ];
    let letter = |e: &Entry| e.value.trim().chars().next().filter(|c| c.is_ascii_alphabetic());
    let rename = |c: char| -> Option<char> {
        let (key, _) = inherited
            .iter()
            .find(|(k, e)| super::pieces::is_piece_key(k) && letter(e) == Some(c.to_ascii_lowercase()))?;
        let now = letter(keys.get(key)?)?;
        let line = keys.get(key).map_or(0, |e| e.line);
        let taken = keys
            .iter()
            .any(|(k, e)| k != key && e.line > line && super::pieces::is_piece_key(k) && letter(e) == Some(now));
        (!taken).then_some(now)
    };
    let mut renamed = Vec::new();
    for key in LETTER_KEYS {
        let Some(entry) = keys.get(*key).filter(|e| e.line == 0 && e.builtin.is_some()) else {
            continue;
        };
        let value: Vec<String> = entry
            .value
            .split_whitespace()
            .filter_map(|token| match token.split_once(':') {
                Some((l, n)) => {
                    let c = l.chars().next()?;
                    Some(format!("{}:{n}", rename(c)?))
                }
                None => Some(
                    token
                        .chars()
                        .filter_map(|c| if c.is_ascii_alphabetic() { rename(c) } else { Some(c) })
                        .collect(),
                ),
            })
            .collect();
        renamed.push((key.to_string(), value.join(" ")));
    }
    for (key, value) in renamed {
        if let Some(e) = keys.get_mut(&key) {
            e.value = value;
        }
    }
}

/// A bigboard id from a section name: lower case, other characters `-`.
pub fn ident(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    if id.is_empty() { "imported".into() } else { id }
}

/// A piece of the section: its key, letter and movement.
pub(super) struct Piece {
    /// Its key (`pawn`, `customPiece3`).
    pub key: String,
    /// Its letter, lower case.
    pub letter: char,
    /// Its movement.
    pub moves: String,
    /// The line of its key (0: a built-in's).
    line: usize,
}

fn pieces(ctx: &Ctx) -> Result<Vec<Piece>, Refusal> {
    let mut out = Vec::new();
    let custom: Vec<String> = (1..=super::pieces::CUSTOM_SLOTS)
        .map(|n| format!("customPiece{n}"))
        .collect();
    let order = PREDEFINED
        .iter()
        .map(|(k, m)| (k.to_string(), Some(*m)))
        .chain(custom.into_iter().map(|k| (k, None)));
    for (key, moves) in order {
        let Some(value) = ctx.get(&key) else { continue };
        let mut chars = value.chars();
        let Some(letter) = chars.next().filter(|c| c.is_ascii_alphabetic()) else {
            continue; // `-`: the piece removed
        };
        let betza = value.split_once(':').map(|(_, b)| b.trim().to_string());
        let moves = match (moves, betza) {
            (_, Some(b)) if key == "king" || custom_slot(&key).is_some() => b,
            (Some(m), _) => m.to_string(),
            (None, _) => return Err(ctx.refuse(&key, format!("'{value}': a custom piece needs 'letter:Betza'"))),
        };
        // A letter given twice names the piece written last (a child's
        // over its parent's; in one section, the later slot), as a piece
        // Fairy-Stockfish adds replaces the one with its letter.
        let line = ctx.keys.get(&key).map_or(0, |e| e.line);
        if let Some(i) = out.iter().position(|p: &Piece| p.letter.eq_ignore_ascii_case(&letter)) {
            if out[i].line > line {
                continue;
            }
            out.remove(i);
        }
        out.push(Piece {
            key,
            letter: letter.to_ascii_lowercase(),
            moves,
            line,
        });
    }
    Ok(out)
}

/// A value for the side to move, as bigboard's value for the player who
/// brings the end about.
fn result(ctx: &Ctx, key: &str, default: &str) -> Result<&'static str, Refusal> {
    match ctx.get(key).unwrap_or(default) {
        "loss" => Ok("win"),
        "win" => Ok("loss"),
        "draw" => Ok("draw"),
        v => Err(ctx.refuse(key, format!("'{v}': bigboard scores only win, draw or loss"))),
    }
}

/// A TOML string.
pub(super) fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn definition(ctx: &Ctx, ignored: &[String]) -> Result<String, Refusal> {
    let width = ctx
        .int("maxFile", 8)
        .or_else(|_| file_of(ctx, "maxFile", 7).map(|f| f + 1))?;
    let height = ctx.int("maxRank", 8)?;
    if !(1..=26).contains(&width) {
        return Err(ctx.refuse("maxFile", format!("{width} files: bigboard converts 1 to 26")));
    }
    if !(1..=64).contains(&height) {
        return Err(ctx.refuse("maxRank", format!("{height} ranks: bigboard has 1 to 64")));
    }
    let pieces = pieces(ctx)?;
    for (key, entry) in &ctx.keys {
        let of_a_piece = pieces
            .iter()
            .any(|p| region_key(&p.key, true) == *key || region_key(&p.key, false) == *key);
        if key.starts_with("mobilityRegion") && !of_a_piece && !is_default(&entry.value, "") {
            return Err(ctx.refuse(key, "a region of movement of no piece of the variant: not converted"));
        }
    }
    let code = |letter: char| letter.to_ascii_uppercase().to_string();
    let code_of = |key: &str, c: char| -> Result<String, Refusal> {
        pieces
            .iter()
            .find(|p| p.letter == c.to_ascii_lowercase())
            .map(|p| code(p.letter))
            .ok_or_else(|| ctx.refuse(key, format!("'{c}' is not a piece of the variant")))
    };

    // The start: Fairy-Stockfish's fields, with its checks field taken out.
    let fen = ctx.get("startFen").unwrap_or(CHESS_FEN);
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    if fields.is_empty() {
        return Err(ctx.refuse("startFen", "empty"));
    }
    if let Some(open) = fields[0].find('[') {
        let pocket = fields[0][open..].trim_matches(|c| c == '[' || c == ']');
        if !pocket.is_empty() && pocket != "-" {
            return Err(ctx.refuse("startFen", format!("pieces in hand '{pocket}': bigboard has no hands")));
        }
        fields[0].truncate(open);
    }
    let counting = ctx.bool("checkCounting", false)?;
    let mut checks = None;
    if let Some(i) = fields
        .iter()
        .position(|f| f.contains('+') && f.chars().all(|c| c.is_ascii_digit() || c == '+'))
    {
        let f = fields.remove(i);
        if counting {
            let (w, b) = f.split_once('+').unwrap_or_default();
            if w != b {
                return Err(ctx.refuse(
                    "startFen",
                    format!("checks '{f}': bigboard counts the same checks for both sides"),
                ));
            }
            checks = Some(w.to_string());
        }
    }
    if counting && checks.is_none() {
        return Err(ctx.refuse("checkCounting", "the start has no checks field ('3+3')"));
    }
    let castling = ctx.bool("castling", true)?;
    if fields.len() < 2 {
        fields.push("w".into());
    }
    if fields.len() < 3 {
        fields.push("-".into());
    }
    // Fairy-Stockfish reads a start without its castling or en-passant
    // field (`w 0 1`, `w - 0 1`).
    for at in [2, 3] {
        if fields.len() > at && fields[at].chars().all(|c| c.is_ascii_digit()) {
            fields.insert(at, "-".into());
        }
    }
    if !castling {
        fields[2] = "-".into();
    }
    let board: Vec<Vec<Option<char>>> = read_board(&fields[0], width);

    let mut t = String::new();
    t.push_str(&format!(
        "# Converted from Fairy-Stockfish's variants.ini, section [{}]\n",
        ctx.section
    ));
    for i in ignored {
        t.push_str(&format!("# ignored: {i}\n"));
    }
    t.push_str(&format!(
        "id = {}\nname = {}\n",
        quote(&ident(ctx.section)),
        quote(ctx.section)
    ));
    t.push_str(&format!(
        "sources = [\"Fairy-Stockfish variants.ini, section [{}]\"]\n",
        ctx.section.replace('"', "")
    ));
    t.push_str(&format!(
        "width = {width}\nheight = {height}\nsetup = {}\n",
        quote(&fields.join(" "))
    ));
    // Fairy-Stockfish's `*` in the start is a wall no man stands on,
    // enters or crosses, as bigboard's hole.
    let walls = walls(&fields[0], width, height);
    if !walls.is_empty() {
        t.push_str(&format!("holes = {}\n", region(&walls)));
    }
    t.push('\n');

    // Rules.
    let steps = steps(ctx, &pieces, &fields[0], width, height)?;
    let promotion = promotion(ctx, &pieces, steps.pawn_types.as_deref(), (width, height))?;
    t.push_str("[rules]\n");
    t.push_str(&format!("en_passant = {}\n", steps.en_passant));
    t.push_str(&format!("move_rule = {}\n", ctx.int("nMoveRule", 50)?));
    t.push_str(&format!("repetition = {}\n", ctx.int("nFoldRule", 3)?));
    t.push_str(&format!(
        "repetition_result = \"{}\"\n",
        result(ctx, "nFoldValue", "draw")?
    ));
    t.push_str(&format!("checkmate = \"{}\"\n", result(ctx, "checkmateValue", "loss")?));
    t.push_str(&format!("stalemate = \"{}\"\n", result(ctx, "stalemateValue", "draw")?));
    if let Some(n) = &checks {
        t.push_str(&format!("checks = {n}\n"));
    }
    if ctx.bool("flyingGeneral", false)? {
        t.push_str("flying_royals = true\n");
    }
    t.push('\n');

    // Pieces.
    for p in &pieces {
        t.push_str(&format!(
            "[[piece]]\nname = {}\ncode = \"{}\"\n",
            quote(&display_name(&p.key)),
            code(p.letter)
        ));
        if let Some((_, movement, lines)) = steps.pieces.iter().find(|(k, _, _)| *k == p.key) {
            t.push_str(lines);
            t.push_str(movement);
        }
        t.push_str(&piece_region(ctx, &pieces, &fields[0], p, (width, height))?);
        let promotes = promotion.promoting.contains(&p.letter);
        if let Some(pawn) = move_count_pawn(ctx, &pieces, &fields[0], p, steps.pawn_types.as_deref(), promotes)? {
            t.push_str(&format!("pawn = {pawn}\n"));
        }
        if p.key == "king" {
            t.push_str("royal = true\n");
        }
        t.push('\n');
    }

    t.push_str(&promotion.text);
    if castling && fields[2] != "-" {
        t.push_str(&castling_tables(ctx, &pieces, &board, &fields[2], width, height)?);
    }

    // The flag region: a goal.
    t.push_str(&goal(ctx, &pieces, &fields[0], (width, height), &code_of)?);
    Ok(t)
}
