//! Hand play for Lighthouses: a live match runs on the referee's thread; the view follows its
//! replay lines, and the human's keys, clicks and buttons become commands for their seat. What the keys mean lives in `kibitz_lighthouses::hand`, next to the rules.

use crate::kit::contract::view::{PanelRequest, stop_button, text_box};
use crate::kit::turn::live::Live;
use crate::kit::turn::view::TurnControls;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_lighthouses::hand::{connect_candidates, direction_of_digit};
use kibitz_lighthouses::{Command, Lighthouses, Outcome, Pos, Target};

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("1-9", "move like a keypad: 8 up, 2 down, 7 up-left, 3 down-right…"),
    ("5", "pass"),
    ("X", "attack / recharge the lighthouse underfoot with the amount in the box"),
    ("energy box", "the amount to attack or recharge with; Enter there does it (keys typed there do nothing else)"),
    ("click", "a neighbouring cell: move there; a lighthouse whose key you hold: connect; your lighthouse: attack"),
];

/// The human's controls while a match is played by hand.
#[derive(Default)]
pub struct Controls {
    /// The attack / recharge amount box.
    amount: String,
}

impl Controls {
    fn amount(&self) -> Option<i64> {
        self.amount.trim().parse().ok()
    }

    /// A click on the board at `cell` while `player` is to move.
    pub fn click(&mut self, live: &mut Live<Lighthouses>, rec: &Recorded<Lighthouses>, player: usize, cell: Pos) {
        let state = rec.timeline.last_state();
        let command = match kibitz_lighthouses::hand::click(state, player, cell) {
            Some(c) => Some(c),
            None if cell == state.players[player].pos && state.lighthouse_at(cell).is_some() => {
                self.amount().map(|energy| Command::Attack { energy })
            }
            None => None,
        };
        if let Some(command) = command {
            live.submit(player, command);
        }
    }
}

impl TurnControls<Lighthouses> for Controls {
    const HELP: &'static [(&'static str, &'static str)] = HELP;

    /// Digits move, 5 passes, X attacks with the amount in the box.
    fn keys(&mut self, live: &mut Live<Lighthouses>, rec: &Recorded<Lighthouses>, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = live.human_to_move(rec) else { return &[] };
        const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
        let pressed = ctx.input(|i| DIGITS.iter().position(|k| i.key_pressed(*k)).map(|d| d as u8 + 1));
        let command = match pressed {
            Some(5) => Some(Command::Pass),
            Some(d) => direction_of_digit(d).map(|(x, y)| Command::Move { x, y }),
            None if ctx.input(|i| i.key_pressed(Key::X)) => self.amount().map(|energy| Command::Attack { energy }),
            None => None,
        };
        if let Some(command) = command {
            live.submit(player, command);
        }
        &[]
    }

    /// The hand-play section of the side panel.
    fn panel(
        &mut self,
        live: &mut Live<Lighthouses>,
        rec: &Recorded<Lighthouses>,
        ui: &mut egui::Ui,
        at_end: bool,
    ) -> Option<PanelRequest> {
        let player = match live.header(rec, ui, at_end) {
            std::ops::ControlFlow::Continue(player) => player,
            std::ops::ControlFlow::Break(request) => return request,
        };
        if let Some(message) = last_refusal(rec, player) {
            ui.colored_label(Color32::LIGHT_RED, format!("your last command was refused: {message}"));
        }
        let state = rec.timeline.last_state();
        let me = &state.players[player];
        ui.label(format!("at {} with {} energy", me.pos, me.energy));
        let mut command = None;
        ui.horizontal(|ui| {
            egui::Grid::new("hand-moves").spacing([2.0, 2.0]).show(ui, |ui| {
                for row in [[7, 8, 9], [4, 5, 6], [1, 2, 3]] {
                    for d in row {
                        let label = match direction_of_digit(d) {
                            Some((x, y)) => format!("{} {d}", arrow(x, y)),
                            None => format!("pass {d}"),
                        };
                        if ui.button(RichText::new(label).monospace()).clicked() {
                            command = Some(direction_of_digit(d).map_or(Command::Pass, |(x, y)| Command::Move { x, y }));
                        }
                    }
                    ui.end_row();
                }
            });
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.label("energy");
                    let r = text_box(ui, &mut self.amount, "lighthouses-energy", "amount", 56.0);
                    if r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                        command = self.amount().map(|energy| Command::Attack { energy });
                    }
                    if ui.small_button("all").clicked() {
                        self.amount = me.energy.to_string();
                    }
                });
                if ui.button("attack / recharge  (X)").clicked() {
                    command = self.amount().map(|energy| Command::Attack { energy });
                }
                let targets = connect_candidates(state, player);
                if !targets.is_empty() {
                    ui.label("connect to:");
                    ui.horizontal_wrapped(|ui| {
                        for t in targets {
                            if ui.button(t.to_string()).clicked() {
                                command = Some(Command::Connect { destination: Target::Cell(t) });
                            }
                        }
                    });
                }
            });
        });
        if let Some(command) = command {
            live.submit(player, command);
        }
        stop_button(ui)
    }
}

/// The refusal message of `player`'s previous turn, if it was refused.
fn last_refusal(rec: &Recorded<Lighthouses>, player: usize) -> Option<&str> {
    let record = rec.replay.records.iter().rev().find(|r| r.player == Some(player))?;
    match &record.outcome {
        Outcome::Turn { success: false, message, .. } => Some(message.as_deref().unwrap_or("refused")),
        _ => None,
    }
}

fn arrow(x: i64, y: i64) -> &'static str {
    match (x, y) {
        (-1, 1) => "↖",
        (0, 1) => "⬆",
        (1, 1) => "↗",
        (-1, 0) => "⬅",
        (1, 0) => "➡",
        (-1, -1) => "↙",
        (0, -1) => "⬇",
        _ => "↘",
    }
}
