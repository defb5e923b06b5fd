//! What every server game's view shares, written once: the parts of [`GameView`] that come from
//! its recorded replay (title, log, appending lines, taking a team over) and all of
//! [`HandPlay`] (following the hosted server, the seat's clock, console and stop, the human's
//! perspective). A server game's view implements [`ServerView`] — its board, its details, its
//! own hand panel and keys — and is a [`GameView`] and a [`HandPlay`] by that alone.
//!
//! A server game's view stays its own struct and hands the kit its record and seat through
//! four accessors, where a turn game's is the kit's [`crate::kit::turn::view::TurnView`]: that
//! shape would fit here too, but would rewrite every method of three large views and their hands
//! to save those few lines, and their hand panels and keys would stay the games' own anyway,
//! since they read the view's state (fedrunek's steps from its knowledge cache, wycinanka's
//! selected order).

use crate::kit::contract::view::{BoardCamera, Frame, GameView, HandPlay, LogLine, PanelRequest, Perspective, Track, typing};
use crate::kit::deadline24::hand::{Seat, TakeOver, continue_replay};
use crate::kit::deadline24::hosting::HostPlan;
use crate::kit::deadline24::log;
use crate::kit::deadline24::server::GameArgs;
use crate::kit::matches::recording::default_out;
use crate::kit::viewing::recorded::Recorded;
use crate::kit::viewing::scene::Scene;
use bevy_egui::egui;
use kibitz_core::replay::{BodyLine, StepRecord};
use kibitz_deadline24::{Command, Outcome, Realtime, Rules};
use std::path::{Path, PathBuf};

/// The rules of a server view's game.
pub type RulesOf<V> = <<V as ServerView>::Args as GameArgs>::Rules;
/// What a server view holds of its replay.
pub type RecordedOf<V> = Recorded<Realtime<RulesOf<V>>>;
/// One step of a server view's replay.
pub type StepOf<V> = StepRecord<Command, Outcome<<RulesOf<V> as Rules>::TurnReport>>;

/// A server game's view: what it shows and how a human plays it; the kit does the rest.
pub trait ServerView: Send + Sync + Sized + 'static {
    /// The game's command-line arguments: its rules, and our client for the other teams.
    type Args: GameArgs;
    /// The hand-play keys, for the help overlay.
    const HAND_HELP: &'static [(&'static str, &'static str)];
    /// The hint in the hand-play console.
    const CONSOLE_HINT: &'static str;

    fn recorded(&self) -> &RecordedOf<Self>;
    fn recorded_mut(&mut self) -> &mut RecordedOf<Self>;
    /// The human's seat, when the view follows a match played by hand.
    fn seat(&self) -> Option<&Seat>;
    fn seat_mut(&mut self) -> Option<&mut Seat>;
    /// Takes in the replay's next step: [`Recorded::push`], then the view's own markers and
    /// scores.
    fn take_step(&mut self, record: StepOf<Self>);
    /// Hosts `plan` and opens its view for the human playing `team`, recorded to `out`
    /// (`kibitz play`, and taking a team over).
    fn host(plan: HostPlan<<RulesOf<Self> as Rules>::Params>, team: usize, out: &Path, title: String) -> Result<Self, String>;

    /// [`GameView::log`].
    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine>;
    /// [`GameView::draw`].
    fn draw(&mut self, frame: Frame);
    /// [`GameView::details`].
    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective);
    /// [`GameView::scene`].
    fn scene(&mut self, _cursor: usize, _perspective: Perspective) -> Option<&Scene> {
        None
    }
    /// [`GameView::set_look`].
    fn set_look(&mut self, setting: &str, _camera: &mut BoardCamera) -> Result<(), String> {
        Err(format!("{} has no look settings (got {setting:?})", RulesOf::<Self>::ID))
    }
    /// [`GameView::look_step`].
    fn look_step(&self) -> Option<usize> {
        None
    }
    /// [`GameView::view_keys`].
    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The team the view looks at as, when it is the one to take over rather than the one
    /// with the next command.
    fn looked_at(&self) -> Option<usize> {
        None
    }

    /// The game's part of the hand-play panel ([`HandPlay::panel`]).
    fn hand_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest>;
    /// The game's hand-play keys, read while the match goes on and no text box has the
    /// keyboard (the clock's T is read before them).
    fn hand_keys(&mut self, ctx: &egui::Context);
    /// Called after what the server wrote was taken in (wycinanka forgets the solutions the
    /// server accepted).
    fn followed(&mut self) {}
    /// [`HandPlay::initial_camera`].
    fn initial_camera(&self) -> Option<BoardCamera> {
        None
    }
}

