//! Wycinanka's own command-line arguments (the sheet and the orders, for `kibitz serve`, `match`
//! and `play`) and `kibitz sheet`, which writes and checks world files.

use crate::kit::deadline24::server::GameArgs;
use crate::kit::matches::args::{load, within};
use clap::{Args, Parser, Subcommand};
use kibitz_core::replay::Replay;
use kibitz_wycinanka::generate::bounds;
use kibitz_wycinanka::{Params, World, Wycinanka, WycinankaRules, world_of};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The help's heading of the sheet's arguments, set on each (a struct's `next_help_heading`
/// would carry over to the arguments after it: the clients, `--watch`).
const SHEET: &str = "The sheet and the orders";

/// The generator's parameters (docs/rules/wycinanka.md).
#[derive(Args, Clone)]
pub struct SheetParams {
    /// The sheet is cut from a WIDTH × HEIGHT grid (45 × 45: about 2,000 vertices).
    #[arg(long, default_value_t = 45, value_parser = within(bounds::WIDTH), help_heading = SHEET)]
    pub width: u32,
    #[arg(long, default_value_t = 45, value_parser = within(bounds::HEIGHT), help_heading = SHEET)]
    pub height: u32,
    /// Turns in each game: the game's own length, the turns orders are drawn for and that `TIME
    /// TO CUT` counts down to (or to --turns, when that ends the game sooner).
    #[arg(long, default_value_t = 600, value_parser = within(bounds::TURNS), help_heading = SHEET)]
    pub game_turns: u32,
    /// Orders placed before the first turn.
    #[arg(long, default_value_t = 2, value_parser = within(bounds::INITIAL_ORDERS), help_heading = SHEET)]
    pub initial_orders: u32,
    /// The smallest and largest orders, in vertices.
    #[arg(long, default_value_t = 4, value_parser = within(bounds::MIN_ORDER), help_heading = SHEET)]
    pub min_order: u32,
    #[arg(long, default_value_t = 25, value_parser = within(bounds::MAX_ORDER), help_heading = SHEET)]
    pub max_order: u32,
    /// Orders out of a hundred drawn from another graph (probably not in the sheet).
    #[arg(long, default_value_t = 20, value_parser = within(bounds::IMPOSSIBLE_PERCENT), help_heading = SHEET)]
    pub impossible_percent: u32,
}

impl SheetParams {
    fn params(&self) -> Params {
        Params {
            width: self.width,
            height: self.height,
            turns: self.game_turns,
            initial_orders: self.initial_orders,
            min_order: self.min_order,
            max_order: self.max_order,
            impossible_percent: self.impossible_percent,
            world: None,
        }
    }
}

/// The sheet and the orders: generated, or a world file's.
#[derive(Args)]
pub struct SheetArgs {
    #[command(flatten)]
    pub generated: SheetParams,
    /// Play on this world file's sheet and orders (`kibitz sheet` writes them); turns it lists
    /// no order for get generated ones. Every game of a series plays on it.
    #[arg(long, help_heading = SHEET)]
    pub world: Option<PathBuf>,
}

impl GameArgs for SheetArgs {
    type Rules = WycinankaRules;
    const OPPONENT: &'static str = "kibitz bot wycinanka solver";

    fn params(&self) -> anyhow::Result<Params> {
        let mut params = self.generated.params();
        if let Some(path) = &self.world {
            params.world = Some(Arc::new(load(path, World::parse)?));
        }
        Ok(params)
    }

    fn summary(&self) -> String {
        match &self.world {
            Some(path) => format!("on {}", crate::kit::matches::args::file_name(path)),
            None => format!("on a {} × {} sheet", self.generated.width, self.generated.height),
        }
    }
}

/// Wycinanka world files: the sheet and its orders as text (docs/rules/wycinanka.md).
#[derive(Parser)]
#[command(name = "sheet")]
pub struct SheetToolArgs {
    #[command(subcommand)]
    pub command: SheetCommand,
}

#[derive(Subcommand)]
pub enum SheetCommand {
    /// Write the world a seed makes: its sheet, where each vertex sits, and the orders of
    /// every turn of its game.
    #[command(after_help = "Example: kibitz sheet generate --width 8 --height 6 --game-turns 40 --seed 3 --out small.world")]
    Generate {
        #[command(flatten)]
        params: SheetParams,
        /// The same seed always gives the same world.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the world a replay was played on (its sheet and the orders of all its turns).
    #[command(after_help = "Example: kibitz sheet from replays/wycinanka-solvers.jsonl --out race.world")]
    From {
        replay: PathBuf,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check a world file; the first fault is named with its line (exit 2).
    Check { file: PathBuf },
}

pub fn sheet(args: SheetToolArgs) -> anyhow::Result<ExitCode> {
    let (world, out) = match args.command {
        SheetCommand::Generate { params, seed, out } => (world_of(&params.params(), seed).map_err(anyhow::Error::msg)?, out),
        SheetCommand::From { replay, out } => {
            let loaded = load(&replay, Replay::<Wycinanka>::parse)?;
            let header = &loaded.replay.header;
            (world_of(&header.setup.game, header.seed).map_err(|e| anyhow::anyhow!("{}: {e}", replay.display()))?, out)
        }
        SheetCommand::Check { file } => {
            let world = load(&file, World::parse)?;
            crate::outln!("{}: a valid world; {}", file.display(), describe(&world))?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    write(&world, out.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// What a world holds, in a line.
fn describe(world: &World) -> String {
    let g = &world.sheet.graph;
    let last = world.orders.last().map_or(0, |(turn, _)| *turn);
    format!(
        "{} vertices, {} edges{}; {} orders up to turn {last}",
        g.n(),
        g.edges().len(),
        if world.sheet.positions.is_some() { ", placed" } else { " (the viewer lays it out)" },
        world.orders.len()
    )
}

fn write(world: &World, out: Option<&Path>) -> anyhow::Result<()> {
    let text = world.to_text();
    match out {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            eprintln!("{}: {}", path.display(), describe(world));
        }
        None => crate::out!("{text}")?,
    }
    Ok(())
}
