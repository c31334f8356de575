//! Random-play soak: whole games of random legal moves in every built-in
//! variant and in a few odd definitions (no royal piece, a 1 x 3 board, two
//! royals each, castling onto the rook's square with promotion on four
//! ranks), checking at every ply that
//!
//! - the position text reads back as the same position and the same text;
//! - every generated move is legal (pseudo-legal, and the mover's royals
//!   are safe after it), and playing then undoing it restores the position
//!   text and the hash;
//! - the move text of the move played reads back as that move;
//!
//! and at the end of each game that its move list replays to the same
//! position, and that a move after a finished game is refused.
//!
//! A fixed number of games with fixed seeds, so a failure repeats; the
//! checks are those of the review's library soak (random games with
//! round-trip and play/undo checks), made a test. `SOAK_GAMES` multiplies
//! the number of games for a longer run.

use bigboard::Move;
use bigboard::Position;
use bigboard::builtin;
use bigboard::variant::{BUILTIN_IDS, Variant};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// Games per built-in variant, and the most plies in one; 16 x 16 boards
/// have 100-200 moves to check per ply.
const BUILTIN_GAMES: u64 = 8;
const BUILTIN_PLIES: usize = 300;
/// Games per odd definition (small boards: cheap plies, long games).
const DEFINITION_GAMES: u64 = 30;
const DEFINITION_PLIES: usize = 400;

/// xorshift64*: tiny and deterministic.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

fn scale(games: u64) -> u64 {
    let factor = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    games * factor
}

/// The checks of one ply; `legal` are the position's legal moves.
fn check_ply(pos: &mut Position, legal: &[Move], ctx: &str) {
    let v = pos.variant().clone();
    let text = pos.fen();
    let hash = pos.hash();
    assert_eq!(hash, pos.compute_hash(), "{ctx}: incremental hash of {text}");

    let back = Position::from_fen(v.clone(), &text).unwrap_or_else(|e| panic!("{ctx}: {text} does not read back: {e}"));
    assert_eq!(back.fen(), text, "{ctx}: text");
    assert!(back == *pos, "{ctx}: {text} reads back as another position");

    // A turn's drops tell turns of one move apart.
    let keys: HashSet<_> = legal.iter().map(|&m| (m.key(), pos.drops(m))).collect();
    assert_eq!(keys.len(), legal.len(), "{ctx}: a move listed twice in {text}");
    let us = pos.side_to_move();
    for &m in legal {
        let alone = pos.move_alone(m);
        assert!(pos.is_pseudo_legal(alone), "{ctx}: {m:?} in {text} is not pseudo-legal");
        pos.play_unchecked(m);
        // Under extinction rules (several royals, as a drop may bring)
        // royals may be left attacked.
        let checked = pos.royal_mode(us) == bigboard::rules::legal::royals::RoyalMode::Check;
        assert!(
            !(checked && pos.royal_attacked(us)),
            "{ctx}: {m:?} in {text} leaves a royal of the mover attacked"
        );
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: hash after {m:?} in {text}");
        pos.undo();
        assert_eq!(pos.hash(), hash, "{ctx}: hash after {m:?} and undo in {text}");
        assert_eq!(pos.fen(), text, "{ctx}: {m:?} and undo");
    }
}

/// A random legal move; half the time a capture or promotion when there is
/// one, so that material comes off and games reach their endings.
fn pick(pos: &Position, legal: &[Move], rng: &mut Rng) -> Move {
    let forcing: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m) || m.promotion != 0)
        .collect();
    if !forcing.is_empty() && rng.below(2) == 0 {
        forcing[rng.below(forcing.len())]
    } else {
        legal[rng.below(legal.len())]
    }
}

