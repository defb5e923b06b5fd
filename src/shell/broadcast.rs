//! The broadcast layout (`kibitz broadcast`): a clean picture for a stream, no editing panels.
//! A large board; above it the game, the match and the round counter; beside it a big
//! scoreboard in the players' colours with the score chart so far and what comes up next;
//! call-outs over the board for what just happened; below, a thin progress line. It is laid
//! out for 1280×720 points and scaled to the window, so any 16:9 size looks the same.

use super::playlist::Running;
use super::shortcuts::Action;
use super::viewer::Viewer;
use super::widgets::{ChartSpan, board, marker_ticks, score_chart};
use crate::kit::contract::series::Markers;
use crate::kit::contract::view::{GameView, Marker, Perspective};
use bevy_egui::egui::{self, Align2, Color32, FontId, Rect, pos2, vec2};

/// The height the layout is designed at; everything scales with the window's height.
const DESIGN_HEIGHT: f32 = 720.0;
/// How long, in seconds of playback, a call-out stays over the board.
const CALLOUT_SECONDS: f32 = 4.0;
/// Call-outs shown at once, newest at the bottom.
const MAX_CALLOUTS: usize = 3;
/// Seconds after the mouse last moved that the board stops showing hover details.
const POINTER_IDLE_SECONDS: f32 = 2.0;

const BAR: Color32 = Color32::from_rgb(16, 18, 24);
const PANEL: Color32 = Color32::from_rgb(22, 25, 33);
const TEXT: Color32 = Color32::from_rgb(236, 238, 242);
const DIM: Color32 = Color32::from_rgb(150, 156, 168);
const LIVE: Color32 = Color32::from_rgb(210, 32, 32);

/// Lays the broadcast out in `root`.
pub fn layout(root: &mut egui::Ui, viewer: &mut Viewer) {
    let u = (root.max_rect().height() / DESIGN_HEIGHT).max(0.5);
    let bar = |fill| egui::Frame::NONE.fill(fill).inner_margin(egui::Margin::symmetric((16.0 * u) as i8, (6.0 * u) as i8));
    egui::Panel::top("cast-top").exact_size(64.0 * u).frame(bar(BAR)).show(root, |ui| top_bar(ui, viewer, u));
    egui::Panel::bottom("cast-bottom").exact_size(34.0 * u).frame(bar(BAR)).show(root, |ui| bottom_bar(ui, viewer, u));
    egui::Panel::right("cast-scores").exact_size(380.0 * u).resizable(false).frame(bar(PANEL)).show(root, |ui| side(ui, viewer, u));
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(root, |ui| {
        // Hover details only while the caster moves the mouse: the picture stays clean.
        let moving = ui.input(|i| i.pointer.time_since_last_movement() < POINTER_IDLE_SECONDS);
        let rect = board(ui, viewer, moving && !viewer.still);
        callouts(ui, viewer, rect, u);
        // A contest day's ranking between its servers, and a new leader called out.
        if let (Some(contest), Some(running)) = (viewer.contest.as_mut(), &viewer.broadcast) {
            contest.refresh();
            if viewer.session.is_none() || running.countdown().is_some() {
                super::contest::scoreboard(ui.painter(), ui.max_rect(), contest);
            }
            if let Some(text) = contest.callout_now() {
                super::contest::callout(ui.painter(), ui.max_rect(), text);
            }
        }
        // A tournament's standings or bracket between its matches, over the board.
        if let (Some(tournament), Some(running)) = (&viewer.tournament, &viewer.broadcast)
            && (viewer.session.is_none() || viewer.item_ended() && running.countdown().is_some())
        {
            let next = running.next_item().and_then(Running::stem);
            super::tournament::between_matches(ui.painter(), ui.max_rect(), tournament, next.as_deref());
        }
    });
}

fn text(painter: &egui::Painter, at: egui::Pos2, align: Align2, text: impl ToString, size: f32, color: Color32) -> Rect {
    painter.text(at, align, text.to_string(), FontId::proportional(size), color)
}

