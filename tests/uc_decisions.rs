//! UC-170-17's rules where two ways of reading them once differed
//! (docs/variants/rule-decisions.md, rule decisions 20-24): royal modes judged
//! after the turn, a move that is what it does, borrowed and copied powers
//! whole, hopping that is not capturing, and a random setup that is a
//! game. Each position's expected moves are written out beside it, worked
//! out by hand from the rules.

mod common;

use bigboard::Position;
use bigboard::builtin;
use common::{captures, moves_of, position};
use std::collections::{BTreeMap, BTreeSet};

/// The texts of every legal turn.
fn turns(pos: &mut Position) -> BTreeSet<String> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal.iter().map(|&m| pos.move_text(m)).collect()
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|s| s.to_string()).collect()
}

fn names(moves: &BTreeMap<String, Vec<String>>) -> Vec<&str> {
    moves.keys().map(String::as_str).collect()
}

/// A pawn promoting to a Wuss on a square the Blue King attacks: White
/// then has two royals, one a Wuss, and plays under extinction rules, so
/// the promotion is legal (rule decision 21).
#[test]
fn a_promotion_to_a_wuss_may_stand_attacked() {
    let mut pos = position("8/1Pk5/8/8/8/8/8/7K w - - 0 1 reserve={WUS}/-,-/-");
    assert_eq!(turns(&mut pos), set(&["b7b8=WUS", "h1g1", "h1g2", "h1h2"]));
}

/// White in check from a8, every King step covered: not mate, since a
/// promotion to a Royal Knight gives White two royals, under extinction
/// rules from that moment, with the King left attacked.
#[test]
fn a_promotion_to_a_second_royal_answers_a_check() {
    let mut pos = position("rr5k/2P5/8/8/8/8/8/K7 w - - 0 1 reserve={RKN}/-,-/-");
    assert_eq!(turns(&mut pos), set(&["c7b8=RKN", "c7c8=RKN"]));
    assert_eq!(pos.outcome(), None);
}

/// White in check from the Rook a1, a Wuss next to drop with a credit
/// to pay: a King step along the first rank, still attacked, is no move
/// alone, but with the Wuss dropped White plays under extinction rules,
/// so the turn is legal (its drops included in the judgement).
#[test]
fn dropping_a_royal_changes_the_mode_the_turn_is_judged_by() {
    let mut pos = position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 reserve={WUS}/-,-/- credits=1,0/0,0");
    let all = turns(&mut pos);
    assert!(!all.contains("e1d1") && !all.contains("e1f1"), "{all:?}");
    let d1: Vec<&String> = all.iter().filter(|t| t.starts_with("e1d1")).collect();
    assert_eq!(
        d1,
        ["e1d1+@b1", "e1d1+@c1", "e1d1+@e1", "e1d1+@f1", "e1d1+@g1", "e1d1+@h1"]
    );
    // A step out of check stands alone or with a drop.
    assert!(all.contains("e1d2") && all.contains("e1d2+@d1"), "{all:?}");
}

/// An Anti-King made by promotion must stand attacked after the turn: on
/// a8 the Rook b8 attacks it; on b8 (taking the Rook) nothing does.
#[test]
fn an_anti_king_made_by_promotion_must_stand_attacked() {
    let mut pos = position("1r5k/P7/8/8/8/8/8/7K w - - 0 1 reserve={AK}/-,-/-");
    assert_eq!(turns(&mut pos), set(&["a7a8=AK", "h1g1", "h1g2", "h1h2"]));
}

/// The Orphan Pawn e3, attacked by a Blue Withdrawer e2, borrows its
/// moves: its own plain step to e4 takes nothing, the Withdrawer's step to
/// e4 takes e2 by withdrawal. Two moves (rule decision 20), written apart.
#[test]
fn a_borrowed_withdrawal_and_the_borrowers_own_step_are_two_moves() {
    let mut pos = position("k7/8/8/8/8/4{OPN}3/4{wd}3/K7 w - - 0 2");
    let moves = moves_of(&mut pos, "e3");
    assert_eq!(moves.get("e3e4"), Some(&vec![]), "{moves:?}");
    assert_eq!(moves.get("e3e4^e2"), Some(&vec!["e2".to_string()]), "{moves:?}");
    assert_eq!(
        captures(&moves),
        ["e3e4^e2: e2", "e3e5^e2: e2", "e3e6^e2: e2", "e3e7^e2: e2"]
    );
    // Both read back from their texts.
    for text in ["e3e4", "e3e4^e2"] {
        let m = pos.parse_move(text).unwrap();
        assert_eq!(pos.move_text(m), text);
    }
}

/// The Orphan Pawn e5 may take the Blue Pawn d5 en passant on d6, and,
/// borrowing the Blue Withdrawer f4's power, withdraw from it to d6 too:
/// two moves to d6 that take different men, both offered.
#[test]
fn an_en_passant_capture_and_a_withdrawal_to_one_square_are_two_moves() {
    let mut pos = position("k7/8/8/3p{OPN}3/5{wd}2/8/8/7K w - d6 0 2");
    let moves = moves_of(&mut pos, "e5");
    assert_eq!(moves.get("e5d6^d5"), Some(&vec!["d5".to_string()]), "{moves:?}");
    assert_eq!(moves.get("e5d6^f4"), Some(&vec!["f4".to_string()]), "{moves:?}");
}

