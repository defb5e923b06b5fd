//! What the viewer shell needs from a game's view, whatever the game. Each game's view
//! implements [`GameView`] (watching a replay) and, when it follows a live match, [`HandPlay`]
//! (playing it by hand); the shell (timeline, panels, shortcuts) only talks to these traits.

pub use crate::kit::contract::series::{Marker, MarkerKind};
use crate::kit::contract::series::{Markers, Series};
use crate::kit::contract::thinking::{BoardSpace, Thinking};
use bevy_egui::egui;
use kibitz_scene::{Orbit, Scene};

/// One participant as the panels show it.
#[derive(Debug, Clone)]
pub struct PlayerLabel {
    pub name: String,
    pub color: egui::Color32,
    /// The step at which the player failed, and why.
    pub failed: Option<(usize, String)>,
}

/// One line of the turn log.
#[derive(Debug, Clone)]
pub struct LogLine {
    pub step: usize,
    pub player: Option<usize>,
    pub text: String,
    pub error: bool,
    pub stderr: Vec<String>,
}

/// Where the board is looked at from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Perspective {
    #[default]
    Omniscient,
    /// Exactly what player k was sent on their turn.
    Player(usize),
}

/// Where the board is looked at from: pan (screen points) and zoom of a 2D board; the orbit
/// of a 3D one, with the same zoom.
#[derive(Debug, Clone, Copy)]
pub struct BoardCamera {
    pub zoom: f32,
    pub pan: egui::Vec2,
    pub orbit: Orbit,
    /// A point of a 2D board (in its cells) to put at the middle of the view before the pan:
    /// a close look at one place (`--look`, hand play's own corner); `None`, the board's middle.
    pub centre: Option<egui::Vec2>,
}

impl Default for BoardCamera {
    fn default() -> Self {
        Self { zoom: 1.0, pan: egui::Vec2::ZERO, orbit: Orbit::default(), centre: None }
    }
}

impl BoardCamera {
    /// The closest and farthest a board zooms.
    pub const ZOOM: std::ops::RangeInclusive<f32> = 0.2..=20.0;

    /// Zooms by `factor` (within [`Self::ZOOM`]) about the point `anchor` of the screen, given
    /// from the middle of the board's rect: the board's point under it stays under it (the
    /// wheel anchors at the pointer, the keys at the view's middle, `Vec2::ZERO`). A 2D board
    /// is drawn `zoom` times its fitted size, offset by `pan` from the rect's middle, so the
    /// pan scales with the zoom about the anchor.
    pub fn zoom_about(&mut self, factor: f32, anchor: egui::Vec2) {
        let zoom = (self.zoom * factor).clamp(*Self::ZOOM.start(), *Self::ZOOM.end());
        let f = zoom / self.zoom;
        self.pan = anchor * (1.0 - f) + self.pan * f;
        self.zoom = zoom;
    }
}

/// One frame of the board, as the shell hands it to a view: where to draw, what to show, and
/// from where it is looked at.
pub struct Frame<'a> {
    pub ui: &'a mut egui::Ui,
    /// The board's response: hover, clicks and drags on the board.
    pub response: &'a egui::Response,
    /// Where the board goes on the screen.
    pub rect: egui::Rect,
    /// The step shown.
    pub cursor: usize,
    pub camera: &'a BoardCamera,
    pub perspective: Perspective,
    /// Set by the view: where its places are on the screen, for the bots' drawing.
    pub space: &'a mut Option<BoardSpace>,
}

/// What a game's hand-play panel asks the shell to do.
pub enum PanelRequest {
    /// End the live match now.
    Stop,
    /// Move the cursor to the live end, where the game waits.
    BackToGame,
}

/// A tooltip at the pointer whose lines never wrap into a narrow column (egui wraps tooltips
/// to the space left of the screen's edge otherwise).
pub fn hover_box(response: &egui::Response, add_contents: impl FnOnce(&mut egui::Ui)) {
    response.clone().on_hover_ui_at_pointer(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        add_contents(ui);
    });
}

/// The keys a row of a game's hand-play keys names (`"Up / U"`: egui's names, `/` between
/// them), for a game that reads its keys from the rows its help shows.
pub fn row_keys(names: &str) -> impl Iterator<Item = egui::Key> + '_ {
    names.split(" / ").filter_map(egui::Key::from_name)
}

