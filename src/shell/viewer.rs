//! The viewer's state, whatever its layout: the replay shown, the timeline, the camera and
//! perspective, a replay still arriving, the broadcast's playlist; and what the keys and the
//! menus do to it (`act`). The layouts (`studio`, `broadcast`) draw it.

use super::incoming::{Incoming, LOAD_IN_BACKGROUND, WriterFailure};
use super::playback::Playback;
use super::playlist::{Item, Running};
use super::settings::{Recent, Settings};
use super::shortcuts::{Action, Keymap};
use super::thinking::{ChartOf, DrawingShown};
use crate::kit::contract::view::{BoardCamera, GameView, Perspective};
use crate::kit::contract::view_room::Opened;
use crate::kit::contract::view_room::ViewRegistry;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

/// A 3D board as this frame's UI laid it out.
pub struct Board3d {
    pub scene: crate::kit::viewing::scene::Scene,
    /// Where it is drawn, in points, and points per pixel.
    pub rect: egui::Rect,
    pub pixels_per_point: f32,
}

/// A message shown at the top of the board until dismissed.
pub struct Notice {
    pub text: String,
    pub error: bool,
}

#[derive(Resource)]
pub struct Viewer {
    /// The games this viewer can open.
    registry: ViewRegistry,
    pub session: Option<Box<dyn GameView>>,
    pub playback: Playback,
    pub camera: BoardCamera,
    pub perspective: Perspective,
    /// This frame's board, when it is a 3D scene: for `scene3d::sync` to render.
    pub board3d: Option<Board3d>,
    /// The turn log shows only this player's lines (and the game's own).
    pub log_player: Option<usize>,
    /// The cursor (and log filter) the turn log was last scrolled to.
    pub log_scrolled_to: Option<(usize, Option<usize>)>,
    pub message: Option<Notice>,
    pub show_help: bool,
    /// Whose drawing shows over the board (`I`, the View menu).
    pub drawing: DrawingShown,
    /// Shapes of the bots' drawing painted in the last frame.
    pub drawn_shapes: usize,
    /// What the side panel's chart shows.
    pub chart: ChartOf,
    /// A second replay shown beside the first (`kibitz view A --compare B`).
    pub compare: Option<super::compare::Compare>,
    /// The "compare with a path" prompt, while it is open.
    pub compare_box: Option<String>,
    pub goto: Option<String>,
    /// The file the shown replay came from (its full path is the title's tooltip).
    pub source: Option<PathBuf>,
    /// The "open a path" prompt, while it is open.
    pub path_box: Option<String>,
    /// The keys of every action (the defaults, rebound by the settings).
    pub keymap: Keymap,
    pub recent: Recent,
    /// The answer of a file dialog running on its own thread (a Mutex makes it shareable).
    dialog: Option<Mutex<Receiver<Option<PathBuf>>>>,
    /// A replay still arriving: followed live, or a big file loading.
    pub incoming: Option<Incoming>,
    /// A step to go to once the replay loading has reached it (`--turn` on a big replay).
    pub pending_seek: Option<usize>,
    /// The command line's `--look` settings and `--perspective` for a replay still to load:
    /// applied to the part shown first and again to the whole when it replaces it.
    pub start_looks: Vec<String>,
    pub start_perspective: Option<usize>,
    /// The playlist, when the window is a broadcast (`kibitz broadcast`) rather than the studio.
    pub broadcast: Option<Running>,
    /// Making still pictures (`--screenshot`, `kibitz export`): no hover details on the board.
    pub still: bool,
    /// The player whose view the fog key returns to.
    fog_player: usize,
    /// Start playing once a replay still to arrive first shows (`--play` on a big file).
    pub play_when_shown: bool,
    /// The tournament whose matches the side panel lists (`kibitz view DIR`), or the broadcast
    /// shows between matches (`kibitz broadcast DIR`).
    pub tournament: Option<super::tournament::Tournament>,
    /// How to work it out again, and the answer on its way.
    pub tournament_refresh: Option<super::tournament::Refresh>,
    tournament_coming: Option<Mutex<Receiver<Result<super::tournament::Tournament, String>>>>,
    /// The tournament's match on screen: its bots' names and colours are the spec's.
    pub tournament_match: Option<super::tournament::Entry>,
    /// A contest day's ranking, between its servers' live views (`kibitz broadcast DIR`).
    pub contest: Option<super::contest::ContestBoard>,
    /// The map editor of `kibitz edit`, shown or waiting behind.
    pub editor: MapEditor,
    /// That game's match process, when our bots play it: ended on the way back.
    game_process: Option<std::process::Child>,
    /// Closing asked about unsaved work (save, discard, cancel); the answer's error, if any.
    pub quitting: Option<Option<String>>,
    /// The window is to close now.
    pub exit: bool,
}

/// The map editor of `kibitz edit`: shown in place of a replay, or waiting behind a game
/// started from it or a replay opened over it (E comes back), unsaved changes and all.
#[derive(Default)]
pub struct MapEditor {
    view: Option<Box<crate::kit::editor::EditView>>,
    /// Waiting behind what the window shows.
    behind: bool,
}

impl MapEditor {
    /// The editor, when the window shows it.
    pub fn shown(&self) -> Option<&crate::kit::editor::EditView> {
        self.view.as_deref().filter(|_| !self.behind)
    }

    /// The same, to draw it and hand it the keys.
    pub fn shown_mut(&mut self) -> Option<&mut crate::kit::editor::EditView> {
        if self.behind { None } else { self.view.as_deref_mut() }
    }

