//! The studio layout (`kibitz view`): menu bar, timeline with its scrub bar, side panel
//! (scores, chart, details, turn log) around the board, and the prompts.

use super::demo::{DEMO_NAME, DEMO_REPLAY};
use super::playback::SPEEDS;
use super::shortcuts::Action;
use super::thinking::ChartOf;
use super::viewer::Viewer;
use super::widgets::{ChartSpan, board, chart, marker_ticks, notice};
use crate::kit::contract::view::{GameView, Marker, PanelRequest, Perspective, hover_box};
use bevy_egui::egui::{self, Color32, RichText};
use std::path::PathBuf;

/// Lays the studio out in `root`.
pub fn layout(root: &mut egui::Ui, ctx: &egui::Context, viewer: &mut Viewer) {
    egui::Panel::top("menu").show(root, |ui| menu_bar(ui, viewer));
    // A map being edited has no steps to play.
    if !viewer.editing() {
        egui::Panel::bottom("timeline").exact_size(64.0).show(root, |ui| timeline(ui, viewer));
    }
    egui::Panel::right("side").default_size(380.0).resizable(true).show(root, |ui| side_panel(ui, viewer));
    // No fill: the 3D camera has cleared the window to the board's background, and a 3D
    // board shows through.
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(root, |ui| {
        let rect = if viewer.compare.is_some() { super::compare::boards(ui, viewer) } else { board(ui, viewer, true) };
        perspective_tag(ui, viewer, rect);
        notice(ui, viewer, rect);
    });
    goto_box(ctx, viewer);
    path_box(ctx, viewer);
    compare_box(ctx, viewer);
}

/// Whose view the board shows, in that player's colour at the board's bottom left, while it is
/// not everything: a fogged board says why it is dark.
fn perspective_tag(ui: &egui::Ui, viewer: &Viewer, rect: egui::Rect) {
    let (Perspective::Player(k), Some(session)) = (viewer.perspective, viewer.session.as_ref()) else { return };
    let Some(player) = session.track().players.get(k) else { return };
    let text = format!("as {} saw it · {} cycles the views", viewer.seat_name(k, &player.name), viewer.keymap.keys_of(Action::Perspective));
    let at = rect.left_bottom() + egui::vec2(10.0, -10.0);
    let galley = ui.painter().layout_no_wrap(text, egui::FontId::proportional(14.0), player.color);
    let back = egui::Rect::from_min_size(at - egui::vec2(0.0, galley.size().y), galley.size()).expand(5.0);
    ui.painter().rect_filled(back, 4.0, Color32::from_black_alpha(200));
    ui.painter().galley(back.min + egui::vec2(5.0, 5.0), galley, player.color);
}

