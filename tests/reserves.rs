//! Reserves and random setups (UC-170-17, docs/variants/uc-170-17-game-rules.md sections 2, 3 and 11):
//! the setups of seeds 1-20 against the recorded file, what every setup
//! must hold, the reserve fields of the position text, and the errors of
//! bad fields and definitions.

use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::reserve::reserves::{PAWNS, PIECES};
use bigboard::variant::Variant;
use std::collections::BTreeSet;

fn uc() -> std::sync::Arc<Variant> {
    builtin("uc-170-17").unwrap()
}

fn recorded() -> Vec<(u64, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uc-setups.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (seed, fen) = l.split_once(';').unwrap();
            (seed.trim().parse().unwrap(), fen.trim().to_string())
        })
        .collect()
}

#[test]
fn seeds_1_to_20_give_the_recorded_setups() {
    let v = uc();
    let lines = recorded();
    assert_eq!(
        lines.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        (1..=20).collect::<Vec<_>>()
    );
    for (seed, fen) in lines {
        let pos = Position::random(v.clone(), seed).unwrap();
        assert_eq!(pos.fen(), fen, "seed {seed}");
    }
}

#[test]
fn the_default_start_is_seed_1() {
    let v = uc();
    assert_eq!(Position::new(v.clone()), Position::random(v, 1).unwrap());
}

/// Kinds of `color` on a rank (1-based), by file.
fn rank(pos: &Position, color: usize, r: i32) -> Vec<Option<usize>> {
    let g = pos.variant().geometry;
    (0..8)
        .map(|f| {
            pos.piece_at(g.square(f, r - 1).unwrap())
                .filter(|&(_, c)| c == color)
                .map(|(k, _)| k)
        })
        .collect()
}

#[test]
fn every_setup_holds_each_kind_once_where_the_rules_put_it() {
    let v = uc();
    let king = v.kind_by_name("K").unwrap();
    let anti: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pieces[k].anti_royal).collect();
    assert_eq!(anti.len(), 1, "the library has one Anti-King");
    for seed in (1..=40).chain([0, 12345, u64::MAX]) {
        let mut pos = Position::random(v.clone(), seed).unwrap();
        for color in 0..2 {
            let (first, second) = if color == 0 { (1, 2) } else { (8, 7) };
            let pieces = rank(&pos, color, first);
            let pawns = rank(&pos, color, second);
            assert!(
                pieces.iter().all(Option::is_some) && pawns.iter().all(Option::is_some),
                "seed {seed}"
            );
            let pieces: Vec<usize> = pieces.into_iter().flatten().collect();
            let pawns: Vec<usize> = pawns.into_iter().flatten().collect();
            assert_eq!(
                pieces.iter().filter(|&&k| k == king).count(),
                1,
                "seed {seed}: one King"
            );
            assert!(pawns.iter().all(|&k| v.pawn[k]) && pieces.iter().all(|&k| !v.pawn[k]));
            assert_eq!(pos.reserve(color, PIECES).len(), 162, "seed {seed}");
            assert_eq!(pos.reserve(color, PAWNS).len(), 9, "seed {seed}");
            assert!(pos.reserve(color, PIECES).iter().all(|&k| !v.pawn[k] && k != king));
            assert!(pos.reserve(color, PAWNS).iter().all(|&k| v.pawn[k]));
            let all: BTreeSet<usize> = pieces
                .iter()
                .chain(&pawns)
                .chain(pos.reserve(color, PIECES))
                .chain(pos.reserve(color, PAWNS))
                .copied()
                .collect();
            assert_eq!(all.len(), 187, "seed {seed}: each of the 187 kinds once");
            assert!(
                !pieces.iter().any(|k| anti.contains(k)),
                "seed {seed}: an Anti-King on the board"
            );
            assert_eq!(pos.credits(color), [0, 0]);
        }
        // The middle of the board is empty.
        let g = v.geometry;
        assert!((2..6).all(|r| (0..8).all(|f| pos.piece_at(g.square(f, r).unwrap()).is_none())));
        // White does not start in check, and has no first turn that takes
        // a man off the board or attacks a Blue royal.
        let white_king = (0..64u16).find(|&sq| pos.piece_at(sq) == Some((king, 0))).unwrap();
        assert!(!pos.is_attacked(white_king, 1), "seed {seed}: White starts in check");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "seed {seed}: {}", pos.fen());
        let men = |p: &Position| {
            (0..64u16)
                .filter_map(|sq| p.piece_at(sq))
                .fold([0, 0], |mut n, (_, c)| {
                    n[c] += 1;
                    n
                })
        };
        let before = men(&pos);
        for m in moves {
            let text = pos.move_text(m);
            pos.play_unchecked(m);
            let after = men(&pos);
            assert!(
                !(after[1] < before[1] && after[0] + after[1] < before[0] + before[1]),
                "seed {seed}: {text} takes"
            );
            let royals: Vec<u16> = (0..64u16)
                .filter(|&sq| pos.piece_at(sq).is_some_and(|(k, c)| c == 1 && v.pieces[k].royal))
                .collect();
            assert!(!royals.is_empty());
            assert!(
                royals.iter().all(|&sq| !pos.is_attacked(sq, 0)),
                "seed {seed}: {text} checks"
            );
            pos.undo();
        }
    }
}

