//! `kibitz broadcast FOLDER_OR_PLAYLIST`: the stream layout over a playlist.

use crate::kit::contract::view_room::ViewRegistry;
use crate::shell::playlist::{Item, Playlist, Running};
use crate::shell::recording::RecordRequest;
use crate::shell::tournament::Refresh;
use crate::shell::{ViewerOptions, run as run_viewer};
use clap::Args;
use kibitz_cli::cli::tournament::Counted;
use kibitz_video::Target;
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = "Examples:\n  kibitz broadcast replays/\n  kibitz broadcast evening.ron --size 1920x1080 --spoiler-free\n  \
                        kibitz broadcast tcp://127.0.0.1:20100\n  \
                        kibitz broadcast tournament/ --size 1920x1080 --record evening.mp4 --for 600\n  \
                        kibitz broadcast tournament/ --size 1920x1080 --stream rtmp://live.twitch.tv/app/$TWITCH_KEY\n\n\
                        Without a display, Kibitz starts a virtual one (Xvfb) for --record and --stream.\n\
                        The playlist format, the caster's keys and streaming: docs/broadcast.md.")]
pub struct BroadcastArgs {
    /// A folder (its *.jsonl replays in name order), a playlist (*.ron), one replay, or a game
    /// server's spectator port tcp://HOST:PORT.
    pub playlist: String,
    /// A fixed window size in pixels, e.g. 1920x1080, for streaming software to capture.
    #[arg(long, value_parser = parse_size, value_name = "WIDTHxHEIGHT")]
    pub size: Option<(u32, u32)>,
    /// Hide what gives the end away: the final scores, the timeline's length and the number of
    /// rounds.
    #[arg(long)]
    pub spoiler_free: bool,
    /// Seconds between the end of one match and the start of the next (the playlist's own
    /// `pause`, else 8).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub pause: Option<f32>,
    /// Start again from the first match after the last.
    #[arg(long = "loop")]
    pub repeat: bool,
    /// Start at this match of the playlist (1 is the first).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub start: usize,
    /// A contest folder's servers: seconds each stays on screen before the ranking and the
    /// next server.
    #[arg(long, default_value_t = 180.0, value_name = "SECONDS")]
    pub switch: f32,
    /// Show the bots' drawing over the board (docs/debug-drawing.md); on air it is hidden
    /// unless asked, and the caster's I shows or hides it.
    #[arg(long)]
    pub debug: bool,
    /// Record the broadcast as H.264 video (MP4) at the window's size, 30 frames a second,
    /// through ffmpeg.
    #[arg(long, value_name = "OUT.mp4")]
    pub record: Option<std::path::PathBuf>,
    /// Send the same video to an RTMP server (Twitch, YouTube: docs/broadcast.md); a dropped
    /// connection is started again while the broadcast goes on.
    #[arg(long, value_name = "rtmp://HOST/APP/KEY")]
    pub stream: Option<String>,
    /// End the broadcast after this many seconds (recorded or not).
    #[arg(long = "for", value_name = "SECONDS", value_parser = parse_seconds)]
    pub duration: Option<f64>,
    #[command(flatten)]
    pub window: super::view::WindowArgs,
}

/// Seconds for `--for`: more than 0, at most a week.
fn parse_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 7.0 * 24.0 * 3600.0)
        .ok_or_else(|| format!("{text:?}: a number of seconds, more than 0 and at most 604800 (a week)"))
}

/// What `--record`, `--stream` and `--for` ask of the window.
fn record_request(args: &BroadcastArgs) -> anyhow::Result<Option<RecordRequest>> {
    let mut targets = Vec::new();
    if let Some(path) = &args.record {
        anyhow::ensure!(
            path.extension().is_some_and(|e| e.eq_ignore_ascii_case("mp4")),
            "--record {}: the recording is an MP4 file (OUT.mp4)",
            path.display()
        );
        targets.push((Target::File(path.clone()), "--record"));
    }
    if let Some(address) = &args.stream {
        targets.push((Target::stream(address).map_err(anyhow::Error::msg)?, "--stream"));
    }
    let limit = args.duration.map(std::time::Duration::from_secs_f64);
    Ok((!targets.is_empty() || limit.is_some()).then_some(RecordRequest { targets, limit }))
}

/// `1920x1080` as (width, height).
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(|| format!("{text:?}: expected WIDTHxHEIGHT, e.g. 1920x1080"))?;
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|&n| (200..=8192).contains(&n));
    match (number(w), number(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("{text:?}: width and height must be whole numbers of pixels from 200 to 8192")),
    }
}

