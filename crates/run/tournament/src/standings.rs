//! Standings from a tournament's replays: each seat tied to its bot through the plan (never
//! through the replay's names: the server games call their teams `team1`…), every replay
//! verified on every core, then per bot the matches, pairwise wins, draws and losses, outright
//! firsts, scores, a Weng–Lin rating over the matches in plan order, failures (time-outs
//! apart), and the time its answers took (median, 99th percentile, maximum); per match, the tags
//! its bots drew. For the Deadline24 games, the contest's own ranking points where every match
//! of a setup seats every bot.

use crate::matches::Outcome;
use crate::plan::{Match, replay_files};
use crate::points::{mean_points, server_points};
use crate::replays::{Time, Turns, end_record, finished_end, turns};
use crate::spec::{Format, Spec};
use kibitz_core::replay::{EndRecord, Failure};
use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What re-simulating a replay gave (the app's registry does it: `kibitz verify`).
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub scores: Vec<i64>,
    /// Scores count units of 10^-decimals.
    pub decimals: u32,
}

/// Re-simulates a replay's text; `Err` says why it does not verify.
pub trait Verify: Fn(&str) -> Result<Checked, String> + Sync {}
impl<F: Fn(&str) -> Result<Checked, String> + Sync> Verify for F {}

/// A match, a bot or a replay, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Note {
    pub id: String,
    pub what: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub bot: String,
    pub played: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Matches it won outright (alone at the top).
    pub firsts: usize,
    /// In units of 10^-decimals.
    pub total: i64,
    pub average: f64,
    /// Weng–Lin mu and sigma.
    pub rating: f64,
    pub uncertainty: f64,
    /// The rating's 95 % interval (mu ± 1.96 sigma).
    pub rating_ci95: (f64, f64),
    /// The contest's ranking points (Deadline24 games where every match seats every bot).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// A Swiss stage's points (a pairing won 1, level ½, a bye 1), which order its table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swiss_points: Option<f64>,
    /// A Swiss stage's byes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byes: Option<u32>,
    /// Its failures (the match's ID and the reason), time-outs among them.
    pub failures: Vec<Note>,
    pub timeouts: usize,
    /// How long its recorded answers took, over all its matches; `None` when none was timed
    /// (a server game's teams).
    pub time: Option<Time>,
}

/// How likely one bot is the better of two, from their ratings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Superiority {
    pub better: String,
    pub worse: String,
    pub los: f64,
}

/// Bots whose every pair gets a likelihood of superiority, at most (a pair each: 496).
pub const MAX_SUPERIORITY: usize = 32;

/// The likelihood of superiority of each pair of `rows`, the higher-ranked first.
fn superiority(rows: &[Row]) -> Vec<Superiority> {
    if rows.len() > MAX_SUPERIORITY {
        return Vec::new();
    }
    let mut pairs = Vec::new();
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            let spread = (a.uncertainty.powi(2) + b.uncertainty.powi(2)).sqrt().max(1e-9);
            pairs.push(Superiority { better: a.bot.clone(), worse: b.bot.clone(), los: crate::sprt::phi((a.rating - b.rating) / spread) });
        }
    }
    pairs
}

/// A bot's first match, after `after` matches of others.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Arrival {
    pub bot: String,
    pub after: usize,
}

/// A played match's tags (`#kibitz tag WORD`, of any of its bots), each once.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tagged {
    pub id: String,
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    pub game: String,
    pub matches: usize,
    pub played: usize,
    pub decimals: u32,
    /// Best first: by Swiss points in a Swiss stage; then by rating, then by total score,
    /// then by name.
    pub rows: Vec<Row>,
    /// Planned matches with no finished replay yet.
    pub unplayed: Vec<String>,
    /// Replays left out of the table: they do not verify, or are not the plan's.
    pub unverified: Vec<Note>,
    /// Matches a human stopped (left out of the table).
    pub stopped: Vec<Note>,
    /// The tags of each played match that has some, in plan order.
    pub tags: Vec<Tagged>,
    /// Each bot's rating after each match played, in plan order.
    pub ratings_after: Vec<Vec<(String, f64)>>,
    /// For each pair of bots (up to [`MAX_SUPERIORITY`] bots), the likelihood that the one
    /// ranked higher is the better: Φ((mu₁ − mu₂) / √(sigma₁² + sigma₂²)).
    pub superiority: Vec<Superiority>,
    /// An elimination stage's pairings, as far as they are known, and its champion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bracket: Option<Vec<crate::bracket::Shown>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub champion: Option<String>,
    /// The bots (versions) that first played after others had: a league's newcomers, marked
    /// on the ratings chart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub arrivals: Vec<Arrival>,
    /// A paired test's result, from the verified matches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<crate::paired::Report>,
}

/// What one replay file holds.
enum Reading {
    Missing,
    /// No end record: still being written, or cut short.
    Unfinished,
    Stopped(String),
    Broken(String),
    Done {
        end: EndRecord,
        decimals: u32,
        /// The setup and limits its header records.
        setup: serde_json::Value,
        turns: Turns,
    },
}

