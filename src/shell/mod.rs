//! The viewer's window: a Bevy app hosting an egui shell around a game's board view, laid out
//! as the studio (menu, timeline, panels) or as a broadcast (a stream's picture, driven by a
//! playlist). The shell is game-agnostic: it opens replays through the
//! [`ViewRegistry`](crate::kit::contract::view_room::ViewRegistry) and talks to a game's view only through
//! [`GameView`](crate::kit::contract::view::GameView).

mod broadcast;
pub mod compare;
pub mod contest;
mod cpu;
mod demo;
pub mod export;
mod frame_stats;
mod frames;
mod glyphs;
pub mod incoming;
pub mod playback;
pub mod playlist;
pub mod recording;
mod scene3d;
mod settings;
mod shortcuts;
mod studio;
mod thinking;
pub mod tournament;
mod ui;
mod viewer;
mod widgets;

use crate::kit::contract::view::{GameView, Perspective};
use crate::kit::contract::view_room::ViewRegistry;
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};
use demo::{DEMO_NAME, DEMO_REPLAY};
use std::path::PathBuf;
use std::process::ExitCode;

/// How the viewer was asked to start.
#[derive(Debug, Clone, Default)]
pub struct ViewerOptions {
    /// A replay to open instead of the demo.
    pub file: Option<PathBuf>,
    /// Let the engine's informational messages through to the terminal.
    pub verbose: bool,
    /// A replay already in memory (e.g. made from a solution file), with the file it came from.
    pub text: Option<(String, PathBuf)>,
    /// The step to show first.
    pub turn: Option<usize>,
    /// Render one frame to this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// Start from this player's perspective.
    pub perspective: Option<usize>,
    /// Start playing at once.
    pub play: bool,
    /// Playback speed (0.25 to 64).
    pub speed: Option<f32>,
    /// Measure the viewer's CPU time per frame for this many seconds, print it, exit.
    pub frame_stats: Option<f32>,
    /// The game's own look settings (`GameView::set_look`), in order.
    pub look: Vec<String>,
    /// Replays to follow as they are written (files or `tcp://` spectator ports), in turn.
    pub follow: std::collections::VecDeque<kibitz_follow::Source>,
    /// Why the process writing the followed replays stopped, if it failed (`match --watch`).
    pub writer: Option<incoming::WriterFailure>,
    /// Play a playlist in the broadcast layout (`kibitz broadcast`).
    pub broadcast: Option<playlist::Running>,
    /// A fixed window size in pixels (width, height), for streaming software to capture.
    pub size: Option<(u32, u32)>,
    /// Capture a turn range to a GIF and/or PNG frames, then exit (`kibitz export`).
    pub export: Option<export::ExportRequest>,
    /// A tournament folder's standings and matches, in the side panel (`kibitz view DIR`), or
    /// between matches (`kibitz broadcast DIR`).
    pub tournament: Option<tournament::Tournament>,
    /// How to work it out again, as a broadcast's matches end.
    pub tournament_refresh: Option<tournament::Refresh>,
    /// A contest day's ranking, shown between its servers (`kibitz broadcast DIR`).
    pub contest: Option<PathBuf>,
    /// A second replay of the same game shown beside `file` (`kibitz view A --compare B`).
    pub compare: Option<PathBuf>,
    /// Record or stream the window, or end it after a while (`kibitz broadcast --record`).
    pub record: Option<recording::RecordRequest>,
}

/// Screenshot mode: wait for the UI to settle, capture, check the frame is drawn, save, exit.
#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
    /// A capture is on its way.
    requested: bool,
    /// Captured frames that were still blank.
    blank: u32,
    done: Option<Result<(), String>>,
}

/// How the window updates: when input, a redraw request (`Viewer::busy`, egui's own repaints)
/// or this long a wait comes, so a paused replay with no input draws next to nothing. Pictures
/// (`--screenshot`, `kibitz export`) are made frame after frame as fast as they come.
fn updates(still: bool) -> bevy::winit::WinitSettings {
    use bevy::winit::{UpdateMode, WinitSettings};
    let mode = if still { UpdateMode::Continuous } else { UpdateMode::reactive_low_power(IDLE_WAIT) };
    WinitSettings { focused_mode: mode, unfocused_mode: mode }
}

/// The longest an idle window goes without drawing.
const IDLE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Frames to wait before capturing: egui lays out and loads fonts over the first frames.
const SETTLE_FRAMES: u32 = 8;
/// Give up after this many frames without a drawn frame.
const GIVE_UP_FRAMES: u32 = 2000;

/// What the window opens on, when it is not a file or the demo.
pub enum Opening {
    /// A view made already (a live match played by hand, say).
    View(Box<dyn GameView>),
    /// The map editor.
    Editor(Box<crate::kit::editor::EditView>),
}

