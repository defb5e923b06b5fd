//! What the viewer shell needs from a loaded replay, whatever the game. Each game's view
//! implements [`GameView`]; the shell (timeline, panels, shortcuts) only talks to this trait.

use bevy_egui::egui;

/// A notable moment, shown as a marker on the timeline.
#[derive(Debug, Clone)]
pub struct Marker {
    /// The marker sits at the state *after* this many steps.
    pub at: usize,
    pub kind: MarkerKind,
    pub label: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkerKind {
    Capture,
    Loss,
    Connection,
    Triangle,
    Failure,
    /// Rows cleared (ICFP 2015).
    RowsCleared,
    /// A phrase of power spoken (ICFP 2015).
    Phrase,
    /// A rules error that ends the game (ICFP 2015: the board scores 0).
    Error,
}

impl MarkerKind {
    pub fn color(self) -> egui::Color32 {
        match self {
            MarkerKind::Capture => egui::Color32::from_rgb(120, 200, 255),
            MarkerKind::Loss => egui::Color32::from_rgb(160, 160, 160),
            MarkerKind::Connection => egui::Color32::from_rgb(255, 220, 90),
            MarkerKind::Triangle => egui::Color32::from_rgb(255, 140, 60),
            MarkerKind::Failure => egui::Color32::from_rgb(255, 60, 60),
            MarkerKind::RowsCleared => egui::Color32::from_rgb(120, 230, 140),
            MarkerKind::Phrase => egui::Color32::from_rgb(200, 150, 255),
            MarkerKind::Error => egui::Color32::from_rgb(255, 90, 200),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MarkerKind::Capture => "capture",
            MarkerKind::Loss => "lighthouse lost",
            MarkerKind::Connection => "connection",
            MarkerKind::Triangle => "triangle",
            MarkerKind::Failure => "bot failure",
            MarkerKind::RowsCleared => "rows cleared",
            MarkerKind::Phrase => "phrase of power",
            MarkerKind::Error => "error",
        }
    }
}

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

/// Pan and zoom of a 2D board, in screen points.
#[derive(Debug, Clone, Copy)]
pub struct Camera2 {
    pub zoom: f32,
    pub pan: egui::Vec2,
}

impl Default for Camera2 {
    fn default() -> Self {
        Self { zoom: 1.0, pan: egui::Vec2::ZERO }
    }
}

/// What a game's hand-play panel asks the shell to do.
pub enum PanelRequest {
    /// End the live match now.
    Stop,
    /// Move the cursor to the live end, where the game waits.
    BackToGame,
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
    pub markers: Vec<Marker>,
    pub players: Vec<PlayerLabel>,
    /// Score series per player: (cursor, score) points, starting at (0, 0).
    pub scores: Vec<Vec<(usize, i64)>>,
}

impl Track {
    pub fn new(title: String, players: Vec<(String, egui::Color32)>) -> Self {
        let scores = vec![vec![(0, 0)]; players.len()];
        let players = players.into_iter().map(|(name, color)| PlayerLabel { name, color, failed: None }).collect();
        Self { title, len: 0, round_starts: Vec::new(), markers: Vec::new(), players, scores }
    }

    /// Scores at a cursor: the last point of each series at or before it.
    pub fn scores_at(&self, cursor: usize) -> Vec<i64> {
        self.scores.iter().map(|s| s.iter().take_while(|(at, _)| *at <= cursor).last().map_or(0, |p| p.1)).collect()
    }
}

/// A replay loaded for viewing: everything game-specific the shell needs.
pub trait GameView: Send + Sync {
    fn game(&self) -> &'static str;
    /// The parts every game shows the same way.
    fn track(&self) -> &Track;
    fn title(&self) -> &str {
        &self.track().title
    }
    /// Number of steps.
    fn len(&self) -> usize {
        self.track().len
    }
    /// Cursor positions at which a round starts, sorted.
    fn round_starts(&self) -> &[usize] {
        &self.track().round_starts
    }
    /// Human-readable position, e.g. "round 12/200 · player 1's turn".
    fn describe(&self, cursor: usize) -> String;
    fn markers(&self) -> &[Marker] {
        &self.track().markers
    }
    fn players(&self) -> &[PlayerLabel] {
        &self.track().players
    }
    /// Score series per player: (cursor, score) points.
    fn scores(&self) -> &[Vec<(usize, i64)>] {
        &self.track().scores
    }
    /// Scores at a cursor.
    fn scores_at(&self, cursor: usize) -> Vec<i64> {
        self.track().scores_at(cursor)
    }
    /// The turn log, for steps in `range`.
    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine>;
    /// Draws the board for the state at `cursor` into `rect`; handles hover tooltips.
    fn draw(
        &mut self,
        ui: &mut egui::Ui,
        response: &egui::Response,
        rect: egui::Rect,
        cursor: usize,
        camera: &Camera2,
        perspective: Perspective,
    );
    /// Game-specific details for the side panel (the step under the cursor, a player's view).
    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective);

    /// Live matches and hand play: takes in what happened since the last frame. Returns whether
    /// the replay may have changed length.
    fn poll_live(&mut self) -> bool {
        false
    }
    /// Whether this is a live match being played by hand.
    fn is_live(&self) -> bool {
        false
    }
    /// Live matches: the hand-play section of the side panel. `at_end`: the cursor is at the
    /// live end, where the game waits.
    fn hand_panel(&mut self, _ui: &mut egui::Ui, _at_end: bool) -> Option<PanelRequest> {
        None
    }
    /// Live matches: the game's own keys while a human is to move (read before the shell's).
    /// Returns the keys the game used this frame as moves; the shell's shortcuts on those keys
    /// wait (Amazes moves with the arrows, which also step the timeline).
    fn hand_keys(&mut self, _ctx: &egui::Context) -> &'static [egui::Key] {
        &[]
    }
    /// The perspective to open in (hand play: the human's own view, the real fog).
    fn initial_perspective(&self) -> Option<Perspective> {
        None
    }
    /// The hand-play keys, for the help overlay.
    fn hand_help(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// Live matches: ends the match now; the replay keeps every step so far.
    fn stop_live(&mut self) {}
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
