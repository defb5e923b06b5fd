//! Every end-to-end test of the `kibitz` binary, in one test binary: each file of this folder
//! is a module of it, so that the app (Bevy included) is linked once for them all rather than
//! once a file (`autotests = false` in Cargo.toml). `cargo test --test all paired::` runs one
//! file's tests; the new-game checklist (`tests/new_game`) is a binary of its own, as it runs
//! the app on its main thread.

mod common;

mod amazes_cli;
mod cluster;
mod command_line;
mod contest;
mod drawing;
mod editor;
mod every_game_cli;
mod fedrunek_cli;
mod fedrunek_hand;
mod follow;
mod icfp2015_cli;
mod lighthouses_cli;
mod on_air;
mod osada_cli;
mod osada_hand;
mod paired;
mod readme;
mod replay_cli;
mod screenshot;
mod server_view;
mod setup_extremes;
mod snakecore_cli;
mod starters;
mod tournament;
mod wycinanka_cli;
mod wycinanka_hand;
