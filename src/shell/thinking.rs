//! The bots' drawing over the board of the step shown, their notes under it, and the charts of
//! what they thought: a chart of scores, of every answer's time against the limit, or of one of
//! their named values. Each frame asks the track for the drawing at the cursor (O(log turns)
//! per bot) and paints only the shapes inside the board's rectangle.

use crate::kit::contract::thinking::{BoardSpace, SLOW, VALUE_DECIMALS};
use crate::kit::contract::view::{Perspective, Track};
use bevy_egui::egui::{self, Color32, FontId, Pos2, Rect, Vec2};
use kibitz_overlay::{Style, lay_out};
use std::collections::BTreeSet;

/// Whose drawing shows: all of it, or none (`I`), and the bots switched off in the View menu.
#[derive(Debug, Clone, Default)]
pub struct DrawingShown {
    pub hidden: bool,
    pub off: BTreeSet<usize>,
}

impl DrawingShown {
    /// Whether player `k`'s drawing shows when looking from `perspective`: as player k saw it,
    /// only k's own.
    pub fn shows(&self, k: usize, perspective: Perspective) -> bool {
        !self.hidden && !self.off.contains(&k) && perspective.is_none_or_player(k)
    }
}

impl Perspective {
    fn is_none_or_player(self, k: usize) -> bool {
        match self {
            Perspective::Omniscient => true,
            Perspective::Player(p) => p == k,
        }
    }
}

/// The first step of the round before the one that step `cursor - 1` (the last one played) is
/// in: drawing from then on shows ([`crate::kit::contract::thinking::Thinking::shown`]).
fn shown_since(track: &Track, cursor: usize) -> usize {
    let last = cursor.saturating_sub(1);
    let before = track.round_starts.partition_point(|&s| s <= last);
    before.checked_sub(2).map_or(0, |i| track.round_starts[i])
}

/// Paints every shown bot's drawing at `cursor` over the board in `rect`, and their notes along
/// its bottom. Returns the number of shapes painted (the frame statistics count them).
pub fn paint(
    painter: &egui::Painter,
    rect: Rect,
    track: &Track,
    space: &BoardSpace,
    cursor: usize,
    perspective: Perspective,
    shown: &DrawingShown,
) -> usize {
    let since = shown_since(track, cursor);
    let mut painted = 0;
    let mut notes = Vec::new();
    // Shapes reaching a little past the board's edge still show their part inside.
    let near = rect.expand(space.cell.max(8.0));
    let (dot, width) = ((space.cell * 0.22).clamp(2.5, 14.0), (space.cell * 0.08).clamp(2.0, 4.0));
    // Dots and arrows of every bot go into one mesh, under the labels.
    let (mut mesh, mut labels, mut mine) = (egui::Mesh::default(), Vec::new(), Vec::new());
    for (k, player) in track.players.iter().enumerate() {
        if !shown.shows(k, perspective) {
            continue;
        }
        let Some(drawing) = track.thinking.shown(k, cursor, since) else { continue };
        let style = Style { dot, width, own: player.color };
        painted += lay_out(&drawing.shapes, &|at| (space.to_screen)(k, at), near, style, &mut mesh, &mut mine);
        labels.extend(mine.drain(..).map(|(at, text)| (at, text, player.color)));
        notes.extend(drawing.notes.iter().map(|n| (player.color, format!("{}: {n}", player.name))));
    }
    if !mesh.is_empty() {
        painter.add(egui::Shape::mesh(mesh));
    }
    let font = FontId::proportional(12.0);
    for (at, text, color) in labels {
        label(painter, at, text, font.clone(), color);
    }
    paint_notes(painter, rect, &notes);
    painted
}

/// A short text on a dark plate, the same size at any zoom.
fn label(painter: &egui::Painter, at: Pos2, text: &str, font: FontId, color: Color32) {
    let galley = painter.layout_no_wrap(text.to_string(), font, color);
    let plate = Rect::from_center_size(at, galley.size()).expand(2.0);
    painter.rect_filled(plate, 3.0, Color32::from_black_alpha(170));
    painter.galley(plate.min + Vec2::splat(2.0), galley, color);
}

/// The notes of the step shown, one line each, along the board's bottom (above the
/// perspective's tag).
fn paint_notes(painter: &egui::Painter, rect: Rect, notes: &[(Color32, String)]) {
    let mut y = rect.bottom() - 40.0;
    for (color, text) in notes.iter().rev().take(6) {
        let galley = painter.layout(text.clone(), FontId::proportional(13.0), *color, rect.width() * 0.7);
        let at = Pos2::new(rect.center().x - galley.size().x / 2.0, y - galley.size().y);
        let plate = Rect::from_min_size(at, galley.size()).expand(4.0);
        painter.rect_filled(plate, 4.0, Color32::from_black_alpha(200));
        painter.galley(at, galley, *color);
        y = plate.top() - 4.0;
    }
}

/// What the side panel's chart shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChartOf {
    #[default]
    Scores,
    /// Every answer's time, with the limit.
    Times,
    /// One of the bots' named values (its index in the track's list).
    Value(usize),
}

impl ChartOf {
    /// The charts this track has: scores always; times and values when the bots gave some.
    pub fn offered(track: &Track) -> Vec<ChartOf> {
        let mut charts = vec![ChartOf::Scores];
        if track.thinking.timed() {
            charts.push(ChartOf::Times);
        }
        charts.extend((0..track.thinking.values.len()).map(ChartOf::Value));
        charts
    }

