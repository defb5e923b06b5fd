//! What the bots said they were thinking, and how long they thought: their drawing lines
//! ([`kibitz_core::drawing`]) read once as the replay arrives, per player and step, with their
//! named values as series, their markers on the timeline, the match's tags, and every turn's
//! time against the game's limit. The shell paints the shapes over the board of the step shown
//! (each game says where its places are, [`BoardSpace`]) and charts the series.

use crate::kit::contract::series::{Marker, MarkerKind, Markers, Series};
use bevy_egui::egui::Pos2;
use kibitz_core::drawing::Dims;

/// A bot's own marker on the timeline (`#kibitz mark …`).
pub const BOT_MARK: MarkerKind = MarkerKind::new("bot's mark", 120, 200, 255);
/// A turn that took over [`SLOW`] of the limit.
pub const SLOW_TURN: MarkerKind = MarkerKind::new("slow turn", 255, 190, 60);
/// A turn whose answer never came in time.
pub const TIME_OUT: MarkerKind = MarkerKind::new("time-out", 255, 110, 30);
/// The share of the turn limit past which a turn is marked slow.
pub const SLOW: f64 = 0.8;
/// Named values are charted in units of 10^-VALUE_DECIMALS, as scores are.
pub const VALUE_DECIMALS: u32 = 3;
/// Tags kept per match; more are not listed.
const MAX_TAGS: usize = 64;
/// Named series kept per match; a bot naming more has the rest left out.
const MAX_VALUES: usize = 64;

use kibitz_overlay::Read;
pub use kibitz_overlay::{At, Shape};

/// What one bot drew on one turn.
#[derive(Debug, Clone, Default)]
pub struct Drawing {
    /// The record's index (the board after it is at cursor `step + 1`).
    pub step: usize,
    pub shapes: Vec<Shape>,
    pub notes: Vec<String>,
}

/// A named value of one bot over the steps.
#[derive(Debug, Clone)]
pub struct Value {
    pub player: usize,
    pub name: String,
    pub series: Series,
}

/// Everything the bots of one replay said beyond their moves.
#[derive(Debug, Clone, Default)]
pub struct Thinking {
    dims: Option<Dims>,
    /// Per player, the turns it drew on, in step order.
    drawn: Vec<Vec<Drawing>>,
    pub values: Vec<Value>,
    /// The match's tags, each once, in the order they came.
    pub tags: Vec<String>,
    /// Per player, each answer's time in ms (at its record's cursor).
    pub times: Vec<Series>,
    /// The limit an answer must come within, in ms, when the replay says one.
    pub limit_ms: Option<u64>,
    /// Shapes in the whole replay (for the details).
    pub shapes: usize,
}

impl Thinking {
    pub fn new(dims: Dims, players: usize, limit_ms: Option<u64>) -> Self {
        Self { dims: Some(dims), drawn: vec![Vec::new(); players], times: vec![Series::default(); players], limit_ms, ..Self::default() }
    }

    /// Takes in record `step` of `player`: its drawing lines (`draw`, as recorded), its time
    /// and its failure; markers go on the timeline, `name` labels them.
    pub fn absorb(
        &mut self,
        step: usize,
        player: usize,
        draw: &[String],
        ms: Option<u64>,
        failed: Option<&str>,
        name: &str,
        markers: &mut Markers,
    ) {
        let Some(dims) = self.dims else { return };
        if player >= self.drawn.len() {
            return;
        }
        if let Some(ms) = ms {
            self.times[player].push((step + 1, ms as i64));
            if let Some(limit) = self.limit_ms.filter(|&l| l > 0 && ms as f64 > SLOW * l as f64)
                && failed.is_none()
            {
                let label = format!("{name} took {ms} ms of {limit}");
                markers.push(Marker { at: step + 1, kind: SLOW_TURN, label });
            }
        }
        if let Some(reason) = failed.filter(|r| is_time_out(r)) {
            markers.push(Marker { at: step + 1, kind: TIME_OUT, label: format!("{name} {reason}") });
        }
        if draw.is_empty() {
            return;
        }
        let Read { shapes, notes, values, marks, tags } = kibitz_overlay::read(draw, dims);
        for (value, v) in values {
            self.value(player, value, step, v);
        }
        for label in marks {
            markers.push(Marker { at: step + 1, kind: BOT_MARK, label: format!("{name}: {label}") });
        }
        for tag in tags {
            if self.tags.len() < MAX_TAGS && !self.tags.contains(&tag) {
                self.tags.push(tag);
            }
        }
        self.shapes += shapes.len();
        let drawing = Drawing { step, shapes, notes };
        if !drawing.shapes.is_empty() || !drawing.notes.is_empty() {
            self.drawn[player].push(drawing);
        }
    }

    fn value(&mut self, player: usize, name: String, step: usize, v: f64) {
        let point = (step + 1, (v * 10f64.powi(VALUE_DECIMALS as i32)).round() as i64);
        if let Some(series) = self.values.iter_mut().find(|s| s.player == player && s.name == name) {
            series.series.push(point);
        } else if self.values.len() < MAX_VALUES {
            let mut series = Series::default();
            series.push(point);
            self.values.push(Value { player, name, series });
        }
    }