/// What the standings know of the game and the plan beyond the replays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Known<'a> {
    /// A Deadline24 game, whose contest ranked by ranking points.
    pub contest_points: bool,
    /// Its replays record the seed the plan gave (the g-th game of a series, that seed + g − 1),
    /// and a setup that the seed does not change: false for icfp2015, which records its
    /// problem's source seed, in its setup too.
    pub plan_seed: bool,
    /// Each planned setup's `setup` as its replays' headers record it, where the game can tell
    /// (`kibitz match --check` prints it); else the standings go by what most replays of the
    /// setup record.
    pub setups: &'a [Option<serde_json::Value>],
    /// A row a bot, its versions' matches together (matches between its versions left out),
    /// rather than a row a version.
    pub per_bot: bool,
}

/// How a failure's reason tells a time-out.
fn is_timeout(reason: &str) -> bool {
    ["did not answer within", "used up its total thinking time", "still running at the time limit"].iter().any(|p| reason.starts_with(p))
}

/// Reads and verifies one replay of match `m`.
fn read(spec: &Spec, m: &Match, game: u32, path: &Path, verify: &impl Verify, kind: Known) -> Reading {
    let Ok(text) = std::fs::read_to_string(path) else { return Reading::Missing };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: serde_json::Value = match lines.next().map(serde_json::from_str) {
        Some(Ok(h)) => h,
        _ => return Reading::Broken("no readable header".into()),
    };
    let commands: Vec<Option<&str>> =
        header["players"].as_array().map(|ps| ps.iter().map(|p| p["command"].as_str()).collect()).unwrap_or_default();
    let planned: Vec<&str> = m.seats.iter().map(|&b| spec.bots[b].command.as_str()).collect();
    // A solver's recorded command may carry the flags its match added (icfp2015's `-f PROBLEM
    // -t SECS …`) after the plan's.
    let seats_plan = commands.len() == planned.len()
        && commands.iter().zip(&planned).all(|(recorded, plan)| recorded.is_some_and(|r| r == *plan || r.starts_with(&format!("{plan} "))));
    if !seats_plan {
        return Reading::Broken(format!("its players are not the plan's: it seats {commands:?}, the plan {planned:?}"));
    }
    let seed = m.seed.wrapping_add(u64::from(game) - 1);
    if kind.plan_seed && header["seed"].as_u64() != Some(seed) {
        return Reading::Broken(format!("it was played with seed {}, the plan's is {seed}", header["seed"]));
    }
    let setup = serde_json::json!({ "setup": header["setup"], "limits": header["limits"] });
    let end = match end_record(&text) {
        Ok(Some(end)) => end,
        Ok(None) => return Reading::Unfinished,
        Err(why) => return Reading::Broken(why),
    };
    if let Some(why) = &end.stopped {
        return Reading::Stopped(why.clone());
    }
    match verify(&text) {
        Ok(checked) if checked.scores == end.scores => {
            Reading::Done { end, decimals: checked.decimals, setup, turns: turns(&text, m.seats.len()) }
        }
        Ok(checked) => Reading::Broken(format!("its end record says {:?}, the rules {:?}", end.scores, checked.scores)),
        Err(why) => Reading::Broken(why),
    }
}

/// Reads every replay of `matches` in `out` on every core, in plan order.
fn read_all(spec: &Spec, matches: &[Match], out: &Path, verify: &impl Verify, kind: Known) -> Vec<Vec<(PathBuf, Reading)>> {
    let files: Vec<(usize, u32, PathBuf)> = matches
        .iter()
        .enumerate()
        .flat_map(|(k, m)| replay_files(spec, m, out).into_iter().zip(1..).map(move |(f, g)| (k, g, f)))
        .collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(files.len().max(1));
    let mut read_files: Vec<(usize, usize, PathBuf, Reading)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut got = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((k, game, path)) = files.get(i) else { return got };
                        got.push((i, *k, path.clone(), read(spec, &matches[*k], *game, path, verify, kind)));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    read_files.sort_by_key(|(i, ..)| *i);
    let mut by_match: Vec<Vec<(PathBuf, Reading)>> = (0..matches.len()).map(|_| Vec::new()).collect();
    for (_, k, path, reading) in read_files {
        by_match[k].push((path, reading));
    }
    by_match
}

/// How match `m` ended, summed over its replays in `out`, once each has an end record that no
/// human stopped: what the next round of a Swiss tournament, a bracket or a paired test goes by
/// (the standings verify them too).
pub fn finished_outcome(spec: &Spec, m: &Match, out: &Path) -> Option<Outcome> {
    let mut outcome = Outcome { scores: vec![0; m.seats.len()], failed: Vec::new() };
    for path in replay_files(spec, m, out) {
        let end = finished_end(&path).filter(|end| end.scores.len() == m.seats.len())?;
        outcome.scores.iter_mut().zip(&end.scores).for_each(|(s, e)| *s += e);
        for failure in end.failed {
            if failure.player < m.seats.len() && !outcome.failed.contains(&failure.player) {
                outcome.failed.push(failure.player);
            }
        }
    }
    Some(outcome)
}

/// The scores of match `m` by seat, as [`finished_outcome`] reads them.
pub fn finished_scores(spec: &Spec, m: &Match, out: &Path) -> Option<Vec<i64>> {
    finished_outcome(spec, m, out).map(|o| o.scores)
}

impl Played {
    /// The match's outcome, as the plans of later rounds read it.
    fn outcome(&self) -> Outcome {
        let mut failed: Vec<usize> = self.failures.iter().map(|(seat, _)| *seat).collect();
        failed.sort_unstable();
        failed.dedup();
        Outcome { scores: self.scores.clone(), failed }
    }
}

