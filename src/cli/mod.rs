//! The command line: one subcommand per task, each with `--help`.
//!
//! Exit codes: 0 success; 1 the work ran but its verdict is negative (a replay that does not
//! verify); 2 bad input (usage, an unreadable or broken file).

mod bot;
pub(crate) mod match_cmd;
mod maze;
pub(crate) mod play;
mod score;
mod solve;
mod verify;
mod view;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub const EXIT_FAILED: u8 = 1;
pub const EXIT_BAD_INPUT: u8 = 2;

#[derive(Parser)]
#[command(name = "kibitz", version, about = "Replay viewer, referee and hand-play playground for programming-contest games")]
#[command(
    after_help = "Without a command, the viewer opens on the bundled demo replay.\nGames: lighthouses, icfp2015 (scoring). Run `kibitz COMMAND --help` for each command's options."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run a match between bot processes and record it as a replay.
    Match(match_cmd::MatchArgs),
    /// Re-simulate a replay with the rules; exit 1 naming the first step that disagrees.
    Verify(verify::VerifyArgs),
    /// Run one of Kibitz's own sample bots on stdin/stdout (for use as a BOT_CMD).
    Bot(bot::BotArgs),
    /// Open the viewer on a replay (without a file: the bundled demo).
    View(view::ViewArgs),
    /// Our own contest solvers (ICFP 2015), with the contest's command line.
    Solve(solve::SolveArgs),
    /// Amazes mazes: generate ones of our own, check maze files.
    Maze(maze::MazeArgs),
    /// Score solutions the way the contest did (ICFP 2015 output files).
    Score(score::ScoreArgs),
    /// Play by hand against bot processes (or continue a replay by hand), recorded as a replay.
    Play(play::PlayArgs),
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Match(args)) => match_cmd::run(args),
        Some(Command::Verify(args)) => verify::run(args),
        Some(Command::Bot(args)) => bot::run(args),
        Some(Command::View(args)) => view::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Score(args)) => score::run(args),
        Some(Command::Maze(args)) => maze::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        None => crate::viewer::run(crate::viewer::ViewerOptions::default()),
    }
}
