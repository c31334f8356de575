//! Tests of the alpha-beta search: forced mates of known length in every
//! built-in variant (checked first by a brute-force solver over the engine's
//! legal move lists), the Xhess far-rank win, legality of every move the
//! search returns, the playing levels, the limits, and draws by repetition.

use bigboard::Move;
use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::outcome::Reason;
use bigboard::search::{Control, Info, Limits, Score, SearchResult, Searcher};
use bigboard::variant::{BUILTIN_IDS, builtin_source};
use std::cell::Cell;
use std::time::Instant;

/// A built-in variant by id; `ID@default` is the variant with the
/// evaluation's default weights (its definition without its tuned
/// `[evaluation]` table), for tests of the search itself.
fn variant(name: &str) -> std::sync::Arc<bigboard::variant::Variant> {
    match name.strip_suffix("@default") {
        None => builtin(name).expect("built-in variant"),
        Some(id) => {
            let source = builtin_source(id).expect("built-in variant");
            let untuned = &source[..source.find("\n[evaluation]").expect("a tuned table")];
            bigboard::load(untuned).expect("the definition without its table")
        }
    }
}

fn pos(name: &str, fen: &str) -> Position {
    Position::from_fen(variant(name), fen).expect("valid position text")
}

fn legal(pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn control<'a>(clock: &'a dyn Fn() -> f64, stop: &'a dyn Fn() -> bool) -> Control<'a> {
    Control { clock, stop }
}

/// One search with a fresh searcher, a real clock and no stop request;
/// returns the result and the info lines.
fn run(pos: &mut Position, limits: Limits) -> (SearchResult, Vec<Info>) {
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let (control, mut infos) = (control(&clock, &|| false), Vec::new());
    let r = Searcher::new(4).search(pos, limits, &control, &mut |i: &Info| infos.push(i.clone()));
    (r, infos)
}

fn text(pos: &Position, m: Option<Move>) -> String {
    m.map_or_else(|| "none".into(), |m| pos.move_text(m))
}

/// Has the side to move lost: checkmated, or the enemy king on its far rank?
fn lost(pos: &mut Position) -> bool {
    matches!(pos.outcome(), Some(o) if o.winner == Some(pos.side_to_move() ^ 1))
}

/// Can the side to move force a win within `n` moves? Plain minimax over the
/// legal move lists; a winning last move must check or reach the far rank.
fn wins_within(pos: &mut Position, n: u32) -> bool {
    n > 0
        && legal(pos).into_iter().any(|m| {
            pos.play_unchecked(m);
            let decisive = pos.in_check() || pos.royal_on_far_rank().is_some();
            let won = (decisive && lost(pos)) || (n > 1 && all_replies_lose(pos, n - 1));
            pos.undo();
            won
        })
}

/// Does every reply of the side to move lose within `n` moves?
fn all_replies_lose(pos: &mut Position, n: u32) -> bool {
    let moves = legal(pos);
    !moves.is_empty()
        && moves.into_iter().all(|m| {
            pos.play_unchecked(m);
            let won = wins_within(pos, n);
            pos.undo();
            won
        })
}

/// Asserts that the side to move wins in exactly `n` moves, and no faster.
fn assert_exact_mate(variant: &str, fen: &str, n: u32) {
    let mut p = pos(variant, fen);
    assert!(wins_within(&mut p, n), "{variant} {fen}: no forced win in {n}");
    assert!(!wins_within(&mut p, n - 1), "{variant} {fen}: a win faster than {n}");
}

/// Splits a case written `N VARIANT POSITION`.
fn case(line: &str) -> (u32, &str, &str) {
    let (n, rest) = line.split_once(' ').expect("N VARIANT POSITION");
    let (variant, fen) = rest.split_once(' ').expect("VARIANT POSITION");
    (n.parse().expect("a number"), variant, fen)
}

/// Forced wins in N moves for the side to move, `N VARIANT POSITION`. Each
/// was checked by hand and is re-checked by [`assert_exact_mate`].
const MATES: &[&str] = &[
    // Ng6-e7#: the knight becomes the screen of the e2 cannon, which then hits
    // e10 and e9; the bishops b8 and h8 cover d10 and f10, the horsemen box.
    "1 xhess 4k5/3h1h4/1B5B2/10/6N3/10/10/10/4C5/K9 w - - 0 1",
    // Back rank: Ra10+ Rd10 Rxd10# (the d8 rook is the only defender).
    "2 xhess 7k2/6hhh1/3r6/10/10/10/10/10/8K1/RR8 w - - 0 1",
    // Rook ladder: Rj8+ (a7 holds rank 7) K to rank 9, Ra9+ K to rank 10, Rj10#.
    "3 xhess 10/10/4k5/R9/10/10/10/10/10/K8R w - - 0 1",
    // Far rank: Ke9-d10 wins at once (Nd8 covers e10, Bh8 f10); no check mates.
    "1 xhess 10/4K5/3n3b2/10/9k/10/10/10/10/R9 w - - 0 1",
    // Black's far rank is rank 1: Kc2-b1, c1 or d1 wins.
    "1 xhess 10/10/10/10/7K2/10/10/10/2k7/10 b - - 0 1",
    // Ae13-c15#: knight check from c15, the bishop part covers b16.
    "1 really-big-board k15/pp14/16/4A11/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1",
    // Philidor: Qo16+ Rxo16 Sn15# (the Superknight guards o16 from m13 as a
    // zebra, then mates the smothered king); also Sn15+ Ko16 So13#.
    "2 really-big-board 10r4k/14pp/16/11QS3/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1",
    // Archbishop checks three times: Axo15+ Ko16 Ap14+ Kp16 Axn15#, the o6
    // chancellor guarding the o-file.
    "3 really-big-board 15k/13ppp/3K12/16/16/16/16/16/16/16/14C1/16/16/16/16/A15 w - - 0 1",
    // Qh9-c14#: check by the alfil leap; the queen covers c15, c16, b14 and
    // a14, Rc1 guards c14, the king's own men block its lines.
    "1 flee kb14/rr14/16/16/16/16/16/7Q8/16/16/16/16/16/16/16/2R11K1 w - - 0 1",
    // The a16 king cannot move: a15 is pinned by Ra1, b16 by Rp16, b15 by the
    // d13 king (kings attack along lines), and Ra1, Rp16 and Kd13 cover its
    // leap squares. Only the pawn moves; no check mates now, but after a
    // queen move (e.g. Qi9, guarding b16) Rxb16# or a queen check does.
    "2 flee kb13R/br14/16/3K12/16/16/16/15Q/7p8/16/16/16/16/16/16/R15 w - - 0 1",
    // Same box, but the j16 knight stands between Rp16 and Bb16: it steps off
    // rank 16 to restore the pin, Bi15-f12 guards b16, and Rxb16#.
    "3 flee kb7N5R/br6B7/16/3K12/16/16/16/10p5/16/16/16/16/16/16/16/R15 w - - 0 1",
    // The Flying Rook passes its own pawns: a1-a16#, a back-rank mate.
    "1 overboard 15k/14pp/16/16/16/16/16/16/16/16/16/16/16/P15/P15/{FR}6K8 w - - 0 1",
    // Condor b1-m3 (leap to d3, slide along rank 3) guards o5-o15 through its
    // o5 leap; then the Elephant runs the long diagonal as far as it can,
    // taking o15 with mate.
    "2 overboard 4K10k/14pp/16/16/16/16/16/16/16/16/16/16/3E12/16/16/1X14 w - - 0 1",
    // The Elephant cannot stop short: k1-a1, then a1-a16 along the whole
    // a-file checks on rank 16; the Condor covers the king's exits. With
    // Overboard's tuned weights the quiet k1-a1 comes later in the order
    // and the mate is seen at depth 11, two plies past the bound of
    // `finds_mates_in_one_two_and_three`: the search is tested here with
    // the default weights.
    "3 overboard@default 15k/10X3pp/16/16/16/16/16/16/16/10K5/16/16/16/16/16/10E5 w - - 0 1",
];

#[test]
fn mate_positions_are_exact() {
    for (n, variant, fen) in MATES.iter().map(|l| case(l)) {
        assert_exact_mate(variant, fen, n);
    }
}

#[test]
fn finds_mates_in_one_two_and_three() {
    // The Flee zugzwang mate needs more depth: see finds_zugzwang_knight_mates.
    for (n, variant, fen) in MATES.iter().filter(|l| !l.contains("kb7N5R")).map(|l| case(l)) {
        let mut p = pos(variant, fen);
        let mover = p.side_to_move();
        // 2N+1 plies see the mate; two more allow for the pruning of
        // quiet moves, which can hide a quiet key move at the bare depth.
        // The Overboard Elephant's quiet k1-a1 could check from a1 (the
        // long diagonal) but does not: such moves are reduced, a ply less
        // than other quiet moves, and that mate is seen a ply later.
        let late = u32::from(variant == "overboard@default");
        let (r, _) = run(&mut p, depth(2 * n + 3 + late));
        let at = format!("{variant} {fen}: best {}", text(&p, r.best));
        assert_eq!(r.score, Score::Mate(n as i32), "{at}");
        assert!(r.best.is_some() && r.pv.first() == r.best.as_ref(), "{at}");
        assert_eq!(r.pv.len(), 2 * n as usize - 1, "{at}: pv to the mate");
        // The best move keeps the forced win of length n.
        let (mut q, mut line) = (pos(variant, fen), pos(variant, fen));
        q.play_unchecked(r.best.unwrap());
        if n == 1 {
            assert_eq!(q.outcome().and_then(|o| o.winner), Some(mover), "{at}");
        } else {
            assert!(all_replies_lose(&mut q, n - 1), "{at}: lets the win go");
        }
        // The principal variation ends in the mate.
        for &m in &r.pv {
            assert!(legal(&mut line).contains(&m), "{at}: illegal pv move");
            line.play_unchecked(m);
        }
        assert!(lost(&mut line), "{at}: the pv does not end in mate");
    }
}

#[test]
fn far_rank_king_step_is_the_win_found() {
    let fen = "10/4K5/3n3b2/10/9k/10/10/10/10/R9 w - - 0 1";
    let mut p = pos("xhess", fen);
    let (r, _) = run(&mut p, depth(3));
    assert_eq!((text(&p, r.best), r.score), ("e9d10".to_string(), Score::Mate(1)));
    p.play_unchecked(r.best.unwrap());
    assert_eq!(p.outcome().map(|o| o.reason), Some(Reason::RoyalFarRank));
}

#[test]
fn far_rank_threat_is_parried() {
    // Black's king threatens b1, c1 and d1; only Ra6-a1 covers the whole
    // rank. Every other move loses at once.
    let fen = "10/10/10/10/R6K2/10/10/10/2k7/10 w - - 0 1";
    let mut p = pos("xhess", fen);
    for m in legal(&mut p) {
        p.play_unchecked(m);
        let defends = !wins_within(&mut p, 2);
        assert_eq!(defends, p.move_text(m) == "a6a1", "{}", p.move_text(m));
        assert!(defends || wins_within(&mut p, 1));
        p.undo();
    }
    for d in 2..=6 {
        let mut p = pos("xhess", fen);
        let (r, _) = run(&mut p, depth(d));
        assert_eq!(text(&p, r.best), "a6a1", "depth {d}");
        assert!(!matches!(r.score, Score::Mate(m) if m <= 0), "depth {d}: {:?}", r.score);
    }
}

#[test]
fn perpetual_check_scores_a_draw() {
    // White has a queen against three rooks, but Ql9-p13+ Kp15-o16 Qp13-m16+
    // Ko16-p15 repeats for ever: the o15 pawn boxes the king, and the rooks
    // can neither block n16 or p14 nor take the queen.
    let fen = "16/14pk/16/16/16/16/16/11Q4/7K8/16/16/16/16/3r12/2r13/1r14 w - - 0 1";
    let mut p = pos("really-big-board", fen);
    let (r, _) = run(&mut p, depth(8));
    assert!(matches!(r.score, Score::Cp(s) if s.abs() <= 10), "{:?}", r.score);
    assert_eq!(text(&p, r.best), "l9p13");
    for (check, only) in [("l9p13", "p15o16"), ("p13m16", "o16p15"), ("m16p13", "p15o16")] {
        p.play_text(check).unwrap();
        let replies: Vec<String> = legal(&mut p).iter().map(|&m| p.move_text(m)).collect();
        assert_eq!(replies, [only]);
        p.play_text(only).unwrap();
    }
}

/// xorshift64*: deterministic move picking for random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// Positions reached by random games: six per variant, 10 to 60 plies in,
/// rebuilt from their text so they are searched with fresh state.
fn random_positions() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    for &id in BUILTIN_IDS {
        for game in 0..6 {
            let mut p = Position::new(builtin(id).unwrap());
            for _ in 0..10 + 10 * game {
                let moves = legal(&mut p);
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                p.play_unchecked(moves[rng.below(moves.len())]);
            }
            out.push((id, p.fen()));
        }
    }
    out
}

