//! `piece`: where one movement string goes from one square, on a board with
//! a few friends and enemies placed by hand. An author compares this with an
//! Interactive Diagram page, so the answer is the movement's own
//! destinations (pseudo-legal: no check, no turn, no promotion), compiled
//! by the same code as the engine's move tables.

use crate::cli::{PieceArgs, Side};
use crate::variant_arg;
use bigboard::betza::{Movement, parse_movement};
use bigboard::core::echo::echo;
use bigboard::core::geometry::{Geometry, MAX_SIDE, Square};
use bigboard::movement::{EMPTY, ENEMY, FRIEND, MoveTables, check_movement, for_each_destination};
use bigboard::variant::Variant;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Boards wider or taller than this get the list only: a diagram of
/// longer rows would wrap in a terminal and help nobody.
const DIAGRAM_SIDE: u8 = 16;

/// What the command line asked for.
struct Request {
    movement: Option<String>,
    kind: Option<String>,
    variant: Option<String>,
    board: Option<String>,
    at: String,
    friends: Vec<String>,
    enemies: Vec<String>,
    pawns: Vec<String>,
    black: bool,
    initial: bool,
    /// A position: the man on `at` is shown there (see `crate::effects`).
    fen: Option<String>,
}

fn request(args: &PieceArgs) -> Request {
    // `--friends e5,f6 --friends g7`: every list given, empty items left out.
    let list = |lists: &[String]| -> Vec<String> {
        lists
            .iter()
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    Request {
        movement: args.movement.clone(),
        kind: args.kind.clone(),
        variant: args.variant.clone(),
        board: args.board.clone(),
        at: args.at.clone(),
        friends: list(&args.friends),
        enemies: list(&args.enemies),
        pawns: list(&args.pawns),
        black: args.side == Side::Black,
        initial: args.initial,
        fen: args.fen.clone(),
    }
}

/// `WxH`, each side 1..=64.
fn parse_board(text: &str) -> Result<Geometry, String> {
    let bad = || format!("bad board size '{}': write WxH, each side 1 to {MAX_SIDE}", echo(text));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u8 = w.parse().map_err(|_| bad())?;
    let h: u8 = h.parse().map_err(|_| bad())?;
    Geometry::new(w, h).ok_or_else(bad)
}

fn parse_sq(geo: Geometry, text: &str) -> Result<Square, String> {
    geo.parse_square(text)
        .ok_or_else(|| format!("bad square '{}' for a {} x {} board", echo(text), geo.width, geo.height))
}

/// Where the movement to show comes from: the command line, or a kind of
/// a variant (on that variant's board).
enum Source {
    Text(Movement, String),
    Kind(Arc<Variant>, usize),
}

/// The movement to show and the board.
fn source(r: &Request) -> Result<(Source, Geometry), String> {
    match (&r.movement, &r.kind) {
        (Some(_), Some(_)) => Err("give either a MOVEMENT or --kind, not both".into()),
        (None, None) => Err("piece needs a MOVEMENT or --kind NAME --variant VARIANT".into()),
        (Some(text), None) => {
            if r.variant.is_some() {
                return Err("--variant goes with --kind".into());
            }
            let m = parse_movement(text).map_err(|e| format!("movement '{}': {e}", echo(text)))?;
            check_movement(&m).map_err(|e| format!("movement '{}': {e}", echo(text)))?;
            let geo = parse_board(r.board.as_deref().unwrap_or("8x8"))?;
            Ok((Source::Text(m, text.clone()), geo))
        }
        (None, Some(kind)) => {
            let name = r.variant.as_deref().ok_or("--kind needs --variant VARIANT")?;
            if r.board.is_some() {
                return Err("--board does not go with --kind: the variant's board is used".into());
            }
            let v = variant_arg(name)?;
            let k = v.kind_by_name(kind).ok_or_else(|| {
                let known: Vec<String> = v.pieces.iter().map(|p| format!("{} ({})", p.code, p.name)).collect();
                format!("{} has no kind '{}' (known: {})", v.id, echo(kind), known.join(", "))
            })?;
            let geo = v.geometry;
            Ok((Source::Kind(v, k), geo))
        }
    }
}

/// `piece MOVEMENT [--board WxH] [--at SQ] [--friends SQS] [--enemies SQS]
/// [--side white|black] [--initial]` or `piece --kind NAME --variant V ...`.
pub fn piece_command(args: &PieceArgs) -> Result<(), String> {
    let r = request(args);
    if let Some(fen) = &r.fen {
        let name = r.variant.as_deref().ok_or("--fen needs --variant VARIANT")?;
        if r.movement.is_some()
            || r.kind.is_some()
            || !r.friends.is_empty()
            || !r.enemies.is_empty()
            || r.board.is_some()
        {
            return Err(
                "with --fen, the man on --at is shown: no MOVEMENT, --kind, --board, --friends or --enemies".into(),
            );
        }
        return crate::effects::explore(variant_arg(name)?, fen, &r.at);
    }
    let (source, geo) = source(&r)?;
    let at = parse_sq(geo, &r.at)?;
    let color = usize::from(r.black);
    // A kind moving by file or rank moves by the movement of the square it
    // stands on, and only to the squares of its region.
    let (movement, text, region) = match &source {
        Source::Text(m, t) => (m, t.clone(), None),
        Source::Kind(v, k) => {
            let p = &v.pieces[*k];
            let m = p.movement_at(geo, at, color);
            let t = if p.by_file.is_empty() && p.by_rank.is_empty() {
                p.moves.clone()
            } else {
                format!("{} ({})", p.moves_at(geo, at, color), p.moves)
            };
            (m, t, p.region.as_ref().map(|r| &r.squares[color][..]))
        }
    };
    let text = &text;
    let mut class = vec![EMPTY; geo.len()];
    // The piece itself stands on its square, as in a real position: the
    // move generator sees it there as a friend.
    class[at as usize] = FRIEND;
    let mut placed: Vec<(Square, &str)> = vec![(at, "--at")];
    for (list, cls, opt) in [(&r.friends, FRIEND, "--friends"), (&r.enemies, ENEMY, "--enemies")] {
        for s in list {
            let sq = parse_sq(geo, s)?;
            if let Some((_, first)) = placed.iter().find(|(q, _)| *q == sq) {
                return Err(format!("square {s} is given twice ({first} and {opt})"));
            }
            placed.push((sq, opt));
            class[sq as usize] = cls;
        }
    }

    let mut pawn = vec![false; geo.len()];
    for s in &r.pawns {
        let sq = parse_sq(geo, s)?;
        if !placed[1..].iter().any(|(q, _)| *q == sq) {
            return Err(format!("--pawns {s}: not a square given with --friends or --enemies"));
        }
        pawn[sq as usize] = true;
    }

    // The program of the piece's square and colour; a chain goes on from
    // other squares, so it needs them all. Compact tables skip the
    // per-board bitsets that only a whole table set needs.
    let chain = movement.patterns.iter().any(|p| p.chain);
    let mut tables = MoveTables::new(geo, vec![0], true);
    let compiled = if chain {
        tables.add_table(geo, movement)
    } else {
        tables.add_program(geo, movement, at, if r.black { -1 } else { 1 }, region)
    };
    compiled.map_err(|e| format!("movement '{}': {e}", echo(text)))?;
    let program_of = |sq: Square| {
        if chain {
            tables.programs[color * geo.len() + sq as usize]
        } else {
            tables.programs[0]
        }
    };
    let p = program_of(at);
    let len = if r.initial { p.len_initial } else { p.len };
    let nodes = &tables.nodes[p.start as usize..p.start as usize + len as usize];
    // A square reached along two paths is one destination; a special
    // movement (men taken on the way, chains, hops over pawns) lists each
    // of its effects.
    let mut dests: BTreeMap<(i32, i32), (Square, u32)> = BTreeMap::new();
    let mut effects = Vec::new();
    if p.special {
        let view = Board {
            class: &class,
            pawn: &pawn,
        };
        bigboard::rules::walk::special::effects(
            at,
            &view,
            |sq, first| {
                let p = program_of(sq);
                let len = if first && r.initial { p.len_initial } else { p.len };
                &tables.nodes[p.start as usize..p.start as usize + len as usize]
            },
            &mut effects,
        );
        for e in &effects {
            let cls = if e.to == at { EMPTY } else { class[e.to as usize] };
            dests.insert((geo.file(e.to), geo.rank(e.to)), (e.to, cls));
        }
    } else {
        for_each_destination(
            nodes,
            |s| class[s as usize],
            |s, cls| {
                dests.insert((geo.file(s), geo.rank(s)), (s, cls));
            },
        );
    }

    println!(
        "{text} from {} ({}) on {} x {}{}",
        geo.name(at),
        if r.black { "black" } else { "white" },
        geo.width,
        geo.height,
        if r.initial { ", initial moves included" } else { "" }
    );
    if geo.width > DIAGRAM_SIDE || geo.height > DIAGRAM_SIDE {
        println!("(no diagram on boards larger than {DIAGRAM_SIDE} x {DIAGRAM_SIDE})");
    } else {
        let mut marks = vec!['.'; geo.len()];
        for (sq, _) in &placed[1..] {
            marks[*sq as usize] = if class[*sq as usize] == FRIEND { 'F' } else { 'E' };
        }
        for (sq, cls) in dests.values() {
            marks[*sq as usize] = mark(*cls);
        }
        marks[at as usize] = '*';
        let label = geo.height.to_string().len();
        for rank in (0..geo.height as i32).rev() {
            let row: Vec<String> = (0..geo.width as i32)
                .map(|f| marks[geo.square(f, rank).expect("on the board") as usize].to_string())
                .collect();
            println!("{:>label$} {}", rank + 1, row.join(" "));
        }
        let files: Vec<String> = (0..geo.width as i32)
            .map(|f| char::from(b'a' + f as u8).to_string())
            .collect();
        println!("{:>label$} {}", "", files.join(" "));
    }
    let mut count = 0;
    let mut pass = false;
    for (sq, cls) in dests.values() {
        if *sq == at {
            // A move that comes back (a Rose's full circle, a Lion's pass)
            // is shown but not counted, as the ID and the test vectors do.
            pass = true;
            continue;
        }
        count += 1;
        if effects.is_empty() {
            println!("{} {}", geo.name(*sq), word(*cls));
        }
        for e in effects.iter().filter(|e| e.to == *sq) {
            println!("{} {}{}", geo.name(*sq), word(*cls), taken_text(geo, &e.taken));
        }
    }
    if pass {
        for e in effects.iter().filter(|e| e.to == at && !e.taken.is_empty()) {
            println!("{} back to its own square{}", geo.name(at), taken_text(geo, &e.taken));
        }
        println!("{} pass (back to its own square; not counted)", geo.name(at));
    }
    if !effects.is_empty() {
        let n = effects.len();
        println!(
            "{n} move{} (one for each set of men taken; a pass included)",
            if n == 1 { "" } else { "s" }
        );
    }
    println!("{count} destination{}", if count == 1 { "" } else { "s" });
    Ok(())
}

/// `, taking e5 f6` for the men a move takes on the way.
fn taken_text(geo: Geometry, taken: &[Square]) -> String {
    if taken.is_empty() {
        return String::new();
    }
    let names: Vec<String> = taken.iter().map(|&sq| geo.name(sq).to_string()).collect();
    format!(", taking {} on the way", names.join(" "))
}

/// The board of the explorer as the special walk sees it.
struct Board<'a> {
    class: &'a [u32],
    pawn: &'a [bool],
}

impl bigboard::rules::walk::special::View for Board<'_> {
    fn class(&self, sq: Square) -> u32 {
        self.class[sq as usize]
    }

    fn is_pawn(&self, sq: Square) -> bool {
        self.pawn[sq as usize]
    }

    fn en_passant(&self, _sq: Square) -> bool {
        false
    }

    /// The explorer has no last move: no man may be taken back.
    fn recapturable(&self, _sq: Square) -> bool {
        false
    }
}

/// The diagram's mark for a destination of class `cls`.
fn mark(cls: u32) -> char {
    match cls {
        EMPTY => 'm',
        ENEMY => 'x',
        _ => 'd',
    }
}

/// The list's word for a destination of class `cls`.
fn word(cls: u32) -> &'static str {
    match cls {
        EMPTY => "move",
        ENEMY => "capture",
        _ => "destroy",
    }
}
