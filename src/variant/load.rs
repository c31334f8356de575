//! Reads a variant definition (TOML) into a [`Variant`], collecting every
//! problem found instead of stopping at the first.

use super::mechanics::KindMechanics;
use super::problems::{DefinitionError, DefinitionErrors, Errors, path};
use super::promotion::{limit_to_setup, read_promotions};
use super::region::read_region;
use super::rules::{RULE_KEYS, read_goals, read_win_rules};
use super::toml::Value;
use super::{CastlingRule, PieceType, Variant, WinRules, budget, normalize};
use crate::betza::{Movement, parse_movement};
use crate::core::echo::echo;
use crate::core::geometry::{Geometry, Square};
use crate::movement::{MoveTables, check_movement};
use std::sync::Arc;

/// Reads and checks one movement string found at `place`; a problem is
/// reported there (for a missing key only when `present`, as "missing" is
/// reported already).
fn read_movement(e: &mut Errors, place: &str, text: &str, present: bool) -> Option<Movement> {
    match parse_movement(text) {
        Ok(m) => match check_movement(&m) {
            Ok(()) => Some(m),
            Err(msg) => {
                e.add(place, format!("'{}': {msg}", echo(text)));
                None
            }
        },
        Err(err) => {
            if present {
                e.add(place, format!("'{}' {err}", echo(text)));
            }
            None
        }
    }
}

const TOP_KEYS: &[&str] = &[
    "id",
    "name",
    "sources",
    "notes",
    "how_to_play",
    "width",
    "height",
    "setup",
    "rules",
    "piece",
    "promotion",
    "castling",
    "goal",
    "holes",
    "reserve",
    "random_setup",
    "sides",
    "evaluation",
];
const PIECE_KEYS: &[&str] = &[
    "name",
    "code",
    "moves",
    "moves_by_file",
    "royal",
    "value",
    "description",
    "initial_rank",
    "initial_squares",
    "pawn",
    "moves_by_rank",
    "region",
    "freeze",
    "shield",
    "captured_by",
    "flee",
];
const CASTLING_KEYS: &[&str] = &["king", "king_to", "rook", "rook_to"];

/// The most piece kinds a variant may have: cells keep the kind in 15 bits
/// and promotion choices in a byte.
const MAX_KINDS: usize = 250;

impl Variant {
    /// Reads and validates a definition into a [`Loader`].
    fn prepare(text: &str) -> Result<Loader, DefinitionErrors> {
        let mut e = Errors(Vec::new());
        let table = match super::toml::parse(text) {
            Ok(t) => t,
            Err(err) => {
                e.add(
                    format!("line {}, column {}", err.line, err.column),
                    format!("not valid TOML: {}", echo(&err.message)),
                );
                return Err(DefinitionErrors(e.0));
            }
        };
        e.unknown_keys("", &table, TOP_KEYS);
        let id = e.string("", &table, "id", true).unwrap_or_default();
        if !id.is_empty()
            && !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            e.add("id", "use lower-case letters, digits and '-' only");
        }
        let name = e.string("", &table, "name", true).unwrap_or_default();
        let sources = e.strings("", &table, "sources");
        let notes = e.string("", &table, "notes", false).unwrap_or_default();
        let how_to_play = e.string("", &table, "how_to_play", false).unwrap_or_default();
        let sides = match table.contains_key("sides").then(|| e.strings("", &table, "sides")) {
            None => ["White".to_string(), "Black".to_string()],
            Some(s) if s.len() == 2 && s.iter().all(|n| !n.trim().is_empty() && n.len() <= 24) => {
                [s[0].clone(), s[1].clone()]
            }
            Some(_) => {
                e.add(
                    "sides",
                    "expected the two sides' names, such as [\"White\", \"Blue\"] (at most 24 characters each)",
                );
                ["White".to_string(), "Black".to_string()]
            }
        };
        let width = e.int("", &table, "width", 1, crate::core::geometry::MAX_SIDE as i64);
        let height = e.int("", &table, "height", 1, crate::core::geometry::MAX_SIDE as i64);
        if table.get("width").is_none() {
            e.add("width", "missing");
        }
        if table.get("height").is_none() {
            e.add("height", "missing");
        }
        let geometry = match (width, height) {
            (Some(w), Some(h)) => Geometry::new(w as u8, h as u8),
            _ => None,
        };
        let setup = e.string("", &table, "setup", true).unwrap_or_default();
        // `setup = "random"`: a seed draws the setup (`[random_setup]`).
        let random = setup.trim() == "random";
        let random_royal = super::reserve::read_random_setup(&mut e, &table, random);
        let reserve = super::reserve::read_reserve(&mut e, &table, height);
        if random && reserve.is_none() && table.contains_key("random_setup") {
            e.add(
                "random_setup",
                "needs a [reserve] table: the men not drawn onto the board wait there",
            );
        }
        // A turn's drops ride in a move (`crate::rules::reserve::drops`): ten bits.
        if reserve.is_some() && geometry.is_some_and(|g| g.len() > 64 || g.width > 14) {
            e.add("reserve", "reserves need a board of at most 64 squares and 14 files");
        }
        // Holes: squares the board does not have, as written (a region's
        // White squares).
        let holes = match (table.contains_key("holes"), geometry) {
            (true, Some(g)) => match read_region(g, &e.strings("", &table, "holes")) {
                Ok(r) => r.squares[0].clone(),
                Err(problems) => {
                    for (j, msg) in problems {
                        e.add(format!("holes[{j}]"), msg);
                    }
                    Vec::new()
                }
            },
            _ => Vec::new(),
        };

