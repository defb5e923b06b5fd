//! The osada view: the settlement's terrain as one texture on the kit's grid (uploaded once:
//! terrain never changes in a game), and over it, only inside the visible rectangle, the masts
//! with their banners' state, traps, towers and constructions, each field's troops in their
//! team's colour and shape (stormtrooper square, sniper disc, builder triangle) and its coors (a
//! shape a strategy, in the omniscient view only: beetles cannot tell them apart). Zoomed out,
//! units are drawn grouped, a mark a group of fields. "As team k" fogs all but what its troops
//! see, and dims the terrain it got through `MAP`: a second texture, rewritten only where that
//! knowledge changed. Hovering a field names what stands there; `--look field=X,Y` centres and
//! zooms on a field. The glory chart comes from the round ends; timeline markers for banners
//! taken, returned and lost, and a team's last troop dying.

use super::hand::{self, Hand};
use crate::kit::contract::view::{BoardCamera, Frame, HandPlay, LogLine, Marker, MarkerKind, PanelRequest, Perspective, hover_box};
use crate::kit::deadline24::hand::{self as server_hand, Seat};
use crate::kit::deadline24::hosting::HostPlan;
use crate::kit::deadline24::view::ServerView;
use crate::kit::viewing::grid::{CellTexture, Grid};
use crate::kit::viewing::palette::player_color;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use kibitz_cli::games::osada::cli::OsadaArgs;
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome};
use kibitz_osada::hand::{Click, answer, click};
use kibitz_osada::settlement::{Terrain, Xy};
use kibitz_osada::state::{Banner, Kind, Land, Strategy, Structure, square};
use kibitz_osada::{Event, Osada, OsadaRules, OsadaState, Params, TurnReport};
use std::path::Path;

const TAKEN: MarkerKind = MarkerKind::new("banner taken", 255, 170, 60);
const RETURNED: MarkerKind = MarkerKind::new("banner returned", 120, 200, 255);
const LOST: MarkerKind = MarkerKind::new("banner lost", 220, 60, 200);
const WIPED_OUT: MarkerKind = MarkerKind::new("a team's last troop died", 200, 200, 200);
const DIED: MarkerKind = MarkerKind::new("a troop died", 230, 90, 90);
const COOR: Color32 = Color32::from_rgb(150, 30, 30);

pub struct OsadaView {
    rec: Recorded<Osada>,
    /// The terrain, plain (zoomed out) and with every other field a shade darker so that fields
    /// can be counted up close (zoomed out, that pattern would shimmer).
    terrain: CellTexture,
    checked: CellTexture,
    fog: CellTexture,
    /// What the fog was last painted for: the team, the rounds and `MAP`s it knew of.
    fog_of: Option<(usize, usize, usize)>,
    /// Each `MAP` a team was answered: (its step, the team, the centre), in order of steps.
    maps: Vec<(usize, usize, Xy)>,
    /// Records read for `maps` so far.
    maps_read: usize,
    /// The match being played by hand, when it is.
    hand: Option<Hand>,
    /// The last round end's fights, shots and deaths, for the step after that round end.
    marks: Option<(usize, Vec<Mark>)>,
    /// The fields each banner carrier walked since it took its banner, for a cursor.
    paths: Option<(usize, Vec<Vec<Xy>>)>,
}

/// What a round's end did somewhere on the board, drawn until the next one.
#[derive(Debug, Clone, Copy)]
enum Mark {
    /// A sniper's shot: whether it killed.
    Shot { from: Xy, to: Xy, hit: bool },
    /// A coor killed (by `team`'s troop or trap) near here.
    Kill { at: Xy, team: u8 },
    /// A troop of `team` died here.
    Death { at: Xy, team: u8 },
}

/// The fog's shades: what a team sees now, knows from `MAP`, and knows nothing of (the renderer
/// blends in linear light: an alpha of 250 leaves about a sixth of the brightness on screen).
const SEEN: Color32 = Color32::TRANSPARENT;
const MAPPED: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 190);
const UNKNOWN: Color32 = Color32::from_rgba_premultiplied(4, 4, 8, 250);

