//! Fedrunek's own command-line arguments: the asteroid, for `kibitz serve`, `match` and `play`.

use crate::kit::deadline24::server::GameArgs;
use crate::kit::matches::args::within;
use clap::Args;
use kibitz_fedrunek::generate::bounds;
use kibitz_fedrunek::{FedrunekRules, Params, Profile};

/// The help's heading of the asteroid's arguments, set on each (a struct's `next_help_heading`
/// would carry over to the arguments after it: the clients, `--watch`).
const ASTEROID: &str = "The asteroid";

/// The asteroid: fedrunek's own parameters (docs/rules/fedrunek.md).
#[derive(Args)]
pub struct WorldArgs {
    /// The cube's side N (the contest's example used 128).
    #[arg(long, default_value_t = 32, value_parser = within(bounds::N), help_heading = ASTEROID)]
    pub n: i32,
    /// How depth relates to stone and metal: crust (server A1), core (A2), layers (A3).
    #[arg(long, default_value = "crust", value_parser = ["crust", "core", "layers"], help_heading = ASTEROID)]
    pub profile: String,
    #[arg(long, default_value_t = 12, value_parser = within(bounds::STATIONS), help_heading = ASTEROID)]
    pub stations: usize,
    #[arg(long, default_value_t = 6, value_parser = within(bounds::WORKSHOPS), help_heading = ASTEROID)]
    pub workshops: usize,
    /// Scouts every team starts with, 1–5 (default: drawn from the seed).
    #[arg(long, value_parser = within(bounds::INITIAL_SCOUTS), help_heading = ASTEROID)]
    pub scouts: Option<u32>,
    /// Miners every team starts with, 1–5 (default: drawn from the seed).
    #[arg(long, value_parser = within(bounds::INITIAL_MINERS), help_heading = ASTEROID)]
    pub miners: Option<u32>,
    /// The game ends after this turn if 90 % of the metal is never mined.
    #[arg(long, default_value_t = 1000, value_parser = within(bounds::MAX_TURNS), help_heading = ASTEROID)]
    pub max_turns: u32,
}

impl GameArgs for WorldArgs {
    type Rules = FedrunekRules;
    const OPPONENT: &'static str = "kibitz bot fedrunek greedy";

    fn summary(&self) -> String {
        format!("on a {}³ asteroid", self.n)
    }

    fn params(&self) -> anyhow::Result<Params> {
        let profile = match self.profile.as_str() {
            "core" => Profile::Core,
            "layers" => Profile::Layers,
            _ => Profile::Crust,
        };
        Ok(Params {
            n: self.n,
            profile,
            stations: self.stations,
            workshops: self.workshops,
            initial_scouts: self.scouts,
            initial_miners: self.miners,
            max_turns: self.max_turns,
        })
    }
}
