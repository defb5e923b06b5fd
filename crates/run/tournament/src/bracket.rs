//! Single- and double-elimination brackets of two-seat pairings. The field fills a bracket of
//! the next power of two, seeded the usual way (1 against the last seed, the top seeds apart
//! until the final), the missing places byes for the top seeds. Double elimination adds the
//! losers' bracket (a pairing's loser drops into it once; a second loss ends a bot's tournament)
//! and a grand final, played again when the losers' bracket's winner wins it, so that the
//! champion too has lost at most once there. A pairing is planned once both its bots are known.

use crate::matches::{Decided, Match, Results, decide, pairing};
use crate::spec::Spec;

/// Who goes into a pairing's place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum From {
    /// A place of the first round (a bye when the field is smaller).
    Slot(usize),
    Winner(usize),
    Loser(usize),
}

/// Which part of a bracket a pairing is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Winners,
    Losers,
    /// The grand final, and its second match when the losers' side won the first.
    Final,
}

/// One pairing of the bracket, as far as it is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// `w1-1` (winners' round 1, first pairing), `l2-3`, `gf`, `gf2`: its matches' IDs begin so.
    pub name: String,
    pub side: Side,
    pub round: u32,
    /// Its two places: a bot, a bye (`Some(None)`), or not yet known (`None`).
    pub bots: [Option<Option<usize>>; 2],
    pub decided: Option<Decided>,
    /// Its matches' IDs, once both its bots are known.
    pub matches: Vec<String>,
}

/// A bracket as far as the results go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    pub pairings: Vec<Pairing>,
    /// Every match planned, pairing by pairing.
    pub matches: Vec<Match>,
    pub champion: Option<usize>,
}

/// The seeds' places in a first round of `size` (a power of two), best seed 0: 0 meets the
/// last, and the top two can meet only in the final.
fn seeding(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    order
}

