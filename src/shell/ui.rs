//! The game-agnostic shell: menu bar, timeline, side panel (scores, chart, details, turn log),
//! the board area with pan and zoom, keyboard shortcuts and the help overlay.

use super::cpu::{UI_CPU, thread_cpu_ms};
use super::demo::{DEMO_NAME, DEMO_REPLAY};
use super::incoming::{Incoming, LOAD_IN_BACKGROUND, WriterFailure};
use super::playback::{Playback, SPEEDS};
use super::settings::Settings;
use super::shortcuts::{Action, SHORTCUTS};
use crate::kit::room::Registry;
use crate::kit::view::{BoardCamera, GameView, Marker, PanelRequest, Perspective, hover_box};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

/// A 3D board as this frame's UI laid it out.
pub struct Board3d {
    pub scene: crate::kit::scene::Scene,
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
    registry: Registry,
    pub session: Option<Box<dyn GameView>>,
    pub playback: Playback,
    pub camera: BoardCamera,
    pub perspective: Perspective,
    /// This frame's board, when it is a 3D scene: for `scene3d::sync` to render.
    pub board3d: Option<Board3d>,
    /// The turn log shows only this player's lines (and the game's own).
    log_player: Option<usize>,
    pub message: Option<Notice>,
    show_help: bool,
    goto: Option<String>,
    /// The file the shown replay came from (its full path is the title's tooltip).
    source: Option<PathBuf>,
    /// The "open a path" prompt, while it is open.
    path_box: Option<String>,
    settings: Settings,
    /// The answer of a file dialog running on its own thread (a Mutex makes it shareable).
    dialog: Option<Mutex<Receiver<Option<PathBuf>>>>,
    /// A replay still arriving: followed live, or a big file loading.
    pub incoming: Option<Incoming>,
    /// A step to go to once the replay loading has reached it (`--turn` on a big replay).
    pub pending_seek: Option<usize>,
}