    /// Whether there is an editor, shown or behind.
    pub fn is_open(&self) -> bool {
        self.view.is_some()
    }

    /// Whether an editor waits behind what the window shows.
    pub fn is_behind(&self) -> bool {
        self.behind && self.view.is_some()
    }

    /// Puts the editor, if any, behind what the window shows next.
    fn put_behind(&mut self) {
        self.behind = true;
    }

    /// The editor waiting behind, taken to be shown again.
    fn take_behind(&mut self) -> Option<Box<crate::kit::editor::EditView>> {
        if self.behind { self.view.take() } else { None }
    }
}

/// How long a frame may spend taking in a loading replay: the window keeps its pace (about
/// 12 ms of UI work a frame at most, docs/performance.md) while the rest arrives.
const LOADING_BUDGET: Duration = Duration::from_millis(6);
/// The end of the notice of a replay followed as it is written.
const FOLLOWING: &str = " as it is written; End jumps back to the live edge";

/// The same while the whole file is being opened on a thread of its own: the lines taken in
/// are only a preview of its beginning.
const PREVIEW_BUDGET: Duration = Duration::from_millis(3);
/// The same for the lines of a live match, which come slowly anyway.
const LIVE_BUDGET: Duration = Duration::from_millis(4);
/// Lines the follower may have read ahead of those taken (`kibitz_follow`'s channel), which
/// the bytes read already count.
const LOADING_AHEAD: usize = 4096;

impl Viewer {
    pub fn new(registry: ViewRegistry) -> Self {
        let (settings, broken) = Settings::load();
        let (recent, broken_recent) = Recent::load();
        let (keymap, bad_keys) = Keymap::with(&settings.keys);
        let problems: Vec<String> = broken.into_iter().chain(broken_recent).chain(bad_keys).collect();
        crate::kit::viewing::palette::choose(settings.palette);
        let mut playback = Playback::new(0);
        if let Some(speed) = settings.speed {
            playback.set_speed(speed);
        }
        Self {
            registry,
            session: None,
            playback,
            camera: BoardCamera::default(),
            perspective: Perspective::Omniscient,
            board3d: None,
            log_player: None,
            log_scrolled_to: None,
            message: (!problems.is_empty()).then(|| Notice { text: format!("settings: {}", problems.join("; ")), error: true }),
            show_help: false,
            drawing: DrawingShown::default(),
            drawn_shapes: 0,
            chart: ChartOf::Scores,
            compare: None,
            compare_box: None,
            goto: None,
            path_box: None,
            source: None,
            keymap,
            recent,
            dialog: None,
            incoming: None,
            pending_seek: None,
            start_looks: Vec::new(),
            start_perspective: None,
            broadcast: None,
            tournament: None,
            tournament_refresh: None,
            tournament_coming: None,
            tournament_match: None,
            contest: None,
            editor: MapEditor::default(),
            game_process: None,
            quitting: None,
            exit: false,
            still: false,
            fog_player: 0,
            play_when_shown: false,
        }
    }

    /// Follows replays as they are written (files, or servers' spectator ports), one after
    /// another; `writer` says why the process writing them stopped, if it failed.
    pub fn follow(&mut self, sources: std::collections::VecDeque<kibitz_follow::Source>, writer: Option<WriterFailure>) {
        self.receive(Incoming::follow(sources, writer));
    }

    /// Empties the window for a replay that is still to arrive.
    fn receive(&mut self, incoming: Option<Incoming>) {
        self.session = None;
        self.playback = self.fresh_playback(0);
        self.incoming = incoming;
    }

    /// A timeline of `len` steps at the speed the user chose.
    fn fresh_playback(&self, len: usize) -> Playback {
        let mut playback = Playback::new(len);
        playback.set_speed(self.playback.speed());
        playback
    }

    /// Whether something moves without input, so the next frame must come without waiting
    /// for any: playback, a replay arriving, a live or hand-played match (its answers), a
    /// broadcast's playlist, a file dialog's answer. Otherwise the window draws nothing.
    pub fn busy(&self) -> bool {
        self.playback.playing
            || self.incoming.as_ref().is_some_and(|i| !i.over())
            || self.pending_seek.is_some()
            || self.play_when_shown
            || self.broadcast.is_some()
            || self.dialog.is_some()
            || self.session.as_ref().is_some_and(|s| s.is_live())
    }

    /// Whether the replay is still loading (or a step asked for is not there yet).
    pub fn loading(&self) -> bool {
        self.incoming.as_ref().is_some_and(|i| i.loading())
    }

    /// Goes to `step`, now or, while the replay loads, once it is there.
    pub fn seek_when_there(&mut self, step: usize) {
        if self.loading() && step > self.playback.len() {
            self.pending_seek = Some(step);
        } else {
            self.playback.seek(step);
        }
    }

