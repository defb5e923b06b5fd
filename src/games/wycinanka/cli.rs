//! Wycinanka's own command-line arguments: the sheet and the orders, for `kibitz serve` and
//! `match`.

use crate::kit::server::GameArgs;
use clap::Args;
use kibitz_wycinanka::{Params, WycinankaRules};

/// The sheet and the orders: wycinanka's own parameters (docs/rules/wycinanka.md).
#[derive(Args)]
#[command(next_help_heading = "The sheet and the orders")]
pub struct SheetArgs {
    /// The sheet is cut from a WIDTH × HEIGHT grid (45 × 45: about 2,000 vertices).
    #[arg(long, default_value_t = 45)]
    pub width: u32,
    #[arg(long, default_value_t = 45)]
    pub height: u32,
    /// Turns in each game.
    #[arg(long, default_value_t = 600)]
    pub game_turns: u32,
    /// Orders placed before the first turn.
    #[arg(long, default_value_t = 2)]
    pub initial_orders: u32,
    /// The smallest and largest orders, in vertices.
    #[arg(long, default_value_t = 4)]
    pub min_order: u32,
    #[arg(long, default_value_t = 25)]
    pub max_order: u32,
    /// Orders out of a hundred drawn from another graph (probably not in the sheet).
    #[arg(long, default_value_t = 20)]
    pub impossible_percent: u32,
}

impl GameArgs for SheetArgs {
    type Rules = WycinankaRules;

    fn params(&self) -> Params {
        Params {
            width: self.width,
            height: self.height,
            turns: self.game_turns,
            initial_orders: self.initial_orders,
            min_order: self.min_order,
            max_order: self.max_order,
            impossible_percent: self.impossible_percent,
        }
    }
}
