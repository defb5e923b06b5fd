//! `kibitz play wycinanka`: a human races one team against clients on a server the app hosts,
//! or takes over a team of a recorded game from one of its turns ([`crate::kit::deadline24::hand`]
//! does both for every server game; the view's own take-over uses the same `host`).

use super::view::WycinankaView;
use crate::kit::contract::room::Verb;
use crate::kit::contract::view::Session;
use crate::kit::deadline24::hand::{self as server_hand, PlayArgs};
use crate::kit::deadline24::view::ServerView;
use kibitz_cli::games::wycinanka::cli::SheetArgs;

/// The verb `kibitz play wycinanka`.
pub fn verb() -> Verb<Session> {
    Verb::new(|args: PlayArgs<SheetArgs>| server_hand::play(args, WycinankaView::host)).describe(|c| {
        c.name("wycinanka")
            .about(
                "Wycinanka by hand: you race one team over a real connection to a server the app hosts on loopback \
                 ports, placing an order's vertices on the sheet with clicks; each CLIENT plays another team \
                 (default: one `kibitz bot wycinanka solver`)",
            )
            .after_help(
                "Examples:\n  kibitz play wycinanka --world maps/wycinanka/seed-example.world --paused\n  \
                 kibitz play wycinanka --width 12 --height 10 --turn-ms 10000 -- 'kibitz bot wycinanka solver --seed 2'\n  \
                 kibitz play wycinanka --from replays/wycinanka-solvers.jsonl --turn 40 --team 1",
            )
    })
}
