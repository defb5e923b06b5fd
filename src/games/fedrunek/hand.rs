//! Hand play of fedrunek: the app hosts the server ([`crate::kit::hosting`]), the other teams
//! run their clients, and the human's team sends commands over its own TCP connection: from
//! the panel's buttons, from clicks on the cube, or typed in the console. Every answer is
//! shown as the server sent it, errors included. What a click or button sends is decided in
//! `kibitz_fedrunek::hand`, next to the rules.

use crate::kit::hosting::{Exchange, Feed, Hosted, Terminal};
use crate::kit::palette::player_color;
use crate::kit::view::{PanelRequest, stop_button};
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_fedrunek::hand::{DIRECTIONS, skills, step};
use kibitz_fedrunek::robots::{Kind, Robot};
use kibitz_fedrunek::{Fedrunek, FedrunekState};
use std::time::{Duration, Instant};

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("click", "a robot of yours: select it · a field next to the selected robot: move there, or drill into the ground"),
    ("N", "select your next robot"),
    ("1 – 6", "the selected robot steps +x, −x, +y, −y, +z, −z (moving or drilling as a click would)"),
    ("M", "the selected miner mines · the selected scout scans"),
    ("T", "pause the turn clock while you think / let it run again"),
    ("L", "cut the cube through the selected robot's field (along the cut's axis, x at first)"),
];

/// Answers kept for the panel.
const KEPT: usize = 200;

/// The turn clock as the human sees it: started when the last turn's end arrived, frozen
/// while the host pauses it (the server does the same).
struct TurnClock {
    turn: u32,
    started: Instant,
    paused_at: Option<Instant>,
    turn_ms: u64,
}

impl TurnClock {
    fn left(&self) -> Duration {
        let now = self.paused_at.unwrap_or_else(Instant::now);
        Duration::from_millis(self.turn_ms).saturating_sub(now.saturating_duration_since(self.started))
    }

    fn pause(&mut self, paused: bool) {
        match (paused, self.paused_at) {
            (true, None) => self.paused_at = Some(Instant::now()),
            (false, Some(at)) => {
                self.started += at.elapsed();
                self.paused_at = None;
            }
            _ => {}
        }
    }
}

/// A fedrunek match being played by hand.
pub struct Hand {
    pub hosted: Hosted,
    pub feed: Feed,
    terminal: Terminal,
    /// The human's team.
    pub team: usize,
    pub selected: Option<u32>,
    push_k: i64,
    skill: usize,
    buy_kind: Kind,
    workshop: usize,
    console: String,
    /// Newest last.
    exchanges: Vec<Exchange>,
    clock: TurnClock,
    /// Set when the match ended or cannot go on, for the panel.
    pub ended: Option<String>,
    /// Asked for a cut through the selected robot (L, or the panel's button); the view does it.
    pub cut_to_selected: bool,
}

impl Hand {
    pub fn new(hosted: Hosted, feed: Feed, team: usize, turn_ms: u64) -> Self {
        let paused = hosted.clock.state().paused.then(Instant::now);
        let terminal = Terminal::connect(hosted.connect(team), Fedrunek::answer_lines);
        Self {
            hosted,
            feed,
            terminal,
            team,
            selected: None,
            push_k: 10,
            skill: 0,
            buy_kind: Kind::Miner,
            workshop: 0,
            console: String::new(),
            exchanges: Vec::new(),
            clock: TurnClock { turn: 1, started: Instant::now(), paused_at: paused, turn_ms },
            ended: None,
            cut_to_selected: false,
        }
    }

    /// A turn ended (the tick arrived): the next one starts now.
    pub fn turn_ended(&mut self, turn: u32) {
        self.clock.turn = turn + 1;
        self.clock.started = self.clock.paused_at.unwrap_or_else(Instant::now);
    }

    /// Takes in the answers that came back, and notices a server that stopped.
    pub fn poll(&mut self) {
        self.exchanges.extend(self.terminal.answers());
        let over = self.exchanges.len().saturating_sub(KEPT);
        self.exchanges.drain(..over);
        if let Some(failure) = self.hosted.failure() {
            self.ended.get_or_insert(failure);
        }
    }

    pub fn send(&mut self, command: &str) {
        if self.ended.is_none() && !command.trim().is_empty() {
            self.terminal.send(command);
        }
    }

    fn set_paused(&mut self, paused: bool) {
        self.hosted.clock.pause(paused);
        self.clock.pause(paused);
    }

    fn paused(&self) -> bool {
        self.clock.paused_at.is_some()
    }

