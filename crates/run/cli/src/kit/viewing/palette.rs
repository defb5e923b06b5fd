//! Colours shared by every view: one per player, distinct on a dark background, from the
//! palette the settings choose (one of them safe for colour-blind viewers).

use egui::Color32;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU8, Ordering};

/// The players' colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Palette {
    /// Bright and distinct on a dark background.
    #[default]
    Classic,
    /// Okabe and Ito's eight colours, told apart with any common colour-vision deficiency.
    ColorBlindSafe,
}

/// The palette chosen for this process (the settings say which; views read it as they open).
static CHOSEN: AtomicU8 = AtomicU8::new(0);

pub fn choose(palette: Palette) {
    CHOSEN.store(palette as u8, Ordering::Relaxed);
}

pub fn chosen() -> Palette {
    if CHOSEN.load(Ordering::Relaxed) == Palette::ColorBlindSafe as u8 { Palette::ColorBlindSafe } else { Palette::Classic }
}

/// Okabe & Ito (2008), "Color Universal Design"; white for an eighth player on a dark board.
const COLOR_BLIND_SAFE: [Color32; 8] = [
    Color32::from_rgb(230, 159, 0),
    Color32::from_rgb(86, 180, 233),
    Color32::from_rgb(0, 158, 115),
    Color32::from_rgb(240, 228, 66),
    Color32::from_rgb(0, 114, 178),
    Color32::from_rgb(213, 94, 0),
    Color32::from_rgb(204, 121, 167),
    Color32::from_rgb(235, 235, 235),
];

const PLAYERS: [Color32; 8] = [
    Color32::from_rgb(66, 165, 245),
    Color32::from_rgb(239, 83, 80),
    Color32::from_rgb(102, 187, 106),
    Color32::from_rgb(171, 71, 188),
    Color32::from_rgb(255, 167, 38),
    Color32::from_rgb(38, 198, 218),
    Color32::from_rgb(236, 64, 122),
    Color32::from_rgb(212, 225, 87),
];

/// The colour of seat `k` of the match on screen: its own, or, in a tournament, its bot's
/// ([`colour_seats_as`]), so that a bot looks the same on the board and in the standings.
pub fn player_color(k: usize) -> Color32 {
    let slot = SEAT_SLOTS.get(k).map_or(NO_SLOT, |s| s.load(Ordering::Relaxed));
    bot_color(if slot == NO_SLOT { k } else { slot as usize })
}

/// The colour of a tournament's bot `b` (its place in the spec), whatever seat it plays.
pub fn bot_color(b: usize) -> Color32 {
    let colors = match chosen() {
        Palette::Classic => &PLAYERS,
        Palette::ColorBlindSafe => &COLOR_BLIND_SAFE,
    };
    colors[b % colors.len()]
}

/// Which bot's colour each seat takes; `NO_SLOT`, its own.
static SEAT_SLOTS: [AtomicU8; 16] = [const { AtomicU8::new(NO_SLOT) }; 16];
const NO_SLOT: u8 = u8::MAX;

/// Colours the seats of the next match opened as the tournament's bots `bots` (in seat
/// order); an empty list gives every seat its own colour again. Views take their colours as
/// they open, so the shell calls this before opening a replay.
pub fn colour_seats_as(bots: &[usize]) {
    for (k, slot) in SEAT_SLOTS.iter().enumerate() {
        let b = bots.get(k).and_then(|&b| u8::try_from(b).ok()).filter(|&b| b != NO_SLOT);
        slot.store(b.unwrap_or(NO_SLOT), Ordering::Relaxed);
    }
}

pub fn with_alpha(c: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournaments_seats_take_their_bots_colours_until_told_otherwise() {
        colour_seats_as(&[4, 1]);
        assert_eq!(player_color(0), bot_color(4));
        assert_eq!(player_color(1), bot_color(1));
        assert_eq!(player_color(2), bot_color(2), "a seat the match does not name keeps its own");
        colour_seats_as(&[]);
        assert_eq!(player_color(0), bot_color(0));
        assert_ne!(player_color(0), player_color(1));
    }
}
