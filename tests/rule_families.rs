//! The rule families of the definition format beyond the plain chess
//! rules, each on a small definition: promotion limits, squares, sides,
//! zones and royal choices; how stalemate, checkmate and repetition score;
//! the bare-king rule; goal squares; initial-move regions; several castling
//! moves a side; mobility regions and movement by rank.

use bigboard::Position;
use bigboard::variant::Variant;
use std::sync::Arc;

/// A definition of a King, Queen, Rook and Pawn on `w` x `h` with `setup`
/// and `extra` appended (more tables or keys of its own).
fn define(w: u32, h: u32, setup: &str, rules: &str, extra: &str) -> String {
    format!(
        "id = \"t\"\nname = \"T\"\nwidth = {w}\nheight = {h}\nsetup = \"{setup}\"\n[rules]\n{rules}\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Queen\"\ncode = \"Q\"\nmoves = \"Q\"\n\
         [[piece]]\nname = \"Rook\"\ncode = \"R\"\nmoves = \"R\"\n\
         [[piece]]\nname = \"Pawn\"\ncode = \"P\"\nmoves = \"fmWfcF\"\n{extra}"
    )
}

fn load(text: &str) -> Arc<Variant> {
    bigboard::load(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn errors(text: &str) -> Vec<String> {
    bigboard::load(text)
        .expect_err("a definition with problems")
        .0
        .iter()
        .map(|e| e.to_string())
        .collect()
}

/// The legal moves' text, sorted.
fn moves(v: &Arc<Variant>, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{e}"));
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// The legal moves of the piece on `from`.
fn moves_from(v: &Arc<Variant>, fen: &str, from: &str) -> Vec<String> {
    moves(v, fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

fn gallery(file: &str) -> Arc<Variant> {
    let path = format!("{}/examples/variants/{file}.toml", env!("CARGO_MANIFEST_DIR"));
    load(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
}

// Promotion.

#[test]
fn grand_pawns_promote_only_to_what_their_side_has_lost() {
    let grand = gallery("grand");
    // White has lost nothing: its pawn on g9 cannot step to the 10th rank,
    // where it must promote to a piece its side has lost.
    let full = "r8r/1nbqkcPbn1/pppppppppp/10/10/10/10/PPPPPP1PPP/1NBQKCABN1/R8R w - - 0 1";
    assert_eq!(moves_from(&grand, full, "g9"), Vec::<String>::new());
    // A white pawn on g7 with a black knight to take on f8: on the 8th rank
    // only the plain moves (once offered g7f8=A/B/C/N/Q/R).
    let fen = "r8r/1nbqkcabn1/pppp1n2pp/6P3/10/10/10/PPPPPP1PPP/1NBQKCABN1/R8R w - - 0 1";
    assert_eq!(moves_from(&grand, fen, "g7"), ["g7f8", "g7g8"]);
    // Without its queen and a rook, White may promote to those (optional).
    let lost = "r8r/1nbqkcabn1/pppp1n2pp/6P3/10/10/10/PPPPPP1PPP/1NB1KCABN1/9R w - - 0 1";
    assert_eq!(
        moves_from(&grand, lost, "g7"),
        ["g7f8", "g7f8=Q", "g7f8=R", "g7g8", "g7g8=Q", "g7g8=R"]
    );
    // On the 10th rank the promotion is forced.
    let last = "r7kr/1nbq1Pabn1/pppppppppp/10/10/10/10/PPPPP1PPPP/1NB1KCABN1/9R w - - 0 1";
    assert_eq!(moves_from(&grand, last, "f9"), ["f9f10=Q", "f9f10=R"]);
}

#[test]
fn explicit_limits_count_men_of_either_origin() {
    let extra = "[[promotion]]\npieces = [\"P\"]\nranks = [8]\nchoices = [\"Q\", \"R\"]\nlimits = { Q = 1 }\n";
    let v = load(&define(8, 8, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "", extra));
    assert_eq!(
        moves_from(&v, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7"),
        ["e7e8=Q", "e7e8=R"]
    );
    // A queen on the board, even a promoted one, uses up the limit.
    assert_eq!(moves_from(&v, "k7/4P3/8/8/8/8/7Q/K7 w - - 0 1", "e7"), ["e7e8=R"]);
    // Black's limit counts Black's queens.
    assert_eq!(
        moves_from(&v, "k7/4P3/8/8/8/8/7q/K7 w - - 0 1", "e7"),
        ["e7e8=Q", "e7e8=R"]
    );
}

#[test]
fn promotion_squares_sides_and_royal_choices() {
    // White promotes on a8-d8 and a5-a7 (Legan's zone), Black on e1-h1 and
    // h2-h4 (squares are written from White's side: e8-h8 and h5-h7 are
    // Black's e1-h1 and h2-h4); Black may promote to a second king.
    let extra = "[[promotion]]\npieces = [\"P\"]\nside = \"white\"\nsquares = [\"a8-d8\", \"a5-a7\"]\nchoices = [\"Q\"]\n\
                 [[promotion]]\npieces = [\"P\"]\nside = \"black\"\nsquares = [\"e8-h8\", \"h7-h5\"]\nchoices = [\"K\"]\n";
    let v = load(&define(8, 8, "7k/8/8/8/8/8/8/K7 w - - 0 1", "", extra));
    assert_eq!(
        moves_from(&v, "4r2k/3P4/8/8/8/8/8/K7 w - - 0 1", "d7"),
        ["d7d8=Q", "d7e8"]
    );
    assert_eq!(
        moves_from(&v, "7k/8/8/1r6/P7/8/8/K7 w - - 0 1", "a4"),
        ["a4a5=Q", "a4b5"]
    );
    // Black's pawn turns into a second King on h2 (a White Pawn on g2
    // does not attack it there)...
    let fen = "7k/8/8/8/8/7p/6P1/K7 b - - 0 1";
    assert_eq!(moves_from(&v, fen, "h3"), ["h3g2", "h3h2=K"]);
    // ...but not beside a White Rook: no royal may be left attacked, the
    // new one neither.
    assert_eq!(moves_from(&v, "7k/8/8/8/8/7p/6R1/K7 b - - 0 1", "h3"), ["h3g2"]);
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    pos.play_text("h3h2=K").unwrap();
    assert_eq!(pos.royals(1).len(), 2);
    pos.undo();
    assert_eq!(pos.royals(1).len(), 1);
}

#[test]
fn a_promotion_zone_promotes_on_entering_or_on_a_capture_touching_it() {
    // Ranks 6-8 are the zone: entering it may promote, moving inside it
    // only with a capture, and a capture leaving it may promote too.
    let extra = "[[piece]]\nname = \"Silver\"\ncode = \"S\"\nmoves = \"FfW\"\n\
                 [[promotion]]\npieces = [\"S\"]\nranks = [6, 7, 8]\nchoices = [\"Q\"]\noptional = true\nzone = true\n";
    let v = load(&define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "", extra));
    // From d5 (outside): each move into rank 6 may promote; back to rank 4 not.
    assert_eq!(
        moves_from(&v, "k7/8/8/3S4/8/8/8/K7 w - - 0 1", "d5"),
        ["d5c4", "d5c6", "d5c6=Q", "d5d6", "d5d6=Q", "d5e4", "d5e6", "d5e6=Q"]
    );
    // From d6 (inside): plain moves only, but the capture on e7 and the
    // capture leaving the zone on c5 may promote.
    let fen = "k7/4r3/3S4/2r5/8/8/8/K7 w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "d6"),
        ["d6c5", "d6c5=Q", "d6c7", "d6d7", "d6e5", "d6e7", "d6e7=Q"]
    );
}

#[test]
fn promotion_problems_are_named_by_key() {
    let base = define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "", "");
    let e = errors(&format!(
        "{base}[[promotion]]\npieces = [\"P\"]\nranks = [8]\nchoices = [\"Q\"]\nonly_lost = true\nlimits = {{ Q = 1, R = 2, X = 1 }}\nside = \"up\"\n"
    ));
    assert_eq!(
        e,
        [
            "promotion[0].side: 'up': one of \"white\", \"black\", \"both\"",
            "promotion[0].limits.R: not one of the table's choices",
            "promotion[0].limits.X: unknown piece 'X'",
            "promotion[0]: give 'only_lost' or 'limits', not both",
        ]
    );
    let e = errors(&format!(
        "{base}[[promotion]]\npieces = [\"P\"]\nsquares = [\"a8\", \"i8\", \"*9\"]\nchoices = [\"Q\"]\n"
    ));
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].starts_with("promotion[0].squares[1]: 'i8' is not a square"),
        "{e:?}"
    );
    assert!(e[1].starts_with("promotion[0].squares[2]: '*9'"), "{e:?}");
    let e = errors(&format!("{base}[[promotion]]\npieces = [\"P\"]\nchoices = [\"Q\"]\n"));
    assert_eq!(e, ["promotion[0].ranks: missing (give 'ranks', 'squares' or both)"]);
    let e = errors(&format!(
        "{base}[[promotion]]\npieces = [\"P\"]\nranks = [8]\nchoices = [\"Q\"]\n\
         [[promotion]]\npieces = [\"P\"]\nsquares = [\"a8\", \"b8\", \"c7\"]\nchoices = [\"R\"]\n"
    ));
    assert_eq!(
        e,
        ["promotion[1]: piece P already has promotion choices on squares a8, b8 (promotion[0])"]
    );
}

// How games end.

use bigboard::rules::outcome::{Outcome, Reason};
use bigboard::search::{Control, Limits, Score, Searcher};

fn outcome(v: &Arc<Variant>, fen: &str, moves: &str) -> Option<Outcome> {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{e}"));
    pos.replay(moves, |_, _| {}).unwrap_or_else(|e| panic!("{e}"));
    pos.outcome()
}

fn search_score(v: &Arc<Variant>, fen: &str, depth: u32) -> (Score, String) {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let mut s = Searcher::new(4);
    let clock = || 0.0;
    let stop = || false;
    let control = Control {
        clock: &clock,
        stop: &stop,
    };
    let r = s.search(
        &mut pos,
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &control,
        &mut |_| {},
    );
    (r.score, r.best.map(|m| pos.move_text(m)).unwrap_or_default())
}

#[test]
fn stalemate_checkmate_and_repetition_score_as_the_definition_says() {
    // Black's king on a8 has no move and is not in check.
    let stalemate = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1";
    for (rule, winner) in [("draw", None), ("win", Some(0)), ("loss", Some(1))] {
        let v = load(&define(
            8,
            8,
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            &format!("stalemate = \"{rule}\""),
            "",
        ));
        let o = outcome(&v, stalemate, "").expect("stalemate");
        assert_eq!((o.reason, o.winner), (Reason::Stalemate, winner), "{rule}");
    }
    // Checkmate for the player who gives it: a loss in a losing game.
    let v = load(&define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "checkmate = \"loss\"", ""));
    let o = outcome(&v, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "").expect("mate");
    assert_eq!((o.reason, o.winner), (Reason::Checkmate, Some(1)));
    // Repetition lost by the player who repeats (White's Rb1 completes it).
    let v = load(&define(
        8,
        8,
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "repetition_result = \"loss\"",
        "",
    ));
    let o = outcome(
        &v,
        "k7/8/8/8/8/8/8/KR6 w - - 0 1",
        "b1b2 a8a7 b2b1 a7a8 b1b2 a8a7 b2b1 a7a8",
    )
    .expect("a threefold repetition");
    assert_eq!(
        (o.reason, o.winner),
        (Reason::Repetition, Some(0)),
        "Black's a7a8 repeats"
    );
    assert_eq!(o.describe(&v), "threefold repetition, White wins");
}

#[test]
fn shatranj_a_bare_king_loses_unless_it_bares_the_other_in_reply() {
    let v = gallery("shatranj");
    // Black to move, bare, against a king and two men: lost at once.
    let o = outcome(&v, "k7/8/8/8/8/8/PP6/K7 b - - 0 1", "").expect("bare");
    assert_eq!((o.reason, o.winner), (Reason::BareKing, Some(0)));
    assert!(moves(&v, "k7/8/8/8/8/8/PP6/K7 b - - 0 1").is_empty());
    // Against one man, Black plays on: taking it bares both kings, a draw.
    let fen = "8/8/8/8/8/8/2P5/K2k4 b - - 0 1";
    assert_eq!(outcome(&v, fen, ""), None);
    let o = outcome(&v, fen, "d1c2").expect("both bare");
    assert_eq!((o.reason, o.winner), (Reason::BareKing, None));
    assert_eq!(o.describe(&v), "bare kings");
    // Black bares White; White's reply takes nothing: Black has won.
    let fen = "k7/8/8/8/8/2r5/8/2R4K b - - 0 1";
    let o = outcome(&v, fen, "c3c1 h1h2").expect("bared");
    assert_eq!((o.reason, o.winner), (Reason::BareKing, Some(1)));
    // With a second rook White would not be bare at all.
    assert_eq!(outcome(&v, "k7/8/8/8/8/2r5/8/2R1R2K b - - 0 1", "c3c1 h1h2"), None);
    // The search sees baring as a win.
    let (score, best) = search_score(&v, fen, 3);
    assert!(matches!(score, Score::Mate(n) if n > 0), "{score} {best}");
}

#[test]
fn courier_a_bare_king_against_four_men_has_lost() {
    let v = gallery("courier");
    let fen = "k11/12/12/12/12/12/PPPP8/K11 b - - 0 1";
    let o = outcome(&v, fen, "").expect("bare");
    assert_eq!((o.reason, o.winner), (Reason::BareKing, Some(0)));
    assert_eq!(o.describe(&v), "bare king, White wins");
}

#[test]
fn goals_win_by_reaching_or_by_holding_a_square() {
    // King of the hill: a king reaching the centre wins at once.
    let hill = "[[goal]]\npieces = [\"K\"]\nsquares = [\"d4-e5\"]\n";
    let v = load(&define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "", hill));
    let fen = "7k/8/8/8/8/2K5/8/8 w - - 0 1";
    assert_eq!(outcome(&v, fen, "c3c4"), None);
    let o = outcome(&v, fen, "c3d4").expect("on the hill");
    assert_eq!((o.reason, o.winner), (Reason::Goal, Some(0)));
    assert_eq!(o.describe(&v), "a piece reached its goal square, White wins");
    let (score, best) = search_score(&v, fen, 2);
    assert_eq!((score, best.as_str()), (Score::Mate(1), "c3d4"));
    // A queen on the hill is no king.
    assert_eq!(outcome(&v, "6k1/8/8/8/8/2Q5/8/K7 w - - 0 1", "c3d4"), None);
    // Jeson Mor: a knight on e5 wins once it has stood there through the
    // opponent's reply.
    let v = gallery("jeson-mor");
    let fen = "n8/9/9/9/9/9/3N5/9/8N w - - 0 1";
    assert_eq!(outcome(&v, fen, "d3e5"), None);
    let o = outcome(&v, fen, "d3e5 a9b7").expect("held");
    assert_eq!((o.reason, o.winner), (Reason::Goal, Some(0)));
    assert_eq!(o.describe(&v), "a piece held its goal square, White wins");
    // Taken on e5, it has not.
    assert_eq!(outcome(&v, "9/9/9/9/9/2n6/3N5/9/8N w - - 0 1", "d3e5 c4e5"), None);
    let (score, _) = search_score(&v, fen, 4);
    assert!(matches!(score, Score::Mate(n) if n > 0), "{score}");
}

