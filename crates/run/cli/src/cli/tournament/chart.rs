//! The ratings chart of `kibitz tournament standings --chart` and of the report: each bot's
//! rating after each match, each newcomer's arrival marked, drawn headless
//! (`kit::viewing::raster`).

use crate::kit::viewing::palette::bot_color;
use crate::kit::viewing::raster::{self, Picture};
use kibitz_tournament::standings::{Standings, start_rating};

/// Each bot's rating (Weng–Lin μ) after each match, in plan order, with a legend of the final
/// ratings best first.
pub fn ratings(table: &Standings) -> Picture {
    use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, pos2, vec2};
    let (width, height) = (960, 540);
    raster::draw(width, height, Color32::from_rgb(18, 20, 26), |ui| {
        let painter = ui.painter();
        let plot = Rect::from_min_max(pos2(70.0, 50.0), pos2(width as f32 - 220.0, height as f32 - 50.0));
        let text = |at: Pos2, align: Align2, what: String, size: f32, color: Color32| {
            painter.text(at, align, what, FontId::proportional(size), color);
        };
        let title =
            format!("{}: each bot's rating (Weng–Lin μ) after each of the {} matches played, in plan order", table.game, table.played);
        text(pos2(plot.left(), 22.0), Align2::LEFT_CENTER, title, 15.0, Color32::from_gray(220));
        let start = start_rating();
        let values = table.ratings_after.iter().flatten().map(|(_, r)| *r).chain([start]);
        let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
        let (low, high) = (low.floor() - 1.0, high.ceil() + 1.0);
        let y = |r: f64| plot.bottom() - ((r - low) / (high - low)) as f32 * plot.height();
        let x = |k: usize| plot.left() + k as f32 / table.played.max(1) as f32 * plot.width();
        let grid = Stroke::new(1.0, Color32::from_gray(50));
        for tick in 0..=5 {
            let r = low + (high - low) * tick as f64 / 5.0;
            painter.line_segment([pos2(plot.left(), y(r)), pos2(plot.right(), y(r))], grid);
            text(pos2(plot.left() - 8.0, y(r)), Align2::RIGHT_CENTER, format!("{r:.1}"), 12.0, Color32::from_gray(170));
        }
        text(pos2(plot.center().x, plot.bottom() + 22.0), Align2::CENTER_CENTER, "matches played".into(), 12.0, Color32::from_gray(170));
        text(pos2(plot.right(), plot.bottom() + 8.0), Align2::RIGHT_TOP, table.played.to_string(), 12.0, Color32::from_gray(170));
        painter.rect_stroke(plot, 0.0, Stroke::new(1.0, Color32::from_gray(90)), egui::StrokeKind::Inside);
        // Each newcomer's arrival (a league's new bot or version): a dashed line, named.
        for arrival in &table.arrivals {
            let at = x(arrival.after);
            painter.extend(Shape::dashed_line(
                &[pos2(at, plot.top()), pos2(at, plot.bottom())],
                Stroke::new(1.0, Color32::from_gray(140)),
                6.0,
                4.0,
            ));
            text(pos2(at + 3.0, plot.top() + 4.0), Align2::LEFT_TOP, format!("{} joins", arrival.bot), 12.0, Color32::from_gray(200));
        }
        let names: Vec<&str> = table.ratings_after.first().map(|r| r.iter().map(|(n, _)| n.as_str()).collect()).unwrap_or_default();
        for k in 0..names.len() {
            // From its first match on: a newcomer's line starts where it arrived.
            let from = table.arrivals.iter().find(|a| a.bot == names[k]).map_or(0, |a| a.after);
            let points: Vec<Pos2> = std::iter::once(pos2(x(from), y(start)))
                .chain(table.ratings_after.iter().enumerate().skip(from).map(|(m, r)| pos2(x(m + 1), y(r[k].1))))
                .collect();
            painter.add(Shape::line(points, Stroke::new(2.0, bot_color(k))));
        }
        for (place, row) in table.rows.iter().enumerate() {
            let k = names.iter().position(|n| *n == row.bot).unwrap_or(place);
            let at = pos2(plot.right() + 20.0, plot.top() + 8.0 + place as f32 * 22.0);
            painter.rect_filled(Rect::from_center_size(at, vec2(14.0, 4.0)), 1.0, bot_color(k));
            text(
                at + vec2(14.0, 0.0),
                Align2::LEFT_CENTER,
                format!("{} {}  {:.2}", place + 1, row.bot, row.rating),
                13.0,
                Color32::from_gray(220),
            );
        }
    })
}