/// Every bot's rating before its first match (Weng–Lin's μ).
pub fn start_rating() -> f64 {
    WengLinRating::new().rating
}

/// One played match: its seats' bots, their scores summed over its replays, its failures.
struct Played {
    id: String,
    setup: usize,
    seats: Vec<usize>,
    scores: Vec<i64>,
    failures: Vec<(usize, String)>,
    /// Per seat, its answers' milliseconds, over the match's replays.
    ms: Vec<Vec<u64>>,
    tags: Vec<String>,
}

/// The standings of the tournament `spec`, planned as `matches`, from the replays in `out`.
/// `contest_points`: the game is a Deadline24 game, whose contest ranked by ranking points.
pub fn standings(spec: &Spec, matches: &[Match], out: &Path, verify: &impl Verify, kind: Known) -> Standings {
    let mut readings = read_all(spec, matches, out, verify, kind);
    if kind.plan_seed {
        setups_as_planned(spec, matches, kind.setups, &mut readings);
        setups_as_the_others(spec, matches, &mut readings);
    }
    let mut played: Vec<Played> = Vec::new();
    let (mut unplayed, mut unverified, mut stopped) = (Vec::new(), Vec::new(), Vec::new());
    let mut decimals = 0;
    for (m, files) in matches.iter().zip(readings) {
        let mut game = Played {
            id: m.id.clone(),
            setup: m.setup,
            seats: m.seats.clone(),
            scores: vec![0; m.seats.len()],
            failures: Vec::new(),
            ms: vec![Vec::new(); m.seats.len()],
            tags: Vec::new(),
        };
        let mut whole = true;
        for (path, reading) in files {
            let file = path.file_name().map_or(m.id.clone(), |f| f.to_string_lossy().into_owned());
            match reading {
                Reading::Missing | Reading::Unfinished => whole = false,
                Reading::Stopped(why) => {
                    stopped.push(Note { id: file, what: why });
                    whole = false;
                }
                Reading::Broken(why) => {
                    unverified.push(Note { id: file, what: why });
                    whole = false;
                }
                Reading::Done { end, decimals: d, turns, .. } => {
                    decimals = d;
                    for (seat, ms) in game.ms.iter_mut().zip(turns.ms) {
                        seat.extend(ms);
                    }
                    for tag in turns.tags {
                        if !game.tags.contains(&tag) {
                            game.tags.push(tag);
                        }
                    }
                    for (seat, score) in game.scores.iter_mut().zip(&end.scores) {
                        *seat += score;
                    }
                    game.failures.extend(end.failed.into_iter().map(|Failure { player, reason }| (player, reason)));
                }
            }
        }
        if whole {
            played.push(game);
        } else if !stopped.iter().chain(&unverified).any(|n| n.id.starts_with(&m.id)) {
            unplayed.push(m.id.clone());
        }
    }
    let sprt = crate::paired::Test::of(spec).map(|test| {
        let verified: std::collections::HashMap<&str, &Played> = played.iter().map(|p| (p.id.as_str(), p)).collect();
        crate::paired::report(spec, &test, matches, &|m: &Match| verified.get(m.id.as_str()).map(|p| p.outcome()))
    });
    let (bots, played) = if kind.per_bot { by_bot(spec, played) } else { (spec.bots.iter().map(|b| b.key()).collect(), played) };
    let mut rows: Vec<Row> = bots
        .iter()
        .map(|b| Row {
            bot: b.clone(),
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            firsts: 0,
            total: 0,
            average: 0.0,
            rating: WengLinRating::new().rating,
            uncertainty: WengLinRating::new().uncertainty,
            rating_ci95: (0.0, 0.0),
            points: None,
            swiss_points: None,
            byes: None,
            failures: Vec::new(),
            timeouts: 0,
            time: None,
        })
        .collect();
    let mut ms: Vec<Vec<u64>> = vec![Vec::new(); bots.len()];
    let mut ratings = vec![WengLinRating::new(); bots.len()];
    let mut ratings_after = Vec::new();
    let config = WengLinConfig::new();
    let mut arrivals = Vec::new();
    for (k, game) in played.iter().enumerate() {
        for (seat, &bot) in game.seats.iter().enumerate() {
            let row = &mut rows[bot];
            if row.played == 0 && k > 0 {
                arrivals.push(Arrival { bot: row.bot.clone(), after: k });
            }
            row.played += 1;
            row.total += game.scores[seat];
            let mine = game.scores[seat];
            for (_, &theirs) in game.scores.iter().enumerate().filter(|(o, _)| *o != seat) {
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => row.wins += 1,
                    std::cmp::Ordering::Equal => row.draws += 1,
                    std::cmp::Ordering::Less => row.losses += 1,
                }
            }
            if game.scores.iter().enumerate().all(|(o, &s)| o == seat || s < mine) {
                row.firsts += 1;
            }
        }
        for (&bot, answers) in game.seats.iter().zip(&game.ms) {
            ms[bot].extend(answers);
        }
        for (seat, reason) in &game.failures {
            if let Some(&bot) = game.seats.get(*seat) {
                rows[bot].timeouts += usize::from(is_timeout(reason));
                rows[bot].failures.push(Note { id: game.id.clone(), what: reason.clone() });
            }
        }
        // Rank 1 for the best score; equal scores share a rank (a draw between them).
        let teams: Vec<[WengLinRating; 1]> = game.seats.iter().map(|&b| [ratings[b]]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&game.scores)
            .map(|(team, s)| (&team[..], MultiTeamOutcome::new(1 + game.scores.iter().filter(|o| *o > s).count())))
            .collect();
        for (&bot, new) in game.seats.iter().zip(weng_lin_multi_team(&ranked, &config)) {
            ratings[bot] = new[0];
        }
        ratings_after.push(bots.iter().zip(&ratings).map(|(b, r)| (b.clone(), r.rating)).collect());
    }
    for ((row, r), ms) in rows.iter_mut().zip(&ratings).zip(ms) {
        row.time = Time::of(ms);
        row.rating = r.rating;
        row.uncertainty = r.uncertainty;
        let z = 1.959_963_984_540_054 * r.uncertainty;
        row.rating_ci95 = (r.rating - z, r.rating + z);
        row.average = if row.played == 0 { 0.0 } else { row.total as f64 / row.played as f64 };
    }
    if kind.contest_points && spec.seats == bots.len() {
        for (bot, points) in ranking_points(spec, &played, bots.len()).into_iter().enumerate() {
            rows[bot].points = points;
        }
    }
    if let Format::Swiss { rounds } = spec.format
        && !kind.per_bot
    {
        // The points the pairings went by, from the verified matches only.
        let verified: std::collections::HashMap<&str, &Played> = played.iter().map(|p| (p.id.as_str(), p)).collect();
        let order: Vec<usize> = (0..spec.bots.len()).collect();
        let table = crate::swiss::standing(spec, rounds, &order, &|m: &Match| verified.get(m.id.as_str()).map(|p| p.outcome()));
        for (bot, row) in rows.iter_mut().enumerate() {
            row.swiss_points = Some(table.points[bot]);
            row.byes = Some(table.byes[bot]);
        }
    }
    rows.sort_by(|a, b| {
        let swiss = |r: &Row| r.swiss_points.unwrap_or(0.0);
        swiss(b).total_cmp(&swiss(a)).then(b.rating.total_cmp(&a.rating)).then(b.total.cmp(&a.total)).then(a.bot.cmp(&b.bot))
    });
    Standings {
        game: spec.game.clone(),
        matches: matches.len(),
        played: played.len(),
        decimals,
        unplayed,
        unverified,
        stopped,
        tags: played.iter().filter(|p| !p.tags.is_empty()).map(|p| Tagged { id: p.id.clone(), tags: p.tags.clone() }).collect(),
        ratings_after,
        superiority: superiority(&rows),
        rows,
        bracket: None,
        champion: None,
        sprt,
        arrivals,
    }
}

