//! What a move does besides moving its man, as the page shows it
//! ([`Position::effects_of`]): each effect of UC-170-17's mechanisms on
//! the man it touches, where the man stood and where it stands after.
//! The expected effects come from the piece descriptions (and, for
//! rebirth, the home squares docs/variants/uc-170-17-game-rules.md section 9 defines), written out
//! square by square.

mod common;

use bigboard::Position;
use bigboard::text::effects::{Effect, EffectKind};

/// The home squares of the rebirth tests (as in tests/circe.rs): the
/// Blue Knight's is b8, the White Knight's g1.
const HOME: &str = "home={ch}n{sc}qk{gr}{fc}{ror}/{scp}{np}{ep}{xj}{st}{sgp}{bp}p/P{BP}{SGP}{ST}{XJ}{EP}{NP}{SCP}/{ROR}{FC}{GR}QK{SC}N{CH}";

/// The effects of the move written `text` in `fen`, as
/// `(kind, at, to)` with square names, sorted; the position is unchanged
/// after.
fn effects(fen: &str, text: &str) -> Vec<(&'static str, String, Option<String>)> {
    let mut pos = common::position(fen);
    let before = pos.fen();
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{fen} {text}: {e}"));
    let list = pos.effects_of(m);
    assert_eq!(pos.fen(), before, "{text}: the position is left as it was");
    assert_eq!(pos.hash(), pos.compute_hash());
    let mut list = named(&pos, &list);
    list.sort();
    list
}

fn named(pos: &Position, list: &[Effect]) -> Vec<(&'static str, String, Option<String>)> {
    let g = pos.variant().geometry;
    list.iter()
        .map(|e| {
            (
                e.kind.name(),
                g.name(e.at).to_string(),
                e.to.map(|s| g.name(s).to_string()),
            )
        })
        .collect()
}

fn e(kind: &'static str, at: &str, to: Option<&str>) -> (&'static str, String, Option<String>) {
    (kind, at.to_string(), to.map(str::to_string))
}

#[test]
fn a_plain_move_and_a_landing_capture_have_no_effects() {
    assert!(effects("4k3/8/8/3r4/3Q4/8/8/4K3 w - - 0 1", "e1e2").is_empty());
    assert!(effects("4k3/8/8/3r4/3Q4/8/8/4K3 w - - 0 1", "d4d5").is_empty());
}

#[test]
fn men_taken_elsewhere_than_on_the_landing_square_by_each_mechanism() {
    // The Withdrawer steps away from the pawn on e5, which leaves the board.
    assert_eq!(
        effects("4k3/8/8/4p3/3{WD}4/8/8/4K3 w - - 0 1", "d4c3"),
        [e("taken", "e5", None)]
    );
    // The Lion takes e5 on the way and f6 where it lands: only e5 is an effect.
    assert_eq!(
        effects("4k3/8/5p2/4p3/3{LI}4/8/8/4K3 w - - 0 1", "d4f6^e5"),
        [e("taken", "e5", None)]
    );
    // The Advancer stops next to the pawn on e5 in its line: taken by approach.
    assert_eq!(
        effects("4k3/8/8/4p3/8/8/1{AD}6/4K3 w - - 0 1", "b2d4"),
        [e("taken", "e5", None)]
    );
    // The Long Leaper jumps c3 and e5 on its way to f6.
    assert_eq!(
        effects("k7/8/8/4p3/8/2p5/8/{LL}6K w - - 0 1", "a1f6"),
        [e("taken", "c3", None), e("taken", "e5", None)]
    );
    // The Coordinator on e6 and its King on b2: b6 and e2 where their lines cross.
    assert_eq!(
        effects("7k/8/1p1{CD}4/8/8/8/1K2p3/8 w - - 0 1", "d6e6"),
        [e("taken", "b6", None), e("taken", "e2", None)]
    );
    // The Pincer Pawn on d4 holds c4 and e4 against the White Knights on b4 and f4.
    assert_eq!(
        effects("k7/8/8/3p4/1Np1pN2/8/8/3{PNP}3K w - - 0 1", "d1d4"),
        [e("taken", "c4", None), e("taken", "e4", None)]
    );
    // The Archer shoots the Rook on d6 (two squares off) and stays on d4: the Rook is taken where it stood.
    assert_eq!(
        effects("4k3/8/3r4/8/3{ARC}4/8/8/4K3 w - - 0 1", "d4*d6"),
        [e("taken", "d6", None)]
    );
}