fn menu_bar(ui: &mut egui::Ui, viewer: &mut Viewer) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open…  (O)").clicked() {
                viewer.act(Action::Open);
                ui.close();
            }
            ui.menu_button("Open recent", |ui| {
                if viewer.recent.files.is_empty() {
                    ui.label("nothing yet");
                }
                for path in viewer.recent.files.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        viewer.open_file(path);
                        ui.close();
                    }
                }
            });
            if ui.button("Open the demo replay").clicked() {
                viewer.open_text(DEMO_REPLAY, DEMO_NAME.to_string());
                ui.close();
            }
            if ui.button("Open a path…").clicked() {
                viewer.path_box = Some(String::new());
                ui.close();
            }
            if ui
                .button("Open URL…")
                .on_hover_text("a replay on the web: http:// or https://, e.g. a tournament's report page links")
                .clicked()
            {
                viewer.path_box = Some("https://".into());
                ui.close();
            }
            if viewer.session.is_some()
                && ui.button("Compare with a path…").on_hover_text("another replay of the same game beside this one").clicked()
            {
                viewer.compare_box = Some(String::new());
                ui.close();
            }
            if viewer.compare.is_some() && ui.button("Stop comparing").clicked() {
                viewer.compare = None;
                ui.close();
            }
            ui.separator();
            if ui.button(format!("Quit  ({})", viewer.keymap.keys_of(Action::Quit))).clicked() {
                viewer.act(Action::Quit);
                ui.close();
            }
        });
        ui.menu_button("View", |ui| {
            if ui.button("Fit board  (F)").clicked() {
                viewer.act(Action::Fit);
            }
            let players = viewer.seat_names();
            ui.radio_value(&mut viewer.perspective, Perspective::Omniscient, "Omniscient");
            for (k, name) in players.iter().enumerate() {
                ui.radio_value(&mut viewer.perspective, Perspective::Player(k), format!("As {k} {name} saw it"));
            }
            drawing_menu(ui, viewer, &players);
            if viewer.session.is_some() && viewer.source.is_some() {
                ui.separator();
                ui.menu_button("Copy what a bot was sent up to here", |ui| {
                    for (k, name) in players.iter().enumerate() {
                        if ui.button(format!("{k} {name}")).clicked() {
                            match viewer.sent_before_cursor(k) {
                                Ok((text, said)) => {
                                    ui.ctx().copy_text(text);
                                    viewer.message = Some(super::viewer::Notice { text: said, error: false });
                                }
                                Err(e) => viewer.message = Some(super::viewer::Notice { text: e, error: true }),
                            }
                            ui.close();
                        }
                    }
                });
            }
        });
        if ui.button("Help  (?)").clicked() {
            viewer.show_help = !viewer.show_help;
        }
        if let Some(editor) = viewer.editor.shown() {
            ui.separator();
            ui.label(RichText::new(format!("{} · {}", editor.game(), editor.title())).strong());
            if editor.unsaved().is_some() {
                ui.label(RichText::new("· unsaved changes").weak());
            }
        } else if let Some(s) = &viewer.session {
            ui.separator();
            let title = ui.label(RichText::new(format!("{} · {}", s.game(), s.track().title)).strong());
            if let Some(source) = &viewer.source {
                title.on_hover_text(source.display().to_string());
            }
        }
    });
}

/// The View menu's part on the bots' drawing: all of it on or off (`I`), and each bot's.
fn drawing_menu(ui: &mut egui::Ui, viewer: &mut Viewer, players: &[String]) {
    let Some(session) = &viewer.session else { return };
    let thinking = &session.track().thinking;
    ui.separator();
    if !thinking.any() {
        ui.label(RichText::new("No bot drew on this replay (docs/debug-drawing.md)").weak());
        return;
    }
    let mut shown = !viewer.drawing.hidden;
    if ui.checkbox(&mut shown, format!("Bots' drawing  ({})", viewer.keymap.keys_of(Action::Drawing))).changed() {
        viewer.act(Action::Drawing);
    }
    ui.add_enabled_ui(shown, |ui| {
        for (k, name) in players.iter().enumerate() {
            let mut on = !viewer.drawing.off.contains(&k);
            if ui.checkbox(&mut on, format!("   drawn by {k} {name}")).changed() {
                if on {
                    viewer.drawing.off.remove(&k);
                } else {
                    viewer.drawing.off.insert(k);
                }
            }
        }
    });
}

fn timeline(ui: &mut egui::Ui, viewer: &mut Viewer) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let p = &viewer.playback;
        let mut act = None;
        let play = if p.playing { "⏸" } else { "▶" };
        let buttons = [
            ("⏮", Action::Start),
            ("⏪", Action::RoundBack),
            ("◀", Action::StepBack),
            (play, Action::PlayPause),
            ("▶", Action::StepForward),
            ("⏩", Action::RoundForward),
            ("⏭", Action::End),
        ];
        for (icon, action) in buttons {
            if ui.button(icon).on_hover_text(viewer.keymap.hint(action)).clicked() {
                act = Some(action);
            }
        }
        let mut reverse = p.reverse;
        if ui.toggle_value(&mut reverse, "⟲ reverse").on_hover_text(viewer.keymap.hint(Action::Reverse)).changed() {
            act = Some(Action::Reverse);
        }
        let mut speed = p.speed();
        egui::ComboBox::from_id_salt("speed").width(70.0).selected_text(format!("{speed}×")).show_ui(ui, |ui| {
            for s in SPEEDS {
                ui.selectable_value(&mut speed, s, format!("{s}×"));
            }
        });
        if speed != viewer.playback.speed() {
            viewer.playback.set_speed(speed);
        }
        if let Some(a) = act {
            viewer.act(a);
        }
        let cursor = viewer.playback.cursor();
        ui.label(format!("step {cursor}/{}", viewer.playback.len()));
        incoming_status(ui, viewer);
        if ui.button("go to…").on_hover_text(viewer.keymap.hint(Action::GoTo)).clicked() {
            viewer.act(Action::GoTo);
        }
        let seat = viewer.session.as_ref().and_then(|s| s.seat_to_move(cursor).map(|p| (p, s.track().players[p].name.clone())));
        if let Some((p, name)) = seat
            && ui
                .button(format!("✋ take over {name}"))
                .on_hover_text(format!(
                    "{}: player {p} is played by you from here on; the other seats run their recorded bots",
                    viewer.keymap.hint(Action::TakeOver)
                ))
                .clicked()
        {
            viewer.act(Action::TakeOver);
        }
        if let Some(s) = &viewer.session {
            ui.label(RichText::new(s.describe(cursor)).weak());
        }
    });
    scrub_bar(ui, viewer);
}