#[test]
fn game_end_problems_are_named_by_key() {
    let e = errors(&define(
        8,
        8,
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "stalemate = \"lose\"\ncheckmate = \"draws\"\nrepetition_result = 3\nbare_king = \"yes\"",
        "[[goal]]\npieces = [\"X\"]\nsquares = [\"z9\"]\nhold = 1\ncolour = \"red\"\n[[goal]]\n",
    ));
    assert_eq!(
        e,
        [
            "rules.checkmate: 'draws': one of \"win\", \"draw\", \"loss\" (for the player who gives checkmate)",
            "rules.stalemate: 'lose': one of \"win\", \"draw\", \"loss\" (for the player who gives stalemate)",
            "rules.repetition_result: expected a string",
            "rules.bare_king: expected true or false",
            "goal[0].colour: unknown key 'colour' (known keys: pieces, squares, hold; see DEFINITIONS.md, \"Keys\")",
            "goal[0].pieces: unknown piece 'X'",
            "goal[0].hold: expected true or false",
            "goal[0].squares[0]: 'z9' is not a square, a rectangle ('d1-f3'), a rank ('*3') or a file ('c*') of this 8 x 8 board",
            "goal[1].squares: missing or empty",
        ]
    );
}

// Where pieces may go.

#[test]
fn xiangqi_regions_ranks_and_facing_generals() {
    let v = gallery("xiangqi");
    // The General keeps to its palace, and may not face the other on an
    // open file: from d1, e1 would face e10.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "d1"), ["d1d2"]);
    // A soldier on e2 screens them.
    let fen = "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "d1"), ["d1d2", "d1e1"]);
    // Nor may a screen step aside: the cannon on e5 is pinned to its file.
    let fen = "4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "e5"),
        ["e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8", "e5e9"]
    );
    // The Elephant never crosses the river; the Advisor stays home.
    let fen = "3k5/9/9/9/9/2B6/9/9/9/3AK4 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "c5"), ["c5a3", "c5e3"]);
    assert_eq!(moves_from(&v, fen, "d1"), ["d1e2"]);
    // A soldier steps sideways only over the river.
    let fen = "3k5/9/9/9/2P6/P8/9/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "a5"), ["a5a6"]);
    assert_eq!(moves_from(&v, fen, "c6"), ["c6b6", "c6c7", "c6d6"]);
    // Black's soldier counts its ranks from its own side.
    let fen = "3k5/9/9/9/2p6/9/p8/9/9/4K4 b - - 0 1";
    assert_eq!(moves_from(&v, fen, "a4"), ["a4a3", "a4b4"]);
    assert_eq!(moves_from(&v, fen, "c6"), ["c6c5"]);
}

