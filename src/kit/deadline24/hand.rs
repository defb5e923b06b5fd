//! Hand play of a server game, the part every Deadline24 game shares: `kibitz play GAME`'s
//! arguments, the match to host (new, or continuing a replay from one of its turns), the
//! human's [`Seat`] (their connection, the turn clock, the server's answers, a console, and the
//! hosted server's spectator feed, which [`crate::kit::deadline24::view`] takes into a view). A game's own hand panel adds its
//! board's clicks and buttons on top.

use crate::kit::contract::view::Session;
use crate::kit::contract::view::{GameView, PanelRequest, stop_button, text_box};
use crate::kit::deadline24::hosting::{Exchange, HostPlan, Hosted, Terminal};
use crate::kit::deadline24::server::GameArgs;
use crate::kit::matches::args::within;
use crate::kit::matches::recording::default_out;
use crate::kit::viewing::palette::player_color;
use bevy_egui::egui::{self, Color32, Key, RichText};
use clap::Parser;
use kibitz_core::replay::{BodyLine, Replay, ReplayHeader, StepRecord};
use kibitz_deadline24::{AnswerLines, Command, Common, Fixed6, Outcome, Realtime, Rules, Setup, bounds};
use kibitz_deadline24_server::Resume;
use kibitz_follow::{Follow, Mode, Source};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A turn's length when a human plays, in milliseconds: a new game's, and a take-over's from
/// its first turn on whatever the recorded game's was.
pub const HAND_TURN_MS: u64 = 3000;

/// `kibitz play GAME`'s arguments for a server game: the game's own (`G`), then the turn
/// clock, the human's team, a replay to take over, and the other teams' clients.
#[derive(Parser)]
pub struct PlayArgs<G: GameArgs> {
    #[command(flatten)]
    pub game: G,
    /// Length of a turn in milliseconds (T in the window pauses the clock while you think);
    /// with --from, of the turns you play, whatever the replay's were.
    #[arg(long, default_value_t = HAND_TURN_MS, value_parser = within(bounds::TURN_MS))]
    pub turn_ms: u64,
    /// The game's score factor K.
    #[arg(long, default_value = "1.0", value_parser = within(bounds::K))]
    pub k: Fixed6,
    /// End the game after this many turns, whatever the rules say: a cap for short games, which
    /// `TIME TO MINE`, `TIME TO CUT` and `TIME TO FIGHT` count when it ends the game sooner
    /// (than wycinanka's or osada's --game-turns, say).
    #[arg(long, value_parser = within(bounds::TURN_CAP))]
    pub turns: Option<u32>,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Your team, numbered from 0 as the side panel numbers seats (0 is team1; with --from, a
    /// team of the replay).
    #[arg(long, default_value_t = 0)]
    pub team: usize,
    /// Take over a team of this replay instead of starting a new game.
    #[arg(long, requires = "turn")]
    pub from: Option<PathBuf>,
    /// With --from: the step to continue from, moved back to the start of its turn.
    #[arg(long)]
    pub turn: Option<usize>,
    /// Start with the turn clock paused (T lets it run); a take-over always starts paused.
    #[arg(long)]
    pub paused: bool,
    /// Where to record the game (default: kibitz-play-GAME-TIME.jsonl in ~/.local/share/kibitz/games, or $KIBITZ_DATA_DIR).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Show the first position in a real window, write it to this PNG and stop.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Client command lines for the other teams, one argument each, after `--`; each is started
    /// with `sh -c 'CLIENT HOST PORT LOGIN PASSWORD'`. Default: one of our own clients; with
    /// --from, the replay's own (ours for a team whose client it does not record).
    #[arg(last = true)]
    pub clients: Vec<String>,
}

/// Hosts a planned match and opens the game's view on it for the human playing `team`.
pub type Host<P, V> = fn(HostPlan<P>, usize, &Path, String) -> Result<V, String>;

/// `kibitz play GAME`: a new match with the human as `--team`, or a replay taken over.
pub fn play<G: GameArgs, V: GameView + 'static>(args: PlayArgs<G>, host: Host<<G::Rules as Rules>::Params, V>) -> anyhow::Result<Session> {
    let id = G::Rules::ID;
    let out = args.out.clone().unwrap_or_else(|| default_out(id));
    anyhow::ensure!(args.turn_ms > 0, "--turn-ms must be at least 1");
    let view = match &args.from {
        Some(from) => {
            let replay = crate::kit::matches::args::load(from, Replay::<Realtime<G::Rules>>::parse)?.replay;
            let title = crate::kit::matches::args::file_name(from);
            let take_over = TakeOver { cursor: args.turn.unwrap_or(0), team: args.team, turn_ms: args.turn_ms };
            continue_replay(&replay, take_over, &args.clients, G::OPPONENT, &out, &title, host)
        }
        None => {
            let clients: Vec<String> = if args.clients.is_empty() { vec![G::OPPONENT.to_string()] } else { args.clients.clone() };
            let teams = clients.len() + 1;
            anyhow::ensure!(args.team < teams, "there is no team {}: {teams} teams play (0 to {})", args.team, teams - 1);
            let mut seats: Vec<Option<String>> = clients.iter().cloned().map(Some).collect();
            seats.insert(args.team, None);
            let common = Common { turn_ms: args.turn_ms, k: args.k, turn_cap: args.turns, ..Common::default() };
            let setup = Setup { common, game: args.game.params()? };
            crate::kit::deadline24::server::check::<G::Rules>(&setup, teams, args.seed, 1)?;
            let plan = HostPlan { setup, seed: args.seed, seats, names: None, resume: None, paused: args.paused };
            host(plan, args.team, &out, format!("hand play · {teams} teams {}", args.game.summary()))
        }
    }
    .map_err(anyhow::Error::msg)?;
    Ok(Session { view: Box::new(view), out, screenshot: args.screenshot })
}