    /// The selected robot, as the last state has it.
    pub fn robot<'s>(&self, state: &'s FedrunekState) -> Option<&'s Robot> {
        let id = self.selected?;
        state.teams.get(self.team)?.robots.iter().find(|r| r.id == id)
    }

    /// Selects the next of the team's robots (after the selected one, or the first).
    fn select_next(&mut self, state: &FedrunekState, among: impl Fn(&Robot) -> bool) {
        let robots: Vec<u32> = state.teams[self.team].robots.iter().filter(|r| among(r)).map(|r| r.id).collect();
        let at = self.selected.and_then(|s| robots.iter().position(|&id| id == s));
        self.selected = match at {
            Some(k) => robots.get((k + 1) % robots.len()).copied(),
            None => robots.first().copied(),
        };
    }

    /// A click on field `p` whose command (if a neighbour of the selected robot) is `step`.
    pub fn click(&mut self, state: &FedrunekState, p: kibitz_fedrunek::world::Pos, step: Option<String>) {
        let mine_here = state.teams[self.team].robots.iter().any(|r| r.pos == p);
        match step {
            Some(command) => self.send(&command),
            None if mine_here => self.select_next(state, |r| r.pos == p),
            None => {}
        }
    }

    /// N, digits, M, T and L. `steps` gives the command of each direction for the selected robot.
    pub fn keys(&mut self, state: &FedrunekState, ctx: &egui::Context, steps: &[Option<String>; 6]) {
        const DIGITS: [Key; 6] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6];
        let (tab, digit, m, t, l) = ctx.input(|i| {
            let pressed = |k| i.key_pressed(k);
            (pressed(Key::N), DIGITS.iter().position(|k| pressed(*k)), pressed(Key::M), pressed(Key::T), pressed(Key::L))
        });
        self.cut_to_selected |= l;
        if tab {
            self.select_next(state, |_| true);
        }
        if let Some(command) = digit.and_then(|d| steps[d].clone()) {
            self.send(&command);
        }
        if m && let Some(robot) = self.robot(state) {
            let verb = if robot.kind == Kind::Miner { "MINE" } else { "SCAN" };
            let command = format!("{verb} {}", robot.id);
            self.send(&command);
        }
        if t {
            let paused = self.paused();
            self.set_paused(!paused);
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
        ui.heading("Hand play");
        ui.label(RichText::new(format!("You are {name}.")).color(player_color(self.team)).strong());
        ui.label(RichText::new(format!("recording to {}", self.hosted.out.display())).weak());
        if let Some(ended) = &self.ended {
            ui.colored_label(Color32::LIGHT_GREEN, ended);
            return None;
        }
        if !at_end && ui.button("back to the game (End)").clicked() {
            return Some(PanelRequest::BackToGame);
        }
        self.clock_row(ui);
        // The latest answer where the eye is; the others are listed further down.
        if let Some(last) = self.exchanges.last() {
            exchange_label(ui, last);
        }
        let team = &state.teams[self.team];
        ui.label(format!("{} credits · {} spent on the fleet · result {}", team.credits, team.spent, team.result()));
        ui.label(RichText::new("Your robots (click one on the cube, or N):").strong());
        for r in &team.robots {
            let text = format!("{:?} {} at {} · {}", r.kind, r.id, r.pos, super::view::operation_text(r));
            if ui.selectable_label(self.selected == Some(r.id), RichText::new(text).monospace().size(11.0)).clicked() {
                self.selected = Some(r.id);
            }
        }
        if let Some(robot) = self.robot(state).cloned() {
            self.robot_actions(ui, &robot, steps);
        }
        self.buy_row(ui, state);
        self.console(ui);
        self.answers(ui);
        stop_button(ui)
    }

    fn clock_row(&mut self, ui: &mut egui::Ui) {
        let left = self.clock.left();
        let share = left.as_secs_f32() / (self.clock.turn_ms as f32 / 1000.0).max(0.001);
        let text = if self.paused() { "paused".to_string() } else { format!("{:.1} s left", left.as_secs_f32()) };
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("turn {}", self.clock.turn)).strong());
            ui.add(egui::ProgressBar::new(share.clamp(0.0, 1.0)).desired_width(140.0).text(text));
        });
        let mut paused = self.paused();
        if ui
            .checkbox(&mut paused, "pause the clock while I think (T)")
            .on_hover_text("practice: no turn ends until you let the clock run again; commands are still answered")
            .changed()
        {
            self.set_paused(paused);
        }
        if self.terminal.pending > 0 {
            ui.label(
                RichText::new(format!("{} command(s) on their way (a WAIT holds the next until the turn ends)…", self.terminal.pending))
                    .weak(),
            );
        }
    }

    fn robot_actions(&mut self, ui: &mut egui::Ui, robot: &Robot, steps: &[Option<String>; 6]) {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{:?} {} at {}: {}", robot.kind, robot.id, robot.pos, super::view::operation_text(robot))).strong(),
            );
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
            self.send(&command);
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
            self.send(&command);
        }
    }

    fn console(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let field =
                ui.add(egui::TextEdit::singleline(&mut self.console).hint_text("any command, e.g. LIST MINERS").desired_width(220.0));
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if (ui.button("send").clicked() || enter) && !self.console.trim().is_empty() {
                let command = std::mem::take(&mut self.console);
                self.send(&command);
                field.request_focus();
            }
        });
    }

    fn answers(&self, ui: &mut egui::Ui) {
        ui.label(RichText::new("The server's answers (newest first):").strong());
        for e in self.exchanges.iter().rev().take(12) {
            exchange_label(ui, e);
        }
    }
}

/// A command and its answer's lines on one line, failures in red.
fn exchange_label(ui: &mut egui::Ui, e: &Exchange) {
    let color = if e.failed() { Color32::from_rgb(255, 120, 110) } else { Color32::from_rgb(170, 220, 170) };
    let mut text = format!("{} → {}", e.command, e.answer.join(" | "));
    if let Some(broken) = &e.broken {
        text.push_str(&format!(" ({broken})"));
    }
    ui.label(RichText::new(text).monospace().size(11.0).color(color))
        .on_hover_text(format!("answered in {:.1} ms", e.took.as_secs_f64() * 1000.0));
}
