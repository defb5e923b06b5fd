//! Where `kibitz export` puts the frames it captures: an MP4 video (through ffmpeg) and an
//! animated GIF, both written frame by frame (so memory stays one frame however long the
//! range), and/or numbered PNG files. No window
//! here; `export.rs` captures the frames.

use image::RgbaImage;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// How hard the GIF's colour quantiser works, 1 (best, slowest) to 30; 10 is gif's default.
const QUANTISER_SPEED: i32 = 10;

/// Whether a captured frame is one flat colour: on a slow or busy machine the first frames come
/// out before the renderer's pipelines are ready, and are asked for again.
pub fn is_blank<I: image::GenericImageView>(image: &I) -> bool
where
    I::Pixel: PartialEq,
{
    let first = image.get_pixel(0, 0);
    image.pixels().all(|(_, _, p)| p == first)
}

pub struct FrameSink {
    gif_path: Option<PathBuf>,
    /// Opened at the first frame, which gives the size.
    gif: Option<gif::Encoder<BufWriter<File>>>,
    pngs: Option<PathBuf>,
    video: Option<kibitz_video::Exact>,
    /// Each GIF frame's time on screen, in hundredths of a second.
    delay: u16,
    size: Option<(u32, u32)>,
    pub written: usize,
}

impl FrameSink {
    /// A sink writing a GIF to `gif` and/or a video to `video` (at `fps` frames a second)
    /// and/or PNGs into the folder `pngs` (made if missing).
    pub fn new(gif: Option<&Path>, pngs: Option<&Path>, video: Option<&Path>, fps: f32) -> Result<Self, String> {
        if gif.is_none() && pngs.is_none() && video.is_none() {
            return Err("nothing to write: give OUT.mp4, --gif OUT.gif, --frames DIR, or several".into());
        }
        if !(fps.is_finite() && fps > 0.0) {
            return Err(format!("--fps {fps}: must be more than 0"));
        }
        if let Some(dir) = pngs {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let delay = (100.0 / fps).round().clamp(2.0, 65535.0) as u16;
        let video = video.map(|path| kibitz_video::Exact::new(path.to_path_buf(), fps)).transpose()?;
        Ok(Self {
            gif_path: gif.map(Path::to_path_buf),
            gif: None,
            pngs: pngs.map(Path::to_path_buf),
            video,
            delay,
            size: None,
            written: 0,
        })
    }

    /// Writes the next frame (frame `written` of the export, showing step `step`).
    pub fn push(&mut self, frame: RgbaImage, step: usize) -> Result<(), String> {
        let (w, h) = frame.dimensions();
        match self.size {
            None => self.size = Some((w, h)),
            Some(size) if size != (w, h) => return Err(format!("frame {} is {w}×{h}, the first was {}×{}", self.written, size.0, size.1)),
            Some(_) => {}
        }
        if let Some(dir) = &self.pngs {
            let path = dir.join(format!("frame-{:05}-step-{step}.png", self.written));
            frame.save(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(video) = &mut self.video {
            let pixels = frame.as_raw().clone();
            video.push(&kibitz_video::Frame { width: w, height: h, format: kibitz_video::PixelFormat::Rgba, pixels })?;
        }
        if let Some(path) = &self.gif_path {
            let (gw, gh) = (u16::try_from(w), u16::try_from(h));
            let (Ok(gw), Ok(gh)) = (gw, gh) else { return Err(format!("{w}×{h} is too big for a GIF (65535 at most)")) };
            if self.gif.is_none() {
                let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let mut encoder = gif::Encoder::new(BufWriter::new(file), gw, gh, &[]).map_err(|e| format!("{}: {e}", path.display()))?;
                encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| e.to_string())?;
                self.gif = Some(encoder);
            }
            let mut pixels = frame.into_raw();
            let mut gif_frame = gif::Frame::from_rgba_speed(gw, gh, &mut pixels, QUANTISER_SPEED);
            gif_frame.delay = self.delay;
            if let Some(encoder) = self.gif.as_mut() {
                encoder.write_frame(&gif_frame).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the GIF (its trailer) and flushes it.
    pub fn finish(self) -> Result<(), String> {
        if let Some(video) = self.video {
            video.finish()?;
        }
        if let (Some(encoder), Some(path)) = (self.gif, &self.gif_path) {
            let mut out = encoder.into_inner().map_err(|e| format!("{}: {e}", path.display()))?;
            std::io::Write::flush(&mut out).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(shade: u8) -> RgbaImage {
        RgbaImage::from_fn(40, 30, |x, y| image::Rgba([shade, (x * 6) as u8, (y * 8) as u8, 255]))
    }

    #[test]
    fn a_gif_has_every_frame_at_the_rate_asked_and_pngs_are_numbered_by_step() {
        let dir = tempfile::tempdir().unwrap();
        let (gif_path, pngs) = (dir.path().join("out.gif"), dir.path().join("frames"));
        let mut sink = FrameSink::new(Some(&gif_path), Some(&pngs), None, 4.0).unwrap();
        for (k, step) in [10, 11, 12].into_iter().enumerate() {
            sink.push(frame(k as u8 * 100), step).unwrap();
        }
        assert_eq!(sink.written, 3);
        sink.finish().unwrap();
        let mut decoder = gif::DecodeOptions::new().read_info(File::open(&gif_path).unwrap()).unwrap();
        assert_eq!((decoder.width(), decoder.height()), (40, 30));
        let mut delays = Vec::new();
        while let Some(f) = decoder.read_next_frame().unwrap() {
            delays.push(f.delay);
        }
        assert_eq!(delays, [25, 25, 25], "4 frames a second");
        let mut names: Vec<String> = std::fs::read_dir(&pngs).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        assert_eq!(names, ["frame-00000-step-10.png", "frame-00001-step-11.png", "frame-00002-step-12.png"]);
        let back = image::open(pngs.join("frame-00001-step-11.png")).unwrap().to_rgba8();
        assert_eq!(back, frame(100));
    }

    #[test]
    fn frames_of_another_size_and_empty_requests_are_refused() {
        assert!(FrameSink::new(None, None, None, 8.0).err().is_some_and(|e| e.contains("--gif")));
        assert!(FrameSink::new(Some(Path::new("x.gif")), None, None, 0.0).err().is_some_and(|e| e.contains("--fps")));
        let dir = tempfile::tempdir().unwrap();
        let mut sink = FrameSink::new(Some(&dir.path().join("a.gif")), None, None, 8.0).unwrap();
        sink.push(frame(1), 0).unwrap();
        let e = sink.push(RgbaImage::new(10, 10), 1).unwrap_err();
        assert!(e.contains("10×10") && e.contains("40×30"), "{e}");
    }
}