/// Where and how a recorded game is taken over: the team, the step whose turn it goes on from,
/// and the length of the turns played from there.
#[derive(Debug, Clone, Copy)]
pub struct TakeOver {
    pub cursor: usize,
    pub team: usize,
    pub turn_ms: u64,
}

impl TakeOver {
    /// The viewer's take-over (H): `team` from `cursor`, at a human's pace.
    pub fn by_hand(cursor: usize, team: usize) -> Self {
        Self { cursor, team, turn_ms: HAND_TURN_MS }
    }
}

/// Continues `replay` by hand as `from.team` from the start of the turn step `from.cursor`
/// falls in: the steps before it are replayed by the server and copied into the new replay
/// (recorded to `out`); the other teams run `clients`, or the clients the replay recorded
/// (`opponent`, our own client, where it recorded none). The game starts paused, and its turns
/// from there last `from.turn_ms`.
pub fn continue_replay<R: Rules, V>(
    replay: &Replay<Realtime<R>>,
    from: TakeOver,
    clients: &[String],
    opponent: &str,
    out: &Path,
    title: &str,
    host: Host<R::Params, V>,
) -> Result<V, String> {
    let (cursor, team) = (from.cursor, from.team);
    let header = &replay.header;
    let teams = header.players.len();
    if team >= teams {
        return Err(format!("there is no team {team}: the replay has {teams} (0 to {})", teams.saturating_sub(1)));
    }
    // Back to the last turn end at or before the cursor.
    let cut = replay.records[..cursor.min(replay.records.len())]
        .iter()
        .rposition(|r| matches!(r.outcome, Outcome::Turn { .. }))
        .map_or(0, |i| i + 1);
    if let Some(Outcome::Turn { over: true, turn, .. }) = cut.checked_sub(1).map(|i| &replay.records[i].outcome) {
        return Err(format!("the game is over after turn {turn}: there is nothing left to play"));
    }
    let others: Vec<usize> = (0..teams).filter(|&k| k != team).collect();
    let commands: Vec<String> = if clients.is_empty() {
        others.iter().map(|&k| header.players[k].command.as_deref().unwrap_or(opponent).to_string()).collect()
    } else if clients.len() == others.len() {
        clients.to_vec()
    } else {
        return Err(format!("{teams} teams, one played by you: give {} client commands, got {}", others.len(), clients.len()));
    };
    let mut seats: Vec<Option<String>> = commands.into_iter().map(Some).collect();
    seats.insert(team, None);
    let lines = replay.records[..cut].iter().map(serde_json::to_string).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?;
    let resume = (cut > 0).then(|| Resume { lines: Arc::new(lines), players: header.players.clone() });
    let names = Some(header.players.iter().map(|p| p.name.clone()).collect());
    let turn = replay.records[..cut].iter().filter(|r| matches!(r.outcome, Outcome::Turn { .. })).count() + 1;
    // A recorded turn may have been 50 ms: the human's turns are longer, the copied ones keep
    // theirs (what `WAIT` answered in them depends on it).
    let common = header.setup.common.retimed(turn as u32, from.turn_ms)?;
    let setup = Setup { common, game: header.setup.game.clone() };
    // Paused: the human finds their bearings before the first turn runs out.
    let plan = HostPlan { setup, seed: header.seed, seats, names, resume, paused: true };
    // Named as the side panel names seats (number from 0, then name), the step asked for and
    // the turn it goes on from: the flags' own words.
    let name = &header.players[team].name;
    host(plan, team, out, format!("{title} · {team} {name} by hand from step {cursor} (turn {turn})"))
}