/// A followed or loading replay: live or not (a way back to the live edge), how far it is read.
fn incoming_status(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let Some(incoming) = &viewer.incoming else { return };
    let (status, problem) = incoming.status_line();
    if let Some(progress) = incoming.progress().filter(|_| incoming.loading()) {
        ui.add(egui::ProgressBar::new(progress).desired_width(140.0).show_percentage()).on_hover_text(&status);
        return;
    }
    if incoming.is_live() && status.starts_with("live") {
        if viewer.playback.cursor() == viewer.playback.len() {
            ui.label(RichText::new(" LIVE ").color(Color32::WHITE).background_color(Color32::from_rgb(200, 30, 30)).strong())
                .on_hover_text(&status);
        } else if ui.button("⏭ back to live").on_hover_text(viewer.keymap.hint(Action::End)).clicked() {
            viewer.act(Action::End);
        }
    }
    let color = if problem { Color32::LIGHT_RED } else { Color32::GRAY };
    ui.label(RichText::new(status).color(color));
}

/// The scrub bar: round ticks, event markers, the cursor; click or drag anywhere to seek.
fn scrub_bar(ui: &mut egui::Ui, viewer: &mut Viewer) {
    let width = ui.available_width();
    let (response, painter) = ui.allocate_painter(egui::vec2(width, 18.0), egui::Sense::click_and_drag());
    let rect = response.rect;
    let len = viewer.playback.len().max(1);
    let x_of = |at: usize| rect.left() + rect.width() * at as f32 / len as f32;
    painter.rect_filled(rect, 3.0, Color32::from_gray(35));
    let Some(session) = &viewer.session else { return };
    let starts = &session.track().round_starts;
    let every = (starts.len() / 50).max(1);
    for &s in starts.iter().step_by(every) {
        painter.line_segment(
            [egui::pos2(x_of(s), rect.bottom() - 4.0), egui::pos2(x_of(s), rect.bottom())],
            egui::Stroke::new(1.0, Color32::from_gray(70)),
        );
    }
    let ticks = egui::Rect::from_x_y_ranges(rect.x_range(), rect.top() + 2.0..=rect.bottom() - 5.0);
    marker_ticks(&painter, &session.track().markers, len, ticks, 1.5);
    // Where two compared replays differ: a band along the bar's top.
    if let Some(compare) = &viewer.compare {
        let band = egui::Rect::from_x_y_ranges(rect.x_range(), rect.top()..=rect.top() + 4.0);
        marker_ticks(&painter, &compare.markers, len, band, 1.5);
    }
    let cx = x_of(viewer.playback.cursor());
    painter.line_segment([egui::pos2(cx, rect.top()), egui::pos2(cx, rect.bottom())], egui::Stroke::new(2.5, Color32::WHITE));
    let step_at = |x: f32| (((x - rect.left()) / rect.width()).clamp(0.0, 1.0) * len as f32).round() as usize;
    if let Some(pos) = response.interact_pointer_pos() {
        viewer.playback.seek(step_at(pos.x));
    }
    if let Some(pos) = response.hover_pos() {
        let at = step_at(pos.x);
        // The markers within 3 points of the pointer: those of the steps there, then exactly.
        let step_of = |x: f32| ((x - rect.left()) / rect.width() * len as f32) as usize;
        let steps = step_of(pos.x - 3.0).saturating_sub(1)..step_of(pos.x + 3.0).saturating_add(2);
        let near: Vec<&Marker> =
            session.track().markers.between(steps).iter().filter(|m| (x_of(m.at) - pos.x).abs() < 3.0).take(6).collect();
        hover_box(&response, |ui| {
            ui.label(format!("step {at} · {}", session.describe(at)));
            for m in near {
                ui.colored_label(m.kind.color, format!("{}: {}", m.kind.name, m.label));
            }
        });
    }
}

