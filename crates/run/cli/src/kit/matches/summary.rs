//! The summary `kibitz match` and `kibitz play` print as their last stdout line, for scripts:
//! one shape for every game and verb (docs/cli.md), built here and nowhere else.

use kibitz_core::Game;
use kibitz_core::replay::{Failure, Replay};
use serde::Serialize;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// What a match came to: the keys every game and verb share, and a game's own beside them.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub game: String,
    /// The replays written, one per game played (as text: a summary can always be written).
    pub replays: Vec<String>,
    pub names: Vec<String>,
    /// Each player's score in the game's own units: the figures `kibitz verify` prints
    /// (fedrunek's reals as reals, not the millionths the rules count).
    pub scores: Vec<Value>,
    pub failed: Vec<Failure>,
    /// Why the match ended before the rules ended it (a human stopped it); `null` if it did not.
    pub stopped: Option<String>,
    /// The game's or the verb's own keys (amazes' `final` and `winner`, `play`'s `verified`).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Summary {
    /// `scores` count units of 10^-`decimals` (`Game::SCORE_DECIMALS`), as the rules keep them.
    pub fn new(game: &str, decimals: u32, replays: Vec<PathBuf>, names: Vec<String>, scores: &[i64], failed: Vec<Failure>) -> Self {
        let replays = replays.iter().map(|path| path.to_string_lossy().into_owned()).collect();
        let scores = scores.iter().map(|&s| score_value(s, decimals)).collect();
        Self { game: game.to_string(), replays, names, scores, failed, stopped: None, extra: Map::new() }
    }

    /// The summary of one match between bot processes, recorded to `replay`.
    pub fn of_match<G: Game>(replay: PathBuf, played: kibitz_referee::MatchSummary) -> Self {
        let mut summary = Self::new(G::ID, G::SCORE_DECIMALS, vec![replay], played.names, &played.scores, played.failed);
        summary.stopped = played.stopped;
        summary.with("rounds", played.rounds)
    }

    /// The same with one more key of the game's own.
    pub fn with(mut self, key: &str, value: impl Serialize) -> Self {
        self.extra.insert(key.to_string(), serde_json::to_value(value).unwrap_or(Value::Null));
        self
    }

    /// The same with the fields of `fields` (a struct) as keys of the game's own; they must not
    /// repeat a shared key.
    pub fn with_fields(mut self, fields: impl Serialize) -> Self {
        if let Ok(Value::Object(map)) = serde_json::to_value(fields) {
            self.extra.extend(map);
        }
        self
    }
}

/// One line of JSON.
impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| std::fmt::Error)?)
    }
}

/// A score as a JSON number in the game's own units: an integer for a game scored in integers,
/// else a real equal to the decimal figures `verify` prints (`kibitz_core::show_score`).
pub fn score_value(score: i64, decimals: u32) -> Value {
    if decimals == 0 {
        return Value::from(score);
    }
    serde_json::Number::from_f64(kibitz_core::score_real(score, decimals)).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_numbers_in_the_games_own_units() {
        assert_eq!(score_value(1772, 0).to_string(), "1772");
        assert_eq!(score_value(20_000_000, 6).to_string(), "20.0");
        assert_eq!(score_value(-1_500_000, 6).to_string(), "-1.5");
        for units in [45_123_456, 7, 2_520_000_000, -3] {
            let shown: f64 = kibitz_core::show_score(units, 6).parse().unwrap();
            assert_eq!(score_value(units, 6).as_f64(), Some(shown), "the figures verify prints");
        }
    }

    #[test]
    fn every_summary_has_the_shared_keys_and_a_games_own_beside_them() {
        let failed = vec![Failure { player: 1, reason: "command not found: nosuchbot".into() }];
        let summary = Summary::new("amazes", 0, vec!["a.jsonl".into()], vec!["Red".into(), "Blue".into()], &[1772, 62], failed)
            .with("winner", Some(0))
            .with_fields(serde_json::json!({"end": "normal"}));
        let value: Value = serde_json::from_str(&summary.to_string()).unwrap();
        let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        for key in ["game", "replays", "names", "scores", "failed", "stopped", "winner", "end"] {
            assert!(keys.contains(&key), "{key} in {value}");
        }
        assert_eq!(value["scores"], serde_json::json!([1772, 62]));
        assert_eq!(value["failed"][0]["reason"], "command not found: nosuchbot");
        assert!(value["stopped"].is_null());
    }
}

/// How a finished match ended, for the hand-play panel: the scores, and whether the whole
/// replay verifies with the rules. `None` while it goes on.
pub fn ending<G: Game>(replay: &Replay<G>) -> Option<String> {
    let end = replay.end.as_ref()?;
    let scores = end
        .names
        .iter()
        .zip(&end.scores)
        .map(|(n, &s)| format!("{n} {}", kibitz_core::show_score_short(s, G::SCORE_DECIMALS)))
        .collect::<Vec<_>>()
        .join(", ");
    let how = end.stopped.clone().unwrap_or_else(|| "match over".to_string());
    let verdict = match kibitz_core::verify::verify(replay) {
        Ok(_) => "The replay verifies ✔".to_string(),
        Err(e) => format!("The replay does NOT verify: {e}"),
    };
    Some(format!("{how}: {scores}. {verdict}"))
}
