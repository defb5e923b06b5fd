//! `kibitz view A --compare B`: a second replay of the same game beside the first, on one
//! timeline. Both boards show the same step (each clamped to its own length) with one camera;
//! the steps where the two differ ([`kibitz_core::diff`]) are marked on the timeline, the first
//! in words, and a board at a differing step is framed in their colour (magenta). A 3D board
//! (fedrunek) has one renderer: A and B take turns on it (`X`). The turn log shows either
//! replay's steps.

use super::viewer::Viewer;
use crate::kit::contract::series::Markers;
use crate::kit::contract::view::{GameView, Marker, MarkerKind};
use crate::kit::contract::view_room::ViewRegistry;
use bevy_egui::egui::{self, Color32, RichText};
use kibitz_core::diff::Diff;
use std::path::Path;

/// A step where the two replays differ.
pub const DIFFERENCE: MarkerKind = MarkerKind::new("differs", 255, 80, 200);

/// The second replay and how it differs from the first.
pub struct Compare {
    pub view: Box<dyn GameView>,
    /// B's file name, for its board's label.
    pub name: String,
    pub diff: Diff,
    /// The differing steps, as the timeline's markers.
    pub markers: Markers,
    /// On a 3D board, B is shown instead of A.
    pub showing_b: bool,
    /// The turn log shows B's steps.
    pub log_of_b: bool,
}

impl Compare {
    /// Replay `b` (text, from the file `b_path`) beside replay `a` (text): both of one game.
    pub fn open(registry: &ViewRegistry, a: &str, b: &str, b_path: &Path) -> Result<Compare, String> {
        let (room_a, room_b) = (registry.of_replay(a)?, registry.of_replay(b).map_err(|e| format!("{}: {e}", b_path.display()))?);
        if room_a.id() != room_b.id() {
            return Err(format!("{} is a {} replay, not {}: two games cannot be compared", b_path.display(), room_b.id(), room_a.id()));
        }
        let reruns =
            registry.registry.of_replay(a)?.capabilities().reruns.ok_or_else(|| format!("{} replays cannot be compared", room_a.id()))?;
        let diff = (reruns.diff)(a, b)?;
        let name = crate::kit::matches::args::file_name(b_path);
        let view = room_b.open(b.into(), name.clone()).map_err(|e| format!("{}: {e}", b_path.display()))?.view;
        let first = diff.first.as_ref().map(|f| f.step);
        let markers = diff
            .differing
            .iter()
            .map(|&step| {
                let label = if Some(step) == first { "the first difference".to_string() } else { "differs".to_string() };
                Marker { at: step + 1, kind: DIFFERENCE, label }
            })
            .collect();
        Ok(Compare { view, name, diff, markers, showing_b: false, log_of_b: false })
    }

    /// Whether the record shown at `cursor` (step `cursor - 1`) differs.
    pub fn differs_at(&self, cursor: usize) -> bool {
        cursor > 0 && self.diff.differing.binary_search(&(cursor - 1)).is_ok()
    }

    /// The steps both replays show: the longer's.
    pub fn len(&self, a: usize) -> usize {
        a.max(self.view.track().len)
    }
}

/// Draws A and B side by side into the space left in `ui` (one over the other on a 3D board),
/// with pan and zoom on either moving both; returns the rect they take.
pub fn boards(ui: &mut egui::Ui, viewer: &mut Viewer) -> egui::Rect {
    let rect = ui.max_rect();
    let three_d = viewer.board3d.is_some() || viewer.session.as_mut().is_some_and(|s| s.scene(0, viewer.perspective).is_some());
    if three_d {
        // One renderer, one board: the side chosen takes it.
        let showing_b = viewer.compare.as_ref().is_some_and(|c| c.showing_b);
        if showing_b {
            swap(viewer);
        }
        let drawn = super::widgets::board(ui, viewer, true);
        if showing_b {
            swap(viewer);
        }
        label(ui, viewer, rect, showing_b, true);
        return drawn;
    }
    let gap = 6.0;
    let left = egui::Rect::from_min_max(rect.min, egui::pos2(rect.center().x - gap / 2.0, rect.max.y));
    let right = egui::Rect::from_min_max(egui::pos2(rect.center().x + gap / 2.0, rect.min.y), rect.max);
    for (side, half) in [(false, left), (true, right)] {
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(half));
        if side {
            swap(viewer);
        }
        super::widgets::board(&mut child, viewer, true);
        if side {
            swap(viewer);
        }
        label(ui, viewer, half, side, false);
    }
    rect
}