/// The matches as a bot's, whichever of its versions played: each bot's name once (in the
/// order of the spec), and the matches with their seats' bots so; a match between versions of
/// one bot is left out.
fn by_bot(spec: &Spec, played: Vec<Played>) -> (Vec<String>, Vec<Played>) {
    let mut names: Vec<String> = Vec::new();
    let group: Vec<usize> = spec
        .bots
        .iter()
        .map(|b| {
            names.iter().position(|n| *n == b.name).unwrap_or_else(|| {
                names.push(b.name.clone());
                names.len() - 1
            })
        })
        .collect();
    let played = played
        .into_iter()
        .filter_map(|mut game| {
            game.seats = game.seats.iter().map(|&b| group[b]).collect();
            let mut seen = game.seats.clone();
            seen.sort_unstable();
            seen.dedup();
            (seen.len() == game.seats.len()).then_some(game)
        })
        .collect();
    (names, played)
}

/// Leaves out a replay whose header's `setup` is not its planned setup's, where the game told it
/// (`known`, by the setups' order).
fn setups_as_planned(spec: &Spec, matches: &[Match], known: &[Option<serde_json::Value>], readings: &mut [Vec<(PathBuf, Reading)>]) {
    for (m, files) in matches.iter().zip(readings.iter_mut()) {
        let Some(Some(planned)) = known.get(m.setup) else { continue };
        for (_, reading) in files.iter_mut() {
            let Reading::Done { setup, .. } = reading else { continue };
            if setup["setup"] != *planned {
                let (place, got, wanted) = first_difference(&setup["setup"], planned, "setup".into());
                *reading = Reading::Broken(format!(
                    "it was played with another setup than the plan's {:?}: {place} is {got}, the plan's {wanted}",
                    spec.setups[m.setup].name
                ));
            }
        }
    }
}

/// Leaves out a replay whose setup (and limits) differ from what most replays of its planned
/// setup record: it was played with other flags than the plan's (`--rounds 5` for 20). The
/// tournament knows no game, so the plan's setup is the one most of its replays agree on; where
/// none has a majority, nothing is left out.
fn setups_as_the_others(spec: &Spec, matches: &[Match], readings: &mut [Vec<(PathBuf, Reading)>]) {
    // Each game of a series apart: a server game may set each game up its own way.
    let series = readings.iter().map(Vec::len).max().unwrap_or(0);
    for (setup, game) in (0..spec.setups.len()).flat_map(|s| (0..series).map(move |g| (s, g))) {
        let setup_spec = &spec.setups[setup];
        let seen: Vec<(usize, usize, String)> = matches
            .iter()
            .zip(readings.iter())
            .enumerate()
            .filter(|(_, (m, _))| m.setup == setup)
            .filter_map(|(k, (_, files))| match files.get(game) {
                Some((_, Reading::Done { setup, .. })) => Some((k, game, setup.to_string())),
                _ => None,
            })
            .collect();
        let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (_, _, text) in &seen {
            *counts.entry(text.as_str()).or_default() += 1;
        }
        let Some((common, n)) = counts.iter().max_by_key(|(_, n)| **n).map(|(t, n)| (t.to_string(), *n)) else { continue };
        if n * 2 <= seen.len() {
            continue;
        }
        let the_others: serde_json::Value = serde_json::from_str(&common).unwrap_or_default();
        for (k, f, text) in seen.iter().filter(|(_, _, text)| *text != common) {
            let mine: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
            let (place, got, wanted) = first_difference(&mine, &the_others, String::new());
            readings[*k][*f].1 = Reading::Broken(format!(
                "it was played with another setup than the plan's {:?}: {place} is {got}, in the {n} other replays of it {wanted}",
                setup_spec.name
            ));
        }
    }
}