fn assert_legal_result(variant: &str, fen: &str, r: &SearchResult) {
    let mut p = pos(variant, fen);
    let moves = legal(&mut p);
    assert_eq!(r.best.is_none(), moves.is_empty(), "{variant} {fen}");
    if let Some(best) = r.best {
        assert!(moves.contains(&best), "{variant} {fen}: illegal best move {best:?}");
    }
    for &m in &r.pv {
        assert!(legal(&mut p).contains(&m), "{variant} {fen}: illegal pv move {m:?}");
        p.play_unchecked(m);
    }
}

#[test]
fn search_returns_legal_moves_in_random_positions() {
    let positions = random_positions();
    assert!(positions.len() >= 20);
    for (variant, fen) in &positions {
        let limits = [depth(2), depth(3), nodes(3000)];
        for limits in limits {
            let mut p = pos(variant, fen);
            let (r, _) = run(&mut p, limits);
            assert_eq!(p.fen(), *fen, "the search restores the position");
            assert_legal_result(variant, fen, &r);
        }
    }
}

#[test]
fn search_with_few_or_no_legal_moves() {
    let cases = [
        // In check with one legal move (the perpetual above, after Qp13+).
        "1 really-big-board 16/14pk/16/15Q/16/16/16/16/7K8/16/16/16/16/3r12/2r13/1r14 b - - 0 1",
        // Stalemate but for one capture: the a10 king is boxed by Qb8, the a7
        // horseman can only take on b6.
        "1 xhess k9/10/1Q8/hH8/HN8/10/10/10/10/9K b - - 0 1",
        // Checkmated (the Flee mate in one, played).
        "0 flee kb14/rr14/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/2R11K1 b - - 0 1",
        // Stalemated.
        "0 xhess k9/2Q7/10/10/10/10/10/10/10/4K5 b - - 0 1",
    ];
    for (count, variant, fen) in cases.map(case) {
        let mut p = pos(variant, fen);
        assert_eq!(legal(&mut p).len(), count as usize, "{variant} {fen}");
        for d in 1..=4 {
            let (r, _) = run(&mut p, depth(d));
            assert_legal_result(variant, fen, &r);
            if count == 0 {
                let score = if p.in_check() { Score::Mate(0) } else { Score::Cp(0) };
                assert_eq!(r.score, score, "{fen}");
            }
        }
    }
}

