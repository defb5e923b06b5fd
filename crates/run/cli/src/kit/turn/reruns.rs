//! The bot author's `kibitz replay` for the turn games: what a seat's bot read on its standard
//! input in a recorded match ([`kibitz_referee::input::bot_input`]).

use crate::kit::contract::room::{Input, Reruns};
use kibitz_core::BotProtocol;
use kibitz_core::replay::Replay;
use kibitz_referee::rerun::Rerun;

/// [`crate::kit::contract::room::Reruns::input`] of a bot game `G`. A damaged replay gives what
/// its whole lines sent, and says where it breaks.
pub fn input<G: BotProtocol>(text: &str, seat: usize, until: Option<usize>) -> Result<Input, String> {
    let loaded = Replay::<G>::parse(text).map_err(|e| e.to_string())?;
    if let Some(damage) = &loaded.damage {
        let whole = loaded.replay.records.len();
        if until.is_none_or(|u| u > whole) {
            return Err(format!("damaged at {damage}: ask for --until {whole} or less"));
        }
    }
    kibitz_referee::input::bot_input(&loaded.replay, seat, until).map(Input::from)
}

/// [`crate::kit::contract::room::Reruns::rerun`] of a bot game `G`: the whole replay (a
/// damaged one up to where it breaks) played again with `command` in seat `seat`, and played
/// on into `continue_to` from the first difference.
pub fn rerun<G: BotProtocol>(
    text: &str,
    seat: usize,
    command: &str,
    continue_to: Option<&mut dyn std::io::Write>,
) -> Result<Rerun, String> {
    let loaded = Replay::<G>::parse(text).map_err(|e| e.to_string())?;
    kibitz_referee::rerun::rerun(&loaded.replay, seat, command, continue_to)
}

/// The capability of a bot game `G`.
pub fn reruns<G: BotProtocol>() -> Reruns {
    Reruns { input: input::<G>, rerun: Some(rerun::<G>), diff: kibitz_core::diff::diff::<G> }
}
