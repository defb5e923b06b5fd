//! The paired test (`Format::Sprt`): pairs of matches that differ only in the bot under test,
//! planned batch by batch while the test has not decided, and their results as the SPRT
//! ([`crate::sprt`]) counts them.
//!
//! - **Two seats**: a pair is two matches on one setup and seed with the seats swapped. The
//!   candidate's points over them (0, ½, 1, 1½, 2) are a pentanomial.
//! - **More seats**: the candidate and the baseline each play the same seat, against the same
//!   other bots, on one setup and seed. The pair goes to whichever placed higher (ties by score):
//!   a trinomial of pairs lost, drawn and won.
//!
//! Either way a side that failed in a pair (crashed, timed out, broke the protocol) while the
//! other did not loses the pair.

use crate::matches::{Match, Outcome, Results, match_seed};
use crate::spec::{Format, Spec};
use crate::sprt::{Sprt, Verdict, elo};
use serde::Serialize;
use std::collections::HashMap;

/// A spec's paired test, with its bots as indices into the spec's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    pub candidate: usize,
    pub baseline: usize,
    pub sprt: Sprt,
    pub max_pairs: u32,
}

impl Test {
    /// The test of a spec whose format is `Sprt` (checked: its bots are there).
    pub fn of(spec: &Spec) -> Option<Test> {
        let Format::Sprt { candidate, baseline, elo0, elo1, alpha, beta, max_pairs } = &spec.format else { return None };
        let index = |key: &str| spec.bots.iter().position(|b| b.key() == key);
        Some(Test {
            candidate: index(candidate)?,
            baseline: index(baseline)?,
            sprt: Sprt { elo0: *elo0, elo1: *elo1, alpha: *alpha, beta: *beta },
            max_pairs: *max_pairs,
        })
    }
}

/// The two matches of pair `k` (from 1), the candidate's first, each with the pair's number as
/// its `game`. Pairs go round the setups; with more seats, the tested seat and the other bots
/// turn with every round of the setups.
pub fn pair(spec: &Spec, test: &Test, k: u32) -> [Match; 2] {
    let setup = (k as usize - 1) % spec.setups.len();
    let round = (k as usize - 1) / spec.setups.len();
    let prefix = format!("p{k}-{}", spec.setups[setup].name);
    let seed = match_seed(spec.seed, &prefix);
    let seats = |side: usize| -> Vec<usize> {
        if spec.seats == 2 {
            return if side == test.candidate { vec![test.candidate, test.baseline] } else { vec![test.baseline, test.candidate] };
        }
        let others: Vec<usize> = (0..spec.bots.len()).filter(|&b| b != test.candidate && b != test.baseline).collect();
        let mut seats: Vec<usize> = (0..spec.seats - 1).map(|j| others[(round + j) % others.len()]).collect();
        seats.insert(round % spec.seats, side);
        seats
    };
    [test.candidate, test.baseline].map(|side| {
        let seats = seats(side);
        let keys: Vec<String> = seats.iter().map(|&b| spec.bots[b].key()).collect();
        Match { id: format!("{prefix}-{}", keys.join("-vs-")), setup, seats, game: k, seed }
    })
}

/// Pairs planned at once after `planned`: 8, then a quarter of those planned so far, so that a
/// short test looks at its results often and a long one keeps many machines busy (overshooting
/// its decision by a quarter at most).
fn batch_after(planned: u32, max_pairs: u32) -> u32 {
    (planned / 4).max(8).min(max_pairs.saturating_sub(planned))
}

/// Every pair planned so far: batch after batch while each batch is played whole and the test
/// has not decided.
pub fn plan(spec: &Spec, test: &Test, results: &Results) -> Vec<Match> {
    let mut tally = Tally::new(spec);
    let mut planned = 0;
    let mut matches = Vec::new();
    loop {
        let batch = batch_after(planned, test.max_pairs);
        if batch == 0 {
            return matches;
        }
        let mut whole = true;
        for k in planned + 1..=planned + batch {
            for m in pair(spec, test, k) {
                match results(&m) {
                    Some(outcome) => tally.add(spec, test, &m, outcome),
                    None => whole = false,
                }
                matches.push(m);
            }
        }
        planned += batch;
        if !whole || test.sprt.verdict(tally.llr(test)) != Verdict::Continue {
            return matches;
        }
    }
}

