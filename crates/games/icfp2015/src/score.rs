//! Official scoring of whole solutions, and the solution-list format (seed 003, "Output").
//!
//! A solution scores what the organisers' evaluator gives (`Evaluate.hs evaluateOne`): the move
//! scores plus the power scores of the whole text, or 0 if anything was an error (an unknown
//! character, a repeated position, a command after the end, a seed the problem does not list).
//! Running out of commands with a unit still in play is not an error (reference README item 9).

use crate::power::PhraseError;
use crate::problem::{Problem, json_error};
use crate::rules::{Ending, GameError, Rules, State};
use kibitz_core::Located;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One phrase the solution invoked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhraseUse {
    pub phrase: String,
    /// Occurrences, overlapping ones included.
    pub count: u32,
    /// `2 * len * count + 300`.
    pub score: u64,
}

/// The result of scoring one solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    /// The official score: `move_score + power_score`, or 0 when `error` is set.
    pub total: u64,
    /// Sum of the move scores of all locks (before the error, if any).
    pub move_score: u64,
    /// Sum of the power scores of the phrases (of the text up to the error, if any).
    pub power_score: u64,
    /// Phrases with at least one occurrence, in the order of the phrase list.
    pub phrases: Vec<PhraseUse>,
    pub error: Option<GameError>,
    /// How the game ended; `None` when the commands ran out with a unit still in play.
    pub ending: Option<Ending>,
    pub units_locked: u32,
    /// Commands executed (white space not counted).
    pub commands: u32,
}

/// Scores `solution` for `seed` of the problem in `rules`, with the phrases in `rules`.
pub fn score(rules: &Arc<Rules>, seed: u32, solution: &str) -> Score {
    if !rules.problem().source_seeds().contains(&seed) {
        let error = GameError::SeedNotListed { seed };
        return Score {
            total: 0,
            move_score: 0,
            power_score: 0,
            phrases: Vec::new(),
            error: Some(error),
            ending: Some(Ending::Error { error }),
            units_locked: 0,
            commands: 0,
        };
    }
    let mut state = State::new(Arc::clone(rules), seed);
    state.feed_str(solution);
    summary(&state)
}

/// The [`Score`] of a game as it stands: what the solution fed so far would score.
pub fn summary(state: &State) -> Score {
    let set = state.rules().phrases();
    let phrases = state
        .phrase_counts()
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, &count)| PhraseUse { phrase: set.phrase(k).to_string(), count, score: set.phrase_score(k, count) })
        .collect();
    Score {
        total: state.score(),
        move_score: state.move_score(),
        power_score: state.power_score(),
        phrases,
        error: state.error(),
        ending: state.ending(),
        units_locked: state.units_locked(),
        commands: state.commands(),
    }
}

/// Scores one solution from scratch. For many solutions of one problem, build the [`Rules`]
/// once and call [`score`].
pub fn score_solution<S: AsRef<str>>(problem: &Problem, seed: u32, phrases: &[S], solution: &str) -> Result<Score, PhraseError> {
    let rules = Arc::new(Rules::new(problem.clone(), phrases)?);
    Ok(score(&rules, seed, solution))
}

/// One entry of the official output list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SolutionRecord {
    pub problem_id: u32,
    pub seed: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    pub solution: String,
}

/// Reads an output list of [`SolutionRecord`]s (other fields are ignored).
pub fn read_solutions(text: &str) -> Result<Vec<SolutionRecord>, Located> {
    read_solution_list(text)
}

/// Reads a JSON list of any record type, starting at the first `[`: captures of the contest
/// server's answers begin with HTTP headers. Error lines and columns are those of `text`.
pub fn read_solution_list<T: DeserializeOwned>(text: &str) -> Result<Vec<T>, Located> {
    let Some(start) = text.find('[') else {
        return Err(Located::line(1, "no JSON list: the text has no '['"));
    };
    let (before, json) = text.split_at(start);
    let skipped_lines = before.matches('\n').count();
    serde_json::from_str(json).map_err(|e| {
        let mut err = json_error(json, &e, skipped_lines);
        if e.line() == 1 {
            let prefix = before.rsplit('\n').next().unwrap_or("").chars().count();
            err.column = err.column.map(|c| c + prefix);
        }
        err
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_skipped_and_errors_keep_file_positions() {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[{\"problemId\":1,\"seed\":0,\"solution\":\"Ei!\"}]";
        let list = read_solutions(text).unwrap();
        assert_eq!(list, vec![SolutionRecord { problem_id: 1, seed: 0, tag: None, solution: "Ei!".into() }]);
        let e = read_solutions("HTTP/1.1 200 OK\n\nxx[{\"problemId\":1,\"seed\":0}]").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("solution"), "{e}");
        assert_eq!(e.column, Some(27), "{e}");
        assert_eq!(read_solutions("{}").unwrap_err().line, 1);
    }
}