/// Where two JSON values first differ (`setup.rounds`), and each one's value there, cut short.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value, place: String) -> (String, String, String) {
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (key, value) in a {
            let other = b.get(key).unwrap_or(&serde_json::Value::Null);
            if value != other {
                return first_difference(value, other, if place.is_empty() { key.clone() } else { format!("{place}.{key}") });
            }
        }
        if let Some((key, value)) = b.iter().find(|(key, _)| !a.contains_key(*key)) {
            return first_difference(&serde_json::Value::Null, value, format!("{place}.{key}"));
        }
    }
    let short = |v: &serde_json::Value| {
        let text = v.to_string();
        if text.chars().count() > 40 { format!("{}…", text.chars().take(40).collect::<String>()) } else { text }
    };
    (place, short(a), short(b))
}

/// The contest's ranking points ([`crate::points`]): a setup is a contest server, a bot's score
/// there the sum over that setup's matches; a bot's points are the mean over the setups played.
fn ranking_points(spec: &Spec, played: &[Played], n: usize) -> Vec<Option<f64>> {
    let mut servers: Vec<Vec<f64>> = Vec::new();
    for setup in 0..spec.setups.len() {
        let games: Vec<&Played> = played.iter().filter(|p| p.setup == setup).collect();
        if games.is_empty() {
            continue;
        }
        let mut score = vec![0.0; n];
        for game in games {
            for (seat, &bot) in game.seats.iter().enumerate() {
                score[bot] += game.scores[seat] as f64;
            }
        }
        servers.push(server_points(&score));
    }
    if servers.is_empty() {
        return vec![None; n];
    }
    mean_points(&servers, n).into_iter().map(Some).collect()
}

impl Standings {
    /// How likely it is that bot `a` is better than bot `b`, when the table says.
    pub fn los(&self, a: &str, b: &str) -> Option<f64> {
        self.superiority.iter().find_map(|s| match (s.better == a && s.worse == b, s.better == b && s.worse == a) {
            (true, _) => Some(s.los),
            (_, true) => Some(1.0 - s.los),
            _ => None,
        })
    }

    /// The likelihood of superiority of every pair, as a table (row over column, in %), for up
    /// to 8 bots (`--json` gives every pair up to [`MAX_SUPERIORITY`]).
    fn superiority_table(&self) -> String {
        let bots: Vec<&str> = self.rows.iter().map(|r| r.bot.as_str()).collect();
        if bots.len() < 2 || bots.len() > 8 || self.played == 0 {
            return String::new();
        }
        let los = |a: &str, b: &str| self.los(a, b);
        let mut out = format!("\nlikelihood of superiority (the row's bot better than the column's, %):\n{:<16}", "");
        for b in &bots {
            out.push_str(&format!(" {:>10.10}", b));
        }
        out.push('\n');
        for a in &bots {
            out.push_str(&format!("{a:<16.16}"));
            for b in &bots {
                out.push_str(&match los(a, b) {
                    Some(p) => format!(" {:>10.1}", 100.0 * p),
                    None => format!(" {:>10}", "-"),
                });
            }
            out.push('\n');
        }
        out
    }