    pub fn name(self, track: &Track) -> String {
        match self {
            ChartOf::Scores => "scores".into(),
            ChartOf::Times => "time per turn (ms)".into(),
            ChartOf::Value(i) => track.thinking.values.get(i).map_or("?".into(), |v| {
                let who = track.players.get(v.player).map_or("?", |p| p.name.as_str());
                format!("{} of {who}", v.name)
            }),
        }
    }

    /// The lines of this chart: name, colour, series and the unit its numbers count; and the
    /// levels drawn across it (the time limit and its slow share).
    pub fn lines(self, track: &Track) -> (Vec<(String, Color32, &kibitz_core::series::Series, f64)>, Vec<(String, f64)>) {
        let players = &track.players;
        match self {
            ChartOf::Scores => {
                let unit = 10f64.powi(-(track.score_decimals as i32));
                (players.iter().zip(&track.scores).map(|(p, s)| (p.name.clone(), p.color, s, unit)).collect(), Vec::new())
            }
            ChartOf::Times => {
                let lines = players.iter().zip(&track.thinking.times).map(|(p, s)| (p.name.clone(), p.color, s, 1.0)).collect();
                let levels = track.thinking.limit_ms.map_or_else(Vec::new, |l| {
                    vec![(format!("limit {l} ms"), l as f64), (format!("{:.0} % of it", SLOW * 100.0), SLOW * l as f64)]
                });
                (lines, levels)
            }
            ChartOf::Value(i) => {
                let Some(v) = track.thinking.values.get(i) else { return (Vec::new(), Vec::new()) };
                let color = players.get(v.player).map_or(Color32::WHITE, |p| p.color);
                (vec![(v.name.clone(), color, &v.series, 10f64.powi(-(VALUE_DECIMALS as i32)))], Vec::new())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::contract::series::Markers;
    use kibitz_core::drawing::Dims;

    fn track() -> Track {
        let mut track = Track::new("t".into(), vec![("a".into(), Color32::RED), ("b".into(), Color32::BLUE)]);
        track.thinking = crate::kit::contract::thinking::Thinking::new(Dims::Two, 2, Some(100));
        track.round_starts = vec![0, 2, 4, 6];
        track.len = 8;
        let mut markers = Markers::default();
        let shapes: Vec<String> = (0..10).map(|k| format!("dot {k} {k}")).collect();
        track.thinking.absorb(2, 0, &shapes, Some(3), None, "a", &mut markers);
        track.thinking.absorb(3, 1, &["note thinking hard".into(), "line 0 0 9 9 red".into()], Some(95), None, "b", &mut markers);
        track
    }

    fn painted(track: &Track, cursor: usize, perspective: Perspective, shown: &DrawingShown, rect: Rect) -> usize {
        let ctx = egui::Context::default();
        let mut count = 0;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let space = BoardSpace { to_screen: Box::new(|_, [x, y, _]| Some(Pos2::new(x * 10.0, y * 10.0))), cell: 10.0 };
            count = paint(ui.painter(), rect, track, &space, cursor, perspective, shown);
        });
        // No renderer takes the font atlas: dropped unused, as egui asks.
        output.textures_delta.clear();
        count
    }

    #[test]
    fn each_bots_drawing_shows_until_a_round_after_its_own_and_only_as_asked() {
        let track = track();
        let all = Rect::from_min_size(Pos2::ZERO, Vec2::splat(1000.0));
        let shown = DrawingShown::default();
        assert_eq!(painted(&track, 2, Perspective::Omniscient, &shown, all), 0, "before its turn");
        assert_eq!(painted(&track, 3, Perspective::Omniscient, &shown, all), 10);
        assert_eq!(painted(&track, 4, Perspective::Omniscient, &shown, all), 11, "both bots' in their round");
        assert_eq!(painted(&track, 5, Perspective::Omniscient, &shown, all), 11, "and through the next round");
        assert_eq!(painted(&track, 7, Perspective::Omniscient, &shown, all), 0, "gone a round after they stopped drawing");
        assert_eq!(painted(&track, 4, Perspective::Player(1), &shown, all), 1, "as b saw it: b's only");
        let off = DrawingShown { off: [1].into(), ..DrawingShown::default() };
        assert_eq!(painted(&track, 4, Perspective::Omniscient, &off, all), 10);
        let hidden = DrawingShown { hidden: true, ..DrawingShown::default() };
        assert_eq!(painted(&track, 4, Perspective::Omniscient, &hidden, all), 0);
        let corner = Rect::from_min_size(Pos2::ZERO, Vec2::splat(25.0));
        assert_eq!(painted(&track, 3, Perspective::Omniscient, &shown, corner), 4, "only what is near the board shown");
    }

    #[test]
    fn the_time_chart_draws_the_limit_and_the_values_have_their_own() {
        let track = track();
        let offered = ChartOf::offered(&track);
        assert_eq!(offered, [ChartOf::Scores, ChartOf::Times]);
        let (lines, levels) = ChartOf::Times.lines(&track);
        assert_eq!(lines[1].2.value_at(4), Some(95));
        assert_eq!(levels.iter().map(|l| l.1).collect::<Vec<_>>(), [100.0, 80.0]);
    }
}
