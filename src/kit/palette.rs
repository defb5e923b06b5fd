//! Colours shared by every view: one per player, distinct on a dark background, from the
//! palette the settings choose (one of them safe for colour-blind viewers).

use bevy_egui::egui::Color32;
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

pub fn player_color(k: usize) -> Color32 {
    let colors = match chosen() {
        Palette::Classic => &PLAYERS,
        Palette::ColorBlindSafe => &COLOR_BLIND_SAFE,
    };
    colors[k % colors.len()]
}

pub fn with_alpha(c: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
}