impl OsadaView {
    pub fn new(title: String, replay: Replay<Osada>) -> Result<Self, String> {
        let rec = Recorded::load(title, replay, player_color, Self::absorb)?;
        let (terrain, checked, fog) = (CellTexture::new("osada-terrain"), CellTexture::new("osada-checked"), CellTexture::new("osada-fog"));
        Ok(Self { rec, terrain, checked, fog, fog_of: None, maps: Vec::new(), maps_read: 0, hand: None, marks: None, paths: None })
    }

    /// A match played by hand on a server the app hosts, followed from its spectator port.
    pub fn live(title: String, hand: Hand) -> Result<Self, String> {
        let header = server_hand::header::<OsadaRules>(&hand.seat)?;
        let mut view = Self::new(title, Replay { header, records: Vec::new(), end: None })?;
        view.hand = Some(hand);
        view.poll();
        Ok(view)
    }

    fn absorb(rec: &mut Recorded<Osada>, record: StepRecord<Command, Outcome<TurnReport>>) {
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        let Outcome::Turn { report, .. } = &outcome else { return };
        rec.track.round_starts.push(after);
        let scores = Osada::scores(rec.timeline.last_state());
        for (team, &score) in scores.iter().enumerate() {
            if rec.track.scores[team].value_at(after) != Some(score) {
                rec.track.scores[team].push((after, score));
            }
        }
        let name = |rec: &Recorded<Osada>, team: u8| rec.track.players.get(team as usize).map_or("?".to_string(), |p| p.name.clone());
        for event in report.beetles.events.iter().chain(&report.coors.events) {
            let (kind, label) = match *event {
                Event::Taken { team, coor } => (TAKEN, format!("coor {coor} took {}'s banner", name(rec, team))),
                Event::Returned { team } => (RETURNED, format!("{}'s banner is back on its mast", name(rec, team))),
                Event::Lost { team } => (LOST, format!("{}'s banner was carried off the board", name(rec, team))),
                Event::Died { team, .. } if !rec.timeline.last_state().game.troops.iter().any(|t| t.team == team && t.alive) => {
                    (WIPED_OUT, format!("{} lost its last troop", name(rec, team)))
                }
                Event::Died { team, troop } => (DIED, format!("{}'s troop {troop} died", name(rec, team))),
                _ => continue,
            };
            rec.track.markers.push(Marker { at: after, kind, label });
        }
    }

    /// Paints the terrain once, a pixel a field, plain or checked.
    fn paint_terrain(&mut self, ctx: &egui::Context, land: &Land, checked: bool) {
        let texture = if checked { &mut self.checked } else { &mut self.terrain };
        if texture.is_painted() {
            return;
        }
        let s = &land.settlement;
        let n = s.n as usize;
        texture.paint(ctx, n, n, |x, y| {
            let shade = if checked && (x + y) % 2 == 1 { 8 } else { 0 };
            let [r, g, b] = match s.terrain[y * n + x] {
                Terrain::Solid => [186 - shade, 174 - shade, 146 - shade],
                Terrain::Soggy => [96 - shade, 132 - shade, 104 - shade],
                Terrain::Blocked => [58 - shade, 58 - shade, 64 - shade],
            };
            Color32::from_rgb(r, g, b)
        });
    }

