//! Video out through Debian's `ffmpeg`: the frames the window draws, piped to it raw, come out
//! as H.264 in an MP4 file or an RTMP stream (what Twitch and YouTube take). No encoder of our
//! own, and no window here: the window hands frames over ([`Live::offer`], [`Exact::push`]).
//!
//! - [`Live`] (a broadcast recorded or streamed): frames come whenever the window draws one; a
//!   thread of its own writes the latest at a steady rate by the clock, repeating a frame when
//!   the window is slow, so the video never stalls and keeps real time. A stream whose
//!   connection drops is started again, with a line on stderr, while the broadcast goes on.
//! - [`Exact`] (`kibitz export … OUT.mp4`): every frame given is one step of the replay, shown
//!   for as long as the export's rate says.

mod encoder;
mod live;
#[cfg(feature = "testing")]
pub mod testing;

pub use encoder::{Encoder, Frame, PixelFormat};
pub use live::{Live, Stats};

use std::path::PathBuf;

/// Frames a second of every video written: a rate every streaming site takes.
pub const FPS: u32 = 30;

/// Where the video goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An MP4 file (fragmented: a recording cut short by a crash still plays up to there).
    File(PathBuf),
    /// An RTMP server, `rtmp://HOST/APP/KEY` (or `rtmps://`).
    Stream(String),
}

impl Target {
    /// A stream address as given to `--stream`: it must be `rtmp://` or `rtmps://`.
    pub fn stream(address: &str) -> Result<Target, String> {
        let rest = address.strip_prefix("rtmp://").or_else(|| address.strip_prefix("rtmps://"));
        match rest {
            Some(rest) if rest.split('/').filter(|s| !s.is_empty()).count() >= 2 => Ok(Target::Stream(address.to_string())),
            _ => Err(format!("--stream {}: expected rtmp://HOST/APP/KEY (or rtmps://)", redact(address))),
        }
    }

    /// The target for messages: a stream's key (its last part) is a secret, so it is hidden.
    pub fn describe(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Stream(address) => redact(address),
        }
    }
}

/// `rtmp://host/app/KEY` as `rtmp://host/app/…`: a stream key must not reach a log or a screen.
fn redact(address: &str) -> String {
    match address.rsplit_once('/') {
        Some((before, key)) if !key.is_empty() && before.contains("://") && before.split("://").nth(1).is_some_and(|r| r.contains('/')) => {
            format!("{before}/…")
        }
        _ => address.to_string(),
    }
}

/// `None` when `ffmpeg` is on PATH; else the line to print (and exit 2 with) before anything
/// runs, saying what to install. `flag` is what asked for it (`--record`, say).
pub fn ffmpeg_missing(flag: &str) -> Option<String> {
    kibitz_referee::command::found("ffmpeg").is_none().then(|| {
        format!("{flag} writes video through ffmpeg, which is not on PATH: install it (Debian and Ubuntu: apt-get install ffmpeg)")
    })
}

/// A finished export or recording's video, checked by `ffprobe`: what tests and the docs'
/// figures read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    pub codec: String,
    pub width: u32,
    pub height: u32,
    /// Frames a second, as the stream declares it.
    pub fps: f64,
    pub seconds: f64,
}

/// Reads a video's first stream with `ffprobe`.
pub fn probe(path: &std::path::Path) -> Result<Probe, String> {
    let output = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height,r_frame_rate:format=duration"])
        .args(["-of", "default=noprint_wrappers=1"])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run ffprobe: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("ffprobe {}: {}", path.display(), String::from_utf8_lossy(&output.stderr).trim()));
    }
    let field = |name: &str| text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix('=')).map(str::trim);
    let missing = |name: &str| format!("ffprobe {}: no {name} in {text:?}", path.display());
    let number = |name: &str| field(name).and_then(|v| v.parse::<f64>().ok()).ok_or_else(|| missing(name));
    let rate = field("r_frame_rate").ok_or_else(|| missing("r_frame_rate"))?;
    let fps = match rate.split_once('/') {
        Some((n, d)) => n.parse::<f64>().ok().zip(d.parse::<f64>().ok()).filter(|(_, d)| *d > 0.0).map(|(n, d)| n / d),
        None => rate.parse().ok(),
    }
    .ok_or_else(|| missing("r_frame_rate"))?;
    Ok(Probe {
        codec: field("codec_name").ok_or_else(|| missing("codec_name"))?.to_string(),
        width: number("width")? as u32,
        height: number("height")? as u32,
        fps,
        seconds: number("duration")?,
    })
}

/// An export's video: each frame given is written once, at `rate` frames a second of the
/// input, and ffmpeg repeats them to a steady [`FPS`].
pub struct Exact {
    target: Target,
    rate: f32,
    encoder: Option<Encoder>,
    pub written: usize,
}

impl Exact {
    /// A video to `path` showing `rate` given frames a second (more than 0).
    pub fn new(path: PathBuf, rate: f32) -> Result<Exact, String> {
        if !(rate.is_finite() && rate > 0.0 && rate <= 240.0) {
            return Err(format!("--fps {rate}: must be more than 0 and at most 240"));
        }
        if let Some(missing) = ffmpeg_missing(&path.display().to_string()) {
            return Err(missing);
        }
        Ok(Exact { target: Target::File(path), rate, encoder: None, written: 0 })
    }

    /// Writes the next frame; the first gives the video's size.
    pub fn push(&mut self, frame: &Frame) -> Result<(), String> {
        let encoder = match &mut self.encoder {
            Some(encoder) => encoder,
            None => self.encoder.insert(Encoder::start(&self.target, frame.width, frame.height, frame.format, self.rate)?),
        };
        if (frame.width, frame.height) != encoder.size() {
            let (w, h) = encoder.size();
            return Err(format!("frame {} is {}×{}, the first was {w}×{h}", self.written, frame.width, frame.height));
        }
        encoder.write(&frame.pixels)?;
        self.written += 1;
        Ok(())
    }

    /// Ends the video and waits for ffmpeg to finish writing it.
    pub fn finish(self) -> Result<(), String> {
        match self.encoder {
            Some(encoder) => encoder.finish(),
            None => Err(format!("{}: no frame to write", self.target.describe())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_addresses_need_a_key_and_never_show_it() {
        let target = Target::stream("rtmp://live.twitch.tv/app/live_123_secret").unwrap();
        assert_eq!(target.describe(), "rtmp://live.twitch.tv/app/…");
        assert!(Target::stream("rtmps://a.rtmp.youtube.com/live2/abcd").is_ok());
        let refused = Target::stream("http://example.com/live/key").unwrap_err();
        assert!(refused.contains("rtmp://HOST/APP/KEY"), "{refused}");
        assert!(!refused.contains("key\""), "{refused}");
        assert!(Target::stream("rtmp://host").is_err());
        assert_eq!(Target::File("out.mp4".into()).describe(), "out.mp4");
    }

    #[test]
    fn export_rates_are_bounded() {
        assert!(Exact::new("x.mp4".into(), 0.0).err().is_some_and(|e| e.contains("--fps")));
        assert!(Exact::new("x.mp4".into(), f32::NAN).is_err());
        assert!(Exact::new("x.mp4".into(), 1e9).is_err());
    }
}
