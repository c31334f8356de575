//! Texel-style tuning of the evaluation's weights: positions from a
//! variant's games, each with the game's result, and the weights that make
//! `sigmoid(K * eval)` predict the results best (least mean squared
//! error). The evaluation is linear in its weights
//! ([`Evaluator::features`]), so each position's features are computed
//! once and the fit is gradient descent on them.

use super::eval::{Basis, Evaluator};
use crate::rules::position::Position;
use crate::variant::Variant;
use crate::variant::evaluation::{EvalWeights, TERMS, VALUE_SCALE};

/// Positions as feature rows, each with its result for White (1 a win, 0.5
/// a draw, 0 a loss).
#[derive(Clone, Debug, Default)]
pub struct Data {
    /// Features per row.
    pub width: usize,
    /// The rows one after another.
    pub rows: Vec<f64>,
    /// Each row's result for White.
    pub results: Vec<f64>,
}

impl Data {
    /// No rows, `width` features per row.
    pub fn new(width: usize) -> Data {
        Data {
            width,
            ..Data::default()
        }
    }

    /// Adds a row of features and its result.
    pub fn push(&mut self, features: &[f64], result: f64) {
        assert_eq!(features.len(), self.width, "a row has one number per feature");
        self.rows.extend_from_slice(features);
        self.results.push(result);
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// There are no rows.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    fn row(&self, i: usize) -> &[f64] {
        &self.rows[i * self.width..(i + 1) * self.width]
    }
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean squared error of `sigmoid(k * features . weights)` against the
/// results.
pub fn mean_error(data: &Data, weights: &[f64], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..data.len())
        .map(|i| {
            let d = sigmoid(k * dot(data.row(i), weights)) - data.results[i];
            d * d
        })
        .sum();
    sum / data.len() as f64
}

/// The scale `K` that fits the results best with `weights` unchanged: a
/// golden-section search on ln K between 1e-5 and 1 (per centipawn).
pub fn fit_k(data: &Data, weights: &[f64]) -> f64 {
    let error = |ln_k: f64| mean_error(data, weights, ln_k.exp());
    let (mut lo, mut hi) = (1e-5f64.ln(), 0.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut ea, mut eb) = (error(a), error(b));
    for _ in 0..60 {
        if ea < eb {
            hi = b;
            b = a;
            eb = ea;
            a = hi - ratio * (hi - lo);
            ea = error(a);
        } else {
            lo = a;
            a = b;
            ea = eb;
            b = lo + ratio * (hi - lo);
            eb = error(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Most passes over the data.
    pub iterations: usize,
    /// Adam's step, in centipawns of the evaluation per standard size of a
    /// feature (each weight moves on the scale of its feature).
    pub step: f64,
    /// Stop when a hundred passes gain less than this share of the
    /// error. Where they lose instead, the step is halved (Adam with a
    /// fixed step circles round the least error); after ten halvings the
    /// fit stops too.
    pub tolerance: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            iterations: 5000,
            step: 2.0,
            tolerance: 1e-7,
        }
    }
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Vec<f64>,
    /// The mean squared error before the fit.
    pub error_before: f64,
    /// The mean squared error after the fit.
    pub error_after: f64,
    /// Steps of gradient descent taken.
    pub iterations: usize,
}

/// Fits the weights marked `free` (the others keep their values from
/// `start`) by full-batch gradient descent (Adam) on the mean squared
/// error with `k` fixed, each weight kept within its `bounds` (lowest,
/// highest). A feature that is 0 in every row cannot be fitted: its
/// weight is kept. The weights returned are the best of those measured
/// every hundred passes.
pub fn fit_weights(data: &Data, k: f64, start: &[f64], free: &[bool], bounds: &[(f64, f64)], o: FitOptions) -> Fit {
    let f = data.width;
    assert_eq!(start.len(), f);
    assert_eq!(free.len(), f);
    assert_eq!(bounds.len(), f);
    let n = data.len().max(1) as f64;
    // Each weight is fitted as weight x (root mean square of its feature):
    // centipawns for a typical size of the feature, so one step size suits
    // a tempo (a feature of +-1) and a piece's value (hundreds).
    let mut scale = vec![0.0; f];
    for i in 0..data.len() {
        for (s, x) in scale.iter_mut().zip(data.row(i)) {
            *s += x * x;
        }
    }
    let scale: Vec<f64> = scale.iter().map(|s| (s / n).sqrt()).collect();
    let free: Vec<bool> = free.iter().zip(&scale).map(|(&fr, &s)| fr && s > 0.0).collect();
    let mut w = start.to_vec();
    let error_before = mean_error(data, &w, k);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-12);
    let mut m = vec![0.0; f];
    let mut v = vec![0.0; f];
    let mut grad = vec![0.0; f];
    let mut last = error_before;
    let mut best = (error_before, w.clone());
    let mut step = o.step;
    let mut halvings = 0;
    let mut iterations = 0;
    for t in 1..=o.iterations {
        iterations = t;
        grad.fill(0.0);
        for i in 0..data.len() {
            let row = data.row(i);
            let p = sigmoid(k * dot(row, &w));
            let d = 2.0 * (p - data.results[i]) * p * (1.0 - p) * k / n;
            for (g, x) in grad.iter_mut().zip(row) {
                *g += d * x;
            }
        }
        for j in (0..f).filter(|&j| free[j]) {
            // The gradient by the scaled weight.
            let g = grad[j] * scale[j];
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let mh = m[j] / (1.0 - beta1.powi(t as i32));
            let vh = v[j] / (1.0 - beta2.powi(t as i32));
            w[j] -= step * mh / (vh.sqrt() + eps) / scale[j];
            w[j] = w[j].clamp(bounds[j].0, bounds[j].1);
        }
        if t % 100 == 0 {
            let e = mean_error(data, &w, k);
            if e < best.0 {
                best = (e, w.clone());
            }
            if e > last {
                step /= 2.0;
                halvings += 1;
                if halvings > 10 {
                    break;
                }
            } else if last - e < o.tolerance * last {
                break;
            }
            last = e;
        }
    }
    Fit {
        error_after: best.0,
        weights: best.1,
        error_before,
        iterations,
    }
}