    /// The table and what is below it, as `kibitz tournament standings` prints it.
    pub fn text(&self) -> String {
        let show = |s: i64| kibitz_core::show_score_short(s, self.decimals);
        let points = self.rows.iter().any(|r| r.points.is_some());
        let swiss = self.rows.iter().any(|r| r.swiss_points.is_some());
        let mut out = format!("{}: {} of {} matches played\n", self.game, self.played, self.matches);
        if let Some(test) = &self.sprt {
            out.push_str(&format!("paired test: {}\n  {}\n", test.verdict(), test.line()));
            for failure in test.failures.iter().take(10) {
                out.push_str(&format!("  {failure}\n"));
            }
            if test.failures.len() > 10 {
                out.push_str(&format!("  … and {} more (--json lists them all)\n", test.failures.len() - 10));
            }
            out.push('\n');
        }
        let mut header = format!("{:<3} {:<16}", "#", "bot");
        if swiss {
            header.push_str(&format!(" {:>6} {:>4}", "swiss", "byes"));
        }
        header.push_str(&format!(
            " {:>6} {:>5} {:>5} {:>5} {:>6} {:>14} {:>12} {:>13}",
            "played", "won", "drawn", "lost", "firsts", "total", "average", "rating"
        ));
        if points {
            header.push_str(&format!(" {:>8}", "points"));
        }
        header.push_str(&format!(" {:>9} {:>6} {:>6}", "median ms", "p99", "max"));
        header.push_str("  failures");
        out.push_str(&header);
        out.push('\n');
        for (k, r) in self.rows.iter().enumerate() {
            let average = kibitz_core::show_score_short(r.average.round() as i64, self.decimals);
            let mut line = format!("{:<3} {:<16}", k + 1, r.bot);
            if swiss {
                line.push_str(&format!(" {:>6} {:>4}", r.swiss_points.map_or("-".into(), |p| p.to_string()), r.byes.unwrap_or(0)));
            }
            line += &format!(
                " {:>6} {:>5} {:>5} {:>5} {:>6} {:>14} {:>12} {:>13}",
                r.played,
                r.wins,
                r.draws,
                r.losses,
                r.firsts,
                show(r.total),
                average,
                format!("{:.2} ± {:.2}", r.rating, r.uncertainty)
            );
            if points {
                line.push_str(&format!(" {:>8}", r.points.map_or("-".into(), |p| format!("{p:.2}"))));
            }
            line.push_str(&match r.time {
                Some(t) => format!(" {:>9} {:>6} {:>6}", t.median_ms, t.p99_ms, t.max_ms),
                None => format!(" {:>9} {:>6} {:>6}", "-", "-", "-"),
            });
            let failures = r.failures.len();
            line.push_str(&match (failures, r.timeouts) {
                (0, _) => "  -".to_string(),
                (f, 0) => format!("  {f}"),
                (f, t) => format!("  {f} ({t} time-outs)"),
            });
            out.push_str(&line);
            out.push('\n');
        }
        for r in self.rows.iter().filter(|r| !r.failures.is_empty()) {
            out.push_str(&format!("\n{} failed:\n", r.bot));
            for note in r.failures.iter().take(10) {
                out.push_str(&format!("  {}: {}\n", note.id, note.what));
            }
            if r.failures.len() > 10 {
                out.push_str(&format!("  … and {} more (--json lists them all)\n", r.failures.len() - 10));
            }
        }
        out.push_str(&self.superiority_table());
        if let Some(bracket) = &self.bracket {
            out.push_str("\nbracket:\n");
            for p in bracket {
                let won = p.winner.as_ref().map_or(String::new(), |w| format!("  → {w}"));
                out.push_str(&format!("  {:<6} {} vs {}{won}\n", p.name, p.bots[0], p.bots[1]));
            }
            out.push_str(&format!("champion: {}\n", self.champion.as_deref().unwrap_or("not yet")));
        }
        let mut list = |title: &str, items: Vec<String>| {
            if !items.is_empty() {
                out.push_str(&format!("\n{title} ({}):\n", items.len()));
                for item in items {
                    out.push_str(&format!("  {item}\n"));
                }
            }
        };
        list("tags", self.tags.iter().map(|t| format!("{}: {}", t.id, t.tags.join(" "))).collect());
        list("not played yet", self.unplayed.clone());
        list("left out: do not verify", self.unverified.iter().map(|n| format!("{}: {}", n.id, n.what)).collect());
        list("left out: stopped", self.stopped.iter().map(|n| format!("{}: {}", n.id, n.what)).collect());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::plan;
    use crate::spec::{Bot, Format, SetupSpec};

    /// Three bots all in every match (as a Deadline24 server seats every team), two setups.
    fn spec() -> Spec {
        Spec {
            game: "fedrunek".into(),
            bots: ["a", "b", "c"]
                .iter()
                .map(|n| Bot { name: n.to_string(), command: format!("./{n}"), check: false, version: None })
                .collect(),
            setups: ["crust", "core"]
                .iter()
                .map(|s| SetupSpec { name: s.to_string(), flags: vec!["--profile".into(), s.to_string()] })
                .collect(),
            seats: 3,
            format: Format::RoundRobin,
            games: 1,
            seed: 1,
        }
    }

    /// A replay of `m` with `scores` (and `failed`); `end: false` leaves the end record out.
    fn write(dir: &Path, spec: &Spec, m: &Match, scores: &[i64], failed: &[(usize, &str)], end: bool) {
        write_body(dir, spec, m, scores, failed, end, &["{\"step\":0}".into()]);
    }

    /// [`write`] with these step records.
    fn write_body(dir: &Path, spec: &Spec, m: &Match, scores: &[i64], failed: &[(usize, &str)], end: bool, body: &[String]) {
        let players: Vec<_> =
            m.seats.iter().map(|&b| serde_json::json!({"name": format!("team{b}"), "command": spec.bots[b].command})).collect();
        let mut text =
            serde_json::json!({"kibitz_replay": 1, "game": spec.game, "seed": m.seed, "players": players, "setup": {"rounds": 20}})
                .to_string();
        for line in body {
            text.push('\n');
            text.push_str(line);
        }
        text.push('\n');
        if end {
            let failed: Vec<_> = failed.iter().map(|(p, r)| serde_json::json!({"player": p, "reason": r})).collect();
            text.push_str(&serde_json::json!({"end": {"scores": scores, "names": ["x", "y", "z"], "failed": failed}}).to_string());
        }
        std::fs::write(dir.join(format!("{}.jsonl", m.id)), text).unwrap();
    }

    /// Stands in for the rules: the scores a replay's end record holds, unless the replay says
    /// `"cheat"`.
    fn verify(text: &str) -> Result<Checked, String> {
        if text.contains("cheat") {
            return Err("step 0 does not agree with the rules".into());
        }
        let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        Ok(Checked { scores: serde_json::from_value(end["end"]["scores"].clone()).unwrap(), decimals: 6 })
    }

    const KIND: Known = Known { contest_points: true, plan_seed: true, setups: &[], per_bot: false };

    #[test]
    fn a_replay_with_another_seed_or_setup_than_the_plans_is_left_out_saying_why() {
        let dir = tempfile::tempdir().unwrap();
        let spec = spec();
        let matches = plan(&spec, &|_| None, None).unwrap();
        for m in &matches {
            write(dir.path(), &spec, m, &[1, 2, 3], &[], true);
        }
        let edit = |m: &Match, from: &str, to: &str| {
            let path = dir.path().join(format!("{}.jsonl", m.id));
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains(from));
            std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        };
        edit(&matches[0], &format!("\"seed\":{}", matches[0].seed), "\"seed\":7");
        // The second setup's matches: one of three played with `--rounds 5`.
        edit(&matches[4], "\"rounds\":20", "\"rounds\":5");
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        assert_eq!(got.played, 4);
        let why: Vec<&str> = got.unverified.iter().map(|n| n.what.as_str()).collect();
        assert_eq!(why.len(), 2, "{why:?}");
        assert_eq!(why[0], format!("it was played with seed 7, the plan's is {}", matches[0].seed));
        assert_eq!(why[1], "it was played with another setup than the plan's \"core\": setup.rounds is 5, in the 2 other replays of it 20");
        // Where the game tells each setup's, a replay is held to it: the first setup's other
        // two, with 20 rounds, are not the plan's 30.
        let told = [Some(serde_json::json!({"rounds": 30})), None];
        let got = standings(&spec, &matches, dir.path(), &verify, Known { setups: &told, ..KIND });
        assert_eq!(got.played, 2, "the second setup's two: {:?}", got.unverified);
        assert_eq!(got.unverified[1].what, "it was played with another setup than the plan's \"crust\": setup.rounds is 20, the plan's 30");
        // A game that records another seed (icfp2015's source seeds) is not held to the plan's.
        let lenient = standings(&spec, &matches, dir.path(), &verify, Known { plan_seed: false, ..KIND });
        assert_eq!(lenient.played, 6);
    }

