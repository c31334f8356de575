//! The wasm boundary, run in Node by wasm-bindgen-test: games from ids and
//! definitions, moves, errors as exceptions that leave the game unchanged,
//! arguments of the wrong type as TypeErrors, typed SAN, undo/redo,
//! history, status and the AI entry.
#![cfg(target_arch = "wasm32")]

use bigboard::Move;
use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::walk::capture_cache::CaptureCache;
use bigboard::search::select;
use bigboard::wasm::{DefinitionLoader, Engine, Game, builtin_variants, check_definition, definition_compilations};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn len(v: &JsValue) -> u32 {
    js_sys::Array::from(v).length()
}

fn js(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn opt(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::UNDEFINED, JsValue::from_str)
}

/// A game as a page script makes one, every argument a string or left out.
fn game(variant: &str, definition: Option<&str>, fen: Option<&str>, moves: Option<&str>) -> Result<Game, JsValue> {
    Game::new(js(variant), opt(definition), opt(fen), opt(moves), JsValue::UNDEFINED)
}

#[wasm_bindgen_test]
fn lists_the_builtin_variants() {
    let list = builtin_variants();
    assert_eq!(len(&list), 5);
    let first = js_sys::Array::from(&list).get(0);
    assert_eq!(get(&first, "id").as_string().unwrap(), "xhess");
    assert_eq!(get(&first, "width").as_f64().unwrap(), 10.0);
    assert_eq!(get(&first, "random_setup").as_bool(), Some(false));
    let uc = js_sys::Array::from(&list).get(4);
    assert_eq!(get(&uc, "id").as_string().unwrap(), "uc-170-17");
    assert_eq!(get(&uc, "random_setup").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn plays_undoes_and_redoes() {
    let mut g = game("xhess", None, None, None).unwrap();
    assert_eq!(len(&g.legal_moves()), 80);
    let start = g.fen();
    let played = g.play(js("e4e5")).unwrap();
    assert_eq!(get(&played, "text").as_string().unwrap(), "e4e5");
    assert_ne!(g.fen(), start);
    assert!(g.undo());
    assert_eq!(g.fen(), start);
    assert!(g.redo());
    assert_eq!(g.moves_text(), "e4e5");
    assert!(!g.redo());
    let history = g.history();
    assert_eq!(len(&get(&history, "san")), 1);
    assert_eq!(get(&history, "start_fen").as_string().unwrap(), start);
}

#[wasm_bindgen_test]
fn an_illegal_move_is_an_error_and_changes_nothing() {
    let mut g = game("really-big-board", None, None, Some("i2i6")).unwrap();
    let before = g.fen();
    for bad in ["i6i8", "zz", "", "a1a1", "i15i14=Q", "h15h10=nothing"] {
        let err = g.play(js(bad));
        assert!(err.is_err(), "{bad} should fail");
        assert_eq!(g.fen(), before);
    }
    assert!(game("nope", None, None, None).is_err());
    assert!(game("xhess", None, Some("not a fen"), None).is_err());
    assert!(game("xhess", None, None, Some("e4e5 e4e5")).is_err());
}

#[wasm_bindgen_test]
fn destinations_carry_promotion_choices() {
    // An Overboard Guard Pawn about to enter rank 12: optional Ski-Queen.
    let fen = "4k11/16/16/16/16/4P11/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1";
    let mut g = game("overboard", None, Some(fen), None).unwrap();
    let d = js_sys::Array::from(&g.destinations(164)); // e11 = rank 11 (index 10) * 16 + file e (4)
    assert_eq!(d.length(), 1);
    let dest = d.get(0);
    assert_eq!(get(&dest, "plain").as_bool(), Some(true));
    assert_eq!(len(&get(&dest, "promotions")), 1);
    g.play(js("e11e12=ski-queen")).unwrap();
    assert!(g.fen().contains("{SQ}"), "{}", g.fen());
}

#[wasm_bindgen_test]
fn a_bare_king_cannot_win_except_by_the_far_rank() {
    // Not on one file: Flee kings attack each other along open lines.
    let fen = "3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1";
    let g = game("flee", None, Some(fen), None).unwrap();
    assert!(g.can_win(0));
    assert!(!g.can_win(1));
    let x = game("xhess", None, Some("4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1"), None).unwrap();
    assert!(x.can_win(1));
}

#[wasm_bindgen_test]
fn status_reports_checkmate() {
    // Xhess: Black king a10 mated by the queen b9 guarded by the king c8.
    let fen = "k9/1Q8/2K7/10/10/10/10/10/10/10 b - - 0 1";
    let mut g = game("xhess", None, Some(fen), None).unwrap();
    let s = g.status();
    assert_eq!(get(&s, "over").as_bool(), Some(true));
    assert_eq!(get(&s, "reason_id").as_string().unwrap(), "checkmate");
    assert_eq!(get(&s, "winner").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
fn status_reports_the_last_counted_check() {
    // Three-check: White has given two checks; Bxf7+ is the third.
    let def = include_str!("../examples/variants/3check.toml");
    let fen = "rnbqkbnr/ppp5/4Bpp1/8/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 6 checks=2,0";
    let mut g = game("", Some(def), Some(fen), Some("g8h6 e6f7")).unwrap();
    let s = g.status();
    assert_eq!(get(&s, "over").as_bool(), Some(true));
    assert_eq!(get(&s, "reason_id").as_string().unwrap(), "checks");
    assert_eq!(get(&s, "winner").as_f64(), Some(0.0));
    assert!(g.fen().ends_with(" checks=3,0"), "{}", g.fen());
}

#[wasm_bindgen_test]
fn definitions_are_checked_and_played() {
    let def = r#"
id = "tiny"
name = "Tiny"
width = 4
height = 4
setup = "k3/4/4/3K w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
"#;
    assert_eq!(len(&check_definition(js(def)).unwrap()), 0);
    let g = game("", Some(def), None, None).unwrap();
    assert_eq!(get(&g.variant(), "id").as_string().unwrap(), "tiny");
    let problems = check_definition(js(&def.replace("moves = \"K\"", "moves = \"X\""))).unwrap();
    assert_eq!(len(&problems), 1);
    let p = js_sys::Array::from(&problems).get(0);
    assert_eq!(get(&p, "at").as_string().unwrap(), "piece[0].moves");
}

#[wasm_bindgen_test]
fn the_engine_returns_a_legal_move_and_reports_progress() {
    let mut e = Engine::new(4).unwrap();
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let c = calls.clone();
    let progress = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |_v: JsValue| c.set(c.get() + 1));
    let start = "r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w - - 0 1";
    let r = e
        .think(
            js("xhess"),
            JsValue::NULL,
            js(start),
            js("e4e5"),
            3,
            2000.0,
            7,
            progress.as_ref().unchecked_ref(),
        )
        .unwrap();
    let best = get(&r, "best").as_string().unwrap();
    let mut g = game("xhess", None, None, Some("e4e5")).unwrap();
    assert!(g.play(js(&best)).is_ok(), "{best}");
    assert!(calls.get() >= 1);
}

/// The warm-up leaves nothing behind: a search after it is the one a fresh
/// engine makes, in the variant it warmed up with and in another.
#[wasm_bindgen_test]
fn a_warmed_up_engine_searches_as_a_fresh_one() {
    for (variant, moves, depth) in [("xhess", "e4e5", 5), ("overboard", "", 3)] {
        let search = |e: &mut Engine| {
            let r = e
                .search_depth(js(variant), JsValue::NULL, js(""), js(moves), depth)
                .unwrap();
            let pv = js_sys::Array::from(&get(&r, "pv"))
                .iter()
                .map(|m| m.as_string().unwrap())
                .collect::<Vec<_>>();
            (get(&r, "nodes").as_f64().unwrap(), get(&r, "score_cp").as_f64(), pv)
        };
        let fresh = search(&mut Engine::new(4).unwrap());
        let mut warm = Engine::new(4).unwrap();
        warm.warm_up();
        assert_eq!(search(&mut warm), fresh, "{variant}");
    }
}

#[wasm_bindgen_test]
fn the_engine_plays_an_author_defined_variant_move_after_move() {
    let def = r#"
id = "rook-end"
name = "Rook ending"
width = 6
height = 6
setup = "2k3/6/6/6/6/R4K w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#;
    let mut e = Engine::new(4).unwrap();
    let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_v: JsValue| {});
    let mut g = game("", Some(def), None, None).unwrap();
    for _ in 0..4 {
        let r = e
            .think(
                js(""),
                js(def),
                js(&g.start_fen()),
                js(&g.moves_text()),
                8,
                200.0,
                1,
                ignore.as_ref().unchecked_ref(),
            )
            .unwrap();
        let best = get(&r, "best").as_string().unwrap();
        g.play(js(&best)).unwrap();
    }
    assert_eq!(g.moves_text().split_whitespace().count(), 4);
}

/// A small valid definition whose text differs by `id` (compilations are
/// kept by exact text).
fn small_definition(id: &str) -> String {
    format!(
        r#"
id = "{id}"
name = "Small"
width = 6
height = 6
setup = "k5/6/6/6/6/1R3K w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#
    )
}

#[wasm_bindgen_test]
fn a_definition_checked_then_played_is_compiled_once() {
    let def = small_definition("once");
    let before = definition_compilations();
    assert_eq!(len(&check_definition(js(&def)).unwrap()), 0);
    assert_eq!(definition_compilations(), before + 1);
    let g = game("", Some(&def), None, None).unwrap();
    let mut other = game("", Some(&def), None, Some("b1b2")).unwrap();
    assert_eq!(len(&check_definition(js(&def)).unwrap()), 0);
    // A game of the same variant from another position (a diagram showing
    // the side not to move) shares the tables.
    let mut passed = g
        .with_position(js("k5/6/6/6/6/1R3K b - - 0 1"), JsValue::UNDEFINED)
        .unwrap();
    // The rook holds the b-file: the black king's one move is to a5.
    assert_eq!(len(&passed.legal_moves()), 1);
    assert_eq!(len(&other.legal_moves()), 1);
    let mut e = Engine::new(1).unwrap();
    e.load(js(""), js(&def)).unwrap();
    assert_eq!(definition_compilations(), before + 1);
}

#[wasm_bindgen_test]
fn only_the_last_two_definitions_are_kept() {
    let [a, b, c] = ["kept-a", "kept-b", "kept-c"].map(small_definition);
    let before = definition_compilations();
    for def in [&a, &b, &a, &c, &a] {
        assert_eq!(len(&check_definition(js(def)).unwrap()), 0);
    }
    // a, b; a again kept; c pushes b out; a is still kept.
    assert_eq!(definition_compilations(), before + 3);
    assert_eq!(len(&check_definition(js(&b)).unwrap()), 0);
    assert_eq!(definition_compilations(), before + 4);
}

#[wasm_bindgen_test]
fn a_definition_loader_compiles_in_steps_and_keeps_the_result() {
    let def = small_definition("stepped");
    let before = definition_compilations();
    let mut loader = DefinitionLoader::new(js(&def)).unwrap();
    let mut steps = 0;
    while !loader.step(8.0) {
        steps += 1;
        assert!(steps < 100_000);
    }
    assert!(loader.done());
    assert_eq!(len(&loader.problems()), 0);
    let g = game("", Some(&def), None, None).unwrap();
    assert_eq!(get(&g.variant(), "id").as_string().unwrap(), "stepped");
    // Loading it again finds it at once.
    let again = DefinitionLoader::new(js(&def)).unwrap();
    assert!(again.done());
    assert_eq!(definition_compilations(), before + 1);

    // Its problems are checkDefinition's.
    let bad = small_definition("stepped-bad").replace("moves = \"R\"", "moves = \"X\"");
    let mut loader = DefinitionLoader::new(js(&bad)).unwrap();
    while !loader.step(8.0) {}
    let problems = loader.problems();
    assert_eq!(len(&problems), 1);
    let p = js_sys::Array::from(&problems).get(0);
    assert_eq!(get(&p, "at").as_string().unwrap(), "piece[1].moves");
    assert_eq!(
        js_sys::JSON::stringify(&problems).unwrap(),
        js_sys::JSON::stringify(&check_definition(js(&bad)).unwrap()).unwrap()
    );
    let mut broken = DefinitionLoader::new(js("width = ")).unwrap();
    while !broken.step(8.0) {}
    assert!(len(&broken.problems()) >= 1);
}

/// The message of a `TypeError`, or a panic when `e` is another value.
fn type_error_message(e: JsValue) -> String {
    assert!(e.is_instance_of::<js_sys::TypeError>(), "{e:?} is not a TypeError");
    String::from(e.unchecked_into::<js_sys::Error>().message())
}

#[wasm_bindgen_test]
fn a_non_string_argument_is_a_type_error_naming_it() {
    let number = JsValue::from_f64(123.0);
    let object = JsValue::from(js_sys::Object::new());
    let message = type_error_message(
        Game::new(
            number.clone(),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap(),
    );
    assert_eq!(message, "new Game: variant must be a string, not number");
    let message = type_error_message(
        Game::new(
            js("xhess"),
            JsValue::NULL,
            object.clone(),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap(),
    );
    assert_eq!(message, "new Game: fen must be a string, not object");
    let message = type_error_message(
        Game::new(
            js("xhess"),
            JsValue::TRUE,
            JsValue::NULL,
            JsValue::NULL,
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap(),
    );
    assert!(message.contains("definition"), "{message}");
    let message = type_error_message(
        Game::new(
            js("xhess"),
            JsValue::NULL,
            JsValue::NULL,
            number.clone(),
            JsValue::UNDEFINED,
        )
        .err()
        .unwrap(),
    );
    assert!(message.contains("moves"), "{message}");
    let message = type_error_message(
        Game::new(js("uc-170-17"), JsValue::NULL, JsValue::NULL, JsValue::NULL, js("7"))
            .err()
            .unwrap(),
    );
    assert_eq!(message, "new Game: seed must be a number");
    assert_eq!(
        type_error_message(check_definition(number.clone()).unwrap_err()),
        "checkDefinition: text must be a string, not number"
    );

    let mut g = game("xhess", None, None, None).unwrap();
    let before = g.fen();
    assert_eq!(
        type_error_message(g.play(JsValue::NULL).unwrap_err()),
        "Game.play: text must be a string, not null"
    );
    assert!(type_error_message(g.play(object.clone()).unwrap_err()).contains("Game.play: text"));
    assert!(type_error_message(g.move_from_san(number.clone()).unwrap_err()).contains("Game.moveFromSan: text"));
    assert_eq!(g.fen(), before);
    assert!(g.play(js("e4e5")).is_ok(), "the game goes on");

    let mut e = Engine::new(1).unwrap();
    let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_v: JsValue| {});
    let think = e.think(
        js("xhess"),
        JsValue::NULL,
        number.clone(),
        js(""),
        1,
        100.0,
        1,
        ignore.as_ref().unchecked_ref(),
    );
    assert_eq!(
        type_error_message(think.unwrap_err()),
        "Engine.think: fen must be a string, not number"
    );
    let search = e.search_depth(object, JsValue::NULL, js(&before), js(""), 1);
    assert!(type_error_message(search.unwrap_err()).contains("Engine.searchDepth: variant"));
    // An engine error is still an Error with the engine's message, not a TypeError.
    let bad = game("nope", None, None, None).err().unwrap();
    assert!(bad.is_instance_of::<js_sys::Error>() && !bad.is_instance_of::<js_sys::TypeError>());
}

#[wasm_bindgen_test]
fn typed_san_gives_the_coordinate_move() {
    let mut played = game("xhess", None, None, Some("e4e5")).unwrap();
    let san = js_sys::Array::from(&get(&played.history(), "san"))
        .get(0)
        .as_string()
        .unwrap();
    let mut g = game("xhess", None, None, None).unwrap();
    assert_eq!(g.move_from_san(js(&san)).unwrap(), "e4e5");
    assert!(g.move_from_san(js("Zz99")).is_err());
    assert!(played.undo());
}

#[wasm_bindgen_test]
fn a_game_cannot_go_on_after_its_end() {
    // Import and a restored game build a Game from its moves: two rounds of
    // knight moves repeat the start position three times.
    let shuffle = "d2b1 d9b10 b1d2 b10d9";
    let moves = format!("{shuffle} {shuffle} d2b1");
    assert!(game("xhess", None, None, Some(&format!("{shuffle} {shuffle}"))).is_ok());
    assert!(game("xhess", None, None, Some(&moves)).is_err());
}

#[wasm_bindgen_test]
fn a_piece_movement_is_sketched_pattern_by_pattern() {
    let g = game("xhess", None, None, None).unwrap();
    let pieces = js_sys::Array::from(&g.pieces());
    let kind_of = |code: &str| {
        (0..pieces.length())
            .find(|&i| get(&pieces.get(i), "code").as_string().unwrap() == code)
            .unwrap() as usize
    };
    // The Cannon: slides to move, hops to capture.
    let cannon = js_sys::Array::from(&g.movement_sketch(kind_of("C")).unwrap());
    let paths: Vec<String> = cannon.iter().map(|s| get(&s, "path").as_string().unwrap()).collect();
    assert_eq!(paths, ["slide", "hop"]);
    let slide = cannon.get(0);
    assert!(get(&slide, "moves").as_bool().unwrap() && !get(&slide, "captures").as_bool().unwrap());
    assert_eq!(len(&get(&slide, "dirs")), 4);
    assert!(g.movement_sketch(99).is_err());
}

/// A UC-170-17 game starts from the setup of its seed, or of a seed drawn
/// for it; a seed without random setups, or with a position text, is an
/// error.
#[wasm_bindgen_test]
fn uc_games_start_from_a_seed() {
    let seeded = |s: JsValue| Game::new(js("uc-170-17"), JsValue::NULL, JsValue::NULL, JsValue::NULL, s);
    let a = seeded(JsValue::from_f64(5.0)).unwrap();
    let b = seeded(JsValue::from_f64(5.0)).unwrap();
    let c = seeded(JsValue::from_f64(6.0)).unwrap();
    assert_eq!(a.seed(), Some(5.0));
    assert_eq!(a.fen(), b.fen());
    assert_ne!(a.fen(), c.fen());
    assert!(a.fen().contains(" reserve="), "{}", a.fen());
    let drawn = seeded(JsValue::UNDEFINED).unwrap();
    let s = drawn.seed().expect("a seed drawn");
    assert_eq!(seeded(JsValue::from_f64(s)).unwrap().fen(), drawn.fen());
    assert!(seeded(JsValue::from_f64(-1.0)).is_err());
    assert!(seeded(JsValue::from_f64(1.5)).is_err());
    assert!(
        Game::new(
            js("xhess"),
            JsValue::NULL,
            JsValue::NULL,
            JsValue::NULL,
            JsValue::from_f64(1.0)
        )
        .is_err()
    );
    let fen = a.fen();
    assert!(
        Game::new(
            js("uc-170-17"),
            JsValue::NULL,
            js(&fen),
            JsValue::NULL,
            JsValue::from_f64(1.0)
        )
        .is_err()
    );
    let from_text = Game::new(
        js("uc-170-17"),
        JsValue::NULL,
        js(&fen),
        JsValue::NULL,
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(from_text.seed(), None);
    assert_eq!(from_text.fen(), fen);
}

fn uc(fen: &str) -> Game {
    game("uc-170-17", None, Some(fen), None).unwrap()
}

/// Is a man of code `code` on `sq`?
fn has(g: &Game, sq: u16, code: &str) -> bool {
    js_sys::Array::from(&g.board())
        .iter()
        .any(|c| get(&c, "sq").as_f64() == Some(f64::from(sq)) && get(&c, "code").as_string().unwrap() == code)
}

fn numbers(v: &JsValue) -> Vec<f64> {
    js_sys::Array::from(v).iter().map(|x| x.as_f64().unwrap()).collect()
}

fn strings(v: &JsValue) -> Vec<String> {
    js_sys::Array::from(v).iter().map(|x| x.as_string().unwrap()).collect()
}

/// A square of the 8 x 8 board by name.
fn sq8(name: &str) -> u16 {
    let b = name.as_bytes();
    u16::from(b[1] - b'1') * 8 + u16::from(b[0] - b'a')
}

/// The codes of a position text's `reserve=` list, `[color][class]`, in
/// order, upper case.
fn reserve_field(fen: &str) -> Vec<Vec<String>> {
    let field = fen.split(' ').find_map(|f| f.strip_prefix("reserve=")).unwrap();
    let mut out = Vec::new();
    for side in field.split(',') {
        for list in side.split('/') {
            let mut codes = Vec::new();
            let mut chars = list.chars();
            while let Some(c) = chars.next() {
                match c {
                    '-' => {}
                    '{' => codes.push(
                        chars
                            .by_ref()
                            .take_while(|&c| c != '}')
                            .collect::<String>()
                            .to_uppercase(),
                    ),
                    c => codes.push(c.to_uppercase().to_string()),
                }
            }
            out.push(codes);
        }
    }
    out
}

/// A seeded game's reserves are the seed's lists in drop order, full,
/// with the next drops at the front and the next promotion at the back.
#[wasm_bindgen_test]
fn reserves_follow_the_seed() {
    let seeded = |s: f64| {
        Game::new(
            js("uc-170-17"),
            JsValue::NULL,
            JsValue::NULL,
            JsValue::NULL,
            JsValue::from_f64(s),
        )
    };
    let g = seeded(42.0).unwrap();
    let lists = reserve_field(&g.fen());
    let sides = js_sys::Array::from(&g.reserves());
    assert_eq!(sides.length(), 2);
    for color in 0..2 {
        let side = sides.get(color);
        let pieces = strings(&get(&side, "piece_codes"));
        let pawns = strings(&get(&side, "pawn_codes"));
        assert_eq!(pieces, lists[color as usize * 2], "side {color} pieces");
        assert_eq!(pawns, lists[color as usize * 2 + 1], "side {color} pawns");
        assert_eq!(pieces.len(), 162);
        assert_eq!(pawns.len(), 9);
        assert_eq!(len(&get(&side, "pieces")), 162);
        assert_eq!(get(&side, "piece_front").as_f64(), Some(0.0));
        assert_eq!(get(&side, "piece_back").as_f64(), Some(162.0));
        assert_eq!(get(&side, "pawn_back").as_f64(), Some(9.0));
        assert_eq!(get(&side, "next_piece").as_f64(), Some(0.0));
        assert_eq!(get(&side, "next_pawn").as_f64(), Some(0.0));
        assert_eq!(get(&side, "promotion").as_f64(), Some(161.0));
        assert_eq!(numbers(&get(&side, "credits")), vec![0.0, 0.0]);
    }
    let other = js_sys::Array::from(&seeded(43.0).unwrap().reserves()).get(0);
    assert_ne!(
        strings(&get(&other, "piece_codes")),
        lists[0],
        "another seed, other lists"
    );
    assert!(game("xhess", None, None, None).unwrap().reserves().is_null());
    assert!(game("xhess", None, None, None).unwrap().credits().is_null());
}

/// An exchange credits both sides; the credit pays for a drop the turn
/// text carries, which moves the reserve's front.
#[wasm_bindgen_test]
fn an_exchange_earns_credits_that_pay_a_drop() {
    let mut g = uc("4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-");
    assert_eq!(numbers(&js_sys::Array::from(&g.credits()).get(0)), vec![0.0, 0.0]);
    g.play(js("d1d5")).unwrap();
    assert_eq!(g.pending_exchange(), Some(sq8("d5")));
    g.play(js("c6d5")).unwrap();
    let credits = js_sys::Array::from(&g.credits());
    assert_eq!(numbers(&credits.get(0)), vec![1.0, 0.0], "White lost its Rook");
    assert_eq!(numbers(&credits.get(1)), vec![1.0, 0.0], "Blue lost its Knight");
    let drops = g.drop_squares(js("e1e2")).unwrap();
    assert_eq!(get(&get(&drops, "piece"), "code").as_string().unwrap(), "R");
    assert!(get(&drops, "pawn").is_null(), "no pawn credit");
    let squares: Vec<f64> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .iter()
        .map(|s| f64::from(sq8(s)))
        .collect();
    assert_eq!(numbers(&get(&drops, "piece_squares")), squares);
    assert_eq!(len(&get(&drops, "pawn_squares")), 0);
    let turns = js_sys::Array::from(&get(&drops, "turns"));
    assert_eq!(turns.length(), 8);
    let h1 = turns
        .iter()
        .find(|t| get(t, "piece").as_f64() == Some(f64::from(sq8("h1"))))
        .unwrap();
    assert_eq!(get(&h1, "text").as_string().unwrap(), "e1e2+@h1");
    g.play(get(&h1, "text")).unwrap();
    let white = js_sys::Array::from(&g.reserves()).get(0);
    assert_eq!(get(&white, "piece_front").as_f64(), Some(1.0));
    assert!(get(&white, "next_piece").is_null(), "the reserve is used up");
    assert_eq!(numbers(&get(&white, "credits")), vec![0.0, 0.0]);
    assert!(has(&g, sq8("h1"), "R"));
}

/// A move with a piece and a pawn credit: every choice of drops, each
/// the text of a turn the game plays.
#[wasm_bindgen_test]
fn drop_squares_list_piece_and_pawn_drops() {
    let mut g = uc("4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0");
    let drops = g.drop_squares(js("e1d2")).unwrap();
    assert_eq!(get(&get(&drops, "piece"), "code").as_string().unwrap(), "R");
    assert_eq!(get(&get(&drops, "pawn"), "code").as_string().unwrap(), "P");
    assert_eq!(len(&get(&drops, "piece_squares")), 8, "the whole first rank, e1 left");
    let pawn_squares = numbers(&get(&drops, "pawn_squares"));
    assert_eq!(pawn_squares.len(), 7);
    assert!(!pawn_squares.contains(&f64::from(sq8("d2"))), "the King stands there");
    let turns = js_sys::Array::from(&get(&drops, "turns"));
    assert_eq!(turns.length(), 8 + 7 + 8 * 7);
    assert!(
        turns
            .iter()
            .all(|t| get(&t, "text").as_string().unwrap().starts_with("e1d2+"))
    );
    let both = turns
        .iter()
        .find(|t| {
            get(t, "piece").as_f64() == Some(f64::from(sq8("a1")))
                && get(t, "pawn").as_f64() == Some(f64::from(sq8("h2")))
        })
        .unwrap();
    assert_eq!(get(&both, "text").as_string().unwrap(), "e1d2+@a1+@h2");
    // Destinations list the King's moves once each, without drops.
    assert_eq!(len(&g.destinations(sq8("e1"))), 5);
    g.play(get(&both, "text")).unwrap();
    let white = js_sys::Array::from(&g.reserves()).get(0);
    assert_eq!(get(&white, "next_piece").as_f64(), Some(1.0));
    assert_eq!(get(&white, "next_pawn").as_f64(), Some(1.0));
    assert_eq!(get(&white, "promotion").as_f64(), Some(1.0));
    assert!(has(&g, sq8("a1"), "R") && has(&g, sq8("h2"), "P"));
    // Blue has no credit: nothing to drop; a move that is not legal throws.
    let none = g.drop_squares(js("e8e7")).unwrap();
    assert_eq!(len(&get(&none, "turns")), 0);
    assert!(get(&none, "piece").is_null());
    assert!(g.drop_squares(js("e8e6")).is_err());
    let mut x = game("xhess", None, None, None).unwrap();
    assert_eq!(len(&get(&x.drop_squares(js("e4e5")).unwrap(), "turns")), 0);
}

/// Two moves of a Lion reach f6 with different effects: the chooser
/// gets both, with the men each takes.
#[wasm_bindgen_test]
fn destinations_tell_apart_moves_to_one_square() {
    let mut g = uc("4k3/8/5p2/4p3/3{LI}4/8/8/4K3 w - - 0 1");
    let d = js_sys::Array::from(&g.destinations(sq8("d4")));
    let at = |name: &str| {
        d.iter()
            .find(|t| get(t, "to").as_f64() == Some(f64::from(sq8(name))))
            .unwrap()
    };
    let f6 = at("f6");
    let choices = js_sys::Array::from(&get(&f6, "choices"));
    let mut found: Vec<(String, Vec<f64>)> = choices
        .iter()
        .map(|c| (get(&c, "text").as_string().unwrap(), numbers(&get(&c, "captures"))))
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        found,
        vec![
            ("d4f6".to_string(), vec![f64::from(sq8("f6"))]),
            ("d4f6^e5".to_string(), vec![f64::from(sq8("e5")), f64::from(sq8("f6"))]),
        ]
    );
    assert_eq!(get(&f6, "capture").as_bool(), Some(true));
    assert_eq!(
        effects(&get(&f6, "effects")),
        [fx("taken", "e5", None)],
        "taken on the way"
    );
    assert_eq!(len(&get(&at("e5"), "effects")), 0, "taken on the target only");
    assert_eq!(len(&get(&at("e5"), "choices")), 0, "one move to e5");
    // A move that takes on the way lands on an empty square: a capture.
    assert_eq!(get(&at("e4"), "capture").as_bool(), Some(true));
    for c in choices.iter() {
        let mut h = uc("4k3/8/5p2/4p3/3{LI}4/8/8/4K3 w - - 0 1");
        assert!(h.last_captures().is_empty(), "no move yet");
        h.play(get(&c, "text")).unwrap();
        // The men the move took, for the page to show.
        let taken: Vec<f64> = h.last_captures().iter().map(|&s| f64::from(s)).collect();
        assert_eq!(taken, numbers(&get(&c, "captures")));
    }
    let mut igui = uc("4k3/8/5p2/4p3/3{LI}4/8/8/4K3 w - - 0 1");
    igui.play(js("d4d4^e5")).unwrap();
    assert_eq!(igui.last_captures(), vec![sq8("e5")]);
    assert!(igui.undo());
    assert!(igui.last_captures().is_empty());
}

/// The catalogue tells pawn kinds and what each kind does beyond moving.
#[wasm_bindgen_test]
fn the_catalogue_tells_pawns_and_traits() {
    let g = uc("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let list = js_sys::Array::from(&g.pieces());
    assert_eq!(list.length(), 187);
    let by_code = |code: &str| {
        list.iter()
            .find(|p| get(p, "code").as_string().unwrap() == code)
            .unwrap()
    };
    let traits = |code: &str| strings(&get(&by_code(code), "traits"));
    assert_eq!(traits("WD"), vec!["special capture"], "the Withdrawer");
    assert_eq!(traits("LI"), vec!["special capture"], "the Lion takes on the way");
    assert_eq!(traits("AK"), vec!["anti-royal"]);
    assert!(traits("Q").is_empty() && traits("K").is_empty());
    assert_eq!(get(&by_code("P"), "pawn").as_bool(), Some(true));
    assert_eq!(get(&by_code("Q"), "pawn").as_bool(), Some(false));
    let pawns = list.iter().filter(|p| get(p, "pawn").as_bool() == Some(true)).count();
    assert_eq!(pawns, 17);
}

/// The effects of a list from the boundary as (kind, at, to) with square
/// names of an 8 x 8 board.
fn effects(list: &JsValue) -> Vec<(String, String, Option<String>)> {
    let name = |v: JsValue| {
        v.as_f64().map(|n| {
            let n = n as u16;
            format!("{}{}", char::from(b'a' + (n % 8) as u8), n / 8 + 1)
        })
    };
    js_sys::Array::from(list)
        .iter()
        .map(|e| {
            (
                get(&e, "kind").as_string().unwrap(),
                name(get(&e, "at")).unwrap(),
                name(get(&e, "to")),
            )
        })
        .collect()
}

/// An effect as [`effects`] lists it.
fn fx(kind: &str, at: &str, to: Option<&str>) -> (String, String, Option<String>) {
    (kind.to_string(), at.to_string(), to.map(str::to_string))
}

/// What a move did besides its squares (a man changing side as an
/// Andernach Grasshopper hops over it; a swap's partner), told of the last
/// move and of each move of a man, and the men frozen next to an enemy
/// Immobilizer.
#[wasm_bindgen_test]
fn moves_tell_what_they_changed_and_frozen_men_are_listed() {
    let mut g = uc("4k3/8/8/3r4/3{AGH}4/8/8/4K3 w - - 0 1");
    assert_eq!(len(&g.last_effects()), 0, "no move yet");
    // The hop to d6 will turn the Rook: told before the move, among the Grasshopper's destinations.
    let d = js_sys::Array::from(&g.destinations(sq8("d4")));
    let d6 = d
        .iter()
        .find(|t| get(t, "to").as_f64() == Some(f64::from(sq8("d6"))))
        .unwrap();
    assert_eq!(effects(&get(&d6, "effects")), [fx("side", "d5", Some("d5"))]);
    g.play(js("d4d6")).unwrap();
    assert!(has(&g, sq8("d5"), "R"), "the Rook hopped over is White's now");
    assert_eq!(effects(&g.last_effects()), [fx("side", "d5", Some("d5"))]);
    assert!(g.last_captures().is_empty());
    assert!(g.undo());
    assert_eq!(len(&g.last_effects()), 0);
    let mut plain = uc("4k3/8/8/3r4/3{AGH}4/8/8/4K3 w - - 0 1");
    plain.play(js("e1e2")).unwrap();
    assert_eq!(len(&plain.last_effects()), 0, "a King's step changes nothing else");
    let mut swap = uc("4k3/8/3r4/8/3{SWP}4/8/8/4K3 w - - 0 1");
    // The swap is entered on d6, and written as a swap.
    let d = js_sys::Array::from(&swap.destinations(sq8("d4")));
    let d6 = d
        .iter()
        .find(|t| get(t, "to").as_f64() == Some(f64::from(sq8("d6"))))
        .unwrap();
    assert_eq!(get(&d6, "text").as_string().unwrap(), "d4<>d6");
    assert_eq!(effects(&get(&d6, "effects")), [fx("swapped", "d6", Some("d4"))]);
    swap.play(get(&d6, "text")).unwrap();
    assert_eq!(effects(&swap.last_effects()), [fx("swapped", "d6", Some("d4"))]);

    let g = uc("4k3/8/8/4{im}3/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(g.frozen(), vec![sq8("d4")]);
    assert!(uc("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1").frozen().is_empty());
}

/// The piece editor's call: a pawn's parts and squares as numbers, a bad
/// string an Error naming its place, a non-string a TypeError.
#[wasm_bindgen_test]
fn movement_picture_reads_a_pawn_and_refuses_bad_strings() {
    use bigboard::wasm::editor::movement_picture;
    let n = movement_picture(js("fmWfcF"), 5).unwrap();
    // Two parts: fmW (0..3, plain, moves, one vector (0, 1)) and fcF.
    assert_eq!(n[0], 2);
    assert_eq!(&n[1..8], &[0, 3, 1 | 4, 1, 1, 0, 1]);
    assert_eq!(&n[8..13], &[3, 6, 1 | 8, 1, 2]);
    // Then the squares: (-1, 1) and (1, 1) captured, (0, 1) moved to.
    let mut cells: Vec<&[i32]> = n[17..].chunks(3).collect();
    cells.sort();
    assert_eq!(cells, vec![&[-1, 1, 2][..], &[0, 1, 1][..], &[1, 1, 2][..]]);
    let e = movement_picture(js("fmX"), 5).unwrap_err();
    assert!(!e.is_instance_of::<js_sys::TypeError>());
    assert!(get(&e, "message").as_string().unwrap().contains("character 3"));
    let e = movement_picture(JsValue::from_f64(7.0), 5).unwrap_err();
    assert!(e.is_instance_of::<js_sys::TypeError>());
}

/// A small deterministic generator (xorshift), for the random cases below.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Move ordering's pick, four scores at a time with the module's vector
/// instructions on long lists, brings the first of the highest scores to
/// the front, as a plain scan finds it, and swaps it with the move there.
#[wasm_bindgen_test]
fn the_pick_brings_the_first_of_the_highest_scores() {
    let mut rng = 0x2545_f491_4f6c_dd1d;
    for len in 1..70usize {
        for trial in 0..12 {
            let spread = [3u64, 1000, u32::MAX as u64][trial % 3];
            let scores: Vec<i32> = (0..len)
                .map(|_| match next(&mut rng) % 16 {
                    0 => i32::MIN,
                    1 => i32::MAX,
                    _ => (next(&mut rng) % spread) as i64 as i32 - (spread / 2) as i32,
                })
                .collect();
            let moves: Vec<Move> = (0..len as u16).map(|k| Move::normal(k, k + 1)).collect();
            for i in 0..len {
                let tail = &scores[i..];
                let top = *tail.iter().max().unwrap();
                let best = i + tail.iter().position(|&s| s == top).unwrap();
                let (mut m, mut s) = (moves.clone(), scores.clone());
                select(&mut m, &mut s, i);
                assert_eq!((m[i], s[i]), (moves[best], scores[best]), "{scores:?} from {i}");
                assert_eq!((m[best], s[best]), (moves[i], scores[i]), "{scores:?} from {i}");
            }
        }
    }
}

/// The capture cache, whose tests hold two words of a set in one of the
/// module's vector values, gives the moves a fresh walk gives, in the same
/// order, over random games on boards of two and four words, before and
/// after each move.
#[wasm_bindgen_test]
fn cached_captures_are_those_of_a_fresh_walk() {
    for id in ["xhess", "overboard", "flee"] {
        let mut pos = Position::new(builtin(id).unwrap());
        let mut cache = CaptureCache::new();
        let mut rng = 0x9e37_79b9_7f4a_7c15 ^ id.len() as u64;
        let mut compared = 0;
        let mut compare = |pos: &Position, cache: &mut CaptureCache| {
            let targets = pos.occupied_by(pos.side_to_move() ^ 1).to_vec();
            let (mut fresh, mut cached) = (Vec::new(), Vec::new());
            pos.pseudo_legal_captures_among(&targets, &mut fresh);
            pos.pseudo_legal_captures_cached(&targets, cache, &mut cached);
            assert_eq!(cached, fresh, "{id}");
            compared += 1;
        };
        for _ in 0..80 {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            compare(&pos, &mut cache);
            for &m in legal.iter().step_by(4) {
                pos.play_unchecked(m);
                compare(&pos, &mut cache);
                pos.undo();
            }
            pos.play_unchecked(legal[next(&mut rng) as usize % legal.len()]);
        }
        assert!(compared > 500, "{id}: {compared} positions");
    }
}
