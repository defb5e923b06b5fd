//! Hand play for Amazes: the human composes a line of moves (arrow keys or typed F/T/L/R),
//! Enter sends it; a bot process plays the other colour. The human sees the real fog (only
//! their own knowledge) unless they switch the perspective to the truth.

use super::AmazesView;
use crate::viewer::live::Live;
use crate::viewer::session::PanelRequest;
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_amazes::{Amazes, Moves};
use kibitz_referee::LiveMatch;
use std::path::PathBuf;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("Up / F", "add a step forward"),
    ("Left / L, Right / R", "add a turn left / right and a step"),
    ("Down / T", "add a turn around and a step"),
    ("Backspace", "take back the last move of the line"),
    ("Enter", "send the line: your turn"),
    ("P", "switch between your knowledge (the fog) and the truth"),
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

/// The most moves a line may have (more disqualifies).
const MAX_MOVES: usize = 256;

pub struct Hand {
    live: Live<Amazes>,
    /// The line being composed.
    line: String,
}

impl AmazesView {
    /// A view following `live`, which records to `path`.
    pub fn live(title: String, live: LiveMatch<Amazes>, path: PathBuf) -> Result<Self, String> {
        let (live, header) = Live::start(live, path)?;
        let mut view = Self::empty(title, header)?;
        view.hand = Some(Hand { live, line: String::new() });
        view.poll();
        Ok(view)
    }

    /// Takes in the turns the match wrote since the last frame. Returns whether any arrived.
    pub(super) fn poll(&mut self) -> bool {
        let Some(hand) = self.hand.as_mut() else { return false };
        hand.live.follow(&mut self.rec, Self::absorb)
    }

    pub(super) fn human_to_move(&self) -> Option<usize> {
        self.hand.as_ref()?.live.human_to_move(self.rec.timeline.last_state())
    }

    /// The first human seat: whose fog the view starts in.
    pub(super) fn human_seat(&self) -> Option<usize> {
        let hand = self.hand.as_ref()?;
        (0..2).find(|&p| hand.live.is_human(p))
    }

    fn push_move(&mut self, c: char) {
        if let Some(hand) = self.hand.as_mut()
            && hand.line.len() < MAX_MOVES
        {
            hand.line.push(c);
        }
    }

    fn send(&mut self, player: usize) {
        let Some(hand) = self.hand.as_mut() else { return };
        // The same reading as a bot's line: anything but F/T/L/R is refused before sending.
        match Moves::parse(&hand.line) {
            Ok(moves) if !hand.line.is_empty() => {
                hand.live.submit(player, moves);
                hand.line.clear();
            }
            _ => {}
        }
    }

    /// While the human is to move, the arrows and the move letters are moves: returns them, so
    /// that the shell's shortcuts on those keys wait.
    pub(super) fn play_keys(&mut self, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = self.human_to_move() else { return &[] };
        let pressed: Vec<char> = ctx.input(|i| MOVE_KEYS.iter().filter(|(k, _)| i.key_pressed(*k)).map(|&(_, c)| c).collect());
        for c in pressed {
            self.push_move(c);
        }
        if ctx.input(|i| i.key_pressed(Key::Backspace))
            && let Some(hand) = self.hand.as_mut()
        {
            hand.line.pop();
        }
        if ctx.input(|i| i.key_pressed(Key::Enter)) {
            self.send(player);
        }
        &CLAIMED
    }

    pub(super) fn play_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let hand = self.hand.as_ref()?;
        ui.heading("Hand play");
        ui.label(RichText::new(format!("recording to {}", hand.live.path.display())).weak());
        if let Some(ended) = &hand.live.ended {
            ui.colored_label(Color32::LIGHT_GREEN, ended);
            return None;
        }
        let Some(player) = self.human_to_move() else {
            ui.label("waiting for the other player…");
            return stop_button(ui);
        };
        ui.colored_label(
            super::color(player),
            RichText::new(format!("Your turn, {} ({})", self.rec.track.players[player].name, if player == 0 { "Red" } else { "Blue" }))
                .strong(),
        );
        if !at_end {
            ui.colored_label(Color32::YELLOW, "You are looking back in time; the game waits at the end.");
            return ui.button("back to the game  (End)").clicked().then_some(PanelRequest::BackToGame);
        }
        // Exactly the lines a bot would read now.
        let state = self.rec.timeline.last_state();
        let told = <Amazes as kibitz_core::BotProtocol>::turn_lines(state, player);
        ui.label("you are told:");
        ui.label(RichText::new(told.join("\n")).monospace());
        let line = self.hand.as_ref().map(|h| h.line.clone()).unwrap_or_default();
        ui.label(RichText::new(format!("your line: {}", if line.is_empty() { "…" } else { &line })).monospace().strong());
        ui.horizontal(|ui| {
            for (label, c) in [("F ⬆", 'F'), ("L ⬅", 'L'), ("R ➡", 'R'), ("T ⬇", 'T')] {
                if ui.button(label).clicked() {
                    self.push_move(c);
                }
            }
            if ui.button("back").on_hover_text("take back the last move (Backspace)").clicked()
                && let Some(hand) = self.hand.as_mut()
            {
                hand.line.pop();
            }
        });
        if ui.add_enabled(!line.is_empty(), egui::Button::new("send  (Enter)")).clicked() {
            self.send(player);
        }
        ui.label(RichText::new(format!("each move costs a point; a wall stops the rest of the line; at most {MAX_MOVES} moves")).weak());
        stop_button(ui)
    }

    pub(super) fn stop_match(&mut self) {
        if let Some(hand) = self.hand.as_mut() {
            hand.live.stop();
        }
        self.poll();
    }
}

fn stop_button(ui: &mut egui::Ui) -> Option<PanelRequest> {
    ui.button("stop the match")
        .on_hover_text("ends the match now; the replay keeps every turn so far")
        .clicked()
        .then_some(PanelRequest::Stop)
}
