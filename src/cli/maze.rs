//! `kibitz maze ...`: Amazes mazes of our own, and checking maze files.

use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct MazeArgs {
    #[command(subcommand)]
    pub command: MazeCommand,
}

#[derive(Subcommand)]
pub enum MazeCommand {
    /// Make a valid 25×25 maze like the official ones (a spanning tree plus ~50 extra openings),
    /// with starting positions, in the CodeCup format with two start lines.
    #[command(after_help = "Example: kibitz maze generate --seed 7 --out maps/amazes/seven.txt")]
    Generate {
        /// The same seed always gives the same maze.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Leave out the two start lines.
        #[arg(long)]
        no_starts: bool,
    },
    /// Check a maze file against every property the rules state; the first violation is named
    /// with its line and column (exit 2).
    Check { file: PathBuf },
}

pub fn run(args: MazeArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        MazeCommand::Generate { seed, out, no_starts } => {
            let mut maze = kibitz_amazes::generate(seed);
            if no_starts {
                maze.starts = None;
            }
            let text = maze.to_text();
            match out {
                Some(path) => std::fs::write(&path, &text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        MazeCommand::Check { file } => {
            let text = std::fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let maze = kibitz_amazes::Maze::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let starts = maze.starts.map_or("no start lines".to_string(), |s| {
                format!("starts {} and {}", kibitz_amazes::maze::start_line(s[0]), kibitz_amazes::maze::start_line(s[1]))
            });
            println!("{}: a valid maze; {} openings, {} dead ends; {starts}", file.display(), maze.openings(), maze.dead_ends());
            Ok(ExitCode::SUCCESS)
        }
    }
}
