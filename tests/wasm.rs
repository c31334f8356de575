//! The wasm boundary, run in Node by wasm-bindgen-test: games from ids and
//! definitions, moves, errors as exceptions that leave the game unchanged,
//! arguments of the wrong type as TypeErrors, typed SAN, undo/redo,
//! history, status and the AI entry.
#![cfg(target_arch = "wasm32")]

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
    assert_eq!(len(&list), 4);
    let first = js_sys::Array::from(&list).get(0);
    assert_eq!(get(&first, "id").as_string().unwrap(), "xhess");
    assert_eq!(get(&first, "width").as_f64().unwrap(), 10.0);
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

/// The piece editor's call: a pawn's parts and squares as numbers, a bad
/// string an Error naming its place, a non-string a TypeError.
#[wasm_bindgen_test]
fn movement_picture_reads_a_pawn_and_refuses_bad_strings() {
    use bigboard::wasm_editor::movement_picture;
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
