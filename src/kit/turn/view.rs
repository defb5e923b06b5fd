//! What every turn game's view shares, written once: the replay it holds (loading it, taking
//! in lines as they arrive), following a live match played by hand (its [`Live`] match, the
//! human's controls, stopping it) and taking a watched replay over. A turn game implements
//! [`TurnGame`] (what it derives from each step, how it describes, logs and draws a step) and
//! [`TurnControls`] (its hand-play panel and keys); its view is then [`TurnView<G>`], a
//! [`GameView`] and a [`HandPlay`] by that alone. The server games' counterpart is
//! [`crate::kit::deadline24::view`].

use crate::kit::contract::view::{Frame, GameView, HandPlay, LogLine, PanelRequest, Perspective, Track};
use crate::kit::turn::live::Live;
use crate::kit::viewing::palette::player_color;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Color32};
use kibitz_core::replay::{BodyLine, EndRecord, Replay, ReplayHeader, StepRecord};
use kibitz_core::{BotProtocol, Game};
use kibitz_referee::LiveMatch;
use std::path::PathBuf;

/// A turn game's view: its replay, the live match when it is played by hand here, and what the
/// game derives for its own drawing.
pub struct TurnView<G: TurnGame> {
    /// The replay, its timeline and the track the shell shows.
    pub rec: Recorded<G>,
    /// The live match and the human's controls, while the match is played by hand here.
    pub hand: Option<Hand<G>>,
    /// The game's own derived state and caches ([`TurnGame::Board`]).
    pub board: G::Board,
}

/// A match played by hand in a [`TurnView`]: the live match the view follows, and the game's
/// own controls for the human's seat.
pub struct Hand<G: TurnGame> {
    pub live: Live<G>,
    pub controls: G::Controls,
}

/// A turn game as its view shows it: what it derives from each step and how it shows a step.
/// The kit's [`TurnView`] does the rest.
pub trait TurnGame: Game + Sized + 'static {
    /// What the view keeps beside the replay for its own drawing (a texture, an index of
    /// steps); `()` when nothing.
    type Board: Default;
    /// The human's controls when a match is played by hand.
    type Controls: TurnControls<Self>;
    /// How a watched replay is taken over by hand: [`BotsPlayOn`] for a game with bot seats.
    type TakeOver: TakeOver<Self>;

    /// Participant `player`'s colour: the house's palette unless the game has its own.
    fn color(player: usize) -> Color32 {
        player_color(player)
    }
    /// The view before its first step, for a game that starts something there (ICFP 2015's
    /// first unit starts at 0).
    fn begin(_view: &mut TurnView<Self>) {}
    /// Takes in the replay's next step: [`Recorded::push`], then the game's own markers and
    /// scores (and its board's).
    fn absorb(view: &mut TurnView<Self>, record: StepRecord<Self::Action, Self::Outcome>);
    /// Takes in the end record ([`Recorded::close`] unless the game says a failure its own way).
    fn close(view: &mut TurnView<Self>, end: EndRecord) {
        view.rec.close(end);
    }

    /// [`GameView::describe`].
    fn describe(view: &TurnView<Self>, cursor: usize) -> String;
    /// [`GameView::log`].
    fn log(view: &TurnView<Self>, range: std::ops::Range<usize>) -> Vec<LogLine>;
    /// [`GameView::draw`].
    fn draw(view: &mut TurnView<Self>, frame: Frame);
    /// [`GameView::details`].
    fn details(view: &mut TurnView<Self>, ui: &mut egui::Ui, cursor: usize, perspective: Perspective);

    /// Called after the controls' panel, keys and command box, for what they left for the view
    /// to do (ICFP 2015's undo restarts the match).
    fn after_hand(_view: &mut TurnView<Self>) {}
}