#[test]
fn a_region_limits_where_a_piece_stops_not_where_it_passes() {
    // A rook held to ranks 1-2 slides along them, and passes rank 3 on a
    // file to nowhere: no square of ranks 3-8 is a destination.
    let extra = "[[piece]]\nname = \"Guard\"\ncode = \"G\"\nmoves = \"R\"\nregion = [\"*1\", \"a2-h2\"]\n";
    let v = load(&define(8, 8, "7k/8/8/8/8/8/8/K7 w - - 0 1", "", extra));
    let fen = "7k/8/8/8/8/8/8/K2G4 w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "d1"),
        ["d1b1", "d1c1", "d1d2", "d1e1", "d1f1", "d1g1", "d1h1"]
    );
    // It gives no check beyond its region: a king on d8 is safe.
    let pos = Position::from_fen(v.clone(), "3k4/8/8/8/8/8/8/K2G4 b - - 0 1").unwrap();
    assert!(!pos.in_check());
}

#[test]
fn region_and_rank_problems_are_named_by_key() {
    let base = define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "", "");
    let e = errors(&format!(
        "{base}[[piece]]\nname = \"A\"\ncode = \"A\"\nmoves_by_rank = [\"W\", \"X\"]\nregion = [\"a1\", \"k2\"]\n\
         [[piece]]\nname = \"B\"\ncode = \"B\"\nmoves = \"W\"\nmoves_by_rank = [\"W\"]\nmoves_by_file = [\"W\"]\n"
    ));
    assert_eq!(
        e,
        [
            "piece[4].moves_by_rank: piece 'A': 2 movement strings for a board 8 ranks high: one per rank, the owner's first rank first",
            "piece[4].moves_by_rank[1]: 'X' at character 1: unexpected character 'X'",
            "piece[4].region[1]: 'k2' is not a square, a rectangle ('d1-f3'), a rank ('*3') or a file ('c*') of this 8 x 8 board",
            "piece[5]: give 'moves_by_file' or 'moves_by_rank', not both",
        ]
    );
}

