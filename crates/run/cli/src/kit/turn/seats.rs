//! Setting up matches with humans at the table, for any turn-based bot game: who sits where,
//! and, when a human takes over a replay, the history the match continues from.

use kibitz_core::replay::{Replay, StepRecord};
use kibitz_core::{BotProtocol, Game, Timeline, ToMove};
use kibitz_referee::{BotLimits, BotSeat, LiveMatch, MatchOptions, SeatPlan};
use std::path::{Path, PathBuf};

/// A live match, ready to start.
pub struct LivePlan<G: Game> {
    pub setup: G::Setup,
    pub seats: Vec<SeatPlan<G>>,
    pub options: MatchOptions,
    pub history: Vec<StepRecord<G::Action, G::Outcome>>,
}

impl<G: Game> LivePlan<G>
where
    G::Setup: Send,
    G::Action: Send,
    G::Outcome: Send,
{
    /// Starts the match, recording to `out`.
    pub fn start(self, out: &Path) -> Result<LiveMatch<G>, String> {
        let file = std::fs::File::create(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
        Ok(LiveMatch::start(self.setup, self.seats, self.options, self.history, std::io::BufWriter::new(file)))
    }
}

/// The seats: humans (named `name`, numbered when there are several) at `humans`, the bot
/// commands in the other seats in order. `players` is the number of seats.
pub fn seat_plan<G: BotProtocol>(
    players: usize,
    humans: &[usize],
    bots: &[String],
    name: &str,
    limits: BotLimits,
) -> Result<Vec<SeatPlan<G>>, String>
where
    G::State: 'static,
{
    if let Some(&bad) = humans.iter().find(|&&h| h >= players) {
        return Err(format!("there is no seat {bad}: the match has {players} players (seats 0 to {})", players.saturating_sub(1)));
    }
    if players != humans.len() + bots.len() {
        return Err(format!(
            "{players} seats, {} played by hand, need {} bot commands, got {}",
            humans.len(),
            players - humans.len().min(players),
            bots.len()
        ));
    }
    let mut bots = bots.iter();
    Ok((0..players)
        .map(|seat| {
            if humans.contains(&seat) {
                let label = if humans.len() > 1 { format!("{name} {seat}") } else { name.to_string() };
                SeatPlan::Human(label)
            } else {
                let command = bots.next().expect("counted above");
                SeatPlan::Seat(Box::new(BotSeat::spawn(command, &G::seat_label(seat), limits)))
            }
        })
        .collect())
}

/// Continues `replay` after its first `turn` steps, moved on to the next step where a player
/// is to act. `humans` defaults to that player; the other seats run `bots`, or when none are
/// given, the commands recorded in the replay (Kibitz's own sample bots run with this binary,
/// as every `kibitz` command does: `kibitz_referee::command::shell`).
/// Returns the plan and the step it continues from.
pub fn take_over<G: BotProtocol>(
    replay: &Replay<G>,
    turn: usize,
    humans: &[usize],
    bots: &[String],
    name: &str,
) -> Result<(LivePlan<G>, usize), String>
where
    G::State: 'static,
{
    let header = &replay.header;
    let players = header.players.len();
    let initial = G::start(&header.setup, players, header.seed)?;
    let timeline = Timeline::<G>::new(initial, replay.steps().collect());
    let mut at = turn.min(timeline.len());
    let mut state = timeline.state_at(at);
    let player = loop {
        match G::to_move(&state) {
            ToMove::Player(p) => break p,
            ToMove::Over => return Err(format!("the match is over at step {at}: there is nothing left to play")),
            ToMove::Anyone => return Err(format!("{} is played in real time; take over is for turn-based games", G::ID)),
            ToMove::Tick if at < timeline.len() => {
                at += 1;
                state = timeline.state_at(at);
            }
            ToMove::Tick => return Err(format!("the replay ends at step {at} before anyone is to move")),
        }
    };
    let humans = if humans.is_empty() { vec![player] } else { humans.to_vec() };
    let bots: Vec<String> = if bots.is_empty() {
        (0..players)
            .filter(|s| !humans.contains(s))
            .map(|s| {
                header.players[s].command.clone().ok_or_else(|| {
                    format!("seat {s} was played by hand in the replay; give its bot command after --, or play it by hand too")
                })
            })
            .collect::<Result<_, _>>()?
    } else {
        bots.to_vec()
    };
    let limits = BotLimits::from_record(header.limits.unwrap_or(G::LIMITS));
    let seats = seat_plan::<G>(players, &humans, &bots, name, limits)?;
    let options = MatchOptions { history_players: Some(header.players.clone()), ..MatchOptions::bots(header.seed, limits) };
    Ok((LivePlan { setup: header.setup.clone(), seats, options, history: replay.records[..at].to_vec() }, at))
}

/// A new match for `kibitz play`, as the game sets it up from its own arguments.
pub struct Fresh<G: Game> {
    pub setup: G::Setup,
    pub players: usize,
    /// Commands for the seats not played by hand, in seat order.
    pub bots: Vec<String>,
    pub title: String,
}

/// Runs one match between bot processes, recorded to `common.out`, with a progress bar of
/// `rounds`.
pub fn run_bot_match<G: BotProtocol>(
    setup: &G::Setup,
    bots: &[String],
    common: &crate::kit::matches::args::Common,
    rounds: u64,
) -> anyhow::Result<kibitz_referee::Finished<G>> {
    run_one::<G>(setup, bots, common, common.seed, &common.out, rounds)
}

/// Runs `games` matches one after another, game K with seed SEED + K − 1 and bot processes
/// started afresh (as contests that start every entry anew for each game), recorded to
/// NAME-gK.jsonl beside `common.out` (to `common.out` itself for one game).
pub fn run_bot_games<G: BotProtocol>(
    setup: &G::Setup,
    bots: &[String],
    common: &crate::kit::matches::args::Common,
    games: u32,
    rounds: u64,
) -> anyhow::Result<Vec<(PathBuf, kibitz_referee::Finished<G>)>> {
    (1..=games)
        .map(|game| {
            let out = crate::kit::matches::args::replay_path(&common.out, game, games);
            let seed = common.seed.wrapping_add(u64::from(game) - 1);
            run_one::<G>(setup, bots, common, seed, &out, rounds).map(|finished| (out, finished))
        })
        .collect()
}

fn run_one<G: BotProtocol>(
    setup: &G::Setup,
    bots: &[String],
    common: &crate::kit::matches::args::Common,
    seed: u64,
    out: &Path,
    rounds: u64,
) -> anyhow::Result<kibitz_referee::Finished<G>> {
    let (mut options, limits) = common.options::<G>();
    options.seed = seed;
    let file = std::fs::File::create(out).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", out.display()))?;
    let mut seats: Vec<Box<dyn kibitz_referee::Seat<G>>> = bots
        .iter()
        .enumerate()
        .map(|(k, cmd)| Box::new(BotSeat::spawn(cmd, &G::seat_label(k), limits)) as Box<dyn kibitz_referee::Seat<G>>)
        .collect();
    let bar = crate::kit::matches::progress::progress_bar(rounds);
    let finished = kibitz_referee::run_match::<G>(setup, &mut seats, &options, std::io::BufWriter::new(file), |p| {
        bar.set_position(p.round as u64 + 1)
    })?;
    bar.finish_and_clear();
    // Said where a person running the match looks, as well as in the summary and the replay.
    for failure in &finished.summary.failed {
        let name = finished.summary.names.get(failure.player).map_or("?", String::as_str);
        eprintln!("kibitz: {}: player {} ({name}) failed: {}", out.display(), failure.player, failure.reason);
    }
    Ok(finished)
}

/// The records of `steps` played from the start of a match on `setup`, as a history for a
/// live match to continue from (a solution file taken up by hand).
pub fn simulate<G: Game>(
    setup: &G::Setup,
    players: usize,
    seed: u64,
    steps: impl IntoIterator<Item = kibitz_core::Step<G::Action>>,
) -> Result<Vec<StepRecord<G::Action, G::Outcome>>, String> {
    let mut state = G::start(setup, players, seed)?;
    Ok(steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| {
            let outcome = G::apply(&mut state, &step);
            StepRecord::new(i, &step, outcome)
        })
        .collect())
}