/// A game's hand-play keys as `kibitz play GAME --help` prints them: the rows the window's help
/// shows ([`HandPlay::help`], [`crate::kit::contract::room::Play::keys`]).
pub fn keys_help(rows: &[(&str, &str)]) -> String {
    let width = rows.iter().map(|(keys, _)| keys.chars().count()).max().unwrap_or(0);
    let lines: Vec<String> = rows.iter().map(|(keys, what)| format!("  {keys:<width$}  {what}")).collect();
    format!("Keys in the window (its help, ?, lists them too):\n{}", lines.join("\n"))
}

/// A one-line text box of a hand-play panel, under an id of its own. egui names a box by
/// default after the number of widgets laid out before it, so a line appearing above it (a
/// warning, the latest answer, a selected robot's buttons) would make it another box, which
/// loses the keyboard: what is typed next would become the viewer's shortcuts.
pub fn text_box(ui: &mut egui::Ui, text: &mut String, id: &str, hint: &str, width: f32) -> egui::Response {
    ui.add(egui::TextEdit::singleline(text).id(egui::Id::new(id)).hint_text(hint).desired_width(width))
}

/// Whether the text box `id` ([`text_box`]) has the keyboard.
pub fn has_keyboard(ui: &egui::Ui, id: &str) -> bool {
    ui.memory(|m| m.has_focus(egui::Id::new(id)))
}

/// Where [`note_typing`] keeps, for the frame, whether a widget had the keyboard as it began.
const TYPING_AT_START: &str = "kibitz-typing-at-frame-start";

/// Notes whether a text box has the keyboard as the frame begins: the shell calls it first in
/// every frame, before any widget can take the keyboard or give it up.
pub fn note_typing(ctx: &egui::Context) {
    let typing = ctx.egui_wants_keyboard_input();
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(TYPING_AT_START), typing));
}

/// Whether this frame's keys were typed into a text box, so that no shortcut or hand-play key
/// may act on them: a box had the keyboard as the frame began (Enter in an empty box gives it
/// up during the frame, though it was typed into it), or has it now (a box clicked this frame
/// takes what is typed with the click).
pub fn typing(ctx: &egui::Context) -> bool {
    ctx.egui_wants_keyboard_input() || ctx.data(|d| d.get_temp::<bool>(egui::Id::new(TYPING_AT_START))).unwrap_or(false)
}

/// The hand-play panel's "stop the match" button.
pub fn stop_button(ui: &mut egui::Ui) -> Option<PanelRequest> {
    ui.button("stop the match")
        .on_hover_text("ends the match now; the replay keeps every step so far")
        .clicked()
        .then_some(PanelRequest::Stop)
}

/// What the shell shows the same way for every game: the title, the number of steps, round
/// starts, markers, players and their score series. Each game's view fills one as it reads
/// its replay.
#[derive(Debug, Clone, Default)]
pub struct Track {
    pub title: String,
    /// Number of steps.
    pub len: usize,
    /// Cursor positions at which a round starts, sorted.
    pub round_starts: Vec<usize>,
    /// Sorted by step, with the kinds per bucket of steps that the timeline draws.
    pub markers: Markers,
    pub players: Vec<PlayerLabel>,
    /// Score series per player: (cursor, score) points, starting at (0, 0), with the lowest and
    /// highest score per bucket of steps that the chart draws.
    pub scores: Vec<Series>,
    /// A replay that continues another: its first steps, and the names of the players who
    /// played them there (the log shows them, not the seats that took over).
    pub names_before: Option<(usize, Vec<String>)>,
    /// The first step whose recorded outcome differs from what the rules give (the log shows
    /// the recorded one, the board the re-simulated one), as a message for the user.
    pub disagreement: Option<String>,
    /// Scores count units of 10^-score_decimals (`kibitz_core::Game::SCORE_DECIMALS`).
    pub score_decimals: u32,
    /// What a round is called in this game ([`kibitz_core::Game::ROUND_NAME`]).
    pub round_name: &'static str,
    /// What the bots drew and how long they thought.
    pub thinking: Thinking,
}

impl Track {
    pub fn new(title: String, players: Vec<(String, egui::Color32)>) -> Self {
        let start: Series = [(0, 0)].into_iter().collect();
        let scores = vec![start; players.len()];
        let players = players.into_iter().map(|(name, color)| PlayerLabel { name, color, failed: None }).collect();
        Self {
            title,
            len: 0,
            round_starts: Vec::new(),
            markers: Markers::default(),
            players,
            scores,
            names_before: None,
            disagreement: None,
            score_decimals: 0,
            round_name: "round",
            thinking: Thinking::default(),
        }
    }