/// The game and match on the left, the round counter in the middle, live and the playlist's
/// position on the right.
fn top_bar(ui: &mut egui::Ui, viewer: &mut Viewer, u: f32) {
    let rect = ui.max_rect();
    let painter = ui.painter();
    let Some(running) = &viewer.broadcast else { return };
    let position = format!("MATCH {} / {}", running.at + 1, running.playlist.items.len());
    let right = text(painter, rect.right_center(), Align2::RIGHT_CENTER, position, 16.0 * u, DIM);
    let source = viewer.incoming.as_ref().map(|i| i.name());
    let over = source.as_deref().is_some_and(|s| viewer.contest.as_ref().is_some_and(|c| c.is_over(s)));
    let live = viewer.incoming.as_ref().is_some_and(|i| i.is_live() && !i.over()) && !over;
    if live {
        let badge = text(painter, right.left_center() - vec2(18.0 * u, 0.0), Align2::RIGHT_CENTER, " LIVE ", 18.0 * u, TEXT);
        painter.rect_filled(badge.expand(4.0 * u), 4.0 * u, LIVE);
        text(painter, badge.center(), Align2::CENTER_CENTER, "LIVE", 18.0 * u, TEXT);
    }
    let Some(session) = &viewer.session else {
        // A contest's server says what it is: its final result once over, else that it is awaited.
        let absent = source.as_deref().and_then(|s| viewer.contest.as_ref()?.absent(s));
        let waiting = absent.or_else(|| source.map(|s| format!("waiting for {s}"))).unwrap_or_else(|| "nothing on yet".to_string());
        text(painter, rect.left_center(), Align2::LEFT_CENTER, fit(&waiting, 90), 22.0 * u, DIM);
        return;
    };
    let track = session.track();
    text(painter, rect.left_top(), Align2::LEFT_TOP, session.game().to_uppercase(), 13.0 * u, DIM);
    // A tournament's match by who plays; a contest's server by its task and name, not its
    // address; else the file's name, cut to fit beside the counter.
    let named = source.as_deref().and_then(|s| viewer.contest.as_ref()?.title_of(s));
    let title = match &viewer.tournament_match {
        Some(m) => fit(&m.bots.join(" vs "), 40),
        None => fit(named.as_deref().unwrap_or(&track.title), 40),
    };
    text(painter, rect.left_bottom(), Align2::LEFT_BOTTOM, title, 22.0 * u, TEXT);
    let cursor = viewer.playback.cursor();
    let (round, rounds) = track.round_at(cursor);
    let whole = shows_the_end(viewer);
    let counter = match (track.round_starts.is_empty(), whole) {
        (true, true) => format!("STEP {cursor} / {}", track.len),
        (true, false) => format!("STEP {cursor}"),
        (false, true) => format!("{} {round} / {rounds}", track.round_name.to_uppercase()),
        (false, false) => format!("{} {round}", track.round_name.to_uppercase()),
    };
    text(painter, rect.center(), Align2::CENTER_CENTER, counter, 30.0 * u, TEXT);
}

/// Whether the layout may tell how the replay ends (its length, the final scores): it is
/// whole (not live, not still loading) and the broadcast is not spoiler-free.
fn shows_the_end(viewer: &Viewer) -> bool {
    let arriving = viewer.incoming.as_ref().is_some_and(|i| !i.over());
    !arriving && viewer.broadcast.as_ref().is_some_and(|b| !b.spoiler_free)
}

