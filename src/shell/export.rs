//! `kibitz export`: steps a real window (the broadcast layout) through a turn range, capturing
//! each step into a [`FrameSink`] with a progress bar on the terminal, then exits.

use super::frames::{FrameSink, is_blank};
use super::viewer::Viewer;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

/// What to export.
#[derive(Debug, Clone)]
pub struct ExportRequest {
    /// The first step shown.
    pub from: usize,
    /// The last step shown; `None` is the replay's end.
    pub to: Option<usize>,
    /// Show every this many steps (the last step of the range is always shown).
    pub every: usize,
    pub gif: Option<PathBuf>,
    pub frames: Option<PathBuf>,
    /// An MP4 video, through ffmpeg.
    pub video: Option<PathBuf>,
    pub fps: f32,
}

/// Frames to wait before the first capture (egui lays out and loads fonts), and after each
/// seek (the new step reaches the screen, a 3D scene included).
const FIRST_WAIT: u32 = 8;
const SEEK_WAIT: u32 = 2;

#[derive(Resource)]
struct Export {
    request: ExportRequest,
    sink: Option<FrameSink>,
    /// The steps to capture, once the replay is there; `next` indexes them.
    steps: Vec<usize>,
    next: usize,
    wait: u32,
    in_flight: bool,
    bar: ProgressBar,
    /// Captures that came out blank (the renderer not ready yet), asked again.
    blank: u32,
    failed: Option<String>,
}

/// Adds the export to `app`; `sink` is where the frames go.
pub fn add(app: &mut App, request: ExportRequest, sink: FrameSink) {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} frames, {elapsed} ({eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message("exporting");
    app.insert_resource(Export {
        request,
        sink: Some(sink),
        steps: Vec::new(),
        next: 0,
        wait: FIRST_WAIT,
        in_flight: false,
        bar,
        blank: 0,
        failed: None,
    })
    .add_systems(Update, export_frames);
}

/// The steps `from..=to`, every `every`, always ending at `to`.
pub fn steps(from: usize, to: usize, every: usize) -> Vec<usize> {
    let mut steps: Vec<usize> = (from..=to).step_by(every.max(1)).collect();
    if steps.last() != Some(&to) {
        steps.push(to);
    }
    steps
}

fn export_frames(mut commands: Commands, mut export: ResMut<Export>, mut viewer: ResMut<Viewer>, mut exit: MessageWriter<AppExit>) {
    // The cursor is the export's: the broadcast must not play on.
    viewer.playback.playing = false;
    if viewer.loading() {
        return;
    }
    if let Some(failure) = export.failed.take() {
        export.bar.abandon();
        eprintln!("kibitz: {failure}");
        exit.write(AppExit::error());
        return;
    }
    if viewer.session.is_none() {
        let why = viewer.message.as_ref().map_or("nothing to export".to_string(), |m| m.text.clone());
        export.failed = Some(why);
        return;
    }
    if export.steps.is_empty() {
        let len = viewer.playback.len();
        let (from, to) = (export.request.from, export.request.to.unwrap_or(len));
        if from > to || to > len {
            export.failed = Some(format!("the replay has {len} steps; --from {from} --to {to} is not a range of it"));
            return;
        }
        export.steps = steps(from, to, export.request.every);
        export.bar.set_length(export.steps.len() as u64);
        viewer.playback.seek(from);
        return;
    }
    if export.in_flight {
        return;
    }
    if export.wait > 0 {
        export.wait -= 1;
        return;
    }
    if export.next == export.steps.len() {
        let written = export.sink.as_ref().map_or(0, |s| s.written);
        match export.sink.take().map_or(Ok(()), FrameSink::finish) {
            Ok(()) => {
                export.bar.finish_and_clear();
                let outputs: Vec<String> = [&export.request.video, &export.request.gif, &export.request.frames]
                    .into_iter()
                    .flatten()
                    .map(|p| p.display().to_string())
                    .collect();
                let (first, last) = (export.steps[0], export.steps[export.steps.len() - 1]);
                // A closed stdout (`| head`) leaves the line unread, and the export is done all the same.
                let _ = crate::outln!("wrote {}: {written} frames, steps {first} to {last}", outputs.join(" and "));
                exit.write(AppExit::Success);
            }
            Err(e) => export.failed = Some(e),
        }
        return;
    }
    export.in_flight = true;
    commands.spawn(Screenshot::primary_window()).observe(keep_frame);
}

/// Writes a captured frame (unless still blank: then it is asked for again) and moves on.
fn keep_frame(captured: On<ScreenshotCaptured>, mut export: ResMut<Export>, mut viewer: ResMut<Viewer>) {
    export.in_flight = false;
    let image = match captured.image.clone().try_into_dynamic() {
        Ok(image) => image.to_rgba8(),
        Err(e) => {
            export.failed = Some(format!("the captured frame cannot be converted: {e}"));
            return;
        }
    };
    if is_blank(&image) {
        export.blank += 1;
        if export.blank > 200 {
            export.failed = Some("the window stays blank: is the renderer working (Xvfb, Mesa)?".into());
        }
        return;
    }
    let step = export.steps[export.next];
    let result = export.sink.as_mut().map_or(Ok(()), |sink| sink.push(image, step));
    if let Err(e) = result {
        export.failed = Some(e);
        return;
    }
    export.bar.inc(1);
    export.next += 1;
    if let Some(&step) = export.steps.get(export.next) {
        viewer.playback.seek(step);
        export.wait = SEEK_WAIT;
    }
}

#[cfg(test)]
mod tests {
    use super::steps;

    #[test]
    fn the_range_is_walked_every_k_steps_and_always_ends_at_its_end() {
        assert_eq!(steps(3, 6, 1), [3, 4, 5, 6]);
        assert_eq!(steps(0, 10, 4), [0, 4, 8, 10]);
        assert_eq!(steps(0, 8, 4), [0, 4, 8]);
        assert_eq!(steps(5, 5, 3), [5]);
        assert_eq!(steps(0, 2, 0), [0, 1, 2], "every 0 is every step");
    }
}
