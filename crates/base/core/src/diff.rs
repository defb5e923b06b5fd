//! Two replays of one game compared (`kibitz diff A B`): whether their setups and seeds are the
//! same, the first step where what the players sent differs and who sent it, and how their
//! scores went, side by side over the steps (both re-simulated by the rules). A torn replay is
//! compared up to where it breaks, and the report says so.

use crate::game::Game;
use crate::replay::Replay;
use serde::Serialize;

/// Score samples taken over the longer replay.
const SAMPLES: usize = 100;
/// Differing steps listed, at most.
pub const MAX_DIFFERING: usize = 100_000;

/// Two replays compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diff {
    pub game: String,
    pub a: Side,
    pub b: Side,
    pub same_setup: bool,
    /// The setup's top-level fields that differ (a map, a number of rounds, ...).
    pub setup_differs_in: Vec<String>,
    pub same_seed: bool,
    /// The first step where the two differ: a different player acting, or a different action;
    /// `None` when one replay's steps are the start of the other's.
    pub first: Option<FirstDifference>,
    /// Every player's score in each replay at evenly spaced steps (and the last of each).
    pub scores: Vec<ScoresAt>,
    /// How many steps differ (of those both replays have).
    pub differences: usize,
    /// The steps that differ, the first [`MAX_DIFFERING`] of them (the viewer marks them).
    #[serde(skip)]
    pub differing: Vec<usize>,
    /// Scores count units of 10^-decimals ([`Game::SCORE_DECIMALS`]).
    pub score_decimals: u32,
}

/// One replay as compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Side {
    pub players: Vec<String>,
    pub steps: usize,
    pub seed: u64,
    /// Its final scores (by the rules, at its last step).
    pub scores: Vec<i64>,
    /// Where it breaks, when it is torn or damaged: compared up to there.
    pub damage: Option<String>,
}

/// Where two replays first part.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FirstDifference {
    pub step: usize,
    /// Who acted there in each (`None`: a tick).
    pub player_a: Option<usize>,
    pub player_b: Option<usize>,
    /// What each sent there ([`Game::action_key`]: JSON, or a server game's command line;
    /// `null`: nothing usable).
    pub action_a: String,
    pub action_b: String,
}

/// The scores at one step, in each replay that reaches it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoresAt {
    pub step: usize,
    pub a: Option<Vec<i64>>,
    pub b: Option<Vec<i64>>,
}

impl Diff {
    /// Whether the two are the same match: same setup, seed and steps.
    pub fn same(&self) -> bool {
        self.same_setup && self.same_seed && self.first.is_none() && self.a.steps == self.b.steps
    }
}

/// Compares replays `a` and `b` (texts) of game `G`. `Err` when one cannot be read at all.
///
/// Each replay is read and re-simulated once, both at a time (two threads, each reading as
/// `verify` does, outcomes left unread), keeping only a hash of what each step's player did and
/// the sampled scores; the first difference is then read again from its two lines.
pub fn diff<G: Game>(a: &str, b: &str) -> Result<Diff, String> {
    // The same sampled steps in both: every n-th of the longer (its lines, counted at once).
    let longest = memchr::memchr_iter(b'\n', a.as_bytes()).count().max(memchr::memchr_iter(b'\n', b.as_bytes()).count());
    let every = longest.div_ceil(SAMPLES).max(1);
    let (ra, rb) = std::thread::scope(|scope| {
        let other = scope.spawn(|| run::<G>(b, every));
        (run::<G>(a, every), other.join().unwrap_or_else(|_| Err("B: reading it failed".into())))
    });
    let (ra, rb) = (ra.map_err(|e| format!("A: {e}"))?, rb.map_err(|e| format!("B: {e}"))?);
    let setup_differs_in = match (&ra.setup, &rb.setup) {
        (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
            let mut keys: Vec<String> = x.keys().chain(y.keys()).filter(|k| x.get(*k) != y.get(*k)).cloned().collect();
            keys.sort();
            keys.dedup();
            keys
        }
        (x, y) if x != y => vec!["setup".into()],
        _ => Vec::new(),
    };
    let differ = || ra.did.iter().zip(&rb.did).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i);
    let (differences, differing) = (differ().count(), differ().take(MAX_DIFFERING).collect());
    let first = ra.did.iter().zip(&rb.did).position(|(x, y)| x != y).map(|step| {
        let (player_a, action_a) = action_at::<G>(a, step);
        let (player_b, action_b) = action_at::<G>(b, step);
        FirstDifference { step, player_a, player_b, action_a, action_b }
    });
    let mut steps: Vec<usize> = ra.samples.iter().chain(&rb.samples).map(|(s, _)| *s).collect();
    steps.sort_unstable();
    steps.dedup();
    let at = |list: &[(usize, Vec<i64>)], step: usize| list.iter().find(|(s, _)| *s == step).map(|(_, v)| v.clone());
    let scores = steps.into_iter().map(|step| ScoresAt { step, a: at(&ra.samples, step), b: at(&rb.samples, step) }).collect();
    Ok(Diff {
        game: G::ID.to_string(),
        same_setup: setup_differs_in.is_empty(),
        setup_differs_in,
        same_seed: ra.side.seed == rb.side.seed,
        a: ra.side,
        b: rb.side,
        first,
        scores,
        differences,
        differing,
        score_decimals: G::SCORE_DECIMALS,
    })
}