/// A and B change places (the board draws `viewer.session`).
fn swap(viewer: &mut Viewer) {
    if let (Some(a), Some(compare)) = (viewer.session.as_mut(), viewer.compare.as_mut()) {
        std::mem::swap(a, &mut compare.view);
    }
}

/// Which replay a board shows, over its top, and a frame in the differences' colour where the
/// step shown differs.
fn label(ui: &egui::Ui, viewer: &Viewer, rect: egui::Rect, b: bool, swaps: bool) {
    let Some(compare) = &viewer.compare else { return };
    let cursor = viewer.playback.cursor();
    let name = match b {
        true => format!("B: {}", compare.name),
        false => format!("A: {}", viewer.session.as_ref().map_or(String::new(), |s| s.track().title.clone())),
    };
    let len = if b { compare.view.track().len } else { viewer.session.as_ref().map_or(0, |s| s.track().len) };
    let ended = if cursor > len { format!(" · ended at step {len}") } else { String::new() };
    let swap = if swaps { " · X shows the other" } else { "" };
    let text = format!("{name}{ended}{swap}");
    let painter = ui.painter_at(rect);
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(14.0), Color32::WHITE);
    let plate = egui::Rect::from_min_size(rect.center_top() + egui::vec2(-galley.size().x / 2.0, 4.0), galley.size()).expand(4.0);
    painter.rect_filled(plate, 4.0, Color32::from_black_alpha(200));
    painter.galley(plate.min + egui::vec2(4.0, 4.0), galley, Color32::WHITE);
    if compare.differs_at(cursor) {
        painter.rect_stroke(rect.shrink(1.5), 2.0, egui::Stroke::new(3.0, DIFFERENCE.color), egui::StrokeKind::Inside);
    }
}

/// The side panel's part on the comparison: B's scores at the cursor, the first difference.
/// Returns a step to go to, when asked.
pub fn panel(ui: &mut egui::Ui, compare: &Compare, cursor: usize) -> Option<usize> {
    let mut go = None;
    let track = compare.view.track();
    ui.heading(format!("B: {}", compare.name));
    let scores = track.scores_at(cursor);
    egui::Grid::new("compare-scores").num_columns(2).show(ui, |ui| {
        for (k, p) in track.players.iter().enumerate() {
            ui.colored_label(p.color, RichText::new(format!("{k} {}", p.name)).strong());
            ui.label(track.show_score(scores.get(k).copied().unwrap_or(0)));
            ui.end_row();
        }
    });
    let d = &compare.diff;
    match &d.first {
        Some(f) => {
            ui.colored_label(DIFFERENCE.color, format!("first difference: step {} ({} steps differ)", f.step, d.differences));
            ui.label(RichText::new(format!("A: {}", f.action_a)).monospace().size(11.5));
            ui.label(RichText::new(format!("B: {}", f.action_b)).monospace().size(11.5));
            if ui.button("go to the first difference").clicked() {
                go = Some(f.step + 1);
            }
        }
        None => {
            ui.label("every step both have is the same");
        }
    }
    if !d.same_setup {
        ui.colored_label(Color32::LIGHT_RED, format!("setups differ in {}", d.setup_differs_in.join(", ")));
    }
    if !d.same_seed {
        ui.colored_label(Color32::LIGHT_RED, format!("seeds differ: A {}, B {}", d.a.seed, d.b.seed));
    }
    go
}
