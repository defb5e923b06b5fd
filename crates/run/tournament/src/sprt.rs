//! The statistics of a paired test that stops when it knows, as chess engine testing does it
//! (fishtest, fastchess): a sequential probability ratio test on the candidate's results, in
//! fishtest's generalised form on normalised Elo (after Michel Van den Bergh's `LLRcalc` and
//! "Normalized Elo", <http://hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf>), and the
//! Elo estimate with its 95 % interval and the likelihood of superiority.
//!
//! Results are counts: a **pentanomial** of pairs (the candidate's points in a pair of two
//! matches with seats swapped: 0, ½, 1, 1½, 2) or a **trinomial** of single results or pairs
//! (lost, drawn, won). A count of zero is taken as 0.001, as fishtest does, so that every
//! outcome keeps some probability.

use std::f64::consts::{LN_10, SQRT_2};

/// Normalised Elo per unit of t-value (`800 / ln 10`).
pub const NELO_PER_T: f64 = 800.0 / LN_10;

/// What an SPRT concludes so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The candidate is better by at least elo1: H1 accepted.
    H1,
    /// It is not better by elo0 or more: H0 accepted.
    H0,
    /// Not known yet: play on.
    Continue,
}

/// A test's hypotheses (in normalised Elo) and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Why these parameters cannot make a test, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        let rate = |x: f64| x > 0.0 && x < 0.5;
        if !(self.elo1 > self.elo0) {
            return Err(format!("elo1 ({}) must be above elo0 ({})", self.elo1, self.elo0));
        }
        if !rate(self.alpha) || !rate(self.beta) {
            return Err(format!("alpha ({}) and beta ({}) must be between 0 and 0.5", self.alpha, self.beta));
        }
        if !self.elo0.is_finite() || !self.elo1.is_finite() || self.elo0.abs() > 1000.0 || self.elo1.abs() > 1000.0 {
            return Err("elo0 and elo1 must be within ±1000".into());
        }
        Ok(())
    }

    /// The LLR's bounds: below the lower H0 is accepted, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The generalised log-likelihood ratio of `counts` (3 or 5 of them).
    pub fn llr(&self, counts: &[u64]) -> f64 {
        llr_normalized(self.elo0, self.elo1, counts)
    }

    /// The verdict on `llr`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// A distribution over results: (value in 0..=1, probability).
type Pdf = Vec<(f64, f64)>;

/// The counts as a distribution over 0..=1 (zeros taken as 0.001), and their total.
fn pdf_of(counts: &[u64]) -> (f64, Pdf) {
    let counts: Vec<f64> = counts.iter().map(|&c| if c == 0 { 1e-3 } else { c as f64 }).collect();
    let total: f64 = counts.iter().sum();
    let last = (counts.len() - 1) as f64;
    (total, counts.iter().enumerate().map(|(i, &c)| (i as f64 / last, c / total)).collect())
}

/// Mean and variance.
fn stats(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| p * a).sum();
    (mean, pdf.iter().map(|(a, p)| p * (a - mean).powi(2)).sum())
}

/// The x with Σ pᵢ·aᵢ / (1 + x·aᵢ) = 0, between −1/max(a) and −1/min(a) (the aᵢ straddle 0).
/// The sum falls as x grows there, so halving the interval finds it.
fn secular(pdf: &[(f64, f64)]) -> f64 {
    let (v, w) = pdf.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &(a, _)| (lo.min(a), hi.max(a)));
    let f = |x: f64| pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let epsilon = 1e-9;
    let (mut lo, mut hi) = (-1.0 / w + epsilon, -1.0 / v - epsilon);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-15 * mid.abs().max(1.0) {
            break;
        }
    }
    (lo + hi) / 2.0
}

/// The distribution closest to `observed` (maximum likelihood) whose t-value
/// (mean − `reference`) / sigma is `t`.
fn mle_t_value(observed: &[(f64, f64)], reference: f64, t: f64) -> Pdf {
    let n = observed.len() as f64;
    let mut mle: Pdf = observed.iter().map(|&(a, _)| (a, 1.0 / n)).collect();
    for _ in 0..10 {
        let before = mle.clone();
        let (mu, var) = stats(&mle);
        let sigma = var.sqrt();
        let shifted: Pdf =
            observed.iter().map(|&(a, p)| (a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0, p)).collect();
        let x = secular(&shifted);
        mle = observed.iter().zip(&shifted).map(|(&(a, p), &(b, _))| (a, p / (1.0 + x * b))).collect();
        if before.iter().zip(&mle).map(|(x, y)| (x.1 - y.1).abs()).fold(0.0, f64::max) < 1e-9 {
            break;
        }
    }
    mle
}

/// fishtest's `LLR_normalized`: the GSPRT's log-likelihood ratio of `counts` for H1 (normalised
/// Elo `nelo1`) against H0 (`nelo0`). A pair's t-value is √2 times a game's.
pub fn llr_normalized(nelo0: f64, nelo1: f64, counts: &[u64]) -> f64 {
    assert!(counts.len() == 3 || counts.len() == 5, "3 or 5 counts");
    let scale = if counts.len() == 5 { SQRT_2 } else { 1.0 };
    let (t0, t1) = (nelo0 / NELO_PER_T * scale, nelo1 / NELO_PER_T * scale);
    let (total, pdf) = pdf_of(counts);
    let (h0, h1) = (mle_t_value(&pdf, 0.5, t0), mle_t_value(&pdf, 0.5, t1));
    total * pdf.iter().zip(h0.iter().zip(&h1)).map(|(&(_, p), (q0, q1))| p * (q1.1.ln() - q0.1.ln())).sum::<f64>()
}

/// The Elo difference the results give, its 95 % interval, and how sure it is that the candidate
/// is the better (likelihood of superiority), from the mean score and its standard error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// The interval's ends.
    pub ci95: (f64, f64),
    pub los: f64,
    /// Normalised Elo: the mean's distance from ½ in standard deviations of a game, × 800/ln 10.
    pub nelo: f64,
}

/// The estimate from `counts` (3 or 5 of them).
pub fn elo(counts: &[u64]) -> EloEstimate {
    let (total, pdf) = pdf_of(counts);
    let (mu, var) = stats(&pdf);
    let stderr = (var / total).sqrt();
    let z = 1.959_963_984_540_054;
    let logistic = |score: f64| -400.0 * (1.0 / score.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let per_game = if counts.len() == 5 { (2.0 * var).sqrt() } else { var.sqrt() };
    EloEstimate {
        elo: logistic(mu),
        ci95: (logistic(mu - z * stderr), logistic(mu + z * stderr)),
        los: phi((mu - 0.5) / stderr),
        nelo: (mu - 0.5) / per_game * NELO_PER_T,
    }
}

/// The standard normal distribution function, from erfc (W. J. Cody's rational approximation
/// as in Numerical Recipes' `erfcc`, relative error below 1.2e-7).
pub fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / SQRT_2)
}

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07 + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}
