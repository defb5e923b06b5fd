//! Hand play of wycinanka: the app hosts the server and seats the human
//! ([`crate::kit::deadline24::hand`]); the human picks an order, clicks sheet vertices to give the
//! order's vertices one by one (`kibitz_wycinanka::hand::Mapping` says which edges already fit
//! and where the next vertex could go), and commits; the server's answer is shown as it came.

use crate::kit::contract::view::PanelRequest;
use crate::kit::deadline24::hand::Seat;
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_wycinanka::WycinankaState;
use kibitz_wycinanka::hand::Mapping;
use std::collections::HashMap;
use std::ops::ControlFlow;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("click", "a sheet vertex: give it to the order vertex being placed · a vertex of the order's picture: place that one next"),
    (", / .", "previous / next order"),
    ("N", "the next order your team has not fulfilled"),
    ("Enter", "commit the solution once every vertex is placed"),
    ("Backspace", "take the last placed vertex back"),
    ("X", "clear this order's vertices"),
    ("T", "pause the turn clock while you think / let it run again"),
    ("console", "any command line (at the top of the panel), Enter sends it; keys typed there do nothing else (Esc leaves it)"),
];

/// The console's example command.
pub const CONSOLE_HINT: &str = "any command, e.g. DESCRIBE ORDER 1";

/// A wycinanka match being played by hand: the human's seat, and a solution in the making
/// for each order they have started on.
pub struct Hand {
    pub seat: Seat,
    mappings: HashMap<u32, Mapping>,
}

impl Hand {
    pub fn new(seat: Seat) -> Self {
        Self { seat, mappings: HashMap::new() }
    }

    pub fn team(&self) -> usize {
        self.seat.team
    }

    /// Whether the human can still work on order `id` (it exists and their team has not
    /// fulfilled it), at the live end of a running match.
    pub fn open(&self, state: &WycinankaState, id: u32) -> bool {
        self.seat.ended.is_none() && state.orders.get(id as usize - 1).is_some_and(|o| !o.fulfilled_by(self.team()))
    }

    /// The solution in the making for order `id` (started empty).
    pub fn mapping(&mut self, state: &WycinankaState, id: u32) -> Option<&mut Mapping> {
        if !self.open(state, id) {
            return None;
        }
        let n = state.orders[id as usize - 1].order.graph.n();
        Some(self.mappings.entry(id).or_insert_with(|| Mapping::new(id, n)))
    }

    /// Forgets the solutions the server accepted (the state then shows them as cuts).
    pub fn take_answers(&mut self) {
        let accepted: Vec<u32> = self
            .seat
            .fresh_answers()
            .iter()
            .filter(|e| e.answer.get(1).is_some_and(|l| l.starts_with("ACCEPTED")))
            .filter_map(|e| e.command.strip_prefix("COMMIT SOLUTION ")?.split(' ').next()?.parse().ok())
            .collect();
        for id in accepted {
            self.mappings.remove(&id);
        }
    }

    /// The first order after `from` (round the list) that the human's team has not fulfilled.
    fn next_open(&self, state: &WycinankaState, from: Option<u32>) -> Option<u32> {
        let n = state.orders.len() as u32;
        let from = from.unwrap_or(0).min(n);
        (1..=n).map(|k| (from + k - 1) % n + 1).find(|&id| self.open(state, id))
    }

    fn commit(&mut self, state: &WycinankaState, id: u32) {
        if let Some(command) = self.mapping(state, id).and_then(|m| m.command()) {
            self.seat.send(&command);
        }
    }

    /// Enter, Backspace, X and T for the selected order; N selects the next open one.
    pub fn keys(&mut self, state: &WycinankaState, ctx: &egui::Context, selected: &mut Option<u32>) {
        if ctx.input(|i| i.key_pressed(Key::N)) {
            *selected = self.next_open(state, *selected).or(*selected);
        }
        let Some(id) = *selected else { return };
        let (enter, back, clear) = ctx.input(|i| (i.key_pressed(Key::Enter), i.key_pressed(Key::Backspace), i.key_pressed(Key::X)));
        if enter {
            self.commit(state, id);
        }
        if let Some(m) = self.mapping(state, id) {
            if back {
                m.undo();
            }
            if clear {
                m.clear();
            }
        }
    }

    /// The hand-play section of the side panel.
    pub fn panel(
        &mut self,
        ui: &mut egui::Ui,
        state: &WycinankaState,
        name: &str,
        selected: &mut Option<u32>,
        at_end: bool,
    ) -> Option<PanelRequest> {
        if let ControlFlow::Break(request) = self.seat.header(ui, name, at_end) {
            return request;
        }
        let team = self.team();
        let done = state.orders.iter().filter(|o| o.fulfilled_by(team)).count();
        ui.label(format!("{} points · {done} of {} orders fulfilled", state.points[team], state.orders.len()));
        match *selected {
            None => {
                ui.label(RichText::new("Pick an order (in the list below, or with , and .) to start cutting it.").strong());
            }
            Some(id) if !self.open(state, id) => {
                ui.label(RichText::new(format!("Your team has fulfilled order {id}: pick another.")).strong());
            }
            Some(id) => self.solving(ui, state, id),
        }
        if let Some(next) = self.next_open(state, *selected).filter(|&n| Some(n) != *selected)
            && ui.button(format!("next order to cut: {next} (N)")).clicked()
        {
            *selected = Some(next);
        }
        self.seat.footer(ui)
    }

    /// The solution of order `id` in the making: progress, wrong edges, commit.
    fn solving(&mut self, ui: &mut egui::Ui, state: &WycinankaState, id: u32) {
        let placed = &state.orders[id as usize - 1];
        let (order, sheet) = (&placed.order.graph, &state.sheet.graph);
        let Some(m) = self.mapping(state, id) else { return };
        let edges = m.edges(order, sheet);
        let wrong = edges.iter().filter(|e| !e.fits).count();
        ui.label(
            RichText::new(format!(
                "Order {id} (V {}, E {}, P {}, C {}):",
                order.n(),
                order.edges().len(),
                placed.order.value,
                placed.cuts.len()
            ))
            .strong(),
        );
        let current = m.current;
        let line = if m.count() == order.n() as usize {
            "every vertex is placed: commit (Enter)".to_string()
        } else {
            let hint = match m.candidates(order, sheet) {
                None => "anywhere".to_string(),
                Some(c) if c.is_empty() => "nowhere without a wrong edge: take a vertex back".to_string(),
                Some(c) => format!("on one of the {} ringed sheet vertices", c.len()),
            };
            format!("click the sheet vertex for order vertex {current} ({hint})")
        };
        ui.label(line);
        let color = if wrong > 0 { Color32::from_rgb(255, 120, 110) } else { Color32::from_rgb(170, 220, 170) };
        ui.colored_label(
            color,
            format!("{} of {} placed · {} of {} edges fit · {wrong} wrong", m.count(), order.n(), edges.len() - wrong, order.edges().len()),
        );
        let complete = m.command().is_some();
        let (mut commit, mut back, mut clear) = (false, false, false);
        ui.horizontal(|ui| {
            commit = ui.add_enabled(complete, egui::Button::new("commit (Enter)")).clicked();
            back = ui.button("take back (Backspace)").clicked();
            clear = ui.button("clear (X)").clicked();
        });
        if back {
            m.undo();
        }
        if clear {
            m.clear();
        }
        if commit {
            self.commit(state, id);
        }
    }
}
