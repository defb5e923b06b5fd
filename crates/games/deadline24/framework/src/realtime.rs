//! A Deadline24 game as a [`Game`]: commands in order of arrival, ticks at turn ends, and the
//! parts of the protocol the three games share (spec §1.6–§1.8).

use crate::answers::AnswerLines;
use crate::fixed::Fixed6;
use crate::lines::{Lines, plain_len};
use crate::words::{Args, Fail, Reply};
use kibitz_core::game::write_json;
use kibitz_core::replay::json_unsigned;
use kibitz_core::{Game, Step, ToMove};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::marker::PhantomData;

/// One game of the three: its world, its commands and its turn boundary. Everything shared
/// (words, common errors, the command limit, `WAIT`) is done by [`Realtime`] around it.
pub trait Rules: 'static {
    const ID: &'static str;
    const RULES_VERSION: u32;
    /// How many numbers a place has in the teams' drawing lines (fedrunek's x y z: three).
    const DRAWING: kibitz_core::drawing::Dims = kibitz_core::drawing::Dims::Two;
    /// The game's own parameters (world size, buildings, ...).
    type Params: Serialize + DeserializeOwned + Clone + Debug + Send + Sync;
    /// Sent to the server's task that owns the game.
    type State: Clone + Send;
    /// What happened at a turn boundary, recorded with the tick.
    type TurnReport: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send;

    fn start(params: &Self::Params, teams: usize, seed: u64) -> Result<Self::State, String>;

    /// The setup of game `game` (from 1) of a series of `games`, whose first game is played
    /// with `seed` (game K with seed + K − 1). By default every game gets `setup`; a game whose
    /// series moves on between games (osada keeps a settlement for a few games, then another)
    /// gives each game its own, and the server starts and records each game with it.
    fn game_setup(setup: &Setup<Self::Params>, seed: u64, game: u32, games: u32) -> Result<Setup<Self::Params>, String> {
        let _ = (seed, game, games);
        Ok(setup.clone())
    }

    /// Answers one command line of `team` (its words, none read yet: never none, never
    /// `WAIT`). A name the game does not know is [`Fail::UNKNOWN_COMMAND`].
    fn command(state: &mut Self::State, ctx: &Ctx, team: usize, line: Args) -> Reply;

    /// Resolves the end of turn `ctx.turn`; true when the game ends with it.
    fn end_turn(state: &mut Self::State, ctx: &Ctx) -> (Self::TurnReport, bool);

    /// Each team's final result before the factor K (fedrunek: A + S²), in millionths.
    fn results(state: &Self::State) -> Vec<Fixed6>;

    /// The data lines after `OK` that answer a command line (its words, none read yet: never
    /// none, never `WAIT`): what a client reads before the answer is complete.
    fn answer_lines(line: Args) -> AnswerLines;

    /// [`Game::prepare_replay`] for this game's state.
    fn prepare_replay(_state: &Self::State) {}
}

/// What a game's command sees of the common state.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// The current turn, from 1.
    pub turn: u32,
    /// When the command arrived, in microseconds since its turn started.
    pub at_us: u64,
    pub common: Common,
}

impl Ctx {
    /// Seconds left in the turn, as `WAIT` and forced waiting print them.
    pub fn seconds_left(&self) -> Fixed6 {
        Fixed6((self.common.turn_ms_at(self.turn) * 1000).saturating_sub(self.at_us) as i64)
    }

    /// The turns left before `--turns` (the host's cap, which the `TIME TO …` commands count)
    /// ends the game, counting the current one; `None` without a cap.
    pub fn capped_left(&self) -> Option<u32> {
        self.common.turn_cap.map(|cap| cap.saturating_sub(self.turn) + 1)
    }

    /// The turns left, counting the current one: the game's own count `own`, or fewer when the
    /// cap ends the game sooner (`TIME TO CUT`, `TIME TO FIGHT`).
    pub fn turns_left(&self, own: u32) -> u32 {
        self.capped_left().map_or(own, |capped| capped.min(own))
    }

    /// The turn length in whole seconds (at least 1), as `DESCRIBE WORLD` prints T.
    pub fn turn_seconds(&self) -> u64 {
        self.common.turn_ms_at(self.turn).div_ceil(1000).max(1)
    }
}