impl Viewer {
    pub fn new(registry: Registry) -> Self {
        let (settings, problem) = Settings::load();
        crate::kit::palette::choose(settings.palette);
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
            message: problem.map(|text| Notice { text, error: true }),
            show_help: false,
            goto: None,
            path_box: None,
            source: None,
            settings,
            dialog: None,
            incoming: None,
            pending_seek: None,
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

    /// Takes in what a followed or loading replay brought since the last frame, which took
    /// `frame`.
    fn take_incoming(&mut self, frame: std::time::Duration) {
        let Some(incoming) = self.incoming.as_mut() else { return };
        // While loading, as long as the rest of a frame takes, so that the window keeps at least
        // half its frame rate; lines of a live match come slowly anyway.
        let budget =
            if incoming.loading() { frame.clamp(Duration::from_millis(8), Duration::from_millis(80)) } else { Duration::from_millis(8) };
        let live = incoming.is_live();
        if let Some(view) = incoming.take(&self.registry, self.session.as_deref_mut(), budget) {
            let source = self.source.take();
            let title = view.track().title.clone();
            self.show(view);
            self.source = source;
            if live {
                self.message =
                    Some(Notice { text: format!("following {title} as it is written; End jumps back to the live edge"), error: false });
            }
        }
        let len = self.session.as_ref().map_or(0, |s| s.track().len);
        if self.loading() {
            self.playback.grow(len);
        }
        if let Some(step) = self.pending_seek.filter(|&s| s <= len || !self.loading()) {
            self.pending_seek = None;
            self.playback.resize(len);
            self.playback.seek(step);
        }
    }

    /// Opens a replay file; problems are shown in the window, the current replay stays. A big
    /// one loads in the background, its first steps on screen at once.
    pub fn open_file(&mut self, path: PathBuf) {
        if std::fs::metadata(&path).is_ok_and(|m| m.len() >= LOAD_IN_BACKGROUND) {
            self.receive(Some(Incoming::load(path.clone())));
            self.source = Some(std::path::absolute(&path).unwrap_or_else(|_| path.clone()));
            self.remember(path);
            return;
        }
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let name = crate::kit::args::file_name(&path);
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
        self.settings.remember(path);
        if let Err(e) = self.settings.save() {
            self.message = Some(Notice { text: format!("could not save settings: {e}"), error: true });
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
        self.source = None;
        let len = view.track().len;
        self.playback = self.fresh_playback(len);
        if view.is_live() {
            self.playback.seek(len);
        }
        self.camera = BoardCamera::default();
        self.perspective = view.hand().and_then(|h| h.initial_perspective()).unwrap_or(Perspective::Omniscient);
        self.message = view.track().disagreement.clone().map(|text| Notice { text, error: true });
        self.session = Some(view);
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

    fn poll_dialog(&mut self) {
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

    fn act(&mut self, action: Action) {
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
            Action::ZoomIn => self.camera.zoom = (self.camera.zoom * 1.25).min(20.0),
            Action::ZoomOut => self.camera.zoom = (self.camera.zoom / 1.25).max(0.2),
            // On a 3D board the same keys turn the camera around it.
            Action::PanLeft => self.pan(40.0, 0.0),
            Action::PanRight => self.pan(-40.0, 0.0),
            Action::PanUp => self.pan(0.0, 40.0),
            Action::PanDown => self.pan(0.0, -40.0),
            Action::Perspective => self.perspective = next_perspective(self.perspective, players, cycle.as_deref()),
            Action::Open => self.ask_for_file(),
            Action::TakeOver => self.take_over(),
            Action::Help => self.show_help = !self.show_help,
        }
    }

    /// A drag (or pan key) of `dx`, `dy` points: moves a 2D board, turns a 3D one.
    fn pan(&mut self, dx: f32, dy: f32) {
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

pub fn ui(
    mut contexts: EguiContexts,
    mut viewer: ResMut<Viewer>,
    time: Res<Time>,
    mut diagnostics: bevy::diagnostic::Diagnostics,
) -> Result {
    let started = thread_cpu_ms();
    let ctx = contexts.ctx_mut()?.clone();
    let viewer = &mut *viewer;
    viewer.poll_dialog();
    viewer.take_incoming(time.delta());
    // A live match grows; a hand-played game can also shrink (an undo).
    if let Some(session) = viewer.session.as_mut() {
        session.hand().map(|h| h.poll());
        if session.track().len != viewer.playback.len() && !viewer.incoming.as_ref().is_some_and(|i| i.loading()) {
            viewer.playback.resize(session.track().len);
        }
    }
    viewer.playback.tick(time.delta_secs());
    keyboard(&ctx, viewer);

    let mut root = egui::Ui::new(
        ctx.clone(),
        "kibitz-root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("menu").show(&mut root, |ui| menu_bar(ui, viewer));
    egui::Panel::bottom("timeline").exact_size(64.0).show(&mut root, |ui| timeline(ui, viewer));
    egui::Panel::right("side").default_size(380.0).resizable(true).show(&mut root, |ui| side_panel(ui, viewer));
    // No fill: the 3D camera has cleared the window to the board's background, and a 3D
    // board shows through.
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(&mut root, |ui| board(ui, viewer));

    if viewer.show_help {
        help_overlay(&ctx, viewer);
    }
    goto_box(&ctx, viewer);
    path_box(&ctx, viewer);
    diagnostics.add_measurement(&UI_CPU, || thread_cpu_ms() - started);
    Ok(())
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

fn keyboard(ctx: &egui::Context, viewer: &mut Viewer) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let claimed = match viewer.session.as_mut() {
        Some(session) if viewer.playback.cursor() == viewer.playback.len() => session.hand().map_or(&[][..], |h| h.keys(ctx)),
        _ => &[],
    };
    let pressed: Vec<Action> = ctx.input(|i| {
        SHORTCUTS
            .iter()
            .filter(|s| !claimed.contains(&s.key) && i.key_pressed(s.key) && s.matches(s.key, i.modifiers.shift))
            .map(|s| s.action)
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

fn menu_bar(ui: &mut egui::Ui, viewer: &mut Viewer) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open…  (O)").clicked() {
                viewer.act(Action::Open);
                ui.close();
            }
            ui.menu_button("Open recent", |ui| {
                if viewer.settings.recent.is_empty() {
                    ui.label("nothing yet");
                }
                for path in viewer.settings.recent.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        viewer.open_file(path);
                        ui.close();
                    }
                }
            });
            if ui.button("Open the demo replay").clicked() {
                viewer.open_text(DEMO_REPLAY, DEMO_NAME.to_string());
                ui.close();
            }
            if ui.button("Open a path…").clicked() {
                viewer.path_box = Some(String::new());
                ui.close();
            }
        });
        ui.menu_button("View", |ui| {
            if ui.button("Fit board  (F)").clicked() {
                viewer.act(Action::Fit);
            }
            let players: Vec<String> =
                viewer.session.as_ref().map(|s| s.track().players.iter().map(|p| p.name.clone()).collect()).unwrap_or_default();
            ui.radio_value(&mut viewer.perspective, Perspective::Omniscient, "Omniscient");
            for (k, name) in players.iter().enumerate() {
                ui.radio_value(&mut viewer.perspective, Perspective::Player(k), format!("As {k} {name} saw it"));
            }
        });
        if ui.button("Help  (?)").clicked() {
            viewer.show_help = !viewer.show_help;
        }
        if let Some(s) = &viewer.session {
            ui.separator();
            let title = ui.label(RichText::new(format!("{} · {}", s.game(), s.track().title)).strong());
            if let Some(source) = &viewer.source {
                title.on_hover_text(source.display().to_string());
            }
        }
    });
}

fn timeline(ui: &mut egui::Ui, viewer: &mut Viewer) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let p = &viewer.playback;
        let mut act = None;
        let play = if p.playing { "⏸" } else { "▶" };
        let buttons = [
            ("⏮", Action::Start),
            ("⏪", Action::RoundBack),
            ("◀", Action::StepBack),
            (play, Action::PlayPause),
            ("▶", Action::StepForward),
            ("⏩", Action::RoundForward),
            ("⏭", Action::End),
        ];
        for (icon, action) in buttons {
            if ui.button(icon).on_hover_text(shortcut_hint(action)).clicked() {
                act = Some(action);
            }
        }
        let mut reverse = p.reverse;
        if ui.toggle_value(&mut reverse, "⟲ reverse").on_hover_text(shortcut_hint(Action::Reverse)).changed() {
            act = Some(Action::Reverse);
        }
        let mut speed = p.speed();
        egui::ComboBox::from_id_salt("speed").width(70.0).selected_text(format!("{speed}×")).show_ui(ui, |ui| {
            for s in SPEEDS {
                ui.selectable_value(&mut speed, s, format!("{s}×"));
            }
        });
        if speed != viewer.playback.speed() {
            viewer.playback.set_speed(speed);
        }
        if let Some(a) = act {
            viewer.act(a);
        }
        let cursor = viewer.playback.cursor();
        ui.label(format!("step {cursor}/{}", viewer.playback.len()));
        incoming_status(ui, viewer);
        if ui.button("go to…").on_hover_text(shortcut_hint(Action::GoTo)).clicked() {
            viewer.act(Action::GoTo);
        }
        let seat = viewer.session.as_ref().and_then(|s| s.seat_to_move(cursor).map(|p| (p, s.track().players[p].name.clone())));
        if let Some((p, name)) = seat
            && ui
                .button(format!("✋ take over {name}"))
                .on_hover_text(format!(
                    "{}: player {p} is played by you from here on; the other seats run their recorded bots",
                    shortcut_hint(Action::TakeOver)
                ))
                .clicked()
        {
            viewer.act(Action::TakeOver);
        }
        if let Some(s) = &viewer.session {
            ui.label(RichText::new(s.describe(cursor)).weak());
        }
    });
    scrub_bar(ui, viewer);
}