// Initial moves and castling.

#[test]
fn wildebeest_pawns_step_from_two_ranks_and_kings_castle_four_ways() {
    let v = gallery("wildebeest");
    let start = Position::new(v.clone()).fen();
    // From the second rank one, two or three squares.
    assert_eq!(moves_from(&v, &start, "e2"), ["e2e3", "e2e4", "e2e5"]);
    let mut pos = Position::new(v.clone());
    pos.replay("e2e3 a9a8", |_, _| {}).unwrap();
    let fen = pos.fen();
    assert_eq!(moves_from(&v, &fen, "e3"), ["e3e4", "e3e5"], "two from the third rank");
    pos.replay("e3e4 a8a7", |_, _| {}).unwrap();
    assert_eq!(moves_from(&v, &pos.fen(), "e4"), ["e4e5"]);
    // A triple step may be taken en passant on both squares it crossed.
    let mut pos = Position::new(v.clone());
    pos.replay("d2d5 h9h7 d5d6 e9e6", |_, _| {}).unwrap();
    assert_eq!(pos.fen().split(' ').nth(3), Some("e8,e7"));
    // Castling: the king goes one to four squares either way; the
    // one-square castles are written as the king taking its rook.
    let fen = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1";
    let king: Vec<String> = moves_from(&v, fen, "f1");
    assert_eq!(
        king,
        [
            "f1a1", "f1b1", "f1c1", "f1d1", "f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1", "f1i1", "f1j1", "f1k1"
        ]
    );
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let m = pos.parse_move("f1k1").unwrap();
    assert_eq!(pos.san(m), "O-O(g1)+", "the rook on f1 checks");
    pos.play(m).unwrap();
    assert_eq!(pos.fen(), "r4k4r/11/11/11/11/11/11/11/11/R4RK4 b kq - 1 1");
    pos.undo();
    // The king's own step keeps its text, and each text is one move.
    let m = pos.parse_move("f1g1").unwrap();
    assert_eq!(pos.san(m), "Kg1");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    let n = texts.len();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), n, "no text twice");
    for m in list {
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san).unwrap(), m, "{san}");
    }
    // Castling four squares: O-O(j1), the rook to i1.
    pos.play_text("f1j1").unwrap();
    assert_eq!(pos.fen(), "r4k4r/11/11/11/11/11/11/11/11/R7RK1 b kq - 1 1");
}