        let mut win = WinRules::default();
        let mut en_passant = false;
        let mut move_rule = 50;
        let mut repetition = 3;
        match table.get("rules") {
            Some(Value::Table(r)) => {
                e.unknown_keys("rules", r, RULE_KEYS);
                en_passant = e.bool("rules", r, "en_passant").unwrap_or(false);
                move_rule = e.int("rules", r, "move_rule", 0, 100_000).unwrap_or(50) as u32;
                repetition = e.int("rules", r, "repetition", 0, 100).unwrap_or(3) as u32;
                if repetition == 1 {
                    e.add("rules.repetition", "must be 0 (off) or at least 2");
                }
                read_win_rules(&mut e, r, &mut win);
            }
            Some(_) => e.add("rules", "expected a table ([rules])"),
            None => {}
        }

        // Pieces.
        let mut pieces: Vec<PieceType> = Vec::new();
        let piece_tables = e.tables(&table, "piece");
        if piece_tables.is_empty() {
            e.add("piece", "missing: a variant needs at least one [[piece]]");
        }
        if piece_tables.len() > MAX_KINDS {
            e.add("piece", format!("{} kinds; at most {MAX_KINDS}", piece_tables.len()));
        }
        let mut movement_ok = true;
        for (i, t) in piece_tables.iter().enumerate() {
            let at = format!("piece[{i}]");
            e.unknown_keys(&at, t, PIECE_KEYS);
            let name = e.string(&at, t, "name", true).unwrap_or_default();
            let code = e.string(&at, t, "code", true).unwrap_or_default();
            let by_file_texts = t
                .contains_key("moves_by_file")
                .then(|| e.strings(&at, t, "moves_by_file"));
            let by_rank_texts = t
                .contains_key("moves_by_rank")
                .then(|| e.strings(&at, t, "moves_by_rank"));
            let by_place = by_file_texts.is_some() || by_rank_texts.is_some();
            let moves = e.string(&at, t, "moves", !by_place).unwrap_or_default();
            // `royal`: true, false, or "anti" (an anti-royal).
            let (royal, anti_royal) = match t.get("royal") {
                None | Some(Value::Boolean(false)) => (false, false),
                Some(Value::Boolean(true)) => (true, false),
                Some(Value::String(s)) if s == "anti" => (false, true),
                Some(other) => {
                    let shown = match other {
                        Value::String(s) => format!("'{}'", echo(s)),
                        _ => format!("a {}", other.type_str()),
                    };
                    e.add(
                        path(&at, "royal"),
                        format!(
                            "piece '{}': {shown}: true, false or \"anti\" (an anti-royal, never captured)",
                            echo(&name)
                        ),
                    );
                    (false, false)
                }
            };
            let flee = e.bool(&at, t, "flee").unwrap_or(false);
            if flee && !royal {
                e.add(
                    path(&at, "flee"),
                    format!(
                        "piece '{}': flee = true is for a royal that can be captured (royal = true)",
                        echo(&name)
                    ),
                );
            }
            if (anti_royal || flee) && !win.royal_modes {
                let key = if anti_royal { "royal" } else { "flee" };
                e.add(
                    path(&at, key),
                    format!(
                        "piece '{}': {} needs [rules] royals = \"extinction\" (the royal modes it belongs to)",
                        echo(&name),
                        if anti_royal { "royal = \"anti\"" } else { "flee = true" }
                    ),
                );
            }
            let pawn = e.bool(&at, t, "pawn");
            let value = e.int(&at, t, "value", -100_000, 100_000).map(|v| v as i32);
            let description = e.string(&at, t, "description", false).unwrap_or_default();
            // With a bad height, only the largest board's bound is checked
            // here, so that the height's own problem is not repeated for
            // every piece.
            let top = height.unwrap_or(crate::core::geometry::MAX_SIDE as i64);
            let initial_ranks = match t.get("initial_rank") {
                Some(Value::Array(items)) => {
                    let mut ranks = Vec::new();
                    for (j, v) in items.iter().enumerate() {
                        let place = format!("{}[{j}]", path(&at, "initial_rank"));
                        match v.as_integer() {
                            Some(r) if (1..=top).contains(&r) => ranks.push(r as u8),
                            Some(r) => e.add(place, format!("{r} is out of range 1..{top}")),
                            None => e.add(place, "expected a whole number"),
                        }
                    }
                    ranks
                }
                Some(Value::Integer(_)) => e
                    .int(&at, t, "initial_rank", 1, top)
                    .map(|r| r as u8)
                    .into_iter()
                    .collect(),
                Some(_) => {
                    e.add(path(&at, "initial_rank"), "expected a whole number or a list of them");
                    Vec::new()
                }
                None => Vec::new(),
            };
            let initial_squares = match (t.contains_key("initial_squares"), geometry) {
                (true, Some(g)) => match read_region(g, &e.strings(&at, t, "initial_squares")) {
                    Ok(r) => Some(r),
                    Err(problems) => {
                        for (j, msg) in problems {
                            e.add(format!("{}[{j}]", path(&at, "initial_squares")), msg);
                        }
                        None
                    }
                },
                _ => None,
            };
            if t.get("name").is_some() && normalize(&name).is_empty() {
                e.add(path(&at, "name"), "empty name");
            }
            if t.get("code").is_some()
                && (code.is_empty() || code.len() > 4 || !code.chars().all(|c| c.is_ascii_alphabetic()))
            {
                e.add(
                    path(&at, "code"),
                    format!("'{}': a code is 1 to 4 letters", echo(&code)),
                );
            }
            let code = code.to_ascii_uppercase();
            if !code.is_empty() && pieces.iter().any(|p| p.code == code) {
                e.add(path(&at, "code"), format!("code '{}' is used twice", echo(&code)));
            }
            if !name.is_empty() && pieces.iter().any(|p| normalize(&p.name) == normalize(&name)) {
                e.add(path(&at, "name"), format!("name '{}' is used twice", echo(&name)));
            }
            let mut by_file = Vec::new();
            let mut by_rank = Vec::new();
            let (moves, movement) = match (&by_file_texts, &by_rank_texts) {
                (None, None) => {
                    let movement = read_movement(&mut e, &path(&at, "moves"), &moves, t.get("moves").is_some());
                    movement_ok &= movement.is_some();
                    (moves, movement.unwrap_or_default())
                }
                (Some(_), Some(_)) => {
                    e.add(at.clone(), "give 'moves_by_file' or 'moves_by_rank', not both");
                    movement_ok = false;
                    (moves, Movement::default())
                }
                (Some(texts), None) | (None, Some(texts)) => {
                    let (key, count, unit, first) = if by_file_texts.is_some() {
                        ("moves_by_file", width, "files wide", "a-file first")
                    } else {
                        ("moves_by_rank", height, "ranks high", "the owner's first rank first")
                    };
                    if t.get("moves").is_some() {
                        e.add(at.clone(), format!("give 'moves' or '{key}', not both"));
                    }
                    if let Some(w) = count
                        && texts.len() as i64 != w
                    {
                        e.add(
                            path(&at, key),
                            format!(
                                "piece '{}': {} movement strings for a board {w} {unit}: one per {}, {first}",
                                echo(&name),
                                texts.len(),
                                &unit[..4]
                            ),
                        );
                    }
                    let mut list = Vec::new();
                    for (f, text) in texts.iter().enumerate() {
                        let place = format!("{}[{f}]", path(&at, key));
                        let m = read_movement(&mut e, &place, text, true);
                        movement_ok &= m.is_some();
                        list.push((text.clone(), m.unwrap_or_default()));
                    }
                    if by_file_texts.is_some() {
                        by_file = list;
                    } else {
                        by_rank = list;
                    }
                    // The summary shown wherever one movement text is.
                    let by = if by_file_texts.is_some() { "file" } else { "rank" };
                    (format!("by {by}: {}", texts.join(" ")), Default::default())
                }
            };
            let region = match (t.contains_key("region"), geometry) {
                (true, Some(g)) => match read_region(g, &e.strings(&at, t, "region")) {
                    Ok(r) => Some(r),
                    Err(problems) => {
                        for (j, msg) in problems {
                            e.add(format!("{}[{j}]", path(&at, "region")), msg);
                        }
                        None
                    }
                },
                _ => None,
            };
            let freeze = e.bool(&at, t, "freeze").unwrap_or(false);
            let shield = e.bool(&at, t, "shield").unwrap_or(false);
            let pawns_only = match e.string(&at, t, "captured_by", false).as_deref() {
                None => false,
                Some("pawns") => true,
                Some(other) => {
                    e.add(
                        path(&at, "captured_by"),
                        format!(
                            "'{}': the one value is \"pawns\" (only men of pawn kinds may take it)",
                            echo(other)
                        ),
                    );
                    false
                }
            };
            if by_file
                .iter()
                .chain(&by_rank)
                .any(|(_, m)| m.patterns.iter().any(|p| p.mech != 0))
            {
                e.add(
                    at.clone(),
                    "capture mechanisms ({withdraw}, {shoot}, ...) belong in 'moves', not in moves_by_file or moves_by_rank",
                );
            }
            let mechanics = match KindMechanics::new(&movement, freeze, shield, pawns_only) {
                Ok(m) => m,
                Err(msg) => {
                    e.add(path(&at, "moves"), msg);
                    KindMechanics::default()
                }
            };
            let mechanics = KindMechanics {
                anti: anti_royal,
                ..mechanics
            };
            pieces.push(PieceType {
                mechanics,
                name,
                code,
                moves,
                movement,
                by_file,
                royal,
                anti_royal,
                flee,
                value,
                description,
                initial_ranks,
                initial_squares,
                pawn,
                by_rank,
                region,
            });
        }