/// A turn game's controls for the human's seat, given the live match and the replay so far.
pub trait TurnControls<G: Game> {
    /// The hand-play keys, for the help overlay.
    const HELP: &'static [(&'static str, &'static str)];
    /// The hand-play section of the side panel ([`HandPlay::panel`]).
    fn panel(&mut self, live: &mut Live<G>, rec: &Recorded<G>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest>;
    /// The game's own keys ([`HandPlay::keys`]): returns those used as moves.
    fn keys(&mut self, live: &mut Live<G>, rec: &Recorded<G>, ctx: &egui::Context) -> &'static [egui::Key];
    /// [`HandPlay::command_box`].
    fn command_box(&mut self, _live: &mut Live<G>, _rec: &Recorded<G>, _ui: &mut egui::Ui, _at_end: bool) -> bool {
        false
    }
    /// [`HandPlay::initial_perspective`].
    fn initial_perspective(&self, _live: &Live<G>, _rec: &Recorded<G>) -> Option<Perspective> {
        None
    }
    /// [`HandPlay::perspective_cycle`].
    fn perspective_cycle(&self, _live: &Live<G>, _rec: &Recorded<G>) -> Option<Vec<Perspective>> {
        None
    }
    /// Called after what the match wrote was taken in (`grew`: steps arrived).
    fn followed(&mut self, _live: &mut Live<G>, _rec: &Recorded<G>, _grew: bool) {}
}

/// How a human takes over a turn game's replay being watched.
pub trait TakeOver<G: TurnGame> {
    /// [`GameView::seat_to_move`], for a view not played by hand.
    fn seat_to_move(view: &TurnView<G>, cursor: usize) -> Option<usize>;
    /// [`GameView::take_over`].
    fn take_over(view: &TurnView<G>, cursor: usize) -> Result<(Box<dyn GameView>, PathBuf), String>;
}

/// Taking over a game with bot seats: the seat to move is the human's, the replay's bots play
/// the other seats again ([`crate::kit::turn::by_hand::take_over_in_view`]).
pub struct BotsPlayOn;

impl<G: TurnGame + BotProtocol> TakeOver<G> for BotsPlayOn
where
    G::State: 'static,
    G::Setup: Send,
    G::Action: Send,
    G::Outcome: Send,
    G::Controls: Default,
    TurnView<G>: Send + Sync,
{
    fn seat_to_move(view: &TurnView<G>, cursor: usize) -> Option<usize> {
        view.rec.next_actor(cursor)
    }

    fn take_over(view: &TurnView<G>, cursor: usize) -> Result<(Box<dyn GameView>, PathBuf), String> {
        crate::kit::turn::by_hand::take_over_in_view(&view.rec.replay, cursor, &view.rec.track.title, TurnView::live)
    }
}

impl<G: TurnGame> TurnView<G> {
    /// A view of `header`'s match with no steps yet.
    pub fn empty(title: String, header: ReplayHeader<G::Setup>) -> Result<Self, String> {
        let mut view = Self { rec: Recorded::new(title, header, G::color)?, hand: None, board: G::Board::default() };
        G::begin(&mut view);
        Ok(view)
    }

    /// A whole replay, each step taken in through [`TurnGame::absorb`].
    pub fn new(title: String, replay: Replay<G>) -> Result<Self, String> {
        let Replay { header, records, end } = replay;
        let mut view = Self::empty(title, header)?;
        // Room for every step at once: grown by doubling, a million steps were copied over
        // and over into fresh pages, and held twice at the peak.
        view.rec.reserve(records.len());
        for record in records {
            G::absorb(&mut view, record);
        }
        if let Some(end) = end {
            G::close(&mut view, end);
        }
        Ok(view)
    }
}

impl<G: TurnGame> TurnView<G>
where
    G::Controls: Default,
{
    /// A view following `live`, which records to `path`. Waits for the replay header, which
    /// is written once every bot has greeted.
    pub fn live(title: String, live: LiveMatch<G>, path: PathBuf) -> Result<Self, String> {
        let (live, header) = Live::start(live, path)?;
        let mut view = Self::empty(title, header)?;
        view.hand = Some(Hand { live, controls: G::Controls::default() });
        view.poll();
        Ok(view)
    }
}

impl<G: TurnGame> GameView for TurnView<G>
where
    Self: Send + Sync,
{
    fn game(&self) -> &'static str {
        G::ID
    }