#[test]
fn a_swap_moves_its_partner_to_the_movers_square() {
    // The Swapper on d4 changes places with the Blue Rook on d6.
    assert_eq!(
        effects("4k3/8/3r4/8/3{SWP}4/8/8/4K3 w - - 0 1", "d4<>d6"),
        [e("swapped", "d6", Some("d4"))]
    );
}

#[test]
fn a_mutual_destruction_takes_the_victim_and_the_mover_leaves() {
    assert_eq!(
        effects("4k3/8/8/3r4/3{SWP}4/8/8/4K3 w - - 0 1", "d4*d5"),
        [e("left", "d4", None), e("taken", "d5", None)]
    );
}

#[test]
fn an_andernach_hop_turns_the_leapt_man() {
    assert_eq!(
        effects("4k3/8/8/3r4/3{AGH}4/8/8/4K3 w - - 0 1", "d4d6"),
        [e("side", "d5", Some("d5"))]
    );
}

#[test]
fn an_einstein_hop_demotes_the_leapt_man_and_promotes_it_after_a_capture() {
    // The kinds on the board besides the royals: Rook (500), Knight (320), Queen, the Grasshopper.
    // A quiet hop over the Rook: one step down, to the Knight.
    assert_eq!(
        effects("4k3/8/8/3r4/3{EGH}4/7n/8/Q3K3 w - - 0 1", "d4d6"),
        [e("demoted", "d5", Some("d5"))]
    );
    // Landing on a Blue pawn: one step up from the Knight, to the Rook.
    assert_eq!(
        effects("4k3/8/3p4/3n4/3{EGH}4/7r/8/4K3 w - - 0 1", "d4d6"),
        [e("promoted", "d5", Some("d5"))]
    );
}

#[test]
fn a_circe_hop_sends_the_leapt_man_home_or_out_of_the_game() {
    let fen = format!("k7/8/8/3n4/8/3{{CGH}}4/8/7K w - - 0 1 {HOME}");
    assert_eq!(effects(&fen, "d3d6"), [e("reborn", "d5", Some("b8"))]);
    // Its home taken (a Blue Chancellor on b8): it leaves the game, not taken.
    let fen = format!("k{{ch}}6/8/8/3n4/8/3{{CGH}}4/8/7K w - - 0 1 {HOME}");
    assert_eq!(effects(&fen, "d3d6"), [e("left", "d5", None)]);
    // All three: the Blue Bishop becomes White, a Knight (the next lower kind), and goes to the White Knight's home.
    let fen = format!("k7/8/8/3b4/7N/3{{AECG}}4/8/7K w - - 0 1 {HOME}");
    assert_eq!(
        effects(&fen, "d3d6"),
        [
            e("demoted", "d5", Some("g1")),
            e("reborn", "d5", Some("g1")),
            e("side", "d5", Some("g1")),
        ]
    );
}

#[test]
fn men_frozen_and_freed_by_an_immobilizer() {
    // The White Immobilizer steps next to the Blue Rook on e6: frozen.
    assert_eq!(
        effects("4k3/8/4r3/8/3{IM}4/8/8/K7 w - - 0 1", "d4d5"),
        [e("frozen", "e6", Some("e6"))]
    );
    // And away from it again: free.
    assert_eq!(
        effects("4k3/8/4r3/3{IM}4/8/8/8/K7 w - - 0 1", "d5d3"),
        [e("unfrozen", "e6", Some("e6"))]
    );
    // Taking the Blue Immobilizer frees the White Queen beside it.
    assert_eq!(
        effects("4k3/8/8/4{im}3/3Q4/8/8/K3R3 w - - 0 1", "e1e5"),
        [e("unfrozen", "d4", Some("d4"))]
    );
    // A frozen man removes itself: it leaves the game.
    assert_eq!(
        effects("4k3/8/8/4{im}3/3Q4/8/8/K7 w - - 0 1", "d4-"),
        [e("left", "d4", None)]
    );
}

#[test]
fn the_kinds_have_their_page_names() {
    let names: Vec<&str> = [
        EffectKind::Taken,
        EffectKind::Left,
        EffectKind::Swapped,
        EffectKind::Side,
        EffectKind::Promoted,
        EffectKind::Demoted,
        EffectKind::Changed,
        EffectKind::Reborn,
        EffectKind::Frozen,
        EffectKind::Unfrozen,
    ]
    .iter()
    .map(|k| k.name())
    .collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
}
