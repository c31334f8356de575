//! Royal modes (`[rules] royals = "extinction"`) and the piece keys
//! `royal = "anti"` and `flee = true`, on UC-170-17's King, Royal Knight,
//! Anti-King (148) and Wuss (165). Rules: docs/variants/uc-170-17-game-rules.md section 7 (R1-R7) and
//! the readings' table B; each expected list is worked out by hand beside
//! its test.

use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::legal::royals::RoyalMode;
use bigboard::rules::outcome::{Outcome, Reason};
use bigboard::search::{Control, Limits, Score, Searcher};
use std::collections::HashSet;

fn position(fen: &str) -> Position {
    Position::from_fen(builtin("uc-170-17").unwrap(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as sorted text.
fn legal(pos: &mut Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.into_iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// The pseudo-legal moves as sorted text.
fn pseudo(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    let mut out: Vec<String> = moves.into_iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

fn from(moves: &[String], sq: &str) -> Vec<String> {
    moves.iter().filter(|m| m.starts_with(sq)).cloned().collect()
}

fn sq(pos: &Position, name: &str) -> u16 {
    pos.variant().geometry.parse_square(name).unwrap()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------
// The Anti-King (148): `mdK`, royal = "anti".

/// Readings table B, 148: d4 on an empty board, 8 moves; with its own man
/// on e5, 8 moves, e5 among them (the man taken). White has its King, and
/// no enemy man but Blue's King could attack the Anti-King, so it is mated
/// and White plays any turn (R3): every move of the Anti-King is legal.
#[test]
fn anti_king_readings() {
    let mut pos = position("k7/8/8/8/3{AK}4/8/8/7K w - - 0 1");
    let d4 = from(&legal(&mut pos), "d4");
    assert_eq!(
        d4,
        strings(&["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"])
    );
    let mut pos = position("k7/8/8/4N3/3{AK}4/8/8/7K w - - 0 1");
    let d4 = from(&legal(&mut pos), "d4");
    assert_eq!(d4.len(), 8, "{d4:?}");
    assert!(d4.contains(&"d4e5".to_string()));
    pos.play_text("d4e5").unwrap();
    assert_eq!(
        pos.count(pos.variant().kind_by_name("N").unwrap(), 0),
        0,
        "the own Knight is taken"
    );
    // Never an enemy: a Blue Knight on e5 blocks it (its moves, before
    // the rule of keeping it attacked: which leaves d3 and c4, the
    // Knight's squares).
    let mut pos = position("k7/8/8/4n3/3{AK}4/8/8/7K w - - 0 1");
    assert_eq!(from(&pseudo(&pos), "d4").len(), 7);
    assert_eq!(legal(&mut pos), strings(&["d4c4", "d4d3"]));
}

/// R7: `d` never takes an own royal, capturable or anti.
#[test]
fn anti_king_never_takes_an_own_royal() {
    for royal in ["K", "{WUS}", "{RKN}"] {
        let fen = format!("k7/8/8/4{royal}3/3{{AK}}4/8/8/8 w - - 0 1");
        let mut pos = position(&fen);
        let d4 = from(&legal(&mut pos), "d4");
        assert_eq!(d4.len(), 7, "{fen}: {d4:?}");
        assert!(!d4.contains(&"d4e5".to_string()), "{fen}");
    }
    // Nor another Anti-King of its side.
    let mut pos = position("k7/8/8/4{AK}3/3{AK}4/8/8/7K w - - 0 1");
    let d4 = from(&legal(&mut pos), "d4");
    assert_eq!(d4.len(), 7, "{d4:?}");
    assert!(!d4.contains(&"d4e5".to_string()));
}

/// R4/R3: a Blue rook attacks the White Anti-King on d4 along the d-file;
/// White must keep it attacked: the Anti-King may go to d3 or d5 only
/// (its other squares are off every Blue line; Blue's King does not
/// count), the King's three moves leave it where it is.
#[test]
fn anti_king_must_be_kept_attacked() {
    let mut pos = position("k2r4/8/8/8/3{AK}4/8/8/7K w - - 0 1");
    assert_eq!(legal(&mut pos), strings(&["d4d3", "d4d5", "h1g1", "h1g2", "h1h2"]));
    assert_eq!(pos.royal_mode(0), RoyalMode::Extinction);
    assert!(!pos.in_check(), "an Anti-King gives no check and takes none");
    // A White Knight on b5 may not shut the rook out on d6; its other
    // moves (a7, c7, a3, c3) keep the Anti-King attacked: 4 + 2 + 3.
    let mut pos = position("k2r4/8/8/1N6/3{AK}4/8/8/7K w - - 0 1");
    let moves = legal(&mut pos);
    assert!(!moves.contains(&"b5d6".to_string()), "{moves:?}");
    assert!(moves.contains(&"b5c7".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 9, "{moves:?}");
}

/// R4: Kings do not attack Anti-Kings; a Guard on the same square does.
#[test]
fn a_king_does_not_attack_an_anti_king() {
    let mut pos = position("8/8/8/4k3/3{AK}4/8/8/7K w - - 0 1");
    let d4 = sq(&pos, "d4");
    assert!(!pos.anti_royal_attacked(d4, 1));
    let mut pos = position("k7/8/8/4g3/3{AK}4/8/8/7K w - - 0 1");
    assert!(pos.anti_royal_attacked(d4, 1));
    // ... and a Royal Knight does not either.
    let mut pos = position("k7/8/4{rkn}3/8/3{AK}4/8/8/7K w - - 0 1");
    assert!(!pos.anti_royal_attacked(d4, 1));
    let mut pos = position("k7/8/4n3/8/3{AK}4/8/8/7K w - - 0 1");
    assert!(pos.anti_royal_attacked(d4, 1));
}

/// The Anti-King is never captured, by landing or any mechanism, and is
/// never "attacked" in the ordinary sense (no capture of it exists).
#[test]
fn the_anti_king_is_never_captured() {
    // A Blue rook on the d-file, a Blue Archer two squares off on b2, a
    // Blue Long Leaper on g7 with the empty c3 beyond it: none takes it.
    let mut pos = position("k2r4/6{ll}1/8/8/3{AK}4/8/1{arc}6/7K b - - 0 1");
    let moves = legal(&mut pos);
    for m in &moves {
        pos.play_text(m).unwrap();
        let ak = pos.variant().kind_by_name("Anti-King").unwrap();
        assert_eq!(pos.count(ak, 0), 1, "{m} took the Anti-King");
        pos.undo();
    }
    let d4 = sq(&pos, "d4");
    assert!(!pos.is_attacked(d4, 1), "no capture of it exists");
    assert!(pos.anti_royal_attacked(d4, 1), "but it stands attacked (R4)");
}

/// R3: mated with no capturable royal left, the side loses; with one, it
/// plays any turn legal under R1/R2.
#[test]
fn an_anti_king_mated() {
    // Only Blue's King, which does not count: no turn keeps it attacked.
    let mut pos = position("k7/8/8/8/3{AK}4/8/8/8 w - - 0 1");
    assert!(legal(&mut pos).is_empty());
    let over = pos.outcome();
    assert_eq!(
        over,
        Some(Outcome {
            winner: Some(1),
            reason: Reason::AntiKingMated
        })
    );
    let text = over.unwrap().describe(pos.variant());
    assert_eq!(text, "the anti-king mated, Blue wins");
    // With a King beside it, play goes on: every pseudo-legal move.
    let mut pos = position("k7/8/8/8/3{AK}4/8/8/7K w - - 0 1");
    assert_eq!(legal(&mut pos), pseudo(&pos));
    assert_eq!(legal(&mut pos).len(), 11);
    assert_eq!(pos.outcome(), None);
    // Kept attacked, the lone Anti-King plays on.
    let mut pos = position("k2r4/8/8/8/3{AK}4/8/8/8 w - - 0 1");
    assert_eq!(legal(&mut pos), strings(&["d4d3", "d4d5"]));
    assert_eq!(pos.outcome(), None);
}

// ---------------------------------------------------------------------------
// The Wuss (165): `mQ`, royal, flee = true.

/// Issue 14, position F: the attacked Wuss must move, and may stay on the
/// d-file (R5): its 26 passive queen moves, nothing else.
#[test]
fn an_attacked_wuss_must_move() {
    let mut pos = position("3rk3/8/8/8/3{WUS}4/8/8/4K3 w - - 0 1");
    let moves = legal(&mut pos);
    assert_eq!(moves.len(), 26, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("d4")), "{moves:?}");
    assert!(moves.contains(&"d4d7".to_string()), "it may end attacked");
    // Not attacked (the rook on a8): the King may move too.
    let mut pos = position("r3k3/8/8/8/3{WUS}4/8/8/4K3 w - - 0 1");
    let moves = legal(&mut pos);
    assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
}

/// R5's exception: a Wuss with no move of its own leaves the turn free.
/// The White Wuss on a1, attacked by a Blue Knight on b3, is boxed in by
/// its own Knight on b1 and pawns on a2, b2.
#[test]
fn a_wuss_that_cannot_move_leaves_any_move() {
    let mut pos = position("4k3/8/8/8/8/1n6/PP6/{WUS}N2K3 w - - 0 1");
    let a1 = sq(&pos, "a1");
    assert!(pos.is_attacked(a1, 1));
    let moves = legal(&mut pos);
    assert!(from(&moves, "a1").is_empty());
    assert_eq!(moves, pseudo(&pos), "extinction with King and Wuss: every move");
    assert!(moves.contains(&"e1d2".to_string()), "{moves:?}");
}

/// R3 before R5: the Blue bishop on a8 attacks the White Wuss on h1; the
/// White Anti-King on d4 is not attacked, but would be on c5, d5, e5 (the
/// Blue rook's rank 5) and e4 (the bishop's diagonal). Keeping the
/// Anti-King attacked comes first: those four moves, and no Wuss move.
#[test]
fn keeping_the_anti_king_attacked_comes_before_the_wuss_flight() {
    let mut pos = position("b7/7k/8/r7/3{AK}4/8/8/7{WUS} w - - 0 1");
    assert_eq!(legal(&mut pos), strings(&["d4c5", "d4d5", "d4e4", "d4e5"]));
}

// ---------------------------------------------------------------------------
// Check and extinction (R1, R2).

/// Issue 14, position E: with King and Wuss (extinction) the King may stay
/// attacked: 5 King moves (e2 taken; d1, d2, f1, f2 attacked) and the
/// Wuss's 17; without the Wuss, check rules: 3 moves.
#[test]
fn king_and_wuss_may_leave_a_royal_attacked() {
    let mut pos = position("4k3/8/8/8/8/8/4r3/{WUS}3K3 w - - 0 1");
    assert_eq!(pos.royal_mode(0), RoyalMode::Extinction);
    assert!(!pos.in_check());
    assert_eq!(legal(&mut pos).len(), 22);
    let mut pos = position("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(pos.royal_mode(0), RoyalMode::Check);
    assert!(pos.in_check());
    assert_eq!(legal(&mut pos), strings(&["e1d1", "e1e2", "e1f1"]));
}

/// A lone King is checkmated as in chess; a lone Royal Knight too (R1).
#[test]
fn a_lone_king_plays_by_check_rules() {
    let mut pos = position("4k3/8/8/8/8/8/r7/1r2K3 w - - 0 1");
    assert!(pos.in_check());
    assert!(legal(&mut pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(1),
            reason: Reason::Checkmate
        })
    );
    let pos = position("4k3/8/8/8/8/8/8/4{RKN}3 w - - 0 1");
    assert_eq!(pos.royal_mode(0), RoyalMode::Check);
}

/// A lone Wuss is extinction (it is `flee`): attacked, it is not in check,
/// and taking it ends the game.
#[test]
fn taking_the_last_royal_ends_the_game() {
    let mut pos = position("3rk3/8/8/8/3{WUS}4/8/8/8 b - - 0 1");
    assert_eq!(pos.royal_mode(0), RoyalMode::Extinction);
    pos.play_text("d8d4").unwrap();
    let over = Outcome {
        winner: Some(1),
        reason: Reason::RoyalsCaptured,
    };
    assert_eq!(pos.decided(), Some(over));
    assert_eq!(pos.outcome(), Some(over));
    assert!(legal(&mut pos).is_empty(), "a finished game has no moves");
    assert_eq!(over.describe(pos.variant()), "every royal piece captured, Blue wins");
    assert_eq!(over.reason.to_string(), "royals captured");
    // King and Royal Knight: extinction; the King taken leaves a lone
    // Royal Knight, which plays by check rules again.
    let mut pos = position("4k3/8/8/8/8/8/8/{RKN}2rK3 b - - 0 1");
    assert_eq!(pos.royal_mode(0), RoyalMode::Extinction);
    pos.play_text("d1e1").unwrap();
    assert_eq!(pos.decided(), None);
    assert_eq!(pos.royal_mode(0), RoyalMode::Check);
}

/// The search: taking the last royal is a mate in one; a position with a
/// listed turn rule (the Wuss must flee) gets a legal move.
#[test]
fn the_search_knows_the_royal_modes() {
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let control = Control {
        clock: &clock,
        stop: &|| false,
    };
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let mut pos = position("3rk3/8/8/8/3{WUS}4/8/8/8 b - - 0 1");
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    assert_eq!(r.best.map(|m| pos.move_text(m)), Some("d8d4".to_string()));
    assert_eq!(r.score, Score::Mate(1));
    // White King e1 and Wuss d4 against a Blue rook on d8 and queen on
    // h4: the Wuss must move.
    let mut pos = position("3rk3/8/8/8/3{WUS}3q/8/8/4K3 w - - 0 1");
    let moves = legal(&mut pos);
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    let best = pos.move_text(r.best.unwrap());
    assert!(moves.contains(&best) && best.starts_with("d4"), "{best}");
    // The attacked Wuss must move, though the rook on a1 could take Blue's
    // last royal, the Wuss on a8.
    let mut pos = position("{wus}2r4/8/8/8/3{WUS}4/8/8/R3K3 w - - 0 1");
    assert!(!legal(&mut pos).contains(&"a1a8".to_string()));
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    let best = pos.move_text(r.best.unwrap());
    assert!(best.starts_with("d4"), "{best}");
    // Keeping the Anti-King attacked: one of the four moves, though the
    // Wuss stands attacked (the search's turn rule lists the moves).
    let mut pos = position("b7/7k/8/r7/3{AK}4/8/8/7{WUS} w - - 0 1");
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    let best = pos.move_text(r.best.unwrap());
    assert!(["d4c5", "d4d5", "d4e4", "d4e5"].contains(&best.as_str()), "{best}");
    // The side with the lone Anti-King mated has lost: mated at the root.
    let mut pos = position("k7/8/8/8/3{AK}4/8/8/8 w - - 0 1");
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::Mate(0));
}

/// Position text: a side in extinction mode may be left with an attacked
/// royal (it is not "in check"); a side in check mode may not.
#[test]
fn position_text_round_trips_with_royal_modes() {
    for fen in [
        "3rk3/8/8/8/3{WUS}4/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/4r3/{WUS}3K3 b - - 0 1",
        "b7/7k/8/r7/3{AK}4/8/8/7{WUS} w - - 0 1",
    ] {
        let pos = position(fen);
        assert_eq!(pos.fen(), fen);
        assert!(Position::from_fen(pos.variant().clone(), &pos.fen()).unwrap() == pos);
    }
    let v = builtin("uc-170-17").unwrap();
    let err = Position::from_fen(v, "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1").unwrap_err();
    assert!(err.to_string().contains("in check"), "{err}");
}

// ---------------------------------------------------------------------------
// The definition format.

fn definition(rules: &str, pieces: &str) -> String {
    format!(
        "id = \"t\"\nname = \"T\"\nwidth = 5\nheight = 5\nsetup = \"k1k2/5/5/5/K1K1R w - - 0 1\"\n{rules}\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n{pieces}"
    )
}

#[test]
fn bad_royal_keys_are_errors_naming_piece_and_key() {
    let cases = [
        (
            "",
            "[[piece]]\nname = \"Ghost\"\ncode = \"G\"\nmoves = \"K\"\nroyal = \"ant\"\n",
            "piece[2].royal: piece 'Ghost': 'ant': true, false or \"anti\"",
        ),
        (
            "",
            "[[piece]]\nname = \"Ghost\"\ncode = \"G\"\nmoves = \"K\"\nroyal = 2\n",
            "piece[2].royal: piece 'Ghost': a integer",
        ),
        (
            "[rules]\nroyals = \"extinction\"\n",
            "[[piece]]\nname = \"Ghost\"\ncode = \"G\"\nmoves = \"K\"\nflee = true\n",
            "piece[2].flee: piece 'Ghost': flee = true is for a royal",
        ),
        (
            "",
            "[[piece]]\nname = \"Ghost\"\ncode = \"G\"\nmoves = \"K\"\nroyal = \"anti\"\n",
            "piece[2].royal: piece 'Ghost': royal = \"anti\" needs [rules] royals = \"extinction\"",
        ),
        (
            "",
            "[[piece]]\nname = \"Ghost\"\ncode = \"G\"\nmoves = \"mQ\"\nroyal = true\nflee = \"yes\"\n",
            "piece[2].flee: expected true or false",
        ),
        (
            "[rules]\nroyals = \"all\"\n",
            "",
            "rules.royals: 'all': \"check\" (no royal may be left attacked) or \"extinction\"",
        ),
    ];
    for (rules, pieces, expected) in cases {
        let text = definition(rules, pieces);
        let err = bigboard::load(&text).unwrap_err().to_string();
        assert!(err.contains(expected), "{expected}\n got: {err}");
    }
}

/// Without the key, several royals keep today's rule: none may be left
/// attacked. White's Kings on a1 and c1: the Blue rook on b5 could take
/// neither; after Rb5-b1 both stand attacked, and each King's only escape
/// is to take the rook. With the key, extinction: either King may stay.
#[test]
fn several_royals_without_the_key_keep_the_check_rule() {
    let plain = bigboard::load(&definition("", "")).unwrap();
    let fen = "k1k2/5/5/5/K1K1r w - - 0 1";
    let mut pos = Position::from_fen(plain, fen).unwrap();
    assert!(pos.in_check());
    let moves = legal(&mut pos);
    // The rook on e1 attacks c1 (a1 behind it). c1's moves off the rank
    // (b2, c2, d2) open the rank to a1, b1 and d1 stay attacked; a1's
    // moves leave c1 attacked: checkmate with two Kings.
    assert!(moves.is_empty(), "{moves:?}");
    assert_eq!(pos.outcome().map(|o| o.reason), Some(Reason::Checkmate));
    let modes = bigboard::load(&definition("[rules]\nroyals = \"extinction\"\n", "")).unwrap();
    let mut pos = Position::from_fen(modes, fen).unwrap();
    assert!(!pos.in_check());
    // Extinction: a1 -> a2 b1 b2, c1 -> b1 b2 c2 d1 d2.
    assert_eq!(legal(&mut pos).len(), 8);
}

// ---------------------------------------------------------------------------
// Random play among the royal kinds.

/// Random games from positions holding King, Wuss and Anti-King (and a
/// few other men) on each side: every legal move is pseudo-legal; play and
/// undo restore position and hash; position text round-trips; no capture
/// of an Anti-King exists and it never counts as attacked in the ordinary
/// sense; a game without moves has an outcome; the legal list follows the
/// modes: extinction keeps every pseudo-legal move unless an Anti-King or a
/// fleeing Wuss filters them, check mode keeps only moves that leave the
/// lone royal safe.
#[test]
fn random_games_with_royal_kinds() {
    let v = builtin("uc-170-17").unwrap();
    let starts = [
        "4k3/1{ak}1{wus}4/2n1b3/8/8/3B1N2/4{WUS}{AK}2/4K3 w - - 0 1",
        "{wus}3k2r/2q5/3{ak}4/8/8/4{AK}3/2Q5/R2K3{WUS} w - - 0 1",
        "r2{wus}k3/p1p5/8/3{ak}4/3{AK}4/8/P1P5/R2{WUS}K3 w - - 0 1",
    ];
    let mut seed = 0x5EED_u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut plies = 0;
    let mut ends = HashSet::new();
    // Turns where an Anti-King or a fleeing Wuss filtered the moves.
    let mut filtered = 0;
    for start in starts {
        for _game in 0..6 {
            let mut pos = Position::from_fen(v.clone(), start).unwrap();
            for _ in 0..80 {
                let moves = {
                    let mut m = Vec::new();
                    pos.legal_moves(&mut m);
                    m
                };
                let mut pseudo_moves = Vec::new();
                pos.pseudo_legal_moves(&mut pseudo_moves);
                let us = pos.side_to_move();
                for m in &moves {
                    assert!(pseudo_moves.contains(m), "{}: {m:?} not pseudo-legal", pos.fen());
                }
                // What the modes allow, from the public questions.
                if pos.decided().is_none() && pos.royal_mode(us) == RoyalMode::Check {
                    for m in &pseudo_moves {
                        pos.play_unchecked(*m);
                        let safe = pos.royals(us).iter().all(|&k| !pos.is_attacked(k, us ^ 1));
                        pos.undo();
                        assert_eq!(safe, moves.contains(m), "{}: {}", pos.fen(), pos.move_text(*m));
                    }
                }
                if pos.decided().is_none()
                    && pos.royal_mode(us) == RoyalMode::Extinction
                    && pos.anti_royals(us).is_empty()
                    && !pos.royals(us).iter().any(|&k| {
                        let (kind, _) = pos.piece_at(k).unwrap();
                        pos.variant().pieces[kind].flee && pos.is_attacked(k, us ^ 1)
                    })
                {
                    assert_eq!(moves.len(), pseudo_moves.len(), "{}", pos.fen());
                } else if pos.royal_mode(us) == RoyalMode::Extinction && moves.len() < pseudo_moves.len() {
                    filtered += 1;
                }
                // No capture of an Anti-King, and no ordinary attack on it.
                for color in 0..2 {
                    for ak in pos.anti_royals(color) {
                        assert!(!pos.is_attacked(ak, color ^ 1), "{}", pos.fen());
                        if color != us {
                            assert!(pseudo_moves.iter().all(|&m| !pos.captures_of(m).contains(&ak)));
                        }
                    }
                }
                let text = pos.fen();
                let back = Position::from_fen(v.clone(), &text).unwrap();
                assert!(back == pos, "{text}");
                if moves.is_empty() {
                    let o = pos.outcome().unwrap_or_else(|| panic!("{text}: no moves, no outcome"));
                    ends.insert(o.reason);
                    break;
                }
                let m = moves[next(moves.len())];
                let hash = pos.hash();
                pos.play_unchecked(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "{text}: {m:?}");
                pos.undo();
                assert_eq!(pos.hash(), hash);
                assert!(pos.fen() == text);
                pos.play_unchecked(m);
                plies += 1;
            }
        }
    }
    assert!(
        plies > 300 && filtered > 50,
        "{plies} plies, {filtered} filtered; ends {ends:?}"
    );
}
