//! `kibitz view --frame-stats SECONDS`: measures the viewer's own CPU time per frame with Bevy's
//! diagnostics while it plays, prints the figures as JSON and exits. The software rasteriser
//! of a headless machine is left out on purpose: it is the renderer's time, not the viewer's.
//!
//! Two spans are measured, as CPU time of the thread that runs them (so time the thread spends
//! waiting for a core that the software rasteriser holds is not counted): the shell's UI system
//! (layout, the game's drawing, re-simulation as the cursor moves) and egui's end of pass with
//! tessellation into meshes (bevy_egui's output systems), which grows with what the UI draws;
//! for a 3D board, a third: handing its changed meshes to the renderer (`scene3d::sync`).
//! For the second span to stay on one thread, `PostUpdate` runs single-threaded while measuring;
//! it then also counts the few engine systems ordered between the two markers.

use super::cpu::{SCENE_CPU, UI_CPU, thread_cpu_ms};
use super::viewer::Viewer;
use bevy::diagnostic::{Diagnostic, DiagnosticPath, Diagnostics, DiagnosticsStore, FrameTimeDiagnosticsPlugin, RegisterDiagnostic};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy_egui::EguiPostUpdateSet;

/// CPU time from egui's end of pass to its processed output (tessellation), in ms.
pub const EGUI_OUTPUT_CPU: DiagnosticPath = DiagnosticPath::const_new("kibitz/egui_output_cpu_ms");

/// Enough history for several minutes of frames.
const HISTORY: usize = 100_000;

#[derive(Resource)]
struct Plan {
    seconds: f32,
    egui_started: Option<f64>,
    first_cursor: Option<usize>,
    /// When the viewer was asked to open, and when its board first showed the replay and when
    /// the replay had all loaded: time to first frame of a big replay.
    opened: std::time::Instant,
    first_board_ms: Option<f64>,
    loaded_ms: Option<f64>,
    /// Frames measured before the replay had all loaded (a big one loads over many frames,
    /// each spending the loading budget): the figures after them are the steady state.
    frames_loading: Option<usize>,
}

/// Measures for `seconds`; `opened` is when the viewer was asked to open its replay.
pub fn add(app: &mut App, seconds: f32, opened: std::time::Instant) {
    // An idle window draws only on input or after a long wait: wake it when the time is up.
    let wait = std::time::Duration::from_secs_f32(seconds.max(0.01));
    let mode = bevy::winit::UpdateMode::reactive_low_power(wait);
    app.insert_resource(bevy::winit::WinitSettings { focused_mode: mode, unfocused_mode: mode });
    app.add_plugins(FrameTimeDiagnosticsPlugin::new(HISTORY))
        .register_diagnostic(Diagnostic::new(UI_CPU).with_suffix("ms").with_max_history_length(HISTORY))
        .register_diagnostic(Diagnostic::new(SCENE_CPU).with_suffix("ms").with_max_history_length(HISTORY))
        .register_diagnostic(Diagnostic::new(EGUI_OUTPUT_CPU).with_suffix("ms").with_max_history_length(HISTORY))
        .insert_resource(Plan {
            seconds,
            egui_started: None,
            first_cursor: None,
            opened,
            first_board_ms: None,
            loaded_ms: None,
            frames_loading: None,
        })
        .add_systems(PostUpdate, egui_started.before(EguiPostUpdateSet::EndPass))
        .add_systems(PostUpdate, egui_finished.after(EguiPostUpdateSet::ProcessOutput))
        .add_systems(Last, report_and_exit)
        .edit_schedule(PostUpdate, |schedule| {
            schedule.set_executor(SingleThreadedExecutor::default());
        });
}

fn egui_started(mut plan: ResMut<Plan>) {
    plan.egui_started = Some(thread_cpu_ms());
}

fn egui_finished(mut plan: ResMut<Plan>, mut diagnostics: Diagnostics) {
    if let Some(started) = plan.egui_started.take() {
        diagnostics.add_measurement(&EGUI_OUTPUT_CPU, || thread_cpu_ms() - started);
    }
}

