//! What ICFP 2015 commands read: problem files, and the phrases of power.

use kibitz_icfp2015::{KNOWN_PHRASES, Problem};
use std::path::Path;

/// Reads a problem file, naming the file, line and column of any problem.
pub fn load_problem(path: &Path) -> anyhow::Result<Problem> {
    crate::kit::matches::args::load(path, Problem::parse)
}

/// The phrases given with `-p`, or the 18 known ones.
pub fn phrases_or_known(given: &[String]) -> Vec<String> {
    if given.is_empty() { KNOWN_PHRASES.iter().map(|p| p.to_string()).collect() } else { given.to_vec() }
}
