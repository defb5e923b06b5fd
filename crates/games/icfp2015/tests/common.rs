//! Helpers shared by the ICFP 2015 tests.
#![allow(dead_code)]

use kibitz_icfp2015::{Problem, Rules, State, phrases_from_lines};
use std::path::PathBuf;
use std::sync::Arc;

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// `shared/reference/icfp2015`, or `None` (with a loud message) when the reference data is absent.
pub fn reference() -> Option<PathBuf> {
    Some(kibitz_core::reference::reference_dir(&workspace())?.join("icfp2015"))
}

pub fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 25 qualifier problems, indexed by id.
pub fn problems() -> Option<Vec<Problem>> {
    let dir = reference()?.join("problems");
    Some(
        (0..25)
            .map(|i| {
                let path = dir.join(format!("problem_{i}.json"));
                Problem::parse(&read(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            })
            .collect(),
    )
}

/// The 18 phrases of power of the organisers' judging file.
pub fn phrases() -> Option<Vec<String>> {
    Some(phrases_from_lines(&read(&reference()?.join("phrases.txt"))))
}

/// Rules for every qualifier problem with the 18 phrases, indexed by problem id.
pub fn all_rules() -> Option<Vec<Arc<Rules>>> {
    let phrases = phrases()?;
    Some(problems()?.into_iter().map(|p| Arc::new(Rules::new(p, &phrases).unwrap())).collect())
}

/// A problem from its JSON text (tests build small boards of their own).
pub fn problem(json: serde_json::Value) -> Problem {
    Problem::parse(&json.to_string()).unwrap()
}

/// A game of `problem` with no phrases and seed 0.
pub fn game(problem: &Problem) -> State {
    State::new(Arc::new(Rules::new::<&str>(problem.clone(), &[]).unwrap()), 0)
}

/// Cells as (x, y) pairs, sorted, for comparisons.
pub fn cells(list: impl IntoIterator<Item = kibitz_icfp2015::Cell>) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = list.into_iter().map(|c| (c.x, c.y)).collect();
    v.sort();
    v
}
