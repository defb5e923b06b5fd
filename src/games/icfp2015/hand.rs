//! Hand play for ICFP 2015: keys for the six commands, a box to type any command letters (so
//! phrases of power can be spelled), undo, and a warning before a move that would repeat a
//! position. The game runs as a live match like any other (one human seat): the referee
//! records the replay, the view follows it, and the official solution file is saved after
//! every character. Undo restarts the match from the history less its last character.

use crate::kit::contract::view::{PanelRequest, has_keyboard, text_box};
use crate::kit::turn::live::Live;
use crate::kit::turn::seats::LivePlan;
use crate::kit::turn::view::TurnControls;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_core::replay::{ReplayHeader, StepRecord};
use kibitz_icfp2015::{Command, Event, GameError, Icfp2015, Outcome, Setup, SolutionRecord, State};
use kibitz_referee::{MatchOptions, SeatPlan};
use std::collections::VecDeque;
use std::path::PathBuf;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("4 / 6", "move W / E (keypad keys, outside the type box)"),
    ("1 / 3", "move SW / SE"),
    ("7 / 9", "turn counter-clockwise / clockwise"),
    ("Backspace", "undo the last character (in the type box: edit the box)"),
    ("type box", "the contest's own letters, played as typed, e.g. a phrase of power; there 4 is SW, as in a solution"),
    ("Enter", "in the type box: play its first letter even if it ends the game with an error"),
    ("Esc", "leave the type box: the keys above work again"),
];

/// The type box's id ([`text_box`]).
const TYPE_BOX: &str = "icfp2015-type";

/// The keypad keys and the character each plays.
const KEYS: [(Key, char); 6] = [(Key::Num4, 'p'), (Key::Num6, 'b'), (Key::Num1, 'a'), (Key::Num3, 'l'), (Key::Num7, 'k'), (Key::Num9, 'd')];

/// The human's controls: characters on their way, the type box, the warning, and where the
/// solution is saved.
pub struct Controls {
    pub solution_out: PathBuf,
    /// Characters accepted but not yet sent: one goes at a time, when the previous one is back.
    pending: VecDeque<char>,
    /// The type box: what was typed and not played yet (a letter that would end the game with
    /// an error, and what was typed after it).
    pub(super) typed: String,
    /// A character that would repeat a position, pressed once: pressing it again plays it.
    confirm: Option<char>,
    pub(super) notice: Option<(String, bool)>,
    /// An undo was asked for (Backspace, or the button): the view does it, restarting the
    /// match ([`crate::kit::turn::view::TurnGame::after_hand`]).
    pub(super) undo: bool,
}

/// What a character would do after everything already played and pending.
pub enum Preview {
    Moves,
    Locks,
    Fails(GameError),
    Over,
}

/// Where a character comes from, which decides whether one that would end the game with an
/// error is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A key or a button: the same one twice in a row plays it.
    Key,
    /// Typed in the box: it stops there, and stays in the box.
    Typed,
    /// Enter in the box: played.
    Forced,
}

/// Starts a live match with one human seat, continuing `history`, recorded to `out`.
pub fn start_live(
    setup: Setup,
    name: &str,
    history: Vec<StepRecord<char, Outcome>>,
    out: PathBuf,
) -> Result<(Live<Icfp2015>, ReplayHeader<Setup>), String> {
    let options = MatchOptions { seed: setup.seed as u64, ..MatchOptions::default() };
    let plan = LivePlan { setup, seats: vec![SeatPlan::Human(name.to_string())], options, history };
    Live::start(plan.start(&out)?, out)
}

impl Controls {
    pub fn new(solution_out: PathBuf) -> Self {
        Self { solution_out, pending: VecDeque::new(), typed: String::new(), confirm: None, notice: None, undo: false }
    }

    /// The same controls on a restarted match: what was typed stays in the box.
    pub fn restarted(self) -> Self {
        Self { typed: self.typed, ..Self::new(self.solution_out) }
    }

    pub fn note(&mut self, text: String) {
        self.notice = Some((text, true));
    }

    /// Whether characters are on their way to the match.
    #[cfg(test)]
    pub fn busy(&self, live: &Live<Icfp2015>) -> bool {
        !self.pending.is_empty() || live.awaiting()
    }