    /// Player `player`'s drawing shown at `cursor`: that of its last turn before it, if that
    /// turn is at step `since` or later (the start of the round before the one shown). So a
    /// bot's plan stays on the board until its next one replaces it, and goes a round after it
    /// stopped drawing; a server game's client, which draws as its turn ends, shows its plan
    /// through the next. O(log turns).
    pub fn shown(&self, player: usize, cursor: usize, since: usize) -> Option<&Drawing> {
        let turns = self.drawn.get(player)?;
        let before = turns.partition_point(|d| d.step < cursor);
        turns[..before].last().filter(|last| last.step >= since)
    }

    /// Whether any player drew anything (the View menu offers the overlay then).
    pub fn any(&self) -> bool {
        self.drawn.iter().any(|d| !d.is_empty())
    }

    /// Whether any answer has a recorded time.
    pub fn timed(&self) -> bool {
        self.times.iter().any(|s| !s.is_empty())
    }
}

/// Whether a failure's reason says the bot ran out of time (the referee's words).
pub fn is_time_out(reason: &str) -> bool {
    reason.contains("did not answer") || reason.contains("thinking time")
}

/// Where a game's places are on the screen in the frame just drawn: each game's `draw` sets one
/// ([`crate::kit::contract::view::Frame::space`]) for the shell to paint the bots' drawing.
pub struct BoardSpace {
    /// The screen point of a place drawn by a player (in a game whose bots see the board in a
    /// frame of their own, amazes, each has its own); `None` when it is not on the board shown
    /// (behind a 3D camera, say).
    pub to_screen: Box<dyn Fn(usize, At) -> Option<Pos2>>,
    /// Points per cell: dots are sized by it.
    pub cell: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_bots_drawing_is_read_once_with_its_values_markers_tags_and_times() {
        let mut thinking = Thinking::new(Dims::Two, 2, Some(100));
        let mut markers = Markers::default();
        let draw = lines(&["dot 1 2 red", "line 0 0 3 4", "text 2 2 go", "note plan A", "value depth 2.5", "mark new plan", "tag rusher"]);
        thinking.absorb(0, 0, &draw, Some(10), None, "greedy", &mut markers);
        thinking.absorb(1, 1, &[], Some(90), None, "slow", &mut markers);
        thinking.absorb(2, 0, &lines(&["tag rusher", "value depth 3"]), Some(5), None, "greedy", &mut markers);
        thinking.absorb(3, 1, &[], None, Some("did not answer within 100 ms"), "slow", &mut markers);
        let d = thinking.shown(0, 1, 0).expect("drawn at step 0");
        assert_eq!(d.shapes[0], Shape::Dot { at: [1.0, 2.0, 0.0], colour: Some(bevy_egui::egui::Color32::from_rgb(230, 60, 60)) });
        assert_eq!(d.shapes.len(), 3);
        assert_eq!(d.notes, ["plan A"]);
        assert_eq!(thinking.tags, ["rusher"], "a tag is listed once");
        assert_eq!(thinking.values.len(), 1);
        assert_eq!(thinking.values[0].series.value_at(3), Some(3000));
        assert_eq!(thinking.times[1].value_at(2), Some(90));
        let kinds: Vec<(usize, &str)> = markers.iter().map(|m| (m.at, m.kind.name)).collect();
        assert_eq!(kinds, [(1, "bot's mark"), (2, "slow turn"), (4, "time-out")]);
        assert_eq!(markers[0].label, "greedy: new plan");
    }

    #[test]
    fn a_drawing_shows_from_its_turn_until_a_later_one_or_a_round_later() {
        let mut thinking = Thinking::new(Dims::Two, 2, None);
        let mut markers = Markers::default();
        thinking.absorb(4, 0, &lines(&["dot 1 1"]), None, None, "a", &mut markers);
        thinking.absorb(8, 0, &lines(&["dot 2 2", "dot 3 3"]), None, None, "a", &mut markers);
        assert!(thinking.shown(0, 4, 0).is_none(), "not before its turn");
        assert_eq!(thinking.shown(0, 5, 0).unwrap().step, 4, "after it");
        assert_eq!(thinking.shown(0, 8, 4).unwrap().step, 4, "through the next round");
        assert_eq!(thinking.shown(0, 9, 4).unwrap().step, 8, "replaced by its next");
        assert!(thinking.shown(0, 17, 12).is_none(), "gone a round after it stopped drawing");
        assert!(thinking.shown(1, 9, 0).is_none(), "the other bot drew nothing");
    }

    #[test]
    fn a_recorded_line_that_does_not_read_is_left_out() {
        let mut thinking = Thinking::new(Dims::Three, 1, None);
        let mut markers = Markers::default();
        thinking.absorb(0, 0, &lines(&["dot 1 2", "dot 1 2 3", "circle"]), None, None, "a", &mut markers);
        assert_eq!(thinking.shapes, 1);
    }
}