#[test]
fn initial_squares_add_to_initial_ranks() {
    // Wolf Chess's pawns double-step from rank 2 and from b3, c3, f3, g3.
    let extra = "[[piece]]\nname = \"Wolf Pawn\"\ncode = \"W\"\nmoves = \"fmWifmR2\"\ninitial_rank = 2\ninitial_squares = [\"b3-c3\", \"f3\", \"g3\"]\n";
    let v = load(&define(8, 8, "k7/8/8/8/8/8/8/K7 w - - 0 1", "", extra));
    let fen = "k7/8/8/8/8/1W1W4/W7/K7 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "a2"), ["a2a3", "a2a4"]);
    assert_eq!(moves_from(&v, fen, "b3"), ["b3b4", "b3b5"]);
    assert_eq!(moves_from(&v, fen, "d3"), ["d3d4"]);
}

#[test]
fn castling_problems_are_named_by_key() {
    let base = define(8, 8, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "");
    let castle = |king: &str, to: &str, rook: &str, rook_to: &str| {
        format!("[[castling]]\nking = \"{king}\"\nking_to = \"{to}\"\nrook = \"{rook}\"\nrook_to = \"{rook_to}\"\n")
    };
    // Two castling moves to one side with different rooks.
    let e = errors(&format!(
        "{base}{}{}",
        castle("e1", "g1", "h1", "f1"),
        castle("e1", "f1", "g1", "e1")
    ));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("castling[1]: castling moves towards one side must share"),
        "{e:?}"
    );
    // Two castles the king's own move reaches both (a king with D leaps
    // reaching g1 as well as f1) would both be written e1h1.
    let dabbaba_king = base.replace("moves = \"K\"\nroyal", "moves = \"KD\"\nroyal");
    let e = errors(&format!(
        "{dabbaba_king}{}{}",
        castle("e1", "f1", "h1", "e1"),
        castle("e1", "g1", "h1", "f1")
    ));
    assert_eq!(
        e,
        [
            "castling[1]: written e1h1 as castling[0] is (a castling move whose landing square the king's own move reaches is written as the king taking its rook)"
        ]
    );
}