    /// The marks of the round end just before `cursor` (worked out once a round end, from the
    /// state before it, whose orders say where the shots went, and its report).
    fn marks_at(&mut self, cursor: usize) -> &[Mark] {
        let starts = &self.rec.track.round_starts;
        let Some(&after) = starts[..starts.partition_point(|&s| s <= cursor)].last() else { return &[] };
        if self.marks.as_ref().is_none_or(|m| m.0 != after) {
            let tick = after - 1;
            let before = self.rec.timeline.state_at(tick).game;
            let mut marks = Vec::new();
            if let Some(Outcome::Turn { report, .. }) = self.rec.replay.records.get(tick).map(|r| &r.outcome) {
                let coor_at = |id: u32| before.coors.iter().find(|c| c.id == id).map(|c| before.land.xy(c.at));
                let troop_at =
                    |team: u8, id: u8| before.troop(team as usize, id as i64).map(|i| before.land.xy(before.troops[i as usize].at));
                // Each shot the report tells of, from the round's orders: a miss names its sniper,
                // a kill its coor, which stood where the shot went.
                let shots: Vec<(u16, Xy, Xy)> = before
                    .actions
                    .iter()
                    .filter_map(|a| match *a {
                        kibitz_osada::state::Action::Shoot { troop, at } => {
                            Some((troop, before.land.xy(before.troops[troop as usize].at), before.land.xy(at)))
                        }
                        _ => None,
                    })
                    .collect();
                for event in &report.beetles.events {
                    let shot = match *event {
                        Event::Missed { team, troop } => {
                            let sniper = before.troop(team as usize, troop as i64);
                            shots.iter().find(|s| Some(s.0) == sniper).map(|s| (s.1, s.2, false))
                        }
                        Event::Kill { by: kibitz_osada::Weapon::Shot, coor, .. } => {
                            let at = coor_at(coor);
                            shots.iter().find(|s| Some(s.2) == at).map(|s| (s.1, s.2, true))
                        }
                        _ => None,
                    };
                    marks.extend(shot.map(|(from, to, hit)| Mark::Shot { from, to, hit }));
                }
                for event in report.beetles.events.iter().chain(&report.coors.events) {
                    match *event {
                        Event::Kill { team, coor, .. } => marks.extend(coor_at(coor).map(|at| Mark::Kill { at, team })),
                        Event::Died { team, troop } => marks.extend(troop_at(team, troop).map(|at| Mark::Death { at, team })),
                        _ => {}
                    }
                }
            }
            self.marks = Some((after, marks));
        }
        self.marks.as_ref().map_or(&[], |m| &m.1)
    }

    /// The way each coor carrying a banner at `cursor` came since it took it: its field at the
    /// start of each round back to when it first carried (worked out once a round).
    fn paths_at(&mut self, cursor: usize) -> &[Vec<Xy>] {
        let starts = self.rec.track.round_starts.clone();
        let round = starts.partition_point(|&s| s <= cursor);
        if self.paths.as_ref().is_none_or(|p| p.0 != round) {
            let now = self.rec.state(cursor).game.clone();
            let mut paths = Vec::new();
            for c in now.coors.iter().filter(|c| c.alive && c.carrying != 0) {
                let mut path = vec![now.land.xy(c.at)];
                for &start in starts[..round].iter().rev() {
                    let then = self.rec.timeline.state_at(start).game;
                    match then.coor(c.id) {
                        Some(old) if old.carrying != 0 => path.push(then.land.xy(old.at)),
                        Some(old) => {
                            path.push(then.land.xy(old.at));
                            break;
                        }
                        None => break,
                    }
                }
                paths.push(path);
            }
            self.paths = Some((round, paths));
        }
        self.paths.as_ref().map_or(&[], |p| &p.1)
    }

    /// Reads the `MAP` answers of records that arrived since the last frame.
    fn read_maps(&mut self) {
        for (i, r) in self.rec.replay.records.iter().enumerate().skip(self.maps_read) {
            let (Some(command), Some(team)) = (&r.action, r.player) else { continue };
            let words = kibitz_deadline24::split(&command.line);
            if words.first() == Some(&"MAP")
                && r.outcome.lines().first() == Some("OK")
                && let [_, x, y] = words[..]
                && let (Ok(x), Ok(y)) = (x.parse(), y.parse())
            {
                self.maps.push((i, team, (x, y)));
            }
        }
        self.maps_read = self.rec.replay.records.len();
    }

