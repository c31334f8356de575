//! The text readers never panic: position text, move text, movement strings,
//! TOML and variant definitions, fed random and mutated input, answer Ok or Err.
//! What they accept must then behave: positions read back the same, moves
//! play and undo, definitions give playable positions.
//!
//! Runs use a fixed seed; `PROPTEST_RNG_SEED` and `PROPTEST_CASES` override
//! the seed and the case counts for a longer search.

use bigboard::Position;
use bigboard::betza::parse_movement;
use bigboard::builtin;
use bigboard::variant::{BUILTIN_IDS, Variant, builtin_source};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::RngSeed;
use std::sync::{Arc, OnceLock};

fn config(cases: u32) -> ProptestConfig {
    let base = ProptestConfig::default();
    let env = |name: &str| std::env::var_os(name).is_some();
    ProptestConfig {
        cases: if env("PROPTEST_CASES") { base.cases } else { cases },
        rng_seed: if env("PROPTEST_RNG_SEED") {
            base.rng_seed
        } else {
            RngSeed::Fixed(0xB16B_0A2D)
        },
        failure_persistence: None,
        ..base
    }
}

/// Tokens are written as one `|`-separated string to keep the lists short.
fn tokens(list: &'static str) -> Vec<&'static str> {
    list.split('|').collect()
}

/// One edit of a text: the operation, where, and which token or length.
type Edit = (u8, Index, Index);

fn edits(ops: u8, most: usize) -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((0..ops, any::<Index>(), any::<Index>()), 1..most)
}

/// Applies character edits: delete, insert a token, replace by a token,
/// delete or duplicate a run, swap two characters, truncate, swap two
/// whitespace fields or replace one by a token.
fn mutate(seed: &str, edits: &[Edit], tokens: &[&str]) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for &(op, at, what) in edits {
        let i = at.index(s.len() + 1);
        let token: Vec<char> = what.get(tokens).chars().collect();
        let run = (what.index(6) + 1).min(s.len() - i);
        let j = what.index(s.len() + 1);
        match op {
            0 => drop(s.drain(i..i + run.min(1))),
            1 => drop(s.splice(i..i, token)),
            2 => drop(s.splice(i..i + run.min(1), token)),
            3 => drop(s.drain(i..i + run)),
            4 => drop(s.splice(i..i, s[i..i + run].to_vec())),
            5 if i.max(j) < s.len() => s.swap(i, j),
            5 | 6 => s.truncate(i),
            _ => {
                let text: String = s.iter().collect();
                let mut fields: Vec<&str> = text.split(' ').collect();
                let (a, b) = (at.index(fields.len()), what.index(fields.len()));
                if a == b {
                    fields[a] = *what.get(tokens);
                } else {
                    fields.swap(a, b);
                }
                s = fields.join(" ").chars().collect();
            }
        }
    }
    s.into_iter().collect()
}

const FEN_TOKENS: &str = "checks=|checks=1,0|checks=3,3|checks=,|3+3|1+0|+|+3|99+1|\
    999999999999|4294967296|2147483647|2147483648|65536|0|00|17|1|{|}|{}|{X}|{co}|{CO|{Co}|\
    {SQ}|{é}|/|//|/16|/10| |-|,|Z|z|K|k|Q|P|p|w|b|x|KQkq|KK|Kk|kq|a99999|e3|e3,e4|e14,e13|d3,e3|a1,c3|c3|p16|q1|a0|\
    aa1|-1|1000001|é|\u{0}|\t|ħ|:|::|c3:b4|e3:e4|e3,e4:e5|d3:|:d4|c3:z9|home=|home=8/8/8/8|home=k/K|home=*|home={CGH}7/8/8/8";