/// The next item's name; a contest's server by its task and name.
fn next_name(viewer: &Viewer, running: &Running) -> Option<String> {
    // A tournament's next match by who plays in it.
    let file = running.next_item().map(|item| match item {
        crate::shell::playlist::Item::Replay(path) => path.clone(),
        crate::shell::playlist::Item::Live(source) => std::path::PathBuf::from(source),
    });
    if let Some(m) = file.and_then(|f| viewer.tournament.as_ref()?.entry_of(&f).cloned()) {
        return Some(m.bots.join(" vs "));
    }
    let name = running.next_name()?;
    Some(viewer.contest.as_ref().and_then(|c| c.title_of(&name)).unwrap_or(name))
}

/// At most `max` characters of `s`, an ellipsis marking a cut.
fn fit(s: &str, max: usize) -> String {
    if s.chars().count() <= max { s.to_string() } else { format!("{}…", s.chars().take(max - 1).collect::<String>()) }
}

/// The scoreboard, the chart of the scores so far, whose view is shown, and what comes next.
fn side(ui: &mut egui::Ui, viewer: &mut Viewer, u: f32) {
    let cursor = viewer.playback.cursor();
    let Some(session) = viewer.session.as_deref() else { return };
    ui.add_space(6.0 * u);
    ui.label(egui::RichText::new("SCOREBOARD").size(13.0 * u).color(DIM));
    ui.add_space(4.0 * u);
    // The final scores beside the current ones, until the end is reached.
    let whole = shows_the_end(viewer) && cursor < session.track().len;
    for (rank, k) in standings(session, cursor).into_iter().enumerate() {
        let name = session.track().players.get(k).map_or("?", |p| viewer.seat_name(k, &p.name));
        score_row(ui, session, Row { player: k, name, rank, cursor, perspective: viewer.perspective, final_score: whole }, u);
    }
    ui.add_space(10.0 * u);
    let seen = match viewer.perspective {
        Perspective::Omniscient => "everything".to_string(),
        Perspective::Player(k) => format!("as {} saw it", session.track().players.get(k).map_or("?", |p| viewer.seat_name(k, &p.name))),
    };
    ui.label(egui::RichText::new(format!("Showing {seen}")).size(13.0 * u).color(DIM));
    let room = ui.available_height() - 70.0 * u;
    if room > 90.0 * u {
        ui.add_space(6.0 * u);
        score_chart(ui, session, cursor, room.min(220.0 * u), ChartSpan::ToCursor);
    }
    let Some(running) = &viewer.broadcast else { return };
    if let Some(next) = next_name(viewer, running) {
        let bottom = ui.max_rect().left_bottom();
        let painter = ui.painter();
        text(painter, bottom - vec2(0.0, 24.0 * u), Align2::LEFT_BOTTOM, "COMING UP", 12.0 * u, DIM);
        text(painter, bottom - vec2(0.0, 4.0 * u), Align2::LEFT_BOTTOM, fit(&next, 36), 17.0 * u, TEXT);
    }
}

/// The players in order of their score at `cursor`, best first (seat order between equals).
fn standings(session: &dyn GameView, cursor: usize) -> Vec<usize> {
    let scores = session.track().scores_at(cursor);
    let mut order: Vec<usize> = (0..session.track().players.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(scores.get(k).copied().unwrap_or(0)));
    order
}

/// What one scoreboard row shows.
struct Row<'a> {
    player: usize,
    /// As the screen names the player (a tournament's bot by the spec's name).
    name: &'a str,
    rank: usize,
    cursor: usize,
    perspective: Perspective,
    /// Show the player's score at the end too.
    final_score: bool,
}