/// The Chameleon e4 next to a Blue Lion e5 copies the Lion's igui: it
/// takes e5 and stays on e4 (rule decisions 16 and 22).
#[test]
fn the_chameleon_copies_the_lions_igui() {
    let mut pos = position("k7/8/8/4{li}3/4{CHA}3/8/8/K7 w - - 0 1");
    let moves = moves_of(&mut pos, "e4");
    assert_eq!(moves.get("e4e4^e5"), Some(&vec!["e5".to_string()]), "{moves:?}");
}

/// ... and its double capture: two Lions, e5 and f6, taken in one move.
#[test]
fn the_chameleon_copies_the_lions_double_capture() {
    let mut pos = position("k7/8/5{li}2/4{li}3/4{CHA}3/8/8/K7 w - - 0 1");
    let moves = moves_of(&mut pos, "e4");
    assert_eq!(
        moves.get("e4f6^e5"),
        Some(&vec!["e5".to_string(), "f6".to_string()]),
        "{moves:?}"
    );
}

/// The Frog e4 may hop over the Knight e5, which the Shield f5 makes
/// immune, taking nothing (e6); it takes the Shield itself by hopping it
/// (g6). Hopping is not capturing (rule decision 23).
#[test]
fn the_frog_hops_over_an_enemy_it_cannot_take() {
    let mut pos = position("k7/8/8/4n{shd}2/4{FR}3/8/8/K7 w - - 0 2");
    let moves = moves_of(&mut pos, "e4");
    assert_eq!(names(&moves), ["e4e6", "e4g6^f5"]);
    assert_eq!(captures(&moves), ["e4g6^f5: f5"]);
}

/// A Blue Orphan e5 attacked by the White Frog d3 (its chain hops the
/// Knight d4 and then e5) borrows the Frog's chains: hop its own Knight
/// to c3, and from there hop the Frog to e3, taking it (rule decision 22).
/// With a White Knight on d2 too, the chain that takes both men is lent.
#[test]
fn orphans_are_lent_frog_chains() {
    let mut pos = position("k7/8/8/4{orp}3/3n4/3{FR}4/8/7K b - - 0 2");
    let moves = moves_of(&mut pos, "e5");
    assert_eq!(names(&moves), ["e5c3", "e5e3^d3"]);
    assert_eq!(captures(&moves), ["e5e3^d3: d3"]);

    let mut pos = position("k7/8/8/4{orp}3/3n4/3{FR}4/3N4/7K b - - 0 2");
    let moves = moves_of(&mut pos, "e5");
    assert_eq!(captures(&moves), ["e5c1^d2^d3: d2 d3", "e5e1^d2: d2", "e5e3^d3: d3"]);
}