/// Valid positions of every built-in variant: the setup and positions along
/// short games, with castling rights and en-passant squares.
fn seed_positions() -> &'static [(Arc<Variant>, String)] {
    static SEEDS: OnceLock<Vec<(Arc<Variant>, String)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut out = Vec::new();
        for id in BUILTIN_IDS {
            let v = builtin(id).unwrap();
            walk(v.clone(), 42, |ply, pos| {
                if ply % 8 == 1 || ply == 0 {
                    out.push((v.clone(), pos.fen()));
                }
            });
        }
        let rbb = builtin("really-big-board").unwrap();
        let mut pos = Position::new(rbb.clone());
        for text in ["e2e8", "d15d9", "e8e9"] {
            pos.play_text(text).unwrap();
            out.push((rbb.clone(), pos.fen()));
        }
        // A long first move that promotes (no e.p. rights), and one that
        // does not (rights on e3..e6).
        let ep = ep_promotion();
        for text in ["e2e8=Q", "e2e7"] {
            let mut pos = Position::new(ep.clone());
            pos.play_text(text).unwrap();
            out.push((ep.clone(), pos.fen()));
        }
        // Counted checks (the gallery's Three-check): White has given two.
        let three = bigboard::load(include_str!("../examples/variants/3check.toml")).unwrap();
        out.push((
            three,
            "rnbqkbnr/ppp5/4Bpp1/8/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 6 checks=2,0".to_string(),
        ));
        out
    })
}

/// ep-promotion.toml: a pawn whose long first move (`ifmR6`) can end on
/// the promotion rank.
fn ep_promotion() -> Arc<Variant> {
    bigboard::load(include_str!("data/definitions/ep-promotion.toml")).unwrap()
}

