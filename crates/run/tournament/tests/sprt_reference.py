#!/usr/bin/env python3
"""The reference numbers of tests/sprt.rs, worked out from fishtest's published formulas
(fishtest/server/fishtest/stats/LLRcalc.py and stat_util.py, after M. Van den Bergh,
"Normalized Elo", http://hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf) with
scipy's root finder. Run: python3 sprt_reference.py (needs scipy)."""
import math
from scipy.optimize import brentq
from scipy.stats import norm

NELO_PER_T = 800 / math.log(10)


def pdf_of(counts):
    counts = [c if c else 1e-3 for c in counts]
    total = sum(counts)
    return total, [(i / (len(counts) - 1), c / total) for i, c in enumerate(counts)]


def stats(pdf):
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def secular(pdf):
    lo, hi = min(a for a, _ in pdf), max(a for a, _ in pdf)
    f = lambda x: sum(p * a / (1 + x * a) for a, p in pdf)
    return brentq(f, -1 / hi + 1e-9, -1 / lo - 1e-9, xtol=1e-15)


def mle_t_value(observed, ref, t):
    mle = [(a, 1 / len(observed)) for a, _ in observed]
    for _ in range(10):
        before = mle
        mu, var = stats(mle)
        sigma = var ** 0.5
        shifted = [(a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in observed]
        x = secular(shifted)
        mle = [(a, p / (1 + x * b)) for (a, p), (b, _) in zip(observed, shifted)]
        if max(abs(u[1] - v[1]) for u, v in zip(before, mle)) < 1e-9:
            break
    return mle


def llr_normalized(nelo0, nelo1, counts):
    scale = 2 ** 0.5 if len(counts) == 5 else 1
    t0, t1 = nelo0 / NELO_PER_T * scale, nelo1 / NELO_PER_T * scale
    total, pdf = pdf_of(counts)
    h0, h1 = mle_t_value(pdf, 0.5, t0), mle_t_value(pdf, 0.5, t1)
    return total * sum(p * (math.log(q1[1]) - math.log(q0[1])) for (_, p), q0, q1 in zip(pdf, h0, h1))


def elo(counts):
    total, pdf = pdf_of(counts)
    mu, var = stats(pdf)
    stderr = (var / total) ** 0.5
    logistic = lambda s: -400 * math.log10(1 / s - 1)
    per_game = (2 * var) ** 0.5 if len(counts) == 5 else var ** 0.5
    z = norm.ppf(0.975)
    return (logistic(mu), logistic(mu - z * stderr), logistic(mu + z * stderr),
            norm.cdf((mu - 0.5) / stderr), (mu - 0.5) / per_game * NELO_PER_T)


for counts in ([10, 60, 120, 80, 15], [0, 5, 30, 40, 25], [40, 200, 600, 210, 38], [120, 300, 160], [3, 2, 0, 9, 11]):
    print(counts, "llr(0,5) = %.9f" % llr_normalized(0, 5, counts), "llr(0,2) = %.9f" % llr_normalized(0, 2, counts),
          "elo, lo, hi, los, nelo = " + ", ".join("%.9f" % v for v in elo(counts)))
