//! Our wycinanka solver's time per order on the default sheet (45 × 45, about 2,000 vertices),
//! by order size: orders cut from the sheet (found), and orders from the triangular lattice
//! (mostly not in the sheet: a clean "not found", or out of the budget). `cargo bench -p
//! kibitz-bots --bench wycinanka`; figures in docs/performance.md.

use kibitz_bots::wycinanka::search::{Found, find};
use kibitz_core::rng::SplitMix64;
use kibitz_wycinanka::generate::{Marks, Params, order, sheet};
use std::time::{Duration, Instant};

const BUDGET: Duration = Duration::from_millis(250);
const ORDERS: usize = 400;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn report(what: &str, mut ms: Vec<f64>, extra: &str) {
    ms.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{what:<34} {:>4} orders: median {:>7.3} ms, p90 {:>7.3} ms, max {:>7.3} ms{extra}",
        ms.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.9),
        ms.last().copied().unwrap_or(f64::NAN)
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument that does not match skips the run.
    if std::env::args().skip(1).any(|a| !a.starts_with('-') && !"wycinanka".contains(a.as_str())) {
        return;
    }
    for (label, impossible) in [("cut from the sheet", 0), ("from a lattice (mostly absent)", 100)] {
        let params = Params { impossible_percent: impossible, ..Params::default() };
        let mut rng = SplitMix64::new(17);
        let s = sheet(&params, &mut rng);
        let mut by_size: Vec<(u32, f64, Found)> = Vec::new();
        let mut marks = Marks::default();
        for k in 0..ORDERS {
            let o = order(&s.graph, &params, &mut rng, &mut marks);
            let started = Instant::now();
            let found = find(&o.graph, &s.graph, BUDGET, k as u64);
            by_size.push((o.graph.n(), started.elapsed().as_secs_f64() * 1e3, found));
        }
        for (lo, hi) in [(4, 10), (11, 18), (19, 25)] {
            let bucket: Vec<&(u32, f64, Found)> = by_size.iter().filter(|(v, _, _)| (lo..=hi).contains(v)).collect();
            let count = |f: fn(&Found) -> bool| bucket.iter().filter(|(_, _, x)| f(x)).count();
            let extra = format!(
                " ({} found, {} not there, {} out of time)",
                count(|f| matches!(f, Found::Map(_))),
                count(|f| matches!(f, Found::NotThere)),
                count(|f| matches!(f, Found::OutOfTime))
            );
            report(&format!("{label}, V {lo}–{hi}"), bucket.iter().map(|b| b.1).collect(), &extra);
        }
    }
}
