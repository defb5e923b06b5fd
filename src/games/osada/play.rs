//! `kibitz play osada`: a human commands one team against clients on a server the app hosts,
//! or takes over a team of a recorded game from one of its turns ([`crate::kit::deadline24::hand`]
//! does both for every server game; the view's own take-over uses the same `host`).

use super::view::OsadaView;
use crate::kit::contract::room::Verb;
use crate::kit::contract::view::Session;
use crate::kit::deadline24::hand::{self as server_hand, PlayArgs};
use crate::kit::deadline24::view::ServerView;
use kibitz_cli::games::osada::cli::OsadaArgs;

/// The verb `kibitz play osada`.
pub fn verb() -> Verb<Session> {
    Verb::new(|args: PlayArgs<OsadaArgs>| server_hand::play(args, OsadaView::host)).describe(|c| {
        c.name("osada")
            .about(
                "Osada by hand: you command one team over a real connection to a server the app hosts on loopback \
                 ports, picking troops and fields with clicks; each CLIENT plays another team (default: one \
                 `kibitz bot osada defender`)",
            )
            .after_help(
                "Examples:\n  kibitz play osada --settlement maps/osada/quarry.txt --paused\n  \
                 kibitz play osada --n 64 --turn-ms 5000 -- 'kibitz bot osada defender' 'python3 docs/clients/osada.py'\n  \
                 kibitz play osada --from replays/osada-defender-vs-python.jsonl --turn 600 --team 1",
            )
    })
}
