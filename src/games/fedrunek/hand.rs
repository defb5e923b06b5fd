//! Hand play of fedrunek: the app hosts the server and seats the human
//! ([`crate::kit::deadline24::hand`]), the other teams run their clients, and the human's team sends
//! commands over its own TCP connection: from the panel's buttons, from clicks on the cube, or
//! typed in the console. Every answer is
//! shown as the server sent it, errors included. What a click or button sends is decided in
//! `kibitz_fedrunek::hand`, next to the rules.

use crate::kit::contract::view::PanelRequest;
use crate::kit::deadline24::hand::Seat;
use bevy_egui::egui::{self, Key, RichText};
use kibitz_fedrunek::FedrunekState;
use kibitz_fedrunek::hand::{DIRECTIONS, skills, step};
use kibitz_fedrunek::robots::{Kind, Operation, Robot};
use kibitz_fedrunek::world::Tunnel;
use std::ops::ControlFlow;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("click", "a robot of yours: select it · a field next to the selected robot: move there, or drill into the ground"),
    ("N", "select your next robot"),
    ("1 – 6", "the selected robot steps +x, −x, +y, −y, +z, −z (moving or drilling as a click would)"),
    ("M", "the selected miner mines · the selected scout scans"),
    ("T", "pause the turn clock while you think / let it run again"),
    ("L", "cut the cube through the selected robot's field (along the cut's axis, x at first)"),
    ("console", "any command line (at the top of the panel), Enter sends it; keys typed there do nothing else (Esc leaves it)"),
];

/// The console's example command.
pub const CONSOLE_HINT: &str = "any command, e.g. LIST MINERS";

/// A fedrunek match being played by hand: the human's seat, and the robot they act with.
pub struct Hand {
    pub seat: Seat,
    pub selected: Option<u32>,
    push_k: i64,
    skill: usize,
    buy_kind: Kind,
    workshop: usize,
    /// Asked for a cut through the selected robot (L, or the panel's button); the view does it.
    pub cut_to_selected: bool,
}

impl Hand {
    pub fn new(seat: Seat) -> Self {
        Self { seat, selected: None, push_k: 10, skill: 0, buy_kind: Kind::Miner, workshop: 0, cut_to_selected: false }
    }

    pub fn team(&self) -> usize {
        self.seat.team
    }

