//! The gallery of author definitions (`examples/variants/*.toml`): every
//! file loads, names its sources in its head and in `sources`, and plays;
//! and the one variant no other engine checks, Chu Shogi, move by move.
//! (The others agree with Fairy-Stockfish: `tests/fairy_stockfish.rs`.)

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::variant::Variant;
use std::sync::Arc;

fn gallery_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/variants")
}

fn load(file: &str) -> Arc<Variant> {
    let path = gallery_dir().join(format!("{file}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    bigboard::load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_gallery_file_loads_with_its_sources() {
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(gallery_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let v = bigboard::load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        assert_eq!(v.id, stem, "{}: the id is the file's name", path.display());
        // The head: what the variant is, then where its rules come from.
        let head: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(head.len() >= 3, "{stem}: a head of comments");
        assert!(
            head.iter().any(|l| l.contains("Rules:")),
            "{stem}: the head names the rules' sources"
        );
        assert!(!v.sources.is_empty(), "{stem}: sources");
        assert!(
            v.pieces.iter().all(|p| !p.description.is_empty()),
            "{stem}: every piece described"
        );
        // It plays: two plies from the start.
        let mut pos = Position::new(v.clone());
        assert!(perft(&mut pos, 2) > 0, "{stem}");
        ids.push(stem);
    }
    ids.sort();
    assert_eq!(
        ids,
        [
            "3check",
            "capablanca",
            "chu-shogi",
            "courier",
            "grand",
            "jeson-mor",
            "shako",
            "shatranj",
            "troitzky",
            "wildebeest",
            "xiangqi"
        ]
    );
}

fn moves_from(v: &Arc<Variant>, fen: &str, from: &str) -> Vec<String> {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{e}"));
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| pos.move_text(m))
        .filter(|t| t.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn chu_shogi_from_the_start() {
    let chu = load("chu-shogi");
    // Counted by hand: 10 pawns, 2 Go-Betweens, the Lion's 5 leaps (e5 f5
    // g5 h5 and d2), the Dragon Kings, Dragon Horses, Vertical Movers and
    // Blind Tigers 2 each, the Kylin 1, Ferocious Leopards 2, Coppers 4,
    // Silvers 2, Golds 2.
    let mut pos = Position::new(chu.clone());
    assert_eq!(perft(&mut pos, 1), 36);
    // White's moves do not meet Black's at two plies: 36 x 36.
    assert_eq!(perft(&mut pos, 2), 36 * 36);
}

#[test]
fn chu_shogi_lion_moves_twice() {
    let chu = load("chu-shogi");
    // A Lion on f6 with Black men on g7 and h8 (kings far off): the 24
    // leaps of its 5 x 5 box (two of them captures), the pass, and 8 moves
    // that take g7 on the way (f7 g6 g8 h6 h7 e... each a second step;
    // h8 taking both; f6 the igui), as NOTATION.md counts from d4.
    let fen = "11k/12/12/12/7p4/6p5/5N6/12/12/12/12/K11 w - - 0 1";
    let lion = moves_from(&chu, fen, "f6");
    assert_eq!(lion.len(), 33, "{lion:?}");
    assert!(lion.contains(&"f6f6^g7".to_string()), "igui: {lion:?}");
    assert!(lion.contains(&"f6h8^g7".to_string()), "both taken: {lion:?}");
    assert!(lion.contains(&"f6f6".to_string()), "the pass: {lion:?}");
    let mut pos = Position::from_fen(chu.clone(), fen).unwrap();
    pos.play_text("f6h8^g7").unwrap();
    assert_eq!(pos.fen(), "11k/12/12/12/7N4/12/12/12/12/12/12/K11 b - - 0 1");
}

#[test]
fn chu_shogi_promotes_in_its_zone() {
    let chu = load("chu-shogi");
    // A Silver entering the zone (rank 9) may promote to a Promoted
    // Silver; inside it, a step promotes only with a capture.
    let fen = "11k/12/12/5s6/4S7/12/12/12/12/12/12/K11 w - - 0 1";
    assert_eq!(
        moves_from(&chu, fen, "e8"),
        ["e8d7", "e8d9", "e8d9=PS", "e8e9", "e8e9=PS", "e8f7", "e8f9", "e8f9=PS"]
    );
    let fen = "11k/12/5s6/4S7/12/12/12/12/12/12/12/K11 w - - 0 1";
    assert_eq!(
        moves_from(&chu, fen, "e9"),
        ["e9d10", "e9d8", "e9e10", "e9f10", "e9f10=PS", "e9f8"]
    );
    // A Drunk Elephant promotes to a Crown Prince, a second royal. (Black
    // keeps a pawn: a bare king would have lost already.)
    let fen = "p10k/12/12/12/4E7/12/12/12/12/12/12/K11 w - - 0 1";
    let mut pos = Position::from_fen(chu.clone(), fen).unwrap();
    pos.play_text("e8e9=CP").unwrap();
    assert_eq!(pos.royals(0).len(), 2);
    // A Pawn reaching the last rank may promote, even from inside the zone.
    let fen = "k10p/5P6/12/12/12/12/12/12/12/12/12/11K w - - 0 1";
    assert_eq!(moves_from(&chu, fen, "f11"), ["f11f12", "f11f12=TK"]);
}

#[test]
fn chu_shogi_no_crown_prince_is_made_where_it_stands_attacked() {
    let chu = load("chu-shogi");
    // White's Drunk Elephant on e8 may promote on d9, e9 or f9; a Black
    // Rook on h9 attacks that whole rank, so a Crown Prince made there
    // would stand attacked: those promotions are no moves, while the
    // Elephant (no royal) may still step there unpromoted.
    let fen = "11k/12/12/7r4/4E7/12/12/12/12/12/12/K11 w - - 0 1";
    let moves = moves_from(&chu, fen, "e8");
    for to in ["d9", "e9", "f9"] {
        assert!(moves.contains(&format!("e8{to}")), "{moves:?}");
        assert!(!moves.contains(&format!("e8{to}=CP")), "{moves:?}");
    }
    // Nor does the search's shortcut call such a promotion safe.
    let pos = Position::from_fen(chu.clone(), fen).unwrap();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let crowned: Vec<_> = pseudo
        .into_iter()
        .filter(|m| m.promotion_kind().is_some_and(|k| chu.pieces[k].royal))
        .collect();
    assert_eq!(crowned.len(), 3);
    assert!(crowned.iter().all(|&m| !pos.is_safe_unless_in_check(m)));
}