/// A followed or loading replay: live or not (a way back to the live edge), how far it is read.
fn incoming_status(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let Some(incoming) = &viewer.incoming else { return };
    let (status, problem) = incoming.status_line();
    if let Some(progress) = incoming.progress().filter(|_| incoming.loading()) {
        ui.add(egui::ProgressBar::new(progress).desired_width(140.0).show_percentage()).on_hover_text(&status);
        return;
    }
    if incoming.is_live() && status.starts_with("live") {
        if viewer.playback.cursor() == viewer.playback.len() {
            ui.label(RichText::new(" LIVE ").color(Color32::WHITE).background_color(Color32::from_rgb(200, 30, 30)).strong())
                .on_hover_text(&status);
        } else if ui.button("⏭ back to live").on_hover_text(shortcut_hint(Action::End)).clicked() {
            viewer.act(Action::End);
        }
    }
    let color = if problem { Color32::LIGHT_RED } else { Color32::GRAY };
    ui.label(RichText::new(status).color(color));
}

/// "what (key)" for an action, from the one shortcut registry.
fn shortcut_hint(action: Action) -> String {
    SHORTCUTS.iter().find(|s| s.action == action).map_or(String::new(), |s| format!("{} ({})", s.what, s.keys))
}

/// The scrub bar: round ticks, event markers, the cursor; click or drag anywhere to seek.
fn scrub_bar(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let width = ui.available_width();
    let (response, painter) = ui.allocate_painter(egui::vec2(width, 18.0), egui::Sense::click_and_drag());
    let rect = response.rect;
    let len = viewer.playback.len().max(1);
    let x_of = |at: usize| rect.left() + rect.width() * at as f32 / len as f32;
    painter.rect_filled(rect, 3.0, Color32::from_gray(35));
    let Some(session) = &viewer.session else { return };
    let starts = &session.track().round_starts;
    let every = (starts.len() / 50).max(1);
    for &s in starts.iter().step_by(every) {
        painter.line_segment(
            [egui::pos2(x_of(s), rect.bottom() - 4.0), egui::pos2(x_of(s), rect.bottom())],
            egui::Stroke::new(1.0, Color32::from_gray(70)),
        );
    }
    // One tick per pixel and kind: long replays have far more markers than the bar has pixels.
    let mut drawn = std::collections::HashSet::new();
    for m in &session.track().markers {
        let x = x_of(m.at);
        if drawn.insert((x.round() as i32, m.kind)) {
            painter
                .line_segment([egui::pos2(x, rect.top() + 2.0), egui::pos2(x, rect.bottom() - 5.0)], egui::Stroke::new(1.5, m.kind.color));
        }
    }
    let cx = x_of(viewer.playback.cursor());
    painter.line_segment([egui::pos2(cx, rect.top()), egui::pos2(cx, rect.bottom())], egui::Stroke::new(2.5, Color32::WHITE));
    let step_at = |x: f32| (((x - rect.left()) / rect.width()).clamp(0.0, 1.0) * len as f32).round() as usize;
    if let Some(pos) = response.interact_pointer_pos() {
        viewer.playback.seek(step_at(pos.x));
    }
    if let Some(pos) = response.hover_pos() {
        let at = step_at(pos.x);
        let near: Vec<&Marker> = session.track().markers.iter().filter(|m| (x_of(m.at) - pos.x).abs() < 3.0).take(6).collect();
        hover_box(&response, |ui| {
            ui.label(format!("step {at} · {}", session.describe(at)));
            for m in near {
                ui.colored_label(m.kind.color, format!("{}: {}", m.kind.name, m.label));
            }
        });
    }
}

