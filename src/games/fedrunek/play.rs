//! `kibitz play fedrunek`: a human plays one team against clients, on a server the app hosts;
//! or takes over a team of a recorded game from one of its turns ([`crate::kit::deadline24::hand`]
//! does both for every server game).

use super::view::FedrunekView;
use crate::kit::contract::room::Verb;
use crate::kit::contract::view::Session;
use crate::kit::deadline24::hand::{self as server_hand, PlayArgs};
use crate::kit::deadline24::view::ServerView;
use kibitz_cli::games::fedrunek::cli::WorldArgs;

/// The verb `kibitz play fedrunek`.
pub fn verb() -> Verb<Session> {
    Verb::new(|args: PlayArgs<WorldArgs>| server_hand::play(args, FedrunekView::host)).describe(|c| {
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
