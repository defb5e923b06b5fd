//! Tournaments of Kibitz matches, headless: the spec ([`spec`]), the plan of matches and the
//! shell line of each ([`plan`]), running the plan as child processes ([`run`]), and the
//! standings with ratings from the replays ([`standings`]). The games themselves are the app's:
//! it checks a setup (`kibitz match --check`) and verifies a replay for this crate, which knows
//! no game.

pub mod bracket;
pub mod league;
pub mod matches;
pub mod paired;
pub mod plan;
pub mod playlist;
pub mod points;
pub mod replays;
pub mod run;
pub mod spec;
pub mod sprt;
pub mod standings;
pub mod swiss;