    /// The name of the player who made step `step`: for steps copied from a replay taken
    /// over, its player's name there; "?" for a step of no listed player (a game's log names
    /// such steps itself: a server game's organisers).
    pub fn name_at(&self, player: usize, step: usize) -> &str {
        match &self.names_before {
            Some((steps, names)) if step < *steps && player < names.len() => &names[player],
            _ => self.players.get(player).map_or("?", |p| p.name.as_str()),
        }
    }

    /// A score as people read it, without the zeros that say nothing (`10034`, not
    /// `10034.000000`).
    pub fn show_score(&self, score: i64) -> String {
        kibitz_core::show_score_short(score, self.score_decimals)
    }

    /// A score as a number for charts.
    pub fn score_value(&self, score: i64) -> f64 {
        kibitz_core::score_real(score, self.score_decimals)
    }

    /// The round a cursor is in (1 for the first), and how many rounds the replay has so far.
    pub fn round_at(&self, cursor: usize) -> (usize, usize) {
        (self.round_starts.partition_point(|&s| s <= cursor), self.round_starts.len())
    }

    /// Scores at a cursor: the last point of each series at or before it.
    pub fn scores_at(&self, cursor: usize) -> Vec<i64> {
        self.scores.iter().map(|s| s.value_at(cursor).unwrap_or(0)).collect()
    }
}

/// A replay loaded for viewing: everything game-specific the shell needs to show it.
pub trait GameView: Send + Sync {
    fn game(&self) -> &'static str;
    /// The parts every game shows the same way: title, length, rounds, markers, players, scores.
    fn track(&self) -> &Track;
    /// Human-readable position, e.g. "round 12/200 · player 1's turn".
    fn describe(&self, cursor: usize) -> String;
    /// The turn log, for steps in `range`.
    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine>;
    /// Draws the board for the state at the frame's cursor into its rect; handles hover
    /// tooltips (and, in hand play, clicks on the board).
    fn draw(&mut self, frame: Frame);
    /// Game-specific details for the side panel (the step under the cursor, a player's view).
    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective);

    /// Takes in line `number` of a replay still arriving (`kibitz view --follow`, a big replay
    /// loading in the background): the next step or the end record. An error says what is
    /// wrong on that line; the shell takes nothing after it.
    fn append(&mut self, line: &str, number: usize) -> Result<(), String>;
    /// Makes room for about `more` steps still to arrive (a big replay loading), so that its
    /// buffers are not copied whole each time they double, which took a frame of up to half a
    /// second at 500,000 steps. A view that keeps its steps elsewhere may ignore it.
    fn reserve(&mut self, _more: usize) {}

    /// A board drawn by the 3D renderer: the scene at `cursor`, called before `draw` each
    /// frame (which then paints only overlays and hover). The shell orbits the camera around
    /// it; `None` (the default) is a 2D board painted by `draw` alone.
    fn scene(&mut self, _cursor: usize, _perspective: Perspective) -> Option<&Scene> {
        None
    }
    /// One of the game's own look settings from the command line (`kibitz view --look`), e.g.
    /// a cut through a 3D board or its camera angles.
    fn set_look(&mut self, setting: &str, _camera: &mut BoardCamera) -> Result<(), String> {
        Err(format!("{} has no look settings (got {setting:?})", self.game()))
    }
    /// The step the looks set so far are best seen at, for a window opened with `--look` and
    /// no `--turn` (wycinanka's order: the end, where every team's cut of it shows).
    fn look_step(&self) -> Option<usize> {
        None
    }
    /// The view's own keys while watching (a 3D board's cut, say), for the help overlay; the
    /// view reads them in `draw`.
    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The hand play of this view, when it follows a live match.
    fn hand(&mut self) -> Option<&mut dyn HandPlay> {
        None
    }
    /// Whether this view follows a live match played by hand.
    fn is_live(&self) -> bool {
        false
    }
    /// The participant who acts after `cursor` steps, when a human could take over there.
    fn seat_to_move(&self, _cursor: usize) -> Option<usize> {
        None
    }
    /// A live match continuing this replay by hand from `cursor`, the human in the seat that
    /// is to move. Returns the view and where its replay is recorded.
    fn take_over(&self, _cursor: usize) -> Result<(Box<dyn GameView>, std::path::PathBuf), String> {
        Err(format!("taking over is not available for {}", self.game()))
    }
}

