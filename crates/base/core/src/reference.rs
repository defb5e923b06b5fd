//! Finding the original contest data (`shared/reference`) from tests.
//!
//! The data is public but not ours to ship, so tests read it in place: from `KIBITZ_REFERENCE`,
//! or from `../shared/reference` beside the workspace. When it is missing, tests say so loudly
//! and skip, except under CI (`CI=true`), where missing data is a failure.

use std::path::{Path, PathBuf};

/// The reference folder, if present. `workspace` is the workspace root.
///
/// # Panics
/// Under `CI=true` when the folder is missing, so that CI can never pass without the data.
pub fn reference_dir(workspace: &Path) -> Option<PathBuf> {
    let dir = match std::env::var_os("KIBITZ_REFERENCE") {
        Some(d) => PathBuf::from(d),
        None => workspace.join("../shared/reference"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(!ci, "reference data not found at {} (set KIBITZ_REFERENCE); CI needs it", dir.display());
    eprintln!("\n*** SKIPPING: reference data not found at {} (set KIBITZ_REFERENCE) ***\n", dir.display());
    None
}
