//! `kibitz export REPLAY --from A --to B OUT.mp4` (or `--gif OUT.gif`): a turn range as H.264
//! video, an animated GIF and/or PNG frames, drawn in a real window (Kibitz starts a virtual
//! display, Xvfb, on a machine without one).

use crate::kit::contract::view_room::ViewRegistry;
use crate::shell::export::ExportRequest;
use crate::shell::playlist::{Item, Playlist, Running};
use crate::shell::{ViewerOptions, run as run_viewer};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = "Examples:\n  kibitz export replays/lighthouses-duel.jsonl --from 100 --to 160 --gif duel.gif\n  \
                        kibitz export replays/lighthouses-duel.jsonl --from 100 --to 400 duel.mp4 --size 1920x1080\n  \
                        kibitz export replays/snakecore-four.jsonl --to 40 --frames shots/ --size 1280x720\n\n\
                        Without a display, Kibitz starts a virtual one (Xvfb). Video goes through ffmpeg.")]
pub struct ExportArgs {
    /// The replay (JSON Lines).
    pub replay: PathBuf,
    /// Write here: OUT.mp4 (H.264 at 30 frames a second through ffmpeg, each step shown for
    /// 1/--fps s) or OUT.gif (as --gif).
    #[arg(value_name = "OUT.mp4")]
    pub out: Option<PathBuf>,
    /// The first step shown (the state after that many steps).
    #[arg(long, default_value_t = 0)]
    pub from: usize,
    /// The replay's closing N rounds in at most 40 frames, instead of --from and --every (a
    /// tournament report's GIFs).
    #[arg(long, value_name = "N", conflicts_with_all = ["from", "every"], value_parser = clap::value_parser!(u32).range(1..))]
    pub last_rounds: Option<u32>,
    /// The last step shown (default: the replay's end).
    #[arg(long)]
    pub to: Option<usize>,
    /// Show every K-th step of the range (its last step always).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub every: usize,
    /// Write an animated GIF here.
    #[arg(long, value_name = "OUT.gif")]
    pub gif: Option<PathBuf>,
    /// Write each frame as a PNG into this folder (made if missing).
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
    /// Steps shown a second (the GIF's frames; a video shows each step this long).
    #[arg(long, default_value_t = 8.0)]
    pub fps: f32,
    /// The frames' size in pixels.
    #[arg(long, default_value = "960x540", value_parser = super::broadcast::parse_size, value_name = "WIDTHxHEIGHT")]
    pub size: (u32, u32),
    /// Show the game as this player saw it (0-based).
    #[arg(long)]
    pub perspective: Option<usize>,
}

/// The most frames `--last-rounds` shows.
const CLOSING_FRAMES: usize = 40;

pub fn run(registry: &ViewRegistry, mut args: ExportArgs, verbose: bool) -> anyhow::Result<ExitCode> {
    let mut video = None;
    if let Some(out) = args.out.take() {
        match out.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("mp4") => video = Some(out),
            Some("gif") if args.gif.is_none() => args.gif = Some(out),
            _ => anyhow::bail!("{}: write OUT.mp4 or OUT.gif (or --frames DIR)", out.display()),
        }
    }
    anyhow::ensure!(
        args.gif.is_some() || args.frames.is_some() || video.is_some(),
        "nothing to write: give OUT.mp4, --gif OUT.gif, --frames DIR, or several"
    );
    if let Some(missing) = video.as_ref().and_then(|_| kibitz_video::ffmpeg_missing("an MP4 export")) {
        anyhow::bail!("{missing}");
    }
    // Before any window: a file that is not a replay is bad input, as for `verify`.
    registry.of_file(&args.replay).map_err(anyhow::Error::msg)?;
    if let Some(rounds) = args.last_rounds {
        let text = std::fs::read_to_string(&args.replay).map_err(|e| anyhow::anyhow!("{}: {e}", args.replay.display()))?;
        let view = registry.open(text, String::new()).map_err(anyhow::Error::msg)?.view;
        let track = view.track();
        let first = track.round_starts.len().checked_sub(rounds as usize);
        args.from = first.and_then(|k| track.round_starts.get(k).copied()).unwrap_or(0);
        args.every = (track.len - args.from.min(track.len)).div_ceil(CLOSING_FRAMES).max(1);
    }
    if let Some(to) = args.to {
        anyhow::ensure!(args.from <= to, "--from {} is after --to {to}", args.from);
    }
    // The broadcast layout of a playlist of one: board, scoreboard and round counter.
    let playlist = Playlist { items: vec![Item::Replay(args.replay.clone())], ..Playlist::default() };
    run_viewer(
        registry.clone(),
        ViewerOptions {
            verbose,
            turn: Some(args.from),
            perspective: args.perspective,
            broadcast: Some(Running::new(playlist, false)),
            size: Some(args.size),
            export: Some(ExportRequest {
                from: args.from,
                to: args.to,
                every: args.every,
                gif: args.gif,
                frames: args.frames,
                video,
                fps: args.fps,
            }),
            ..Default::default()
        },
    )
}