/// A position that was read successfully behaves: it reads back the same,
/// and every legal move plays and undoes with the hash right.
fn exercise(mut pos: Position, ctx: &str) {
    let text = pos.fen();
    let back = Position::from_fen(pos.variant().clone(), &text).unwrap_or_else(|e| panic!("{ctx}: {text}: {e}"));
    assert_eq!(back.fen(), text, "{ctx}");
    assert!(back == pos, "{ctx}: {text} reads back as a different position");
    assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: {text}");
    let _ = pos.outcome();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for &m in &moves {
        pos.play_unchecked(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: {text} after {m:?}");
        let _ = pos.fen();
        pos.undo();
    }
    assert_eq!(pos.fen(), text, "{ctx}");
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn random_position_text(
        v in prop::sample::select(BUILTIN_IDS),
        text in "\\PC{0,80}|[0-9/{}KQRBNPkqrbnpWwHhCc -]{0,60}",
    ) {
        if let Ok(pos) = Position::from_fen(builtin(v).unwrap(), &text) {
            exercise(pos, &text);
        }
    }

    #[test]
    fn position_text_fields(
        seed in any::<Index>(),
        fields in prop::collection::vec(any::<Index>(), 0..6),
        ep in prop::collection::vec(("[a-q]", 0..18, "[,:]"), 1..4),
    ) {
        // A valid board with random side, castling, e.p. squares and counters.
        let (v, fen) = seed.get(seed_positions());
        let ep: String = ep.iter().map(|(f, r, sep)| format!("{sep}{f}{r}")).collect();
        let lists = [
            "w|b|w|b|w|b|W|x|-",
            "-|K|Q|k|q|KQkq|KQ|kq|KK|A|Kx|",
            "-|e3|e14|e3,e4|c3:b4|-",
            "0|99|100|200|-1|x|",
            "1|0|1000001",
        ];
        let mut text = fen.split(' ').next().unwrap().to_string();
        for (i, pick) in fields.iter().enumerate() {
            let choice = if i == 2 && pick.index(2) == 0 { &ep[1..] } else { *pick.get(&tokens(lists[i])) };
            text = format!("{text} {choice}");
        }
        if let Ok(pos) = Position::from_fen(v.clone(), &text) {
            exercise(pos, &text);
        }
    }

    #[test]
    fn mutated_position_text(seed in any::<Index>(), edits in edits(8, 6)) {
        let (v, fen) = seed.get(seed_positions());
        let text = mutate(fen, &edits, &tokens(FEN_TOKENS));
        if let Ok(pos) = Position::from_fen(v.clone(), &text) {
            exercise(pos, &text);
        }
    }
}

const MOVE_TOKENS: &str = "=|==|=Q|=q|=queen|=Queen|=Zz|=K|=W|=wonder|=ski-queen|=SQ|=CO|=P|=é|a99999b1|99999|0|00|\
    1|16|17|aa1|zz1|aaa1| |\t|x|+|#|O-O|-|é|\u{0}|p|q|A|e|>|>b1|>a99|>>|>h8=Q";

/// Reading a move either plays a legal move or leaves the position as it
/// was.
fn check_move_text(pos: &mut Position, text: &str) {
    let before = pos.fen();
    let hash = pos.hash();
    match pos.play_text(text) {
        Ok(m) => {
            assert_eq!(pos.undo(), Some(m));
            assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
        }
        Err(e) => assert!(!e.message.is_empty()),
    }
    assert_eq!(pos.fen(), before, "after '{text}'");
    assert_eq!(pos.hash(), hash);
    let _ = pos.parse_move(text);
    assert_eq!(pos.fen(), before, "after parse_move '{text}'");
}

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn mutated_move_text(seed in any::<Index>(), pick in any::<Index>(), edits in edits(7, 4)) {
        let (v, fen) = seed.get(seed_positions());
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        prop_assume!(!moves.is_empty());
        let text = mutate(&pos.move_text(*pick.get(&moves)), &edits, &tokens(MOVE_TOKENS));
        check_move_text(&mut pos, &text);
    }

    #[test]
    fn random_move_text(seed in any::<Index>(), text in "[a-q0-9=A-Z ]{0,12}|\\PC{0,16}") {
        let (v, fen) = seed.get(seed_positions());
        check_move_text(&mut Position::from_fen(v.clone(), fen).unwrap(), &text);
    }

    #[test]
    fn random_san_text(seed in any::<Index>(), text in "[a-q0-9=A-Zx+#O-]{0,8}") {
        let (v, fen) = seed.get(seed_positions());
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        if let Ok(m) = pos.parse_san(&text) {
            assert_eq!(pos.san(m).trim_end_matches(['+', '#']), text.trim_end_matches(['+', '#']));
        }
        assert_eq!(&pos.fen(), fen);
    }
}

/// Seeds for mutated movement strings; the last four are errors (letters
/// without a documented meaning) whose neighbours are worth trying.
const MOVEMENT_SEEDS: &[&str] = &[
    "fafsmWlafrmWraflmWmfWcfF",
    "[N?B]",
    "f{far}B",
    "mRcpR",
    "ifmR6",
    "qN",
    "nK",
    "qR",
    "{fly}{far}R",
    "yW",
    "mQ{swap}Q{destroy}K",
    "{withdraw}{approach}Q",
];

const MOVEMENT_TOKENS: &str = "{near}|{far}|{fly}|{abs}|{mill}|{chain}|{leapfrog}|{andernach}|{einstein}|{circe}|{withdraw}|{approach}|{overtake}|{coord}|{custodial}|{shoot}|{swap}|{destroy}|{bounce}|{half}|{zig 1,1}|o|z|{|}|{}|{slow}|(1,2)|(0,0)|(0,1)|(63,63)|(64,1)|(999,1)|(1,|(,)|\
    (-1,2)|[|]|?|-|a|aa|i|q|y|j|jj|n|p|g|e|c|m|h|hr|fs|lv|ff|999|64|65|0|8|9|W|F|D|N|K|R|B|Q|NN|U|@|d|é| ";