/// The pairs' results so far, a match at a time: a pair counts once both its matches are in.
#[derive(Debug, Clone)]
pub struct Tally {
    /// The pentanomial (the candidate's half points a pair, 0 to 4) or, with more seats, the
    /// trinomial (pairs lost, drawn, won).
    pub counts: Vec<u64>,
    /// The candidate's wins, draws and losses: of matches against the baseline (two seats), or
    /// of pairs.
    pub wdl: [u64; 3],
    /// Pairs decided by a failure, and whose.
    pub failures: Vec<String>,
    /// Pairs with one match in: that match and how it ended.
    half: HashMap<u32, (Match, Outcome)>,
}

impl Tally {
    pub fn new(spec: &Spec) -> Tally {
        Tally { counts: vec![0; if spec.seats == 2 { 5 } else { 3 }], wdl: [0; 3], failures: Vec::new(), half: HashMap::new() }
    }

    /// The pairs of `matches` whose outcomes `results` knows.
    pub fn of(spec: &Spec, test: &Test, matches: &[Match], results: &Results) -> Tally {
        let mut tally = Tally::new(spec);
        for m in matches {
            if let Some(outcome) = results(m) {
                tally.add(spec, test, m, outcome);
            }
        }
        tally
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub fn llr(&self, test: &Test) -> f64 {
        test.sprt.llr(&self.counts)
    }

    /// Takes in match `m` of a pair of `test` (another is ignored), once.
    pub fn add(&mut self, spec: &Spec, test: &Test, m: &Match, outcome: Outcome) {
        let Some(other) = self.half.remove(&m.game) else {
            self.half.insert(m.game, (m.clone(), outcome));
            return;
        };
        if other.0.id == m.id {
            self.half.insert(m.game, other);
            return;
        }
        let candidate_first = m.seats.get(tested_seat(spec, test, m)) == Some(&test.candidate);
        let (ours, theirs) = if candidate_first { ((m, &outcome), (&other.0, &other.1)) } else { ((&other.0, &other.1), (m, &outcome)) };
        self.count(spec, test, ours, theirs);
    }

    /// Counts a whole pair: the candidate's match and the baseline's.
    fn count(&mut self, spec: &Spec, test: &Test, ours: (&Match, &Outcome), theirs: (&Match, &Outcome)) {
        let seat_of = |m: &Match, bot: usize| m.seats.iter().position(|&b| b == bot).unwrap_or(0);
        let failed = |(m, o): (&Match, &Outcome), bot: usize| o.failed.contains(&seat_of(m, bot));
        let score = |(m, o): (&Match, &Outcome), bot: usize| o.scores.get(seat_of(m, bot)).copied().unwrap_or(0);
        let prefix = format!("p{}-{}", ours.0.game, spec.setups[ours.0.setup].name);
        if spec.seats == 2 {
            let candidate_failed = failed(ours, test.candidate) || failed(theirs, test.candidate);
            let baseline_failed = failed(ours, test.baseline) || failed(theirs, test.baseline);
            let halves: Vec<usize> =
                [ours, theirs].iter().map(|&played| halves(score(played, test.candidate).cmp(&score(played, test.baseline)))).collect();
            let halves = match (candidate_failed, baseline_failed) {
                (true, false) => vec![0, 0],
                (false, true) => vec![2, 2],
                _ => halves,
            };
            self.note_failure(&prefix, candidate_failed, baseline_failed);
            for h in &halves {
                self.wdl[2 - h] += 1;
            }
            self.counts[halves.iter().sum::<usize>()] += 1;
        } else {
            // The candidate's place in its match against the baseline's in its own, then scores.
            let place = |(m, o): (&Match, &Outcome), bot: usize| {
                let mine = score((m, o), bot);
                1 + o.scores.iter().filter(|&&s| s > mine).count()
            };
            let (candidate_failed, baseline_failed) = (failed(ours, test.candidate), failed(theirs, test.baseline));
            let better = (std::cmp::Reverse(place(ours, test.candidate)), score(ours, test.candidate))
                .cmp(&(std::cmp::Reverse(place(theirs, test.baseline)), score(theirs, test.baseline)));
            let won = match (candidate_failed, baseline_failed) {
                (true, false) => 0,
                (false, true) => 2,
                _ => halves(better),
            };
            self.note_failure(&prefix, candidate_failed, baseline_failed);
            self.wdl[2 - won] += 1;
            self.counts[won] += 1;
        }
    }

    fn note_failure(&mut self, pair: &str, candidate: bool, baseline: bool) {
        let what = match (candidate, baseline) {
            (true, false) => "the candidate failed: the pair is lost",
            (false, true) => "the baseline failed: the pair is won",
            (true, true) => "both failed: the pair counts by its scores",
            (false, false) => return,
        };
        self.failures.push(format!("{pair}: {what}"));
    }

    /// The test as it stands.
    pub fn report(&self, spec: &Spec, test: &Test) -> Report {
        let llr = self.llr(test);
        let (lower, upper) = test.sprt.bounds();
        let pairs = self.pairs();
        let result = match test.sprt.verdict(llr) {
            Verdict::H1 => "H1",
            Verdict::H0 => "H0",
            Verdict::Continue if pairs >= u64::from(test.max_pairs) => "inconclusive",
            Verdict::Continue => "unfinished",
        };
        let estimate = elo(&self.counts);
        let counts = |n: usize| (self.counts.len() == n).then(|| self.counts.clone());
        Report {
            candidate: spec.bots[test.candidate].key(),
            baseline: spec.bots[test.baseline].key(),
            result: result.into(),
            llr,
            lower,
            upper,
            elo0: test.sprt.elo0,
            elo1: test.sprt.elo1,
            alpha: test.sprt.alpha,
            beta: test.sprt.beta,
            pairs,
            max_pairs: test.max_pairs,
            pentanomial: counts(5),
            trinomial: counts(3),
            wdl: self.wdl,
            elo: estimate.elo,
            elo_ci95: [estimate.ci95.0, estimate.ci95.1],
            los: estimate.los,
            nelo: estimate.nelo,
            failures: self.failures.clone(),
        }
    }
}

/// A result in half points: won 2, drawn 1, lost 0.
fn halves(result: std::cmp::Ordering) -> usize {
    match result {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    }
}

/// The seat whose bot differs between a pair's two matches.
fn tested_seat(spec: &Spec, test: &Test, m: &Match) -> usize {
    if spec.seats == 2 { 0 } else { m.seats.iter().position(|&b| b == test.candidate || b == test.baseline).unwrap_or(0) }
}

/// The test's result from every planned match whose outcome `results` knows.
pub fn report(spec: &Spec, test: &Test, matches: &[Match], results: &Results) -> Report {
    Tally::of(spec, test, matches, results).report(spec, test)
}

/// A paired test followed as its matches end: the runner's status line.
pub struct Live<'a> {
    spec: &'a Spec,
    test: Test,
    tally: Tally,
    matches: HashMap<&'a str, &'a Match>,
}