/// Starts a planned match on a hosted server and seats the human as `team`: the server, the
/// spectator feed the view follows, and the human's connection.
pub fn seat<R: Rules>(plan: HostPlan<R::Params>, team: usize, out: &Path) -> Result<Seat, String> {
    let common = plan.setup.common;
    let hosted = Hosted::start::<R>(plan, out)?;
    let feed = Follow::start(Source::Spectator(hosted.spectate.to_string()), Mode::Follow);
    Ok(Seat::new(hosted, feed, team, common, Realtime::<R>::answer_lines))
}

/// The replay header the hosted server sends first.
pub fn header<R: Rules>(seat: &Seat) -> Result<ReplayHeader<Setup<R::Params>>, String> {
    let header = seat.feed.wait_line(Duration::from_secs(30)).ok_or("the server sent no replay header within 30 s")?;
    serde_json::from_str(&header.text).map_err(|e| format!("the server sent an unreadable header: {e}"))
}

/// Answers kept for the panel.
const KEPT: usize = 200;

/// The turn clock as the human sees it: started when the last turn's end arrived, frozen
/// while the host pauses it (the server does the same).
struct TurnClock {
    turn: u32,
    started: Instant,
    paused_at: Option<Instant>,
    /// The turn lengths (a take-over's differ from the recorded game's).
    common: Common,
}

impl TurnClock {
    fn turn_ms(&self) -> u64 {
        self.common.turn_ms_at(self.turn)
    }

