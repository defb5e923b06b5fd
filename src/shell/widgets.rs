//! What both layouts draw the same way: the board with pan and zoom, the notice over it, the
//! score chart, and the help overlay.

use super::thinking::{self, ChartOf};
use super::viewer::{Board3d, Viewer};
use crate::kit::contract::series::{Markers, Series};
use crate::kit::contract::view::{Frame, GameView, Track};
use bevy_egui::egui::{self, Color32, RichText};

/// How much of the score series a chart shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartSpan {
    /// The whole replay, with the cursor as a line (click to seek).
    Whole,
    /// Up to the cursor only: nothing of what is still to come (broadcast).
    ToCursor,
}

/// The players' scores over the steps; returns the step clicked, if any.
pub fn score_chart(ui: &mut egui::Ui, session: &dyn GameView, cursor: usize, height: f32, span: ChartSpan) -> Option<usize> {
    chart(ui, session.track(), ChartOf::Scores, cursor, height, span)
}

/// A chart of the track's (scores, times per turn, or a bot's named value) over the steps;
/// returns the step clicked, if any.
pub fn chart(ui: &mut egui::Ui, track: &Track, of: ChartOf, cursor: usize, height: f32, span: ChartSpan) -> Option<usize> {
    use egui_plot::{HLine, Line, Plot, PlotPoints, VLine};
    let interactive = span == ChartSpan::Whole;
    // A column per pixel of the chart's width (the plot's is a little less, for its axis).
    let columns = (ui.available_width() * ui.ctx().pixels_per_point()).round().clamp(64.0, 4096.0) as usize;
    let (series, levels) = of.lines(track);
    let lines: Vec<Vec<[f64; 2]>> = series.iter().map(|(_, _, s, unit)| chart_points(s, *unit, track.len, span, cursor, columns)).collect();
    // Zero always shows, and scores that are all zero get a span of one rather than egui's
    // default of thousands either side.
    let highest = lines.iter().flatten().map(|p| p[1].abs()).fold(0.0, f64::max);
    let plot = Plot::new(("chart", of))
        .height(height)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .show_x(interactive)
        .include_y(0.0)
        .include_y(if highest > 0.0 { 0.0 } else { 1.0 });
    let response = plot.x_axis_label("step").show(ui, |plot| {
        for ((name, color, ..), points) in series.iter().zip(lines) {
            plot.line(Line::new(name.clone(), PlotPoints::new(points)).color(*color).width(2.0));
        }
        for (name, level) in levels {
            plot.hline(HLine::new(name, level).color(Color32::from_rgb(255, 110, 30)));
        }
        if interactive {
            plot.vline(VLine::new("cursor", cursor as f64).color(Color32::WHITE));
        }
        if plot.response().clicked() { plot.pointer_coordinate().map(|p| p.x) } else { None }
    });
    response.inner.filter(|_| interactive).map(|x| x.round().max(0.0) as usize)
}

/// One series' line on a chart `columns` pixels wide (its numbers in units of `unit`), to the
/// replay's last step `len` (`Whole`) or to the cursor (`ToCursor`, which asks nothing of the
/// steps after it), where the last value is held: games add a point where a score changes, so
/// a player who scores nothing more would otherwise end early. A series with more points than
/// the chart has pixels is drawn by column ([`kibitz_core::series::Series::by_column`]), so
/// that a frame costs the same however long the replay.
fn chart_points(series: &Series, unit: f64, len: usize, span: ChartSpan, cursor: usize, columns: usize) -> Vec<[f64; 2]> {
    let end = match span {
        ChartSpan::Whole => len,
        ChartSpan::ToCursor => cursor,
    };
    let shown = series.partition_point(|(at, _)| *at <= end);
    let drawn = if shown <= 2 * columns { series[..shown].to_vec() } else { series.by_column(end + 1, columns) };
    let mut points: Vec<[f64; 2]> = drawn.into_iter().map(|(at, s)| [at as f64, s as f64 * unit]).collect();
    if let Some(score) = series.value_at(end).map(|s| s as f64 * unit)
        && points.last().is_some_and(|&[at, last]| at < end as f64 || last != score)
    {
        points.push([end as f64, score]);
    }
    as_steps(points)
}

