//! The kit every game room is built from, and the contract between a room and the rest of the
//! app. Nothing here knows any particular game: the rooms (`crate::games::*`) depend on the
//! kit, the shell and the command line depend on the kit and find the rooms through a
//! [`room::Registry`]; the kit depends on neither.
//!
//! - [`room`]: the [`room::Room`] trait (everything the app asks of one game), its command-line
//!   verbs, and the [`room::Registry`] the app reads.
//! - [`view`]: what the shell needs from a game's view ([`view::GameView`]) and from its hand
//!   play ([`view::HandPlay`]); the [`view::Track`] every game fills the same way; markers.
//! - [`series`]: the score series and markers of a [`view::Track`], with summaries by buckets
//!   of steps, so that a frame draws them at a cost that does not grow with the replay.
//! - [`grid`]: a 2D board of square cells on the screen (fit, pan, zoom, the cell under the
//!   pointer, the cells that show) and a texture of its cells, rewritten only where they change.
//! - [`recorded`]: a replay held for viewing: records, keyframed timeline, state cache, track.
//! - [`live`]: a view following a live match by its replay lines.
//! - [`seats`]: who sits where in `kibitz play`, and taking over a replay by hand.
//! - [`server`]: `serve` and `match` for the Deadline24 server games (turns, teams, replays).
//! - [`editor`]: the map editor in the window (a game's [`editor::MapFormat`]: its tools, its
//!   validator, its view of a map).
//! - [`console`]: the organisers' console of `kibitz serve` (status, pause, resume, end-turn,
//!   kick, stop).
//! - [`served`]: a server game's server checked and ready to run (`serve`, a contest day).
//! - [`server_log`]: the turn log of a server game (commands, answers, turn ends).
//! - [`hosting`]: hand play of a server game: a server hosted on a thread, the spectator feed the
//!   view follows, the human's own connection.
//! - [`server_hand`]: `kibitz play` of a server game, new or taken over, and the human's seat in
//!   the panel (turn clock, answers, console), which each game's hand panel builds on.
//! - [`server_view`]: what every server game's view shares ([`server_view::ServerView`]): the
//!   replay's parts of a [`view::GameView`] and all of [`view::HandPlay`], written once.
//! - [`args`]: command-line arguments every bot game shares (recording, limits, seats).
//! - [`summary`]: the last stdout line of `match` and `play`, one shape for every game.
//! - [`progress`]: the progress bar of long headless work.
//! - [`stdout`]: what the verbs print on stdout, ending quietly when its reader goes away.
//! - [`raster`]: pictures drawn with egui's painter without a window (a chart as a PNG).
//! - [`palette`]: player colours.
//! - [`scene`]: a board drawn in 3D (meshes as data, the orbit camera and its rays), from the
//!   `kibitz-scene` crate.

pub mod args;
pub mod console;
pub mod editor;
pub mod grid;
pub mod hosting;
pub mod live;
pub mod palette;
pub mod progress;
pub mod raster;
pub mod recorded;
pub mod room;
/// A board drawn in 3D, as data (its own crate, built optimised even in dev builds).
pub use kibitz_scene as scene;
pub mod seats;
pub mod series;
pub mod served;
pub mod server;
pub mod server_hand;
pub mod server_log;
pub mod server_view;
pub mod stdout;
pub mod summary;
pub mod view;