    /// The state after everything played and everything pending.
    fn projected(&self, rec: &Recorded<Icfp2015>) -> State {
        let mut state = rec.timeline.last_state().clone();
        for &c in &self.pending {
            state.feed(c);
        }
        state
    }

    pub fn preview(&self, rec: &Recorded<Icfp2015>, c: char) -> Preview {
        let mut state = self.projected(rec);
        if state.is_over() {
            return Preview::Over;
        }
        match state.feed(c) {
            Event::Locked(..) => Preview::Locks,
            Event::Failed(e) => Preview::Fails(e),
            Event::AfterError => Preview::Over,
            Event::Ignored | Event::Moved(_) => Preview::Moves,
        }
    }

    /// Plays one character, unless it would end the game with an error: that needs the same
    /// key twice in a row, or Enter in the type box. Returns whether it was accepted; it is
    /// sent as soon as the match waits for it.
    pub fn play(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, c: char, source: Source) -> bool {
        let confirmed = source == Source::Forced || (source == Source::Key && self.confirm == Some(c));
        let notice = match self.preview(rec, c) {
            Preview::Over => Some(("the game is over: undo (the undo button, or Backspace outside the box) to play on".to_string(), true)),
            Preview::Fails(e) if !confirmed => {
                self.confirm = (source == Source::Key).then_some(c);
                let how = match source {
                    Source::Typed => "It stays in the type box with what follows: Backspace takes it out, Enter plays it anyway.",
                    _ => "Press it again to play it anyway.",
                };
                self.notice = Some((format!("careful: {c:?}: {e}; that scores the board 0. {how}"), true));
                return false;
            }
            _ => None,
        };
        let played = notice.is_none();
        if played {
            self.pending.push_back(c);
        }
        self.confirm = None;
        self.notice = notice;
        self.send_next(live, rec);
        played
    }

    /// Sends the next pending character when the match waits for it.
    pub fn send_next(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>) {
        if live.human_to_move(rec).is_some()
            && let Some(c) = self.pending.pop_front()
        {
            live.submit(0, c);
        }
    }

    /// Takes back the last pending character; `false` when none is pending (then the view
    /// restarts the match).
    pub fn take_back_pending(&mut self) -> bool {
        self.pending.pop_back().is_some()
    }

    /// Where the unit in play would lock if dropped straight down (SW and SE in turn): a hint.
    pub fn drop_ghost(rec: &Recorded<Icfp2015>) -> Vec<kibitz_icfp2015::Cell> {
        let mut state = rec.timeline.last_state().clone();
        for c in ['a', 'l'].iter().cycle().take(4 * state.board().height() + 8) {
            let before = state.members();
            match state.feed(*c) {
                Event::Locked(..) => return before,
                Event::Moved(_) | Event::Ignored => {}
                _ => return Vec::new(),
            }
        }
        Vec::new()
    }

    /// Writes the official solution file (the characters played so far); a failure is shown,
    /// never fatal.
    pub fn save(&mut self, rec: &Recorded<Icfp2015>) {
        let setup = &rec.replay.header.setup;
        let solution = rec.replay.records.iter().filter_map(|r| r.action).collect();
        let record = SolutionRecord { problem_id: setup.problem.id(), seed: setup.seed, tag: Some("kibitz hand play".into()), solution };
        let text = serde_json::to_string_pretty(&[record]).unwrap_or_default();
        if let Err(e) = std::fs::write(&self.solution_out, text) {
            self.note(format!("saving {} failed: {e}", self.solution_out.display()));
        }
    }
    /// Plays the type box's letters in order (the first one even if it ends the game with an
    /// error, when `force`); the first that is not played stays in the box with the rest.
    fn play_typed(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, force: bool) {
        let typed: Vec<char> = std::mem::take(&mut self.typed).chars().collect();
        if typed.is_empty() && !force {
            // Emptied by hand: the warning about what was in it is stale.
            self.notice = None;
        }
        for (i, &c) in typed.iter().enumerate() {
            let source = if force && i == 0 { Source::Forced } else { Source::Typed };
            if !self.play(live, rec, c, source) {
                self.typed = typed[i..].iter().collect();
                return;
            }
        }
    }
}

impl TurnControls<Icfp2015> for Controls {
    const HELP: &'static [(&'static str, &'static str)] = HELP;

    /// Saves the solution when characters came back, and sends the next pending one.
    fn followed(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, grew: bool) {
        if grew {
            self.save(rec);
        }
        self.send_next(live, rec);
    }

