//! Match statistics: the Elo difference a score stands for, its 95% error
//! margin, the likelihood of superiority, and the sequential probability
//! ratio test that ends a match once the results decide between two Elo
//! hypotheses.
//!
//! The Elo figures are those of cutechess-cli: the logistic model, the
//! margin from the variance of single games (win 1, draw 1/2, loss 0). The
//! test is fishtest's generalized SPRT (GSPRT) in logistic Elo: the log
//! likelihood ratio of the results' maximum-likelihood distributions whose
//! means are the scores of `elo0` and `elo1`, computed on pairs of games
//! (the pentanomial model: a pair is one opening played with both colours,
//! scored 0, 1/2, 1, 3/2 or 2), which accounts for the correlation of the
//! two games of a pair.

/// The 97.5% quantile of the standard normal distribution: a two-sided
/// 95% interval is the mean plus or minus this many standard deviations.
const Z_95: f64 = 1.959_963_984_540_054;

/// The count standing in for an empty category of results before the
/// maximum-likelihood fit, as fishtest does: without it a category never
/// seen would have probability 0 and its logarithm would be undefined.
const EMPTY_COUNT: f64 = 1e-3;

/// The expected score (0 to 1) of a side `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score (0 to 1); infinite at 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // Adding 0 turns the -0 of an even score into 0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// Single-game results from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The Elo difference and its 95% error margin (half the width of the
    /// interval), or `None` before any game. A score of 0 or 1 gives an
    /// infinite difference and margin.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let mean = self.points() / n;
        let variance = (self.wins as f64 * (1.0 - mean).powi(2)
            + self.draws as f64 * (0.5 - mean).powi(2)
            + self.losses as f64 * mean.powi(2))
            / n;
        let delta = Z_95 * (variance / n).sqrt();
        let margin = (elo_of_score(mean + delta) - elo_of_score(mean - delta)) / 2.0;
        Some((elo_of_score(mean), margin))
    }

    /// The likelihood of superiority: the probability that this side is the
    /// stronger, from wins and losses alone (draws say nothing of it), by
    /// the normal approximation; 1/2 before any decisive game.
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The error function, by the Chebyshev fit of Numerical Recipes (section
/// 6.2, fractional error below 1.2e-7): enough for a percentage.
pub fn erf(x: f64) -> f64 {
    if x == 0.0 {
        // The fit is 1.5e-8 off here; an even result is exactly even.
        return 0.0;
    }
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// Results counted by category, lowest score first: three categories for
/// single games (loss, draw, win) or five for pairs (0, 1/2, 1, 3/2, 2
/// points). Category `i` of `k` scores `i / (k - 1)`.
pub fn log_likelihood_ratio(counts: &[u32], elo0: f64, elo1: f64) -> f64 {
    let k = counts.len();
    assert!(k >= 2, "at least two categories");
    let weights: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_COUNT } else { c as f64 })
        .collect();
    let n: f64 = weights.iter().sum();
    let pdf: Vec<(f64, f64)> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| (i as f64 / (k - 1) as f64, w / n))
        .collect();
    let p0 = fit_mean(&pdf, score_of_elo(elo0));
    let p1 = fit_mean(&pdf, score_of_elo(elo1));
    let per_unit: f64 = pdf
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln()))
        .sum();
    n * per_unit
}

/// The distribution with mean `s` closest to the observed `pdf` (values,
/// probabilities) in likelihood: `p_i / (1 + x (a_i - s))`, with `x` the
/// root of the secular equation `sum p_i (a_i - s) / (1 + x (a_i - s)) = 0`
/// (fishtest's `MLE_expected`). The left side falls as `x` grows, so the
/// root is found by bisection between the poles. `s` lies strictly between
/// the lowest and highest values, and every probability is positive.
fn fit_mean(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let lowest = shifted.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let highest = shifted.iter().map(|&(a, _)| a).fold(f64::NEG_INFINITY, f64::max);
    let f = |x: f64| -> f64 { shifted.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
    let margin = 1e-12 * (hi - lo);
    lo += margin;
    hi -= margin;
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    shifted.iter().map(|&(a, p)| p / (1.0 + x * a)).collect()
}

/// A sequential probability ratio test of `elo0` (H0) against `elo1` (H1)
/// with error rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    /// H0: not stronger by `elo1`.
    AcceptH0,
    /// H1: stronger by `elo1` rather than `elo0`.
    AcceptH1,
}

