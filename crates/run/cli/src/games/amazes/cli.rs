//! `kibitz match amazes`, `kibitz play amazes` and `kibitz maze`.

use crate::kit::matches::args::{Common, SeatArgs, check_out, load};
use crate::kit::matches::summary::Summary;
use crate::kit::turn::seats::run_bot_match;
use clap::{Parser, Subcommand};
use kibitz_amazes::{Amazes, Ending, Maze, Placement, Setup};
use kibitz_core::Game;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Amazes (CodeCup 2010): Red and Blue bots explore a maze over stdio lines, 150 turns each.
#[derive(Parser)]
#[command(name = "amazes")]
#[command(after_help = "The last stdout line is the summary (docs/cli.md); its \"scores\" are the points, as the replay's end\n\
        record and `kibitz verify` give them; amazes adds \"final\": the contest's 0..1000 scores, \"end\": \"normal\" or\n\
        \"sudden death\", and \"winner\": the seat that caught the other, or else scored the higher final score (null on a tie).\n\
        Example: kibitz match amazes --maze maps/amazes/kibitz-1.txt --out game.jsonl \\\n  \
        -- 'kibitz bot amazes explorer' 'kibitz bot amazes random --seed 3'")]
pub struct MatchArgs {
    /// A maze in the CodeCup format (51 lines), optionally with two start lines first.
    #[arg(long)]
    pub maze: PathBuf,
    /// Starting positions of Red and Blue as ROW,COLUMN,FACING (1-based, facing N/E/S/W); by
    /// default the maze file's start lines, or positions chosen from the seed.
    #[arg(long, num_args = 2, value_names = ["RED", "BLUE"])]
    pub start: Option<Vec<String>>,
    #[command(flatten)]
    pub common: Common,
    /// Red's and Blue's command lines, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub bots: Vec<String>,
}

/// Amazes: explore the maze by hand against a bot process, seeing only what you know.
#[derive(Parser)]
#[command(name = "amazes")]
#[command(after_help = "Without a BOT_CMD, our explorer plays the other colour.\n\
        Examples:\n  kibitz play amazes --maze maps/amazes/kibitz-1.txt\n  \
        kibitz play amazes --from replays/amazes-explorers.jsonl --turn 100")]
pub struct PlayArgs {
    /// A maze file (CodeCup format, optionally with start lines); not with --from.
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub maze: Option<PathBuf>,
    /// Starting positions of Red and Blue as ROW,COLUMN,FACING (1-based).
    #[arg(long, num_args = 2, value_names = ["RED", "BLUE"], conflicts_with = "from")]
    pub start: Option<Vec<String>>,
    #[command(flatten)]
    pub seats: SeatArgs,
}

/// Amazes mazes: generate ones of our own, check maze files.
#[derive(Parser)]
#[command(name = "maze")]
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

/// Reads `ROW,COLUMN,FACING` (1-based, facing one of N/E/S/W), as `--start` takes it.
fn parse_start(text: &str) -> Result<Placement, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [row, col, facing] = parts[..] else {
        return Err(format!("{text:?}: expected ROW,COLUMN,FACING such as 3,5,N"));
    };
    kibitz_amazes::maze::placement(row, col, facing).map_err(|field| match field {
        0 => format!("{text:?}: the row must be 1 to 25"),
        1 => format!("{text:?}: the column must be 1 to 25"),
        _ => format!("{text:?}: the facing must be N, E, S or W"),
    })
}

/// The maze file, with the starts given on the command line (if any) in place of its own;
/// checked as the game will start it, before any bot runs.
pub fn load_setup(path: &Path, starts: &Option<Vec<String>>, seed: u64) -> anyhow::Result<Setup> {
    let mut maze = load(path, Maze::parse)?;
    if let Some(starts) = starts {
        let p = starts.iter().map(|s| parse_start(s)).collect::<Result<Vec<_>, _>>().map_err(anyhow::Error::msg)?;
        maze.starts = Some([p[0], p[1]]);
    }
    let setup = Setup::new(maze);
    // The starts are checked (distance, no wall behind) when the game starts.
    Amazes::start(&setup, 2, seed).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(setup)
}

/// Everything a match checks before a bot starts: two bots, the maze and its starts.
pub fn check_match(args: MatchArgs) -> anyhow::Result<(MatchArgs, Setup)> {
    if args.bots.len() != 2 {
        anyhow::bail!("amazes needs exactly two bot commands after --: Red's and Blue's (got {})", args.bots.len());
    }
    let setup = load_setup(&args.maze, &args.start, args.common.seed)?;
    check_out(&args.common.out)?;
    Ok((args, setup))
}

pub fn run_match((args, setup): (MatchArgs, Setup)) -> anyhow::Result<Summary> {
    let finished = run_bot_match::<Amazes>(&setup, &args.bots, &args.common, setup.turns as u64)?;
    let state = finished.state;
    let finals = state.final_scores();
    let (end, winner) = match state.ending {
        Some(Ending::SuddenDeath { winner }) => ("sudden death", Some(winner)),
        _ => ("normal", winner_of(finals)),
    };
    Ok(Summary::of_match::<Amazes>(args.common.out.clone(), finished.summary).with("final", finals).with("end", end).with("winner", winner))
}

/// Who won a game that went the distance: the seat with the higher final score, as the contest
/// ranked them; `None` on a tie.
fn winner_of(finals: [i64; 2]) -> Option<usize> {
    match finals[0].cmp(&finals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

pub fn maze(args: MazeArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        MazeCommand::Generate { seed, out, no_starts } => {
            let mut maze = kibitz_amazes::generate(seed);
            if no_starts {
                maze.starts = None;
            }
            let text = maze.to_text();
            match out {
                Some(path) => std::fs::write(&path, &text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
                None => crate::out!("{text}")?,
            }
            Ok(ExitCode::SUCCESS)
        }
        MazeCommand::Check { file } => {
            let maze = load(&file, Maze::parse)?;
            let starts = maze.starts.map_or("no start lines".to_string(), |s| {
                format!("starts {} and {}", kibitz_amazes::maze::start_line(s[0]), kibitz_amazes::maze::start_line(s[1]))
            });
            crate::outln!("{}: a valid maze; {} openings, {} dead ends; {starts}", file.display(), maze.openings(), maze.dead_ends())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz_amazes::Dir;

    #[test]
    fn a_game_that_went_the_distance_is_won_on_final_scores() {
        assert_eq!(winner_of([1000, 62]), Some(0));
        assert_eq!(winner_of([0, 5]), Some(1));
        assert_eq!(winner_of([1000, 1000]), None);
    }

    #[test]
    fn starts_are_read_one_based_with_their_facing_and_mistakes_are_explained() {
        let p = parse_start("3,5,N").unwrap();
        assert_eq!((p.square.row(), p.square.col(), p.facing), (2, 4, Dir::N));
        assert_eq!(parse_start(" 25 , 1 , w ").map(|p| p.facing), Err("\" 25 , 1 , w \": the facing must be N, E, S or W".to_string()));
        assert!(parse_start("0,5,N").unwrap_err().contains("row must be 1 to 25"));
        assert!(parse_start("3,26,E").unwrap_err().contains("column"));
        assert!(parse_start("3,5").unwrap_err().contains("ROW,COLUMN,FACING"));
    }
}
