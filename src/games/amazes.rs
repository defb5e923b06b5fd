//! Amazes in the app: loading mazes and running matches between bot processes.

use crate::cli::match_cmd::{AmazesMatch, progress_bar};
use anyhow::Context;
use kibitz_amazes::{Amazes, Dir, Ending, Maze, Placement, Setup, Square};
use kibitz_core::replay::{Failure, Replay};
use kibitz_core::{BotProtocol, Game, Timeline};
use kibitz_referee::{BotSeat, Seat};
use serde::Serialize;
use std::path::Path;

/// Reads a maze file, naming the file, line and column of the first problem.
pub fn load_maze(path: &Path) -> anyhow::Result<Maze> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Maze::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Reads `ROW,COLUMN,FACING` (1-based, facing one of N/E/S/W), as `--start` takes it.
pub fn parse_start(text: &str) -> Result<Placement, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [row, col, facing] = parts[..] else {
        return Err(format!("{text:?}: expected ROW,COLUMN,FACING such as 3,5,N"));
    };
    let number = |s: &str, what: &str| {
        s.parse::<usize>().ok().filter(|n| (1..=25).contains(n)).ok_or(format!("{text:?}: the {what} must be 1 to 25"))
    };
    let square = Square::new(number(row, "row")? - 1, number(col, "column")? - 1).expect("checked range");
    let facing = facing
        .chars()
        .next()
        .filter(|_| facing.len() == 1)
        .and_then(Dir::from_letter)
        .ok_or(format!("{text:?}: the facing must be N, E, S or W"))?;
    Ok(Placement::new(square, facing))
}

/// The last line `kibitz match amazes` prints.
#[derive(Debug, Serialize)]
pub struct AmazesSummary {
    pub game: &'static str,
    pub names: Vec<String>,
    /// Final scores, 0..=1000, as the contest ranked them.
    pub scores: [i64; 2],
    /// Points before the final transformation.
    pub points: [i64; 2],
    pub failed: Vec<Failure>,
    /// "normal" (150 turns each) or "sudden death".
    pub end: String,
    pub winner: Option<usize>,
}

pub fn run_match(args: &AmazesMatch) -> anyhow::Result<AmazesSummary> {
    // A broken maze or start is refused before any bot starts.
    let mut maze = load_maze(&args.maze)?;
    if let Some(starts) = &args.start {
        let placements = starts.iter().map(|s| parse_start(s)).collect::<Result<Vec<_>, _>>().map_err(anyhow::Error::msg)?;
        maze.starts = Some([placements[0], placements[1]]);
    }
    let setup = Setup::new(maze);
    // The starts are checked (distance, no wall behind) when the game starts: before the bots.
    Amazes::start(&setup, 2, args.common.seed).map_err(|e| anyhow::anyhow!("{}: {e}", args.maze.display()))?;
    let (options, limits) = args.common.options();
    let out = std::fs::File::create(&args.common.out).with_context(|| format!("cannot create {}", args.common.out.display()))?;
    let mut seats: Vec<Box<dyn Seat<Amazes>>> = [&args.red, &args.blue]
        .iter()
        .enumerate()
        .map(|(k, cmd)| Box::new(BotSeat::spawn(cmd, &Amazes::seat_label(k), limits)) as Box<dyn Seat<Amazes>>)
        .collect();
    let bar = progress_bar(setup.turns as u64);
    let summary = kibitz_referee::run_match::<Amazes>(&setup, &mut seats, &options, std::io::BufWriter::new(out), |p| {
        bar.set_position(p.round as u64)
    })?;
    bar.finish_and_clear();
    // The final transformation needs the final state: re-simulate the replay just written.
    let text = std::fs::read_to_string(&args.common.out)?;
    let replay = Replay::<Amazes>::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.common.out.display()))?.replay;
    let initial = Amazes::start(&replay.header.setup, 2, replay.header.seed).map_err(anyhow::Error::msg)?;
    let state = Timeline::<Amazes>::new(initial, replay.steps().collect()).state_at(usize::MAX);
    let (end, winner) = match state.ending {
        Some(Ending::SuddenDeath { winner }) => ("sudden death".to_string(), Some(winner)),
        _ => ("normal".to_string(), None),
    };
    Ok(AmazesSummary {
        game: Amazes::ID,
        names: summary.names,
        scores: state.final_scores(),
        points: state.points(),
        failed: summary.failed,
        end,
        winner,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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

/// Sets up `kibitz play amazes`: a new match against a bot (our explorer unless a command is
/// given), or a replay continued by hand.
pub fn play(args: &crate::cli::play::AmazesPlay) -> anyhow::Result<(Box<dyn crate::viewer::session::GameView>, std::path::PathBuf)> {
    use crate::games::play::{Fresh, play_live};
    let fresh = |humans: &[usize]| {
        let Some(maze_path) = &args.maze else { anyhow::bail!("give --maze or --from") };
        let mut maze = load_maze(maze_path)?;
        if let Some(starts) = &args.start {
            let p = starts.iter().map(|s| parse_start(s)).collect::<Result<Vec<_>, _>>().map_err(anyhow::Error::msg)?;
            maze.starts = Some([p[0], p[1]]);
        }
        let setup = Setup::new(maze);
        Amazes::start(&setup, 2, args.seats.seed).map_err(|e| anyhow::anyhow!("{}: {e}", maze_path.display()))?;
        let bots = if args.seats.bots.is_empty() && humans.len() < 2 {
            let me = std::env::current_exe().map_err(|e| anyhow::anyhow!("cannot find this program to run its explorer: {e}"))?;
            vec![format!("'{}' bot amazes explorer", me.display())]
        } else {
            args.seats.bots.clone()
        };
        Ok(Fresh { setup, players: 2, bots, title: format!("hand play on {}", maze_path.display()) })
    };
    play_live(&args.seats, fresh, crate::viewer::AmazesView::live)
}
