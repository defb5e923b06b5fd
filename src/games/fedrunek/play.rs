//! `kibitz play fedrunek`: a human plays one team against clients, on a server the app hosts;
//! or takes over a team of a recorded game from one of its turns ([`crate::kit::server_hand`]
//! does both for every server game).

use super::cli::WorldArgs;
use super::hand::Hand;
use super::view::FedrunekView;
use crate::kit::hosting::HostPlan;
use crate::kit::room::{Session, Verb};
use crate::kit::server::GameArgs;
use crate::kit::server_hand::{self, PlayArgs};
use kibitz_core::replay::Replay;
use kibitz_fedrunek::{Fedrunek, FedrunekRules};
use std::path::Path;

/// The verb `kibitz play fedrunek`.
pub fn verb() -> Verb<Session> {
    Verb::new(|args: PlayArgs<WorldArgs>| server_hand::play(args, host)).describe(|c| {
        c.name("fedrunek")
            .about(
                "Fedrunek by hand: you play one team over a real connection to a server the app hosts on loopback \
                 ports; each CLIENT plays another team (default: one `kibitz bot fedrunek greedy`)",
            )
            .after_help(
                "Examples:\n  kibitz play fedrunek --n 16\n  \
                 kibitz play fedrunek --team 1 -- 'kibitz bot fedrunek greedy' 'python3 docs/clients/fedrunek.py'\n  \
                 kibitz play fedrunek --from replays/fedrunek-greedy-vs-python.jsonl --turn 400 --team 1",
            )
    })
}

/// Hosts `plan` and opens its view for the human playing `team`.
fn host(plan: HostPlan<kibitz_fedrunek::Params>, team: usize, out: &Path, title: String) -> Result<FedrunekView, String> {
    FedrunekView::live(title, Hand::new(server_hand::seat::<FedrunekRules>(plan, team, out)?))
}

/// Continues `replay` by hand as `team` from the start of the turn step `cursor` falls in.
pub fn continue_replay(replay: &Replay<Fedrunek>, cursor: usize, team: usize, out: &Path, title: &str) -> Result<FedrunekView, String> {
    server_hand::continue_replay(replay, cursor, team, &[], WorldArgs::OPPONENT, out, title, host)
}
