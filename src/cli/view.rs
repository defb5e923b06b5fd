//! `kibitz view [REPLAY] [--turn T] [--screenshot OUT.png]`.

use crate::viewer::{ViewerOptions, run as run_viewer};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = "Example: kibitz view replays/lighthouses-demo.jsonl --turn 120 --screenshot shot.png")]
pub struct ViewArgs {
    /// A replay (JSON Lines); without it, the bundled demo.
    pub replay: Option<PathBuf>,
    /// Open at this step (the state after that many steps).
    #[arg(long)]
    pub turn: Option<usize>,
    /// Start as this player saw the game (0-based).
    #[arg(long)]
    pub perspective: Option<usize>,
    /// Render the view in a real window, write it to this PNG and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
}

pub fn run(args: ViewArgs) -> anyhow::Result<ExitCode> {
    run_viewer(ViewerOptions { file: args.replay, turn: args.turn, screenshot: args.screenshot, perspective: args.perspective })
}