    /// Paints the fog of team `team` at `cursor`, when what it knows changed since the last time.
    fn paint_fog(&mut self, ctx: &egui::Context, cursor: usize, team: usize) {
        self.read_maps();
        let (round, _) = self.rec.track.round_at(cursor);
        let known = self.maps.partition_point(|m| m.0 < cursor);
        let maps: Vec<Xy> = self.maps[..known].iter().filter(|m| m.1 == team).map(|m| m.2).collect();
        let key = (team, round, maps.len());
        if self.fog_of == Some(key) {
            return;
        }
        self.fog_of = Some(key);
        let state = &self.rec.state(cursor).game;
        let n = state.land.n();
        let mut shade = vec![UNKNOWN; (n * n) as usize];
        for &centre in &maps {
            for (x, y) in square(n, centre, 5) {
                shade[((y - 1) * n + x - 1) as usize] = MAPPED;
            }
        }
        for (f, seen) in state.seen_by(team).into_iter().enumerate() {
            if seen {
                shade[f] = SEEN;
            }
        }
        let n = n as usize;
        self.fog.paint(ctx, n, n, |x, y| shade[y * n + x]);
    }
}

/// What a viewer may see of a field: everything, or what team k's troops see there (a field out
/// of their sight shows only its terrain, if the team has it from `MAP`, and its own troops).
#[derive(Clone, Copy)]
struct Eyes<'a> {
    state: &'a OsadaState,
    /// The team looking, and the fields it sees (a bit a field).
    team: Option<(usize, &'a [bool])>,
}

impl Eyes<'_> {
    fn sees(&self, at: Xy) -> bool {
        self.team.is_none_or(|(_, seen)| seen[self.state.land.field(at) as usize])
    }

    /// Whether a troop shows: in sight, or the team's own.
    fn shows_troop(&self, team: u8, at: Xy) -> bool {
        self.team.is_none_or(|(k, _)| k == team as usize) || self.sees(at)
    }

    /// A troop's colour: its team's, or, to another team, a grey (teams cannot tell).
    fn troop_color(&self, team: u8) -> Color32 {
        match self.team {
            Some((k, _)) if k != team as usize => Color32::from_gray(215),
            _ => player_color(team as usize),
        }
    }
}

/// Names what stands on a field, for the hover box, as far as `eyes` see.
fn describe_field(eyes: Eyes, names: &[String], at: Xy) -> Vec<String> {
    let game = eyes.state;
    let land = &game.land;
    let Some(terrain) = land.settlement.terrain(at) else { return Vec::new() };
    let f = land.field(at);
    let name = |team: usize| names.get(team).map_or("?", String::as_str);
    let mut lines = vec![format!("({}, {}) {}", at.0, at.1, terrain.token().to_lowercase())];
    let sees = eyes.sees(at);
    if let Some(team) = land.masts.iter().position(|&m| m == at) {
        let own = eyes.team.is_none_or(|(k, _)| k == team);
        let banner = match game.teams[team].banner {
            _ if !own => String::new(),
            Banner::Safe => ", its banner on it".to_string(),
            Banner::Missing(coor) => format!(", its banner carried by coor {coor}"),
            Banner::Lost => ", its banner lost".to_string(),
        };
        if own || sees {
            lines.push(if own { format!("{}'s mast{banner}", name(team)) } else { "a mast".to_string() });
        }
    }
    if !sees {
        lines.push("out of sight".into());
    }
    if let Some(c) = game.constructions.get(&f).filter(|_| sees) {
        lines.push(format!("{} being built, {} round(s) left", c.building.token().to_lowercase(), c.remaining(game.round)));
    }
    if let Some(s) = game.structures.get(&f).filter(|_| sees) {
        lines.push(s.token().to_lowercase().replace('_', " "));
    }
    let index = game.index();
    for (place, &t) in index.beetles(f).iter().enumerate() {
        let t = &game.troops[t as usize];
        if !eyes.shows_troop(t.team, at) {
            continue;
        }
        let active = if place == 0 { " (active)" } else { "" };
        let whose = if eyes.troop_color(t.team) == player_color(t.team as usize) { name(t.team as usize) } else { "a" };
        lines.push(format!("{whose} troop {}: {}{active}", t.id, t.kind.token().to_lowercase()));
    }
    for &c in index.coors(f).iter().filter(|_| sees) {
        let c = &game.coors[c as usize];
        let kind = if eyes.team.is_none() { format!(" ({:?})", c.strategy).to_lowercase() } else { String::new() };
        lines.push(format!("coor {}{kind}", c.id));
    }
    lines
}

