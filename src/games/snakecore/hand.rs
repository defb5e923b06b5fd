//! Hand play of SnakeCore: on the human's turn the arrows (or the protocol's own letters U L D
//! R) move, N passes and A switches the shield on, as a bot would answer; bot processes play
//! the other pythons. WASD is not offered: A is the seed's letter for the shield.

use crate::kit::live::Live;
use crate::kit::recorded::Recorded;
use crate::kit::view::{PanelRequest, stop_button};
use bevy_egui::egui::{self, Key, RichText};
use kibitz_core::BotProtocol;
use kibitz_snakecore::{Action, SnakeCore};

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("arrows (or U L D R)", "move the head up, left, down, right (into a reactor: dump the body)"),
    ("N", "pass"),
    ("A", "switch the shield on (spends the energy block nearest the tail)"),
];

const KEYS: [(Key, &str); 10] = [
    (Key::ArrowUp, "U"),
    (Key::ArrowLeft, "L"),
    (Key::ArrowDown, "D"),
    (Key::ArrowRight, "R"),
    (Key::U, "U"),
    (Key::L, "L"),
    (Key::D, "D"),
    (Key::R, "R"),
    (Key::N, "N"),
    (Key::A, "A"),
];
const CLAIMED: [Key; 10] = [Key::ArrowUp, Key::ArrowLeft, Key::ArrowDown, Key::ArrowRight, Key::U, Key::L, Key::D, Key::R, Key::N, Key::A];

pub struct Hand {
    pub live: Live<SnakeCore>,
}

impl Hand {
    pub fn new(live: Live<SnakeCore>) -> Self {
        Self { live }
    }

    /// The first human seat: whose view the game opens in.
    pub fn human_seat(&self, players: usize) -> Option<usize> {
        (0..players).find(|&p| self.live.is_human(p))
    }

    /// On the human's turn, the move keys answer for them; returns the keys it claims, so that
    /// the shell's shortcuts on them wait.
    pub fn keys(&mut self, rec: &Recorded<SnakeCore>, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = self.live.human_to_move(rec) else { return &[] };
        if crate::kit::view::typing(ctx) {
            return &[];
        }
        if let Some(letter) = ctx.input(|i| KEYS.iter().find(|(k, _)| i.key_pressed(*k)).map(|&(_, l)| l)) {
            self.live.submit(player, Action::parse(letter));
        }
        &CLAIMED
    }

    pub fn panel(&mut self, rec: &Recorded<SnakeCore>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let player = match self.live.header(rec, ui, at_end) {
            std::ops::ControlFlow::Continue(player) => player,
            std::ops::ControlFlow::Break(request) => return request,
        };
        let state = rec.timeline.last_state();
        let s = &state.snakes[player];
        let energy = s.body.iter().filter(|(_, k)| *k == kibitz_snakecore::Kind::Energy).count();
        ui.label(format!(
            "length {} · {energy} energy block(s) · shield {} · turn {} of {}",
            s.length(),
            if s.shield > 0 { format!("{} turns left", s.shield) } else { "off".into() },
            state.turn(),
            state.turns
        ));
        let mut pressed = None;
        ui.horizontal(|ui| {
            for (label, letter) in [("⬆ U", "U"), ("⬅ L", "L"), ("⬇ D", "D"), ("➡ R", "R"), ("pass N", "N"), ("shield A", "A")] {
                if ui.button(label).clicked() {
                    pressed = Some(letter);
                }
            }
        });
        if let Some(letter) = pressed {
            self.live.submit(player, Action::parse(letter));
        }
        ui.collapsing("what a bot would be told now", |ui| {
            ui.label(RichText::new(SnakeCore::turn_lines(state, player).join("\n")).monospace().size(10.0));
        });
        stop_button(ui)
    }
}