fn side_panel(ui: &mut egui::Ui, viewer: &mut Viewer) {
    if let Some(editor) = viewer.editor.shown_mut() {
        let mut playing = None;
        egui::ScrollArea::vertical().id_salt("side-top").auto_shrink([false, true]).show(ui, |ui| {
            playing = editor.panel(ui);
            // Where a replay's panel has its scores, between two rules.
            ui.separator();
            ui.separator();
            editor.details(ui);
        });
        if let Some(game) = playing {
            viewer.play_from_editor(game);
        }
        return;
    }
    if viewer.editor.is_behind() {
        let back = ui.button("⟲ back to the map editor  (E)").on_hover_text(viewer.keymap.hint(Action::Editor));
        if back.clicked() {
            viewer.back_to_editor();
        }
        ui.separator();
    }
    if let Some(tournament) = &viewer.tournament
        && let Some(path) = super::tournament::panel(ui, tournament, viewer.source.as_ref())
    {
        viewer.open_file(path);
    }
    if viewer.tournament.is_some() {
        ui.separator();
    }
    let cursor = viewer.playback.cursor();
    let perspective = viewer.perspective;
    let seat_names = viewer.seat_names();
    let Some(session) = viewer.session.as_mut() else {
        ui.label("No replay open. Drag one onto the window, or use File, Open a path….");
        return;
    };
    let playback = &mut viewer.playback;
    // A hand's text box stays put above the scrolling part, so that a click finds it.
    if let Some(hand) = session.hand()
        && hand.command_box(ui, cursor == playback.len())
    {
        ui.separator();
    }
    // Everything above the turn log scrolls on its own, so the log keeps at least a quarter of
    // the panel however long a game's details are (and the rest, when they are short). In hand
    // play the hand's panel and the game's table come first: the log keeps an eighth, and the
    // chart is lower, so that a 1280 × 800 window shows them whole.
    let playing_by_hand = session.hand().is_some();

    let top = (ui.available_height() * if playing_by_hand { 0.88 } else { 0.75 }).max(120.0);
    let chart_height = if playing_by_hand { 90.0 } else { 150.0 };
    egui::ScrollArea::vertical().id_salt("side-top").max_height(top).auto_shrink([false, true]).show(ui, |ui| {
        if let Some(hand) = session.hand() {
            match hand.panel(ui, cursor == playback.len()) {
                Some(PanelRequest::Stop) => hand.stop(),
                Some(PanelRequest::BackToGame) => playback.seek(playback.len()),
                None => {}
            }
            ui.separator();
        }
        // A view without players (the map editor) has no scores to show.
        if !session.track().players.is_empty() {
            ui.heading("Scores");
            let scores = session.track().scores_at(cursor);
            // Two players a row from five on: eight leave room for the game's own table below.
            let per_row = if session.track().players.len() > 4 { 2 } else { 1 };
            egui::Grid::new("score-list").num_columns(2 * per_row).show(ui, |ui| {
                for (k, p) in session.track().players.iter().enumerate() {
                    ui.colored_label(p.color, RichText::new(format!("{k} {}", seat_names.get(k).unwrap_or(&p.name))).strong());
                    ui.horizontal(|ui| {
                        ui.label(session.track().show_score(scores.get(k).copied().unwrap_or(0)));
                        if let Some((at, reason)) = &p.failed {
                            let text = if *at < cursor { "failed" } else { "fails later" };
                            ui.colored_label(Color32::LIGHT_RED, text).on_hover_text(format!("step {at}: {reason}"));
                        }
                    });
                    if (k + 1) % per_row == 0 {
                        ui.end_row();
                    }
                }
            });
            let track = session.track();
            let offered = ChartOf::offered(track);
            if !offered.contains(&viewer.chart) {
                viewer.chart = ChartOf::Scores;
            }
            if offered.len() > 1 {
                egui::ComboBox::from_id_salt("chart-of").selected_text(viewer.chart.name(track)).show_ui(ui, |ui| {
                    for of in offered {
                        ui.selectable_value(&mut viewer.chart, of, of.name(track));
                    }
                });
            }
            if let Some(step) = chart(ui, track, viewer.chart, cursor, chart_height, ChartSpan::Whole) {
                playback.seek(step);
            }
            let thinking = &track.thinking;
            if !thinking.tags.is_empty() {
                ui.label(format!("Tags: {}", thinking.tags.join(", ")));
            }
            if thinking.any() {
                let state = if viewer.drawing.hidden { "hidden" } else { "shown" };
                ui.label(
                    RichText::new(format!(
                        "Bots' drawing {state} ({} toggles): {} shapes in all",
                        viewer.keymap.keys_of(Action::Drawing),
                        thinking.shapes
                    ))
                    .weak(),
                );
            }
        }
        ui.separator();
        session.details(ui, cursor, perspective);
        if let Some(compare) = &viewer.compare {
            ui.separator();
            if let Some(step) = super::compare::panel(ui, compare, cursor) {
                playback.seek(step);
            }
        }
    });
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong("Turn log");
        let players = &session.track().players;
        let name = |p: Option<usize>| p.and_then(|k| players.get(k)).map_or("everyone".to_string(), |p| p.name.clone());
        egui::ComboBox::from_id_salt("log-player").selected_text(name(viewer.log_player)).show_ui(ui, |ui| {
            ui.selectable_value(&mut viewer.log_player, None, "everyone");
            for k in 0..players.len() {
                ui.selectable_value(&mut viewer.log_player, Some(k), name(Some(k)));
            }
        });
        // Comparing two replays: either one's log.
        if let Some(compare) = viewer.compare.as_mut() {
            ui.selectable_value(&mut compare.log_of_b, false, "A");
            ui.selectable_value(&mut compare.log_of_b, true, "B");
        }
    });
    let logged: &dyn crate::kit::contract::view::GameView = match viewer.compare.as_ref().filter(|c| c.log_of_b) {
        Some(compare) => compare.view.as_ref(),
        None => session.as_ref(),
    };
    let lines = log_lines(logged, cursor, viewer.log_player);
    let scroll_to = (cursor, viewer.log_player);
    let mut scrolled = false;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        for line in lines {
            let current = line.step + 1 == cursor;
            let color = match (line.error, line.player) {
                (true, _) => Color32::LIGHT_RED,
                (false, Some(p)) => session.track().players.get(p).map_or(Color32::WHITE, |p| p.color),
                (false, None) => Color32::GRAY,
            };
            // A refusal is marked as well as red: a player's own colour may be a red too.
            let mark = if line.error { "✖ " } else { "" };
            let mut text = RichText::new(format!("{:>5} {mark}{}", line.step, line.text)).color(color).monospace().size(11.5);
            if current {
                text = text.background_color(Color32::from_gray(55));
            }
            if line.step >= cursor {
                text = text.weak();
            }
            let r = ui.add(egui::Label::new(text).sense(egui::Sense::click()));
            if r.clicked() {
                viewer.playback.seek(line.step + 1);
            }
            // Once a cursor: scrolling every frame never settles, and the window would not rest.
            if current && viewer.log_scrolled_to != Some(scroll_to) {
                r.scroll_to_me(Some(egui::Align::Center));
                scrolled = true;
            }
            for e in &line.stderr {
                ui.label(RichText::new(format!("      stderr: {e}")).monospace().size(11.0).color(Color32::from_gray(140)));
            }
        }
    });
    if scrolled {
        viewer.log_scrolled_to = Some(scroll_to);
    }
}

