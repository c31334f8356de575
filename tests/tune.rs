//! Tests of the evaluation's weights and their tuner: the `[evaluation]`
//! table (read, written back, refused with a clear reason), the
//! evaluation as a weighted sum of its features, and the tuner finding
//! known weights again from results drawn from them.

use bigboard::Position;
use bigboard::builtin;
use bigboard::search::eval::{Basis, Evaluator};
use bigboard::search::tune::{
    Data, Features, FitOptions, fit_k, fit_weights, mean_error, parse_line, result_text, rounded, sigmoid,
};
use bigboard::variant::evaluation::{EvalWeights, TERMS, Term};
use bigboard::variant::{BUILTIN_IDS, Variant};
use std::sync::Arc;

/// Xhess's definition without its tuned `[evaluation]` table: the
/// untuned evaluation.
fn xhess_text() -> &'static str {
    let text = include_str!("../src/variants/xhess.toml");
    text.find("\n[evaluation]").map_or(text, |end| &text[..end + 1])
}

/// Xhess with the default weights.
fn untuned_xhess() -> Arc<Variant> {
    let v = load(xhess_text()).unwrap();
    assert!(v.evaluation.is_default());
    v
}

/// A small fixed generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions of random games of `v`: every `every`-th position from ply
/// `from` on, while the game goes on, up to `plies` plies a game.
fn random_positions(
    v: &Arc<Variant>,
    games: usize,
    from: usize,
    plies: usize,
    every: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = if v.random_setup.is_some() {
            Position::random(v.clone(), rng.next() % 1000).expect("a seeded setup")
        } else {
            Position::new(v.clone())
        };
        for ply in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            if ply >= from && (ply - from).is_multiple_of(every) {
                out.push(Position::from_fen(v.clone(), &pos.fen()).expect("its own text"));
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

fn load(text: &str) -> Result<Arc<Variant>, String> {
    bigboard::load(text).map_err(|e| e.to_string())
}

#[test]
fn the_evaluation_table_is_read_and_written_back() {
    let table = "\n[evaluation]\ncentralisation = 4.5\ntempo = 20\nroyal_advance = 0.75\n\
                 [evaluation.value_scale]\nQueen = 1.25\nN = 0.9\n\"nightrider\" = 2\n";
    let v = load(&format!("{}{table}", xhess_text())).expect("a valid table");
    let w = &v.evaluation;
    let kind = |code: &str| v.kind_by_name(code).expect("a piece");
    assert_eq!(w.get(Term::Centralisation), 4.5);
    assert_eq!(w.get(Term::Tempo), 20.0);
    assert_eq!(w.get(Term::RoyalAdvance), 0.75);
    // Terms not given keep their defaults.
    assert_eq!(w.get(Term::EnemyNearRoyal), 12.0);
    assert_eq!(w.value_scale[kind("Q")], 1.25);
    assert_eq!(w.value_scale[kind("N")], 0.9);
    assert_eq!(w.value_scale[kind("I")], 2.0);
    assert_eq!(w.value_scale[kind("R")], 1.0);
    // The factors act on the values.
    let plain = Evaluator::new(&untuned_xhess());
    let scaled = Evaluator::new(&v);
    assert_eq!(
        scaled.value(kind("Q")),
        (plain.value(kind("Q")) as f64 * 1.25).round() as i32
    );
    assert_eq!(scaled.value(kind("R")), plain.value(kind("R")));

    // Written back and read again: the same weights, with fractions no
    // decimal text holds exactly.
    let mut odd = w.clone();
    odd.set(Term::PromotionShare, 0.1 + 0.2);
    odd.set(Term::Goal, -1.0 / 3.0);
    odd.value_scale[kind("B")] = std::f64::consts::PI;
    let again = load(&format!("{}\n{}", xhess_text(), odd.to_toml(&v.pieces))).expect("the table written");
    assert_eq!(again.evaluation, odd);
    // A variant without the table has the defaults; the built-in Xhess
    // has its file's table.
    let plain_v = untuned_xhess();
    assert_eq!(plain_v.evaluation, EvalWeights::defaults(plain_v.pieces.len()));
    let built_in = builtin("xhess").unwrap();
    let own = include_str!("../src/variants/xhess.toml");
    assert_eq!(built_in.evaluation, load(own).unwrap().evaluation);
    assert!(own.contains("\n[evaluation]") != built_in.evaluation.is_default());
}

/// tune-names.toml: piece names that are no bare key are written as TOML
/// strings that read back (once as Rust's `"Cafe\u{301} Knight"`).
#[test]
fn piece_names_are_written_as_toml_keys_that_read_back() {
    let text = include_str!("data/definitions/tune-names.toml");
    // Names as the definition writes them (TOML escapes).
    for name in [
        r"Cafe\u0301 Knight",
        r#"Caf\u00e9 \"Knight\""#,
        r"Tab\tand\u0001control",
        r"Back\\slash",
    ] {
        let definition = text.replace(r"Cafe\u0301 Knight", name);
        let v = load(&definition).unwrap_or_else(|e| panic!("{name}: {e}"));
        let knight = v.kind_by_name("N").unwrap();
        let mut w = v.evaluation.clone();
        w.value_scale[knight] = 0.625;
        let table = w.to_toml(&v.pieces);
        assert!(!table.contains("\\u{"), "{table}");
        let again = load(&format!("{definition}\n{table}")).unwrap_or_else(|e| panic!("{name}: {e}\n{table}"));
        assert_eq!(again.evaluation, w, "{name}: {table}");
    }
}

#[test]
fn a_bad_evaluation_table_is_refused_with_its_place_and_reason() {
    for (table, at, says) in [
        (
            "[evaluation]\ncentre = 3\n",
            "evaluation.centre",
            "unknown key 'centre'",
        ),
        (
            "[evaluation]\ntempo = \"fast\"\n",
            "evaluation.tempo",
            "expected a number, not a string",
        ),
        ("[evaluation]\ntempo = 1e9\n", "evaluation.tempo", "out of range"),
        ("[evaluation]\ntempo = nan\n", "evaluation.tempo", "out of range"),
        ("evaluation = 3\n", "evaluation", "expected a table"),
        (
            "[evaluation.value_scale]\nDragon = 2\n",
            "evaluation.value_scale.Dragon",
            "'Dragon' is not a piece of this variant",
        ),
        (
            "[evaluation.value_scale]\nKing = 2\n",
            "evaluation.value_scale.King",
            "is royal",
        ),
        (
            "[evaluation.value_scale]\nQueen = -1\n",
            "evaluation.value_scale.Queen",
            "out of range",
        ),
        (
            "[evaluation.value_scale]\nQueen = true\n",
            "evaluation.value_scale.Queen",
            "expected a number",
        ),
        (
            "[evaluation.value_scale]\nQueen = 1.1\nQ = 1.2\n",
            "evaluation.value_scale",
            "given a factor already",
        ),
        (
            "[evaluation]\nvalue_scale = 2\n",
            "evaluation.value_scale",
            "expected a table",
        ),
    ] {
        // A top-level key must come before the tables.
        let text = if table.starts_with('[') {
            format!("{}\n{table}", xhess_text())
        } else {
            format!("{table}{}", xhess_text())
        };
        let e = load(&text).expect_err(table);
        assert!(e.contains(at) && e.contains(says), "{table}: {e}");
    }
}

/// Every built-in variant's evaluation, from White's side, is its weights
/// times its features, up to the rounding of each table entry (half a
/// centipawn per term and man) and of the reserve's promotions.
#[test]
fn the_evaluation_is_its_weights_times_its_features() {
    for id in BUILTIN_IDS {
        let v = builtin(id).unwrap();
        let features = Features::new(&v);
        let eval = Evaluator::new(&v);
        let w = features.vector(&v.evaluation);
        for pos in random_positions(&v, 6, 0, 80, 7, 11) {
            let white = if pos.side_to_move() == 0 { 1 } else { -1 };
            let exact = (white * eval.evaluate(&pos)) as f64;
            let linear = features.linear_eval(&pos, &w);
            let men = (pos.squares_of(0).len() + pos.squares_of(1).len()) as f64;
            assert!(
                (exact - linear).abs() <= 1.5 * men + 1.0,
                "{id}: {} evaluates {exact}, features give {linear}",
                pos.fen()
            );
        }
    }
}

/// The position seen from the other side: ranks in reverse order, each
/// man of the other colour, the other side to move. Castling rights and
/// the en-passant square are dropped (from both positions compared).
fn colours_swapped(fen: &str) -> (String, String) {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |rank: &str| -> String {
        rank.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    (
        format!("{} {} - - {} {}", f[0], f[1], f[4], f[5]),
        format!("{} {side} - - {} {}", board.join("/"), f[4], f[5]),
    )
}

/// The evaluation (tuned weights included) is the same for both colours:
/// a position and its mirror image with the colours swapped evaluate alike
/// for their sides to move. (Black's tables are White's mirrored; a slip
/// there would favour one colour in every game.)
#[test]
fn the_evaluation_is_the_same_for_both_colours() {
    for id in ["xhess", "overboard", "really-big-board", "flee"] {
        let v = builtin(id).unwrap();
        let eval = Evaluator::new(&v);
        let positions = random_positions(&v, 10, 2, 80, 3, 23);
        assert!(positions.len() > 100, "{id}");
        let mut uneven = 0;
        for pos in &positions {
            let (plain, swapped) = colours_swapped(&pos.fen());
            let a = Position::from_fen(v.clone(), &plain).unwrap();
            let b = Position::from_fen(v.clone(), &swapped).unwrap();
            let e = eval.evaluate(&a);
            assert_eq!(e, eval.evaluate(&b), "{id}: {plain} against {swapped}");
            uneven += usize::from(e.abs() > 50);
        }
        // Most positions are far from even: the tables are tested, not
        // only the tempo.
        assert!(uneven > positions.len() / 2, "{id}: {uneven} of {}", positions.len());
    }
}

/// Changing one weight changes the evaluation by that much times its
/// feature, and the defaults, written out as a table, change nothing.
#[test]
fn each_weight_moves_the_evaluation_by_its_feature() {
    let v = untuned_xhess();
    let basis = Basis::new(&v);
    let features = Features::new(&v);
    let plain = Evaluator::new(&v);
    let defaults = EvalWeights::defaults(v.pieces.len());
    let same = Evaluator::with_weights(&v, &basis, &defaults);
    let written = load(&format!("{}\n{}", xhess_text(), defaults.to_toml(&v.pieces))).unwrap();
    let from_table = Evaluator::new(&written);
    let mut more = defaults.clone();
    more.set(Term::Tempo, 30.0);
    more.set(Term::EnemyNearRoyal, 20.0);
    more.set(Term::FriendNextToRoyal, 1.0);
    let more = Evaluator::with_weights(&v, &basis, &more);
    let positions = random_positions(&v, 8, 4, 60, 5, 5);
    assert!(positions.len() > 50);
    for pos in &positions {
        let e = plain.evaluate(pos);
        assert_eq!(same.evaluate(pos), e);
        let written_pos = Position::from_fen(written.clone(), &pos.fen()).unwrap();
        assert_eq!(from_table.evaluate(&written_pos), e);
        // Whole-centipawn terms: exact.
        let f = features.of(pos);
        let white = if pos.side_to_move() == 0 { 1.0 } else { -1.0 };
        let expected = e as f64
            + white
                * (18.0 * f[Term::Tempo as usize]
                    + 8.0 * f[Term::EnemyNearRoyal as usize]
                    + -5.0 * f[Term::FriendNextToRoyal as usize]);
        assert_eq!(more.evaluate(pos) as f64, expected, "{}", pos.fen());
    }
}

#[test]
fn data_lines_are_read_and_results_written() {
    assert_eq!(parse_line("  # a comment").unwrap(), None);
    assert_eq!(parse_line("").unwrap(), None);
    assert_eq!(parse_line("8/8 w - - 0 1 ; 1-0").unwrap(), Some(("8/8 w - - 0 1", 1.0)));
    assert_eq!(parse_line("8/8 b ; 1/2-1/2").unwrap(), Some(("8/8 b", 0.5)));
    assert_eq!(parse_line("8/8 b;0-1").unwrap(), Some(("8/8 b", 0.0)));
    assert!(parse_line("8/8 b ; 2-0").unwrap_err().contains("not 1-0"));
    assert!(parse_line("8/8 b 1-0").unwrap_err().contains("POSITION ; RESULT"));
    for score in [0.0, 0.5, 1.0] {
        assert_eq!(
            parse_line(&format!("x ; {}", result_text(score))).unwrap(),
            Some(("x", score))
        );
    }
}

/// Rows of random features on scales from a tempo's (+-1) to a piece
/// count's value (hundreds), each with its expected result for White,
/// `sigmoid(k * row . weights)`.
fn synthetic(rng: &mut Rng, rows: usize, weights: &[f64], k: f64) -> Data {
    let sizes = [1.0, 300.0, 20.0, 5.0, 60.0];
    let mut data = Data::new(weights.len());
    for _ in 0..rows {
        let row: Vec<f64> = (0..weights.len())
            .map(|j| {
                let size = sizes[j % sizes.len()];
                if j % sizes.len() == 0 {
                    if rng.unit() < 0.5 { size } else { -size }
                } else {
                    ((rng.unit() * 2.0 - 1.0) * 3.0).round() * size / 3.0
                }
            })
            .collect();
        let p = sigmoid(k * row.iter().zip(weights).map(|(x, w)| x * w).sum::<f64>());
        data.push(&row, p);
    }
    data
}

/// The same rows with each result drawn: 1 with the row's expected
/// result as probability, 0 otherwise.
fn drawn(rng: &mut Rng, data: &Data) -> Data {
    let mut out = data.clone();
    for r in &mut out.results {
        *r = if rng.unit() < *r { 1.0 } else { 0.0 };
    }
    out
}

/// The inverse of a small symmetric positive definite matrix (Gauss-Jordan).
fn inverse(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let p = a[c][c];
        assert!(p.abs() > 1e-300, "singular");
        for j in 0..n {
            a[c][j] /= p;
            inv[c][j] /= p;
        }
        for r in (0..n).filter(|&r| r != c) {
            let f = a[r][c];
            for j in 0..n {
                a[r][j] -= f * a[c][j];
                inv[r][j] -= f * inv[c][j];
            }
        }
    }
    inv
}

/// The standard errors of the least-squares fit of `fitted` weights when
/// the results are drawn from `sigmoid(k * row . truth)`: the sandwich
/// H^-1 V H^-1 of the error's Hessian H and the variance V of its
/// gradient, both at the truth.
fn standard_errors(data: &Data, truth: &[f64], k: f64, fitted: &[usize]) -> Vec<f64> {
    let m = fitted.len();
    let mut h = vec![vec![0.0; m]; m];
    let mut var = vec![vec![0.0; m]; m];
    for i in 0..data.len() {
        let row = &data.rows[i * data.width..(i + 1) * data.width];
        let p = sigmoid(k * row.iter().zip(truth).map(|(x, w)| x * w).sum::<f64>());
        let slope = p * (1.0 - p) * k;
        for a in 0..m {
            for b in 0..m {
                let xx = row[fitted[a]] * row[fitted[b]];
                h[a][b] += 2.0 * slope * slope * xx;
                var[a][b] += 4.0 * p * (1.0 - p) * slope * slope * xx;
            }
        }
    }
    let hi = inverse(h);
    (0..m)
        .map(|a| {
            let mut s = 0.0;
            for b in 0..m {
                for c in 0..m {
                    s += hi[a][b] * var[b][c] * hi[c][a];
                }
            }
            s.sqrt()
        })
        .collect()
}

#[test]
fn the_tuner_recovers_known_weights_from_drawn_results() {
    let mut rng = Rng(42);
    let truth = [100.0, 1.2, 4.0, -30.0, 1.5];
    let k = 0.006;
    let all = [0, 1, 2, 3, 4];
    let expected = synthetic(&mut rng, 40_000, &truth, k);
    let start = [0.0, 1.0, 0.0, 0.0, 1.0];
    let bounds = vec![(-1e4, 1e4); 5];
    // With the expected results the least error is at the truth itself:
    // the descent reaches it.
    let exact = fit_weights(&expected, k, &start, &[true; 5], &bounds, FitOptions::default());
    for (got, want) in exact.weights.iter().zip(truth) {
        assert!((got / want - 1.0).abs() < 0.01, "{:?} for {truth:?}", exact.weights);
    }
    // Results drawn from them: the truth within the fit's statistical
    // error (five standard errors; each a small share of its weight).
    let data = drawn(&mut rng, &expected);
    let k_fit = fit_k(&data, &truth);
    assert!((k_fit / k - 1.0).abs() < 0.05, "K {k_fit} for {k}");
    let fit = fit_weights(&data, k, &start, &[true; 5], &bounds, FitOptions::default());
    assert!(fit.error_after < fit.error_before);
    let se = standard_errors(&data, &truth, k, &all);
    for j in all {
        let (got, want) = (fit.weights[j], truth[j]);
        assert!(
            se[j] < 0.05 * want.abs(),
            "weight {j}: standard error {} for {want}",
            se[j]
        );
        assert!(
            (got - want).abs() <= 5.0 * se[j],
            "weight {j}: {got} for {want} (standard error {})",
            se[j]
        );
    }
    // A fixed weight keeps its start, and the others make up for it.
    let fixed = fit_weights(
        &data,
        k,
        &start,
        &[true, true, false, true, true],
        &bounds,
        FitOptions::default(),
    );
    assert_eq!(fixed.weights[2], 0.0);
    assert!(fixed.error_after > fit.error_after);
    // A bound holds.
    let mut tight = bounds.clone();
    tight[0] = (0.0, 10.0);
    let bounded = fit_weights(&data, k, &start, &[true; 5], &tight, FitOptions::default());
    assert!(bounded.weights[0] <= 10.0);
}

/// The whole way from positions: Xhess positions of random games, written
/// as data lines with results drawn from a known set of weights and read
/// back; the tuner finds those weights from the defaults, within the
/// fit's statistical error.
#[test]
fn the_tuner_recovers_known_weights_of_xhess_positions() {
    let v = untuned_xhess();
    let features = Features::new(&v);
    let kind = |code: &str| v.kind_by_name(code).unwrap();
    let mut truth = EvalWeights::defaults(v.pieces.len());
    truth.set(Term::Tempo, 150.0);
    truth.set(Term::Centralisation, 12.0);
    truth.value_scale[kind("Q")] = 1.5;
    truth.value_scale[kind("H")] = 0.7;
    let truth_vector = features.vector(&truth);
    let k = 0.006;
    let mut rng = Rng(7);
    let mut lines = String::new();
    for pos in random_positions(&v, 300, 6, 90, 2, 3) {
        let p = sigmoid(k * features.linear_eval(&pos, &truth_vector));
        let result = if rng.unit() < p { 1.0 } else { 0.0 };
        lines.push_str(&format!("{} ; {}\n", pos.fen(), result_text(result)));
    }
    let mut data = Data::new(features.len());
    for line in lines.lines() {
        let (fen, result) = parse_line(line).unwrap().unwrap();
        data.push(&features.of(&Position::from_fen(v.clone(), fen).unwrap()), result);
    }
    assert!(data.len() > 10_000, "{} positions", data.len());
    // The four weights are fitted, the others held.
    let fitted = [
        Term::Tempo as usize,
        Term::Centralisation as usize,
        TERMS.len() + kind("Q"),
        TERMS.len() + kind("H"),
    ];
    let free: Vec<bool> = (0..features.len()).map(|j| fitted.contains(&j)).collect();
    let start = features.vector(&EvalWeights::defaults(v.pieces.len()));
    let fit = fit_weights(&data, k, &start, &free, &features.bounds(), FitOptions::default());
    assert!(fit.error_after < fit.error_before);
    assert!(mean_error(&data, &fit.weights, k) <= mean_error(&data, &start, k));
    let se = standard_errors(&data, &truth_vector, k, &fitted);
    for (a, &j) in fitted.iter().enumerate() {
        let (got, want) = (fit.weights[j], truth_vector[j]);
        let name = &features.names()[j];
        assert!(se[a] < 0.1 * want.abs(), "{name}: standard error {} for {want}", se[a]);
        assert!(
            (got - want).abs() <= 5.0 * se[a],
            "{name}: {got} for {want} (standard error {}; {:?})",
            se[a],
            rounded(&features.weights(&fit.weights))
        );
    }
    for j in (0..features.len()).filter(|j| !fitted.contains(j)) {
        assert_eq!(fit.weights[j], start[j]);
    }
}