/// Percentiles of a series, in its unit.
fn summary(values: Vec<f64>) -> serde_json::Value {
    let mut v = values;
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v.get(((v.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    serde_json::json!({ "frames": v.len(), "p50": round(at(0.5)), "p95": round(at(0.95)), "p99": round(at(0.99)), "max": round(at(1.0)) })
}

fn report_and_exit(
    mut plan: ResMut<Plan>,
    store: Res<DiagnosticsStore>,
    viewer: Res<Viewer>,
    glyphs: Res<super::glyphs::GlyphUploads>,
    mut exit: MessageWriter<AppExit>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let since_opened = plan.opened.elapsed().as_secs_f64() * 1000.0;
    if viewer.session.is_some() {
        plan.first_board_ms.get_or_insert(since_opened);
        if !viewer.loading() {
            plan.loaded_ms.get_or_insert(since_opened);
            let measured = store.get(&UI_CPU).map_or(0, |d| d.history_len());
            plan.frames_loading.get_or_insert(measured);
        }
    }
    let cursor = viewer.playback.cursor();
    let first = *plan.first_cursor.get_or_insert(cursor);
    // Wall-clock time since the viewer was asked to open (an idle window's engine time lags a
    // frame behind, and the wake-up that ends the measure is timed from the first frame).
    let elapsed = plan.opened.elapsed().as_secs_f32();
    let loaded = plan.loaded_ms.is_some();
    // For the time asked, and at least until the replay has loaded; playing, until its end.
    let done = loaded && (elapsed >= plan.seconds || (viewer.playback.playing && cursor == viewer.playback.len()));
    if !done {
        return;
    }
    let series = |path: &DiagnosticPath| store.get(path).map(|d| d.values().copied().collect::<Vec<_>>()).unwrap_or_default();
    let report = serde_json::json!({
        "seconds": elapsed,
        "speed": viewer.playback.speed(),
        "steps_played": cursor.saturating_sub(first),
        "steps": viewer.playback.len(),
        "ui_cpu_ms": summary(series(&UI_CPU)),
        "egui_output_cpu_ms": summary(series(&EGUI_OUTPUT_CPU)),
        // Frame by frame: the viewer's whole CPU time of a frame, what its budget is about.
        "ui_plus_egui_cpu_ms": summary(series(&UI_CPU).iter().zip(series(&EGUI_OUTPUT_CPU)).map(|(ui, egui)| ui + egui).collect()),
        // The same, of the frames after the replay had all loaded.
        "ui_plus_egui_cpu_ms_loaded": summary(
            series(&UI_CPU).iter().zip(series(&EGUI_OUTPUT_CPU)).skip(plan.frames_loading.unwrap_or(0)).map(|(ui, egui)| ui + egui).collect()
        ),
        "scene_cpu_ms": summary(series(&SCENE_CPU)),
        "frame_ms_including_software_rendering": summary(series(&FrameTimeDiagnosticsPlugin::FRAME_TIME)),
        "first_board_ms": plan.first_board_ms,
        "loaded_ms": plan.loaded_ms,
        "max_rss_mb": max_rss_mb(),
        // What the process holds now, the replay open (beside the peak above, while it opened).
        "rss_mb": rss_mb(),
        // egui's glyph atlas updates, and those that reached the renderer a frame late.
        "glyph_updates": glyphs.updates,
        "glyph_updates_late": glyphs.late,
        "process_cpu_s": process_cpu_s(),
    });
    // A closed stdout (`| head`) leaves the report unread; the window closes all the same.
    let _ = crate::outln!("{report}");
    exit.write(AppExit::Success);
    // The exit is taken at the next update: an idle window has it come now.
    redraw.write(bevy::window::RequestRedraw);
}

/// The process's peak resident memory so far, in MB.
fn max_rss_mb() -> Option<f64> {
    usage().map(|u| u.ru_maxrss as f64 / 1024.0)
}

/// The process's resident memory now, in MB (`VmRSS` of /proc/self/status).
fn rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?.trim().trim_end_matches("kB").trim().parse::<f64>().ok()?;
    Some((kb / 1024.0).round())
}

/// The CPU time the whole process has used so far (every thread, the renderer's too), in s.
fn process_cpu_s() -> Option<f64> {
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    usage().map(|u| ((seconds(u.ru_utime) + seconds(u.ru_stime)) * 1000.0).round() / 1000.0)
}

/// The process's resource usage (`getrusage`).
fn usage() -> Option<libc::rusage> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given; RUSAGE_SELF is always valid.
    let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } == 0;
    // SAFETY: written by the successful call above (and zeroed before it).
    ok.then(|| unsafe { usage.assume_init() })
}