pub fn run(registry: &ViewRegistry, args: BroadcastArgs, verbose: bool) -> anyhow::Result<ExitCode> {
    // Refused before anything runs: a bad target, or no ffmpeg to write it.
    let record = record_request(&args)?;
    if let Some((_, flag)) = record.as_ref().and_then(|r| r.targets.first())
        && let Some(missing) = kibitz_video::ffmpeg_missing(flag)
    {
        anyhow::bail!("{missing}");
    }
    // A tournament's folder: its matches, finished then live, with its standings (or bracket)
    // between them, worked out again as each one ends.
    let folder = std::path::PathBuf::from(&args.playlist);
    // A contest day's folder: its servers live in turn, the ranking between them.
    let contest_file = folder.join(kibitz_cli::cli::contest::FOLDER_FILE);
    let contest = contest_file.is_file().then(|| folder.join("ranking.json"));
    let (mut playlist, tournament, tournament_refresh) = if contest.is_some() {
        let text = std::fs::read_to_string(&contest_file)?;
        let day: kibitz_cli::cli::contest::Folder =
            ron::from_str(&text).map_err(|e| anyhow::anyhow!("{}:{}: {}", contest_file.display(), e.span.start, e.code))?;
        let items: Vec<Item> = day.servers.iter().filter_map(|s| s.spectate.map(|a| Item::Live(format!("tcp://{a}")))).collect();
        anyhow::ensure!(!items.is_empty(), "{}: no server of the contest has a spectate address to show", contest_file.display());
        (Playlist { items, repeat: true, pause: 10.0 }, None, None)
    } else if kibitz_cli::cli::tournament::is_tournament(&folder) {
        let items: Vec<Item> = kibitz_cli::cli::tournament::broadcast_of(registry, &folder)?.into_iter().map(Item::from).collect();
        // Before the first match shown, the standings count only the matches skipped by --start.
        let before: std::collections::HashSet<String> = items.iter().take(args.start.saturating_sub(1)).filter_map(Running::stem).collect();
        let (shown, _) = kibitz_cli::cli::tournament::view_of(registry, &folder, &Counted::Shown(before))?;
        let (registry, dir) = (registry.clone(), folder.clone());
        let refresh = Refresh(std::sync::Arc::new(move |stems| {
            kibitz_cli::cli::tournament::view_of(&registry, &dir, &Counted::Shown(stems)).map(|(t, _)| t).map_err(|e| format!("{e:#}"))
        }));
        (Playlist { items, ..Playlist::default() }, Some(shown), Some(refresh))
    } else {
        (Playlist::open(&args.playlist).map_err(anyhow::Error::msg)?, None, None)
    };
    // A replay named on the command line itself is refused before any window, as `view` does.
    if let [Item::Replay(replay)] = playlist.items.as_slice()
        && replay.as_path() == std::path::Path::new(&args.playlist)
    {
        registry.of_file(replay).map_err(anyhow::Error::msg)?;
    }
    if let Some(pause) = args.pause {
        anyhow::ensure!(pause.is_finite() && pause >= 0.0, "--pause {pause}: not a number of seconds");
        playlist.pause = pause;
    }
    playlist.repeat |= args.repeat;
    let items = playlist.items.len();
    anyhow::ensure!((1..=items).contains(&args.start), "--start {}: the playlist has {items} matches", args.start);
    let mut running = Running::new(playlist, args.spoiler_free);
    running.debug = args.debug;
    running.at = args.start - 1;
    if contest.is_some() {
        anyhow::ensure!(args.switch.is_finite() && args.switch > 0.0, "--switch {}: not a number of seconds", args.switch);
        running.switch_after = Some(args.switch);
    }
    run_viewer(
        registry.clone(),
        ViewerOptions {
            verbose,
            turn: args.window.turn,
            screenshot: args.window.screenshot,
            perspective: args.window.perspective,
            speed: args.window.speed,
            broadcast: Some(running),
            size: args.size,
            tournament,
            tournament_refresh,
            contest,
            record,
            ..Default::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_read_as_width_by_height_and_nonsense_is_named() {
        assert_eq!(parse_size("1920x1080"), Ok((1920, 1080)));
        assert_eq!(parse_size("1280X720"), Ok((1280, 720)));
        assert!(parse_size("1920").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_size("0x0").unwrap_err().contains("200 to 8192"));
        assert!(parse_size("axb").is_err());
    }

    #[test]
    fn seconds_are_bounded() {
        assert_eq!(super::parse_seconds("10"), Ok(10.0));
        assert_eq!(super::parse_seconds("0.5"), Ok(0.5));
        for bad in ["0", "-3", "nan", "inf", "1e12", "ten"] {
            assert!(super::parse_seconds(bad).unwrap_err().contains("seconds"), "{bad}");
        }
    }
}