    fn left(&self) -> Duration {
        let now = self.paused_at.unwrap_or_else(Instant::now);
        Duration::from_millis(self.turn_ms()).saturating_sub(now.saturating_duration_since(self.started))
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

/// The human's seat at a hosted server game: the server, the feed, their own connection,
/// the turn clock and the answers that came back.
pub struct Seat {
    pub hosted: Hosted,
    pub feed: Follow,
    terminal: Terminal,
    /// The human's team.
    pub team: usize,
    console: String,
    /// Newest last.
    exchanges: Vec<Exchange>,
    /// Answers not yet handed to the game's panel ([`Seat::fresh_answers`]).
    fresh: usize,
    clock: TurnClock,
    /// Set when the match ended or cannot go on, for the panel.
    pub ended: Option<String>,
}

impl Seat {
    pub fn new(hosted: Hosted, feed: Follow, team: usize, common: Common, answer_lines: fn(&str) -> AnswerLines) -> Self {
        let paused = hosted.clock.state().paused.then(Instant::now);
        let terminal = Terminal::connect(hosted.connect(team), answer_lines);
        Self {
            hosted,
            feed,
            terminal,
            team,
            console: String::new(),
            exchanges: Vec::new(),
            fresh: 0,
            clock: TurnClock { turn: 1, started: Instant::now(), paused_at: paused, common },
            ended: None,
        }
    }

    /// A turn ended (the tick arrived): the next one starts now.
    fn turn_ended(&mut self, turn: u32) {
        self.clock.turn = turn + 1;
        self.clock.started = self.clock.paused_at.unwrap_or_else(Instant::now);
    }

    /// What the hosted server wrote since the last frame, read: its steps and its end record,
    /// in order. A turn's end starts the human's next turn on the clock; a line the viewer
    /// cannot read ends the seat, saying so, and is skipped.
    pub fn arrived<R: Rules>(&mut self) -> Vec<BodyLine<Command, Outcome<R::TurnReport>>> {
        let mut lines = Vec::new();
        for line in self.feed.new_lines() {
            match BodyLine::<Command, Outcome<R::TurnReport>>::parse(&line.text) {
                Ok(body) => {
                    if let BodyLine::Step(StepRecord { outcome: Outcome::Turn { turn, .. }, .. }) = &body {
                        self.turn_ended(*turn);
                    }
                    lines.push(body);
                }
                Err(e) => {
                    self.ended.get_or_insert(format!("the server sent a line the viewer cannot read: {e}"));
                }
            }
        }
        lines
    }

    /// Takes in the answers that came back, and notices a server that stopped.
    pub fn poll(&mut self) {
        let got = self.terminal.answers();
        self.fresh += got.len();
        self.exchanges.extend(got);
        let over = self.exchanges.len().saturating_sub(KEPT);
        self.exchanges.drain(..over);
        self.fresh = self.fresh.min(self.exchanges.len());
        if let Some(failure) = self.hosted.failure() {
            self.ended.get_or_insert(failure);
        }
    }

    /// The answers that came back since the last call (a game's panel reacts to its own
    /// commands' answers: wycinanka clears an accepted solution).
    pub fn fresh_answers(&mut self) -> &[Exchange] {
        let from = self.exchanges.len() - std::mem::take(&mut self.fresh);
        &self.exchanges[from..]
    }

    /// Sends a command line (nothing once the match is over, nothing blank).
    pub fn send(&mut self, command: &str) {
        if self.ended.is_none() && !command.trim().is_empty() {
            self.terminal.send(command);
        }
    }

    pub fn paused(&self) -> bool {
        self.clock.paused_at.is_some()
    }

    pub fn set_paused(&mut self, paused: bool) {
        self.hosted.clock.pause(paused);
        self.clock.pause(paused);
    }

    /// T pauses the clock or lets it run again.
    pub fn keys(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.key_pressed(Key::T)) {
            let paused = self.paused();
            self.set_paused(!paused);
        }
    }

    /// Ends the match now; the replay keeps every step so far.
    pub fn stop(&mut self) {
        self.hosted.clock.stop("stopped by the user");
    }

    /// The top of the hand-play panel: who the human is, where the game is recorded, the turn
    /// clock and the latest answer. Breaks (with what the panel returns) when the match is
    /// over: the game's own controls are then left out.
    pub fn header(&mut self, ui: &mut egui::Ui, name: &str, at_end: bool) -> ControlFlow<Option<PanelRequest>> {
        ui.heading("Hand play");
        ui.label(RichText::new(format!("You are {name}.")).color(player_color(self.team)).strong());
        ui.label(RichText::new(format!("recording to {}", self.hosted.out.display())).weak());
        if let Some(ended) = &self.ended {
            ui.colored_label(Color32::LIGHT_GREEN, ended);
            return ControlFlow::Break(None);
        }
        if !at_end && ui.button("back to the game (End)").clicked() {
            return ControlFlow::Break(Some(PanelRequest::BackToGame));
        }
        self.clock_row(ui);
        ControlFlow::Continue(())
    }

    fn clock_row(&mut self, ui: &mut egui::Ui) {
        let left = self.clock.left();
        let share = left.as_secs_f32() / (self.clock.turn_ms() as f32 / 1000.0).max(0.001);
        let text = if self.paused() { "paused".to_string() } else { format!("{:.1} s left", left.as_secs_f32()) };
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("turn {}", self.clock.turn)).strong());
            ui.add(egui::ProgressBar::new(share.clamp(0.0, 1.0)).desired_width(140.0).text(text));
        });
        let mut paused = self.paused();
        ui.horizontal(|ui| {
            if ui
                .checkbox(&mut paused, "pause the clock while I think (T)")
                .on_hover_text("practice: no turn ends until you let the clock run again; commands are still answered")
                .changed()
            {
                self.set_paused(paused);
            }
            // The host's privilege (kibitz_deadline24_server::Clock::end_turn): a paused clock stays paused.
            if ui.button("end the turn now").on_hover_text("the server ends this turn at once, as if its time were up").clicked() {
                self.hosted.clock.end_turn();
            }
        });
        if self.terminal.pending > 0 {
            ui.label(
                RichText::new(format!("{} command(s) on their way (a WAIT holds the next until the turn ends)…", self.terminal.pending))
                    .weak(),
            );
        }
    }

    /// The console for any command line (`hint` shows an example) and the latest answer under
    /// it, where the eye is: the shell pins them above the panel's scrolling part
    /// ([`crate::kit::contract::view::HandPlay::command_box`]). Nothing once the match is over.
    pub fn console(&mut self, ui: &mut egui::Ui, hint: &str) -> bool {
        if self.ended.is_some() {
            return false;
        }
        ui.horizontal(|ui| {
            let field = text_box(ui, &mut self.console, "kibitz-deadline24-server-console", hint, 220.0);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if (ui.button("send").clicked() || enter) && !self.console.trim().is_empty() {
                let command = std::mem::take(&mut self.console);
                self.send(&command);
                field.request_focus();
            }
        });
        if let Some(last) = self.exchanges.last() {
            exchange_label(ui, last);
        }
        true
    }

    /// The bottom of the panel: the last answers, and stop.
    pub fn footer(&mut self, ui: &mut egui::Ui) -> Option<PanelRequest> {
        ui.label(RichText::new("The server's answers (newest first):").strong());
        for e in self.exchanges.iter().rev().take(12) {
            exchange_label(ui, e);
        }
        stop_button(ui)
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