/// A score holds until the step that changes it: each point is reached by a step, not a slope
/// (a slope between two far-apart changes shows scores that were never had).
fn as_steps(points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    let mut stepped: Vec<[f64; 2]> = Vec::with_capacity(points.len() * 2);
    for p in points {
        if let Some(&[_, before]) = stepped.last()
            && before != p[1]
        {
            stepped.push([p[0], before]);
        }
        stepped.push(p);
    }
    stepped
}

/// The markers as ticks along a bar of `len` steps: across `span`'s width, from its top to its
/// bottom, a tick per pixel column and kind of marker in it (long replays have far more markers
/// than a bar has pixels, and the markers' buckets tell a column's kinds at once). Ticks of the
/// same kind that touch are one bar, so that a dense stretch costs one shape, not one a column.
pub fn marker_ticks(painter: &egui::Painter, markers: &Markers, len: usize, span: egui::Rect, width: f32) {
    let len = len.max(1);
    // A column per two pixels: a summary's bucket may be up to twice as wide as a column asked for.
    let columns = markers.by_column(len + 1, (span.width() / 2.0).round().max(1.0) as usize);
    let x_of = |step: usize| span.left() + span.width() * step as f32 / len as f32;
    let bar = |from: usize, to: usize, color: Color32| {
        let xs = x_of(from) - width / 2.0..=x_of(to) + width / 2.0;
        painter.rect_filled(egui::Rect::from_x_y_ranges(xs, span.y_range()), 0.0, color);
    };
    for (index, kind) in markers.kinds().iter().enumerate() {
        let bit = 1u64 << index.min(63);
        let mut run: Option<(usize, usize)> = None;
        for (steps, _) in columns.iter().filter(|(_, bits)| bits & bit != 0) {
            // A tick next to the run's last one (a column, two pixels, away) joins it; one
            // further on starts another.
            run = match run {
                Some((from, to)) if x_of(steps.start) - x_of(to) <= width.max(2.0) + 0.01 => Some((from, steps.start)),
                Some((from, to)) => {
                    bar(from, to, kind.color);
                    Some((steps.start, steps.start))
                }
                None => Some((steps.start, steps.start)),
            };
        }
        if let Some((from, to)) = run {
            bar(from, to, kind.color);
        }
    }
}

/// Draws the board into the space left in `ui`, with dragging and the wheel; returns its rect.
/// Without `details`, the board shows no hover details (a still picture, a stream); nor while
/// the help is open, whose dialog a tooltip would cover.
pub fn board(ui: &mut egui::Ui, viewer: &mut Viewer, details: bool) -> egui::Rect {
    let details = details && !viewer.show_help;
    let rect = ui.max_rect();
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    // The views read the pointer off the response: one that covers nothing shows no details.
    let response =
        if details { response } else { ui.allocate_rect(egui::Rect::from_min_size(rect.min, egui::Vec2::ZERO), egui::Sense::hover()) };
    let (cursor, perspective) = (viewer.playback.cursor(), viewer.perspective);
    let scene = viewer.session.as_mut().and_then(|s| s.scene(cursor, perspective).cloned());
    viewer.board3d = scene.map(|scene| Board3d { scene, rect, pixels_per_point: ui.ctx().pixels_per_point() });
    // The map editor paints with the left button's drags.
    let paints = viewer.editing();
    let panning = if paints {
        response.dragged_by(egui::PointerButton::Secondary) || response.dragged_by(egui::PointerButton::Middle)
    } else {
        response.dragged()
    };
    if panning {
        let d = response.drag_delta();
        viewer.pan(d.x, d.y);
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            // About the pointer: the place under it stays there.
            let anchor = response.hover_pos().map_or(egui::Vec2::ZERO, |p| p - rect.center());
            viewer.camera.zoom_about(1.0 + scroll * 0.002, anchor);
        }
    }
    let mut space = None;
    let frame = Frame {
        ui: &mut *ui,
        response: &response,
        rect,
        cursor,
        camera: &viewer.camera,
        perspective: viewer.perspective,
        space: &mut space,
    };
    match (viewer.editor.shown_mut(), viewer.session.as_mut()) {
        (Some(editor), _) => editor.draw(frame),
        (None, Some(session)) => {
            session.draw(frame);
            if let Some(space) = space {
                viewer.drawn_shapes =
                    thinking::paint(&ui.painter_at(rect), rect, session.track(), &space, cursor, perspective, &viewer.drawing);
            }
        }
        (None, None) => {
            let (text, color) = empty_board(viewer);
            let galley = ui.painter().layout(text.to_string(), egui::FontId::proportional(24.0), color, rect.width() * 0.8);
            ui.painter().galley(rect.center() - galley.size() / 2.0, galley, color);
        }
    }
    rect
}