impl<'a> Live<'a> {
    /// The test over `matches` (those planned), counting those `results` knows already.
    pub fn new(spec: &'a Spec, test: Test, matches: &'a [Match], results: &Results) -> Live<'a> {
        let tally = Tally::of(spec, &test, matches, results);
        Live { spec, test, tally, matches: matches.iter().map(|m| (m.id.as_str(), m)).collect() }
    }

    /// The planned match `id`, if the test planned it.
    pub fn planned(&self, id: &str) -> Option<&'a Match> {
        self.matches.get(id).copied()
    }

    /// Match `id` ended so: the test's line when that made a pair whole.
    pub fn done(&mut self, id: &str, outcome: Outcome) -> Option<String> {
        let m = self.matches.get(id)?;
        let before = self.tally.pairs();
        self.tally.add(self.spec, &self.test, m, outcome);
        (self.tally.pairs() > before).then(|| self.tally.report(self.spec, &self.test).line())
    }

    pub fn report(&self) -> Report {
        self.tally.report(self.spec, &self.test)
    }
}

/// A paired test's result, as `kibitz tournament standings --json` gives it (`sprt`): names
/// fixed, for scripts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub candidate: String,
    pub baseline: String,
    /// `H1` (the candidate is better), `H0` (it is not), `inconclusive` (max_pairs played
    /// without a decision) or `unfinished` (neither yet: `run --resume` plays on).
    pub result: String,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub pairs: u64,
    pub max_pairs: u32,
    /// Two seats: pairs in which the candidate scored 0, ½, 1, 1½, 2 points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<Vec<u64>>,
    /// More seats: pairs lost, drawn, won by the candidate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trinomial: Option<Vec<u64>>,
    /// The candidate's wins, draws, losses (matches with two seats, pairs with more).
    pub wdl: [u64; 3],
    pub elo: f64,
    pub elo_ci95: [f64; 2],
    /// Likelihood of superiority: how sure it is that the candidate is the better.
    pub los: f64,
    pub nelo: f64,
    pub failures: Vec<String>,
}

