//! Exchanges and credits (UC-170-17, docs/variants/uc-170-17-game-rules.md section 4), as scripted
//! games: after each move, the credits and the open exchange the
//! position text shows, expected as written beside each move; undo
//! restores the position and its hash, and the text reads back.

mod common;

use bigboard::Position;
use common::position;

/// The named field `key=` of a position text, if written.
fn field(pos: &Position, key: &str) -> Option<String> {
    pos.fen()
        .split_whitespace()
        .find_map(|f| f.strip_prefix(&format!("{key}=")).map(str::to_string))
}

/// Plays `moves` from `fen`; after each, the expected `credits=` and
/// `pending=` fields (`None`: not written, i.e. none).
fn script(fen: &str, steps: &[(&str, Option<&str>, Option<&str>)]) {
    let mut pos = position(fen);
    for &(text, credits, pending) in steps {
        let before = pos.clone();
        pos.play_text(text).unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
        assert_eq!(pos.hash(), pos.compute_hash(), "{text}: hash");
        assert_eq!(
            field(&pos, "credits").as_deref(),
            credits,
            "{text}: credits in {}",
            pos.fen()
        );
        assert_eq!(
            field(&pos, "pending").as_deref(),
            pending,
            "{text}: pending in {}",
            pos.fen()
        );
        let back = Position::from_fen(pos.variant().clone(), &pos.fen()).unwrap();
        assert!(back == pos, "{text}: text round trip {}", pos.fen());
        assert_eq!(back.hash(), pos.hash());
        let mut undone = pos.clone();
        undone.undo();
        assert!(undone == before, "{text}: undo");
        assert_eq!(undone.hash(), before.hash());
    }
}

/// Position C of the issue: a Rook takes a Knight and a pawn takes the
/// Rook back: each side holds a piece credit.
#[test]
fn an_exchange_credits_both_sides() {
    script(
        "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-",
        &[
            ("d1d5", None, Some("d5:1,0")),
            ("c6d5", Some("1,0/1,0"), Some("d5:0,0")),
        ],
    );
}

/// Not taken back at once: an absolute loss, no credit.
#[test]
fn a_man_not_recaptured_at_once_is_lost() {
    script(
        "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-",
        &[
            ("d1d5", None, Some("d5:1,0")),
            ("c6c5", None, None),
            ("d5c5", None, Some("c5:0,1")),
        ],
    );
}

/// A x B, C x A, D x C: B and A are credited by the second capture, C
/// alone by the third.
#[test]
fn a_chain_credits_each_man_once() {
    script(
        "3qk3/8/8/3n4/8/8/B7/3RK3 w - - 0 1",
        &[
            ("d1d5", None, Some("d5:1,0")),
            ("d8d5", Some("1,0/1,0"), Some("d5:0,0")),
            ("a2d5", Some("1,0/2,0"), Some("d5:0,0")),
        ],
    );
}

/// A Long Leaper takes a pawn and a Knight in one move; taken back, each
/// victim is credited.
#[test]
fn a_multi_capture_credits_each_victim() {
    script(
        "4kr2/8/8/4n3/8/2p5/8/{LL}3K3 w - - 0 1",
        &[
            ("a1f6", None, Some("f6:1,1")),
            ("f8f6", Some("1,0/1,1"), Some("f6:0,0")),
        ],
    );
}

/// Mutual destruction completes an exchange at once.
#[test]
fn mutual_destruction_credits_both_owners() {
    script(
        "4k3/8/8/4n3/3{SWP}4/8/8/4K3 w - - 0 1",
        &[("d4*e5", Some("1,0/1,0"), None)],
    );
}

/// A shooter stays on its square: taking it there completes the exchange.
#[test]
fn a_shot_is_recaptured_on_the_shooters_square() {
    script(
        "r3k3/8/8/8/8/n7/8/{ARC}3K3 w - - 0 1",
        &[
            ("a1*a3", None, Some("a1:1,0")),
            ("a8a1", Some("1,0/1,0"), Some("a1:0,0")),
        ],
    );
}

/// A swap, a change of side and a Circe rebirth take nothing: no
/// exchange opens, and an open one closes.
#[test]
fn moves_that_take_nothing_open_no_exchange() {
    script("3rk3/8/8/8/3{SWP}4/8/8/4K3 w - - 0 1", &[("d4<>d8", None, None)]);
    script("4k3/8/8/3n4/8/3{AGH}4/8/4K3 w - - 0 1", &[("d3d6", None, None)]);
    script(
        "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 pending=d5:1,0",
        &[("e1f2", None, None)],
    );
}
