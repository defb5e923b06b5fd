//! `kibitz view [REPLAY] [--turn T] [--screenshot OUT.png]`.

use crate::kit::contract::view_room::ViewRegistry;
use crate::shell::{ViewerOptions, run as run_viewer};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kibitz view replays/lighthouses-demo.jsonl --turn 120 --screenshot shot.png\n  kibitz view https://example.org/finals/matches/0001.jsonl\n  \
                  kibitz view --follow match.jsonl\n  kibitz view --follow https://example.org/finals/live.jsonl\n  kibitz view --follow tcp://127.0.0.1:20100"
)]
pub struct ViewArgs {
    /// A replay (JSON Lines), a file or an http(s):// link; without it, the bundled demo. With --problem: an ICFP 2015
    /// solution file (the official output format) to play on that problem. A tournament's
    /// folder (`kibitz tournament run`): its standings in the side panel, a click on a match
    /// opening its replay.
    pub replay: Option<PathBuf>,
    /// A problem a solution file is played on (ICFP 2015).
    #[arg(long, requires = "replay")]
    pub problem: Option<PathBuf>,
    /// ICFP 2015: with --problem, the seed whose solution to show (default: the first found).
    #[arg(long, requires = "problem")]
    pub seed: Option<u32>,
    /// Follow a replay while it is being written: a file another process writes (`kibitz
    /// match`), a link to one on a web server (polled with Range requests), or a game server's
    /// spectator port, tcp://HOST:PORT (`kibitz serve --spectate`).
    #[arg(long, value_name = "FILE|URL|tcp://HOST:PORT", conflicts_with = "replay")]
    pub follow: Option<String>,
    #[command(flatten)]
    pub window: WindowArgs,
    /// Start playing at once.
    #[arg(long)]
    pub play: bool,
    /// Measure the viewer's own CPU time per frame (Bevy diagnostics) for SECONDS of playback
    /// (or until the end), print the figures as JSON and exit.
    #[arg(long, value_name = "SECONDS")]
    pub frame_stats: Option<f32>,
    /// A game's own way of showing its board, repeatable. Fedrunek: `cut=x:20` (fields with
    /// x above 20 cut away; also y, z), `tunnels` (tunnels and robots only), `yaw=DEG`,
    /// `pitch=DEG` (the camera). Wycinanka: `order=ID` (the order shown, highlighted where
    /// each team cut it; without --turn, the window opens at the end, where every cut shows).
    /// Osada: `field=X,Y` (a close look at that field).
    #[arg(long, value_name = "SETTING")]
    pub look: Vec<String>,
    /// A second replay of the same game, shown beside the first on one timeline, where they
    /// differ marked (`kibitz diff` says the same in words).
    #[arg(long, value_name = "REPLAY_B", requires = "replay", conflicts_with_all = ["follow", "problem"])]
    pub compare: Option<PathBuf>,
}

/// How a window opens, for every command that opens one on a replay.
#[derive(Args)]
pub struct WindowArgs {
    /// Open at this step (the state after that many steps).
    #[arg(long)]
    pub turn: Option<usize>,
    /// Start as this player saw the game (0-based).
    #[arg(long)]
    pub perspective: Option<usize>,
    /// Render the window once, write it to this PNG and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Playback speed: 0.25, 0.5, 1, 2, 4, 8, 16, 32 or 64.
    #[arg(long, value_parser = parse_speed)]
    pub speed: Option<f32>,
}

/// One of the speeds the playback has; any other is refused rather than rounded.
fn parse_speed(text: &str) -> Result<f32, String> {
    use crate::shell::playback::SPEEDS;
    let speed: f32 = text.trim().parse().map_err(|_| format!("{text:?} is not a number"))?;
    SPEEDS.contains(&speed).then_some(speed).ok_or_else(|| {
        let all: Vec<String> = SPEEDS.iter().map(|s| s.to_string()).collect();
        format!("{text}: the speeds are {}", all.join(", "))
    })
}

pub fn run(registry: &ViewRegistry, mut args: ViewArgs, verbose: bool) -> anyhow::Result<ExitCode> {
    // A tournament's folder: its standings in the side panel, its last match played on the board.
    let mut tournament = None;
    if let Some(dir) = args.replay.clone().filter(|p| kibitz_cli::cli::tournament::is_tournament(p)) {
        let (shown, first) = kibitz_cli::cli::tournament::view_of(registry, &dir, &kibitz_cli::cli::tournament::Counted::All)?;
        args.replay = Some(first.ok_or_else(|| {
            anyhow::anyhow!("no match of {} has been played yet (kibitz tournament standings {0} lists the plan)", dir.display())
        })?);
        tournament = Some(shown);
    }
    // A replay named here that cannot be read is refused before any window, as `verify` refuses
    // it (a file to --follow may not exist yet, and a solution file is read with its problem).
    let url = args.replay.as_ref().and_then(|r| r.to_str()).filter(|r| kibitz_follow::is_url(r)).map(str::to_string);
    if let Some(url) = &url {
        // A link that does not answer, or answers with something else than a replay: refused
        // before any window, from its first line alone.
        anyhow::ensure!(args.problem.is_none() && args.compare.is_none(), "{url}: --problem and --compare take files, not links");
        let probe = kibitz_follow::probe(url).map_err(anyhow::Error::msg)?;
        registry.of_replay(probe.header().map_err(anyhow::Error::msg)?).map_err(|e| anyhow::anyhow!("{url}: {e}"))?;
    } else if args.problem.is_none()
        && let Some(replay) = &args.replay
    {
        let room = registry.of_file(replay).map_err(anyhow::Error::msg)?;
        // Two games cannot be compared: said before any window, as a file that does not read.
        if let Some(b) = &args.compare {
            let other = registry.of_file(b).map_err(anyhow::Error::msg)?;
            anyhow::ensure!(
                other.id() == room.id(),
                "{} is a {} replay, {} a {} one: two games cannot be compared",
                b.display(),
                other.id(),
                replay.display(),
                room.id()
            );
        }
    }
    let text = match (&args.problem, &args.replay) {
        (Some(problem), Some(solution)) => {
            let replay = registry.rooms().iter().find_map(|r| r.capabilities().solutions.map(|s| (s.replay)(problem, solution, args.seed)));
            let replay = replay.ok_or_else(|| anyhow::anyhow!("no game here plays solution files on problems"))??;
            Some((replay, solution.clone()))
        }
        _ => None,
    };
    run_viewer(
        registry.clone(),
        ViewerOptions {
            text,
            file: args.replay,
            verbose,
            turn: args.window.turn,
            screenshot: args.window.screenshot,
            perspective: args.window.perspective,
            play: args.play,
            speed: args.window.speed,
            frame_stats: args.frame_stats,
            look: args.look,
            follow: args.follow.iter().map(|s| kibitz_follow::Source::parse(s)).collect(),
            tournament,
            compare: args.compare,
            ..Default::default()
        },
    )
}