/// Playing a live match by hand in a view: what the shell asks of it besides viewing.
pub trait HandPlay {
    /// Takes in what the match wrote since the last frame. Returns whether steps arrived.
    fn poll(&mut self) -> bool;
    /// The hand-play section of the side panel. `at_end`: the cursor is at the live end, where
    /// the game waits.
    fn panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest>;
    /// The game's own keys while a human is to move (read before the shell's, and never while
    /// a text box has the keyboard: [`typing`]). Returns the keys used this frame as moves; the
    /// shell's shortcuts on those keys wait (Amazes moves with the arrows, which also step the
    /// timeline).
    fn keys(&mut self, ctx: &egui::Context) -> &'static [egui::Key];
    /// The hand's text box (a server game's console, ICFP 2015's type box), which the shell
    /// draws above the side panel's scrolling part: what changes in the panel never moves it
    /// from under the pointer. Returns whether it drew one.
    fn command_box(&mut self, _ui: &mut egui::Ui, _at_end: bool) -> bool {
        false
    }
    /// The hand-play keys, for the help overlay.
    fn help(&self) -> &'static [(&'static str, &'static str)];
    /// The perspective to open in (the human's own view, the real fog).
    fn initial_perspective(&self) -> Option<Perspective> {
        None
    }
    /// The camera to open with (a big board's human starts up close on their own corner);
    /// `None`, the whole board. Fit (the shell's key) shows the whole board again.
    fn initial_camera(&self) -> Option<BoardCamera> {
        None
    }
    /// The perspectives the perspective key (`P`) cycles through while playing, when not all
    /// of them: in a fog-of-war game, the human's own and the truth, so that the opponent's
    /// knowledge is never one key press away (the View menu still offers every perspective).
    fn perspective_cycle(&self) -> Option<Vec<Perspective>> {
        None
    }
    /// Ends the match now; the replay keeps every step so far.
    fn stop(&mut self);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame with `events`, as the shell runs it: the focus noted, then `ui_fn`.
    fn frame(ctx: &egui::Context, events: Vec<egui::Event>, mut ui_fn: impl FnMut(&mut egui::Ui)) {
        let screen_rect = Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0)));
        let mut output = ctx.run_ui(egui::RawInput { events, screen_rect, ..Default::default() }, |ui| {
            note_typing(ui.ctx());
            ui_fn(ui);
        });
        // No renderer takes the font atlas: dropped unused, as egui asks.
        output.textures_delta.clear();
    }

    fn key(key: egui::Key) -> egui::Event {
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers: egui::Modifiers::NONE }
    }

    fn letter(text: &str) -> Vec<egui::Event> {
        vec![key(egui::Key::from_name(text).expect("a letter key")), egui::Event::Text(text.to_string())]
    }

    #[test]
    fn a_text_box_keeps_the_keyboard_when_a_line_appears_above_it() {
        let ctx = egui::Context::default();
        let mut text = String::new();
        let mut answer: Option<&str> = None;
        fn draw(ui: &mut egui::Ui, text: &mut String, answer: Option<&str>) {
            if let Some(answer) = answer {
                ui.label(answer);
            }
            text_box(ui, text, "test-console", "", 100.0);
        }
        frame(&ctx, vec![], |ui| draw(ui, &mut text, answer));
        ctx.memory_mut(|m| m.request_focus(egui::Id::new("test-console")));
        frame(&ctx, letter("l"), |ui| draw(ui, &mut text, answer));
        // The first answer comes back and shows above the box.
        answer = Some("LIST MINERS → OK");
        for c in ["i", "s", "t"] {
            frame(&ctx, letter(c), |ui| draw(ui, &mut text, answer));
            assert!(typing(&ctx), "the box still has the keyboard after {c:?}");
        }
        assert_eq!(text, "list");
    }

    #[test]
    fn keys_typed_into_a_box_count_as_typing_for_the_whole_frame() {
        let ctx = egui::Context::default();
        let mut text = String::new();
        let mut typed = Vec::new();
        let frames = [vec![], letter("f"), vec![key(egui::Key::Enter)], letter("f")];
        for (k, events) in frames.into_iter().enumerate() {
            frame(&ctx, events, |ui| {
                text_box(ui, &mut text, "test-box", "", 100.0);
                // Read after the box, as a view's own keys are.
                typed.push(typing(ui.ctx()));
            });
            if k == 0 {
                ctx.memory_mut(|m| m.request_focus(egui::Id::new("test-box")));
            }
        }
        // Enter gives the keyboard up during its frame, which was still typed into the box.
        assert_eq!(typed, [false, true, true, false]);
        assert!(!ctx.egui_wants_keyboard_input());
        assert_eq!(text, "f", "the F after Enter went to no box");
    }
}

/// A game to be played by hand, ready for the viewer.
pub struct Session {
    pub view: Box<dyn GameView>,
    /// Where the game is recorded.
    pub out: std::path::PathBuf,
    /// Render the first position to this PNG and stop.
    pub screenshot: Option<std::path::PathBuf>,
}
