//! Hand play for Amazes: the human composes a line of moves (arrow keys or typed F/T/L/R),
//! Enter sends it; a bot process plays the other colour. The human sees the real fog (only
//! their own knowledge) unless they switch the perspective to the truth.

use crate::kit::contract::view::{PanelRequest, Perspective, stop_button};
use crate::kit::turn::live::Live;
use crate::kit::turn::view::TurnControls;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Key, RichText};
use kibitz_amazes::rules::MAX_MOVES;
use kibitz_amazes::{Amazes, Moves};
use kibitz_core::BotProtocol;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("Up / F", "add a step forward"),
    ("Left / L, Right / R", "add a turn left / right and a step"),
    ("Down / T", "add a turn around and a step"),
    ("Backspace", "take back the last move of the line"),
    ("Enter", "send the line: your turn"),
    ("P", "switch between your knowledge (the fog) and the truth (the opponent's: View menu)"),
];

/// The keys that add a move, and the move.
const MOVE_KEYS: [(Key, char); 8] = [
    (Key::ArrowUp, 'F'),
    (Key::F, 'F'),
    (Key::ArrowLeft, 'L'),
    (Key::L, 'L'),
    (Key::ArrowRight, 'R'),
    (Key::R, 'R'),
    (Key::ArrowDown, 'T'),
    (Key::T, 'T'),
];
/// Every key hand play uses on the human's turn.
const CLAIMED: [Key; 10] =
    [Key::ArrowUp, Key::F, Key::ArrowLeft, Key::L, Key::ArrowRight, Key::R, Key::ArrowDown, Key::T, Key::Backspace, Key::Enter];

/// The human's controls: the line of moves being composed.
#[derive(Default)]
pub struct Controls {
    /// The line being composed.
    line: String,
}

/// The first human seat: whose fog the view starts in.
fn human_seat(live: &Live<Amazes>) -> Option<usize> {
    (0..2).find(|&p| live.is_human(p))
}

impl Controls {
    fn push_move(&mut self, c: char) {
        if self.line.len() < MAX_MOVES {
            self.line.push(c);
        }
    }

    fn send(&mut self, live: &mut Live<Amazes>, player: usize) {
        // The same reading as a bot's line: anything but F/T/L/R is refused before sending.
        match Moves::parse(&self.line) {
            Ok(moves) if !self.line.is_empty() => {
                live.submit(player, moves);
                self.line.clear();
            }
            _ => {}
        }
    }
}

impl TurnControls<Amazes> for Controls {
    const HELP: &'static [(&'static str, &'static str)] = HELP;

    fn initial_perspective(&self, live: &Live<Amazes>, _rec: &Recorded<Amazes>) -> Option<Perspective> {
        human_seat(live).map(Perspective::Player)
    }

    /// The human's fog and the truth only.
    fn perspective_cycle(&self, live: &Live<Amazes>, _rec: &Recorded<Amazes>) -> Option<Vec<Perspective>> {
        let me = human_seat(live)?;
        Some(vec![Perspective::Player(me), Perspective::Omniscient])
    }

    /// While the human is to move, the arrows and the move letters are moves: returns them, so
    /// that the shell's shortcuts on those keys wait.
    fn keys(&mut self, live: &mut Live<Amazes>, rec: &Recorded<Amazes>, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = live.human_to_move(rec) else { return &[] };
        let pressed: Vec<char> = ctx.input(|i| MOVE_KEYS.iter().filter(|(k, _)| i.key_pressed(*k)).map(|&(_, c)| c).collect());
        for c in pressed {
            self.push_move(c);
        }
        if ctx.input(|i| i.key_pressed(Key::Backspace)) {
            self.line.pop();
        }
        if ctx.input(|i| i.key_pressed(Key::Enter)) {
            self.send(live, player);
        }
        &CLAIMED
    }

    fn panel(&mut self, live: &mut Live<Amazes>, rec: &Recorded<Amazes>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let player = match live.header(rec, ui, at_end) {
            std::ops::ControlFlow::Continue(player) => player,
            std::ops::ControlFlow::Break(request) => return request,
        };
        // Exactly the lines a bot would read now.
        let told = Amazes::turn_lines(rec.timeline.last_state(), player);
        ui.label("you are told:");
        ui.label(RichText::new(told.join("\n")).monospace());
        let line = self.line.clone();
        ui.label(RichText::new(format!("your line: {}", if line.is_empty() { "…" } else { &line })).monospace().strong());
        ui.horizontal(|ui| {
            for (label, c) in [("F ⬆", 'F'), ("L ⬅", 'L'), ("R ➡", 'R'), ("T ⬇", 'T')] {
                if ui.button(label).clicked() {
                    self.push_move(c);
                }
            }
            if ui.button("back").on_hover_text("take back the last move (Backspace)").clicked() {
                self.line.pop();
            }
        });
        if ui.add_enabled(!line.is_empty(), egui::Button::new("send  (Enter)")).clicked() {
            self.send(live, player);
        }
        ui.label(RichText::new(format!("each move costs a point; a wall stops the rest of the line; at most {MAX_MOVES} moves")).weak());
        stop_button(ui)
    }
}
