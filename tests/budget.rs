//! The cost of loading a definition is bounded: any definition up to
//! 64 x 64 compiles into at most `MEMORY_LIMIT` bytes of move tables and
//! evaluation data, or is refused, before compiling, with a problem that
//! names the limit and the figure it would need.

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::search::eval::Evaluator;
use bigboard::variant::{Loader, MEMORY_LIMIT};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/budget/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A definition of `size` x `size` with a King and the given movements.
fn definition(size: usize, moves: &[&str]) -> String {
    let mut rows = vec![size.to_string(); size];
    rows[0] = format!("XK{}", size - 2);
    rows[size - 1] = format!("1k{}", size - 2);
    let mut text = format!(
        "id = \"generated\"\nname = \"Generated\"\nwidth = {size}\nheight = {size}\nsetup = \"{} w - - 0 1\"\n\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n",
        rows.iter().rev().cloned().collect::<Vec<_>>().join("/")
    );
    for (i, m) in moves.iter().enumerate() {
        let code: String = [b'A' + (i / 26) as u8, b'A' + (i % 26) as u8]
            .iter()
            .map(|&c| c as char)
            .collect();
        let code = if i == 0 { "X".to_string() } else { code };
        text += &format!("\n[[piece]]\nname = \"Kind {i}\"\ncode = \"{code}\"\nmoves = \"{m}\"\n");
    }
    text
}

/// Twenty-five long-range kinds: riders, nightriders, hoppers and bent
/// riders.
const LONG_RANGE: [&str; 25] = [
    "Q", "R", "B", "NN", "CC", "ZZ", "AA", "DD", "WW", "FF", "HH", "GG", "QN", "RN", "BN", "pR", "pB", "gQ", "mRcpR",
    "mBcpB", "[F?R]", "[W?B]", "[N?R]", "[N?B]", "RNN",
];

/// Loads `text` and returns the bytes of move tables and evaluation data.
fn loaded_bytes(text: &str) -> usize {
    let v = bigboard::load(text).unwrap_or_else(|e| panic!("{e}"));
    v.bytes() + Evaluator::new(&v).bytes()
}

fn refusal(text: &str) -> String {
    match bigboard::load(text) {
        Ok(v) => panic!("loaded, {} bytes", v.bytes()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn long_range_kinds_on_64x64_are_refused_with_the_figure_they_need() {
    let message = refusal(&definition(64, &LONG_RANGE));
    assert!(message.starts_with("piece: "), "{message}");
    assert!(message.contains("move tables and evaluation data"), "{message}");
    assert!(message.contains("at most 64 MB"), "{message}");
    assert!(message.contains(" MB of move tables"), "{message}");
}

#[test]
fn long_range_kinds_load_within_the_limit_where_they_fit() {
    for size in [24, 32] {
        let bytes = loaded_bytes(&definition(size, &LONG_RANGE));
        assert!(bytes <= MEMORY_LIMIT, "{size} x {size}: {bytes} bytes");
    }
}

#[test]
fn one_queen_on_64x64_loads_within_the_limit_and_plays() {
    let text = definition(64, &["Q"]);
    assert!(loaded_bytes(&text) <= MEMORY_LIMIT);
    let mut pos = Position::new(bigboard::load(&text).unwrap());
    // By hand: the queen on a1 goes up the a-file (63) and the long
    // diagonal (63), its own king on b1 shuts the first rank; the king
    // steps to a2, b2, c2 and c1.
    assert_eq!(perft(&mut pos, 1), 63 + 63 + 4);
}

#[test]
fn hostile_movements_are_refused_before_compiling() {
    for (file, moves) in [
        ("hostile-rar-64x64.toml", "'RaR'"),
        ("hostile-qaq-64x64.toml", "'QaQ'"),
        ("hostile-qbracket-64x64.toml", "'[Q?Q]'"),
        ("hostile-chainQ20-64x64.toml", "'QyaQyaQ"),
        ("leaper-grid-64x64.toml", "'(0,1)(1,1)"),
    ] {
        let message = refusal(&data(file));
        assert!(message.starts_with("piece[1].moves: "), "{file}: {message}");
        assert!(message.contains(moves), "{file}: {message}");
        assert!(message.contains("would compile to about"), "{file}: {message}");
        assert!(message.contains("at most 64 MB"), "{file}: {message}");
    }
}

#[test]
fn many_kinds_with_one_movement_share_their_tables() {
    for file in ["hostile-250kinds-QNN-64x64.toml", "hostile-60kinds-QNN-64x64.toml"] {
        let text = data(file);
        let v = bigboard::load(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(v.pieces.len() > 60, "{file}");
        assert_eq!(v.tables.table_count(), 2, "{file}: the King's table and one for QNN");
        assert!(loaded_bytes(&text) <= MEMORY_LIMIT, "{file}");
    }
}

#[test]
fn the_estimate_is_close_to_what_compiling_takes() {
    for text in [
        data("queens-64x64.toml"),
        definition(32, &LONG_RANGE),
        definition(16, &LONG_RANGE),
        definition(64, &["N", "WW"]),
    ] {
        let loader = Loader::new(&text).unwrap_or_else(|e| panic!("{e}"));
        let estimate = loader.estimated_bytes() as f64;
        let v = bigboard::text::load::finish(loader).unwrap();
        let actual = (v.bytes() + Evaluator::new(&v).bytes()) as f64;
        assert!(
            (0.75..=1.33).contains(&(estimate / actual)),
            "estimate {estimate}, actual {actual}"
        );
    }
}

#[test]
fn a_loader_compiles_in_slices_to_the_same_variant() {
    let text = definition(24, &LONG_RANGE[..6]);
    let mut loader = Loader::new(&text).unwrap();
    let total = loader.total();
    let mut steps = 0;
    while !loader.step(500) {
        steps += 1;
        assert_eq!(loader.done(), steps * 500);
    }
    assert!(steps >= total / 500 - 1);
    let sliced = bigboard::text::load::finish(loader).unwrap();
    let whole = bigboard::load(&text).unwrap();
    assert_eq!(sliced.tables.nodes, whole.tables.nodes);
    assert_eq!(
        perft(&mut Position::new(sliced), 2),
        perft(&mut Position::new(whole), 2)
    );
}
