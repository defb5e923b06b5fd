//! `kibitz broadcast --record OUT.mp4 / --stream rtmp://… / --for SECONDS`: the window's frames,
//! captured as it draws them, go to [`kibitz_video::Live`] (ffmpeg at a steady rate by the
//! clock); `--for` ends the broadcast after that long.

use super::frames::is_blank;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use kibitz_video::{Frame, Live, PixelFormat, Target};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to record, as the command line asked.
#[derive(Debug, Clone, Default)]
pub struct RecordRequest {
    pub targets: Vec<(Target, &'static str)>,
    /// End the broadcast after this long (recorded or not).
    pub limit: Option<Duration>,
}

/// Captures asked for and not yet back: a capture comes back a few frames after it was asked
/// for, so several on their way keep one coming every frame (at 1080p under the software
/// renderer: 4.5 frames a second drawn with 2, 8 with 6, 8.9 with 12; each holds a frame's
/// copy, 8 MB at 1080p).
const IN_FLIGHT: u8 = 8;

/// The videos being written, shared with the code that ran the window: the window's world is
/// gone once it closes, and the videos are finished (and reported) after that.
pub type Videos = Arc<Mutex<Vec<Live>>>;

#[derive(Resource)]
pub struct Recording {
    lives: Videos,
    in_flight: u8,
    /// The broadcast is ending: no more captures, and the app exits once those asked for came.
    ending: u32,
    /// A frame has been drawn (the first ones come out blank while the renderer starts).
    drawn: bool,
    /// When the broadcast ends (`--for`), counted from the first frame drawn.
    limit: Option<Duration>,
    ends_at: Option<Instant>,
}

impl Recording {
    /// Starts the videos asked for (ffmpeg is looked for first: refused, the line to print).
    pub fn start(request: &RecordRequest) -> Result<Recording, String> {
        let lives: Vec<Live> =
            request.targets.iter().map(|(target, flag)| Live::start(target.clone(), flag, request.limit)).collect::<Result<_, _>>()?;
        Ok(Recording { lives: Arc::new(Mutex::new(lives)), in_flight: 0, ending: 0, drawn: false, limit: request.limit, ends_at: None })
    }

    pub fn videos(&self) -> Videos {
        self.lives.clone()
    }
}

/// Ends every video (files get their end) and gives one line each on what was written.
pub fn finish(videos: &Videos) -> Vec<String> {
    let lives = videos.lock().map(|mut l| std::mem::take(&mut *l)).unwrap_or_default();
    lives
        .into_iter()
        .map(|live| {
            let target = live.target.clone();
            live.finish().describe(&target)
        })
        .collect()
}

/// Frames waited at most for captures in flight once the broadcast ends.
const ENDING_FRAMES: u32 = 30;

/// Adds the recording (and `--for`) to `app`.
pub fn add(app: &mut App, recording: Recording) {
    app.insert_resource(recording).add_systems(Update, capture_and_time);
}

fn capture_and_time(mut commands: Commands, mut recording: ResMut<Recording>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    let (any, all_done) = recording.lives.lock().map_or((false, true), |l| (!l.is_empty(), l.iter().all(Live::done)));
    if recording.ending > 0 || recording.ends_at.is_some_and(|end| now >= end) || (any && all_done) {
        // Captures on their way are let in first: the renderer complains of a closed channel.
        recording.ending += 1;
        if recording.in_flight == 0 || recording.ending > ENDING_FRAMES {
            exit.write(AppExit::Success);
        }
        return;
    }
    if !any {
        // `--for` alone: counted from the window's first frame.
        if recording.ends_at.is_none() {
            recording.ends_at = recording.limit.map(|limit| now + limit);
        }
        return;
    }
    if recording.in_flight < IN_FLIGHT {
        recording.in_flight += 1;
        commands.spawn(Screenshot::primary_window()).observe(offer);
    }
}

/// Hands a captured frame to every video (skipping the blank ones before the first drawing).
fn offer(captured: On<ScreenshotCaptured>, mut recording: ResMut<Recording>) {
    recording.in_flight = recording.in_flight.saturating_sub(1);
    let image = &captured.image;
    let format = match image.texture_descriptor.format {
        TextureFormat::Bgra8Unorm | TextureFormat::Bgra8UnormSrgb => PixelFormat::Bgra,
        TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb => PixelFormat::Rgba,
        other => {
            error!("a captured frame in {other:?} cannot be recorded");
            return;
        }
    };
    let Some(pixels) = image.data.as_ref() else { return };
    let (width, height) = (image.width(), image.height());
    if pixels.len() != width as usize * height as usize * 4 {
        return;
    }
    if !recording.drawn {
        // Blank while the renderer starts: the first drawn frame starts the clocks.
        let view = image::ImageBuffer::<image::Rgba<u8>, &[u8]>::from_raw(width, height, pixels.as_slice());
        if view.is_none_or(|v| is_blank(&v)) {
            return;
        }
        recording.drawn = true;
        recording.ends_at = recording.limit.map(|limit| Instant::now() + limit);
    }
    let frame = Frame { width, height, format, pixels: pixels.clone() };
    if let Ok(mut lives) = recording.lives.lock()
        && let Some((last, rest)) = lives.split_last_mut()
    {
        for live in rest {
            live.offer(frame.clone());
        }
        last.offer(frame);
    }
}