    /// Takes in what a followed or loading replay brought since the last frame, a few
    /// milliseconds' work at most ([`LOADING_BUDGET`]): a frame's cost does not grow with the
    /// replay.
    pub fn take_incoming(&mut self) {
        let Some(incoming) = self.incoming.as_mut() else { return };
        match incoming.whole() {
            Some(Ok(opened)) => return self.take_whole(opened),
            Some(Err(e)) => self.message = Some(Notice { text: format!("{e}; reading it line by line instead"), error: true }),
            None => {}
        }
        let Some(incoming) = self.incoming.as_mut() else { return };
        let budget = match () {
            _ if incoming.opening() => PREVIEW_BUDGET,
            _ if incoming.loading() => LOADING_BUDGET,
            _ => LIVE_BUDGET,
        };
        let live = incoming.is_live();
        if let Some(view) = incoming.take(&self.registry, self.session.as_deref_mut(), budget) {
            let source = self.source.take();
            let title = view.track().title.clone();
            self.show(view);
            self.source = source;
            self.apply_start_looks(true);
            if live {
                self.message = Some(Notice { text: format!("following {title}{FOLLOWING}"), error: false });
            }
        }
        // A followed replay that has ended is no longer being written.
        let following = |m: &Notice| !m.error && m.text.ends_with(FOLLOWING);
        if self.incoming.as_ref().is_some_and(|i| i.over()) && self.message.as_ref().is_some_and(following) {
            self.message = None;
        }
        self.reserve_for_loading();
        let len = self.shown_len();
        self.playback.growing = self.loading();
        if self.loading() {
            self.playback.grow(len);
        }
        if let Some(step) = self.pending_seek.filter(|&s| s <= len || !self.loading()) {
            self.pending_seek = None;
            self.playback.resize(len);
            self.playback.seek(step);
        }
    }

    /// A big replay opened whole on its thread replaces the part of it streamed in so far,
    /// where the user is in it: same cursor, playing or not.
    fn take_whole(&mut self, opened: Opened) {
        let view = opened.view;
        let len = view.track().len;
        self.incoming = None;
        if self.session.is_none() {
            // It came before its first line did: shown as a replay opened whole.
            let source = self.source.take();
            self.show(view);
            self.source = source;
            self.apply_start_looks(true);
            self.playback.seek(self.pending_seek.take().unwrap_or(0));
            if let Some(d) = opened.damage {
                let title = self.session.as_ref().map_or(String::new(), |s| s.track().title.clone());
                self.message = Some(Notice { text: format!("{title} is damaged at {d}; showing the steps before it"), error: true });
            }
            return;
        }
        if let Some(text) = view.track().disagreement.clone() {
            self.message = Some(Notice { text, error: true });
        }
        if let Some(d) = opened.damage {
            self.message =
                Some(Notice { text: format!("{} is damaged at {d}; showing the steps before it", view.track().title), error: true });
        }
        // The part streamed in so far is freed on a thread of its own: a frame need not wait.
        let preview = self.session.replace(view);
        let _ = std::thread::Builder::new().name("kibitz-free".into()).spawn(move || {
            drop(preview);
            kibitz_allocator::give_back_freed_memory();
        });
        // The whole takes the looks the part had, leaving the camera where the user has it.
        self.apply_start_looks(false);
        self.start_looks.clear();
        self.playback.growing = false;
        self.playback.grow(len);
        if let Some(step) = self.pending_seek.take() {
            self.playback.seek(step);
        }
    }

    /// Applies the command line's looks (and, with `camera`, their camera and the start
    /// perspective) to the view on screen; what it refuses is said in the notice.
    fn apply_start_looks(&mut self, camera: bool) {
        let Some(session) = self.session.as_mut() else { return };
        let mut scratch = self.camera;
        for setting in &self.start_looks {
            let camera = if camera { &mut self.camera } else { &mut scratch };
            if let Err(e) = session.set_look(setting, camera) {
                self.message = Some(Notice { text: format!("--look {setting}: {e}"), error: true });
            }
        }
        if let Some(k) = self.start_perspective.take().filter(|_| camera) {
            match k < session.track().players.len() {
                true => self.perspective = Perspective::Player(k),
                false => self.message = Some(Notice { text: format!("--perspective {k}: this game has no such seat"), error: true }),
            }
        }
    }

    /// Once a loading replay is a few per cent in, makes room in its view for the steps the
    /// rest of the file will bring (estimated from the bytes read so far, generously: room not
    /// written costs no memory), once.
    fn reserve_for_loading(&mut self) {
        let (Some(incoming), Some(session)) = (self.incoming.as_mut(), self.session.as_mut()) else { return };
        let len = session.track().len;
        match incoming.progress() {
            Some(read) if incoming.loading() && !incoming.opening() && !incoming.reserved && read >= 0.02 && len >= 1000 => {
                incoming.reserved = true;
                // The bytes read hold the lines taken and up to LOADING_AHEAD more.
                let total = ((len + LOADING_AHEAD) as f32 / read * 1.1) as usize;
                session.reserve(total.saturating_sub(len));
            }
            _ => {}
        }
    }

