//! The wasm boundary, run in Node by wasm-bindgen-test: games from ids and
//! definitions, moves, errors as exceptions that leave the game unchanged,
//! undo/redo, history, status and the AI entry.
#![cfg(target_arch = "wasm32")]

use bigboard::wasm::{Engine, Game, builtin_variants, check_definition};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn len(v: &JsValue) -> u32 {
    js_sys::Array::from(v).length()
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
    let mut g = Game::new("xhess", None, None, None).unwrap();
    assert_eq!(len(&g.legal_moves()), 80);
    let start = g.fen();
    let played = g.play("e4e5").unwrap();
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
    let mut g = Game::new("really-big-board", None, None, Some("i2i6".into())).unwrap();
    let before = g.fen();
    for bad in ["i6i8", "zz", "", "a1a1", "i15i14=Q", "h15h10=nothing"] {
        let err = g.play(bad);
        assert!(err.is_err(), "{bad} should fail");
        assert_eq!(g.fen(), before);
    }
    assert!(Game::new("nope", None, None, None).is_err());
    assert!(Game::new("xhess", None, Some("not a fen".into()), None).is_err());
    assert!(Game::new("xhess", None, None, Some("e4e5 e4e5".into())).is_err());
}

#[wasm_bindgen_test]
fn destinations_carry_promotion_choices() {
    // An Overboard Guard Pawn about to enter rank 12: optional Ski-Queen.
    let fen = "4k11/16/16/16/16/4P11/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1";
    let mut g = Game::new("overboard", None, Some(fen.into()), None).unwrap();
    let d = js_sys::Array::from(&g.destinations(164)); // e11 = rank 11 (index 10) * 16 + file e (4)
    assert_eq!(d.length(), 1);
    let dest = d.get(0);
    assert_eq!(get(&dest, "plain").as_bool(), Some(true));
    assert_eq!(len(&get(&dest, "promotions")), 1);
    g.play("e11e12=ski-queen").unwrap();
    assert!(g.fen().contains("{SQ}"), "{}", g.fen());
}

#[wasm_bindgen_test]
fn a_bare_king_cannot_win_except_by_the_far_rank() {
    // Not on one file: Flee kings attack each other along open lines.
    let fen = "3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1";
    let g = Game::new("flee", None, Some(fen.into()), None).unwrap();
    assert!(g.can_win(0));
    assert!(!g.can_win(1));
    let x = Game::new(
        "xhess",
        None,
        Some("4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1".into()),
        None,
    )
    .unwrap();
    assert!(x.can_win(1));
}

#[wasm_bindgen_test]
fn status_reports_checkmate() {
    // Xhess: Black king a10 mated by the queen b9 guarded by the king c8.
    let fen = "k9/1Q8/2K7/10/10/10/10/10/10/10 b - - 0 1";
    let mut g = Game::new("xhess", None, Some(fen.into()), None).unwrap();
    let s = g.status();
    assert_eq!(get(&s, "over").as_bool(), Some(true));
    assert_eq!(get(&s, "reason_id").as_string().unwrap(), "checkmate");
    assert_eq!(get(&s, "winner").as_f64(), Some(0.0));
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
    assert_eq!(len(&check_definition(def)), 0);
    let g = Game::new("", Some(def.into()), None, None).unwrap();
    assert_eq!(get(&g.variant(), "id").as_string().unwrap(), "tiny");
    let problems = check_definition(&def.replace("moves = \"K\"", "moves = \"X\""));
    assert_eq!(len(&problems), 1);
    let p = js_sys::Array::from(&problems).get(0);
    assert_eq!(get(&p, "at").as_string().unwrap(), "piece[0].moves");
}

#[wasm_bindgen_test]
fn the_engine_returns_a_legal_move_and_reports_progress() {
    let mut e = Engine::new(4);
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let c = calls.clone();
    let progress = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |_v: JsValue| c.set(c.get() + 1));
    let start = "r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w - - 0 1";
    let r = e
        .think(
            "xhess",
            None,
            start,
            "e4e5",
            3,
            2000.0,
            7,
            progress.as_ref().unchecked_ref(),
        )
        .unwrap();
    let best = get(&r, "best").as_string().unwrap();
    let mut g = Game::new("xhess", None, None, Some("e4e5".into())).unwrap();
    assert!(g.play(&best).is_ok(), "{best}");
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
    let mut e = Engine::new(4);
    let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_v: JsValue| {});
    let mut g = Game::new("", Some(def.into()), None, None).unwrap();
    for _ in 0..4 {
        let r = e
            .think(
                "",
                Some(def.into()),
                &g.start_fen(),
                &g.moves_text(),
                8,
                200.0,
                1,
                ignore.as_ref().unchecked_ref(),
            )
            .unwrap();
        let best = get(&r, "best").as_string().unwrap();
        g.play(&best).unwrap();
    }
    assert_eq!(g.moves_text().split_whitespace().count(), 4);
}

#[wasm_bindgen_test]
fn a_game_cannot_go_on_after_its_end() {
    // Import and a restored game build a Game from its moves: two rounds of
    // knight moves repeat the start position three times.
    let shuffle = "d2b1 d9b10 b1d2 b10d9";
    let moves = format!("{shuffle} {shuffle} d2b1");
    assert!(Game::new("xhess", None, None, Some(format!("{shuffle} {shuffle}"))).is_ok());
    assert!(Game::new("xhess", None, None, Some(moves)).is_err());
}