    /// The keypad keys play; Backspace asks for an undo.
    fn keys(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, ctx: &egui::Context) -> &'static [Key] {
        let pressed: Vec<char> = ctx.input(|i| KEYS.iter().filter(|(k, _)| i.key_pressed(*k)).map(|&(_, c)| c).collect());
        for c in pressed {
            self.play(live, rec, c, Source::Key);
        }
        self.undo = ctx.input(|i| i.key_pressed(Key::Backspace));
        &[]
    }

    fn panel(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        ui.heading("Hand play");
        ui.label(RichText::new(format!("saved to {} and {}", self.solution_out.display(), live.path.display())).weak());
        if !at_end {
            ui.colored_label(Color32::YELLOW, "You are looking back; the game goes on at the end.");
            return ui.button("back to the game  (End)").clicked().then_some(PanelRequest::BackToGame);
        }
        if let Some(ended) = &live.ended {
            ui.colored_label(Color32::LIGHT_GREEN, format!("{ended} Undo (Backspace) to play on."));
        }
        // While the type box has the keyboard the keypad keys are letters there: no key names.
        let typing = has_keyboard(ui, TYPE_BOX);
        let mut play = None;
        egui::Grid::new("icfp-hand").num_columns(3).striped(true).show(ui, |ui| {
            for (key, c) in KEYS {
                let name = match kibitz_icfp2015::decode(c) {
                    kibitz_icfp2015::Decoded::Command(cmd) => cmd.to_string(),
                    _ => c.to_string(),
                };
                let label = if typing { name } else { format!("{name}  (key {})", key.symbol_or_name()) };
                if ui.button(label).clicked() {
                    play = Some(c);
                }
                let (text, color) = match self.preview(rec, c) {
                    Preview::Moves => ("moves".to_string(), Color32::GRAY),
                    Preview::Locks => ("locks the unit".to_string(), Color32::from_rgb(255, 193, 70)),
                    Preview::Fails(e) => (format!("✖ {}", short_error(e)), Color32::LIGHT_RED),
                    Preview::Over => ("game over".to_string(), Color32::GRAY),
                };
                ui.colored_label(color, text);
                ui.label(RichText::new(Command::ALL.iter().find(|k| k.chars().contains(c)).map_or("", |k| k.chars())).monospace().weak());
                ui.end_row();
            }
        });
        if let Some(c) = play {
            self.play(live, rec, c, Source::Key);
        }
        let undo = if typing { "undo" } else { "undo  (Backspace)" };
        self.undo = ui.button(undo).clicked();
        None
    }

    /// The type box, which the shell keeps above the panel's scrolling part, and the warning
    /// under it. What is typed is played letter by letter as the contest's own characters (so
    /// `4` is SW, as in a solution); a letter that would end the game with an error stops
    /// there and stays in the box with what was typed after it: Backspace edits the box, Enter
    /// plays it anyway. Nothing when looking back.
    fn command_box(&mut self, live: &mut Live<Icfp2015>, rec: &Recorded<Icfp2015>, ui: &mut egui::Ui, at_end: bool) -> bool {
        if !at_end {
            return false;
        }
        let (mut changed, mut enter) = (false, false);
        ui.horizontal(|ui| {
            ui.label("type:");
            let field = text_box(ui, &mut self.typed, TYPE_BOX, "letters, e.g. ei!", 180.0);
            changed = field.changed();
            // A single-line box gives up the keyboard on Enter: it keeps it while letters wait.
            enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if enter && !self.typed.is_empty() {
                field.request_focus();
            }
        });
        if changed || enter {
            self.play_typed(live, rec, enter);
        }
        if has_keyboard(ui, TYPE_BOX) {
            ui.label(RichText::new("typing the contest's letters (4 is SW here); Esc leaves the box").weak());
        }
        if let Some((text, error)) = &self.notice {
            ui.colored_label(if *error { Color32::LIGHT_RED } else { Color32::LIGHT_GREEN }, text);
        }
        true
    }
}

fn short_error(e: GameError) -> &'static str {
    match e {
        GameError::RepeatedPosition { .. } => "repeats a position",
        GameError::CommandAfterEnd { .. } => "the game is over",
        GameError::InvalidCharacter { .. } => "not a command",
        GameError::SeedNotListed { .. } => "seed not listed",
    }
}