/// The log around the cursor: 30 lines before it and 10 after, of one player (and the game's
/// own lines) when `only` says so.
fn log_lines(session: &dyn GameView, cursor: usize, only: Option<usize>) -> Vec<crate::kit::contract::view::LogLine> {
    match only {
        None => session.log(cursor.saturating_sub(30)..cursor + 10),
        // A wider window, so that a quiet player still has lines to show.
        Some(_) => around(session.log(cursor.saturating_sub(3000)..cursor + 300), cursor, only),
    }
}

/// Of log lines in step order: the 30 before `cursor` and 10 from it on, of player `only`
/// (and the game's own lines) when given.
fn around(lines: Vec<crate::kit::contract::view::LogLine>, cursor: usize, only: Option<usize>) -> Vec<crate::kit::contract::view::LogLine> {
    let mine: Vec<_> = lines.into_iter().filter(|l| only.is_none_or(|k| l.player.is_none_or(|p| p == k))).collect();
    let split = mine.partition_point(|l| l.step < cursor);
    let from = split.saturating_sub(30);
    mine.into_iter().skip(from).take(split - from + 10).collect()
}

/// A one-line prompt in a small window: `Some(Some(text))` on Enter, `Some(None)` on Esc.
fn prompt(ctx: &egui::Context, title: &str, text: &mut String, width: f32, hint: &str) -> Option<Option<String>> {
    let mut done = None;
    egui::Window::new(title).collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        let r = ui.add(egui::TextEdit::singleline(text).desired_width(width));
        r.request_focus();
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            done = Some(Some(text.trim().to_string()));
        }
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            done = Some(None);
        }
        ui.label(RichText::new(hint).weak());
    });
    done
}