    fn track(&self) -> &Track {
        &self.rec.track
    }

    fn describe(&self, cursor: usize) -> String {
        G::describe(self, cursor)
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        G::log(self, range)
    }

    fn draw(&mut self, frame: Frame) {
        G::draw(self, frame)
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        G::details(self, ui, cursor, perspective)
    }

    fn append(&mut self, line: &str, number: usize) -> Result<(), String> {
        match self.rec.read_next(line, number)? {
            BodyLine::Step(record) => G::absorb(self, record),
            BodyLine::End(end) => G::close(self, end),
        }
        Ok(())
    }

    fn reserve(&mut self, more: usize) {
        self.rec.reserve(more);
    }

    fn hand(&mut self) -> Option<&mut dyn HandPlay> {
        if self.hand.is_some() { Some(self) } else { None }
    }

    fn is_live(&self) -> bool {
        self.hand.is_some()
    }

    fn seat_to_move(&self, cursor: usize) -> Option<usize> {
        if self.hand.is_some() { None } else { G::TakeOver::seat_to_move(self, cursor) }
    }

    fn take_over(&self, cursor: usize) -> Result<(Box<dyn GameView>, PathBuf), String> {
        G::TakeOver::take_over(self, cursor)
    }
}

impl<G: TurnGame> HandPlay for TurnView<G> {
    /// Takes in the steps the match wrote since the last frame, and the end record when it
    /// comes (saying how the match ended).
    fn poll(&mut self) -> bool {
        let Some(hand) = self.hand.as_mut() else { return false };
        let arrived = hand.live.poll();
        let grew = !arrived.records.is_empty();
        for record in arrived.records {
            G::absorb(self, record);
        }
        if let Some(end) = arrived.end {
            G::close(self, end);
            if let Some(hand) = self.hand.as_mut() {
                hand.live.finish(&self.rec.replay);
            }
        }
        if let Some(Hand { live, controls }) = self.hand.as_mut() {
            controls.followed(live, &self.rec, grew);
        }
        grew
    }

    fn panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let Hand { live, controls } = self.hand.as_mut()?;
        let request = controls.panel(live, &self.rec, ui, at_end);
        G::after_hand(self);
        request
    }

    fn keys(&mut self, ctx: &egui::Context) -> &'static [egui::Key] {
        let Some(Hand { live, controls }) = self.hand.as_mut() else { return &[] };
        let claimed = controls.keys(live, &self.rec, ctx);
        G::after_hand(self);
        claimed
    }

    fn command_box(&mut self, ui: &mut egui::Ui, at_end: bool) -> bool {
        let Some(Hand { live, controls }) = self.hand.as_mut() else { return false };
        let drawn = controls.command_box(live, &self.rec, ui, at_end);
        G::after_hand(self);
        drawn
    }

    fn help(&self) -> &'static [(&'static str, &'static str)] {
        G::Controls::HELP
    }

    fn initial_perspective(&self) -> Option<Perspective> {
        let hand = self.hand.as_ref()?;
        hand.controls.initial_perspective(&hand.live, &self.rec)
    }

    fn perspective_cycle(&self) -> Option<Vec<Perspective>> {
        let hand = self.hand.as_ref()?;
        hand.controls.perspective_cycle(&hand.live, &self.rec)
    }

    /// Ends the match now and takes in its last steps and the end record.
    fn stop(&mut self) {
        if let Some(hand) = self.hand.as_mut() {
            hand.live.stop();
        }
        self.poll();
    }
}