#[test]
fn node_limit_is_respected() {
    for &id in BUILTIN_IDS {
        let mut p = Position::new(builtin(id).unwrap());
        let (r, _) = run(&mut p, nodes(5000));
        assert!(r.nodes <= 5000 + 2048, "{id}: {} nodes", r.nodes);
        assert!(legal(&mut p).contains(&r.best.expect("a move")));
    }
}

#[test]
fn stop_request_still_returns_a_legal_move() {
    for &id in BUILTIN_IDS {
        let mut p = Position::new(builtin(id).unwrap());
        let start = Instant::now();
        let clock = move || start.elapsed().as_secs_f64() * 1000.0;
        let control = control(&clock, &|| true);
        let r = Searcher::new(1).search(&mut p, Limits::default(), &control, &mut |_| {});
        assert!(start.elapsed().as_secs_f64() < 1.0, "{id}: slow to stop");
        assert!(r.nodes < 5000, "{id}: {} nodes", r.nodes);
        assert!(legal(&mut p).contains(&r.best.expect("a move")), "{id}");
    }
}

#[test]
fn time_limit_is_respected_with_the_callers_clock() {
    // A clock that advances 1 ms per reading: the search polls it every few
    // thousand nodes and must stop after about 50 readings.
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let control = control(&clock, &|| false);
    let mut p = Position::new(builtin("really-big-board").unwrap());
    let limits = Limits {
        time_ms: Some(50.0),
        ..Limits::default()
    };
    let r = Searcher::new(4).search(&mut p, limits, &control, &mut |_| {});
    assert!(ticks.get() < 60.0, "{} clock readings", ticks.get());
    assert!(legal(&mut p).contains(&r.best.expect("a move")));
}