/// The features of a variant's positions: [`Evaluator::features`] with the
/// basis it needs, and the weights as the vector they multiply.
pub struct Features {
    basis: Basis,
    eval: Evaluator,
    names: Vec<String>,
}

impl Features {
    /// The features of `v`'s positions.
    pub fn new(v: &Variant) -> Features {
        let basis = Basis::new(v);
        let eval = Evaluator::with_weights(v, &basis, &v.evaluation);
        let names = TERMS
            .iter()
            .map(|t| t.key.to_string())
            .chain(v.pieces.iter().map(|p| format!("{VALUE_SCALE}.{}", p.name)))
            .collect();
        Features { basis, eval, names }
    }

    /// How many features (and weights) there are.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// There are no features.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Each feature's name: a term's key in `[evaluation]`, or
    /// `value_scale.PIECE`.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The features of `pos`, from White's side.
    pub fn of(&self, pos: &Position) -> Vec<f64> {
        let mut out = vec![0.0; self.len()];
        self.eval.features(&self.basis, pos, &mut out);
        out
    }

    /// The range each weight may take in a definition.
    pub fn bounds(&self) -> Vec<(f64, f64)> {
        use crate::variant::evaluation::{MAX_TERM, MAX_VALUE_SCALE};
        (0..self.len())
            .map(|j| {
                if j < TERMS.len() {
                    (-MAX_TERM, MAX_TERM)
                } else {
                    (0.0, MAX_VALUE_SCALE)
                }
            })
            .collect()
    }

    /// The weights as the vector the features multiply.
    pub fn vector(&self, w: &EvalWeights) -> Vec<f64> {
        w.terms.iter().chain(&w.value_scale).copied().collect()
    }

    /// The weights of a vector (see [`Features::vector`]).
    pub fn weights(&self, x: &[f64]) -> EvalWeights {
        let mut terms = [0.0; TERMS.len()];
        terms.copy_from_slice(&x[..TERMS.len()]);
        EvalWeights {
            terms,
            value_scale: x[TERMS.len()..].to_vec(),
        }
    }

    /// The evaluation of `pos` from White's side by these features with
    /// weights `x`.
    pub fn linear_eval(&self, pos: &Position, x: &[f64]) -> f64 {
        dot(&self.of(pos), x)
    }
}

/// Weights as written by the tuner: whole centipawns for the terms the
/// evaluation uses so, three decimals for the others and four for the
/// value factors (kept within the ranges a definition allows).
pub fn rounded(w: &EvalWeights) -> EvalWeights {
    use crate::variant::evaluation::{MAX_TERM, MAX_VALUE_SCALE};
    let mut out = w.clone();
    for (x, t) in out.terms.iter_mut().zip(TERMS.iter()) {
        let r = if t.whole {
            x.round()
        } else {
            (*x * 1000.0).round() / 1000.0
        };
        *x = r.clamp(-MAX_TERM, MAX_TERM);
    }
    for s in &mut out.value_scale {
        *s = ((*s * 10_000.0).round() / 10_000.0).clamp(0.0, MAX_VALUE_SCALE);
    }
    out
}

/// One line of a tuning data file, `POSITION TEXT ; RESULT` with the
/// result for White as `1-0`, `1/2-1/2`, `0-1` (or `1`, `0.5`, `0`): the
/// position text and White's score. `None` for a blank line or a `#`
/// comment.
pub fn parse_line(line: &str) -> Result<Option<(&str, f64)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen, result) = line
        .rsplit_once(';')
        .ok_or("expected POSITION ; RESULT (such as 1-0, 1/2-1/2, 0-1)")?;
    let score = match result.trim() {
        "1-0" | "1" | "1.0" => 1.0,
        "0-1" | "0" | "0.0" => 0.0,
        "1/2-1/2" | "0.5" | "1/2" => 0.5,
        other => {
            return Err(format!(
                "result '{}' is not 1-0, 1/2-1/2 or 0-1",
                crate::core::echo::echo(other)
            ));
        }
    };
    Ok(Some((fen.trim(), score)))
}

/// A game result for White as a data file writes it.
pub fn result_text(white_score: f64) -> &'static str {
    if white_score > 0.75 {
        "1-0"
    } else if white_score < 0.25 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}