fn side_panel(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let cursor = viewer.playback.cursor();
    let perspective = viewer.perspective;
    let Some(session) = viewer.session.as_mut() else {
        ui.label("No replay open. Drag one onto the window, or use File, Open a path….");
        return;
    };
    let playback = &mut viewer.playback;
    // Everything above the turn log scrolls on its own, so the log keeps at least a third of
    // the panel however long a game's details are.
    let top = (ui.available_height() * 0.66).max(120.0);
    egui::ScrollArea::vertical().id_salt("side-top").max_height(top).auto_shrink([false, true]).show(ui, |ui| {
        if let Some(hand) = session.hand() {
            match hand.panel(ui, cursor == playback.len()) {
                Some(PanelRequest::Stop) => hand.stop(),
                Some(PanelRequest::BackToGame) => playback.seek(playback.len()),
                None => {}
            }
            ui.separator();
        }
        ui.heading("Scores");
        let scores = session.track().scores_at(cursor);
        for (k, p) in session.track().players.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.colored_label(p.color, RichText::new(format!("{k} {}", p.name)).strong());
                ui.label(session.track().show_score(scores.get(k).copied().unwrap_or(0)));
                if let Some((at, reason)) = &p.failed {
                    let text = if *at < cursor { "failed" } else { "fails later" };
                    ui.colored_label(Color32::LIGHT_RED, text).on_hover_text(format!("step {at}: {reason}"));
                }
            });
        }
        score_chart(ui, session.as_ref(), cursor, playback);
        ui.separator();
        session.details(ui, cursor, perspective);
    });
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong("Turn log");
        let players = &session.track().players;
        let name = |p: Option<usize>| p.and_then(|k| players.get(k)).map_or("everyone".to_string(), |p| p.name.clone());
        egui::ComboBox::from_id_salt("log-player").selected_text(name(viewer.log_player)).show_ui(ui, |ui| {
            ui.selectable_value(&mut viewer.log_player, None, "everyone");
            for k in 0..players.len() {
                ui.selectable_value(&mut viewer.log_player, Some(k), name(Some(k)));
            }
        });
    });
    let lines = log_lines(session.as_ref(), cursor, viewer.log_player);
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        for line in lines {
            let current = line.step + 1 == cursor;
            let color = match (line.error, line.player) {
                (true, _) => Color32::LIGHT_RED,
                (false, Some(p)) => session.track().players[p].color,
                (false, None) => Color32::GRAY,
            };
            let mut text = RichText::new(format!("{:>5} {}", line.step, line.text)).color(color).monospace().size(11.5);
            if current {
                text = text.background_color(Color32::from_gray(55));
            }
            if line.step >= cursor {
                text = text.weak();
            }
            let r = ui.add(egui::Label::new(text).sense(egui::Sense::click()));
            if r.clicked() {
                viewer.playback.seek(line.step + 1);
            }
            if current {
                r.scroll_to_me(Some(egui::Align::Center));
            }
            for e in &line.stderr {
                ui.label(RichText::new(format!("      stderr: {e}")).monospace().size(11.0).color(Color32::from_gray(140)));
            }
        }
    });
}

