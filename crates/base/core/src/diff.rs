//! Two replays of one game compared (`kibitz diff A B`): whether their setups and seeds are the
//! same, the first step where what the players sent differs and who sent it, and how their
//! scores went, side by side over the steps (both re-simulated by the rules). A torn replay is
//! compared up to where it breaks, and the report says so.

use crate::game::Game;
use crate::replay::Replay;
use serde::Serialize;

/// Score samples taken over the longer replay.
const SAMPLES: usize = 100;

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
pub fn diff<G: Game>(a: &str, b: &str) -> Result<Diff, String> {
    let load = |text: &str, name: &str| Replay::<G>::parse(text).map_err(|e| format!("{name}: {e}"));
    let (la, lb) = (load(a, "A")?, load(b, "B")?);
    let (ra, rb) = (&la.replay, &lb.replay);
    let setup_a = serde_json::to_value(&ra.header.setup).map_err(|e| e.to_string())?;
    let setup_b = serde_json::to_value(&rb.header.setup).map_err(|e| e.to_string())?;
    let setup_differs_in = match (&setup_a, &setup_b) {
        (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
            let mut keys: Vec<String> = x.keys().chain(y.keys()).filter(|k| x.get(*k) != y.get(*k)).cloned().collect();
            keys.sort();
            keys.dedup();
            keys
        }
        _ if setup_a != setup_b => vec!["setup".into()],
        _ => Vec::new(),
    };
    let first = ra.records.iter().zip(&rb.records).enumerate().find_map(|(i, (x, y))| {
        let key = |action: &Option<G::Action>| action.as_ref().map_or("null".to_string(), G::action_key);
        let (ax, ay) = (key(&x.action), key(&y.action));
        (x.player != y.player || ax != ay).then(|| FirstDifference {
            step: i,
            player_a: x.player,
            player_b: y.player,
            action_a: ax,
            action_b: ay,
        })
    });
    let (scores_a, final_a) = sampled::<G>(ra, ra.records.len().max(rb.records.len()))?;
    let (scores_b, final_b) = sampled::<G>(rb, ra.records.len().max(rb.records.len()))?;
    let mut scores: Vec<ScoresAt> = Vec::new();
    let mut steps: Vec<usize> = scores_a.iter().chain(&scores_b).map(|(s, _)| *s).collect();
    steps.sort_unstable();
    steps.dedup();
    for step in steps {
        let at = |list: &[(usize, Vec<i64>)]| list.iter().find(|(s, _)| *s == step).map(|(_, v)| v.clone());
        scores.push(ScoresAt { step, a: at(&scores_a), b: at(&scores_b) });
    }
    let side = |r: &Replay<G>, scores: Vec<i64>, damage: Option<String>| Side {
        players: r.header.players.iter().map(|p| p.name.clone()).collect(),
        steps: r.records.len(),
        seed: r.header.seed,
        scores,
        damage,
    };
    Ok(Diff {
        game: G::ID.to_string(),
        a: side(ra, final_a, la.damage.as_ref().map(|d| d.to_string())),
        b: side(rb, final_b, lb.damage.as_ref().map(|d| d.to_string())),
        same_setup: setup_differs_in.is_empty(),
        setup_differs_in,
        same_seed: ra.header.seed == rb.header.seed,
        first,
        scores,
        score_decimals: G::SCORE_DECIMALS,
    })
}

/// The replay re-simulated, its scores taken at every `longest / SAMPLES`-th step (the same
/// steps in both replays) and at its last; and its final scores.
fn sampled<G: Game>(replay: &Replay<G>, longest: usize) -> Result<(Vec<(usize, Vec<i64>)>, Vec<i64>), String> {
    let every = longest.div_ceil(SAMPLES).max(1);
    let mut state = G::start(&replay.header.setup, replay.header.players.len(), replay.header.seed)?;
    let mut samples = vec![(0, G::scores(&state))];
    for (i, record) in replay.records.iter().enumerate() {
        G::apply(&mut state, &record.to_step());
        let after = i + 1;
        if after % every == 0 || after == replay.records.len() {
            samples.push((after, G::scores(&state)));
        }
    }
    let last = G::scores(&state);
    Ok((samples, last))
}