/// A 9 x 7 variant whose piece X moves by `moves`.
fn small_variant(moves: &str) -> String {
    format!(
        "id = \"t\"\nname = \"T\"\nwidth = 9\nheight = 7\nsetup = \"k8/9/2x6/9/3X5/9/X7K w - - 0 1\"\n\
         [rules]\nen_passant = true\n{KING}\
         [[piece]]\nname = \"X\"\ncode = \"X\"\nmoves = '{moves}'\n\
         [[promotion]]\npieces = [\"X\"]\nranks = [7]\nchoices = [\"X\"]\noptional = true\n"
    )
}

const KING: &str = "[[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n";

/// Every movement string the parser accepts compiles, or is refused with
/// reasons, inside a definition; a variant that loads plays.
fn check_movement(text: &str) {
    if parse_movement(text).is_err() {
        return;
    }
    match bigboard::load(&small_variant(text)) {
        Ok(v) => walk(v, 6, |ply, pos| {
            exercise(pos.clone(), &format!("movement '{text}' ply {ply}"))
        }),
        Err(e) => assert!(!e.0.is_empty(), "'{text}': Err without errors"),
    }
}

/// Calls `f` on a variant's setup and on the positions after each of a few
/// moves picked by a fixed rule.
fn walk(v: Arc<Variant>, plies: usize, mut f: impl FnMut(usize, &Position)) {
    let mut pos = Position::new(v);
    let mut moves = Vec::new();
    for ply in 0..plies {
        f(ply, &pos);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[ply * 7919 % moves.len()]);
    }
}

const ATOMS: &str = "W|F|D|A|H|G|N|C|L|Z|J|K|R|B|Q|NN|WW|(1,3)|(0,4)|(2,2)";

/// Modifiers, an optional tag, an atom and an optional range.
fn leg_text() -> impl Strategy<Value = String> {
    let tag = prop::sample::select(
        &[
            "",
            "",
            "",
            "",
            "{near}",
            "{far}",
            "{fly}",
            "{abs}",
            "{mill}",
            "{chain}",
            "{leapfrog}",
            "{bounce}",
        ][..],
    );
    let (atom, range) = (
        prop::sample::select(tokens(ATOMS)),
        prop::sample::select(tokens("||||1|2|3|6|0")),
    );
    ("[fblrvshmcpgnjeyq]{0,3}", tag, atom, range).prop_map(|(m, t, a, r)| format!("{m}{t}{a}{r}"))
}

/// A movement string that looks like the real ones: components that are
/// plain legs, a-chains or brackets, with an occasional `i`, `{chain}` or
/// `{leapfrog}`.
fn movement_text() -> impl Strategy<Value = String> {
    let chain = (prop::collection::vec("[fblrvshmcpgnjeyq]{0,3}", 0..3), leg_text())
        .prop_map(|(groups, last)| groups.iter().map(|g| format!("{g}a")).collect::<String>() + &last);
    let bracket = (
        prop::collection::vec(("[fblrvsmcpgnjey]{0,2}", prop::sample::select(tokens(ATOMS))), 1..4),
        prop::collection::vec(prop::sample::select(&["?", "-"][..]), 3),
    )
        .prop_map(|(legs, seps)| {
            let seps = std::iter::once("").chain(seps);
            let inner: String = legs
                .iter()
                .zip(seps)
                .map(|((m, a), sep)| format!("{sep}{m}{a}"))
                .collect();
            format!("[{inner}]")
        });
    let component = (0..8u8, prop_oneof![3 => leg_text(), 2 => chain, 2 => bracket]).prop_map(|(r, c)| match r {
        0..=2 => format!("i{c}"),
        3 => format!("{{chain}}{c}"),
        4 => format!("{c}{{leapfrog}}"),
        _ => c,
    });
    prop::collection::vec(component, 1..4).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn plausible_movement_text(text in movement_text()) {
        check_movement(&text);
    }

    #[test]
    fn random_movement_text(text in "[fblrvshmcpgnjeyiqadukotzxwWFDAHGNCLZJKRBQUOI@0-9?(){},\\[\\] -]{0,16}") {
        check_movement(&text);
    }

    #[test]
    fn mutated_movement_text(seed in any::<Index>(), edits in edits(8, 6)) {
        let mut seeds: Vec<String> = MOVEMENT_SEEDS.iter().map(|s| s.to_string()).collect();
        for id in BUILTIN_IDS {
            seeds.extend(builtin(id).unwrap().pieces.iter().map(|p| p.moves.clone()));
        }
        let seed: &String = seed.get(&seeds);
        check_movement(&mutate(seed, &edits, &tokens(MOVEMENT_TOKENS)));
    }
}

