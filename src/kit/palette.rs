//! Colours shared by every view: one per player, distinct on a dark background.

use bevy_egui::egui::Color32;

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
    PLAYERS[k % PLAYERS.len()]
}

pub fn with_alpha(c: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
}