        let kind_of = |text: &str| -> Option<usize> {
            let key = normalize(text);
            pieces
                .iter()
                .position(|p| p.code.eq_ignore_ascii_case(text))
                .or_else(|| pieces.iter().position(|p| normalize(&p.name) == key))
        };

        let random_setup = random_royal.and_then(|code| match kind_of(&code) {
            Some(royal) => Some(super::reserve::RandomSetup { royal }),
            None => {
                e.add(
                    "random_setup.royal",
                    format!("'{}' is not a piece of this variant", echo(&code)),
                );
                None
            }
        });

        // Promotion.
        let mut promotions = read_promotions(&mut e, &table, &pieces, geometry, &kind_of);
        win.goals = read_goals(&mut e, &table, geometry, pieces.len(), &kind_of);
        win.early = win.bare_king || !win.goals.is_empty() || win.royal_modes || win.checks > 0;
        let evaluation = super::evaluation::read_evaluation(&mut e, &table, &pieces, &kind_of);

        // Castling.
        let mut castling = Vec::new();
        for (i, t) in e.tables(&table, "castling").into_iter().enumerate() {
            let at = format!("castling[{i}]");
            e.unknown_keys(&at, t, CASTLING_KEYS);
            let sq = |key: &str, e: &mut Errors| {
                let s = e.string(&at, t, key, true)?;
                let g = geometry?;
                let r = g.parse_square(&s);
                if r.is_none() {
                    e.add(path(&at, key), format!("'{}' is not a square of the board", echo(&s)));
                }
                r
            };
            let (k, kt, r, rt) = (
                sq("king", &mut e),
                sq("king_to", &mut e),
                sq("rook", &mut e),
                sq("rook_to", &mut e),
            );
            if let (Some(king), Some(king_to), Some(rook), Some(rook_to), Some(g)) = (k, kt, r, rt, geometry) {
                if g.rank(king) != g.rank(rook) || g.rank(king) != g.rank(king_to) || g.rank(king) != g.rank(rook_to) {
                    e.add(at.clone(), "king and rook squares must lie on one rank");
                } else if king == rook || king == king_to || king_to == rook_to {
                    e.add(
                        at.clone(),
                        "the king must move, and king and rook must land on different squares",
                    );
                } else {
                    castling.push(CastlingRule {
                        king,
                        king_to,
                        rook,
                        rook_to,
                    });
                }
            }
        }
        // The position text names castling rights K and Q: the castling
        // moves towards one side share their king and rook (Wildebeest's
        // king may go one to four squares), so one letter names them all.
        if let Some(g) = geometry {
            for kingside in [true, false] {
                let mut way = castling
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| (g.file(r.rook) > g.file(r.king)) == kingside);
                let Some((_, first)) = way.next() else {
                    continue;
                };
                for (j, r) in way {
                    if (r.king, r.rook) != (first.king, first.rook) {
                        let side = if kingside { "K" } else { "Q" };
                        e.add(
                            format!("castling[{j}]"),
                            format!(
                                "castling moves towards one side must share their king and rook squares \
                                 (the position text's {side} names them all): {} and {}, not {} and {}",
                                g.name(first.king),
                                g.name(first.rook),
                                g.name(r.king),
                                g.name(r.rook)
                            ),
                        );
                    }
                }
            }
        }

        let Some(geometry) = geometry else {
            return Err(DefinitionErrors(e.0));
        };
        if !movement_ok || !e.0.is_empty() {
            return Err(DefinitionErrors(e.0));
        }
        let plan = match budget::plan(geometry, &pieces) {
            Ok(plan) => plan,
            Err((at, message)) => {
                e.add(at, message);
                return Err(DefinitionErrors(e.0));
            }
        };
        let n = geometry.len();
        let kinds = pieces.len();
        let ep_creator = pieces
            .iter()
            .map(|p| {
                en_passant
                    && p.movements()
                        .flat_map(|m| &m.patterns)
                        .any(|pat| pat.initial && pat.legs.iter().any(|l| l.range != 1 || l.n))
            })
            .collect();
        let mut tables = MoveTables::new(geometry, plan.table_of.clone(), plan.compact);
        tables.holes = holes.clone();
        // Room for the estimated tables, asked for up front so that a tab
        // short of memory gets an error instead of an abort.
        let room = plan.nodes + plan.nodes / 16 + 1024;
        if tables.nodes.try_reserve_exact(room).is_err()
            || tables.parents.try_reserve_exact(room).is_err()
            || tables
                .attacks
                .try_reserve_exact(plan.captures + plan.captures / 16 + 1024)
                .is_err()
        {
            e.add(
                "piece",
                format!(
                    "out of memory: the move tables need about {}",
                    budget::megabytes(plan.bytes)
                ),
            );
            return Err(DefinitionErrors(e.0));
        }
        let mut variant = Variant {
            id,
            name,
            sources,
            notes,
            how_to_play,
            sides,
            geometry,
            pieces,
            tables,
            setup: if random { String::new() } else { setup.clone() },
            reserve,
            random_setup,
            promotion_at: std::mem::take(&mut promotions.at),
            promotion_choices: Vec::new(),
            pawn: Vec::new(),
            special: Vec::new(),
            has_special: false,
            special_attacks: Vec::new(),
            has_special_attacks: false,
            mechanical: Vec::new(),
            has_mechanics: false,
            freeze_kinds: Vec::new(),
            shield_kinds: Vec::new(),
            pawns_only_kinds: Vec::new(),
            mimic_kinds: Vec::new(),
            borrow_kinds: Vec::new(),
            jester_kinds: Vec::new(),
            anti_kinds: Vec::new(),
            flee_kinds: Vec::new(),
            mech_bits: Vec::new(),
            walks: Vec::new(),
            auras: Vec::new(),
            reads_last_turn: false,
            circe: false,
            home: Arc::new(Vec::new()),
            has_zones: false,
            promotes: std::mem::take(&mut promotions.promotes),
            castling,
            castling_by_rook: Vec::new(),
            en_passant,
            ep_creator,
            win,
            move_rule,
            repetition,
            initial: vec![false; kinds * 2 * n],
            may_promote: vec![false; kinds * 2 * n],
            holes,
            evaluation,
        };
        let mut setup_counts = vec![[0u16; 2]; kinds];
        // A random setup is drawn once the tables are compiled
        // (`crate::text::load::finish`); until then the home squares are empty.
        let fixed = if random {
            Ok(vec![0; n])
        } else {
            super::board_text::parse_board(&variant, setup.split_whitespace().next().unwrap_or(""))
        };
        match fixed {
            Ok(board) => {
                variant.home = Arc::new(board.clone());
                for (sq, &c) in board.iter().enumerate() {
                    if c != 0 {
                        let (kind, color) = (crate::core::piece::cell_kind(c), crate::core::piece::cell_color(c));
                        let i = variant.index(kind, color, sq as u16);
                        variant.initial[i] = true;
                        setup_counts[kind][color] += 1;
                    }
                }
            }
            // The message reads as the position text reader's would.
            Err(message) => e.add("setup", format!("bad position text (board): {message}")),
        }
        limit_to_setup(&mut promotions, &setup_counts);
        variant.has_zones = promotions.choices.iter().any(|p| p.zone);
        variant.promotion_choices = promotions.choices;
        // A piece with `initial_rank` or `initial_squares` makes its `i`
        // moves there only, whether or not the setup puts one there.
        for kind in 0..kinds {
            let p = &variant.pieces[kind];
            if p.initial_ranks.is_empty() && p.initial_squares.is_none() {
                continue;
            }
            let ranks = p.initial_ranks.clone();
            let squares = p.initial_squares.clone();
            for color in 0..2 {
                for sq in 0..n as u16 {
                    let white_sq = if color == 0 { sq } else { geometry.mirror(sq) };
                    let on_rank = ranks.contains(&(geometry.rank(white_sq) as u8 + 1));
                    let on_square = squares.as_ref().is_some_and(|r| r.contains(color, sq));
                    let i = variant.index(kind, color, sq);
                    variant.initial[i] = on_rank || on_square;
                }
            }
        }
        if !e.0.is_empty() {
            return Err(DefinitionErrors(e.0));
        }
        Ok(Loader {
            variant,
            plan,
            next: 0,
            errors: e.0,
        })
    }
}