/// The parameters every server game has (spec §1.11).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Common {
    /// The turn's wall-clock length (until `retimed`'s turn, if any). The seed's T is 1…10 s;
    /// shorter turns are for local play and tests (`DESCRIBE WORLD` then prints 1).
    pub turn_ms: u64,
    /// The game's score factor K (1…5 in the seed).
    pub k: Fixed6,
    /// Commands per team per turn before errors 6 and 7.
    pub command_limit: u32,
    /// Ends the game after this turn whatever the rules say (tests, short matches).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_cap: Option<u32>,
    /// Turns of another length from a turn on: a take-over by hand of a game played at a
    /// bot's pace ([`Common::retimed`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retimed: Option<Retime>,
}

/// From turn `from_turn` on, turns last `turn_ms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retime {
    pub from_turn: u32,
    pub turn_ms: u64,
}

impl Default for Common {
    fn default() -> Self {
        Self { turn_ms: 1000, k: Fixed6::ONE, command_limit: 200, turn_cap: None, retimed: None }
    }
}

/// The bounds of the common parameters: the seed's (T 1…10 s, K 1…5) where a game needs them,
/// else what the machine holds.
pub mod bounds {
    use crate::fixed::Fixed6;
    use kibitz_core::Bounded;

    /// A turn's length: the seed's turns are 1 to 10 s; shorter ones are for local play and
    /// tests, longer ones (to an hour) for a human thinking.
    pub const TURN_MS: Bounded<u64> = Bounded::new("turn_ms", 1, 3_600_000);
    pub const RETIMED_TURN_MS: Bounded<u64> = Bounded { name: "retimed.turn_ms", ..TURN_MS };
    /// The score factor K (the seed: a real from 1 to 5).
    pub const K: Bounded<Fixed6> = Bounded::new("k", Fixed6(1_000_000), Fixed6(5_000_000));
    /// Commands per team per turn; the largest means no limit.
    pub const COMMAND_LIMIT: Bounded<u32> = Bounded::new("command_limit", 1, u32::MAX);
    /// The host's cap on a game's turns (`--turns`).
    pub const TURN_CAP: Bounded<u32> = Bounded::new("turn_cap", 1, u32::MAX);
}

impl Common {
    /// Refuses parameters no game can be played with, naming the setup's field: a replay's
    /// header is read here (the command line's flags have the same bounds, [`bounds`]).
    pub fn check(&self) -> Result<(), String> {
        bounds::TURN_MS.check(self.turn_ms)?;
        bounds::K.check(self.k)?;
        bounds::COMMAND_LIMIT.check(self.command_limit)?;
        bounds::TURN_CAP.check_some(self.turn_cap)?;
        if let Some(retimed) = self.retimed {
            bounds::RETIMED_TURN_MS.check(retimed.turn_ms)?;
        }
        Ok(())
    }

    /// The wall-clock length of turn `turn`, in milliseconds.
    pub fn turn_ms_at(&self, turn: u32) -> u64 {
        match self.retimed {
            Some(r) if turn >= r.from_turn => r.turn_ms,
            _ => self.turn_ms,
        }
    }

    /// These parameters with turns of `turn_ms` from turn `from_turn` on: a game taken over by
    /// hand goes on at a human's pace, while the turns before keep their length, so that the
    /// steps copied from the game taken over (`WAIT` answers the time left in its turn)
    /// re-simulate as they were played. One change is recorded: a game that changed its
    /// length before `from_turn` can only go on at that length.
    pub fn retimed(self, from_turn: u32, turn_ms: u64) -> Result<Common, String> {
        bounds::TURN_MS.check(turn_ms)?;
        if from_turn <= 1 {
            return Ok(Common { turn_ms, retimed: None, ..self });
        }
        match self.retimed {
            Some(r) if r.from_turn < from_turn && r.turn_ms == turn_ms => Ok(self),
            Some(r) if r.from_turn < from_turn => Err(format!(
                "the game's turns last {} ms from turn {} on, so a take-over at turn {from_turn} goes on at {} ms (--turn-ms {})",
                r.turn_ms, r.from_turn, r.turn_ms, r.turn_ms
            )),
            _ if self.turn_ms == turn_ms => Ok(Common { retimed: None, ..self }),
            _ => Ok(Common { retimed: Some(Retime { from_turn, turn_ms }), ..self }),
        }
    }
}

/// A server game's setup: the common parameters and the game's own.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup<P> {
    pub common: Common,
    pub game: P,
}

