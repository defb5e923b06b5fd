//! Official scoring of ICFP 2015 solution files, as `kibitz score icfp2015` and the solver
//! runner print it.

use kibitz_icfp2015::{Problem, Rules, Score, SolutionRecord, read_solutions};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One scored record, as `kibitz score` prints it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoredRecord {
    pub problem_id: u32,
    pub seed: u32,
    pub tag: Option<String>,
    /// The official score (0 on any error); `None` when the record could not be scored at all.
    pub score: Option<u64>,
    pub move_score: Option<u64>,
    pub power_score: Option<u64>,
    /// Phrases invoked, with their counts.
    pub phrases: BTreeMap<String, u32>,
    pub error: Option<String>,
}

/// Scores every record of a solution file against the problems (matched by id).
pub fn score_file(problems: &[Problem], solution_text: &str, phrases: &[String]) -> Result<Vec<ScoredRecord>, String> {
    let records = read_solutions(solution_text).map_err(|e| e.to_string())?;
    let mut rules: BTreeMap<u32, Arc<Rules>> = BTreeMap::new();
    for p in problems {
        let r = Rules::new(p.clone(), phrases).map_err(|e| format!("phrases: {e}"))?;
        if rules.insert(p.id(), Arc::new(r)).is_some() {
            return Err(format!("two problem files have id {}", p.id()));
        }
    }
    Ok(records.iter().map(|r| score_record(&rules, r)).collect())
}

pub(super) fn score_record(rules: &BTreeMap<u32, Arc<Rules>>, record: &SolutionRecord) -> ScoredRecord {
    let mut out = ScoredRecord {
        problem_id: record.problem_id,
        seed: record.seed,
        tag: record.tag.clone(),
        score: None,
        move_score: None,
        power_score: None,
        phrases: BTreeMap::new(),
        error: None,
    };
    let Some(rules) = rules.get(&record.problem_id) else {
        out.error = Some(format!("no problem file with id {} was given", record.problem_id));
        return out;
    };
    let Score { total, move_score, power_score, phrases, error, .. } = kibitz_icfp2015::score(rules, record.seed, &record.solution);
    out.score = Some(total);
    out.move_score = Some(move_score);
    out.power_score = Some(power_score);
    out.phrases = phrases.into_iter().map(|p| (p.phrase, p.count)).collect();
    out.error = error.map(|e| e.to_string());
    out
}

/// The human-readable table `kibitz score` prints on stderr.
pub fn score_table(records: &[ScoredRecord]) -> String {
    let mut out =
        format!("{:>7} {:>6} {:<16} {:>8} {:>8} {:>8}  {}\n", "problem", "seed", "tag", "score", "move", "power", "phrases / error");
    let dash = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    for r in records {
        let mut tag: String = r.tag.clone().unwrap_or_default().chars().take(16).collect();
        if tag.is_empty() {
            tag = "-".into();
        }
        let phrases = r.phrases.iter().map(|(p, n)| format!("{p:?}×{n}")).collect::<Vec<_>>().join(" ");
        let tail = match &r.error {
            Some(e) => format!("ERROR: {e}"),
            None => phrases,
        };
        out += &format!(
            "{:>7} {:>6} {:<16} {:>8} {:>8} {:>8}  {tail}\n",
            r.problem_id,
            r.seed,
            tag,
            dash(r.score),
            dash(r.move_score),
            dash(r.power_score)
        );
    }
    let total: u64 = records.iter().filter_map(|r| r.score).sum();
    out += &format!("{} records, total score {total}\n", records.len());
    out
}