#[test]
fn different_seeds_give_different_setups() {
    let v = uc();
    let fens: BTreeSet<String> = (1..=50)
        .map(|s| Position::random(v.clone(), s).unwrap().fen())
        .collect();
    assert_eq!(fens.len(), 50);
}

#[test]
fn reserve_fields_round_trip_with_the_same_hash() {
    let v = uc();
    for seed in 1..=5 {
        let pos = Position::random(v.clone(), seed).unwrap();
        let back = Position::from_fen(v.clone(), &pos.fen()).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.hash(), pos.hash());
        assert_eq!(back.fen(), pos.fen());
    }
    let texts = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R{AM}/P,q/- credits=1,0/0,0",
        "4k3/8/8/3r4/8/8/8/4K3 w - - 0 1 reserve=-/-,-/{bp}p credits=0,1/2,0 pending=d5:1,0",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ];
    for t in texts {
        let pos = Position::from_fen(v.clone(), t).unwrap();
        assert_eq!(pos.fen(), t);
        let back = Position::from_fen(v.clone(), &pos.fen()).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.hash(), pos.hash());
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    let a = Position::from_fen(v.clone(), texts[0]).unwrap();
    assert_eq!(
        a.reserve(0, PIECES),
        &[v.kind_by_name("R").unwrap(), v.kind_by_name("AM").unwrap()]
    );
    assert_eq!(a.reserve(1, PIECES), &[v.kind_by_name("Q").unwrap()]);
    assert_eq!(a.credits(0), [1, 0]);
    // `pending=-` (docs/variants/uc-170-17-game-rules.md section 11) reads as no open exchange.
    let none = Position::from_fen(v.clone(), &format!("{} pending=-", texts[2])).unwrap();
    assert_eq!(none, Position::from_fen(v.clone(), texts[2]).unwrap());
}

#[test]
fn reserves_credits_and_exchanges_tell_positions_apart() {
    let v = uc();
    let base = "4k3/8/8/3r4/8/8/8/4K3 w - - 0 1";
    let variants = [
        format!("{base} reserve=R/-,-/-"),
        format!("{base} reserve=Q/-,-/-"),
        format!("{base} reserve=RQ/-,-/-"),
        format!("{base} reserve=-/-,R/-"),
        format!("{base} credits=1,0/0,0"),
        format!("{base} credits=0,0/0,1"),
        format!("{base} pending=d5:1,0"),
        format!("{base} pending=d5:0,1"),
        format!("{base} reserve=-/-,-/-"),
    ];
    let positions: Vec<Position> = variants
        .iter()
        .map(|t| Position::from_fen(v.clone(), t).unwrap())
        .collect();
    for i in 0..positions.len() {
        for j in 0..positions.len() {
            assert_eq!(
                positions[i] == positions[j],
                i == j,
                "{} / {}",
                variants[i],
                variants[j]
            );
            if i != j {
                assert_ne!(
                    positions[i].hash(),
                    positions[j].hash(),
                    "{} / {}",
                    variants[i],
                    variants[j]
                );
            }
        }
    }
    // Without the field, the reserves are empty.
    assert_eq!(Position::from_fen(v.clone(), base).unwrap(), positions[8]);
}