const KEYS: &str = "id|name|width|height|setup|moves|code|royal|value|pieces|ranks|choices|optional|king|rook|\
    king_to|rook_to|move_rule|repetition|en_passant|royal_far_rank|stalemate|checkmate|bogus|[rules]|piece|rules|\
    castling|promotion|squares|side|only_lost|limits|zone|repetition_result|bare_king|flying_royals|goal|[[goal]]|\
    hold|region|moves_by_rank|moves_by_file|initial_rank|initial_squares|pawn|holes|freeze|shield|captured_by|\
    royals|flee|checks";

const VALUES: &str = "0|1|2|3|-1|65|999999999999999999999|100001|\"\"|\"x\"|\"K\"|\"Q\"|\"ZZ\"|\"aaR\"|\"[N?B\"|\
    \"{far}N\"|\"z99\"|\"a1\"|\"i1\"|\"p1\"|true|false|[]|[0]|[17]|[1, 16]|[\"K\"]|[\"Q\", \"nope\"]|{}|1.5|\
    \"16/16\"|\"lose\"|'x'|\"KQkq\"|[[1]]|\"é\"|\"win\"|\"loss\"|\"draw\"|\"white\"|\"black\"|\
    [\"d1-f3\"]|[\"*3\"]|[\"c*\"]|[\"a1-z99\"]|[\"e5\", \"**\"]|{ Q = 1, R = 2 }|{ K = 0 }|{ Q = -1 }|[2, 3]|\
    [\"W\", \"fW\"]|[\"N\"]|\"pawns\"|\"{shoot}Q\"|\"anti\"|\"extinction\"|\"check\"";

const CHARS: &str = "x|1|0|9|=|\"|[|]|{|}|#|\n| |,|é|\\|'";

/// Characters that keep a string value a string: its content changes.
const STRING_CHARS: &str = "a|i|f|m|c|p|j|q|K|Q|R|N|W|P|k|q|r|n|x|Z|1|2|0|9|/|{|}|[|]|?|-|(|)|,| |é";

const NUMBERS: &str = "0|1|2|3|7|8|9|10|11|15|16|17|65|-5|101";

