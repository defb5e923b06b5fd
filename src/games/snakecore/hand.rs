//! Hand play of SnakeCore: on the human's turn the arrows (or the protocol's own letters U L D
//! R) move, N passes and A switches the shield on, as a bot would answer ([`KEYS`]); bot
//! processes play the other pythons. WASD is not offered: A is the seed's letter for the shield.

use crate::kit::contract::view::{PanelRequest, Perspective, row_keys, stop_button};
use crate::kit::turn::live::Live;
use crate::kit::turn::view::TurnControls;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Key, RichText};
use kibitz_core::BotProtocol;
use kibitz_snakecore::{Action, SnakeCore};
use std::sync::LazyLock;

/// Hand play's keys: each row's keys (egui's names, `/` between them), what they do, and the
/// letter of the seed's protocol they answer with. The window reads its keys from this table,
/// and its help, `kibitz play snakecore --help` and docs/cli.md list it ([`HELP`]).
const KEYS: [(&str, &str, &str); 6] = [
    ("Up / U", "move the head up (into a reactor: dump the body)", "U"),
    ("Left / L", "move the head left", "L"),
    ("Down / D", "move the head down", "D"),
    ("Right / R", "move the head right", "R"),
    ("N", "pass", "N"),
    ("A", "switch the shield on (spends the energy block nearest the tail)", "A"),
];

/// The keys and what they do, as the help lists them.
pub const HELP: &[(&str, &str)] = &help_rows(KEYS);

const fn help_rows<const N: usize>(keys: [(&'static str, &'static str, &'static str); N]) -> [(&'static str, &'static str); N] {
    let mut rows = [("", ""); N];
    let mut k = 0;
    while k < N {
        rows[k] = (keys[k].0, keys[k].1);
        k += 1;
    }
    rows
}

/// Every key of the table: while the human is to move the shell's shortcuts on them wait.
static CLAIMED: LazyLock<Vec<Key>> = LazyLock::new(|| KEYS.iter().flat_map(|(names, ..)| row_keys(names)).collect());

/// The human's controls: the keys and buttons of [`KEYS`], nothing to remember between them.
#[derive(Default)]
pub struct Controls;

impl TurnControls<SnakeCore> for Controls {
    const HELP: &'static [(&'static str, &'static str)] = HELP;

    /// The first human seat: whose view the game opens in.
    fn initial_perspective(&self, live: &Live<SnakeCore>, rec: &Recorded<SnakeCore>) -> Option<Perspective> {
        (0..rec.track.players.len()).find(|&p| live.is_human(p)).map(Perspective::Player)
    }

    /// On the human's turn, the move keys answer for them; returns the keys it claims, so that
    /// the shell's shortcuts on them wait.
    fn keys(&mut self, live: &mut Live<SnakeCore>, rec: &Recorded<SnakeCore>, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = live.human_to_move(rec) else { return &[] };
        if crate::kit::contract::view::typing(ctx) {
            return &[];
        }
        let pressed = ctx.input(|i| KEYS.iter().find(|(names, ..)| row_keys(names).any(|k| i.key_pressed(k))).map(|&(.., letter)| letter));
        if let Some(letter) = pressed {
            live.submit(player, Action::parse(letter));
        }
        CLAIMED.as_slice()
    }

    fn panel(&mut self, live: &mut Live<SnakeCore>, rec: &Recorded<SnakeCore>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let player = match live.header(rec, ui, at_end) {
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
            live.submit(player, Action::parse(letter));
        }
        ui.collapsing("what a bot would be told now", |ui| {
            ui.label(RichText::new(SnakeCore::turn_lines(state, player).join("\n")).monospace().size(10.0));
        });
        stop_button(ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_the_help_names_is_one_the_window_reads() {
        for (names, _, letter) in KEYS {
            assert_eq!(row_keys(names).count(), names.split(" / ").count(), "{names:?}: every name is a key");
            assert!(!matches!(Action::parse(letter), Action::Other(_)), "{letter:?} is a protocol letter");
        }
        assert_eq!(CLAIMED.len(), 10);
        assert!(CLAIMED.contains(&Key::ArrowUp) && CLAIMED.contains(&Key::A) && !CLAIMED.contains(&Key::W));
    }
}
