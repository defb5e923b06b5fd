//! The SPRT's figures against fishtest's formulas: the numbers below were worked out with
//! `sprt_reference.py` beside this file, which follows fishtest's published `LLRcalc.py` and
//! `stat_util.py` (M. Van den Bergh's generalised SPRT on normalised Elo) with scipy's root
//! finder and normal distribution. Agreement to 1e-6.

use kibitz_tournament::sprt::{Sprt, Verdict, elo, llr_normalized};

/// Counts, LLR for [0, 5] and [0, 2] normalised Elo, and Elo, its interval, LOS and nElo.
const TABLE: [(&[u64], f64, f64, [f64; 5]); 5] = [
    (&[10, 60, 120, 80, 15], 0.605315963, 0.256209658, [18.302996224, -0.099481956, 36.808749008, 0.974373709, 28.367996767]),
    (&[0, 5, 30, 40, 25], 1.308271442, 0.527744481, [157.652765609, 123.572946121, 194.844230785, 1.0, 244.807711625]),
    (&[40, 200, 600, 210, 38], -0.075396211, 0.023905304, [0.958004962, -7.451709892, 9.368842747, 0.588349763, 1.663173115]),
    (&[120, 300, 160], 0.768584235, 0.321813506, [23.999171870, 4.412362724, 43.739645180, 0.991854288, 34.657024025]),
    (&[3, 2, 0, 9, 11], 0.273202791, 0.110503966, [172.775530203, 68.480774945, 319.255988711, 0.999659413, 166.909913738]),
];

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() <= 1e-6, "{what}: {a} against {b}");
}

#[test]
fn the_llr_elo_interval_and_los_agree_with_fishtests_formulas() {
    for (counts, llr5, llr2, [e, lo, hi, los, nelo]) in TABLE {
        close(llr_normalized(0.0, 5.0, counts), llr5, &format!("{counts:?} LLR [0, 5]"));
        close(llr_normalized(0.0, 2.0, counts), llr2, &format!("{counts:?} LLR [0, 2]"));
        let estimate = elo(counts);
        close(estimate.elo, e, &format!("{counts:?} Elo"));
        close(estimate.ci95.0, lo, &format!("{counts:?} interval's low end"));
        close(estimate.ci95.1, hi, &format!("{counts:?} interval's high end"));
        close(estimate.los, los, &format!("{counts:?} LOS"));
        close(estimate.nelo, nelo, &format!("{counts:?} nElo"));
    }
}

#[test]
fn the_bounds_are_fishtests_and_the_verdict_follows_them() {
    let test = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
    let (lower, upper) = test.bounds();
    close(lower, (0.05f64 / 0.95).ln(), "lower");
    close(upper, (0.95f64 / 0.05).ln(), "upper");
    close(upper, 2.944438979, "±2.94, as fastchess prints");
    assert_eq!(test.verdict(3.0), Verdict::H1);
    assert_eq!(test.verdict(-3.0), Verdict::H0);
    assert_eq!(test.verdict(0.6), Verdict::Continue);
    // A clear winner is accepted once enough pairs say so (the normalised LLR grows by at most
    // about t1 a pair: 0.78 after 44 such pairs, over the bound after 176); an even one is not.
    assert_eq!(test.verdict(test.llr(&[0, 1, 3, 10, 30])), Verdict::Continue);
    assert_eq!(test.verdict(test.llr(&[0, 4, 12, 40, 120])), Verdict::H1);
    assert!(test.llr(&[5, 20, 40, 20, 5]) < 0.0, "even results lean to H0");
}

#[test]
fn parameters_that_make_no_test_are_refused_with_why() {
    let ok = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
    assert!(ok.check().is_ok());
    for (bad, says) in [
        (Sprt { elo1: 0.0, ..ok }, "above elo0"),
        (Sprt { elo0: 6.0, ..ok }, "above elo0"),
        (Sprt { alpha: 0.0, ..ok }, "between 0 and 0.5"),
        (Sprt { beta: 0.5, ..ok }, "between 0 and 0.5"),
        (Sprt { elo1: f64::NAN, ..ok }, "above elo0"),
        (Sprt { elo0: -2000.0, ..ok }, "±1000"),
    ] {
        let why = bad.check().expect_err("refused");
        assert!(why.contains(says), "{bad:?}: {why}");
    }
}
