//! What the command-line verbs share, whatever the game's family.
//!
//! - [`args`]: command-line arguments every bot game shares (recording, limits, seats).
//! - [`summary`]: the last stdout line of `match` and `play`, one shape for every game, and
//!   how a finished match ended, as hand play says it.
//! - [`recording`]: where a game played by hand is recorded when nobody said.
//! - [`progress`]: the progress bar of long headless work.
//! - [`stdout`]: what the verbs print on stdout, ending quietly when its reader goes away.

pub mod args;
pub mod progress;
pub mod recording;
pub mod stdout;
pub mod summary;