/// The state of a running game.
#[derive(Debug, Clone)]
pub struct State<S> {
    pub game: S,
    pub common: Common,
    /// The current turn, from 1.
    pub turn: u32,
    /// Commands each team sent in this turn.
    pub commands: Vec<u32>,
    pub over: bool,
    /// The organisers' emergency pause (seed §4, spec §1.10): every command is answered
    /// `FAILED 5`, nothing scores, until they resume.
    pub paused: bool,
}

/// The organisers' own steps are those of the player after the last team ([`host`]): their
/// command lines are these.
pub const HOST_PAUSE: &str = "PAUSE";
pub const HOST_RESUME: &str = "RESUME";

/// The player index of the organisers' steps in a game of `teams` teams.
pub fn host(teams: usize) -> usize {
    teams
}

/// One command line as the server received it: the step's action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Command {
    /// Which of the team's connections sent it (numbered from 1 per team).
    pub conn: u32,
    /// Microseconds since the turn started when it reached the game.
    pub at_us: u64,
    pub line: String,
}

/// What the rules answered to a step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome<T> {
    /// The lines sent back to the connection.
    Answer {
        lines: Lines,
        /// The connection reads nothing more until the next turn (`WAIT`, forced waiting).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        holds: bool,
    },
    /// Turn `turn` ended.
    Turn { turn: u32, report: T, over: bool },
    /// A blank line, or a step after the end: nothing happens.
    Nothing,
}

impl<T> Outcome<T> {
    /// The answer lines, none for a tick.
    pub fn lines(&self) -> &Lines {
        static NONE: Lines = Lines::new();
        match self {
            Outcome::Answer { lines, .. } => lines,
            _ => &NONE,
        }
    }

    pub fn holds(&self) -> bool {
        matches!(self, Outcome::Answer { holds: true, .. })
    }
}

/// The [`Game`] of a server game with rules `R`.
pub struct Realtime<R>(PhantomData<R>);

impl<R: Rules> Realtime<R> {
    /// The data lines after `OK` that answer the command `line` (the common `WAIT` included).
    pub fn answer_lines(line: &str) -> AnswerLines {
        let line = Args::new(line);
        match line.peek() {
            None => AnswerLines::Fixed(0),
            Some("WAIT") => AnswerLines::Fixed(1),
            Some(_) => R::answer_lines(line),
        }
    }

    fn answer(reply: Reply) -> Outcome<R::TurnReport> {
        let lines = match reply {
            Ok(mut lines) => {
                lines.push_front("OK");
                lines
            }
            Err(fail) => {
                let mut lines = Lines::new();
                fail.write(&mut lines);
                lines
            }
        };
        Outcome::Answer { lines, holds: false }
    }

    /// The organisers' step: `PAUSE [REASON]` or `RESUME`.
    fn host_step(state: &mut State<R::State>, command: &Command) -> Outcome<R::TurnReport> {
        match Args::new(&command.line).next_word() {
            Some(HOST_PAUSE) => state.paused = true,
            Some(HOST_RESUME) => state.paused = false,
            _ => return Self::answer(Err(Fail::UNKNOWN_COMMAND)),
        }
        Outcome::Answer { lines: Lines::from(["OK"]), holds: false }
    }

    fn command(state: &mut State<R::State>, team: usize, command: &Command) -> Outcome<R::TurnReport> {
        let line = Args::new(&command.line);
        let mut after_name = line;
        let Some(name) = after_name.next_word() else { return Outcome::Nothing };
        if state.paused {
            return Self::answer(Err(Fail::INTERNAL));
        }
        let ctx = Ctx { turn: state.turn, at_us: command.at_us, common: state.common };
        let count = &mut state.commands[team];
        *count = count.saturating_add(1);
        let limit = state.common.command_limit;
        if *count == limit.saturating_add(1) {
            return Self::answer(Err(Fail::LIMIT_WARNING));
        }
        if *count > limit {
            let mut lines = Lines::new();
            Fail::LIMIT_FORCED.write(&mut lines);
            lines.push(&format!("FORCED WAITING {}", ctx.seconds_left()));
            return Outcome::Answer { lines, holds: true };
        }
        if name == "WAIT" {
            if !after_name.is_empty() {
                return Self::answer(Err(Fail::TOO_MANY_ARGUMENTS));
            }
            return Outcome::Answer { lines: Lines::from(["OK".to_string(), format!("WAITING {}", ctx.seconds_left())]), holds: true };
        }
        Self::answer(R::command(&mut state.game, &ctx, team, line))
    }
}