/// The log around the cursor: 30 lines before it and 10 after, of one player (and the game's
/// own lines) when `only` says so.
fn log_lines(session: &dyn GameView, cursor: usize, only: Option<usize>) -> Vec<crate::kit::view::LogLine> {
    match only {
        None => session.log(cursor.saturating_sub(30)..cursor + 10),
        // A wider window, so that a quiet player still has lines to show.
        Some(_) => around(session.log(cursor.saturating_sub(3000)..cursor + 300), cursor, only),
    }
}

/// Of log lines in step order: the 30 before `cursor` and 10 from it on, of player `only`
/// (and the game's own lines) when given.
fn around(lines: Vec<crate::kit::view::LogLine>, cursor: usize, only: Option<usize>) -> Vec<crate::kit::view::LogLine> {
    let mine: Vec<_> = lines.into_iter().filter(|l| only.is_none_or(|k| l.player.is_none_or(|p| p == k))).collect();
    let split = mine.partition_point(|l| l.step < cursor);
    let from = split.saturating_sub(30);
    mine.into_iter().skip(from).take(split - from + 10).collect()
}

/// Points a score series keeps on the chart: a few per pixel of its width.
const CHART_POINTS: usize = 2000;

/// At most about `max` points of a series: its lowest and highest point in each of `max / 2`
/// buckets, in order, and its last, so that a million-step replay draws as fast as a short one
/// and no spike is lost.
fn thin(series: &[(usize, i64)], max: usize) -> Vec<(usize, i64)> {
    if series.len() <= max {
        return series.to_vec();
    }
    let bucket = series.len().div_ceil((max / 2).max(1));
    let mut out = Vec::with_capacity(max + 1);
    for chunk in series.chunks(bucket) {
        let low = chunk.iter().enumerate().min_by_key(|(_, p)| p.1).map_or(0, |(i, _)| i);
        let high = chunk.iter().enumerate().max_by_key(|(_, p)| p.1).map_or(0, |(i, _)| i);
        out.push(chunk[low.min(high)]);
        if low != high {
            out.push(chunk[low.max(high)]);
        }
    }
    if out.last() != series.last() {
        out.extend(series.last().copied());
    }
    out
}

