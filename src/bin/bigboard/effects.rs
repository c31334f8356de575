//! `piece --variant V --fen FEN --at SQ`: the moves of one man in a real
//! position, each with everything it does to the board: men taken (on the
//! landing square, on the way, by withdrawal, approach, overtaking,
//! coordination, custodial capture, a shot), men that change places, change
//! side or kind, are reborn or leave the game; and which men are frozen.
//! What a move does is read off the board after playing it, so every
//! effect shows, whatever mechanism caused it; what a hop does to the man
//! it leaps is told from the effect itself (where it was reborn, or that it
//! left the game, which the board alone cannot tell from a capture).

use bigboard::Move;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::core::geometry::Square;
use bigboard::core::piece::{cell_color, cell_kind};
use bigboard::rules::mechanisms::hurdle::{Fate, HurdleEffect};
use bigboard::variant::Variant;
use std::sync::Arc;

/// Prints the moves of the man on `at` in the position `fen`.
pub fn explore(v: Arc<Variant>, fen: &str, at: &str) -> Result<(), String> {
    let mut pos = Position::from_fen(v.clone(), fen).map_err(|e| format!("--fen: {e}"))?;
    let g = v.geometry;
    let at = g
        .parse_square(at)
        .ok_or_else(|| format!("--at '{}': not a square of the board", echo(at)))?;
    let (kind, color) = pos
        .piece_at(at)
        .ok_or_else(|| format!("--at {}: no man there", g.name(at)))?;
    if color != pos.side_to_move() {
        return Err(format!(
            "the man on {} is {}'s and {} is to move: give the position with its side to move",
            g.name(at),
            pos.variant().sides[color],
            pos.variant().sides[pos.side_to_move()]
        ));
    }
    println!(
        "{} ({}) on {}{}",
        v.pieces[kind].name,
        pos.variant().sides[color],
        g.name(at),
        if pos.frozen(at) { ", frozen" } else { "" }
    );
    let frozen: Vec<String> = (0..g.len() as Square)
        .filter(|&sq| pos.frozen(sq))
        .map(|sq| man(&pos, sq))
        .collect();
    if !frozen.is_empty() {
        println!("frozen: {}", frozen.join(", "));
    }
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    pseudo.retain(|m| m.from == at);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let texts: Vec<String> = pseudo.iter().map(|&m| pos.move_text(m)).collect();
    let width = texts.iter().map(String::len).max().unwrap_or(0);
    for (&m, text) in pseudo.iter().zip(&texts) {
        let what = effects(&mut pos, m);
        let note = if legal.contains(&m) {
            ""
        } else {
            " (not legal: a royal would be left attacked)"
        };
        println!("{text:<width$}  {what}{note}");
    }
    let n = legal.iter().filter(|m| m.from == at).count();
    println!(
        "{} move{}, {n} legal",
        pseudo.len(),
        if pseudo.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `Blue Pawn d5`: a man and its square.
fn man(pos: &Position, sq: Square) -> String {
    let v = pos.variant();
    match pos.piece_at(sq) {
        Some((k, c)) => format!("{} {} {}", v.sides[c], v.pieces[k].name, v.geometry.name(sq)),
        None => v.geometry.name(sq).to_string(),
    }
}

/// What `m` does, read off the board after playing it.
fn effects(pos: &mut Position, m: Move) -> String {
    let v = pos.variant().clone();
    let g = v.geometry;
    let before: Vec<Option<(usize, usize)>> = (0..g.len() as Square).map(|sq| pos.piece_at(sq)).collect();
    let names: Vec<String> = (0..g.len() as Square).map(|sq| man(pos, sq)).collect();
    let hurdle = pos.hurdle_effect(m);
    pos.play_unchecked(m);
    let after: Vec<Option<(usize, usize)>> = (0..g.len() as Square).map(|sq| pos.piece_at(sq)).collect();
    pos.undo();
    let mover = before[m.from as usize];
    // The mover now stands on the landing square (a promotion may have
    // changed its kind): the man there before was taken, not turned.
    let landed = m.from != m.to
        && after[m.from as usize] != mover
        && after[m.to as usize].is_some_and(|(_, c)| mover.is_some_and(|(_, side)| side == c));
    let mut parts = Vec::new();
    match (after[m.from as usize], after[m.to as usize]) {
        _ if m.from == m.to && after[m.from as usize].is_none() => parts.push("removes itself".to_string()),
        (Some(x), _) if Some(x) == mover => {}
        (None, None) => parts.push("leaves the board".to_string()),
        _ => {}
    }
    // The screen of a hop with effects, told from the effect itself.
    let mut told: Vec<usize> = Vec::new();
    if let Some(e) = hurdle {
        parts.push(screen_text(&v, &names[e.screen as usize], e));
        told.push(e.screen as usize);
        if let Fate::Reborn(sq) = e.fate {
            told.push(sq as usize);
        }
    }
    // Every other square whose man changed: where did it go?
    let arrived: Vec<Square> = (0..g.len())
        .filter(|&s| after[s].is_some() && after[s] != before[s] && s != m.to as usize && !told.contains(&s))
        .map(|s| s as Square)
        .collect();
    for s in 0..g.len() {
        let Some((k, c)) = before[s] else { continue };
        if s == m.from as usize || after[s] == before[s] || (told.contains(&s) && s != m.to as usize) {
            continue;
        }
        let now = after[s];
        let text = match now {
            Some((k2, c2)) if k2 == k && c2 != c && !(s == m.to as usize && landed) => {
                format!("{} changes side", names[s])
            }
            Some((k2, c2)) if c2 == c && k2 != k && s != m.to as usize => {
                let name = &v.pieces[k2].name;
                let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                format!("{} becomes {article} {name}", names[s])
            }
            _ => match arrived
                .iter()
                .find(|&&a| after[a as usize] == Some((k, c)) && before[a as usize] != Some((k, c)))
            {
                Some(&a) if a == m.from => format!("swaps with {}", names[s]),
                Some(&a) => format!("{} goes to {}", names[s], g.name(a)),
                None => format!("takes {}", names[s]),
            },
        };
        parts.push(text);
    }
    if parts.is_empty() {
        "moves".into()
    } else {
        parts.join("; ")
    }
}

/// `Blue Knight d5 changes side, becomes a Bishop, reborn on b1`: what a
/// hop does to its screen, in the order of the effects.
fn screen_text(v: &Variant, name: &str, e: HurdleEffect) -> String {
    let (was, man) = (e.was, e.man);
    let mut said = vec![name.to_string()];
    if cell_color(man) != cell_color(was) {
        said.push("changes side".into());
    }
    if cell_kind(man) != cell_kind(was) {
        let name = &v.pieces[cell_kind(man)].name;
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        said.push(format!("becomes {article} {name}"));
    }
    let royal = v.pieces[cell_kind(was)].any_royal();
    match e.fate {
        Fate::Stays => {}
        Fate::Reborn(sq) => said.push(format!("reborn on {}", v.geometry.name(sq))),
        Fate::Leaves if royal => said.push("cannot be reborn: captured".into()),
        Fate::Leaves => said.push("leaves the game".into()),
    }
    let (first, rest) = said.split_at(1);
    format!("{} {}", first[0], rest.join(", "))
}