/// Runs the viewer on a file, or the demo; `registry` says which games it can open.
pub fn run(registry: ViewRegistry, options: ViewerOptions) -> anyhow::Result<ExitCode> {
    run_with(registry, options, None)
}

/// Runs the viewer on `opening` instead of a file or the demo.
pub fn run_with(registry: ViewRegistry, options: ViewerOptions, opening: Option<Opening>) -> anyhow::Result<ExitCode> {
    let opened = std::time::Instant::now();
    let mut viewer = viewer::Viewer::new(registry.clone());
    // Problems with the settings are said even though opening the first replay sets its own notice.
    let settings_problem = viewer.message.take();
    viewer.tournament = options.tournament.clone();
    viewer.tournament_refresh = options.tournament_refresh.clone();
    viewer.contest = options.contest.clone().map(contest::ContestBoard::new);
    match (opening, options.broadcast.clone(), &options.text, &options.file) {
        (Some(Opening::View(view)), ..) => viewer.show(view),
        (Some(Opening::Editor(editor)), ..) => viewer.edit(editor),
        (None, Some(running), ..) => viewer.start_broadcast(running),
        (None, None, _, _) if !options.follow.is_empty() => viewer.follow(options.follow.clone(), options.writer.clone()),
        (None, None, Some((text, path)), _) => {
            viewer.open_text(text, crate::kit::matches::args::file_name(path));
        }
        (None, None, None, Some(path)) => viewer.open_file(path.clone()),
        (None, None, None, None) => {
            viewer.open_text(DEMO_REPLAY, DEMO_NAME.to_string());
            // The first screen shows the game moving, not an empty board at step 0.
            if options.turn.is_none() && options.screenshot.is_none() && options.frame_stats.is_none() {
                viewer.playback.toggle_play();
            }
        }
    }
    if let Some(problem) = settings_problem {
        let text =
            viewer.message.take().map_or(problem.text.clone(), |opened: viewer::Notice| format!("{}\n{}", opened.text, problem.text));
        viewer.message = Some(viewer::Notice { text, error: true });
    }
    if options.screenshot.is_some()
        && viewer.session.is_none()
        && !viewer.editor.is_open()
        && viewer.incoming.is_none()
        && viewer.broadcast.is_none()
    {
        anyhow::bail!("{}", viewer.message.as_ref().map_or("nothing to show".to_string(), |m| m.text.clone()));
    }
    if let (Some(b), Some(a)) = (&options.compare, &options.file) {
        let read = |path: &PathBuf| std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()));
        let compare = compare::Compare::open(&registry, &read(a)?, &read(b)?, b).map_err(anyhow::Error::msg)?;
        viewer.compare = Some(compare);
    }
    if let Some(turn) = options.turn {
        viewer.seek_when_there(turn);
    }
    if options.screenshot.is_some() || options.export.is_some() {
        // A screenshot shows the step asked for, even where a broadcast would play on.
        viewer.playback.playing = false;
        viewer.still = true;
    }
    for setting in &options.look {
        let camera = &mut viewer.camera;
        if let Some(session) = viewer.session.as_mut() {
            session.set_look(setting, camera).map_err(|e| anyhow::anyhow!("--look {setting}: {e}"))?;
        }
    }
    // A look opens where it shows best, unless a step was asked for.
    if let Some(step) = viewer.session.as_ref().and_then(|s| s.look_step()).filter(|_| options.turn.is_none()) {
        viewer.playback.seek(step);
    }
    if viewer.session.is_none() {
        // A big replay still to load takes them when it shows.
        viewer.start_looks = options.look.clone();
        viewer.start_perspective = options.perspective;
    }
    if let Some(k) = options.perspective.filter(|_| viewer.session.is_some()) {
        // A seat that is not there is refused, naming those that are (a replay still to load
        // is checked when it shows: `Viewer::show`).
        if let Some(players) = viewer.session.as_ref().map(|s| &s.track().players)
            && k >= players.len()
        {
            let seats: Vec<String> = players.iter().enumerate().map(|(i, p)| format!("{i} ({})", p.name)).collect();
            anyhow::bail!("--perspective {k}: this game's seats are {}", seats.join(", "));
        }
        viewer.perspective = Perspective::Player(k);
    }
    if let Some(speed) = options.speed {
        viewer.playback.set_speed(speed);
    }
    if options.play && viewer.session.is_none() {
        // A replay still to arrive (a big file) plays from when it first shows.
        viewer.play_when_shown = true;
    } else if options.play && !viewer.playback.playing {
        viewer.playback.toggle_play();
    }
    // What can be refused is refused before a window is asked for.
    let export = match options.export.clone() {
        Some(request) => {
            let sink = frames::FrameSink::new(request.gif.as_deref(), request.frames.as_deref(), request.video.as_deref(), request.fps)
                .map_err(anyhow::Error::msg)?;
            Some((request, sink))
        }
        None => None,
    };
    let recording = options.record.as_ref().map(recording::Recording::start).transpose().map_err(anyhow::Error::msg)?;
    if !kibitz_cli::cli::virtual_display::has_display() {
        anyhow::bail!(
            "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); on a machine without one, run it under \
             Xvfb: xvfb-run -a -s \"-screen 0 1920x1080x24\" kibitz ..."
        );
    }
    let (width, height) = options.size.unwrap_or(if options.broadcast.is_some() { (1280, 720) } else { (1280, 800) });
    let mut app = App::new();
    app.insert_resource(ClearColor(scene3d::BACKGROUND))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Kibitz".into(),
                        resolution: WindowResolution::new(width, height),
                        resizable: options.size.is_none(),
                        ..default()
                    }),
                    // The close button asks first when there is unsaved work (`ui::close_requested`).
                    close_when_requested: false,
                    ..default()
                })
                // A picture (`--screenshot`, `kibitz export`) waits for the renderer's pipelines
                // to be compiled: compiled in the background, as a window does not to stall, a
                // frame captured first shows the 3D board missing (the cube came out black).
                .set(bevy::render::RenderPlugin {
                    synchronous_pipeline_compilation: options.screenshot.is_some() || options.export.is_some(),
                    ..default()
                })
                // Quiet by default: the renderer's notes are for `-v` (or RUST_LOG, which wins).
                .set(LogPlugin {
                    level: if options.verbose { bevy::log::Level::INFO } else { bevy::log::Level::ERROR },
                    filter: if options.verbose { LogPlugin::default().filter } else { String::new() },
                    ..default()
                }),
        )
        .add_plugins(EguiPlugin::default())
        // egui draws through the camera `scene3d` marks for it, not the first one spawned.
        .insert_resource(bevy_egui::EguiGlobalSettings { auto_create_primary_context: false, ..default() })
        // A recording draws every frame it can: its clock repeats the last one when none comes.
        .insert_resource(updates(options.screenshot.is_some() || options.export.is_some() || recording.is_some()))
        .insert_resource(viewer)
        .add_systems(Startup, scene3d::spawn_cameras)
        .add_systems(EguiPrimaryContextPass, (ui::ui, scene3d::sync).chain())
        .add_systems(Update, (viewer::dropped_files, ui::close_requested))
        .add_systems(
            PreUpdate,
            (ui::chord_modifiers, ui::quiet_modifiers)
                .chain()
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    glyphs::add(&mut app);
    if let Some(seconds) = options.frame_stats {
        frame_stats::add(&mut app, seconds, opened);
    }
    if let Some((request, sink)) = export {
        export::add(&mut app, request, sink);
    }
    if let Some(path) = options.screenshot {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        let _ = std::fs::remove_file(&path);
        app.insert_resource(ScreenshotPlan { path, frames: 0, requested: false, blank: 0, done: None })
            .add_systems(Update, take_screenshot);
    }
    let videos = recording.map(|recording| {
        let videos = recording.videos();
        recording::add(&mut app, recording);
        videos
    });
    let exit = app.run();
    for line in videos.iter().flat_map(recording::finish) {
        // A closed stdout leaves the line unread; the video is written all the same.
        let _ = crate::outln!("recorded {line}");
    }
    Ok(match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    })
}

