//! Swiss rounds of two-seat pairings: in each round, bots with the same points so far meet, and
//! no two bots meet twice while another pairing of the round avoids it. A pairing won is a
//! point, one level on matches and points half a point each, a bye (an odd field's lowest bot
//! without one yet) a point. Round 1 pairs the seeds' top half with their bottom half.

use crate::matches::{Match, Results, decide, pairing};
use crate::spec::Spec;

/// Where a Swiss tournament stands, as far as the results go.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Every match of the rounds played and of the next one, in round order.
    pub matches: Vec<Match>,
    /// Each bot's points (a pairing won 1, level ½, a bye 1), by the spec's order of bots.
    pub points: Vec<f64>,
    /// Each bot's byes.
    pub byes: Vec<u32>,
}

/// Every match of the rounds played and of the next one, in round order.
pub fn plan(spec: &Spec, rounds: u32, seeds: &[usize], results: &Results) -> Vec<Match> {
    standing(spec, rounds, seeds, results).matches
}

/// The rounds as far as `results` go: their matches, and each bot's points and byes (a bye
/// counts from the start of its round).
pub fn standing(spec: &Spec, rounds: u32, seeds: &[usize], results: &Results) -> Standing {
    let rank = |bot: usize| seeds.iter().position(|&s| s == bot).unwrap_or(usize::MAX);
    let mut points = vec![0u32; spec.bots.len()]; // in half points
    let mut met: Vec<(usize, usize)> = Vec::new();
    let mut byes: Vec<usize> = Vec::new();
    let mut planned = Vec::new();
    for round in 1..=rounds {
        // Best first: points, then seed.
        let mut order = seeds.to_vec();
        order.sort_by_key(|&b| (std::cmp::Reverse(points[b]), rank(b)));
        if order.len() % 2 == 1
            && let Some(k) = order.iter().rposition(|b| !byes.contains(b)).or(Some(order.len() - 1))
        {
            let bye = order.remove(k);
            byes.push(bye);
            points[bye] += 2;
        }
        let pairs = if round == 1 {
            let half = order.len() / 2;
            (0..half).map(|k| (order[k], order[half + k])).collect()
        } else {
            pair(&order, &met, &mut { SEARCH }).or_else(|| pair(&order, &[], &mut { SEARCH })).unwrap_or_default()
        };
        let mut round_done = true;
        for (k, &(a, b)) in pairs.iter().enumerate() {
            let matches = pairing(spec, &format!("r{round}-{}", k + 1), a, b);
            match decide(&matches, results, a, b, rank) {
                Some(d) if d.drawn => {
                    points[a] += 1;
                    points[b] += 1;
                }
                Some(d) => points[d.winner] += 2,
                None => round_done = false,
            }
            met.push((a.min(b), a.max(b)));
            planned.extend(matches);
        }
        if !round_done {
            break;
        }
    }
    let mut bye_count = vec![0; spec.bots.len()];
    for bot in byes {
        bye_count[bot] += 1;
    }
    Standing { matches: planned, points: points.iter().map(|&p| f64::from(p) / 2.0).collect(), byes: bye_count }
}

/// How many pairings a round's search may try before it gives up avoiding rematches (a big field
/// late in a long Swiss, where none may exist).
const SEARCH: usize = 200_000;

