//! A turn game's match by hand in the window: `kibitz play GAME` (new, or continued `--from` a
//! replay) and "take over" from a replay on screen, each opened in the game's live view.

use crate::kit::contract::view::{GameView, Session};
use kibitz_cli::kit::matches::args::SeatArgs;
use kibitz_cli::kit::matches::recording::default_out;
use kibitz_cli::kit::turn::seats::{Fresh, LivePlan, seat_plan, take_over};
use kibitz_core::BotProtocol;
use kibitz_core::replay::Replay;
use kibitz_referee::{LiveMatch, MatchOptions};
use std::path::PathBuf;

/// "Take over" from a view: continues `replay` by hand after `cursor` steps (the seat to move is
/// the human's, the replay's bots play again), records to a new file here, and opens the live
/// match in a view made by `view` (the game's own `live` constructor).
pub fn take_over_in_view<G: BotProtocol, V: GameView + 'static>(
    replay: &Replay<G>,
    cursor: usize,
    title: &str,
    view: impl FnOnce(String, LiveMatch<G>, PathBuf) -> Result<V, String>,
) -> Result<(Box<dyn GameView>, PathBuf), String>
where
    G::State: 'static,
    G::Setup: Send,
    G::Action: Send,
    G::Outcome: Send,
{
    let (plan, at) = take_over(replay, cursor, &[], &[], "You")?;
    let out = default_out(G::ID);
    let live = plan.start(&out)?;
    let view = view(format!("{title} · taken over at step {at}"), live, out.clone())?;
    Ok((Box::new(view), out))
}

/// `kibitz play GAME` for a game with bot seats: continues `--from` a replay, or starts the
/// match `fresh` sets up for the given human seats; records it and opens it in the game's view
/// (made by `view`, the game's `live` constructor).
pub fn play_live<G: BotProtocol, V: GameView + 'static>(
    args: &SeatArgs,
    fresh: impl FnOnce(&[usize]) -> anyhow::Result<Fresh<G>>,
    view: impl FnOnce(String, LiveMatch<G>, PathBuf) -> Result<V, String>,
) -> anyhow::Result<Session>
where
    G::State: 'static,
    G::Setup: Send,
    G::Action: Send,
    G::Outcome: Send,
{
    let limits = args.limits.limits::<G>();
    let (plan, title) = match &args.from {
        Some(from) => {
            let text = std::fs::read_to_string(from).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", from.display()))?;
            let loaded = Replay::<G>::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", from.display()))?;
            let (plan, at) =
                take_over(&loaded.replay, args.turn.unwrap_or(0), &args.humans, &args.bots, &args.name).map_err(anyhow::Error::msg)?;
            (plan, format!("{} continued by hand from step {at}", kibitz_cli::kit::matches::args::file_name(from)))
        }
        None => {
            let humans = if args.humans.is_empty() { vec![0] } else { args.humans.clone() };
            let Fresh { setup, players, bots, title } = fresh(&humans)?;
            let seats = seat_plan::<G>(players, &humans, &bots, &args.name, limits).map_err(anyhow::Error::msg)?;
            let options = MatchOptions::bots(args.seed, limits);
            (LivePlan { setup, seats, options, history: Vec::new() }, title)
        }
    };
    let out = args.out.clone().unwrap_or_else(|| default_out(G::ID));
    let live = plan.start(&out).map_err(anyhow::Error::msg)?;
    let view = view(title, live, out.clone()).map_err(anyhow::Error::msg)?;
    Ok(Session { view: Box::new(view), out, screenshot: args.screenshot.clone() })
}