/// Line edits of a definition: delete, swap or duplicate lines, rename a
/// key, change a value, edit a string value or any character.
fn mutate_definition(src: &str, edits: &[Edit]) -> String {
    let mut lines: Vec<String> = src.lines().map(String::from).collect();
    for &(op, at, what) in edits {
        // Key edits go to lines with a key; the others to any line.
        let keyed: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains('=') && !lines[i].trim_start().starts_with('#'))
            .collect();
        let i = if (2..7).contains(&op) && !keyed.is_empty() {
            *at.get(&keyed)
        } else if lines.is_empty() {
            break;
        } else {
            at.index(lines.len())
        };
        let line = lines[i].clone();
        let eq = line.find('=');
        let quoted = line
            .find('"')
            .zip(line.rfind('"'))
            .filter(|_| line.matches('"').count() == 2);
        let number = eq.filter(|&e| line[e + 1..].trim().parse::<i64>().is_ok());
        match op {
            0 => drop(lines.remove(i)),
            1 => {
                let j = what.index(lines.len());
                if j % 3 == 0 {
                    lines.insert(i, line);
                } else {
                    lines.swap(i, j);
                }
            }
            2 if eq.is_some() => lines[i] = format!("{} {}", what.get(&tokens(KEYS)), &line[eq.unwrap()..]),
            4 | 5 if quoted.is_some() => {
                let (a, b) = quoted.unwrap();
                let inner = mutate(
                    &line[a + 1..b],
                    &[(what.index(4) as u8, what, at)],
                    &tokens(STRING_CHARS),
                );
                lines[i] = format!("{}{inner}{}", &line[..=a], &line[b..]);
            }
            6 if number.is_some() => lines[i] = format!("{}= {}", &line[..number.unwrap()], what.get(&tokens(NUMBERS))),
            2..7 if eq.is_some() => lines[i] = format!("{}= {}", &line[..eq.unwrap()], what.get(&tokens(VALUES))),
            _ => lines[i] = mutate(&line, &[(what.index(4) as u8, what, at)], &tokens(CHARS)),
        }
    }
    lines.join("\n")
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn mutated_definitions(
        // Overboard is the slowest to compile (about 0.1 s): pick it less.
        id in prop::sample::select(&["xhess", "xhess", "xhess", "really-big-board", "flee", "overboard"][..]),
        edits in edits(8, 4),
    ) {
        let text = mutate_definition(builtin_source(id).unwrap(), &edits);
        match bigboard::load(&text) {
            Ok(v) => walk(v, 3, |ply, pos| exercise(pos.clone(), &format!("mutated {id} ply {ply}"))),
            Err(e) => {
                assert!(!e.0.is_empty(), "Err without errors");
                assert_eq!(e.to_string().lines().count(), e.0.len());
            }
        }
    }
}

/// The gallery's definitions (`examples/variants/`), for mutation.
fn gallery_sources() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/variants");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

proptest! {
    #![proptest_config(config(512))]

    /// The keys of the rule families (promotion limits, squares, sides
    /// and zones, goals, bare kings, regions, moves by rank, facing
    /// royals, initial squares, several castling moves a side) mutated
    /// in the gallery's definitions.
    #[test]
    fn mutated_gallery_definitions(seed in any::<Index>(), edits in edits(8, 3)) {
        let sources = gallery_sources();
        let source: &String = seed.get(&sources);
        let text = mutate_definition(source, &edits);
        match bigboard::load(&text) {
            Ok(v) => walk(v, 2, |ply, pos| exercise(pos.clone(), &format!("mutated gallery ply {ply}"))),
            Err(e) => {
                assert!(!e.0.is_empty(), "Err without errors");
                assert_eq!(e.to_string().lines().count(), e.0.len());
            }
        }
    }
}

/// TOML syntax that the reader's mutations insert.
const TOML_TOKENS: &str = "\"|'|\"\"\"|'''|[|]|[[|]]|{|}|,|.|=|#|\n|\r|\r\n|\t|\\|\\u|\\U0010FFFF|\\x|_|0x|0b|e|+|-|inf|nan|1979-05-27|07:|é|\u{feff}";