    /// Opens a replay file; problems are shown in the window, the current replay stays. A big
    /// one loads in the background, its first steps on screen at once.
    pub fn open_file(&mut self, path: PathBuf) {
        if let Some(url) = path.to_str().filter(|p| kibitz_follow::is_url(p)) {
            self.receive(Some(Incoming::load_url(url.to_string(), &self.registry)));
            self.source = None;
            return;
        }
        self.note_tournament_match(&path);
        if std::fs::metadata(&path).is_ok_and(|m| m.len() >= LOAD_IN_BACKGROUND) {
            self.receive(Some(Incoming::load(path.clone(), &self.registry)));
            self.source = Some(std::path::absolute(&path).unwrap_or_else(|_| path.clone()));
            self.remember(path);
            return;
        }
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let name = crate::kit::matches::args::file_name(&path);
                if self.open_text(&text, name) {
                    self.source = Some(std::path::absolute(&path).unwrap_or_else(|_| path.clone()));
                    self.remember(path);
                }
            }
            Err(e) => self.message = Some(Notice { text: format!("cannot read {}: {e}", path.display()), error: true }),
        }
    }

    /// Keeps `path` among the recent files.
    fn remember(&mut self, path: PathBuf) {
        self.recent.remember(path);
        if let Err(e) = self.recent.save() {
            self.message = Some(Notice { text: format!("could not save the recent files: {e}"), error: true });
        }
    }

    /// Opens a replay from its text. Returns whether it could be shown.
    pub fn open_text(&mut self, text: &str, name: String) -> bool {
        match self.registry.open(text, name.clone()) {
            Ok(opened) => {
                self.incoming = None;
                self.show(opened.view);
                if let Some(d) = opened.damage {
                    self.message = Some(Notice { text: format!("{name} is damaged at {d}; showing the steps before it"), error: true });
                }
                true
            }
            Err(e) => {
                self.message = Some(Notice { text: format!("cannot open {name}: {e}"), error: true });
                false
            }
        }
    }

    /// Shows a session (replacing, and so ending, any live match shown before). A live match is
    /// followed from its end.
    pub fn show(&mut self, mut view: Box<dyn GameView>) {
        // A replay opened over the map editor leaves it waiting behind, unsaved changes and
        // all (E comes back).
        self.editor.put_behind();
        self.source = None;
        let len = view.track().len;
        self.playback = self.fresh_playback(len);
        if view.is_live() {
            self.playback.seek(len);
        } else if self.broadcast.is_some() && !self.incoming.as_ref().is_some_and(|i| i.is_live()) {
            // A broadcast plays each replay as it comes up.
            self.playback.toggle_play();
        }
        if std::mem::take(&mut self.play_when_shown) && !self.playback.playing {
            self.playback.toggle_play();
        }
        self.camera = view.hand().and_then(|h| h.initial_camera()).unwrap_or_default();
        self.perspective = view.hand().and_then(|h| h.initial_perspective()).unwrap_or(Perspective::Omniscient);
        self.message = view.track().disagreement.clone().map(|text| Notice { text, error: true });
        self.session = Some(view);
    }

    /// Shows the map editor in the window, in place of any replay.
    pub fn edit(&mut self, editor: Box<crate::kit::editor::EditView>) {
        self.source = None;
        self.session = None;
        self.playback = self.fresh_playback(0);
        self.camera = BoardCamera::default();
        self.perspective = Perspective::Omniscient;
        self.message = None;
        self.editor = MapEditor { view: Some(editor), behind: false };
    }

    /// Shows the replay in the file `b` beside the one shown (File → Compare with a path); a
    /// file that cannot be compared leaves things as they were and says why.
    pub fn compare_with(&mut self, b: PathBuf) {
        let opened = self.source.clone().ok_or_else(|| "the replay shown has no file to compare it with".to_string()).and_then(|a| {
            let read = |path: &PathBuf| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
            super::compare::Compare::open(&self.registry, &read(&a)?, &read(&b)?, &b)
        });
        match opened {
            Ok(compare) => self.compare = Some(compare),
            Err(e) => self.message = Some(Notice { text: e, error: true }),
        }
    }

    /// What seat `seat`'s bot read from Kibitz before the step shown (`kibitz replay input
    /// --until`), with a line saying so, for the clipboard.
    pub fn sent_before_cursor(&self, seat: usize) -> Result<(String, String), String> {
        let path = self.source.as_ref().ok_or("the replay shown has no file to read it from")?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let room = self.registry.registry.of_replay(&text)?;
        let reruns = room.capabilities().reruns.ok_or_else(|| format!("{} keeps no seats' input", room.id()))?;
        let cursor = self.playback.cursor();
        let input = (reruns.input)(&text, seat, Some(cursor))?;
        let said = format!("copied what seat {seat} read before step {cursor}: {} lines", input.text.lines().count());
        Ok((input.text, input.note.map_or(said.clone(), |n| format!("{said} ({n})"))))
    }

    /// The steps the timeline spans: the replay's, or the longer of two compared.
    pub fn shown_len(&self) -> usize {
        let a = self.session.as_ref().map_or(0, |s| s.track().len);
        self.compare.as_ref().map_or(a, |c| c.len(a))
    }

    /// Whether the window shows the map editor.
    pub fn editing(&self) -> bool {
        self.editor.shown().is_some()
    }

    /// Makes the window a broadcast of `running`'s playlist, from its current item.
    pub fn start_broadcast(&mut self, running: Running) {
        self.drawing.hidden = !running.debug;
        self.broadcast = Some(running);
        self.open_item();
    }

    /// Opens the playlist's current item; one that cannot be opened leaves the board empty,
    /// says why, and gives way to the next after the pause.
    fn open_item(&mut self) {
        let Some(item) = self.broadcast.as_ref().map(|b| b.current().clone()) else { return };
        self.receive(None);
        self.message = None;
        match item {
            Item::Replay(path) => self.open_file(path),
            Item::Live(source) => {
                self.note_tournament_match(std::path::Path::new(&source));
                self.follow(std::collections::VecDeque::from([kibitz_follow::Source::parse(&source)]), None);
            }
        }
    }

    /// Whether `file` is one of the tournament's matches: then its seats take their bots'
    /// colours (set before the view opens, which takes them) and the spec's names.
    fn note_tournament_match(&mut self, file: &std::path::Path) {
        self.tournament_match = self.tournament.as_ref().and_then(|t| t.entry_of(file)).cloned();
        crate::kit::viewing::palette::colour_seats_as(self.tournament_match.as_ref().map_or(&[], |m| &m.slots));
    }

    /// The name of seat `k` as the screen shows it: the tournament's name of its bot, else the
    /// replay's.
    pub fn seat_name<'a>(&'a self, k: usize, recorded: &'a str) -> &'a str {
        self.tournament_match.as_ref().and_then(|m| m.bots.get(k)).map_or(recorded, String::as_str)
    }

    /// Every seat's name as the screen shows it ([`Viewer::seat_name`]).
    pub fn seat_names(&self) -> Vec<String> {
        let players = self.session.as_ref().map_or(&[][..], |s| &s.track().players[..]);
        players.iter().enumerate().map(|(k, p)| self.seat_name(k, &p.name).to_string()).collect()
    }

    fn step_playlist(&mut self, delta: isize) {
        if self.broadcast.as_mut().and_then(|b| b.step(delta)).is_some() {
            self.open_item();
        }
    }

    /// Whether the replay on screen is over: shown to its end, with nothing more to come.
    pub fn item_ended(&self) -> bool {
        let arriving = self.incoming.as_ref().is_some_and(|i| !i.over());
        !arriving && self.playback.cursor() == self.playback.len() && !self.playback.playing
    }

    /// A frame of `seconds` of a broadcast: the next item, when the countdown says; the
    /// tournament worked out again when an item ends (what it shows before the next).
    pub fn tick_broadcast(&mut self, seconds: f32) {
        let ended = self.item_ended();
        let counting = self.broadcast.as_ref().is_some_and(|b| b.countdown().is_some());
        if ended
            && !counting
            && self.tournament_coming.is_none()
            && let Some(refresh) = &self.tournament_refresh
            && let Some(running) = &self.broadcast
        {
            self.tournament_coming = Some(Mutex::new(refresh.start(running.shown_stems())));
        }
        let answer = self.tournament_coming.as_ref().and_then(|r| r.lock().ok()?.try_recv().ok());
        match answer {
            Some(Ok(tournament)) => self.tournament = Some(tournament),
            Some(Err(e)) => self.message = Some(Notice { text: format!("the standings: {e}"), error: true }),
            None => {}
        }
        if !ended {
            self.tournament_coming = None;
        }
        if self.broadcast.as_mut().and_then(|b| b.tick(ended, seconds)).is_some() {
            self.open_item();
        }
    }

    /// Starts a game asked for by the map editor and shows it in the editor's place; the editor
    /// waits behind it. A game that cannot start leaves the editor, saying why.
    pub fn play_from_editor(&mut self, request: crate::kit::editor::PlayMap) {
        self.back_to_editor();
        if let Err(e) = self.start_map_game(request) {
            self.message = Some(Notice { text: format!("cannot play the map: {e}"), error: true });
        }
    }

    fn start_map_game(&mut self, request: crate::kit::editor::PlayMap) -> Result<(), String> {
        let game = request.game;
        if request.bots {
            let log_path = request.replay.with_extension("log");
            let log = std::fs::File::create(&log_path).map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
            let err = log.try_clone().map_err(|e| e.to_string())?;
            // Started as every bot is (a process group of its own, so that going back ends it
            // and whatever it started), `kibitz` being this very program.
            let args: Vec<String> = request.args.iter().map(|a| kibitz_referee::command::shell_quote(a)).collect();
            let mut command = kibitz_referee::command::shell(&format!("kibitz match {game} {}", args.join(" ")));
            command.stdin(std::process::Stdio::null()).stdout(log).stderr(err);
            let child = command.spawn().map_err(|e| format!("cannot start the match: {e}"))?;
            // Behind at once: the game shows when its replay's first lines arrive.
            self.editor.put_behind();
            self.game_process = Some(child);
            self.follow(std::collections::VecDeque::from([kibitz_follow::Source::File(request.replay)]), None);
            self.message = Some(Notice { text: "Our bots play the map being edited; E goes back to the editor".into(), error: false });
        } else {
            let room = self.registry.get(game)?;
            let verb = room.play().map(|p| p.verb).ok_or(format!("{game} cannot be played by hand"))?;
            let args = std::iter::once("play".to_string()).chain(request.args);
            let matches = verb.command.clone().try_get_matches_from(args).map_err(|e| e.to_string())?;
            let session = verb.run(&matches).map_err(|e| format!("{e:#}"))?;
            self.show(session.view);
            self.message = Some(Notice { text: "You play the map being edited; E goes back to the editor".into(), error: false });
        }
        Ok(())
    }

    /// Which actions the window shown offers (and its help lists).
    pub fn offered(&self) -> fn(Action) -> bool {
        match &self.broadcast {
            Some(_) => Action::in_broadcast,
            None if self.editing() => Action::in_editor,
            None => Action::in_studio,
        }
    }

    /// Ctrl+Q, File → Quit, the window's close button: the window closes at once, unless there
    /// is unsaved work; then it asks first (save, discard, cancel).
    pub fn ask_to_quit(&mut self) {
        if self.unsaved().is_empty() {
            self.quit_now();
        } else {
            self.quitting = Some(None);
        }
    }

    /// What closing now would lose: the map editor's changes, shown or waiting behind a game.
    pub fn unsaved(&self) -> Vec<String> {
        self.editor.view.as_ref().and_then(|e| e.unsaved()).into_iter().collect()
    }

    /// Saves the unsaved work and closes; stays open, saying why, when it cannot be saved.
    pub fn save_and_quit(&mut self) {
        if let Some(editor) = self.editor.view.as_mut()
            && editor.unsaved().is_some()
            && let Err(e) = editor.save_unsaved()
        {
            self.quitting = Some(Some(e));
            return;
        }
        self.quit_now();
    }

    /// Closes the window: a game started from the editor is ended first.
    pub fn quit_now(&mut self) {
        self.back_to_editor();
        crate::kit::editor::remove_games_folder();
        self.quitting = None;
        self.exit = true;
    }

    /// Ends a game started from the map editor (its replay is kept) and shows the editor again.
    pub fn back_to_editor(&mut self) {
        let Some(editor) = self.editor.take_behind() else { return };
        if let Some(hand) = self.session.as_mut().and_then(|s| s.hand()) {
            hand.stop();
        }
        if let Some(mut child) = self.game_process.take() {
            kibitz_referee::process::kill_group(child.id());
            let _ = child.wait();
        }
        self.receive(None);
        self.edit(editor);
    }

    /// Continues the shown replay by hand from the cursor, in the seat that is to move.
    fn take_over(&mut self) {
        let Some(session) = &self.session else { return };
        if session.is_live() {
            self.message = Some(Notice { text: "this match is already being played by hand".into(), error: true });
            return;
        }
        let cursor = self.playback.cursor();
        self.incoming = None;
        match session.take_over(cursor) {
            Ok((view, path)) => {
                self.show(view);
                self.message =
                    Some(Notice { text: format!("You play from here on; the game is recorded to {}", path.display()), error: false });
            }
            Err(e) => self.message = Some(Notice { text: format!("cannot take over: {e}"), error: true }),
        }
    }

    /// Starts the system file dialog on its own thread, so the window never hangs on it.
    fn ask_for_file(&mut self) {
        if !file_dialog_available() {
            self.message = Some(Notice {
                text: "No file-dialog service is available here (no desktop portal on the session bus). \
                       Use 'Open a path…' in the File menu, drag a replay onto the window, or start with `kibitz view FILE`."
                    .into(),
                error: true,
            });
            return;
        }
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let file = rfd::FileDialog::new().add_filter("Kibitz replay", &["jsonl", "json"]).pick_file();
            let _ = tx.send(file);
        });
        self.dialog = Some(Mutex::new(rx));
    }

    pub fn poll_dialog(&mut self) {
        let Some(rx) = &self.dialog else { return };
        let answer = rx.lock().map_or(Err(TryRecvError::Disconnected), |rx| rx.try_recv());
        match answer {
            Ok(Some(path)) => {
                self.dialog = None;
                self.open_file(path);
            }
            Ok(None) | Err(TryRecvError::Disconnected) => self.dialog = None,
            Err(TryRecvError::Empty) => {}
        }
    }

    pub fn act(&mut self, action: Action) {
        // After a broadcast's replay has ended, pause holds the countdown to the next.
        if action == Action::PlayPause && self.item_ended() {
            if let Some(running) = self.broadcast.as_mut() {
                running.held = !running.held;
                return;
            }
        }
        let starts = self.session.as_ref().map(|s| s.track().round_starts.clone()).unwrap_or_default();
        let players = self.session.as_ref().map_or(0, |s| s.track().players.len());
        let cycle = self.session.as_mut().and_then(|s| s.hand()).and_then(|h| h.perspective_cycle());
        let p = &mut self.playback;
        match action {
            Action::PlayPause => p.toggle_play(),
            Action::Reverse => p.reverse = !p.reverse,
            Action::StepBack => p.step_by(-1),
            Action::StepForward => p.step_by(1),
            Action::RoundBack => p.step_round(false, &starts),
            Action::RoundForward => p.step_round(true, &starts),
            Action::Start => p.seek(0),
            Action::End => p.seek(p.len()),
            Action::Faster => p.faster(),
            Action::Slower => p.slower(),
            Action::GoTo => self.goto = Some(self.playback.cursor().to_string()),
            Action::Fit => self.camera = BoardCamera::default(),
            Action::ZoomIn => self.camera.zoom_about(1.25, egui::Vec2::ZERO),
            Action::ZoomOut => self.camera.zoom_about(1.0 / 1.25, egui::Vec2::ZERO),
            // On a 3D board the same keys turn the camera around it.
            Action::PanLeft => self.pan(40.0, 0.0),
            Action::PanRight => self.pan(-40.0, 0.0),
            Action::PanUp => self.pan(0.0, 40.0),
            Action::PanDown => self.pan(0.0, -40.0),
            Action::Perspective => self.perspective = next_perspective(self.perspective, players, cycle.as_deref()),
            Action::Player(k) if (k as usize) < players => {
                self.fog_player = k as usize;
                self.perspective = Perspective::Player(k as usize);
            }
            Action::Player(_) => {}
            Action::Everyone => self.perspective = Perspective::Omniscient,
            Action::Fog => {
                self.perspective = match self.perspective {
                    Perspective::Player(_) => Perspective::Omniscient,
                    Perspective::Omniscient if self.fog_player < players => Perspective::Player(self.fog_player),
                    Perspective::Omniscient => Perspective::Omniscient,
                }
            }
            Action::Next => self.step_playlist(1),
            Action::Previous => self.step_playlist(-1),
            Action::Open => self.ask_for_file(),
            Action::TakeOver => self.take_over(),
            Action::Editor => self.back_to_editor(),
            Action::Help => self.show_help = !self.show_help,
            Action::Drawing => self.drawing.hidden = !self.drawing.hidden,
            Action::CompareSide => {
                if let Some(compare) = self.compare.as_mut() {
                    compare.showing_b = !compare.showing_b;
                }
            }
            Action::Quit => self.ask_to_quit(),
        }
    }

    /// A drag (or pan key) of `dx`, `dy` points: moves a 2D board, turns a 3D one.
    pub fn pan(&mut self, dx: f32, dy: f32) {
        if self.board3d.is_some() {
            self.camera.orbit.drag(dx, dy);
        } else {
            self.camera.pan += egui::vec2(dx, dy);
        }
    }
}