    /// The selected robot, as the last state has it.
    pub fn robot<'s>(&self, state: &'s FedrunekState) -> Option<&'s Robot> {
        let id = self.selected?;
        state.teams.get(self.team())?.robots.iter().find(|r| r.id == id)
    }

    /// Selects the next of the team's robots (after the selected one, or the first).
    fn select_next(&mut self, state: &FedrunekState, among: impl Fn(&Robot) -> bool) {
        let robots: Vec<u32> = state.teams[self.team()].robots.iter().filter(|r| among(r)).map(|r| r.id).collect();
        let at = self.selected.and_then(|s| robots.iter().position(|&id| id == s));
        self.selected = match at {
            Some(k) => robots.get((k + 1) % robots.len()).copied(),
            None => robots.first().copied(),
        };
    }

    /// A click on field `p` whose command (if a neighbour of the selected robot) is `step`.
    pub fn click(&mut self, state: &FedrunekState, p: kibitz_fedrunek::world::Pos, step: Option<String>) {
        let mine_here = state.teams[self.team()].robots.iter().any(|r| r.pos == p);
        match step {
            Some(command) => self.seat.send(&command),
            None if mine_here => self.select_next(state, |r| r.pos == p),
            None => {}
        }
    }

    /// N, digits, M, T and L. `steps` gives the command of each direction for the selected robot.
    pub fn keys(&mut self, state: &FedrunekState, ctx: &egui::Context, steps: &[Option<String>; 6]) {
        const DIGITS: [Key; 6] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6];
        let (tab, digit, m, l) = ctx.input(|i| {
            let pressed = |k| i.key_pressed(k);
            (pressed(Key::N), DIGITS.iter().position(|k| pressed(*k)), pressed(Key::M), pressed(Key::L))
        });
        self.cut_to_selected |= l;
        if tab {
            self.select_next(state, |_| true);
        }
        if let Some(command) = digit.and_then(|d| steps[d].clone()) {
            self.seat.send(&command);
        }
        if m && let Some(robot) = self.robot(state) {
            let verb = if robot.kind == Kind::Miner { "MINE" } else { "SCAN" };
            let command = format!("{verb} {}", robot.id);
            self.seat.send(&command);
        }
    }

    /// The hand-play section of the side panel.
    pub fn panel(
        &mut self,
        ui: &mut egui::Ui,
        state: &FedrunekState,
        name: &str,
        steps: &[Option<String>; 6],
        at_end: bool,
    ) -> Option<PanelRequest> {
        if let ControlFlow::Break(request) = self.seat.header(ui, name, at_end) {
            return request;
        }
        let team = &state.teams[self.team()];
        ui.label(format!("{} credits · {} spent on the fleet · result {}", team.credits, team.spent, team.result()));
        ui.label(RichText::new("Your robots (click one on the cube, or N):").strong());
        for r in &team.robots {
            let text = format!("{:?} {} at {} · {}", r.kind, r.id, r.pos, operation_text(r));
            if ui.selectable_label(self.selected == Some(r.id), RichText::new(text).monospace().size(11.0)).clicked() {
                self.selected = Some(r.id);
            }
        }
        if let Some(robot) = self.robot(state).cloned() {
            self.robot_actions(ui, &robot, steps);
        }
        self.buy_row(ui, state);
        self.seat.footer(ui)
    }

    fn robot_actions(&mut self, ui: &mut egui::Ui, robot: &Robot, steps: &[Option<String>; 6]) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{:?} {} at {}: {}", robot.kind, robot.id, robot.pos, operation_text(robot))).strong());
            self.cut_to_selected |= ui.small_button("cut through it (L)").clicked();
        });
        let mut send = None;
        egui::Grid::new("fedrunek-directions").num_columns(4).show(ui, |ui| {
            for (k, ((d, label), suggested)) in DIRECTIONS.iter().zip(steps).enumerate() {
                ui.label(format!("{} {label}", k + 1));
                if ui.button("move").clicked() {
                    send = Some(step("MOVE", robot, *d));
                }
                if robot.kind == Kind::Miner {
                    if ui.button("drill").clicked() {
                        send = Some(step("DRILL", robot, *d));
                    }
                } else {
                    ui.label("");
                }
                let hint = suggested.as_deref().map_or(String::new(), |c| format!("click / key: {c}"));
                ui.label(RichText::new(hint).weak().size(10.0));
                ui.end_row();
            }
        });
        let id = robot.id;
        ui.horizontal_wrapped(|ui| match robot.kind {
            Kind::Miner => {
                for verb in ["MINE", "STORAGE", "INFO"] {
                    if ui.button(verb.to_lowercase()).clicked() {
                        send = Some(format!("{verb} {id}"));
                    }
                }
            }
            Kind::Scout => {
                for verb in ["SCAN", "INFO", "YIELD LAST SCAN", "YIELD LAST PUSH"] {
                    if ui.button(verb.to_lowercase()).clicked() {
                        send = Some(format!("{verb} {id}"));
                    }
                }
                if ui.button("push").on_hover_text("push K fields down from this face").clicked() {
                    send = Some(format!("PUSH {id} {}", self.push_k));
                }
                ui.add(egui::DragValue::new(&mut self.push_k).range(1..=1024).prefix("K "));
            }
        });
        ui.horizontal(|ui| {
            let names = skills(robot.kind);
            self.skill = self.skill.min(names.len() - 1);
            egui::ComboBox::from_id_salt("fedrunek-skill").selected_text(names[self.skill]).show_ui(ui, |ui| {
                for (k, name) in names.iter().enumerate() {
                    ui.selectable_value(&mut self.skill, k, *name);
                }
            });
            if ui.button(format!("upgrade ({} credits, at a workshop)", robot.kind.upgrade_cost())).clicked() {
                send = Some(format!("UPGRADE {id} {}", names[self.skill]));
            }
        });
        if let Some(command) = send {
            self.seat.send(&command);
        }
    }

    fn buy_row(&mut self, ui: &mut egui::Ui, state: &FedrunekState) {
        let workshops = &state.sites.workshops;
        if workshops.is_empty() {
            return;
        }
        self.workshop = self.workshop.min(workshops.len() - 1);
        let mut buy = false;
        ui.horizontal(|ui| {
            ui.label("buy a");
            ui.selectable_value(&mut self.buy_kind, Kind::Miner, format!("miner ({})", Kind::Miner.price()));
            ui.selectable_value(&mut self.buy_kind, Kind::Scout, format!("scout ({})", Kind::Scout.price()));
            egui::ComboBox::from_id_salt("fedrunek-workshop").selected_text(format!("at {}", workshops[self.workshop])).show_ui(ui, |ui| {
                for (k, p) in workshops.iter().enumerate() {
                    ui.selectable_value(&mut self.workshop, k, format!("{p}"));
                }
            });
            buy = ui.button("buy").clicked();
        });
        if buy {
            let kind = if self.buy_kind == Kind::Miner { "MINER" } else { "SCOUT" };
            let command = format!("BUY {} {kind}", workshops[self.workshop]);
            self.seat.send(&command);
        }
    }
}

fn operation(op: &Option<Operation>) -> String {
    match op {
        None => "free".into(),
        Some(Operation::Move(p)) => format!("moving to {p}"),
        Some(Operation::Drill(t)) => format!("drilling {} – {}", t.low, Tunnel::high(*t)),
        Some(Operation::Mine(m)) => format!("mining {}", m.name().to_lowercase()),
        Some(Operation::Upgrade(_)) => "upgrading".into(),
        Some(Operation::Scan) => "scanning".into(),
        Some(Operation::Push(k)) => format!("pushing {k} fields"),
        Some(Operation::Arrive) => "arriving".into(),
    }
}

/// A robot's operation and the turns it has left, for lists and hovers.
pub fn operation_text(r: &Robot) -> String {
    let busy = if r.busy > 0 { format!(", {} turns left", r.busy) } else { String::new() };
    let cargo = if r.kind == Kind::Miner { format!(" · cargo {:?}", r.cargo) } else { String::new() };
    format!("{}{busy}{cargo}", operation(&r.operation))
}