#[test]
fn depth_limit_reports_every_depth_in_order() {
    for &id in BUILTIN_IDS {
        let mut p = Position::new(builtin(id).unwrap());
        let (r, infos) = run(&mut p, depth(4));
        let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4], "{id}");
        assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes), "{id}: nodes grow");
        let last = infos.last().unwrap();
        assert_eq!((r.depth, r.score), (4, last.score), "{id}");
        assert_eq!(last.pv.first(), r.best.as_ref(), "{id}");
        assert!(infos.iter().all(|i| i.seldepth >= i.depth && !i.pv.is_empty()), "{id}");
    }
}

fn choose(p: &mut Position, level: u8, seed: u64, stop: &dyn Fn() -> bool, info: &mut dyn FnMut(&Info)) -> Move {
    // The caller's clock runs ten times fast so the timed levels finish quickly.
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 10_000.0;
    let control = control(&clock, stop);
    let mut s = Searcher::new(4);
    s.choose(p, level, 1000.0, seed, &control, info).best.expect("a move")
}

#[test]
fn level_one_plays_legal_and_varied_moves() {
    for &id in BUILTIN_IDS {
        let mut p = Position::new(builtin(id).unwrap());
        let moves = legal(&mut p);
        let mut seen = Vec::new();
        for seed in 1..=8 {
            let m = choose(&mut p, 1, seed, &|| false, &mut |_| {});
            assert!(moves.contains(&m), "{id}");
            if !seen.contains(&m) {
                seen.push(m);
            }
        }
        assert!(seen.len() >= 2, "{id}: level 1 always plays {}", p.move_text(seen[0]));
    }
}