/// Whether an xdg desktop portal can be reached: rfd needs one on the session bus.
fn file_dialog_available() -> bool {
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| std::path::Path::new(&d).join("bus").exists())
}

/// Files dropped onto the window are opened.
pub fn dropped_files(mut events: MessageReader<FileDragAndDrop>, mut viewer: ResMut<Viewer>) {
    for event in events.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = event {
            viewer.open_file(path_buf.clone());
        }
    }
}

/// What the perspective key moves to: the next of `cycle` when the game gives one (hand play
/// in the fog), else omniscient, then each player in turn.
fn next_perspective(current: Perspective, players: usize, cycle: Option<&[Perspective]>) -> Perspective {
    if let Some(cycle) = cycle.filter(|c| !c.is_empty()) {
        let at = cycle.iter().position(|&p| p == current);
        return at.map_or(cycle[0], |k| cycle[(k + 1) % cycle.len()]);
    }
    match current {
        Perspective::Omniscient if players > 0 => Perspective::Player(0),
        Perspective::Player(k) if k + 1 < players => Perspective::Player(k + 1),
        _ => Perspective::Omniscient,
    }
}

/// The shortcuts pressed this frame, of the layout shown, acted on; none while a text box has
/// the keyboard (egui hands a box the keys without taking them from the input).
pub fn keyboard(ctx: &egui::Context, viewer: &mut Viewer) {
    // The question on closing has the keys while it is asked.
    if crate::kit::contract::view::typing(ctx) || viewer.quitting.is_some() {
        return;
    }
    let claimed = match (viewer.editor.shown_mut(), viewer.session.as_mut()) {
        (Some(editor), _) => editor.keys(ctx),
        (None, Some(session)) if viewer.playback.cursor() == viewer.playback.len() => session.hand().map_or(&[][..], |h| h.keys(ctx)),
        _ => &[],
    };
    let offered = viewer.offered();
    // Each press with the modifiers of its own event (`ui::chord_modifiers`), not those held
    // when the frame is read: a quick Ctrl+S is never a bare S.
    let pressed: Vec<Action> = ctx.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key { key, pressed: true, modifiers, .. } if !claimed.contains(key) => Some((*key, *modifiers)),
                _ => None,
            })
            .flat_map(|(key, modifiers)| viewer.keymap.actions(key, modifiers).collect::<Vec<_>>())
            .filter(|&a| offered(a))
            .collect()
    });
    // One press may be reported as two keys (the logical ? and the physical Shift+/): act once.
    let mut done = Vec::new();
    for action in pressed {
        if !done.contains(&action) {
            done.push(action);
            viewer.act(action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::playlist::Playlist;
    use Perspective::{Omniscient, Player};

    fn replay(name: &str) -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/replays")).join(name)
    }

    fn title(viewer: &Viewer) -> String {
        viewer.session.as_ref().map_or(String::new(), |s| s.track().title.clone())
    }

    #[test]
    fn a_replay_loading_in_the_background_is_replaced_by_its_whole_where_the_user_is() {
        let mut viewer = Viewer::new(crate::games::registry());
        let path = replay("lighthouses-demo.jsonl");
        let whole = crate::games::registry().open(&std::fs::read_to_string(&path).unwrap(), "demo".into()).unwrap().view.track().len;
        viewer.receive(Some(Incoming::load(path, &viewer.registry)));
        viewer.play_when_shown = true;
        // A guard against a hang, not a timing test.
        let until = std::time::Instant::now() + Duration::from_secs(60);
        while viewer.loading() && std::time::Instant::now() < until {
            viewer.take_incoming();
            if viewer.session.is_some() {
                viewer.playback.tick(0.5);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!viewer.loading() && viewer.incoming.is_none(), "the whole replay came");
        assert_eq!(viewer.session.as_ref().unwrap().track().len, whole);
        assert_eq!(viewer.playback.len(), whole);
        assert!(viewer.playback.playing && viewer.playback.cursor() < whole, "still playing from where it was");
        assert!(!viewer.playback.growing);

        // The whole may come before the first line has: it is shown as a replay opened whole.
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.receive(Some(Incoming::load(replay("lighthouses-demo.jsonl"), &viewer.registry)));
        viewer.play_when_shown = true;
        let opened = crate::games::registry().open(&std::fs::read_to_string(replay("lighthouses-demo.jsonl")).unwrap(), "demo".into());
        viewer.take_whole(opened.unwrap());
        assert!(viewer.incoming.is_none() && viewer.playback.len() == whole);
        assert!(viewer.playback.playing && viewer.playback.cursor() == 0, "--play starts it from the beginning");
    }

    #[test]
    fn compare_with_puts_a_replay_of_the_same_game_beside_the_shown_one_and_refuses_another_game() {
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.open_file(replay("lighthouses-duel.jsonl"));
        while viewer.loading() {
            viewer.take_incoming();
        }
        viewer.compare_with(replay("snakecore-four.jsonl"));
        assert!(viewer.compare.is_none());
        assert!(
            viewer.message.as_ref().is_some_and(|m| m.error && m.text.contains("two games cannot be compared")),
            "{:?}",
            viewer.message.as_ref().map(|m| &m.text)
        );
        viewer.compare_with(replay("lighthouses-demo.jsonl"));
        let compare = viewer.compare.as_ref().expect("the same game");
        assert!(compare.diff.first.is_some(), "two different matches");
        assert_eq!(viewer.shown_len(), compare.view.track().len.max(viewer.session.as_ref().unwrap().track().len));
        // What seat 1 read before step 10: its init line and its turns' lines so far.
        viewer.playback.resize(viewer.shown_len());
        viewer.playback.seek(10);
        let (text, said) = viewer.sent_before_cursor(1).unwrap();
        assert!(text.starts_with("{\"player_num\":1"), "{text}");
        assert!(said.contains("before step 10"), "{said}");
    }

    #[test]
    fn a_broadcast_plays_each_replay_then_moves_on_after_the_pause_and_the_caster_steers_it() {
        let items = vec![
            Item::Replay(replay("lighthouses-duel.jsonl")),
            Item::Replay(PathBuf::from("/no/such/replay.jsonl")),
            Item::Replay(replay("snakecore-four.jsonl")),
        ];
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.start_broadcast(Running::new(Playlist { pause: 2.0, repeat: false, items }, false));
        assert_eq!(title(&viewer), "lighthouses-duel.jsonl");
        assert!(viewer.playback.playing, "a broadcast plays each replay as it comes up");
        assert!(!viewer.item_ended());
        // Played to its end: the countdown runs, the caster holds it, then lets it go.
        viewer.playback.seek(viewer.playback.len());
        viewer.playback.playing = false;
        viewer.tick_broadcast(1.5);
        viewer.act(Action::PlayPause);
        viewer.tick_broadcast(30.0);
        assert_eq!(title(&viewer), "lighthouses-duel.jsonl", "held");
        viewer.act(Action::PlayPause);
        viewer.tick_broadcast(0.6);
        // The missing file: an empty board that says why, and the next after the pause.
        assert!(viewer.session.is_none());
        assert!(viewer.message.as_ref().is_some_and(|m| m.error && m.text.contains("/no/such/replay.jsonl")), "says why");
        viewer.tick_broadcast(2.0);
        assert_eq!(title(&viewer), "snakecore-four.jsonl");
        // The players' keys and the fog.
        viewer.act(Action::Player(2));
        assert_eq!(viewer.perspective, Player(2));
        viewer.act(Action::Fog);
        assert_eq!(viewer.perspective, Omniscient);
        viewer.act(Action::Fog);
        assert_eq!(viewer.perspective, Player(2), "the fog comes back on the same player");
        viewer.act(Action::Player(8));
        assert_eq!(viewer.perspective, Player(2), "no ninth python here");
        viewer.act(Action::Previous);
        viewer.act(Action::Previous);
        assert_eq!(title(&viewer), "lighthouses-duel.jsonl");
    }

    #[test]
    fn a_replay_opened_over_the_editor_leaves_it_waiting_behind_with_its_changes() {
        let format = crate::games::registry().get("lighthouses").unwrap().maps().unwrap();
        let sheet = format.new_map(8, 6);
        let mut editor = crate::kit::editor::EditView::new(format, sheet, None);
        editor.paint(1, (2, 2), 1, kibitz_editor::Symmetry::None);
        editor.end_stroke();
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.edit(Box::new(editor));
        assert!(viewer.editing() && viewer.session.is_none());
        assert!(viewer.open_text(&std::fs::read_to_string(replay("lighthouses-duel.jsonl")).unwrap(), "duel".into()));
        assert!(!viewer.editing() && viewer.session.is_some(), "the replay is shown");
        assert_eq!(viewer.unsaved().len(), 1, "the editor's changes are still there, and closing asks");
        viewer.act(Action::Editor);
        assert!(viewer.editing() && viewer.session.is_none(), "E comes back to the editor");
        assert_eq!(viewer.unsaved().len(), 1);
    }

    #[test]
    fn quitting_closes_at_once_unless_work_would_be_lost_then_it_asks_and_saves_or_stays() {
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.act(Action::Quit);
        assert!(viewer.exit && viewer.quitting.is_none(), "nothing to lose: closed at once");
        // A new map painted, with no file to save to: asked, and saving says why it cannot.
        let format = crate::games::registry().get("lighthouses").unwrap().maps().unwrap();
        let sheet = format.new_map(8, 6);
        let mut editor = crate::kit::editor::EditView::new(format, sheet, None);
        editor.paint(1, (2, 2), 1, kibitz_editor::Symmetry::None);
        editor.end_stroke();
        let mut viewer = Viewer::new(crate::games::registry());
        viewer.edit(Box::new(editor));
        viewer.act(Action::Quit);
        assert!(!viewer.exit && viewer.quitting == Some(None), "asked first");
        assert_eq!(viewer.unsaved().len(), 1);
        viewer.save_and_quit();
        assert!(!viewer.exit, "not closed: the map could not be saved");
        assert!(viewer.quitting.clone().flatten().is_some_and(|e| e.contains("no file to save to")), "{:?}", viewer.quitting);
        viewer.quit_now();
        assert!(viewer.exit, "discarded");
    }

    #[test]
    fn the_perspective_key_visits_every_player_when_watching() {
        let mut seen = vec![Omniscient];
        for _ in 0..4 {
            seen.push(next_perspective(*seen.last().unwrap(), 3, None));
        }
        assert_eq!(seen, [Omniscient, Player(0), Player(1), Player(2), Omniscient]);
    }

    #[test]
    fn in_the_fog_the_perspective_key_never_shows_the_opponent() {
        let cycle = [Player(1), Omniscient];
        assert_eq!(next_perspective(Player(1), 2, Some(&cycle)), Omniscient);
        assert_eq!(next_perspective(Omniscient, 2, Some(&cycle)), Player(1));
        // From the opponent's view (chosen in the menu), the key goes back to one's own.
        assert_eq!(next_perspective(Player(0), 2, Some(&cycle)), Player(1));
    }
}
