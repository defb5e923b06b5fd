//! A replay that is still arriving: a match followed live (`kibitz view --follow`, `kibitz
//! match --watch`), or a big file loading in the background. Each frame takes in what came,
//! within a time budget, so the window stays responsive however fast lines come; everything
//! taken in stays scrubbable. A big file is also opened whole on a thread of its own, which
//! reads it on every core and is far quicker than a frame's budget at a time; its first lines
//! stream in meanwhile, so that its first board shows at once and can be played.

use crate::kit::contract::view::GameView;
use crate::kit::contract::view_room::{Opened, ViewRegistry};
use kibitz_follow::{Follow, Mode, Phase, Source};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why the process writing a watched replay stopped early (`kibitz match --watch` runs the
/// match on a thread; its error lands here), for the window to say.
pub type WriterFailure = Arc<Mutex<Option<String>>>;

/// Replays at least this big open in the background, the first frame at once.
pub const LOAD_IN_BACKGROUND: u64 = 4 << 20;

pub struct Incoming {
    follow: Follow,
    mode: Mode,
    /// Sources followed after this one ends (`match --watch --games K`: one file per game).
    next: VecDeque<Source>,
    /// The first line that could not be taken in; nothing after it is.
    pub damage: Option<String>,
    writer: Option<WriterFailure>,
    /// Lines taken in of the current replay.
    taken: usize,
    /// Room for the rest of a loading replay has been made in its view (`Viewer::take_incoming`).
    pub reserved: bool,
    /// The whole file, being opened on a thread of its own ([`Incoming::load`]); a Mutex makes
    /// it shareable, as the window's state must be.
    whole: Option<Mutex<Receiver<Result<Opened, String>>>>,
    /// Set when this is dropped: the whole's thread stops downloading a link nobody waits for.
    abandoned: Arc<AtomicBool>,
}

impl Drop for Incoming {
    fn drop(&mut self) {
        self.abandoned.store(true, Ordering::Relaxed);
    }
}

impl Incoming {
    /// Follows `sources` one after another, each as it is written.
    pub fn follow(mut sources: VecDeque<Source>, writer: Option<WriterFailure>) -> Option<Self> {
        let first = sources.pop_front()?;
        let mut incoming = Self::start(first, Mode::Follow, None);
        (incoming.next, incoming.writer) = (sources, writer);
        Some(incoming)
    }

    fn start(source: Source, mode: Mode, whole: Option<Mutex<Receiver<Result<Opened, String>>>>) -> Self {
        let follow = Follow::start(source, mode);
        let abandoned = Arc::new(AtomicBool::new(false));
        Self { follow, mode, next: VecDeque::new(), damage: None, writer: None, taken: 0, reserved: false, whole, abandoned }
    }

    /// Loads a finished replay file in the background: opened whole on a thread of its own,
    /// its lines streaming in meanwhile.
    pub fn load(path: PathBuf, registry: &ViewRegistry) -> Self {
        let file = path.clone();
        Self::load_whole(Source::File(path), registry, move |_| {
            std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))
        })
    }

    /// Loads a replay from an http(s) link as a big file is loaded: its lines stream in (with
    /// the size the server gives for the progress bar) while the whole is downloaded and opened
    /// on a thread of its own.
    pub fn load_url(url: String, registry: &ViewRegistry) -> Self {
        let link = url.clone();
        Self::load_whole(Source::Url(url), registry, move |stop| kibitz_follow::fetch(&link, stop))
    }

    /// `source`'s lines streaming in, while `read` gets its whole text (giving up once told to
    /// stop: the window moved on) and it is opened on a thread of its own.
    fn load_whole(
        source: Source,
        registry: &ViewRegistry,
        read: impl FnOnce(&AtomicBool) -> Result<String, String> + Send + 'static,
    ) -> Self {
        let (sender, whole) = std::sync::mpsc::channel();
        let abandoned = Arc::new(AtomicBool::new(false));
        let (registry, title, stop) = (registry.clone(), source.name(), abandoned.clone());
        let opening = std::thread::Builder::new().name("kibitz-open".into()).spawn(move || {
            let opened = read(&stop).and_then(|text| registry.open(&text, title));
            // The window may have moved on to another replay: then nobody waits for this one.
            let _ = sender.send(opened);
        });
        let mut incoming = Self::start(source, Mode::Load, opening.ok().map(|_| Mutex::new(whole)));
        incoming.abandoned = abandoned;
        incoming
    }

    /// The whole replay, once its thread has opened it (or could not: the lines streaming in
    /// then go on to its end).
    pub fn whole(&mut self) -> Option<Result<Opened, String>> {
        let receiver = self.whole.as_mut()?.get_mut().unwrap_or_else(|poisoned| poisoned.into_inner());
        let answer = match receiver.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        self.whole = None;
        answer
    }

    /// Whether the whole file is still being opened on its thread: the lines streaming in are a
    /// preview of its beginning.
    pub fn opening(&self) -> bool {
        self.whole.is_some()
    }

    /// Whether a live source is being followed (the cursor rides its end).
    pub fn is_live(&self) -> bool {
        self.mode == Mode::Follow
    }

    /// Whether a file is still loading (the cursor stays where the user put it): its lines are
    /// still streaming in, or its whole is still being opened.
    pub fn loading(&self) -> bool {
        self.mode == Mode::Load && self.damage.is_none() && (!self.follow.finished() || self.whole.is_some())
    }

    /// Whether nothing more will arrive: the source ended (or broke) and no other follows.
    pub fn over(&self) -> bool {
        self.damage.is_some() || (self.follow.finished() && self.next.is_empty())
    }

    /// How much of a loading file is read, 0 to 1.
    pub fn progress(&self) -> Option<f32> {
        let status = self.follow.status();
        (self.mode == Mode::Load).then(|| status.size.filter(|&s| s > 0).map_or(0.0, |size| status.read as f32 / size as f32))
    }

    /// The source's name, for the title.
    pub fn name(&self) -> String {
        self.follow.source.name()
    }

    /// One line for the window: live or not, how far, what went wrong.
    pub fn status(&self) -> String {
        self.status_line().0
    }

    /// The status line, and whether it tells of a problem (for its colour).
    pub fn status_line(&self) -> (String, bool) {
        if let Some(failure) = self.writer.as_ref().and_then(|w| w.lock().ok()?.clone()) {
            return (format!("the match stopped: {failure}"), true);
        }
        if let Some(damage) = &self.damage {
            return (format!("{} is damaged at {damage}; showing the steps before it", self.name()), true);
        }
        let status = self.follow.status();
        let now = Instant::now();
        let torn = status.partial > 0 && (status.phase == Phase::Ended || status.torn(now));
        let problem = torn || matches!(status.phase, Phase::Lost(_));
        let text = match (&status.phase, self.mode) {
            (Phase::Ended, Mode::Follow) if status.partial == 0 => "match over".to_string(),
            (Phase::Reading, Mode::Load) => format!("loading {} · {} lines", self.name(), self.taken),
            _ => status.describe(now),
        };
        (text, problem)
    }

    /// Takes in the lines that came, for up to `budget`: a header opens a new replay, returned
    /// at once (the shell shows it, then the next frame goes on); other lines go to `session`.
    pub fn take(
        &mut self,
        registry: &ViewRegistry,
        mut session: Option<&mut (dyn GameView + 'static)>,
        budget: Duration,
    ) -> Option<Box<dyn GameView>> {
        let started = Instant::now();
        while started.elapsed() < budget {
            if self.follow.finished() {
                let next = self.next.pop_front()?;
                self.follow = Follow::start(next, self.mode);
            }
            let line = self.follow.try_line()?;
            if line.number == 1 {
                // A new replay begins (or the file was rewritten): it replaces what was shown.
                self.damage = None;
                self.taken = 1;
                self.reserved = false;
                return match registry.open(&line.text, self.name()) {
                    Ok(opened) => Some(opened.view),
                    Err(e) => {
                        self.damage = Some(format!("line 1: {e}"));
                        None
                    }
                };
            }
            if self.damage.is_some() {
                continue;
            }
            match session.as_deref_mut() {
                Some(view) => match view.append(&line.text, line.number) {
                    Ok(()) => self.taken = line.number,
                    Err(e) => self.damage = Some(e),
                },
                None => self.damage = Some(format!("line {}: no replay header before it", line.number)),
            }
        }
        None
    }
}