/// The setup seed 3044 once drew: Blue wins at once whatever White plays
/// first. Such a setup is drawn again (rule decision 24).
const LOST_BEFORE_IT_STARTS: &str = "{cha}{qn}{zg}{am}k{hd}r{sqr}/{ep}{sgp}{cp}{scp}{sp}p{pnp}{fr}/8/8/8/8/{BPP}{BP}{EP}P{XJ}{SP}{SCP}{NP}/{CR}F{WMF}{RN}{WH}K{DR}{HD} w - - 0 1 home={cha}{qn}{zg}{am}k{hd}r{sqr}/{ep}{sgp}{cp}{scp}{sp}p{pnp}{fr}/{BPP}{BP}{EP}P{XJ}{SP}{SCP}{NP}/{CR}F{WMF}{RN}{WH}K{DR}{HD} reserve={EGH}{BI}{QQ}{OM}{FS}{CGH}{GI}G{SE}{FL}{GN}{BR}{CRA}{DH}{AF}Q{SIS}{SWP}{WI}{HR}{SHD}{CN}{CRR}{CG}{WE}B{GG}{ZNSW}{NQ}{CK}{CHA}{JK}{ZBW}{CYB}{DK}{OL}{CRD}{XK}{ROB}{FM}{WHL}{RH}{ZNQ}{BD}{ZNDW}{DA}{NWZ}{CRW}{GH}{RKN}{RD}{PU}{ZR}{IG}{LL}{SEA}{NW}{RO}N{BT}{EO}{AR}{FO}{RB}{FN}{BM}C{EW}{MAM}{HQ}{PAO}{SG}{CRB}{AN}{QN}{ROR}{REB}{BN}{STG}{NN}{SQR}{NFZ}{HH}{GR}{MI}{AM}{CF}{SH}{FB}{WR}{AECG}{GB}{ARC}{UB}{ND}{NR}{ZNDN}{WUS}{RFL}{JE}Z{VAO}{RC}{FRI}{TH}{HE}{CYQ}{CYR}{LW}{TK}{BH}{CS}{DE}{NF}{VM}{LEO}{DD}{SOE}{AD}{NG}{ORP}W{HB}{NE}{CAQ}{SM}{TG}R{AMR}{SLG}{ZB}{CHR}{SC}{AA}{RFW}{WA}{CW}{BAR}{ARR}{FA}{FC}{BA}{HV}{CRF}{SQ}{AT}{CD}L{LI}{CH}{IM}{AK}{NB}{BU}{FI}{HP}{CO}{WD}{AGH}{ZG}{ZNSN}{HF}/{SGP}{MP}{CAP}{PNP}{ST}{OPN}{JP}{CP}{FR},{orp}{rob}{shd}{ll}{fm}{cr}{bn}{sis}{zb}{fc}{xk}{fa}{hp}{ol}{crd}{sc}{stg}{nq}{rd}{rb}{fo}{arc}{he}{gg}{nw}{bh}{crb}{bar}{chr}{ne}{ad}{whl}{lw}{fb}{cd}{sm}{crw}{sq}{cyr}{sea}{br}f{bt}{ro}{bi}{wi}{arr}c{ba}{slg}{wa}{ig}{an}{gh}{wmf}{zr}{pao}{vm}{gr}{znq}{cyq}{rc}{egh}{zndw}{qq}{co}{aecg}{amr}{sh}{cyb}{ub}{bu}{fs}{th}{leo}{crf}{hq}{soe}{im}{fn}{nb}{zndn}{hv}{wus}{znsw}{cn}{mi}{fri}{cgh}{mam}{cs}{gb}{wr}{ew}{cw}{nd}z{gi}{fl}{de}{rkn}{wd}{hf}{ch}{dh}{rn}{da}{at}{caq}{znsn}{eo}{hb}{aa}g{nwz}{nr}{nn}{ng}{dd}{ar}{vao}{agh}{rh}{ror}{reb}{om}{crr}{sg}{tg}{dr}{se}{zbw}{we}q{nfz}{hr}{tk}{rfw}{fi}{swp}{af}{wh}{cf}{cra}{dk}{bd}wb{ak}{gn}n{ck}{nf}{jk}{rfl}{li}{hh}{bm}{cg}{pu}{je}l/{xj}{np}{bp}{cap}{opn}{jp}{mp}{bpp}{st}";

/// Does the side to move have a turn that wins at once?
fn wins_at_once(pos: &mut Position) -> bool {
    let us = pos.side_to_move();
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        pos.play_unchecked(r);
        let won = pos.outcome().is_some_and(|o| o.winner == Some(us));
        pos.undo();
        won
    })
}

/// Does every first turn of White let Blue win at once?
fn lost_before_it_starts(pos: &mut Position) -> bool {
    let mut first = Vec::new();
    pos.legal_moves(&mut first);
    first.into_iter().all(|m| {
        pos.play_unchecked(m);
        let lost = wins_at_once(pos);
        pos.undo();
        lost
    })
}

#[test]
fn a_random_setup_is_a_game() {
    let uc = builtin("uc-170-17").unwrap();
    let mut old = Position::from_fen(uc.clone(), LOST_BEFORE_IT_STARTS).unwrap();
    assert!(lost_before_it_starts(&mut old), "the fixture is a lost setup");
    let mut drawn = Position::random(uc.clone(), 3044).unwrap();
    assert_ne!(drawn.fen(), old.fen(), "seed 3044 is drawn again");
    assert!(!lost_before_it_starts(&mut drawn));
    for seed in 0..20 {
        let mut pos = Position::random(uc.clone(), seed).unwrap();
        assert!(!lost_before_it_starts(&mut pos), "seed {seed}");
    }
}

/// In positions of random UC-170-17 games: no two legal turns have the
/// same text, every text reads back to its turn, and two moves of one man
/// to one square (same promotion) take different men (a move is what it
/// does: two ways with the same effect are one move).
#[test]
fn every_move_is_written_apart_and_does_its_own_thing() {
    let uc = builtin("uc-170-17").unwrap();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut positions = 0;
    for seed in 0..6u64 {
        let mut pos = Position::random(uc.clone(), seed).unwrap();
        for _ply in 0..40 {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            positions += 1;
            let mut texts = BTreeSet::new();
            let mut effects = BTreeSet::new();
            for &m in &legal {
                let text = pos.move_text(m);
                assert!(texts.insert(text.clone()), "{}: {text} twice", pos.fen());
                let back = pos.parse_move(&text).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
                assert_eq!(back, m, "{}: {text}", pos.fen());
                let alone = pos.move_alone(m);
                let effect = (
                    m.from,
                    m.to,
                    m.promotion,
                    pos.captures_of(alone),
                    pos.rebirth_choice(alone),
                    m.kind,
                    pos.drops(m),
                );
                assert!(effects.insert(format!("{effect:?}")), "{}: {text}", pos.fen());
            }
            let m = legal[next(legal.len())];
            pos.play_unchecked(m);
        }
    }
    assert!(positions > 100, "{positions} positions");
}