/// The answer of the TOML reader on `text`: a table, or an error whose
/// line and column are in the text.
fn check_toml(text: &str) {
    if let Err(e) = bigboard::variant::toml::parse(text) {
        let lines = text.split('\n').count();
        assert!((1..=lines).contains(&e.line), "{text:?}: {e}");
        let width = text.split('\n').nth(e.line - 1).unwrap().chars().count();
        assert!((1..=width + 1).contains(&e.column), "{text:?}: {e}");
        assert!(!e.message.is_empty());
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// The definitions' TOML reader, on mutated built-in definitions and
    /// on random text.
    #[test]
    fn mutated_toml(id in prop::sample::select(BUILTIN_IDS), edits in edits(8, 6)) {
        check_toml(&mutate(builtin_source(id).unwrap(), &edits, &tokens(TOML_TOKENS)));
    }

    #[test]
    fn random_toml(text in "\\PC{0,60}|[\\[\\]{}=\"'.,#a-z0-9_ \n\r\t\\\\+-]{0,60}") {
        check_toml(&text);
    }
}

/// An 8 x 8 variant with a king, e.p. on, and the given pieces and rules.
fn variant_8x8(setup: &str, body: &str) -> String {
    format!(
        "id = \"t\"\nname = \"T\"\nwidth = 8\nheight = 8\nsetup = \"{setup}\"\n[rules]\nen_passant = true\n{KING}{body}"
    )
}

#[test]
fn independent_problems_are_all_reported_at_once() {
    let text = variant_8x8(
        "k7/8/8/8/8/8/8/7K w - - 0 1",
        "colour = \"blue\"\n\
         [[piece]]\nname = \"Wazir\"\ncode = \"W\"\nmoves = \"W{slow}R\"\n\
         [[promotion]]\npieces = [\"W\"]\nranks = [8]\nchoices = [\"Dragon\"]\n\
         [[castling]]\nking = \"e1\"\nking_to = \"g1\"\nrook = \"z9\"\nrook_to = \"f1\"\n",
    );
    let errors = bigboard::load(&text).unwrap_err();
    let at: Vec<&str> = errors.0.iter().map(|e| e.at.as_str()).collect();
    for want in "piece[0].colour piece[1].moves promotion[0].choices castling[0].rook".split(' ') {
        assert!(at.contains(&want), "{want} missing from\n{errors}");
    }
    assert_eq!(errors.to_string().lines().count(), errors.0.len());
    assert!(errors.to_string().contains("Dragon"), "{errors}");
}

// Bugs these tests found, kept as regression tests.

#[test]
fn huge_empty_counts_are_an_error_not_a_panic() {
    let v = builtin("xhess").unwrap();
    // 1 + 2147483647 wrapped to a negative file; the next piece panicked
    // with "inside the board" (in a debug build the addition itself did).
    for text in "10/10/10/10/10/10/10/10/10/K2147483647K w - - 0 1|10/10/10/10/10/10/10/10/10/2147483647K".split('|') {
        let result = std::panic::catch_unwind(|| Position::from_fen(v.clone(), text).is_err());
        assert_eq!(result.ok(), Some(true), "from_fen panicked on {text}");
    }
}

#[test]
fn deep_leg_chains_are_rejected_quickly() {
    // "aaaaaR" took over a second and half a gigabyte; "aaaaaaR" ran out of
    // memory (over 5 GB).
    let text = small_variant("aaaaaaR");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(bigboard::load(&text).is_err());
    });
    let answer = rx.recv_timeout(std::time::Duration::from_secs(3));
    assert_eq!(answer, Ok(true), "no answer within 3 s");
}

