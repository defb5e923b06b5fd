//! `kibitz play fedrunek`: a human plays one team against clients, on a server the app hosts;
//! or takes over a team of a recorded game from one of its turns.

use super::cli::WorldArgs;
use super::hand::Hand;
use super::view::FedrunekView;
use crate::kit::hosting::{Feed, HostPlan, Hosted};
use crate::kit::room::Session;
use crate::kit::seats::{default_out, own_bot_command};
use crate::kit::server::GameArgs;
use clap::Parser;
use kibitz_core::replay::Replay;
use kibitz_deadline24::{Common, Fixed6, Outcome, Setup};
use kibitz_fedrunek::Fedrunek;
use kibitz_server::Resume;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Fedrunek by hand: you play one team over a real connection to a server the app hosts on
/// loopback ports; each CLIENT plays another team (default: one `kibitz bot fedrunek greedy`).
#[derive(Parser)]
#[command(name = "fedrunek")]
#[command(after_help = "Examples:\n  kibitz play fedrunek --n 16\n  \
        kibitz play fedrunek --team 1 -- 'kibitz bot fedrunek greedy' 'python3 docs/clients/fedrunek.py'\n  \
        kibitz play fedrunek --from replays/fedrunek-greedy-vs-python.jsonl --turn 400 --team 1")]
pub struct PlayArgs {
    #[command(flatten)]
    pub world: WorldArgs,
    /// Length of a turn in milliseconds (T in the window pauses the clock while you think).
    #[arg(long, default_value_t = 3000)]
    pub turn_ms: u64,
    /// The game's score factor K.
    #[arg(long, default_value = "1.0")]
    pub k: Fixed6,
    /// End the game after this many turns whatever the rules say.
    #[arg(long)]
    pub turns: Option<u32>,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Your team, from 0 (with --from, a team of the replay).
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
    /// Where to record the game (default: kibitz-play-fedrunek-TIME.jsonl here).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Show the first position in a real window, write it to this PNG and stop.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Client command lines for the other teams, one argument each, after `--`; each is started
    /// with `sh -c 'CLIENT HOST PORT LOGIN PASSWORD'`. With --from and none, the replay's own
    /// (our greedy client for a team whose client it does not record).
    #[arg(last = true)]
    pub clients: Vec<String>,
}

/// This binary's own greedy client (a `kibitz bot ...` command runs with this very binary).
fn greedy() -> String {
    own_bot_command("kibitz bot fedrunek greedy")
}

pub fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let out = args.out.clone().unwrap_or_else(|| default_out("fedrunek"));
    let view = match &args.from {
        Some(from) => {
            let text = std::fs::read_to_string(from).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", from.display()))?;
            let loaded = Replay::<Fedrunek>::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", from.display()))?;
            let title = crate::kit::args::file_name(from);
            continue_replay(&loaded.replay, args.turn.unwrap_or(0), args.team, &args.clients, &out, &title)
        }
        None => {
            let clients = if args.clients.is_empty() { vec![greedy()] } else { args.clients.iter().map(|c| own_bot_command(c)).collect() };
            let teams = clients.len() + 1;
            anyhow::ensure!(args.team < teams, "there is no team {}: {teams} teams play (0 to {})", args.team, teams - 1);
            let mut seats: Vec<Option<String>> = clients.into_iter().map(Some).collect();
            seats.insert(args.team, None);
            anyhow::ensure!(args.turn_ms > 0, "--turn-ms must be at least 1");
            let common = Common { turn_ms: args.turn_ms, k: args.k, turn_cap: args.turns, ..Common::default() };
            let setup = Setup { common, game: args.world.params() };
            crate::kit::server::check::<kibitz_fedrunek::FedrunekRules>(&setup, teams, args.seed)?;
            let plan = HostPlan { setup, seed: args.seed, seats, names: None, resume: None, paused: args.paused };
            let title = format!("hand play · {} teams on a {}³ asteroid", teams, args.world.n);
            host(plan, args.team, &out, title)
        }
    }
    .map_err(anyhow::Error::msg)?;
    Ok(Session { view: Box::new(view), out, screenshot: args.screenshot })
}

/// Hosts `plan` and opens its view for the human playing `team`.
fn host(plan: HostPlan<kibitz_fedrunek::Params>, team: usize, out: &Path, title: String) -> Result<FedrunekView, String> {
    let turn_ms = plan.setup.common.turn_ms;
    let hosted = Hosted::start::<kibitz_fedrunek::FedrunekRules>(plan, out)?;
    let feed = Feed::follow(hosted.spectate)?;
    // The turn the game goes on with is known once the history is in; the view's poll sets it.
    FedrunekView::live(title, Hand::new(hosted, feed, team, turn_ms))
}

/// Continues `replay` by hand as `team` from the start of the turn step `cursor` falls in: the
/// steps before it are replayed by the server and copied into the new replay (recorded to
/// `out`); the other teams run `clients`, or the clients the replay recorded (our greedy
/// client where it recorded none).
pub fn continue_replay(
    replay: &Replay<Fedrunek>,
    cursor: usize,
    team: usize,
    clients: &[String],
    out: &Path,
    title: &str,
) -> Result<FedrunekView, String> {
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
    // A team whose client the replay does not record (its server was not started by Kibitz)
    // is played by our greedy client.
    let commands: Vec<String> = if clients.is_empty() {
        others.iter().map(|&k| header.players[k].command.as_deref().map_or_else(greedy, own_bot_command)).collect()
    } else if clients.len() == others.len() {
        clients.iter().map(|c| own_bot_command(c)).collect()
    } else {
        return Err(format!("{teams} teams, one played by you: give {} client commands, got {}", others.len(), clients.len()));
    };
    let mut seats: Vec<Option<String>> = commands.into_iter().map(Some).collect();
    seats.insert(team, None);
    let lines = replay.records[..cut].iter().map(serde_json::to_string).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?;
    let resume = (cut > 0).then(|| Resume { lines: Arc::new(lines), players: header.players.clone() });
    let names = Some(header.players.iter().map(|p| p.name.clone()).collect());
    // Paused: the human finds their bearings before the first turn runs out.
    let plan = HostPlan { setup: header.setup.clone(), seed: header.seed, seats, names, resume, paused: true };
    let turn = replay.records[..cut].iter().filter(|r| matches!(r.outcome, Outcome::Turn { .. })).count() + 1;
    host(plan, team, out, format!("{title} · {} from turn {turn} by hand", header.players[team].name))
}