fn score_chart(ui: &mut egui::Ui, session: &dyn GameView, cursor: usize, playback: &mut Playback) {
    use egui_plot::{Line, Plot, PlotPoints, VLine};
    let response =
        Plot::new("scores").height(150.0).allow_zoom(false).allow_drag(false).allow_scroll(false).show_x(true).x_axis_label("step").show(
            ui,
            |plot| {
                for (k, series) in session.track().scores.iter().enumerate() {
                    let points: PlotPoints =
                        thin(series, CHART_POINTS).into_iter().map(|(at, s)| [at as f64, session.track().score_value(s)]).collect();
                    plot.line(Line::new(session.track().players[k].name.clone(), points).color(session.track().players[k].color));
                }
                plot.vline(VLine::new("cursor", cursor as f64).color(Color32::WHITE));
                if plot.response().clicked() { plot.pointer_coordinate().map(|p| p.x) } else { None }
            },
        );
    if let Some(x) = response.inner {
        playback.seek(x.round().max(0.0) as usize);
    }
}

fn board(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let rect = ui.max_rect();
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    let (cursor, perspective) = (viewer.playback.cursor(), viewer.perspective);
    let scene = viewer.session.as_mut().and_then(|s| s.scene(cursor, perspective).cloned());
    viewer.board3d = scene.map(|scene| Board3d { scene, rect, pixels_per_point: ui.ctx().pixels_per_point() });
    if response.dragged() {
        let d = response.drag_delta();
        viewer.pan(d.x, d.y);
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            viewer.camera.zoom = (viewer.camera.zoom * (1.0 + scroll * 0.002)).clamp(0.2, 20.0);
        }
    }
    match viewer.session.as_mut() {
        Some(session) => session.draw(ui, &response, rect, cursor, &viewer.camera, viewer.perspective),
        None => {
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "Drop a replay here",
                egui::FontId::proportional(24.0),
                Color32::GRAY,
            );
        }
    }
    if let Some(notice) = &viewer.message {
        let mut close = false;
        egui::Area::new(egui::Id::new("notice")).fixed_pos(rect.left_top() + egui::vec2(12.0, 12.0)).show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(rect.width() - 40.0);
                ui.horizontal(|ui| {
                    let color = if notice.error { Color32::LIGHT_RED } else { Color32::LIGHT_GREEN };
                    ui.colored_label(color, &notice.text);
                    close = ui.small_button("✖").clicked();
                });
            });
        });
        if close {
            viewer.message = None;
        }
    }
}