/// What an empty board says: in a broadcast, which has no notice, why its replay could not be
/// opened; else where a replay comes from.
fn empty_board(viewer: &Viewer) -> (&str, Color32) {
    match viewer.message.as_ref().filter(|m| m.error && viewer.broadcast.is_some()) {
        Some(error) => (error.text.as_str(), Color32::LIGHT_RED),
        None => ("Drop a replay here", Color32::GRAY),
    }
}

/// The viewer's message over the top left of `rect`, with a button to dismiss it.
pub fn notice(ui: &mut egui::Ui, viewer: &mut Viewer, rect: egui::Rect) {
    if let Some(notice) = &viewer.message {
        let mut close = false;
        egui::Area::new(egui::Id::new("notice")).fixed_pos(rect.left_top() + egui::vec2(12.0, 12.0)).show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(rect.width() - 40.0);
                ui.horizontal(|ui| {
                    let color = if notice.error { Color32::LIGHT_RED } else { Color32::LIGHT_GREEN };
                    ui.colored_label(color, &notice.text);
                    close = ui.small_button("✖").clicked();
                });
            });
        });
        if close {
            viewer.message = None;
        }
    }
}

/// The keys of this layout, of the hand play and of the board, over the middle of the window.
pub fn help_overlay(ctx: &egui::Context, viewer: &mut Viewer) {
    let mut open = true;
    let rows = viewer.keymap.rows(viewer.offered());
    let editing = viewer.editing();
    egui::Window::new("Keyboard shortcuts")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            key_grid(ui, "keys", rows.iter().map(|(k, w)| (k.as_str(), w.as_str())));
            let hand = match (viewer.editor.shown(), viewer.session.as_mut()) {
                (Some(editor), _) => editor.help(),
                (_, Some(session)) => session.hand().map_or(&[][..], |h| h.help()),
                _ => &[],
            };
            if !hand.is_empty() {
                ui.separator();
                ui.strong(if editing { "Map editor" } else { "Hand play (when it is your turn)" });
                key_grid(ui, "hand-keys", hand.iter().copied());
            }
            let own = viewer.session.as_ref().map_or(&[][..], |s| s.view_keys());
            if !own.is_empty() {
                ui.separator();
                ui.strong("This board");
                key_grid(ui, "view-keys", own.iter().copied());
            }
            ui.separator();
            ui.label(match viewer.broadcast {
                None => "Mouse: drag the board to pan (a 3D board: to turn it), wheel to zoom, hover for details; click the timeline, chart or log to seek.",
                Some(_) => "Mouse: drag the board to pan (a 3D board: to turn it), wheel to zoom; moving it shows details.",
            });
            ui.label(RichText::new("Keys can be rebound in settings.ron (docs/settings.md).").weak());
        });
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        viewer.show_help = false;
    }
}