/// A coor's mark: a shape a strategy in the omniscient view, a disc to a team.
fn draw_coor(painter: &egui::Painter, p: Pos2, r: f32, strategy: Option<Strategy>) {
    match strategy {
        Some(Strategy::Thief) => {
            let points = vec![p + Vec2::new(0.0, -r), p + Vec2::new(r, 0.0), p + Vec2::new(0.0, r), p + Vec2::new(-r, 0.0)];
            painter.add(egui::Shape::convex_polygon(points, COOR, Stroke::NONE));
        }
        Some(Strategy::Marauder) => {
            painter.circle_stroke(p, r * 0.8, Stroke::new((r * 0.45).max(1.0), COOR));
        }
        _ => {
            painter.circle_filled(p, r * 0.9, COOR);
        }
    }
}

/// A troop's mark: stormtrooper square, sniper disc, builder triangle.
fn draw_troop(painter: &egui::Painter, p: Pos2, r: f32, kind: Kind, color: Color32) {
    match kind {
        Kind::Stormtrooper => {
            painter.rect_filled(Rect::from_center_size(p, Vec2::splat(r * 2.0)), 0.0, color);
        }
        Kind::Sniper => {
            painter.circle_filled(p, r, color);
        }
        Kind::Builder => {
            painter.add(egui::Shape::convex_polygon(
                vec![p + Vec2::new(0.0, -r), p + Vec2::new(r, r), p + Vec2::new(-r, r)],
                color,
                Stroke::NONE,
            ));
        }
    }
}

impl ServerView for OsadaView {
    type Args = OsadaArgs;
    const HAND_HELP: &'static [(&'static str, &'static str)] = hand::HELP;
    const CONSOLE_HINT: &'static str = hand::CONSOLE_HINT;

    fn recorded(&self) -> &Recorded<Osada> {
        &self.rec
    }

    fn recorded_mut(&mut self) -> &mut Recorded<Osada> {
        &mut self.rec
    }

    fn seat(&self) -> Option<&Seat> {
        self.hand.as_ref().map(|h| &h.seat)
    }

    fn seat_mut(&mut self) -> Option<&mut Seat> {
        self.hand.as_mut().map(|h| &mut h.seat)
    }

    fn take_step(&mut self, record: StepRecord<Command, Outcome<TurnReport>>) {
        Self::absorb(&mut self.rec, record);
    }

    fn host(plan: HostPlan<Params>, team: usize, out: &Path, title: String) -> Result<Self, String> {
        Self::live(title, Hand::new(server_hand::seat::<OsadaRules>(plan, team, out)?))
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        crate::kit::deadline24::log::log_lines(&self.rec, range, |_, report| {
            let events = || report.beetles.events.iter().chain(&report.coors.events);
            let count = |f: fn(&Event) -> bool| events().filter(|e| f(e)).count();
            let parts = [
                (count(|e| matches!(e, Event::Kill { .. })), "coor(s) killed"),
                (count(|e| matches!(e, Event::Died { .. })), "troop(s) died"),
                (count(|e| matches!(e, Event::Taken { .. })), "banner(s) taken"),
                (count(|e| matches!(e, Event::Spawned { .. })), "coor(s) came"),
            ];
            let said: Vec<String> = parts.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect();
            if said.is_empty() { "quiet".into() } else { said.join(", ") }
        })
    }

