//! One `ffmpeg` process: raw frames in on its stdin, H.264 out to a file or an RTMP server.

use super::{FPS, Target};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the four bytes of a pixel are ordered, as the renderer captured them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixelFormat {
    Rgba,
    Bgra,
}

impl PixelFormat {
    fn ffmpeg_name(self) -> &'static str {
        match self {
            PixelFormat::Rgba => "rgba",
            PixelFormat::Bgra => "bgra",
        }
    }
}

/// One frame: `width × height` pixels of four bytes, row after row, nothing between rows.
#[derive(Debug, Clone)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub format: PixelFormat,
    pub pixels: Vec<u8>,
}

/// x264's speed for our frames: a board and a scoreboard, mostly flat colour, encoded beside a
/// software renderer on two cores, which needs every cycle left (docs/performance.md).
const PRESET: &str = "ultrafast";
/// A stream's video bit rate (kbit/s): within what Twitch and YouTube ask for 1080p30.
const STREAM_KBITS: u32 = 4500;
/// Lines of ffmpeg's stderr kept to say why it stopped.
const TAIL_LINES: usize = 8;
/// Longest wait for ffmpeg to finish a file once its input has ended.
const FINISH_WAIT: Duration = Duration::from_secs(30);

/// A running ffmpeg; dropped, it is ended and waited for (never left a zombie).
pub struct Encoder {
    child: Child,
    stdin: Option<ChildStdin>,
    size: (u32, u32),
    frame_bytes: usize,
    tail: Arc<Mutex<VecDeque<String>>>,
    /// The target as given, and as it may be shown (a stream's key hidden).
    address: String,
    target: String,
}

impl Encoder {
    /// Starts ffmpeg reading `width × height` frames of `format` at `rate` a second from its
    /// stdin and writing [`FPS`] a second to `target`.
    pub fn start(target: &Target, width: u32, height: u32, format: PixelFormat, rate: f32) -> Result<Encoder, String> {
        let frame_bytes = (width as usize).checked_mul(height as usize).and_then(|n| n.checked_mul(4)).filter(|&n| n > 0);
        let frame_bytes = frame_bytes.ok_or_else(|| format!("a {width}×{height} frame cannot be encoded"))?;
        let mut command = Command::new("ffmpeg");
        command.args(["-hide_banner", "-loglevel", "error"]);
        command.args(["-f", "rawvideo", "-pix_fmt", format.ffmpeg_name(), "-s", &format!("{width}x{height}")]);
        command.args(["-framerate", &rate.to_string(), "-i", "pipe:0"]);
        if matches!(target, Target::Stream(_)) {
            // Some sites refuse a stream without sound: a silent track.
            command.args(["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=44100"]);
            command.args(["-map", "0:v", "-map", "1:a", "-c:a", "aac", "-b:a", "128k", "-shortest"]);
        }
        // yuv420p (what players and sites take) needs even sides.
        command.args(["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", PRESET, "-pix_fmt", "yuv420p"]);
        command.args(["-r", &FPS.to_string(), "-g", &(2 * FPS).to_string()]);
        match target {
            Target::File(path) => {
                command.args(["-movflags", "+frag_keyframe+empty_moov", "-f", "mp4", "-y"]).arg(path);
            }
            Target::Stream(address) => {
                let kbits = STREAM_KBITS.to_string();
                command.args(["-tune", "zerolatency", "-b:v", &format!("{kbits}k"), "-maxrate", &format!("{kbits}k")]);
                command.args(["-bufsize", &format!("{}k", 2 * STREAM_KBITS), "-f", "flv", address]);
            }
        }
        command.stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::piped());
        let mut child = command.spawn().map_err(|e| format!("cannot start ffmpeg: {e}"))?;
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(stderr) = child.stderr.take() {
            let tail = tail.clone();
            // Ends when ffmpeg does (its stderr closes).
            let _ = std::thread::Builder::new().name("kibitz-ffmpeg-log".into()).spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    if let Ok(mut tail) = tail.lock() {
                        if tail.len() == TAIL_LINES {
                            tail.pop_front();
                        }
                        tail.push_back(line.chars().take(300).collect());
                    }
                }
            });
        }
        let stdin = child.stdin.take();
        let address = match target {
            Target::File(path) => path.display().to_string(),
            Target::Stream(address) => address.clone(),
        };
        Ok(Encoder { child, stdin, size: (width, height), frame_bytes, tail, address, target: target.describe() })
    }

    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Writes one frame; an error means ffmpeg has stopped (and says why).
    pub fn write(&mut self, pixels: &[u8]) -> Result<(), String> {
        if pixels.len() != self.frame_bytes {
            return Err(format!("a frame of {} bytes, not the {} of {}×{}", pixels.len(), self.frame_bytes, self.size.0, self.size.1));
        }
        let stdin = self.stdin.as_mut().ok_or("ffmpeg's input is closed")?;
        stdin.write_all(pixels).map_err(|e| self.why(&e.to_string()))
    }

    /// Why ffmpeg stopped: its last line on stderr, else `fallback`.
    pub fn why(&mut self, fallback: &str) -> String {
        // Its last words come a moment after the pipe broke.
        let until = Instant::now() + Duration::from_millis(500);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(20));
        let last = self.tail.lock().ok().and_then(|t| t.back().cloned());
        // ffmpeg names the address it writes to: a stream's key must not be shown.
        format!("ffmpeg: {}", last.unwrap_or_else(|| fallback.to_string()).replace(&self.address, &self.target))
    }

    /// Ends the input and waits for ffmpeg to write the end of the video.
    pub fn finish(mut self) -> Result<(), String> {
        drop(self.stdin.take());
        let until = Instant::now() + FINISH_WAIT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => return Err(format!("{} ({status})", self.why("stopped"))),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(20)),
                Ok(None) => return Err(format!("ffmpeg did not finish {} within {} s", self.target, FINISH_WAIT.as_secs())),
                Err(e) => return Err(format!("cannot wait for ffmpeg: {e}")),
            }
        }
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