fn take_screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    viewer: Res<viewer::Viewer>,
    mut exit: MessageWriter<AppExit>,
) {
    // A big replay is shown once it has loaded (or reached the step asked for).
    if viewer.loading() && (viewer.pending_seek.is_some() || viewer.session.is_none()) {
        return;
    }
    plan.frames += 1;
    match &plan.done {
        Some(Ok(())) => {
            exit.write(AppExit::Success);
            return;
        }
        Some(Err(e)) => {
            error!("{e}");
            exit.write(AppExit::error());
            return;
        }
        None => {}
    }
    if !plan.requested && plan.frames >= SETTLE_FRAMES {
        plan.requested = true;
        commands.spawn(Screenshot::primary_window()).observe(save_when_drawn);
    }
    if plan.frames > GIVE_UP_FRAMES {
        error!("no drawn frame after {GIVE_UP_FRAMES} frames ({} blank captures)", plan.blank);
        exit.write(AppExit::error());
    }
}

/// Saves a captured frame, unless it is still blank ([`frames::is_blank`]); then asks again.
fn save_when_drawn(captured: On<ScreenshotCaptured>, mut plan: ResMut<ScreenshotPlan>) {
    let image = match captured.image.clone().try_into_dynamic() {
        Ok(image) => image.to_rgb8(),
        Err(e) => {
            plan.done = Some(Err(format!("the captured frame cannot be converted: {e}")));
            return;
        }
    };
    if frames::is_blank(&image) {
        plan.blank += 1;
        plan.requested = false;
        return;
    }
    plan.done = Some(image.save(&plan.path).map_err(|e| format!("cannot write {}: {e}", plan.path.display())));
}