/// The bracket of `spec` seeded by `seeds` (best first), as far as `results` go.
pub fn plan(spec: &Spec, double: bool, seeds: &[usize], results: &Results) -> Bracket {
    let rank = |bot: usize| seeds.iter().position(|&s| s == bot).unwrap_or(usize::MAX);
    let size = seeds.len().next_power_of_two().max(2);
    let rounds = size.trailing_zeros();
    let places: Vec<Option<usize>> = seeding(size).into_iter().map(|seed| seeds.get(seed).copied()).collect();
    // The pairings in an order in which every pairing comes after those it depends on.
    let mut shape: Vec<(String, Side, u32, [From; 2])> = Vec::new();
    let mut winners_rounds: Vec<Vec<usize>> = Vec::new();
    for round in 1..=rounds {
        let ids: Vec<usize> = (0..size >> round)
            .map(|k| {
                let from = match round {
                    1 => [From::Slot(2 * k), From::Slot(2 * k + 1)],
                    _ => [
                        From::Winner(winners_rounds[round as usize - 2][2 * k]),
                        From::Winner(winners_rounds[round as usize - 2][2 * k + 1]),
                    ],
                };
                shape.push((format!("w{round}-{}", k + 1), Side::Winners, round, from));
                shape.len() - 1
            })
            .collect();
        winners_rounds.push(ids);
    }
    let mut champion_from = From::Winner(winners_rounds[rounds as usize - 1][0]);
    if double {
        // Round 1 of the losers: the first round's losers among themselves; then, for each later
        // winners' round, those who came through against that round's losers (in reverse order,
        // so that two who met do not meet again at once), then among themselves.
        let mut alive: Vec<From> = winners_rounds[0].iter().map(|&p| From::Loser(p)).collect();
        let mut round = 0;
        let add = |name_round: &mut u32, pairs: Vec<[From; 2]>, shape: &mut Vec<(String, Side, u32, [From; 2])>| -> Vec<From> {
            *name_round += 1;
            pairs
                .into_iter()
                .enumerate()
                .map(|(k, from)| {
                    shape.push((format!("l{name_round}-{}", k + 1), Side::Losers, *name_round, from));
                    From::Winner(shape.len() - 1)
                })
                .collect()
        };
        if alive.len() >= 2 {
            let pairs = alive.chunks(2).map(|c| [c[0], c[1]]).collect();
            alive = add(&mut round, pairs, &mut shape);
        }
        for w in 1..rounds as usize {
            let dropped: Vec<From> = winners_rounds[w].iter().rev().map(|&p| From::Loser(p)).collect();
            let pairs = alive.iter().zip(&dropped).map(|(&a, &b)| [a, b]).collect();
            alive = add(&mut round, pairs, &mut shape);
            if alive.len() >= 2 {
                let pairs = alive.chunks(2).map(|c| [c[0], c[1]]).collect();
                alive = add(&mut round, pairs, &mut shape);
            }
        }
        shape.push(("gf".into(), Side::Final, 1, [champion_from, alive[0]]));
        champion_from = From::Winner(shape.len() - 1);
    }

    let mut bracket = Bracket { pairings: Vec::new(), matches: Vec::new(), champion: None };
    let place = |from: From, pairings: &[Pairing]| -> Option<Option<usize>> {
        match from {
            From::Slot(k) => Some(places[k]),
            From::Winner(p) => outcome(&pairings[p]).map(|(w, _)| w),
            From::Loser(p) => outcome(&pairings[p]).map(|(_, l)| l),
        }
    };
    for (name, side, round, from) in shape {
        let bots = [place(from[0], &bracket.pairings), place(from[1], &bracket.pairings)];
        let mut this = Pairing { name, side, round, bots, decided: None, matches: Vec::new() };
        if let [Some(Some(a)), Some(Some(b))] = bots {
            let matches = pairing(spec, &this.name, a, b);
            this.decided = decide(&matches, results, a, b, rank);
            this.matches = matches.iter().map(|m| m.id.clone()).collect();
            bracket.matches.extend(matches);
        }
        bracket.pairings.push(this);
    }
    bracket.champion = place(champion_from, &bracket.pairings).flatten();
    // The grand final again when the losers' side won it: each finalist has then lost once.
    if double
        && let Some(final_) = bracket.pairings.last()
        && let (Some(d), [Some(Some(from_winners)), _]) = (final_.decided, final_.bots)
        && d.winner != from_winners
    {
        let (a, b) = (from_winners, d.winner);
        let matches = pairing(spec, "gf2", a, b);
        let decided = decide(&matches, results, a, b, rank);
        bracket.champion = decided.map(|d| d.winner);
        bracket.pairings.push(Pairing {
            name: "gf2".into(),
            side: Side::Final,
            round: 2,
            bots: [Some(Some(a)), Some(Some(b))],
            decided,
            matches: matches.iter().map(|m| m.id.clone()).collect(),
        });
        bracket.matches.extend(matches);
    }
    bracket
}

/// A pairing as the standings show it: names, `bye` for an empty place, `?` for one not yet
/// known.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Shown {
    pub name: String,
    pub bots: [String; 2],
    pub winner: Option<String>,
}

impl Bracket {
    pub fn shown(&self, spec: &Spec) -> Vec<Shown> {
        let name = |bot: Option<Option<usize>>| match bot {
            Some(Some(b)) => spec.bots[b].key(),
            Some(None) => "bye".into(),
            None => "?".into(),
        };
        self.pairings
            .iter()
            .map(|p| Shown {
                name: p.name.clone(),
                bots: [name(p.bots[0]), name(p.bots[1])],
                winner: outcome(p).and_then(|(w, _)| w).map(|w| spec.bots[w].key()),
            })
            .collect()
    }
}