fn key_grid<'a>(ui: &mut egui::Ui, id: &str, rows: impl Iterator<Item = (&'a str, &'a str)>) {
    egui::Grid::new(id).num_columns(2).striped(true).show(ui, |ui| {
        for (keys, what) in rows {
            ui.label(RichText::new(keys).monospace().strong());
            ui.label(what);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_score_series_is_drawn_by_pixel_column_keeping_its_spikes_and_its_end() {
        let mut track = Track::new("long".into(), vec![("a".into(), Color32::RED)]);
        for i in 1..100_000 {
            track.scores[0].push((i, if i == 54_321 { 999 } else { (i % 7) as i64 }));
        }
        track.len = 100_000;
        let whole = chart_points(&track.scores[0], 1.0, track.len, ChartSpan::Whole, 0, 600);
        // Two points a column, up to twice as many columns as asked (summary buckets), each
        // reached by a step (a point more).
        assert!(whole.len() <= 8 * 600 + 4, "{} points", whole.len());
        assert!(whole.iter().any(|p| p[1] == 999.0), "the spike stays");
        assert!(whole.iter().all(|p| (0.0..=6.0).contains(&p[1]) || p[1] == 999.0), "no score the series never had");
        assert_eq!(whole.last(), Some(&[100_000.0, (99_999 % 7) as f64]), "held to the last step");
        assert!(whole.windows(2).all(|w| w[0][0] <= w[1][0]), "in order");
        let so_far = chart_points(&track.scores[0], 1.0, track.len, ChartSpan::ToCursor, 50_000, 600);
        assert!(so_far.iter().all(|p| p[0] <= 50_000.0), "nothing drawn past the cursor");
        assert!(so_far.iter().all(|p| p[1] != 999.0), "nor the spike still to come");
        assert_eq!(so_far.last(), Some(&[50_000.0, (50_000 % 7) as f64]));
        let short = chart_points(&track.scores[0], 1.0, track.len, ChartSpan::ToCursor, 500, 600);
        let changes = (1..=500).filter(|i| i % 7 != (i - 1) % 7).count();
        assert_eq!(short.len(), 501 + changes, "a series with fewer points than pixels is drawn point by point, as steps");
    }

    #[test]
    fn a_score_holds_until_the_step_that_changes_it() {
        let mut track = Track::new("sparse".into(), vec![("a".into(), Color32::RED)]);
        track.scores[0].push((5000, 100));
        track.scores[0].push((8000, 40));
        track.len = 9000;
        let points = chart_points(&track.scores[0], 1.0, track.len, ChartSpan::Whole, 0, 600);
        assert_eq!(points, vec![[0.0, 0.0], [5000.0, 0.0], [5000.0, 100.0], [8000.0, 100.0], [8000.0, 40.0], [9000.0, 40.0]]);
        // Between two points the line is flat: at step 4,013 the chart says 0, as the game did.
        let at = |x: f64| points.windows(2).find(|w| w[0][0] <= x && x < w[1][0]).map(|w| (w[0][1], w[1][1]));
        assert_eq!(at(4013.0), Some((0.0, 0.0)));
    }

    #[test]
    fn an_empty_broadcast_board_says_why_its_replay_could_not_be_opened() {
        use crate::shell::playlist::{Item, Playlist, Running};
        let mut viewer = Viewer::new(crate::games::registry());
        assert_eq!(empty_board(&viewer).0, "Drop a replay here");
        let items = vec![Item::Replay(std::path::PathBuf::from("/no/such/replay.jsonl"))];
        viewer.start_broadcast(Running::new(Playlist { pause: 2.0, repeat: false, items }, false));
        assert!(viewer.session.is_none());
        let (text, color) = empty_board(&viewer);
        assert!(text.contains("/no/such/replay.jsonl"), "{text}");
        assert_eq!(color, Color32::LIGHT_RED);
    }

    #[test]
    fn every_players_score_line_runs_to_the_last_step() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/replays/snakecore-four.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let view = crate::games::registry().open(&text, "snakecore-four.jsonl".into()).unwrap().view;
        let track = view.track();
        assert_eq!(track.len, 600);
        let random = track.players.iter().position(|p| p.name == "Random python").unwrap();
        assert!(track.scores[random].last().unwrap().0 < 300, "its score never changes after the start");
        for k in 0..track.players.len() {
            let whole = chart_points(&track.scores[k], 1.0, track.len, ChartSpan::Whole, 0, 600);
            assert_eq!(whole.last().unwrap()[0], 600.0, "{}'s line ends at the last step", track.players[k].name);
            assert_eq!(whole.last().unwrap()[1], track.score_value(track.scores_at(600)[k]));
            let so_far = chart_points(&track.scores[k], 1.0, track.len, ChartSpan::ToCursor, 450, 600);
            assert_eq!(so_far.last().unwrap()[0], 450.0, "a broadcast's line runs to the cursor");
        }
        // It never scores (its points came from biting itself, which scores nothing since rules
        // version 2): a series of one point, drawn to the end all the same.
        assert_eq!(track.scores_at(600)[random], 0);
    }
}