    fn draw(&mut self, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let land = std::sync::Arc::clone(&self.rec.state(cursor).game.land);
        let team = match perspective {
            Perspective::Player(k) if k < land.masts.len() => Some(k),
            _ => None,
        };
        if let Some(team) = team {
            self.paint_fog(ui.ctx(), cursor, team);
        }
        let n = land.n();
        let grid = Grid::fit(rect, camera, n as usize, n as usize);
        // Fields count from 1.
        *space = Some(grid.space(1.0));
        let painter = ui.painter_at(rect);
        let checked = grid.cell >= 6.0;
        self.paint_terrain(ui.ctx(), &land, checked);
        if checked { &self.checked } else { &self.terrain }.draw(&painter, &grid);
        let state = &self.rec.state(cursor).game;
        let seen = team.map_or_else(Vec::new, |k| state.seen_by(k));
        let eyes = Eyes { state, team: team.map(|k| (k, seen.as_slice())) };
        let (xs, ys) = grid.visible();
        let shows = |(x, y): Xy| xs.contains(&((x - 1) as usize)) && ys.contains(&((y - 1) as usize));
        let at_cell = |(x, y): Xy| ((x - 1) as usize, (y - 1) as usize);
        for (&f, s) in state.structures.iter() {
            let at = land.xy(f);
            if !shows(at) || !eyes.sees(at) {
                continue;
            }
            let (cx, cy) = at_cell(at);
            let cell = grid.cell_rect(cx, cy);
            match *s {
                Structure::Tower { team } => {
                    painter.rect_stroke(
                        cell.shrink(grid.cell * 0.08),
                        1.0,
                        Stroke::new(2.0, player_color(team as usize)),
                        egui::StrokeKind::Inside,
                    );
                }
                Structure::Trap { team, used } => {
                    let color = if used { Color32::from_gray(90) } else { player_color(team as usize) };
                    painter.line_segment([cell.left_top(), cell.right_bottom()], Stroke::new(1.5, color));
                    painter.line_segment([cell.right_top(), cell.left_bottom()], Stroke::new(1.5, color));
                }
            }
        }
        for (&f, c) in state.constructions.iter() {
            let at = land.xy(f);
            if shows(at) && eyes.sees(at) {
                let (cx, cy) = at_cell(at);
                let stroke = Stroke::new(1.0, player_color(c.team as usize).gamma_multiply(0.6));
                painter.rect_stroke(grid.cell_rect(cx, cy).shrink(grid.cell * 0.2), 0.0, stroke, egui::StrokeKind::Inside);
            }
        }
        let r = (grid.cell * 0.35).max(1.5);
        for (team, &mast) in land.masts.iter().enumerate() {
            let own = eyes.team.is_none_or(|(k, _)| k == team);
            if !shows(mast) || !(own || eyes.sees(mast)) {
                continue;
            }
            let p = grid.centre(at_cell(mast).0, at_cell(mast).1);
            let color = if own { player_color(team) } else { Color32::from_gray(215) };
            painter.circle_stroke(p, r * 1.6, Stroke::new(2.0, color));
            if own && state.teams[team].banner == Banner::Safe {
                painter.circle_filled(p, r, color);
            }
        }
        // Units, a mark a field; zoomed out, a mark a group of fields (the most numerous team's).
        let group = grid.group(4.0);
        let mut groups: std::collections::HashMap<(usize, usize), (Vec<u32>, bool, bool)> = std::collections::HashMap::new();
        let index = state.index();
        for (&f, cell) in index.cells.iter() {
            let at = land.xy(f);
            if !shows(at) {
                continue;
            }
            let (cx, cy) = at_cell(at);
            let troops: Vec<_> = cell.beetles.iter().map(|&t| state.troops[t as usize]).filter(|t| eyes.shows_troop(t.team, at)).collect();
            let coors = if eyes.sees(at) { cell.coors.as_slice() } else { &[] };
            if group > 1 {
                let entry = groups.entry((cx / group, cy / group)).or_insert_with(|| (vec![0; names.len().max(1) + 1], false, false));
                for t in &troops {
                    let k = if eyes.troop_color(t.team) == player_color(t.team as usize) { t.team as usize } else { names.len() };
                    entry.0[k.min(names.len())] += 1;
                }
                entry.1 |= !coors.is_empty();
                entry.2 |= coors.iter().any(|&c| state.coors[c as usize].carrying != 0);
                continue;
            }
            let p = grid.centre(cx, cy);
            if let Some(first) = troops.first() {
                draw_troop(&painter, p, r, first.kind, eyes.troop_color(first.team));
                if troops.len() > 1 && grid.cell > 14.0 {
                    let count = troops.len().to_string();
                    painter.text(p + Vec2::splat(r), egui::Align2::LEFT_TOP, count, egui::FontId::proportional(9.0), Color32::WHITE);
                }
            }
            if let Some(&c) = coors.first() {
                let coor = &state.coors[c as usize];
                draw_coor(&painter, p, r, eyes.team.is_none().then_some(coor.strategy));
                if coors.iter().any(|&c| state.coors[c as usize].carrying != 0) {
                    painter.circle_stroke(p, r * 1.3, Stroke::new(1.5, Color32::from_rgb(255, 200, 60)));
                }
            }
        }
        for ((gx, gy), (counts, coors, carrying)) in groups {
            let side = grid.cell * group as f32;
            let block = Rect::from_min_size(grid.corner(gx * group, gy * group), Vec2::splat(side));
            let p = block.center();
            if let Some((k, _)) = counts.iter().enumerate().filter(|(_, c)| **c > 0).max_by_key(|(_, c)| **c) {
                let color = if k < names.len() { player_color(k) } else { Color32::from_gray(215) };
                painter.rect_filled(Rect::from_center_size(p, Vec2::splat(side * 0.7)), 0.0, color);
            }
            if coors {
                painter.circle_filled(p + Vec2::splat(side * 0.2), side * 0.3, COOR);
            }
            if carrying {
                painter.circle_stroke(p, side * 0.6, Stroke::new(1.5, Color32::from_rgb(255, 200, 60)));
            }
        }
        // The last round end's shots, kills and deaths, and the banner carriers' ways, where
        // the viewer sees them.
        let marks = self.marks_at(cursor).to_vec();
        let paths = if team.is_none() { self.paths_at(cursor).to_vec() } else { Vec::new() };
        let state = &self.rec.state(cursor).game;
        let eyes = Eyes { state, team: team.map(|k| (k, seen.as_slice())) };
        let point = |at: Xy| grid.centre((at.0 - 1) as usize, (at.1 - 1) as usize);
        for mark in marks {
            match mark {
                Mark::Shot { from, to, hit } if eyes.sees(to) || eyes.sees(from) => {
                    let color = if hit { Color32::from_rgb(255, 230, 120) } else { Color32::from_gray(200) };
                    if hit {
                        painter.line_segment([point(from), point(to)], Stroke::new(1.5, color));
                    } else {
                        painter.extend(egui::Shape::dashed_line(&[point(from), point(to)], Stroke::new(1.2, color), 4.0, 3.0));
                    }
                }
                Mark::Kill { at, team } if eyes.sees(at) && shows(at) => {
                    painter.circle_stroke(point(at), r * 1.8, Stroke::new(2.0, player_color(team as usize)));
                    painter.circle_stroke(point(at), r * 1.8 + 2.0, Stroke::new(1.0, Color32::from_rgb(255, 230, 120)));
                }
                Mark::Death { at, team } if eyes.shows_troop(team, at) && shows(at) => {
                    let (p, d) = (point(at), r * 1.4);
                    let stroke = Stroke::new(2.5, Color32::from_rgb(230, 40, 40));
                    painter.line_segment([p - Vec2::splat(d), p + Vec2::splat(d)], stroke);
                    painter.line_segment([p + Vec2::new(d, -d), p + Vec2::new(-d, d)], stroke);
                }
                _ => {}
            }
        }
        for path in paths {
            let points: Vec<Pos2> = path.iter().map(|&at| point(at)).collect();
            painter.add(egui::Shape::line(points, Stroke::new(2.0, Color32::from_rgb(255, 200, 60))));
        }
        if team.is_some() {
            self.fog.draw(&painter, &grid);
        }
        // Hand play, at the live end: the picked troop ringed; what a click would do.
        let at_end = cursor >= self.rec.timeline.len();
        let mut hint = Vec::new();
        if let Some(hand) = self.hand.as_mut().filter(|h| at_end && h.seat.ended.is_none()) {
            let live = self.rec.timeline.last_state();
            let me = hand.team();
            if let Some(i) = hand.selected.and_then(|id| live.game.troop(me, id)) {
                let (cx, cy) = at_cell(land.xy(live.game.troops[i as usize].at));
                painter.circle_stroke(grid.centre(cx, cy), r * 2.2, Stroke::new(2.0, Color32::from_rgb(255, 214, 0)));
            }
            if let Some((x, y)) = response.hover_pos().and_then(|p| grid.cell_at(p)) {
                let at = (x as i32 + 1, y as i32 + 1);
                match click(&live.game, me, hand.selected, at) {
                    Click::Select(id) => {
                        hint.push(format!("click: pick troop {id}"));
                        if response.clicked() {
                            hand.selected = Some(id);
                        }
                    }
                    Click::Send(line) => {
                        hint.push(format!("click: {line} (the answer now: {})", answer(live, me, &line).join(" | ")));
                        if response.clicked() {
                            hand.seat.send(&line);
                        }
                    }
                    Click::Nothing => {}
                }
            }
        }
        if let Some(pointer) = response.hover_pos()
            && let Some((x, y)) = grid.cell_at(pointer)
        {
            let state = &self.rec.state(cursor).game;
            let mut lines = describe_field(Eyes { state, team: team.map(|k| (k, seen.as_slice())) }, &names, (x as i32 + 1, y as i32 + 1));
            lines.extend(hint);
            hover_box(response, |ui| {
                for line in &lines {
                    ui.label(line);
                }
            });
        }
    }