impl<V: ServerView> GameView for V {
    fn game(&self) -> &'static str {
        RulesOf::<V>::ID
    }

    fn track(&self) -> &Track {
        &self.recorded().track
    }

    fn describe(&self, cursor: usize) -> String {
        log::describe(self.recorded(), cursor)
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        ServerView::log(self, range)
    }

    fn draw(&mut self, frame: Frame) {
        ServerView::draw(self, frame)
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        ServerView::details(self, ui, cursor, perspective)
    }

    fn append(&mut self, line: &str, number: usize) -> Result<(), String> {
        match self.recorded_mut().read_next(line, number)? {
            BodyLine::Step(record) => self.take_step(record),
            BodyLine::End(end) => self.recorded_mut().close(end),
        }
        Ok(())
    }

    fn reserve(&mut self, more: usize) {
        self.recorded_mut().reserve(more);
    }

    fn scene(&mut self, cursor: usize, perspective: Perspective) -> Option<&Scene> {
        ServerView::scene(self, cursor, perspective)
    }

    fn set_look(&mut self, setting: &str, camera: &mut BoardCamera) -> Result<(), String> {
        ServerView::set_look(self, setting, camera)
    }

    fn look_step(&self) -> Option<usize> {
        ServerView::look_step(self)
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        ServerView::view_keys(self)
    }

    fn hand(&mut self) -> Option<&mut dyn HandPlay> {
        if self.seat().is_some() { Some(self) } else { None }
    }

    fn is_live(&self) -> bool {
        self.seat().is_some()
    }

    /// The team looked at, else the one with the next command: any team can be taken over at
    /// any turn.
    fn seat_to_move(&self, cursor: usize) -> Option<usize> {
        let rec = self.recorded();
        if self.seat().is_some() || rec.replay.header.players.is_empty() {
            return None;
        }
        let players = rec.replay.header.players.len();
        self.looked_at().or_else(|| rec.next_actor(cursor).filter(|&p| p < players)).or(Some(0))
    }

    fn take_over(&self, cursor: usize) -> Result<(Box<dyn GameView>, PathBuf), String> {
        let team = self.seat_to_move(cursor).ok_or("this match is already played by hand")?;
        let out = default_out(RulesOf::<V>::ID);
        let rec = self.recorded();
        let from = TakeOver::by_hand(cursor, team);
        let view = continue_replay(&rec.replay, from, &[], V::Args::OPPONENT, &out, &rec.track.title, V::host)?;
        Ok((Box::new(view), out))
    }
}

impl<V: ServerView> HandPlay for V {
    fn poll(&mut self) -> bool {
        let Some(seat) = self.seat_mut() else { return false };
        let mut grew = false;
        for line in seat.arrived::<RulesOf<V>>() {
            match line {
                BodyLine::Step(record) => {
                    self.take_step(record);
                    grew = true;
                }
                BodyLine::End(end) => {
                    self.recorded_mut().close(end);
                    let ended = crate::kit::matches::summary::ending(&self.recorded().replay);
                    if let Some(seat) = self.seat_mut() {
                        seat.ended = ended;
                    }
                }
            }
        }
        if let Some(seat) = self.seat_mut() {
            seat.poll();
        }
        self.followed();
        grew
    }

    fn panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        self.hand_panel(ui, at_end)
    }

    fn keys(&mut self, ctx: &egui::Context) -> &'static [egui::Key] {
        if let Some(seat) = self.seat_mut()
            && seat.ended.is_none()
            && !typing(ctx)
        {
            seat.keys(ctx);
            self.hand_keys(ctx);
        }
        &[]
    }

    fn command_box(&mut self, ui: &mut egui::Ui, _at_end: bool) -> bool {
        self.seat_mut().is_some_and(|seat| seat.console(ui, V::CONSOLE_HINT))
    }

    fn help(&self) -> &'static [(&'static str, &'static str)] {
        V::HAND_HELP
    }

    /// The human's own team: the real fog.
    fn initial_perspective(&self) -> Option<Perspective> {
        self.seat().map(|seat| Perspective::Player(seat.team))
    }

    fn initial_camera(&self) -> Option<BoardCamera> {
        ServerView::initial_camera(self)
    }

    /// The human's own view and the truth only: the other teams' are never a key press away.
    fn perspective_cycle(&self) -> Option<Vec<Perspective>> {
        self.seat().map(|seat| vec![Perspective::Player(seat.team), Perspective::Omniscient])
    }

    fn stop(&mut self) {
        if let Some(seat) = self.seat_mut() {
            seat.stop();
        }
    }
}