fn help_overlay(ctx: &egui::Context, viewer: &mut Viewer) {
    let mut open = true;
    egui::Window::new("Keyboard shortcuts")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("keys").num_columns(2).striped(true).show(ui, |ui| {
                for s in SHORTCUTS {
                    ui.label(RichText::new(s.keys).monospace().strong());
                    ui.label(s.what);
                    ui.end_row();
                }
            });
            let hand = viewer.session.as_mut().and_then(|s| s.hand()).map_or(&[][..], |h| h.help());
            if !hand.is_empty() {
                ui.separator();
                ui.strong("Hand play (when it is your turn)");
                egui::Grid::new("hand-keys").num_columns(2).striped(true).show(ui, |ui| {
                    for (keys, what) in hand {
                        ui.label(RichText::new(*keys).monospace().strong());
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            }
            let own = viewer.session.as_ref().map_or(&[][..], |s| s.view_keys());
            if !own.is_empty() {
                ui.separator();
                ui.strong("This board");
                egui::Grid::new("view-keys").num_columns(2).striped(true).show(ui, |ui| {
                    for (keys, what) in own {
                        ui.label(RichText::new(*keys).monospace().strong());
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            }
            ui.separator();
            ui.label("Mouse: drag the board to pan (a 3D board: to turn it), wheel to zoom, hover for details; click the timeline, chart or log to seek.");
        });
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        viewer.show_help = false;
    }
}

/// A one-line prompt in a small window: `Some(Some(text))` on Enter, `Some(None)` on Esc.
fn prompt(ctx: &egui::Context, title: &str, text: &mut String, width: f32, hint: &str) -> Option<Option<String>> {
    let mut done = None;
    egui::Window::new(title).collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(width));
        r.request_focus();
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            done = Some(Some(text.trim().to_string()));
        }
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            done = Some(None);
        }
        ui.label(RichText::new(hint).weak());
    });
    done
}

fn goto_box(ctx: &egui::Context, viewer: &mut Viewer) {
    let Some(text) = viewer.goto.as_mut() else { return };
    if let Some(answer) = prompt(ctx, "Go to step", text, 120.0, "Enter to jump, Esc to cancel") {
        if let Some(step) = answer.and_then(|t| t.parse::<usize>().ok()) {
            viewer.playback.seek(step);
        }
        viewer.goto = None;
    }
}

/// File → "Open a path…": for machines without a file dialog, and paths in the clipboard.
fn path_box(ctx: &egui::Context, viewer: &mut Viewer) {
    let Some(text) = viewer.path_box.as_mut() else { return };
    if let Some(answer) = prompt(ctx, "Open a path", text, 360.0, "a replay file; Enter to open, Esc to cancel") {
        viewer.path_box = None;
        if let Some(path) = answer.filter(|p| !p.is_empty()) {
            viewer.open_file(PathBuf::from(path));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Perspective::{Omniscient, Player};

    #[test]
    fn the_log_filtered_by_player_keeps_the_games_own_lines_around_the_cursor() {
        let line = |step: usize, player: Option<usize>| crate::kit::view::LogLine {
            step,
            player,
            text: String::new(),
            error: false,
            stderr: Vec::new(),
        };
        // Players 0 and 1 alternate; every tenth step is the game's own (a turn end).
        let lines: Vec<_> = (0..200).map(|i| line(i, if i % 10 == 9 { None } else { Some(i % 2) })).collect();
        let shown = around(lines.clone(), 100, Some(1));
        assert!(shown.iter().all(|l| l.player != Some(0)));
        assert!(shown.iter().any(|l| l.player.is_none()));
        assert_eq!(shown.iter().filter(|l| l.step < 100).count(), 30);
        assert_eq!(shown.iter().filter(|l| l.step >= 100).count(), 10);
        assert_eq!(shown.iter().filter(|l| l.step < 100).last().map(|l| l.step), Some(99));
        assert_eq!(around(lines, 5, None).len(), 5 + 10);
    }

    #[test]
    fn a_long_score_series_is_thinned_for_the_chart_keeping_its_spikes_and_its_end() {
        let series: Vec<(usize, i64)> = (0..100_000).map(|i| (i, if i == 54_321 { 999 } else { (i % 7) as i64 })).collect();
        let thinned = thin(&series, 2000);
        assert!(thinned.len() <= 2001, "{} points", thinned.len());
        assert!(thinned.contains(&(54_321, 999)), "the spike stays");
        assert_eq!(thinned.last(), series.last());
        assert!(thinned.windows(2).all(|w| w[0].0 < w[1].0), "in order");
        assert_eq!(thin(&series[..10], 2000), series[..10], "short series as they are");
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
