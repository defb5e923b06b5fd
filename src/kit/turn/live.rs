//! Following a live match (hand play) from a game's view, the same for every turn-based game:
//! the view reads the replay lines the match writes, so what a human sees is what was recorded.

use crate::kit::contract::view::{PanelRequest, stop_button};
use crate::kit::matches::summary::ending;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Color32, RichText};
use kibitz_core::replay::{BodyLine, EndRecord, Replay, ReplayHeader, StepRecord};
use kibitz_core::{BotProtocol, Game, ToMove};
use kibitz_referee::LiveMatch;
use std::path::PathBuf;
use std::time::Duration;

/// A live match as a view holds it.
pub struct Live<G: Game> {
    live: LiveMatch<G>,
    /// Where the replay is being written.
    pub path: PathBuf,
    /// An action was sent and its step has not come back yet: no second one.
    awaiting: bool,
    /// Set when the match ended (or could not go on), for the panel.
    pub ended: Option<String>,
}

/// What arrived since the last frame.
pub struct Arrived<G: Game> {
    pub records: Vec<StepRecord<G::Action, G::Outcome>>,
    pub end: Option<EndRecord>,
}

impl<G: Game> Live<G> {
    /// Waits for the replay header, written once every bot has greeted (or started).
    pub fn start(mut live: LiveMatch<G>, path: PathBuf) -> Result<(Self, ReplayHeader<G::Setup>), String> {
        let header = live.header(Duration::from_secs(30))?;
        let header = serde_json::from_str(&header).map_err(|e| format!("the live match wrote an unreadable header: {e}"))?;
        Ok((Self { live, path, awaiting: false, ended: None }, header))
    }

    /// The steps (and the end record) written since the last call, for the view to take in
    /// ([`crate::kit::turn::view::TurnView`]), then to call [`Live::finish`] with the end.
    pub fn poll(&mut self) -> Arrived<G> {
        let mut arrived = Arrived { records: Vec::new(), end: None };
        for line in self.live.new_lines() {
            match BodyLine::<G::Action, G::Outcome>::parse(&line) {
                Ok(BodyLine::Step(record)) => {
                    if record.player.is_some_and(|p| self.live.is_human(p)) {
                        self.awaiting = false;
                    }
                    arrived.records.push(record);
                }
                Ok(BodyLine::End(end)) => arrived.end = Some(end),
                Err(e) => self.ended = Some(format!("the match wrote a line the viewer cannot read: {e}")),
            }
        }
        if self.ended.is_none()
            && let Some(Err(e)) = self.live.result()
        {
            self.ended = Some(format!("the match stopped: {e}"));
        }
        arrived
    }

    /// Says how the match ended, checking the whole replay with the rules.
    pub fn finish(&mut self, replay: &Replay<G>) {
        if let Some(ending) = ending(replay) {
            self.ended = Some(ending);
        }
    }

    /// The human seat the match is waiting for, if any, after the steps `rec` holds.
    pub fn human_to_move(&self, rec: &Recorded<G>) -> Option<usize> {
        match G::to_move(rec.timeline.last_state()) {
            ToMove::Player(p) if self.live.is_human(p) && !self.awaiting && self.ended.is_none() => Some(p),
            _ => None,
        }
    }

    /// Whether an action was sent whose step has not come back yet.
    pub fn awaiting(&self) -> bool {
        self.awaiting
    }

    /// Whether `player` is played by hand.
    pub fn is_human(&self, player: usize) -> bool {
        self.live.is_human(player)
    }

    /// Sends a human's action.
    pub fn submit(&mut self, player: usize, action: G::Action) {
        match self.live.submit(player, action) {
            Ok(()) => self.awaiting = true,
            Err(e) => self.ended = Some(e),
        }
    }

    /// Ends the match now; the replay is closed with a record saying so.
    pub fn stop(&mut self) {
        self.live.stop();
    }
}

impl<G: BotProtocol> Live<G> {
    /// The top of a turn-based game's hand-play panel: where it is recorded, how it ended, whom
    /// it waits for, whose turn it is. Continues with the human seat to move when the game's own
    /// controls belong below; breaks with what the panel returns otherwise.
    pub fn header(&self, rec: &Recorded<G>, ui: &mut egui::Ui, at_end: bool) -> std::ops::ControlFlow<Option<PanelRequest>, usize> {
        use std::ops::ControlFlow::{Break, Continue};
        ui.heading("Hand play");
        ui.label(RichText::new(format!("recording to {}", self.path.display())).weak());
        if let Some(ended) = &self.ended {
            ui.colored_label(Color32::LIGHT_GREEN, ended);
            return Break(None);
        }
        let Some(player) = self.human_to_move(rec) else {
            ui.label(match G::to_move(rec.timeline.last_state()) {
                ToMove::Player(p) => format!("waiting for {}…", rec.track.players[p].name),
                _ => "the referee is moving the game on…".to_string(),
            });
            return Break(stop_button(ui));
        };
        let me = &rec.track.players[player];
        ui.colored_label(me.color, RichText::new(format!("Your turn, {} ({})", me.name, G::seat_label(player))).strong());
        if !at_end {
            ui.colored_label(Color32::YELLOW, "You are looking back in time; the game waits at the end.");
            return Break(ui.button("back to the game  (End)").clicked().then_some(PanelRequest::BackToGame));
        }
        Continue(player)
    }
}