#[test]
fn every_level_plays_a_legal_move() {
    // The first position of a random game of each variant that is not yet
    // over (a random game of UC-170-17 can end in a Rose's mate at move 2).
    let positions: Vec<_> = random_positions()
        .into_iter()
        .filter(|(variant, fen)| !legal(&mut pos(variant, fen)).is_empty())
        .collect();
    for &id in BUILTIN_IDS {
        let (variant, fen) = positions.iter().find(|(v, _)| *v == id).expect("a position");
        for level in 1..=8 {
            let mut p = pos(variant, fen);
            let m = choose(&mut p, level, 7, &|| false, &mut |_| {});
            assert!(legal(&mut p).contains(&m), "{variant} level {level}");
        }
    }
}

#[test]
fn top_levels_play_the_best_search_move() {
    // The overboard mate in two with a single key move, Xb1-m3.
    let fen = "4K10k/14pp/16/16/16/16/16/16/16/16/16/16/3E12/16/16/1X14 w - - 0 1";
    let mut p = pos("overboard", fen);
    let (r, _) = run(&mut p, depth(3));
    assert_eq!(text(&p, r.best), "b1m3");
    for level in [6, 7, 8] {
        for seed in 1..=3 {
            let m = choose(&mut p, level, seed, &|| false, &mut |_| {});
            assert_eq!(Some(m), r.best, "level {level}");
        }
    }
}

/// The cases (`N VARIANT POSITION`, each checked to be an exact mate in N)
/// where a search to the given depth does not report Mate(N).
fn mates_missed(cases: &[&str], depth_for: fn(u32) -> u32) -> Vec<String> {
    let missed = |(n, variant, fen): (u32, &str, &str)| {
        assert_exact_mate(variant, fen, n);
        let (r, _) = run(&mut pos(variant, fen), depth(depth_for(n)));
        (r.score != Score::Mate(n as i32)).then(|| format!("{variant} {fen}: {:?} at depth {}", r.score, r.depth))
    };
    cases.iter().map(|l| case(l)).filter_map(missed).collect()
}