#[test]
fn castling_never_removes_the_king() {
    // rook_to == king_to: castling put the rook on the king.
    let rook = "[[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n";
    let rule = "[[castling]]\nking = \"e1\"\nking_to = \"g1\"\nrook = \"h1\"\nrook_to = \"g1\"\n";
    let Ok(v) = bigboard::load(&variant_8x8("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &format!("{rook}{rule}"))) else {
        return;
    };
    let mut pos = Position::new(v);
    pos.play_text("e1g1").unwrap();
    let kings = pos.fen().chars().filter(|&c| c == 'K').count();
    assert_eq!(kings, 1, "after castling: {}", pos.fen());
}

/// An 8 x 8 variant with a pawn moving by `moves`, after the move `text`.
fn pawn_after(setup: &str, moves: &str, text: &str) -> (Arc<Variant>, Position) {
    let pawn = format!("[[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"{moves}\"\n");
    let v = bigboard::load(&variant_8x8(setup, &pawn)).unwrap();
    let mut pos = Position::new(v.clone());
    pos.play_text(text).unwrap();
    (v, pos)
}

#[test]
fn en_passant_rights_read_back() {
    // A diagonal two-square move wrote c3 alone, read back as a straight
    // move's square: an error, or with a pawn on c4 the wrong victim. A D
    // leap over the king on d3 was taken for a slide and made d3 an e.p.
    // square.
    for (setup, moves, text) in [
        ("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "fmWfcFifmF2", "d2b4"),
        ("4k3/8/8/8/2P5/8/3P4/4K3 w - - 0 1", "fmWfcFifmF2", "d2b4"),
        ("4k3/8/8/8/8/3K4/3P4/8 w - - 0 1", "fmWfmDifmR2", "d2d4"),
    ] {
        let (v, pos) = pawn_after(setup, moves, text);
        let ep = pos.en_passant();
        assert!(ep.squares().all(|sq| pos.piece_at(sq).is_none()), "{}", pos.fen());
        let back = Position::from_fen(v, &pos.fen());
        assert!(back.is_ok_and(|b| b == pos && b.en_passant() == ep), "{}", pos.fen());
    }
}

#[test]
fn oversized_hopper_chains_are_an_error_not_a_panic() {
    let text = small_variant("aapK6");
    let result = std::panic::catch_unwind(|| bigboard::load(&text).is_err());
    assert_eq!(result.ok(), Some(true), "'aapK6' panicked");
}

#[test]
fn a_long_move_that_promotes_leaves_no_en_passant_rights() {
    // ep-promotion.toml and ep-promotion-uci.txt: after e2e8=Q the text
    // named e3..e7 as e.p. squares of a Queen, and could not be read back.
    let v = ep_promotion();
    let mut pos = Position::new(v.clone());
    pos.play_text("e2e8=Q").unwrap();
    assert_eq!(pos.en_passant().count, 0);
    assert_eq!(pos.fen(), "k3Q3/8/8/8/8/8/8/K7 b - - 0 1");
    exercise(pos, "e2e8=Q");
    assert!(Position::from_fen(v.clone(), "k3Q3/8/8/8/8/8/8/K7 b - e3,e4,e5,e6,e7 0 1").is_err());
    // Short of the promotion rank the pawn keeps its rights.
    let mut pos = Position::new(v);
    pos.play_text("e2e7").unwrap();
    assert_eq!(pos.fen(), "k7/4P3/8/8/8/8/8/K7 b - e3,e4,e5,e6 0 1");
    exercise(pos, "e2e7");
}

#[test]
fn a_position_whose_side_not_to_move_is_in_check_is_refused() {
    // opponent-in-check.sh and king-capture-continues.sh: White to move
    // could take the black king on e16. In Flee kings attack along open
    // lines, so two kings on one open file are the same case.
    let flee = builtin("flee").unwrap();
    for (text, attacked) in [
        (
            "4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1",
            "(Black) is in check: its King on e16",
        ),
        (
            "4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/p3K11 w - - 0 1",
            "(Black) is in check: its King on e16",
        ),
        (
            "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 b - - 0 1",
            "(White) is in check: its King on e1",
        ),
    ] {
        let e = Position::from_fen(flee.clone(), text).unwrap_err();
        assert_eq!(e.field, "side to move", "{e}");
        assert_eq!(e.message, format!("the side not to move {attacked} is attacked"));
    }
    // The side to move may be in check.
    assert!(Position::from_fen(flee, "4k11/4R11/16/16/16/16/16/16/16/16/16/16/16/16/16/3K12 b - - 0 1").is_ok());
}

#[test]
fn n_on_a_king_is_an_error_not_a_king() {
    // lame-king.toml (nK-accepted.toml): `nK` moved as a King.
    let e = bigboard::load(include_str!("data/definitions/lame-king.toml")).unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].at, "piece[1].moves");
    assert!(
        e.0[0].message.starts_with("'nK' at character 1: 'n' (lame leaper)"),
        "{e}"
    );
}