/// A definition read and validated, whose move tables are compiled a
/// slice at a time: a page can compile a large definition between frames
/// instead of freezing for the whole of it.
pub struct Loader {
    variant: Variant,
    plan: budget::Plan,
    /// The next program to compile, numbered table by table, White's
    /// squares then Black's.
    next: usize,
    errors: Vec<DefinitionError>,
}

impl Loader {
    /// Reads and validates a definition and checks what it would cost;
    /// compiles nothing yet.
    pub fn new(text: &str) -> Result<Loader, DefinitionErrors> {
        Variant::prepare(text)
    }

    /// Leaves out the per-program bitsets even where they would fit, as
    /// large boards do (for tests that compare both kinds of tables).
    /// Only before the first [`Loader::step`].
    pub fn use_compact_tables(&mut self) {
        if self.next == 0 {
            self.plan.compact = true;
            let t = &self.variant.tables;
            let holes = t.holes.clone();
            self.variant.tables = MoveTables::new(self.variant.geometry, t.table_of.clone(), true);
            self.variant.tables.holes = holes;
        }
    }

    /// Programs in all.
    pub fn total(&self) -> usize {
        self.plan.tables.len() * 2 * self.variant.geometry.len()
    }

    /// Programs compiled so far.
    pub fn done(&self) -> usize {
        self.next
    }