fn goto_box(ctx: &egui::Context, viewer: &mut Viewer) {
    let Some(text) = viewer.goto.as_mut() else { return };
    if let Some(answer) = prompt(ctx, "Go to step", text, 120.0, "Enter to jump, Esc to cancel") {
        if let Some(step) = answer.and_then(|t| t.parse::<usize>().ok()) {
            viewer.playback.seek(step);
        }
        viewer.goto = None;
    }
}

/// File → "Open a path…" and "Open URL…": for machines without a file dialog, paths in the
/// clipboard, and replays on the web.
fn path_box(ctx: &egui::Context, viewer: &mut Viewer) {
    let Some(text) = viewer.path_box.as_mut() else { return };
    if let Some(answer) =
        prompt(ctx, "Open a path or URL", text, 420.0, "a replay file or an http(s):// link; Enter to open, Esc to cancel")
    {
        viewer.path_box = None;
        if let Some(path) = answer.filter(|p| !p.is_empty()) {
            viewer.open_file(PathBuf::from(path));
        }
    }
}

fn compare_box(ctx: &egui::Context, viewer: &mut Viewer) {
    let Some(text) = viewer.compare_box.as_mut() else { return };
    if let Some(answer) = prompt(ctx, "Compare with a path", text, 360.0, "a replay of the same game; Enter to compare, Esc to cancel") {
        viewer.compare_box = None;
        if let Some(path) = answer.filter(|p| !p.is_empty()) {
            viewer.compare_with(PathBuf::from(path));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_filtered_by_player_keeps_the_games_own_lines_around_the_cursor() {
        let line = |step: usize, player: Option<usize>| crate::kit::contract::view::LogLine {
            step,
            player,
            text: String::new(),
            error: false,
            stderr: Vec::new(),
        };
        // Players 0 and 1 alternate; every tenth step is the game's own (a turn end).
        let lines: Vec<_> = (0..200).map(|i| line(i, if i % 10 == 9 { None } else { Some(i % 2) })).collect();
        let shown = around(lines.clone(), 100, Some(1));
        assert!(shown.iter().all(|l| l.player != Some(0)));
        assert!(shown.iter().any(|l| l.player.is_none()));
        assert_eq!(shown.iter().filter(|l| l.step < 100).count(), 30);
        assert_eq!(shown.iter().filter(|l| l.step >= 100).count(), 10);
        assert_eq!(shown.iter().filter(|l| l.step < 100).last().map(|l| l.step), Some(99));
        assert_eq!(around(lines, 5, None).len(), 5 + 10);
    }
}