// Lame leapers on any oblique atom.

#[test]
fn lame_leapers_are_blocked_along_their_path() {
    // The Janggi elephant nZ: one step straight, then two diagonally
    // outward; a man on any square of the way blocks it.
    let extra = "[[piece]]\nname = \"Elephant\"\ncode = \"E\"\nmoves = \"nZ\"\n\
                 [[piece]]\nname = \"Camel\"\ncode = \"C\"\nmoves = \"nC\"\n";
    let v = load(&define(9, 10, "k8/9/9/9/9/9/9/9/9/8K w - - 0 1", "", extra));
    let open = "k8/9/9/9/9/9/4E4/9/9/8K w - - 0 1";
    assert_eq!(
        moves_from(&v, open, "e4"),
        ["e4b2", "e4b6", "e4c1", "e4c7", "e4g1", "e4g7", "e4h2", "e4h6"]
    );
    // A man on e5 blocks both leaps towards rank 7; one on f6 only g7.
    assert_eq!(moves_from(&v, "k8/9/9/9/9/4P4/4E4/9/9/8K w - - 0 1", "e4").len(), 6);
    let fen = "k8/9/9/9/5P3/9/4E4/9/9/8K w - - 0 1";
    assert!(!moves_from(&v, fen, "e4").contains(&"e4g7".to_string()));
    assert_eq!(moves_from(&v, fen, "e4").len(), 7);
    // nC: two steps straight, then one diagonally: a man on e6 blocks d7
    // and f7, one on e5 those and nothing else.
    let camel = "k8/9/9/9/4P4/9/4C4/9/9/8K w - - 0 1";
    assert_eq!(
        moves_from(&v, camel, "e4"),
        ["e4b3", "e4b5", "e4d1", "e4f1", "e4h3", "e4h5"]
    );
    let camel = "k8/9/9/9/9/4P4/4C4/9/9/8K w - - 0 1";
    assert_eq!(moves_from(&v, camel, "e4").len(), 6);
    // A one-step atom has no square to be blocked on.
    let e = errors(&define(
        8,
        8,
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
        "",
        "[[piece]]\nname = \"X\"\ncode = \"X\"\nmoves = \"nW\"\n",
    ));
    assert!(
        e[0].contains("'n' (lame leaper) needs a leap that passes squares"),
        "{e:?}"
    );
}