    fn set_look(&mut self, setting: &str, camera: &mut BoardCamera) -> Result<(), String> {
        let n = self.rec.timeline.last_state().game.land.n();
        let field = setting.strip_prefix("field=").ok_or_else(|| format!("osada's look is field=X,Y (got {setting:?})"))?;
        let at = field.split_once(',').and_then(|(x, y)| Some((x.trim().parse::<i32>().ok()?, y.trim().parse::<i32>().ok()?)));
        match at {
            Some(at) if (1..=n).contains(&at.0) && (1..=n).contains(&at.1) => {
                *camera = close_look(n, at);
                Ok(())
            }
            _ => Err(format!("field={field}: the settlement's fields are X, Y from 1 to {n}")),
        }
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[("wheel / drag", "zoom / pan the settlement (--look field=X,Y to start on a field)")]
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, _: Perspective) {
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let state = &self.rec.state(cursor).game;
        ui.label(egui::RichText::new("Teams: glory (not × K), banner, troops alive").strong());
        for (team, t) in state.teams.iter().enumerate() {
            let banner = match t.banner {
                Banner::Safe => "safe".to_string(),
                Banner::Missing(c) => format!("carried by coor {c}"),
                Banner::Lost => "lost".to_string(),
            };
            let alive = state.troops.iter().filter(|u| u.team as usize == team && u.alive).count();
            ui.colored_label(
                player_color(team),
                format!("{}: {} · banner {banner} · {alive} troops", names.get(team).map_or("?", String::as_str), t.glory),
            );
        }
        ui.label(format!("{} coors on the board", state.coors.iter().filter(|c| c.alive).count()));
    }

    fn hand_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let hand = self.hand.as_mut()?;
        let name = self.rec.track.players.get(hand.team()).map_or("?", |p| p.name.as_str());
        hand.panel(ui, &self.rec.timeline.last_state().game, name, at_end)
    }

    fn hand_keys(&mut self, ctx: &egui::Context) {
        if let Some(hand) = self.hand.as_mut() {
            hand.keys(&self.rec.timeline.last_state().game, ctx);
        }
    }

    /// Up close on the human's mast.
    fn initial_camera(&self) -> Option<BoardCamera> {
        let land = &self.rec.timeline.last_state().game.land;
        let mast = land.masts.get(self.hand.as_ref()?.team())?;
        Some(close_look(land.n(), *mast))
    }
}

/// A camera on field `at` of an `n` × `n` settlement, about 24 fields across.
fn close_look(n: i32, (x, y): Xy) -> BoardCamera {
    let zoom = (n as f32 / 24.0).clamp(1.0, 20.0);
    BoardCamera { zoom, centre: Some(Vec2::new(x as f32 - 0.5, y as f32 - 0.5)), ..BoardCamera::default() }
}