/// One replay read and re-simulated.
struct Run {
    side: Side,
    setup: serde_json::Value,
    /// Per step: who acted, and a hash of what they did ([`Game::action_key`]).
    did: Vec<(Option<usize>, u64)>,
    samples: Vec<(usize, Vec<i64>)>,
}

/// Reads and re-simulates `text`, its scores taken every `every` steps and at its last.
fn run<G: Game>(text: &str, every: usize) -> Result<Run, String> {
    use std::hash::{Hash, Hasher};
    let (header, body) = Replay::<G>::read_header(text).map_err(|e| e.to_string())?;
    let setup = serde_json::to_value(&header.setup).map_err(|e| e.to_string())?;
    let mut state = G::start(&header.setup, header.players.len(), header.seed)?;
    let mut samples = vec![(0, G::scores(&state))];
    let mut did = Vec::new();
    let read = crate::replay::read_body_unparsed::<G::Action, G::Outcome>(body, G::read_action, |record, _| {
        let mut hash = std::collections::hash_map::DefaultHasher::new();
        match &record.outcome {
            // The record's text up to its outcome: its step, player and action as written.
            crate::replay::Recorded::Text { outcome, line } if G::ACTIONS_WRITTEN_ALIKE => {
                line[..outcome.as_ptr() as usize - line.as_ptr() as usize].hash(&mut hash)
            }
            _ => record.action.as_ref().map(G::action_key).hash(&mut hash),
        }
        did.push((record.player, hash.finish()));
        G::apply(&mut state, &record.to_step());
        if did.len() % every == 0 {
            samples.push((did.len(), G::scores(&state)));
        }
        Ok(())
    });
    let scores = G::scores(&state);
    if samples.last().is_none_or(|(s, _)| *s != did.len()) {
        samples.push((did.len(), scores.clone()));
    }
    let side = Side {
        players: header.players.iter().map(|p| p.name.clone()).collect(),
        steps: read.steps,
        seed: header.seed,
        scores,
        damage: read.damage.map(|d| d.to_string()),
    };
    Ok(Run { side, setup, did, samples })
}

/// Who acted at step `step` of `text` and what they did ([`Game::action_key`]), read again
/// from its line.
fn action_at<G: Game>(text: &str, step: usize) -> (Option<usize>, String) {
    let line = text.lines().nth(step + 1).unwrap_or_default();
    match crate::replay::BodyLine::<G::Action, G::Outcome>::parse(line) {
        Ok(crate::replay::BodyLine::Step(record)) => (record.player, record.action.as_ref().map_or("null".into(), G::action_key)),
        _ => (None, "?".into()),
    }
}