impl Report {
    /// One line, as fastchess prints its progress: pairs, W/D/L, the counts, Elo with its
    /// interval, LOS, and the LLR with its bounds and hypotheses.
    pub fn line(&self) -> String {
        let counts = match (&self.pentanomial, &self.trinomial) {
            (Some(p), _) => format!("Ptnml(0-2) {p:?}"),
            (_, Some(t)) => format!("Pairs(L-D-W) {t:?}"),
            _ => String::new(),
        };
        let [w, d, l] = self.wdl;
        format!(
            "{} vs {}: {} pairs · W {w} D {d} L {l} · {counts} · Elo {:.1} ± {:.1} (95 %) · nElo {:.1} · LOS {:.1} % · LLR {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]",
            self.candidate,
            self.baseline,
            self.pairs,
            self.elo,
            (self.elo_ci95[1] - self.elo_ci95[0]) / 2.0,
            self.nelo,
            100.0 * self.los,
            self.llr,
            self.lower,
            self.upper,
            self.elo0,
            self.elo1
        )
    }

    /// What the test concluded, in words.
    pub fn verdict(&self) -> String {
        match self.result.as_str() {
            "H1" => format!("H1 accepted: {} is better than {} (after {} pairs)", self.candidate, self.baseline, self.pairs),
            "H0" => format!("H0 accepted: {} is not better than {} (after {} pairs)", self.candidate, self.baseline, self.pairs),
            "inconclusive" => format!("inconclusive at max_pairs ({})", self.max_pairs),
            _ => format!("not decided after {} pairs: `kibitz tournament run --resume` plays on", self.pairs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Bot, SetupSpec};

    fn spec(bots: usize, seats: usize, max_pairs: u32) -> Spec {
        Spec {
            game: "lighthouses".into(),
            bots: (0..bots).map(|k| Bot { name: format!("b{k}"), command: format!("./b{k}"), check: false, version: None }).collect(),
            setups: ["s", "t"].iter().map(|s| SetupSpec { name: s.to_string(), flags: Vec::new() }).collect(),
            seats,
            format: Format::Sprt {
                candidate: "b1".into(),
                baseline: "b0".into(),
                elo0: 0.0,
                elo1: 50.0,
                alpha: 0.05,
                beta: 0.05,
                max_pairs,
            },
            games: 1,
            seed: 9,
        }
    }

    /// Every match won by the bot with the highest number, but where `failed` says a seat of
    /// that bot failed.
    fn highest_wins(failing: Option<usize>) -> impl Fn(&Match) -> Option<Outcome> {
        move |m: &Match| {
            let scores = m.seats.iter().map(|&b| b as i64 * 10).collect();
            let failed = m.seats.iter().position(|&b| Some(b) == failing).into_iter().collect();
            Some(Outcome { scores, failed })
        }
    }

    #[test]
    fn a_pair_is_one_setup_and_seed_with_only_the_tested_bot_changed() {
        let two = spec(3, 2, 100);
        let test = Test::of(&two).unwrap();
        let [a, b] = pair(&two, &test, 3);
        assert_eq!((a.id.as_str(), b.id.as_str()), ("p3-s-b1-vs-b0", "p3-s-b0-vs-b1"));
        assert_eq!((a.seats.clone(), b.seats.clone(), a.seed == b.seed, a.game, a.setup), (vec![1, 0], vec![0, 1], true, 3, 0));
        assert_ne!(pair(&two, &test, 4)[0].seed, a.seed, "each pair its own seed");
        assert_eq!(pair(&two, &test, 4)[0].setup, 1, "pairs go round the setups");
        let four = spec(6, 4, 100);
        let test = Test::of(&four).unwrap();
        for k in 1..=12 {
            let [a, b] = pair(&four, &test, k);
            let seat = a.seats.iter().position(|&s| s == 1).unwrap();
            assert_eq!(b.seats[seat], 0, "the baseline in the candidate's seat");
            assert!(a.seats.iter().zip(&b.seats).enumerate().all(|(k, (x, y))| k == seat || x == y), "the same others");
            assert_eq!(a.seed, b.seed);
        }
        let seats: std::collections::HashSet<usize> =
            (1..=12).map(|k| pair(&four, &test, k)[0].seats.iter().position(|&s| s == 1).unwrap()).collect();
        assert_eq!(seats.len(), 4, "the tested seat turns");
    }

    #[test]
    fn the_plan_grows_by_batches_until_the_test_knows() {
        let spec = spec(2, 2, 1000);
        let test = Test::of(&spec).unwrap();
        assert_eq!(plan(&spec, &test, &|_| None).len(), 16, "a first batch of 8 pairs");
        // The candidate (b1) wins every match: 2 points a pair; H1 at 24 pairs for [0, 50].
        let won = plan(&spec, &test, &highest_wins(None));
        assert_eq!(won.len(), 48);
        let report = report(&spec, &test, &won, &highest_wins(None));
        assert_eq!((report.result.as_str(), report.pairs, report.pentanomial.clone()), ("H1", 24, Some(vec![0, 0, 0, 0, 24])));
        assert_eq!(report.wdl, [48, 0, 0]);
        assert!(report.llr >= report.upper && report.lower < 0.0);
        assert!(report.line().contains("Ptnml(0-2) [0, 0, 0, 0, 24]") && report.line().contains("LLR"), "{}", report.line());
        // The candidate fails every match: every pair lost, whatever the scores say.
        let lost = plan(&spec, &test, &highest_wins(Some(1)));
        let report = report_of(&spec, &lost, &highest_wins(Some(1)));
        assert_eq!((report.result.as_str(), report.pentanomial.clone().unwrap()[0]), ("H0", report.pairs));
        assert!(report.failures.iter().all(|f| f.contains("the candidate failed")) && !report.failures.is_empty());
        // max_pairs ends a test that cannot decide.
        let short = self::spec(2, 2, 12);
        let test = Test::of(&short).unwrap();
        let even = |m: &Match| Some(Outcome { scores: vec![5, 5].into_iter().take(m.seats.len()).collect(), failed: Vec::new() });
        let planned = plan(&short, &test, &even);
        assert_eq!(planned.len(), 24);
        assert_eq!(report_of(&short, &planned, &even).result, "inconclusive");
        assert_eq!(report_of(&short, &planned[..20], &even).result, "unfinished");
    }

    fn report_of(spec: &Spec, matches: &[Match], results: &Results) -> Report {
        report(spec, &Test::of(spec).unwrap(), matches, results)
    }

    #[test]
    fn a_pair_of_more_seats_goes_to_the_better_place_then_the_better_score() {
        let spec = spec(5, 3, 100);
        let test = Test::of(&spec).unwrap();
        let [ours, theirs] = pair(&spec, &test, 1);
        let mut tally = Tally::new(&spec);
        // The candidate second (behind 40), the baseline third: won.
        let score = |m: &Match, tested: i64| m.seats.iter().map(|&b| if b < 2 { tested } else { b as i64 * 10 }).collect::<Vec<_>>();
        tally.add(&spec, &test, &ours, Outcome { scores: score(&ours, 35), failed: vec![] });
        assert_eq!(tally.pairs(), 0, "half a pair");
        tally.add(&spec, &test, &ours, Outcome { scores: score(&ours, 35), failed: vec![] });
        assert_eq!(tally.pairs(), 0, "the same match twice is once");
        tally.add(&spec, &test, &theirs, Outcome { scores: score(&theirs, 5), failed: vec![] });
        assert_eq!((tally.counts.clone(), tally.wdl), (vec![0, 0, 1], [1, 0, 0]));
        // The same place: the better score wins; the same score: drawn.
        let [ours, theirs] = pair(&spec, &test, 2);
        tally.add(&spec, &test, &ours, Outcome { scores: score(&ours, 41), failed: vec![] });
        tally.add(&spec, &test, &theirs, Outcome { scores: score(&theirs, 45), failed: vec![] });
        let [ours, theirs] = pair(&spec, &test, 3);
        tally.add(&spec, &test, &theirs, Outcome { scores: score(&theirs, 45), failed: vec![] });
        tally.add(&spec, &test, &ours, Outcome { scores: score(&ours, 45), failed: vec![] });
        assert_eq!(tally.counts, vec![1, 1, 1]);
        assert_eq!(tally.report(&spec, &test).trinomial, Some(vec![1, 1, 1]));
    }
}