    /// The estimated bytes of move tables and evaluation data.
    pub fn estimated_bytes(&self) -> usize {
        self.plan.bytes
    }

    /// Compiles up to `programs` more programs; true once every program is
    /// compiled or a problem stopped the compilation (`crate::text::load::finish`
    /// tells which).
    pub fn step(&mut self, programs: usize) -> bool {
        let geo = self.variant.geometry;
        let n = geo.len();
        let end = self.total().min(self.next.saturating_add(programs));
        while self.next < end && self.errors.is_empty() {
            let table = self.next / (2 * n);
            let sign = if (self.next / n).is_multiple_of(2) { 1 } else { -1 };
            let sq = (self.next % n) as Square;
            let kind = self.plan.tables[table];
            let piece = &self.variant.pieces[kind];
            let color = usize::from(sign < 0);
            let region = piece.region.as_ref().map(|r| &r.squares[color][..]);
            let movement = piece.movement_at(geo, sq, color);
            let result = self.variant.tables.add_program(geo, movement, sq, sign, region);
            let at = piece.moves_key(kind, geo, sq, color);
            if let Err(msg) = result {
                self.errors.push(DefinitionError {
                    at,
                    message: format!("'{}': {msg}", echo(piece.moves_at(geo, sq, color))),
                });
            } else if self.variant.tables.bytes() > budget::MEMORY_LIMIT {
                self.errors.push(DefinitionError {
                    at,
                    message: format!(
                        "'{}': the move tables grew past {}, the most a variant may take",
                        echo(piece.moves_at(geo, sq, color)),
                        budget::megabytes(budget::MEMORY_LIMIT)
                    ),
                });
            }
            self.next += 1;
        }
        self.next >= self.total() || !self.errors.is_empty()
    }

    /// The variant, once [`Loader::step`] has said it is done; compiles
    /// what is left otherwise. Its setup is not checked as a position yet
    /// and a random setup not drawn: `crate::text::load::finish` does both
    /// (the variant builds no position, docs/architecture.md).
    pub(crate) fn compile(mut self) -> Result<Variant, DefinitionErrors> {
        while !self.step(usize::MAX) {}
        if !self.errors.is_empty() {
            return Err(DefinitionErrors(self.errors));
        }
        let mut variant = self.variant;
        variant.tables.shrink();
        variant.may_promote = variant.find_may_promote();
        variant.pawn = (0..variant.pieces.len())
            .map(|k| variant.pieces[k].pawn.unwrap_or(variant.promotes[k]))
            .collect();
        variant.find_special();
        if let Err(err) = variant.find_castling_texts() {
            return Err(DefinitionErrors(vec![err]));
        }
        Ok(variant)
    }
}