/// One player's row: their colour, key, name and score (and final score); failed players say
/// so, the player whose view is shown is lit.
fn score_row(ui: &mut egui::Ui, session: &dyn GameView, row: Row, u: f32) {
    let Row { player: k, name, rank, cursor, perspective, final_score } = row;
    let track = session.track();
    let player = &track.players[k];
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), 50.0 * u), egui::Sense::hover());
    let painter = ui.painter();
    let lit = perspective == Perspective::Player(k);
    painter.rect_filled(rect.shrink2(vec2(0.0, 2.0 * u)), 6.0 * u, if lit { Color32::from_rgb(44, 50, 66) } else { BAR });
    let stripe = Rect::from_min_size(rect.left_top() + vec2(0.0, 2.0 * u), vec2(8.0 * u, rect.height() - 4.0 * u));
    painter.rect_filled(stripe, 3.0 * u, player.color);
    let left = rect.left() + 18.0 * u;
    text(painter, pos2(left, rect.center().y), Align2::LEFT_CENTER, rank + 1, 18.0 * u, DIM);
    let score_at = |at: usize| track.show_score(track.scores_at(at).get(k).copied().unwrap_or(0));
    text(painter, rect.right_center() - vec2(12.0 * u, 0.0), Align2::RIGHT_CENTER, score_at(cursor), 30.0 * u, TEXT);
    // Under the name, small: whether the player has failed, and the final score.
    let failed = player.failed.as_ref().is_some_and(|(at, _)| *at < cursor);
    let below = [
        failed.then(|| ("FAILED  ".to_string(), Color32::LIGHT_RED)),
        final_score.then(|| (format!("final {}", score_at(track.len)), DIM)),
    ];
    let lifted = if below.iter().any(Option::is_some) { 8.0 * u } else { 0.0 };
    let name_at = pos2(left + 26.0 * u, rect.center().y - lifted);
    let name = text(painter, name_at, Align2::LEFT_CENTER, fit(name, 18), 20.0 * u, player.color);
    let key = if k < 9 { format!("[{}]", k + 1) } else { String::new() };
    text(painter, name.right_center() + vec2(8.0 * u, 0.0), Align2::LEFT_CENTER, key, 12.0 * u, DIM);
    let mut at = name.left_bottom();
    for (words, color) in below.into_iter().flatten() {
        at.x = text(painter, at, Align2::LEFT_TOP, words, 11.0 * u, color).right();
    }
}

/// The progress line (not when spoiler-free), the playback's state, the countdown to the next
/// item, problems, and where the keys are.
fn bottom_bar(ui: &mut egui::Ui, viewer: &mut Viewer, u: f32) {
    let rect = ui.max_rect();
    let Some(running) = &viewer.broadcast else { return };
    let painter = ui.painter();
    if !running.spoiler_free {
        progress_line(painter, Rect::from_min_max(rect.left_top(), pos2(rect.right(), rect.top() + 4.0 * u)), viewer);
    }
    let p = &viewer.playback;
    let state = match (running.countdown(), running.held) {
        _ if viewer.still => String::new(),
        (Some(_), true) => format!("held: {} to go on", viewer.keymap.keys_of(Action::PlayPause)),
        (Some(t), false) => format!("next: {} in {} s", next_name(viewer, running).unwrap_or_default(), t.ceil()),
        (None, _) if viewer.item_ended() && running.next_name().is_none() => "end of the playlist".to_string(),
        (None, _) if p.playing => format!("▶ {}×", p.speed()),
        (None, _) if viewer.session.is_some() && p.cursor() < p.len() => "paused".to_string(),
        (None, _) => String::new(),
    };
    let line = rect.center().y + 2.0 * u;
    text(painter, pos2(rect.left(), line), Align2::LEFT_CENTER, state, 15.0 * u, TEXT);
    let problem = viewer.message.as_ref().filter(|m| m.error).map(|m| m.text.clone()).or_else(|| {
        let (status, problem) = viewer.incoming.as_ref()?.status_line();
        problem.then_some(status)
    });
    if let Some(problem) = problem {
        text(painter, pos2(rect.center().x, line), Align2::CENTER_CENTER, fit(&problem, 90), 14.0 * u, Color32::LIGHT_RED);
    }
    // Nobody presses keys on a picture (a screenshot, an exported GIF).
    if !viewer.still {
        text(painter, pos2(rect.right(), line), Align2::RIGHT_CENTER, "? keys", 13.0 * u, DIM);
    }
}