#[test]
fn reports_the_shortest_mate_when_allowed_to_search_deeper() {
    let cases = [
        // Mate in 2 by Cp13-n14 (quiet); the search finds a mate in 3 at
        // depth 4 and stops at depth 5 with Mate(3).
        "2 really-big-board 15k/13ppp/16/15C/16/16/16/8AK6/16/16/16/16/16/16/16/16 w - - 0 1",
        // Mate in 3; the search stops with Mate(4).
        "3 xhess 4k5/10/h9/10/6K3/h2R6/10/10/10/7Q2 w - - 0 1",
    ];
    let wrong = mates_missed(&cases, |_| 12);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn finds_quiet_mates_soon_after_their_length() {
    let cases = [
        // The Flee mate in two above with the pawn on h12: found at depth 6.
        "2 flee kb13R/br14/16/3K12/7p8/16/16/15Q/16/16/16/16/16/16/16/R15 w - - 0 1",
        // Far rank in two: Kg8-g9, then a step to rank 10; found at depth 6.
        "2 xhess 10/9Q/6K3/10/10/10/2k7/8h1/8h1/7R2 w - - 0 1",
        // Qm2-o4 (quiet), then Ri11-p11#; found at depth 6.
        "2 really-big-board 16/16/16/16/1p14/8R7/16/16/15k/8K7/16/16/9p6/16/12Q3/16 w - - 0 1",
        // Ab11-d12 (quiet), then the FD and the Archbishop mate; found at depth 8.
        "3 really-big-board k15/pp14/16/D15/16/1A14/16/16/16/16/16/16/16/16/16/15K w - - 0 1",
    ];
    // Late-move reductions may still hide a quiet key move at exactly 2N+1
    // plies; two plies more must find every one of these.
    let missed = mates_missed(&cases, |n| 2 * n + 3);
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn finds_zugzwang_knight_mates() {
    // The Flee box of the mates above with a knight three leaps away, and
    // with the knight on i16: Black's men are all pinned, so passing would
    // be its best move, and the quiet knight moves come late in the order.
    // Null-move verification finds them; shallow pruning and late-move
    // reductions delay them to depth 17 (13 before reductions followed the
    // history, which ranks the knight's quiet moves low here, a tradeoff
    // self-play favours). The order of the quiet moves, and so the depth, hangs on
    // small changes of the evaluation (with Flee's tuned weights the
    // first is found beyond depth 15; with its tempo or its Pawn's factor
    // at the default, at depth 13): the search is tested with the
    // default weights.
    let hard = [
        "3 flee@default kb13R/br14/16/3K12/7p8/16/7N8/16/16/16/16/16/16/16/16/R15 w - - 0 1",
        "3 flee@default kb7N5R/br6B7/16/3K12/16/16/16/10p5/16/16/16/16/16/16/16/R15 w - - 0 1",
    ];
    let missed = mates_missed(&hard, |_| 17);
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn level_choice_survives_a_stop_request() {
    // The h8 queen is attacked by the f9 knight (guarded by the e10 pawn);
    // level 3 saves it. With a stop request once depth 1 is reported, the
    // level picks among moves root_scores() never searched (scored 0). (The
    // black king stands on n13, out of the queen's diagonal: Black may not
    // be in check with White to move.)
    let fen = "16/16/11ppp2/13k2/16/16/4p11/5n10/7Q8/16/16/16/16/16/PP14/K15 w - - 0 1";
    for (seed, stop_after_depth_1) in (1..=10).flat_map(|s| [(s, false), (s, true)]) {
        let mut p = pos("really-big-board", fen);
        let stopped = Cell::new(false);
        let stop = || stopped.get();
        let m = choose(&mut p, 3, seed, &stop, &mut |_| stopped.set(stop_after_depth_1));
        let t = p.move_text(m);
        assert!(
            t.starts_with("h8"),
            "seed {seed}, stop {stop_after_depth_1}: {t} hangs the queen"
        );
    }
}

#[test]
fn finished_far_rank_game_scores_as_lost() {
    let mut p = pos("xhess", "10/10/10/10/7K2/10/10/10/10/2k7 w - - 0 1");
    assert_eq!(p.outcome().map(|o| o.reason), Some(Reason::RoyalFarRank));
    let (r, _) = run(&mut p, depth(3));
    assert_eq!((r.best, r.score), (None, Score::Mate(0)));
}

#[test]
fn searching_among_some_moves_keeps_to_them() {
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 10_000.0;
    let control = control(&clock, &|| false);
    for &id in BUILTIN_IDS {
        let mut p = Position::new(builtin(id).unwrap());
        let moves = legal(&mut p);
        // The best move without a restriction is left out.
        let (free, _) = run(&mut p, depth(3));
        let among: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| Some(m) != free.best)
            .take(3)
            .collect();
        let mut s = Searcher::new(4);
        let r = s.search_among(&mut p, &among, depth(3), &control, &mut |i| {
            assert!(among.contains(&i.pv[0]), "{id}: pv {:?}", i.pv)
        });
        assert!(among.contains(&r.best.unwrap()), "{id}");
        for level in [1, 5] {
            let m = s
                .choose_among(&mut p, &among, level, 1000.0, 7, &control, &mut |_| {})
                .best;
            assert!(among.contains(&m.unwrap()), "{id} level {level}");
        }
        // A list with no legal move searches them all.
        let r = s.search_among(&mut p, &[Move::normal(0, 0)], depth(2), &control, &mut |_| {});
        assert!(moves.contains(&r.best.unwrap()), "{id}");
        // The restriction ends with the search.
        s.clear();
        let again = s.search(&mut p, depth(3), &control, &mut |_| {});
        assert_eq!(again.best, free.best, "{id}");
    }
}

/// `Searcher::clear` forgets a search entirely (a new game in the browser
/// worker, whose engine lives through the games of a page): the next
/// search is the one a fresh searcher makes, node for node, in the same
/// variant and in another.
#[test]
fn a_cleared_searcher_searches_as_a_fresh_one() {
    let clock = || 0.0;
    let control = control(&clock, &|| false);
    for (id, d) in [("xhess", 6), ("flee", 4)] {
        let fresh = Searcher::new(4).search(&mut Position::new(variant(id)), depth(d), &control, &mut |_| {});
        let mut s = Searcher::new(4);
        s.search(&mut Position::new(variant("xhess")), depth(6), &control, &mut |_| {});
        s.clear();
        let again = s.search(&mut Position::new(variant(id)), depth(d), &control, &mut |_| {});
        assert_eq!(
            (again.nodes, again.best, again.score, again.pv),
            (fresh.nodes, fresh.best, fresh.score, fresh.pv),
            "{id}"
        );
    }
}

#[test]
fn a_root_move_found_better_in_an_unfinished_iteration_is_played() {
    // Where depth d prefers another move than depth d - 1, a node limit
    // may stop depth d after that move was searched but before the
    // iteration ends: the search then plays it, though it reports depth
    // d - 1. (Limits are polled every 1,024 nodes, so a move found among
    // the last few hundred nodes of an iteration cannot be caught so: the
    // test asks for the positions where some limit falls in between.)
    let mut played = Vec::new();
    for (id, fen) in random_positions().into_iter().step_by(2) {
        let mut p = pos(id, &fen);
        let Some(d) = (3..=5).find(|&d| run(&mut p, depth(d)).0.best != run(&mut p, depth(d - 1)).0.best) else {
            continue;
        };
        let (shallow, deep) = (run(&mut p, depth(d - 1)).0, run(&mut p, depth(d)).0);
        let found = (shallow.nodes..deep.nodes).step_by(512).any(|n| {
            let (r, _) = run(&mut p, nodes(n));
            r.depth == d - 1 && r.best == deep.best
        });
        if found {
            played.push(id);
        }
    }
    assert!(
        played.len() >= 4,
        "the move of an unfinished iteration played only in {played:?}"
    );
}