// Holes in the board.

#[test]
fn holes_stop_slides_and_hold_nothing() {
    // A 6 x 6 board without c3 and d4.
    let text = define(
        6,
        6,
        "k5/6/6/6/6/K5 w - - 0 1",
        "",
        "[[piece]]\nname = \"Knight\"\ncode = \"N\"\nmoves = \"N\"\n",
    )
    .replace("setup = ", "holes = [\"c3\", \"d4\"]\nsetup = ");
    let v = load(&text);
    // The position text writes holes as '*'.
    let pos = Position::new(v.clone());
    assert_eq!(pos.fen(), "k5/6/3*2/2*3/6/K5 w - - 0 1");
    // A rook on c1 slides up to c2 only; a queen on a1 goes b2, then meets
    // the hole c3, so it does not check the king on f6 along a1-f6.
    let fen = "5k/6/3*2/2*3/6/Q1R3 w - - 0 1";
    assert!(
        !Position::from_fen(v.clone(), &fen.replace(" w ", " b "))
            .unwrap()
            .in_check()
    );
    assert_eq!(moves_from(&v, fen, "c1"), ["c1b1", "c1c2", "c1d1", "c1e1", "c1f1"]);
    assert!(!moves_from(&v, fen, "a1").contains(&"a1d4".to_string()));
    assert!(moves_from(&v, fen, "a1").contains(&"a1b2".to_string()));
    assert!(
        !moves_from(&v, fen, "a1").contains(&"a1e5".to_string()),
        "no slide across c3"
    );
    // A knight leaps over a hole, but never onto one.
    let fen = "k5/6/3*2/2*3/6/K2N2 w - - 0 1";
    assert_eq!(moves_from(&v, fen, "d1"), ["d1b2", "d1e3", "d1f2"]);
    // A piece on a hole, or '*' off one, is an error.
    for (fen, message) in [
        ("k5/6/3*2/2Q3/6/K5 w - - 0 1", "c3 is a hole"),
        ("k5/6/3*2/2*3/*5/K5 w - - 0 1", "'*' on a2, which is not a hole"),
    ] {
        let e = Position::from_fen(v.clone(), fen).unwrap_err().to_string();
        assert!(e.contains(message), "{e}");
    }
    let e = errors(&text.replace("[\"c3\", \"d4\"]", "[\"c3\", \"q9\"]"));
    assert!(e[0].starts_with("holes[1]: 'q9' is not a square"), "{e:?}");
}