/// How far the replay has played, with its markers as ticks.
fn progress_line(painter: &egui::Painter, rect: Rect, viewer: &Viewer) {
    let len = viewer.playback.len().max(1) as f32;
    painter.rect_filled(rect, 0.0, Color32::from_gray(45));
    let done = rect.width() * viewer.playback.cursor() as f32 / len;
    painter.rect_filled(Rect::from_min_size(rect.min, vec2(done, rect.height())), 0.0, TEXT);
    let Some(session) = &viewer.session else { return };
    let ticks = Rect::from_x_y_ranges(rect.x_range(), rect.top()..=rect.bottom() + 3.0);
    marker_ticks(painter, &session.track().markers, viewer.playback.len(), ticks, 2.0);
}

/// The markers of the last few seconds of playback over the bottom left of the board, fading.
fn callouts(ui: &mut egui::Ui, viewer: &Viewer, board: Rect, u: f32) {
    let Some(session) = &viewer.session else { return };
    let cursor = viewer.playback.cursor();
    let window = recent_window(viewer.playback.speed());
    let recent = recent_markers(&session.track().markers, cursor, window);
    let mut at = board.left_bottom() + vec2(16.0 * u, -16.0 * u);
    for m in recent.iter().rev() {
        let age = (cursor - m.at) as f32 / window as f32;
        let alpha = (255.0 * (1.0 - 0.6 * age)) as u8;
        let label = format!("{}  {}", m.kind.name.to_uppercase(), fit(&m.label, 60));
        let galley = ui.painter().layout_no_wrap(label, FontId::proportional(18.0 * u), TEXT.gamma_multiply_u8(alpha));
        let size = galley.size() + vec2(30.0 * u, 14.0 * u);
        let card = Rect::from_min_size(at - vec2(0.0, size.y), size);
        let painter = ui.painter();
        painter.rect_filled(card, 6.0 * u, Color32::from_black_alpha(alpha.saturating_sub(40)));
        painter.rect_filled(Rect::from_min_size(card.min, vec2(6.0 * u, size.y)), 3.0 * u, m.kind.color.gamma_multiply_u8(alpha));
        painter.galley(card.min + vec2(18.0 * u, 7.0 * u), galley, TEXT);
        at.y -= size.y + 8.0 * u;
    }
}

/// How many steps back a call-out reaches at `speed`: a few seconds of playback.
fn recent_window(speed: f32) -> usize {
    ((CALLOUT_SECONDS * super::playback::BASE_STEPS_PER_SECOND * speed) as usize).max(1)
}

/// The newest markers at or before `cursor` and less than `window` steps old, oldest first.
fn recent_markers(markers: &Markers, cursor: usize, window: usize) -> &[Marker] {
    let recent = markers.between((cursor + 1).saturating_sub(window)..cursor + 1);
    &recent[recent.len().saturating_sub(MAX_CALLOUTS)..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::contract::view::MarkerKind;

    #[test]
    fn call_outs_are_the_newest_markers_just_behind_the_cursor() {
        let kind = MarkerKind::new("capture", 1, 2, 3);
        let markers: Markers = [3, 10, 11, 12, 13, 40].iter().map(|&at| Marker { at, kind, label: format!("{at}") }).collect();
        let at = |v: &[Marker]| v.iter().map(|m| m.at).collect::<Vec<_>>();
        assert_eq!(at(recent_markers(&markers, 13, 16)), [11, 12, 13], "at most three, newest kept");
        assert_eq!(at(recent_markers(&markers, 5, 16)), [3]);
        assert!(recent_markers(&markers, 30, 16).is_empty(), "old news is gone");
        assert!(recent_markers(&markers, 2, 16).is_empty(), "nothing from the future");
        assert_eq!(recent_window(1.0), 16);
        assert_eq!(recent_window(0.01), 1);
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(fit("short", 10), "short");
        assert_eq!(fit("a very long player name", 10), "a very lo…");
    }
}