impl Sprt {
    /// Reads `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (alpha = beta = 0.05 when
    /// not given).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let number = |s: &str, what: &str| -> Result<f64, String> {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("--sprt: {what} '{}' is not a number", bigboard::core::echo::echo(s)))
        };
        let (elo0, elo1, alpha, beta) = match fields[..] {
            [e0, e1] => (number(e0, "elo0")?, number(e1, "elo1")?, 0.05, 0.05),
            [e0, e1, a, b] => (
                number(e0, "elo0")?,
                number(e1, "elo1")?,
                number(a, "alpha")?,
                number(b, "beta")?,
            ),
            _ => return Err("--sprt needs ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA".into()),
        };
        if elo0 >= elo1 {
            return Err(format!("--sprt: elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        if elo0.abs() >= 1000.0 || elo1.abs() >= 1000.0 {
            return Err("--sprt: the Elo bounds must lie within -1000 and 1000".into());
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("--sprt: {name} must be between 0 and 0.5, not {p}"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the log likelihood ratio: at or below the lower one H0
    /// is accepted, at or above the upper one H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log likelihood ratio of the pairs' results (counts of 0, 1/2, 1,
    /// 3/2 and 2 points) and the verdict; no verdict before the first pair.
    pub fn test(&self, pairs: &[u32; 5]) -> (f64, Verdict) {
        if pairs.iter().sum::<u32>() == 0 {
            return (0.0, Verdict::Continue);
        }
        let llr = log_likelihood_ratio(pairs, self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        };
        (llr, verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert_eq!(elo_of_score(0.5), 0.0);
        // 0.75 = 1 / (1 + 10^(-e/400)) <=> 10^(-e/400) = 1/3 <=> e = 400 log10 3.
        assert!(close(elo_of_score(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(elo_of_score(0.75), 190.848, 1e-3));
        for e in [-300.0, -12.5, 0.0, 7.0, 250.0] {
            assert!(close(elo_of_score(score_of_elo(e)), e, 1e-9));
        }
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn elo_and_margin_of_a_known_score() {
        // 60 wins, 20 draws, 20 losses: score 0.7, Elo -400 log10(3/7) =
        // 147.19. Variance of one game: (60 * 0.09 + 20 * 0.04 + 20 * 0.49)
        // / 100 = 0.16, standard error sqrt(0.16 / 100) = 0.04, so the 95%
        // interval of the score is 0.7 -+ 0.0783986: 0.6216014 (86.225 Elo)
        // to 0.7783986 (218.252 Elo), a margin of (218.252 - 86.225) / 2 =
        // 66.013.
        let r = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (elo, margin) = r.elo().unwrap();
        assert!(close(elo, 147.19, 0.01), "{elo}");
        assert!(close(margin, 66.013, 0.001), "{margin}");
        assert_eq!(r.points(), 70.0);
    }

    #[test]
    fn an_even_score_is_zero_elo_with_a_symmetric_margin() {
        // 10 wins, 10 losses, no draws: variance 0.25, standard error
        // 0.5 / sqrt(20) = 0.111803; 0.5 + 0.219131 = 0.719131 is 163.321
        // Elo, and the interval is symmetric.
        let r = Wdl {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (elo, margin) = r.elo().unwrap();
        assert_eq!(elo, 0.0);
        assert!(close(margin, 163.321, 0.001), "{margin}");
        assert_eq!(r.los(), 0.5);
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn a_clean_sweep_is_infinite() {
        let r = Wdl {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        let (elo, margin) = r.elo().unwrap();
        assert_eq!(elo, f64::INFINITY);
        assert!(margin.is_nan() || margin.is_infinite());
    }

    #[test]
    fn likelihood_of_superiority() {
        // 30 wins, 20 losses: erf(10 / sqrt(100)) = erf(1) = 0.8427008, LOS
        // (1 + 0.8427008) / 2 = 0.9213504.
        let r = Wdl {
            wins: 30,
            draws: 50,
            losses: 20,
        };
        assert!(close(r.los(), 0.921_350_4, 1e-6), "{}", r.los());
        let mirrored = Wdl {
            wins: 20,
            draws: 50,
            losses: 30,
        };
        assert!(close(mirrored.los(), 1.0 - 0.921_350_4, 1e-6));
    }

    #[test]
    fn erf_of_known_values() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_877_8),
            (1.0, 0.842_700_792_9),
            (2.0, 0.995_322_265),
        ] {
            assert!(close(erf(x), want, 2e-7), "erf({x}) = {}", erf(x));
            assert!(close(erf(-x), -want, 2e-7));
        }
    }

    #[test]
    fn the_fit_keeps_an_observed_mean_and_moves_to_another() {
        // Observed 20 losses, 40 draws, 40 wins: mean 0.6. Fitted to its own
        // mean the distribution is unchanged (x = 0).
        let pdf = [(0.0, 0.2), (0.5, 0.4), (1.0, 0.4)];
        let same = fit_mean(&pdf, 0.6);
        for (q, &(_, p)) in same.iter().zip(&pdf) {
            assert!(close(*q, p, 1e-9));
        }
        // Fitted to mean 0.5, by hand: sum p a / (1 + x a) with a = -0.5, 0,
        // 0.5 is -0.1 / (1 - x/2) + 0.2 / (1 + x/2) = 0, so 0.2 - 0.1 x =
        // 0.1 + 0.05 x, x = 2/3: probabilities 0.3, 0.4, 0.3.
        let fitted = fit_mean(&pdf, 0.5);
        for (q, want) in fitted.iter().zip([0.3, 0.4, 0.3]) {
            assert!(close(*q, want, 1e-9), "{fitted:?}");
        }
    }

    #[test]
    fn llr_of_a_known_trinomial_result() {
        // 20 losses, 40 draws, 40 wins against H0: Elo 0 (s0 = 0.5), H1:
        // Elo 10 (s1 = 0.5143871). By hand: the fit to 0.5 is (0.3, 0.4,
        // 0.3) (see above); the fit to s1, with a = -s1, 0.5 - s1, 1 - s1,
        // solves 0.2 a0 / (1 + x a0) + 0.4 a1 / (1 + x a1) + 0.4 a2 / (1 +
        // x a2) = 0 at x = 0.574740, giving (0.2839452, 0.4033351,
        // 0.3127196). LLR = 100 (0.2 ln(0.2839452 / 0.3) + 0.4 ln(0.4033351
        // / 0.4) + 0.4 ln(0.3127196 / 0.3)) = 0.8931.
        let llr = log_likelihood_ratio(&[20, 40, 40], 0.0, 10.0);
        assert!(close(llr, 0.8931, 1e-4), "{llr}");
        // The normal approximation of fishtest's LLR_alt2, N (s1 - s0) (2 m
        // - s0 - s1) / (2 var) = 100 * 0.0143871 * 0.1856129 / 0.28 = 0.9537,
        // is near.
        assert!(close(llr, 0.9537, 0.1));
        // Swapping the hypotheses negates the ratio.
        assert!(close(log_likelihood_ratio(&[20, 40, 40], 10.0, 0.0), -llr, 1e-9));
    }

    #[test]
    fn llr_of_pairs_and_the_sprt_verdicts() {
        let sprt = Sprt::parse("0,10").unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        assert_eq!(sprt.test(&[0; 5]), (0.0, Verdict::Continue));
        // Pairs scoring 0, 1/2, 1, 3/2, 2: 5, 20, 50, 20, 5 pairs, mean 1/2
        // a game: between the hypotheses, nearer H0 (Elo 0).
        let (even, v) = sprt.test(&[5, 20, 50, 20, 5]);
        assert_eq!(v, Verdict::Continue);
        assert!(even < 0.0 && even > lower, "{even}");
        // By the approximation: 100 pairs, mean 0.5, variance of a pair's
        // score per game (0.05 * 0.25 * 2 + 0.2 * 0.0625 * 2) = 0.05; LLR =
        // 100 * 0.0143871 * (1 - 1.0143871) / (2 * 0.05) = -0.2070; the
        // exact ratio is -0.2065.
        assert!(close(even, -0.2065, 1e-4), "{even}");
        // Many more wins than losses: H1 (LLR 5.40); many more losses: H0
        // (-5.59); half as many pairs: no verdict yet (2.70 and -2.79).
        assert_eq!(sprt.test(&[2, 10, 60, 70, 58]).1, Verdict::AcceptH1);
        assert_eq!(sprt.test(&[58, 70, 60, 10, 2]).1, Verdict::AcceptH0);
        assert_eq!(sprt.test(&[1, 5, 30, 35, 29]).1, Verdict::Continue);
        assert_eq!(sprt.test(&[29, 35, 30, 5, 1]).1, Verdict::Continue);
        // All pairs won, against Elo 0 or 300: the empty categories stand at
        // 1e-3; each pair adds about ln(0.849 / 0.5) = 0.53, so five pairs
        // (2.65) do not decide and six (3.18) accept H1.
        let wide = Sprt::parse("0,300").unwrap();
        let (five, v5) = wide.test(&[0, 0, 0, 0, 5]);
        assert!(close(five, 2.6478, 1e-4) && v5 == Verdict::Continue, "{five}");
        assert_eq!(wide.test(&[0, 0, 0, 0, 6]).1, Verdict::AcceptH1);
    }

    #[test]
    fn sprt_reads_its_arguments() {
        let s = Sprt::parse("-5, 5,0.1,0.2").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 5.0, 0.1, 0.2));
        for bad in [
            "",
            "5",
            "10,0",
            "0,x",
            "0,10,0.05",
            "0,10,0,0.05",
            "0,10,0.05,0.7",
            "0,nan",
            "0,5000",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