impl<R: Rules> Game for Realtime<R> {
    const ID: &'static str = R::ID;
    const RULES_VERSION: u32 = R::RULES_VERSION;
    const SCORE_DECIMALS: u32 = 6;
    const ROUND_NAME: &'static str = "turn";
    const DRAWING: kibitz_core::drawing::Dims = R::DRAWING;
    const ACTIONS_WRITTEN_ALIKE: bool = false;
    type Setup = Setup<R::Params>;
    type State = State<R::State>;
    type Action = Command;
    type Outcome = Outcome<R::TurnReport>;

    /// The command as the team wrote it: when it arrived, and on which connection, is the
    /// server's timing, not the team's choice.
    fn action_key(command: &Command) -> String {
        command.line.clone()
    }

    fn start(setup: &Self::Setup, players: usize, seed: u64) -> Result<Self::State, String> {
        setup.common.check()?;
        if players == 0 {
            return Err(format!("{} needs at least one team", R::ID));
        }
        let game = R::start(&setup.game, players, seed)?;
        Ok(State { game, common: setup.common, turn: 1, commands: vec![0; players], over: false, paused: false })
    }

    fn to_move(state: &Self::State) -> ToMove {
        if state.over { ToMove::Over } else { ToMove::Anyone }
    }

    fn apply(state: &mut Self::State, step: &Step<Self::Action>) -> Self::Outcome {
        if state.over {
            return Outcome::Nothing;
        }
        match step {
            Step::Act { player, action: Some(command) } if *player < state.commands.len() => Self::command(state, *player, command),
            Step::Act { player, action: Some(command) } if *player == host(state.commands.len()) => Self::host_step(state, command),
            Step::Act { .. } => Outcome::Nothing,
            Step::Tick => {
                let ctx = Ctx { turn: state.turn, at_us: state.common.turn_ms_at(state.turn) * 1000, common: state.common };
                let (report, over) = R::end_turn(&mut state.game, &ctx);
                let over = over || state.common.turn_cap.is_some_and(|cap| state.turn >= cap);
                let turn = state.turn;
                state.over = over;
                if !over {
                    state.turn += 1;
                    state.commands.iter_mut().for_each(|c| *c = 0);
                }
                Outcome::Turn { turn, report, over }
            }
        }
    }

    fn scores(state: &Self::State) -> Vec<i64> {
        R::results(&state.game).into_iter().map(|r| (r * state.common.k).micros()).collect()
    }

    fn round(state: &Self::State) -> u32 {
        state.turn
    }

    fn prepare_replay(state: &Self::State) {
        R::prepare_replay(&state.game);
    }

    fn read_action(text: &str) -> Option<(Command, &str)> {
        read_command(text)
    }

    /// A team asks a handful of things in a turn, and the next team asks the same (an order
    /// described to every team): eight outcomes reach back past one team's questions.
    const RECENT_OUTCOMES: usize = 8;