/// Who comes out of a pairing (winner, loser), a bye being `None`; `None` while unknown.
fn outcome(p: &Pairing) -> Option<(Option<usize>, Option<usize>)> {
    match p.bots {
        [Some(Some(_)), Some(Some(_))] => p.decided.map(|d| (Some(d.winner), Some(d.loser))),
        [Some(a), Some(b)] => Some((a.or(b), None)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::Outcome;
    use crate::spec::{Bot, Format, SetupSpec};
    use std::collections::HashMap;

    fn spec(bots: usize, games: u32) -> Spec {
        Spec {
            game: "lighthouses".into(),
            bots: (0..bots).map(|k| Bot { name: format!("b{k}"), command: format!("./b{k}"), check: false, version: None }).collect(),
            setups: vec![SetupSpec { name: "s".into(), flags: Vec::new() }, SetupSpec { name: "t".into(), flags: Vec::new() }],
            seats: 2,
            format: Format::Elimination { double: true, seeds_from: None },
            games,
            seed: 5,
        }
    }

    /// Plays the bracket to its end, each match's scores from `score(bot, match)`.
    fn play(spec: &Spec, double: bool, score: impl Fn(usize, &Match) -> i64) -> Bracket {
        let seeds: Vec<usize> = (0..spec.bots.len()).collect();
        let mut scores: HashMap<String, Vec<i64>> = HashMap::new();
        loop {
            let bracket = plan(spec, double, &seeds, &|m: &Match| scores.get(&m.id).cloned().map(Outcome::from));
            let new: Vec<&Match> = bracket.matches.iter().filter(|m| !scores.contains_key(&m.id)).collect();
            if new.is_empty() {
                return bracket;
            }
            for m in new {
                scores.insert(m.id.clone(), m.seats.iter().map(|&b| score(b, m)).collect());
            }
        }
    }

    fn losses(bracket: &Bracket, bots: usize) -> Vec<usize> {
        (0..bots).map(|b| bracket.pairings.iter().filter(|p| p.decided.is_some_and(|d| d.loser == b)).count()).collect()
    }

    #[test]
    fn the_seeds_meet_as_brackets_seed_them() {
        assert_eq!(seeding(8), [0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(seeding(2), [0, 1]);
    }

    #[test]
    fn a_double_elimination_of_six_with_two_byes_plays_to_one_winner_and_nobody_loses_three_times() {
        let spec = spec(6, 1);
        // The better seed always wins.
        let bracket = play(&spec, true, |b, _| 10 - b as i64);
        assert_eq!(bracket.champion, Some(0));
        // The champion unbeaten; everyone else out on their second loss (b1 lost the winners'
        // final, then the grand final).
        assert_eq!(losses(&bracket, 6), [0, 2, 2, 2, 2, 2]);
        // The two top seeds have byes: their first pairings are not played.
        let first: Vec<&Pairing> = bracket.pairings.iter().filter(|p| p.name.starts_with("w1-")).collect();
        assert_eq!(first.iter().filter(|p| p.matches.is_empty()).count(), 2);
        assert!(bracket.pairings.iter().all(|p| p.name != "gf2"), "the winners' side won the final: no second final");
    }

    #[test]
    fn the_grand_final_is_played_again_when_the_losers_side_wins_it() {
        let spec = spec(4, 1);
        // b1 beats everyone but loses to b0 in the winners' final; then wins the grand final.
        let bracket = play(&spec, true, |b, m| {
            let final_ = m.id.starts_with("gf");
            match b {
                1 if final_ => 100,
                0 if !final_ => 90,
                _ => 50 - b as i64,
            }
        });
        let names: Vec<&str> = bracket.pairings.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["w1-1", "w1-2", "w2-1", "l1-1", "l2-1", "gf", "gf2"]);
        assert_eq!(bracket.champion, Some(1));
        // b1 lost once (the winners' final), b0 twice (both grand finals).
        assert_eq!(losses(&bracket, 4)[..2], [2, 1]);
    }

    #[test]
    fn a_single_elimination_waits_round_by_round_and_a_pairing_is_best_of_its_games() {
        let spec = spec(5, 3);
        let seeds: Vec<usize> = (0..5).collect();
        let first = plan(&spec, false, &seeds, &|_| None);
        // 8 places: three byes; the only first-round pairing is seeds 4 and 5 (b3 and b4), and
        // b1 and b2, through on byes, meet in round 2 at once; b0 waits for b3 or b4.
        let planned: Vec<&str> = first.pairings.iter().filter(|p| !p.matches.is_empty()).map(|p| p.name.as_str()).collect();
        assert_eq!(planned, ["w1-2", "w2-2"]);
        assert_eq!(first.matches.len(), 6, "three games a pairing");
        assert_eq!(first.matches[0].id, "w1-2-s-b3-vs-b4-1");
        assert_eq!((first.matches[1].setup, first.matches[1].seats.clone()), (1, vec![4, 3]), "game 2 on the next setup, seats swapped");
        let bracket = play(&spec, false, |b, _| 10 - b as i64);
        assert_eq!(bracket.champion, Some(0));
        assert!(losses(&bracket, 5).iter().all(|&l| l <= 1));
    }
}