    #[test]
    fn seats_are_the_plans_results_are_pairwise_and_ranking_points_follow_the_contest() {
        let dir = tempfile::tempdir().unwrap();
        let spec = spec();
        let matches = plan(&spec, &|_| None, None).unwrap();
        // 1 group of 3, 3 rotations, 2 setups.
        assert_eq!(matches.len(), 6);
        // crust: seats rotate (a b c), (b c a), (c a b); core likewise.
        let scores: [&[i64]; 6] = [&[30, 20, 10], &[20, 20, 40], &[0, 60, 0], &[5, 5, 5], &[9, 3, 6], &[1, 2, 3]];
        for (m, s) in matches.iter().zip(scores).take(5) {
            write(dir.path(), &spec, m, s, &[], true);
        }
        // The last match: c timed out, and the file is cut short (no end record yet).
        write(dir.path(), &spec, &matches[5], &[1, 2, 3], &[(0, "did not answer within 100 ms (hard limit)")], false);
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        assert_eq!((got.matches, got.played, got.unplayed.clone()), (6, 5, vec![matches[5].id.clone()]));
        let row = |name: &str| got.rows.iter().find(|r| r.bot == name).unwrap().clone();
        // a: 30 (beats b, c), 10 in (b c a) seat 2 → scores (b 20, c 20, a 40): beats both;
        // (c a b) = (0, 60, 0) → a 60 beats both; core (5 5 5) draws twice; (b c a) = (9, 3, 6) → a 6: beats c, loses to b.
        let a = row("a");
        assert_eq!((a.played, a.wins, a.draws, a.losses, a.firsts), (5, 7, 2, 1, 3));
        assert_eq!(a.total, 30 + 40 + 60 + 5 + 6);
        let b = row("b");
        // b: 20 (loses a, beats c), 20 (draws c, loses a), 0 (loses a, draws c), 5 (draws twice), 9 (beats both).
        assert_eq!((b.wins, b.draws, b.losses, b.firsts), (3, 4, 3, 1));
        assert_eq!(got.rows[0].bot, "a", "the best rating first");
        assert!(got.rows[0].rating > got.rows[2].rating);
        // Error bars: each rating's 95 % interval, and every pair's likelihood of superiority.
        for r in &got.rows {
            let half = 1.959_963_984_540_054 * r.uncertainty;
            assert!((r.rating_ci95.0 - (r.rating - half)).abs() < 1e-9 && (r.rating_ci95.1 - (r.rating + half)).abs() < 1e-9);
        }
        assert_eq!(got.superiority.len(), 3, "a pair each");
        let first = &got.superiority[0];
        assert_eq!((first.better.as_str(), first.worse.as_str()), ("a", got.rows[1].bot.as_str()));
        let (x, y) = (&got.rows[0], &got.rows[1]);
        let expected = crate::sprt::phi((x.rating - y.rating) / (x.uncertainty.powi(2) + y.uncertainty.powi(2)).sqrt());
        assert!((first.los - expected).abs() < 1e-12 && first.los > 0.5, "{first:?}");
        assert!(got.text().contains("likelihood of superiority"), "{}", got.text());
        // Ranking points on crust: a 130, b 40, c 30 → mean of the top three 200/3; a = 195.
        // On core: a 11, b 14, c 8 → mean 11; a = 100. a's mean 147.5.
        assert!((a.points.unwrap() - 147.5).abs() < 1e-9, "{:?}", a.points);
        assert!((b.points.unwrap() - (100.0 * 40.0 / (200.0 / 3.0) + 100.0 * 14.0 / 11.0) / 2.0).abs() < 1e-9);

        // Finished: the time-out counts apart; a replay that does not verify and one that was
        // stopped are left out, each saying why; a replay of other bots is not the plan's.
        write(dir.path(), &spec, &matches[5], &[1, 2, 3], &[(0, "did not answer within 100 ms (hard limit)")], true);
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        let c = got.rows.iter().find(|r| r.bot == "c").unwrap();
        assert_eq!((c.failures.len(), c.timeouts), (1, 1), "core's third match seats c first");
        let path = dir.path().join(format!("{}.jsonl", matches[0].id));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("{\"step\":0}", "{\"step\":0,\"cheat\":1}")).unwrap();
        let stopped = dir.path().join(format!("{}.jsonl", matches[1].id));
        let text = std::fs::read_to_string(&stopped).unwrap();
        std::fs::write(&stopped, text.replace("\"failed\":[]", "\"failed\":[],\"stopped\":\"stopped by the user\"")).unwrap();
        let other = dir.path().join(format!("{}.jsonl", matches[2].id));
        let text = std::fs::read_to_string(&other).unwrap();
        std::fs::write(&other, text.replace("./a", "./intruder")).unwrap();
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        assert_eq!(got.played, 3);
        assert_eq!(got.unverified.len(), 2);
        assert!(got.unverified[0].what.contains("does not agree"), "{:?}", got.unverified);
        assert!(got.unverified[1].what.contains("not the plan's"), "{:?}", got.unverified);
        assert_eq!(got.stopped, [Note { id: format!("{}.jsonl", matches[1].id), what: "stopped by the user".into() }]);
        assert!(got.unplayed.is_empty());
        let text = got.text();
        assert!(
            text.contains("3 of 6 matches played") && text.contains("left out: do not verify (2)") && text.contains("1 (1 time-outs)"),
            "{text}"
        );
    }

    #[test]
    fn each_bots_time_per_answer_is_over_all_its_matches_and_each_match_lists_its_tags() {
        let dir = tempfile::tempdir().unwrap();
        let spec = spec();
        let matches = plan(&spec, &|_| None, None).unwrap();
        for (k, m) in matches.iter().enumerate() {
            // Seat s answers in 10·(k+1)+s ms, three times; seat 0 draws a tag and the match
            // number as a second; the last match's seat 2 times out.
            let mut body = Vec::new();
            for turn in 0..3 {
                for seat in 0..3 {
                    let step = body.len();
                    let ms = 10 * (k as u64 + 1) + seat as u64;
                    let draw = match (seat, turn) {
                        (0, 0) => format!(",\"draw\":[\"tag seat0\",\"dot 1 2\",\"tag m{k}\"]"),
                        (1, 2) => ",\"draw\":[\"tag seat0\"]".into(),
                        _ => String::new(),
                    };
                    body.push(format!("{{\"step\":{step},\"player\":{seat},\"action\":1,\"outcome\":{{\"ok\":true}}{draw},\"ms\":{ms}}}"));
                }
            }
            let failed: &[(usize, &str)] = if k == 5 { &[(2, "did not answer within 100 ms (hard limit)")] } else { &[] };
            write_body(dir.path(), &spec, m, &[1, 2, 3], failed, true, &body);
        }
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        assert_eq!(got.played, 6);
        // Bot a sits in every match once: its answers are 10k+s ms for its seat s in match k.
        let a = got.rows.iter().find(|r| r.bot == "a").unwrap();
        let mut mine: Vec<u64> = Vec::new();
        for (k, m) in matches.iter().enumerate() {
            let seat = m.seats.iter().position(|&b| b == 0).unwrap() as u64;
            mine.extend([10 * (k as u64 + 1) + seat; 3]);
        }
        mine.sort();
        let time = a.time.unwrap();
        assert_eq!((time.turns, time.median_ms, time.p99_ms, time.max_ms), (18, mine[8], mine[17], mine[17]));
        let timeouts: usize = got.rows.iter().map(|r| r.timeouts).sum();
        assert_eq!(timeouts, 1);
        assert_eq!(got.tags.len(), 6);
        assert_eq!(got.tags[3], Tagged { id: matches[3].id.clone(), tags: vec!["seat0".into(), "m3".into()] });
        let text = got.text();
        assert!(text.contains("median ms") && text.contains(&format!("{}: seat0 m3", matches[3].id)), "{text}");
        let json = serde_json::to_value(&got).unwrap();
        assert_eq!(json["rows"][0]["time"]["turns"], 18);
        assert_eq!(json["tags"][0]["tags"][1], "m0");
        // A replay that is left out counts neither its times nor its tags.
        let path = dir.path().join(format!("{}.jsonl", matches[0].id));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("{\"step\":0,", "{\"step\":0,\"cheat\":1,")).unwrap();
        let got = standings(&spec, &matches, dir.path(), &verify, KIND);
        assert_eq!((got.played, got.tags.len()), (5, 5));
        assert_eq!(got.rows.iter().find(|r| r.bot == "a").unwrap().time.unwrap().turns, 15);
    }
}