    /// Answers, nearly all of a server game's replay, are written without serde.
    fn write_outcome(outcome: &Self::Outcome, out: &mut Vec<u8>) {
        if let Outcome::Answer { lines, holds } = outcome {
            let mark = out.len();
            out.extend_from_slice(br#"{"answer":{"lines":"#);
            if lines.write_plain_json(out) {
                out.extend_from_slice(if *holds { br#","holds":true}}"# } else { b"}}" });
                return;
            }
            out.truncate(mark);
        }
        write_json(outcome, out);
    }
}

/// The command that `text` starts with as the replay writer writes it,
/// `{"conn":N,"at_us":N,"line":"…"}`, read without serde, and the text after it: every
/// recorded command is a text of its own (its arrival time). `None` for any other text, which
/// serde then reads: a line with an escape in it, spaces, another order.
fn read_command(text: &str) -> Option<(Command, &str)> {
    let (conn, rest) = json_unsigned(text.strip_prefix(r#"{"conn":"#)?)?;
    let (at_us, rest) = json_unsigned(rest.strip_prefix(r#","at_us":"#)?)?;
    let rest = rest.strip_prefix(r#","line":""#)?;
    // The line ends at its closing quote when nothing in it is escaped; split at an ASCII byte.
    let (line, after) = rest.split_at(plain_len(rest.as_bytes()));
    let after = after.strip_prefix(r#""}"#)?;
    Some((Command { conn: u32::try_from(conn).ok()?, at_us, line: line.to_string() }, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_take_over_changes_the_turn_length_from_its_turn_and_keeps_the_turns_before() {
        let bots = Common { turn_ms: 50, ..Common::default() };
        let hand = bots.retimed(12, 3000).unwrap();
        assert_eq!(hand.retimed, Some(Retime { from_turn: 12, turn_ms: 3000 }));
        assert_eq!((hand.turn_ms_at(1), hand.turn_ms_at(11), hand.turn_ms_at(12), hand.turn_ms_at(500)), (50, 50, 3000, 3000));
        // From the first turn, or at the same length: nothing to record.
        assert_eq!(bots.retimed(1, 3000).unwrap(), Common { turn_ms: 3000, ..bots });
        assert_eq!(bots.retimed(12, 50).unwrap(), bots);
        // A second take-over: later at the length already set, or before the change.
        assert_eq!(hand.retimed(20, 3000).unwrap(), hand);
        assert_eq!(hand.retimed(8, 2000).unwrap().retimed, Some(Retime { from_turn: 8, turn_ms: 2000 }));
        assert_eq!(hand.retimed(8, 50).unwrap(), bots);
        let error = hand.retimed(20, 5000).unwrap_err();
        assert!(error.contains("3000 ms from turn 12") && error.contains("--turn-ms 3000"), "{error}");
        assert!(bots.retimed(12, 0).is_err());
    }

    /// Issue 49: a turn length of u64::MAX multiplied with overflow at the first `WAIT`.
    #[test]
    fn every_common_number_beyond_its_bound_is_refused_by_its_field() {
        let start = |common: Common| Realtime::<Bare>::start(&Setup { common, game: () }, 1, 0).map(drop);
        let d = Common::default;
        assert_eq!(start(Common { turn_ms: u64::MAX, ..d() }).unwrap_err(), format!("turn_ms {}: must be 1 to 3600000", u64::MAX));
        assert_eq!(start(Common { turn_ms: 0, ..d() }).unwrap_err(), "turn_ms 0: must be 1 to 3600000");
        assert_eq!(start(Common { k: Fixed6(i64::MIN), ..d() }).unwrap_err(), "k -9223372036854.775808: must be 1.000000 to 5.000000");
        assert_eq!(start(Common { k: Fixed6(0), ..d() }).unwrap_err(), "k 0.000000: must be 1.000000 to 5.000000");
        assert_eq!(start(Common { command_limit: 0, ..d() }).unwrap_err(), "command_limit 0: must be 1 to 4294967295");
        assert_eq!(start(Common { turn_cap: Some(0), ..d() }).unwrap_err(), "turn_cap 0: must be 1 to 4294967295");
        let retimed = Some(Retime { from_turn: u32::MAX, turn_ms: 1 << 63 });
        assert_eq!(start(Common { retimed, ..d() }).unwrap_err(), format!("retimed.turn_ms {}: must be 1 to 3600000", 1u64 << 63));
        let most = Common { turn_ms: 3_600_000, k: Fixed6(5_000_000), command_limit: u32::MAX, turn_cap: Some(u32::MAX), retimed: None };
        assert_eq!(start(most), Ok(()));
    }

    /// A game with no commands of its own: only the common layer (`WAIT`) answers.
    struct Bare;

    impl Rules for Bare {
        const ID: &'static str = "bare";
        const RULES_VERSION: u32 = 1;
        type Params = ();
        type State = ();
        type TurnReport = ();
        fn start(_: &(), _: usize, _: u64) -> Result<(), String> {
            Ok(())
        }
        fn command(_: &mut (), _: &Ctx, _: usize, _: Args) -> Reply {
            Err(Fail::UNKNOWN_COMMAND)
        }
        fn end_turn(_: &mut (), _: &Ctx) -> ((), bool) {
            ((), false)
        }
        fn results(_: &()) -> Vec<Fixed6> {
            vec![Fixed6(0)]
        }
        fn answer_lines(_: Args) -> AnswerLines {
            AnswerLines::Fixed(0)
        }
    }

    #[test]
    fn every_game_of_a_series_gets_the_same_setup_by_default() {
        let setup = Setup { common: Common { turn_ms: 50, turn_cap: Some(3), ..Common::default() }, game: () };
        for (game, games) in [(1, 1), (1, 3), (3, 3)] {
            let got = Bare::game_setup(&setup, 7, game, games).unwrap();
            assert_eq!((got.common, got.game), (setup.common, setup.game));
        }
    }

    #[test]
    fn the_organisers_pause_answers_every_command_five_until_they_resume() {
        let mut state = Realtime::<Bare>::start(&Setup { common: Common::default(), game: () }, 2, 0).unwrap();
        let act = |player: usize, line: &str| Step::Act { player, action: Some(Command { conn: 1, at_us: 5, line: line.into() }) };
        let text = |o: Outcome<()>| o.lines().text().to_string();
        assert_eq!(text(Realtime::<Bare>::apply(&mut state, &act(host(2), "PAUSE power cut"))), "OK\n");
        assert!(state.paused);
        assert_eq!(text(Realtime::<Bare>::apply(&mut state, &act(1, "WAIT"))), "FAILED 5 internal error, sorry...\n");
        assert_eq!(state.commands, [0, 0], "nothing counts while paused");
        assert_eq!(text(Realtime::<Bare>::apply(&mut state, &act(host(2), "DANCE"))), "FAILED 2 unknown command\n");
        assert_eq!(text(Realtime::<Bare>::apply(&mut state, &act(host(2), "RESUME"))), "OK\n");
        assert!(text(Realtime::<Bare>::apply(&mut state, &act(1, "WAIT"))).starts_with("OK\nWAITING"));
        assert_eq!(Realtime::<Bare>::apply(&mut state, &act(3, "PAUSE")), Outcome::Nothing, "no player after the host");
    }

    #[test]
    fn wait_answers_the_time_left_in_a_turn_of_that_turns_length() {
        let common = Common { turn_ms: 50, ..Common::default() }.retimed(2, 3000).unwrap();
        let mut state = Realtime::<Bare>::start(&Setup { common, game: () }, 1, 0).unwrap();
        let wait = Step::Act { player: 0, action: Some(Command { conn: 1, at_us: 10_000, line: "WAIT".into() }) };
        let waiting = |outcome: Outcome<()>| outcome.lines().text().lines().nth(1).map(String::from);
        assert_eq!(waiting(Realtime::<Bare>::apply(&mut state, &wait)).as_deref(), Some("WAITING 0.040000"));
        Realtime::<Bare>::apply(&mut state, &Step::Tick);
        assert_eq!(waiting(Realtime::<Bare>::apply(&mut state, &wait)).as_deref(), Some("WAITING 2.990000"));
    }

    #[test]
    fn a_written_command_is_read_as_serde_reads_it_and_anything_else_left_to_serde() {
        let lines = ["GET SCORE", "", "COMMIT SOLUTION 3 4 17 2 9 11", "say \"hi\"", "a\\b", "tab\there", "é ☃", "\u{1}"];
        for (conn, at_us) in [(1, 0), (0, 17), (u32::MAX, u64::MAX), (12, 1_000_000)] {
            for line in lines {
                let command = Command { conn, at_us, line: line.to_string() };
                // Read in place: the rest of the record follows the command.
                let text = serde_json::to_string(&command).unwrap() + r#","outcome":"X"}"#;
                match read_command(&text) {
                    Some((read, after)) => assert_eq!((read, after), (command, r#","outcome":"X"}"#), "{text}"),
                    None => assert!(line.contains(['"', '\\', '\t', '\u{1}']), "{text} is plain"),
                }
            }
        }
        // Texts serde reads otherwise, or not at all, are never read here.
        for text in [
            r#"{"conn":01,"at_us":0,"line":"X"}"#,
            r#"{"conn":4294967296,"at_us":0,"line":"X"}"#,
            r#"{"conn":1,"at_us":18446744073709551616,"line":"X"}"#,
            r#"{"conn":1,"at_us":-1,"line":"X"}"#,
            r#"{"conn":1,"at_us":1.5,"line":"X"}"#,
            r#"{"conn":1, "at_us":0,"line":"X"}"#,
            r#"{"at_us":0,"conn":1,"line":"X"}"#,
            r#"{"conn":1,"at_us":0,"line":"X","extra":1}"#,
            r#"{"conn":1,"at_us":0,"line":"X"Y"}"#,
            r#"{"conn":1,"at_us":0,"line":"X\nY"}"#,
        ] {
            assert_eq!(read_command(text), None, "{text}");
        }
        // Whatever follows is the caller's to read.
        let (_, after) = read_command(r#"{"conn":1,"at_us":0,"line":"X"} ,"#).unwrap();
        assert_eq!(after, " ,");
    }
}