/// Plays `games` random games and checks each; returns how they ended.
fn soak(label: &str, v: Arc<Variant>, games: u64, max_plies: usize, seed: u64) -> BTreeMap<String, u64> {
    let mut endings = BTreeMap::new();
    for game in 0..scale(games) {
        let mut rng = Rng::new(seed ^ game.wrapping_mul(0xA24B_AED4_963E_E407));
        let mut pos = Position::new(v.clone());
        let mut texts = Vec::new();
        let mut legal = Vec::new();
        let ending = loop {
            let ctx = format!("{label} game {game} ply {}", texts.len());
            pos.legal_moves(&mut legal);
            check_ply(&mut pos, &legal, &ctx);
            let outcome = pos.outcome();
            assert_eq!(
                legal.is_empty() || pos.royal_on_far_rank().is_some(),
                outcome.is_some_and(|o| o.winner.is_some() || o.reason.to_string() == "stalemate"),
                "{ctx}: no moves but the game goes on, or the reverse, in {}",
                pos.fen()
            );
            if let Some(o) = outcome {
                break format!("{:?}", o.reason);
            }
            if texts.len() >= max_plies {
                break "ply limit".to_string();
            }
            let m = pick(&pos, &legal, &mut rng);
            let text = pos.move_text(m);
            assert_eq!(pos.parse_move(&text), Ok(m), "{ctx}: '{text}' in {}", pos.fen());
            pos.play_unchecked(m);
            texts.push(text);
        };
        *endings.entry(ending.clone()).or_default() += 1;

        // The move list replays as a game to the same position; after an
        // ending by the rules, no move may follow.
        let mut replayed = Position::new(v.clone());
        let all = texts.join(" ");
        replayed
            .replay(&all, |_, _| {})
            .unwrap_or_else(|e| panic!("{label} game {game}: replay: {e}"));
        assert_eq!(replayed.fen(), pos.fen(), "{label} game {game}: replay");
        if ending != "ply limit"
            && let Some(&m) = legal.first()
        {
            let more = format!("{all} {}", pos.move_text(m));
            let e = Position::new(v.clone()).replay(&more, |_, _| {}).unwrap_err();
            assert!(e.message.starts_with("the game is over: "), "{label} game {game}: {e}");
        }
    }
    // Shown with --nocapture: how the games ended.
    eprintln!("{label}: {endings:?}");
    endings
}

fn soak_builtin(id: &str, seed: u64) {
    let endings = soak(id, builtin(id).unwrap(), BUILTIN_GAMES, BUILTIN_PLIES, seed);
    assert_eq!(endings.values().sum::<u64>(), scale(BUILTIN_GAMES), "{id}: {endings:?}");
}

fn soak_definition(label: &str, text: &str, seed: u64) -> BTreeMap<String, u64> {
    let v = bigboard::load(text).unwrap_or_else(|e| panic!("{label}: {e}"));
    soak(label, v, DEFINITION_GAMES, DEFINITION_PLIES, seed)
}

#[test]
fn soak_xhess() {
    soak_builtin("xhess", 0xC0FFEE);
}

#[test]
fn soak_overboard() {
    soak_builtin("overboard", 0xC0FFEF);
}

#[test]
fn soak_really_big_board() {
    soak_builtin("really-big-board", 0xC0FFF0);
}

#[test]
fn soak_flee() {
    soak_builtin("flee", 0xC0FFF1);
}

#[test]
fn soak_uc_170_17() {
    soak_builtin("uc-170-17", 0xC0FFF2);
}

#[test]
fn every_builtin_is_soaked() {
    assert_eq!(
        BUILTIN_IDS,
        ["xhess", "overboard", "really-big-board", "flee", "uc-170-17"]
    );
}

#[test]
fn soak_no_royal() {
    // Nothing to checkmate: games end by stalemate (no move), repetition
    // or the move-count rule.
    let endings = soak_definition(
        "soak-no-royal",
        include_str!("data/definitions/soak-no-royal.toml"),
        0xBEEF,
    );
    assert!(!endings.contains_key("Checkmate"), "{endings:?}");
}

#[test]
fn soak_tiny_board() {
    // 1 x 3: the kings face each other across one empty square, and White
    // has no move.
    let endings = soak_definition(
        "soak-tiny-1x3",
        include_str!("data/definitions/soak-tiny-1x3.toml"),
        0xBEF0,
    );
    assert_eq!(endings.keys().collect::<Vec<_>>(), ["Stalemate"]);
}

#[test]
fn soak_two_royals() {
    soak_definition(
        "soak-two-royals",
        include_str!("data/definitions/soak-two-royals.toml"),
        0xBEF1,
    );
}

#[test]
fn soak_weird_one() {
    soak_definition(
        "soak-weird-one",
        include_str!("data/definitions/soak-weird-one.toml"),
        0xBEF2,
    );
}

#[test]
fn soak_cylinder() {
    // Files wrap round: attacks, checks and legality across the a/h edge.
    soak_definition(
        "soak-cylinder",
        include_str!("data/definitions/soak-cylinder.toml"),
        0xBEF3,
    );
}

#[test]
fn soak_bounce_and_half() {
    soak_definition(
        "soak-bounce-half",
        include_str!("data/definitions/soak-bounce-half.toml"),
        0xBEF4,
    );
}

#[test]
fn soak_windmills_and_files() {
    // {mill}, {abs} and moves_by_file: static programs, one per file.
    soak_definition("soak-static", include_str!("data/definitions/soak-static.toml"), 0xBEF5);
}