#[test]
fn bad_reserve_fields_are_errors_naming_the_field() {
    let v = uc();
    let base = "4k3/8/8/3r4/8/8/8/4K3 w - - 0 1";
    let cases = [
        ("reserve=R", "reserve", "PIECES/PAWNS,PIECES/PAWNS"),
        ("reserve=R/-/-,-/-", "reserve", "PIECES/PAWNS"),
        ("reserve={XYZ}/-,-/-", "reserve", "unknown piece code 'XYZ'"),
        ("reserve={AM/-,-/-", "reserve", "'{' without '}'"),
        ("reserve=P/-,-/-", "reserve", "is not one of the pieces"),
        ("reserve=-/R,-/-", "reserve", "is not one of the pawns"),
        ("reserve=RR/-,-/-", "reserve", "names a kind twice"),
        ("credits=1", "credits", "1,0/0,0"),
        ("credits=1,x/0,0", "credits", "1,0/0,0"),
        ("credits=300,0/0,0", "credits", "1,0/0,0"),
        ("pending=z9:1,0", "pending", "e5:1,0"),
        ("pending=d5", "pending", "e5:1,0"),
        (
            "pending=e1:1,0",
            "pending",
            "must hold a man of the side that just moved",
        ),
        (
            "pending=e4:1,0",
            "pending",
            "must hold a man of the side that just moved",
        ),
        // position-fields-lenient.sh: forms the fields are never written
        // in, and a field given twice (the second once replaced the first).
        ("credits=+1,0/0,0", "credits", "1,0/0,0"),
        ("credits=1,0/0,+0", "credits", "1,0/0,0"),
        ("credits=,0/0,0", "credits", "1,0/0,0"),
        ("pending=d5:+1,0", "pending", "e5:1,0"),
        ("reserve=/,/", "reserve", "an empty list is written '-'"),
        ("reserve=R/,-/-", "reserve", "an empty list is written '-'"),
        (
            "credits=1,0/0,0 credits=0,2/0,0",
            "credits",
            "'credits=' is given twice",
        ),
        (
            "reserve=-/-,-/- reserve=R/-,-/-",
            "reserve",
            "'reserve=' is given twice",
        ),
        ("pending=- pending=-", "pending", "'pending=' is given twice"),
    ];
    for (field, name, says) in cases {
        let text = format!("{base} {field}");
        let e = Position::from_fen(v.clone(), &text).unwrap_err();
        assert_eq!(e.field, name, "{text}");
        assert!(e.message.contains(says), "{text}: {}", e.message);
    }
    // A variant without reserves has no such fields.
    let x = builtin("xhess").unwrap();
    let e = Position::from_fen(x.clone(), &format!("{} reserve=-/-,-/-", x.setup)).unwrap_err();
    assert!(e.message.contains("unknown field"), "{}", e.message);
}

#[test]
fn a_seed_needs_a_variant_with_random_setups() {
    let e = Position::random(builtin("xhess").unwrap(), 1).unwrap_err();
    assert!(e.contains("no random setup"), "{e}");
}

fn definition(extra: &str, setup: &str) -> String {
    format!(
        "id = \"t\"\nname = \"T\"\nwidth = 4\nheight = 6\nsetup = \"{setup}\"\n{extra}\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n\
         [[piece]]\nname = \"Bishop\"\ncode = \"B\"\nmoves = \"B\"\n\
         [[piece]]\nname = \"Knight\"\ncode = \"N\"\nmoves = \"N\"\n\
         [[piece]]\nname = \"Queen\"\ncode = \"Q\"\nmoves = \"Q\"\n\
         [[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"fmWfcF\"\npawn = true\n\
         [[piece]]\nname = \"Berolina\"\ncode = \"BP\"\nmoves = \"fmFfcW\"\npawn = true\n\
         [[piece]]\nname = \"Soldier\"\ncode = \"S\"\nmoves = \"fmWfcW\"\npawn = true\n\
         [[piece]]\nname = \"Sergeant\"\ncode = \"SG\"\nmoves = \"fmWfmFfcF\"\npawn = true\n\
         [[piece]]\nname = \"Guard\"\ncode = \"G\"\nmoves = \"fmWfcF\"\npawn = true\n"
    )
}

#[test]
fn an_author_can_define_a_random_setup_with_reserves() {
    let text = definition("[random_setup]\nroyal = \"K\"\n[reserve]\n", "random");
    let v = bigboard::load(&text).unwrap_or_else(|e| panic!("{e}"));
    for seed in 1..=10 {
        let pos = Position::random(v.clone(), seed).unwrap();
        // 4 files: the King and three of the four other pieces, four of
        // the five pawn kinds; the rest in reserve.
        assert_eq!(pos.reserve(0, PIECES).len() + pos.reserve(0, PAWNS).len(), 2);
        assert_eq!(pos.reserve(1, PIECES).len(), 1);
        let back = Position::from_fen(v.clone(), &pos.fen()).unwrap();
        assert_eq!(back, pos);
    }
}

