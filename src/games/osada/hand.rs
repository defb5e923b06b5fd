//! Hand play of osada: the app hosts the server and seats the human ([`crate::kit::deadline24::hand`]);
//! a click on the board picks one of the team's troops (again on the same field: the next in its
//! queue), a click on a neighbouring field moves the picked troop there, a click on a coor in a
//! sniper's range shoots at it (`kibitz_osada::hand::click`); buttons build and ask for a map.
//! Hovering a field says the command a click would send, and what the server would answer now.

use crate::kit::contract::view::PanelRequest;
use crate::kit::deadline24::hand::Seat;
use bevy_egui::egui::{self, RichText};
use kibitz_osada::OsadaState;
use kibitz_osada::state::{Banner, Kind};
use std::ops::ControlFlow;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    (
        "click",
        "one of your troops: pick it (again on its field: the next one there) · a neighbouring field: MOVE there · a coor in a picked sniper's range: SHOOT it",
    ),
    ("hover", "the command a click would send, and what the server would answer now"),
    ("B / O", "the picked builder builds a trap / a tower"),
    ("M", "MAP around the picked troop (once a turn)"),
    ("T", "pause the turn clock while you think / let it run again"),
    ("console", "any command line (at the top of the panel), Enter sends it; keys typed there do nothing else (Esc leaves it)"),
];

/// The console's example command.
pub const CONSOLE_HINT: &str = "any command, e.g. LIST TROOPS";

/// An osada match played by hand: the human's seat and the troop they picked.
pub struct Hand {
    pub seat: Seat,
    /// The picked troop's ID.
    pub selected: Option<i64>,
}

impl Hand {
    pub fn new(seat: Seat) -> Self {
        Self { seat, selected: None }
    }

    pub fn team(&self) -> usize {
        self.seat.team
    }

    /// The picked troop, while it lives.
    fn picked(&self, state: &OsadaState) -> Option<(i64, Kind, (i32, i32))> {
        let id = self.selected?;
        let t = state.troops[state.troop(self.team(), id)? as usize];
        Some((id, t.kind, state.land.xy(t.at)))
    }

    /// B, O and M for the picked troop; T pauses.
    pub fn keys(&mut self, state: &OsadaState, ctx: &egui::Context) {
        let (trap, tower, map) = ctx.input(|i| (i.key_pressed(egui::Key::B), i.key_pressed(egui::Key::O), i.key_pressed(egui::Key::M)));
        if let Some((id, _, (x, y))) = self.picked(state) {
            for (pressed, command) in
                [(trap, format!("BUILD {id} TRAP")), (tower, format!("BUILD {id} TOWER")), (map, format!("MAP {x} {y}"))]
            {
                if pressed {
                    self.seat.send(&command);
                }
            }
        }
    }

    /// The hand-play section of the side panel.
    pub fn panel(&mut self, ui: &mut egui::Ui, state: &OsadaState, name: &str, at_end: bool) -> Option<PanelRequest> {
        if let ControlFlow::Break(request) = self.seat.header(ui, name, at_end) {
            return request;
        }
        let team = self.team();
        let alive = state.troops.iter().filter(|t| t.alive && t.team as usize == team).count();
        let banner = match state.teams[team].banner {
            Banner::Safe => "safe on its mast",
            Banner::Missing(_) => "carried off by a coor!",
            Banner::Lost => "lost",
        };
        ui.label(format!("glory {} · {alive} troops · banner {banner}", state.teams[team].glory));
        match self.picked(state) {
            None => {
                ui.label(RichText::new("Click one of your troops to pick it.").strong());
            }
            Some((id, kind, (x, y))) => {
                let i = state.troop(team, id).unwrap_or(0);
                let (queue, delay) = (state.place_in_queue(i), state.delay(i));
                let status = match (queue, delay) {
                    (0, 0) => "active, free".to_string(),
                    (0, d) => format!("active, busy for {d} round(s)"),
                    (q, _) => format!("{q} ahead of it in its field: it may only move"),
                };
                ui.label(RichText::new(format!("troop {id}, {} at ({x}, {y}): {status}", kind.token().to_lowercase())).strong());
                ui.label("Click a neighbouring field to move there, a coor in range to shoot it (snipers).");
                ui.horizontal(|ui| {
                    if kind == Kind::Builder {
                        if ui.button("build a trap (B)").clicked() {
                            self.seat.send(&format!("BUILD {id} TRAP"));
                        }
                        if ui.button("build a tower (O)").clicked() {
                            self.seat.send(&format!("BUILD {id} TOWER"));
                        }
                    }
                    if ui.button("map around it (M)").clicked() {
                        self.seat.send(&format!("MAP {x} {y}"));
                    }
                });
            }
        }
        self.seat.footer(ui)
    }
}