/// Pairs `order` (best first) so that no pair is in `met`, each bot with the best it can meet:
/// a search that goes back when a choice leaves the rest unpairable. `None` when no pairing
/// avoids `met` (or `budget` tries found none).
fn pair(order: &[usize], met: &[(usize, usize)], budget: &mut usize) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = order.split_first() else { return Some(Vec::new()) };
    for (k, &other) in rest.iter().enumerate() {
        if met.contains(&(first.min(other), first.max(other))) {
            continue;
        }
        *budget = budget.checked_sub(1)?;
        let mut left = rest.to_vec();
        left.remove(k);
        if let Some(mut pairs) = pair(&left, met, budget) {
            pairs.insert(0, (first, other));
            return Some(pairs);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::Outcome;
    use crate::spec::{Bot, Format, SetupSpec};
    use std::collections::HashSet;

    fn spec(bots: usize, rounds: u32) -> Spec {
        Spec {
            game: "lighthouses".into(),
            bots: (0..bots).map(|k| Bot { name: format!("b{k}"), command: format!("./b{k}"), check: false, version: None }).collect(),
            setups: vec![SetupSpec { name: "s".into(), flags: Vec::new() }],
            seats: 2,
            format: Format::Swiss { rounds },
            games: 1,
            seed: 5,
        }
    }

    /// Plays the plan round by round: the lower-numbered bot always wins, except where `upset`
    /// says so.
    fn play(spec: &Spec, rounds: u32) -> Vec<Match> {
        let seeds: Vec<usize> = (0..spec.bots.len()).collect();
        let mut scores: std::collections::HashMap<String, Vec<i64>> = std::collections::HashMap::new();
        loop {
            let planned = plan(spec, rounds, &seeds, &|m: &Match| scores.get(&m.id).cloned().map(Outcome::from));
            let new: Vec<&Match> = planned.iter().filter(|m| !scores.contains_key(&m.id)).collect();
            if new.is_empty() {
                return planned;
            }
            for m in new {
                scores.insert(m.id.clone(), m.seats.iter().map(|&b| 100 - b as i64 * 7 % 13).collect());
            }
        }
    }

    #[test]
    fn six_bots_over_four_rounds_never_meet_twice() {
        let spec = spec(6, 4);
        let matches = play(&spec, 4);
        assert_eq!(matches.len(), 4 * 3, "three pairings a round");
        let mut met = HashSet::new();
        for m in &matches {
            let pair = (m.seats[0].min(m.seats[1]), m.seats[0].max(m.seats[1]));
            assert!(met.insert(pair), "{pair:?} met twice: {:?}", matches.iter().map(|m| &m.id).collect::<Vec<_>>());
        }
        for round in 1..=4 {
            let mut seen = HashSet::new();
            for m in matches.iter().filter(|m| m.id.starts_with(&format!("r{round}-"))) {
                assert!(m.seats.iter().all(|&b| seen.insert(b)), "a bot twice in round {round}");
            }
            assert_eq!(seen.len(), 6);
        }
        assert_eq!(matches[0].id, "r1-1-s-b0-vs-b3-1", "round 1: the top half against the bottom half");
    }

    #[test]
    fn the_next_round_waits_for_the_last_and_an_odd_field_gives_byes() {
        let spec = spec(5, 3);
        let seeds: Vec<usize> = (0..5).collect();
        // Nothing played: round 1 only, the lowest seed's bye leaving two pairings.
        let first = plan(&spec, 3, &seeds, &|_| None);
        assert_eq!(first.len(), 2);
        assert!(first.iter().all(|m| !m.seats.contains(&4)), "b4 has the bye");
        let all = play(&spec, 3);
        assert_eq!(all.len(), 6);
        // Everyone's points: 6 pairings won, 3 byes; a bye each for three bots.
        let scores = |m: &Match| Some(Outcome::from(m.seats.iter().map(|&b| 100 - b as i64 * 7 % 13).collect::<Vec<_>>()));
        let table = standing(&spec, 3, &seeds, &scores);
        assert_eq!(table.points.iter().sum::<f64>(), 9.0);
        assert_eq!(table.byes.iter().sum::<u32>(), 3);
        assert!(table.byes.iter().all(|&b| b <= 1));
        // Three byes, to three different bots.
        let in_round = |r: u32| -> HashSet<usize> {
            all.iter().filter(|m| m.id.starts_with(&format!("r{r}-"))).flat_map(|m| m.seats.clone()).collect()
        };
        let byes: HashSet<usize> = (1..=3).map(|r| (0..5).find(|b| !in_round(r).contains(b)).unwrap()).collect();
        assert_eq!(byes.len(), 3);
        assert!(pair(&[0, 1], &[(0, 1)], &mut 10).is_none());
        assert_eq!(pair(&[0, 1, 2, 3], &[(0, 1)], &mut 10), Some(vec![(0, 2), (1, 3)]));
    }
}
