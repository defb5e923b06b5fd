//! The registry of games: the one place that lists them. Adding a game means adding its
//! module here and a line in each `match` below.

pub mod amazes;
pub mod icfp2015;
pub mod lighthouses;
pub mod play;

use kibitz_core::replay::{Replay, peek_header};
use kibitz_core::verify::{Verified, VerifyError, verify as verify_replay};
use kibitz_core::{Game, Located};

/// The games Kibitz knows, by id.
pub const IDS: &[&str] = &[kibitz_lighthouses::Lighthouses::ID, kibitz_icfp2015::Icfp2015::ID, kibitz_amazes::Amazes::ID];

/// What `verify` found.
pub struct VerifyReport {
    pub game: String,
    /// Steps read (and checked).
    pub steps: usize,
    /// The first unreadable line, if any; steps before it were checked.
    pub damage: Option<Located>,
    pub verdict: Result<Verified, VerifyError>,
}

/// Verifies a replay of any known game. `Err` when the header cannot be read at all.
pub fn verify(text: &str) -> Result<VerifyReport, String> {
    let header = peek_header(text).map_err(|e| e.to_string())?;
    match header.game.as_str() {
        kibitz_lighthouses::Lighthouses::ID => Ok(verify_as::<kibitz_lighthouses::Lighthouses>(text)?),
        kibitz_icfp2015::Icfp2015::ID => Ok(verify_as::<kibitz_icfp2015::Icfp2015>(text)?),
        kibitz_amazes::Amazes::ID => Ok(verify_as::<kibitz_amazes::Amazes>(text)?),
        other => Err(format!("line 1: unknown game {other:?}; this Kibitz knows {}", IDS.join(", "))),
    }
}

fn verify_as<G: Game>(text: &str) -> Result<VerifyReport, String> {
    let loaded = Replay::<G>::parse(text).map_err(|e| e.to_string())?;
    Ok(VerifyReport {
        game: G::ID.to_string(),
        steps: loaded.replay.records.len(),
        verdict: verify_replay(&loaded.replay),
        damage: loaded.damage,
    })
}

/// Loads a replay of any known game for viewing. The second value describes damage (the
/// first unreadable line) when the file was only partly read.
pub fn open_view(text: &str, name: String) -> Result<(Box<dyn crate::viewer::session::GameView>, Option<String>), String> {
    let header = peek_header(text).map_err(|e| e.to_string())?;
    match header.game.as_str() {
        kibitz_lighthouses::Lighthouses::ID => {
            let loaded = Replay::<kibitz_lighthouses::Lighthouses>::parse(text).map_err(|e| e.to_string())?;
            let view = crate::viewer::LighthousesView::new(name, loaded.replay)?;
            Ok((Box::new(view), loaded.damage.map(|d| d.to_string())))
        }
        kibitz_icfp2015::Icfp2015::ID => {
            let loaded = Replay::<kibitz_icfp2015::Icfp2015>::parse(text).map_err(|e| e.to_string())?;
            let view = crate::viewer::Icfp2015View::new(name, loaded.replay)?;
            Ok((Box::new(view), loaded.damage.map(|d| d.to_string())))
        }
        kibitz_amazes::Amazes::ID => {
            let loaded = Replay::<kibitz_amazes::Amazes>::parse(text).map_err(|e| e.to_string())?;
            let view = crate::viewer::AmazesView::new(name, loaded.replay)?;
            Ok((Box::new(view), loaded.damage.map(|d| d.to_string())))
        }
        other => Err(format!("line 1: unknown game {other:?}; this Kibitz knows {}", IDS.join(", "))),
    }
}
