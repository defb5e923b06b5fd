//! The viewer: a Bevy window hosting an egui shell (menu, timeline, panels) around a game's
//! board view. The shell is game-agnostic; each game plugs in through [`session::GameView`].

mod lighthouses;
mod palette;
pub mod playback;
pub mod session;
mod settings;
mod shell;
mod shortcuts;

pub use lighthouses::LighthousesView;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};
use std::path::PathBuf;
use std::process::ExitCode;

/// The demo replay, embedded so that `kibitz` works from any directory.
pub const DEMO_REPLAY: &str = include_str!("../../replays/lighthouses-demo.jsonl");
pub const DEMO_NAME: &str = "demo: lighthouses-demo.jsonl";

/// How the viewer was asked to start.
#[derive(Debug, Clone, Default)]
pub struct ViewerOptions {
    /// A replay to open instead of the demo.
    pub file: Option<PathBuf>,
    /// The step to show first.
    pub turn: Option<usize>,
    /// Render one frame to this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// Start from this player's perspective.
    pub perspective: Option<usize>,
}

/// Screenshot mode: wait for the UI to settle, capture, wait for the file, exit.
#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
    requested: bool,
}

/// Frames to wait before capturing: egui lays out and loads fonts over the first frames.
const SETTLE_FRAMES: u32 = 8;

pub fn run(options: ViewerOptions) -> anyhow::Result<ExitCode> {
    let mut viewer = shell::Viewer::new();
    match &options.file {
        Some(path) => viewer.open_file(path.clone()),
        None => {
            viewer.open_text(DEMO_REPLAY, DEMO_NAME.to_string());
        }
    }
    if options.screenshot.is_some() && viewer.session.is_none() {
        anyhow::bail!("{}", viewer.message.as_ref().map_or("nothing to show".to_string(), |m| m.text.clone()));
    }
    if let Some(turn) = options.turn {
        viewer.playback.seek(turn);
    }
    if let Some(k) = options.perspective {
        viewer.perspective = session::Perspective::Player(k);
    }
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.1)))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Kibitz".into(),
                resolution: WindowResolution::new(1280, 800),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        .insert_resource(viewer)
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_systems(EguiPrimaryContextPass, shell::ui)
        .add_systems(Update, shell::dropped_files);
    if let Some(path) = options.screenshot {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        let _ = std::fs::remove_file(&path);
        app.insert_resource(ScreenshotPlan { path, frames: 0, requested: false }).add_systems(Update, take_screenshot);
    }
    let exit = app.run();
    Ok(match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    })
}

fn take_screenshot(mut commands: Commands, mut plan: ResMut<ScreenshotPlan>, mut exit: MessageWriter<AppExit>) {
    plan.frames += 1;
    if !plan.requested && plan.frames >= SETTLE_FRAMES {
        plan.requested = true;
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(plan.path.clone()));
    }
    if plan.requested && plan.path.exists() {
        exit.write(AppExit::Success);
    }
    if plan.frames > SETTLE_FRAMES + 600 {
        error!("the screenshot was not written after 600 frames");
        exit.write(AppExit::error());
    }
}