#[test]
fn bad_random_setup_definitions_are_errors() {
    let cases = [
        (definition("", "random"), "random_setup", "missing"),
        (
            definition("[random_setup]\nroyal = \"K\"\n", "random"),
            "random_setup",
            "needs a [reserve] table",
        ),
        (
            definition("[random_setup]\nroyal = \"X\"\n[reserve]\n", "random"),
            "random_setup.royal",
            "not a piece",
        ),
        (
            definition("[random_setup]\nroyal = \"K\"\n", "rnbk/pppp/4/4/PPPP/RNBK w - - 0 1"),
            "random_setup",
            "only with setup = \\\"random\\\"",
        ),
        (
            definition("[random_setup]\nroyal = \"K\"\n[reserve]\npawn_rank = 9\n", "random"),
            "reserve.pawn_rank",
            "",
        ),
    ];
    for (text, at, says) in cases {
        let e = bigboard::load(&text).err().unwrap_or_else(|| panic!("{at}: loaded"));
        let found =
            e.0.iter()
                .any(|d| d.at == at && d.message.contains(&says.replace("\\\"", "\"")));
        assert!(found, "{at}: {e}");
    }
    // Reserves need a board of at most 64 squares (drops ride in a move).
    let big = definition("[reserve]\n", "4/4/4/4 w - - 0 1")
        .replace("width = 4\nheight = 6", "width = 9\nheight = 9")
        .replace("4/4/4/4", "9/9/9/9/9/9/9/9/4K4");
    let e = bigboard::load(&big).expect_err("refused");
    assert!(
        e.0.iter()
            .any(|d| d.at == "reserve" && d.message.contains("64 squares")),
        "{e}"
    );
}

/// Holes on the ranks a random setup fills are skipped: no man stands on
/// a hole, each side still has every kind once (board or reserve), and
/// the position text written reads back as the same position.
#[test]
fn random_setups_leave_holes_empty_and_read_back() {
    let text = include_str!("data/definitions/random-setup-on-holes.toml");
    // The reproducer holes White's pawn rank; a second hole on Blue's
    // piece rank sends one more piece of Blue's to the reserve.
    for (holes, reserve_lengths) in [("[\"b2\"]", [[0, 1], [0, 0]]), ("[\"b2\", \"g8\"]", [[0, 1], [1, 0]])] {
        let v = bigboard::load(&text.replace("[\"b2\"]", holes)).unwrap_or_else(|e| panic!("{e}"));
        let g = v.geometry;
        for seed in 1..=100 {
            let pos = Position::random(v.clone(), seed).unwrap();
            for sq in 0..g.len() as u16 {
                if v.is_hole(sq) {
                    assert_eq!(pos.piece_at(sq), None, "{holes} seed {seed}: a man on {}", g.name(sq));
                }
            }
            for (color, lengths_wanted) in reserve_lengths.iter().enumerate() {
                let mut kinds: Vec<usize> = (0..g.len() as u16)
                    .filter_map(|sq| pos.piece_at(sq))
                    .filter(|&(_, c)| c == color)
                    .map(|(k, _)| k)
                    .collect();
                let lengths = [PIECES, PAWNS].map(|class| pos.reserve(color, class).len());
                assert_eq!(&lengths, lengths_wanted, "{holes} seed {seed} side {color}");
                kinds.extend([PIECES, PAWNS].iter().flat_map(|&class| pos.reserve(color, class)));
                kinds.sort();
                assert_eq!(kinds, (0..v.pieces.len()).collect::<Vec<_>>(), "{holes} seed {seed}");
            }
            let fen = pos.fen();
            let back = Position::from_fen(v.clone(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.fen(), fen);
        }
    }
    // A piece rank all holes has no place for the royal.
    let e = bigboard::load(&text.replace("[\"b2\"]", "[\"*1\"]")).unwrap_err();
    assert!(
        e.to_string()
            .contains("random_setup: a random setup needs a square that is not a hole on each side's piece rank"),
        "{e}"
    );
}
