//! The fedrunek view: the mining cube in 3D (`cube.rs` builds it, the shell renders it), with
//! a cut-away plane, a "tunnels and robots only" mode and the fog of "as team k"; hover names
//! the field and the robots in it. The timeline marks purchases, upgrades, sales and new
//! tunnels into metal; the side panel lists every team's credits, spending and robots; the log
//! shows each command with its connection, arrival time and answer.

use super::hand::{self, Hand, operation_text};
use crate::kit::contract::thinking::BoardSpace;
use crate::kit::contract::view::{BoardCamera, Frame, HandPlay, LogLine, Marker, MarkerKind, PanelRequest, Perspective, hover_box};
use crate::kit::deadline24::hand::{self as server_hand, Seat};
use crate::kit::deadline24::hosting::HostPlan;
use crate::kit::deadline24::view::ServerView;
use crate::kit::viewing::palette::player_color;
use crate::kit::viewing::recorded::Recorded;
use crate::kit::viewing::scene::{MeshData, Part, Scene};
use bevy_egui::egui::{self, Align2, Color32, FontId, Vec2};
use kibitz_cli::games::fedrunek::cli::WorldArgs;
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome, State, split};
use kibitz_fedrunek::knowledge::{Knowledge, Seen};
use kibitz_fedrunek::robots::Operation;
use kibitz_fedrunek::world::{Pos, Tunnel, World};
use kibitz_fedrunek::{Fedrunek, FedrunekRules, FedrunekState, TurnReport};
use kibitz_fedrunek_scene::{self as cube, Cut, Look, Rgb, Sight};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::sync::Arc;

const THRESHOLD: MarkerKind = MarkerKind::new("90 % mined", 255, 200, 60);
const PURCHASE: MarkerKind = MarkerKind::new("purchase", 144, 202, 249);
const UPGRADE: MarkerKind = MarkerKind::new("upgrade", 179, 157, 219);
const SALE: MarkerKind = MarkerKind::new("sale", 129, 199, 132);
const METAL_TUNNEL: MarkerKind = MarkerKind::new("tunnel into metal", 255, 138, 101);

/// Part ids of the scene besides the layers (which are 0..N).
const SITES: u64 = 1 << 32;
const FRAME: u64 = SITES + 1;
const ROBOTS: u64 = SITES + 2;
const HOVER: u64 = SITES + 3;

pub struct FedrunekView {
    rec: Recorded<Fedrunek>,
    /// Who drilled each tunnel, from the turn ends that completed them.
    owners: HashMap<Tunnel, usize>,
    /// Each team's colour, for the scene.
    teams: Vec<Rgb>,
    look: Look,
    /// A team's knowledge at a cursor, with the state it was learnt up to.
    known: Option<KnownAt>,
    cube: CubeCache,
    scene: Scene,
    /// The field under the pointer, outlined in the scene.
    hovered: Option<Pos>,
    /// The team last looked at as ("as team k"): the one a take-over plays.
    viewing: Option<usize>,
    /// The match being played by hand, when it is.
    hand: Option<Hand>,
}

struct KnownAt {
    team: usize,
    cursor: usize,
    state: State<FedrunekState>,
    knowledge: Knowledge,
}

/// The meshes of the cube, rebuilt only where something changed.
#[derive(Default)]
struct CubeCache {
    /// The look and team the layers were built for: a change rebuilds them all.
    built_for: Option<(Look, Option<usize>)>,
    /// The world they were built from (a copy shares its chunks, so comparing is cheap).
    world: Option<World>,
    /// Per x-layer, a digest of what the team knew there.
    fog: Vec<u64>,
    layers: Vec<Arc<MeshData>>,
    sites: Arc<MeshData>,
    frame: Arc<MeshData>,
    robots_for: Option<(usize, Option<usize>, Look)>,
    robots: Arc<MeshData>,
    /// The hovered field and the selected robot's, outlined.
    hover: ((Option<Pos>, Option<Pos>), Arc<MeshData>),
}

impl FedrunekView {
    pub fn new(title: String, replay: Replay<Fedrunek>) -> Result<Self, String> {
        let owners = RefCell::new(HashMap::new());
        let rec = Recorded::load(title, replay, player_color, |rec, record| Self::absorb(rec, &mut owners.borrow_mut(), record))?;
        let teams = rec
            .track
            .players
            .iter()
            .map(|p| (p.color.r() as f32 / 255.0, p.color.g() as f32 / 255.0, p.color.b() as f32 / 255.0))
            .collect();
        Ok(Self {
            rec,
            teams,
            owners: owners.into_inner(),
            look: Look::default(),
            known: None,
            cube: CubeCache::default(),
            scene: Scene::default(),
            hovered: None,
            viewing: None,
            hand: None,
        })
    }

    /// A match played by hand on a server the app hosts: follows it from the server's
    /// spectator port (history included) as `hand`'s team.
    pub fn live(title: String, hand: Hand) -> Result<Self, String> {
        let header = server_hand::header::<FedrunekRules>(&hand.seat)?;
        let mut view = Self::new(title, Replay { header, records: Vec::new(), end: None })?;
        view.hand = Some(hand);
        view.poll();
        Ok(view)
    }

    /// What each of the six directions sends for the selected robot of the human's team (a
    /// click on that neighbour, or its digit key), at the live end.
    /// Does the cut hand play asked for: through the selected robot's field, along the cut's
    /// axis (x when there is no cut), so that a robot underground shows in the cut face.
    fn cut_to_selected(&mut self) {
        let Some(hand) = self.hand.as_mut().filter(|h| h.cut_to_selected) else { return };
        hand.cut_to_selected = false;
        if let Some(robot) = hand.robot(&self.rec.timeline.last_state().game) {
            let axis = self.look.cut.map_or(0, |c| c.axis);
            let depth = [robot.pos.x, robot.pos.y, robot.pos.z][axis];
            self.look.cut = Some(Cut { axis, depth });
        }
    }

    /// Nothing unless `at_end` (the cursor is at the live end, where the human plays).
    fn steps(&mut self, at_end: bool) -> [Option<String>; 6] {
        let mut steps: [Option<String>; 6] = Default::default();
        let Some(hand) = self.hand.as_ref().filter(|_| at_end) else { return steps };
        let team = hand.team();
        let knowledge = knowledge(&mut self.known, &self.rec, team, self.rec.timeline.len());
        let state = &self.rec.timeline.last_state().game;
        let Some(robot) = hand.robot(state) else { return steps };
        for (slot, (d, _)) in steps.iter_mut().zip(kibitz_fedrunek::hand::DIRECTIONS) {
            let target = Pos::new(robot.pos.x + d[0], robot.pos.y + d[1], robot.pos.z + d[2]);
            let drilled = Tunnel::between(robot.pos, target).is_some_and(|t| self.owners.get(&t) == Some(&team));
            let known = kibitz_fedrunek::hand::tunnel_known(knowledge, drilled, target);
            *slot = kibitz_fedrunek::hand::click(&state.world, robot, target, known);
        }
        steps
    }

    fn absorb(rec: &mut Recorded<Fedrunek>, owners: &mut HashMap<Tunnel, usize>, record: StepRecord<Command, Outcome<TurnReport>>) {
        // Before a turn ends: which team drills what (a finished drilling names its driller).
        let drilling: Vec<(Tunnel, usize)> = match record.player {
            None => rec
                .timeline
                .last_state()
                .game
                .teams
                .iter()
                .enumerate()
                .flat_map(|(k, t)| {
                    t.robots.iter().filter_map(move |r| match r.operation {
                        Some(Operation::Drill(tunnel)) => Some((tunnel, k)),
                        _ => None,
                    })
                })
                .collect(),
            Some(_) => Vec::new(),
        };
        let command = record.action.as_ref().map(|c| split(&c.line).join(" "));
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        let name = |rec: &Recorded<Fedrunek>, k: usize| rec.track.players.get(k).map_or(format!("team {k}"), |p| p.name.clone());
        match &outcome {
            Outcome::Answer { lines, .. } if lines.first().is_some_and(|l| l == "OK") => {
                let player = rec.replay.records[i].player.unwrap_or(0);
                let kind = match command.as_deref() {
                    Some(c) if c.starts_with("BUY ") => Some(PURCHASE),
                    Some(c) if c.starts_with("UPGRADE ") => Some(UPGRADE),
                    _ => None,
                };
                if let (Some(kind), Some(c)) = (kind, &command) {
                    rec.track.markers.push(Marker { at: after, kind, label: format!("{}: {c}", name(rec, player)) });
                }
            }
            Outcome::Turn { turn, report, .. } => {
                rec.track.round_starts.push(after);
                let scores = Fedrunek::scores(rec.timeline.last_state());
                for (k, s) in scores.into_iter().enumerate() {
                    rec.track.scores[k].push((after, s));
                }
                for sale in &report.sales {
                    let label = format!("{} sold {:?} (iron, silver, gold) for {} credits", name(rec, sale.team), sale.cargo, sale.credits);
                    rec.track.markers.push(Marker { at: after, kind: SALE, label });
                }
                let world = &rec.timeline.last_state().game.world;
                for (tunnel, k) in drilling {
                    if world.has_tunnel(tunnel) && !owners.contains_key(&tunnel) {
                        owners.insert(tunnel, k);
                        let metal = [tunnel.low, tunnel.high()].into_iter().find(|&p| world.cell(p).metals().iter().any(|&u| u > 0));
                        if let Some(p) = metal {
                            let label = format!("{}'s tunnel reaches metal at {p}", name(rec, k));
                            rec.track.markers.push(Marker { at: after, kind: METAL_TUNNEL, label });
                        }
                    }
                }
                if report.threshold {
                    rec.track.markers.push(Marker {
                        at: after,
                        kind: THRESHOLD,
                        label: format!("90 % of the metal mined at the end of turn {turn}: 50 turns left"),
                    });
                }
            }
            _ => {}
        }
    }

    /// Brings the cube's meshes to the state at `cursor` seen as `team` (or by everyone).
    fn build_scene(&mut self, cursor: usize, team: Option<usize>) {
        let knowledge = team.map(|k| knowledge(&mut self.known, &self.rec, k, cursor));
        let state = &self.rec.state(cursor).game;
        let sight = Sight { world: &state.world, look: self.look, fog: team.zip(knowledge), owners: &self.owners, teams: &self.teams };
        let n = state.world.n();
        let cube = &mut self.cube;
        let fog = fog_digest(n, sight.fog.map(|f| f.1));
        let key = (self.look, team);
        let rebuild_all = cube.built_for != Some(key) || cube.world.as_ref().is_none_or(|w| w.n() != n) || cube.layers.len() != n as usize;
        let mut dirty = vec![rebuild_all; n as usize];
        if !rebuild_all {
            let changed = state.world.differing_x_layers(cube.world.as_ref().expect("checked"));
            for x in 0..n as usize {
                if changed[x] || fog[x] != cube.fog[x] {
                    for d in x.saturating_sub(1)..=(x + 1).min(n as usize - 1) {
                        dirty[d] = true;
                    }
                }
            }
        }
        if rebuild_all {
            cube.layers = vec![Arc::new(MeshData::default()); n as usize];
            cube.sites = Arc::new(sight.sites(&state.sites));
            cube.frame = Arc::new(sight.frame());
        }
        for (x, dirty) in dirty.into_iter().enumerate() {
            if dirty {
                cube.layers[x] = Arc::new(sight.layer(x as i32 + 1));
            }
        }
        if cube.robots_for != Some((cursor, team, self.look)) {
            let robots = state.teams.iter().enumerate().filter(|(k, _)| team.is_none_or(|t| t == *k));
            cube.robots = Arc::new(sight.robots(robots.flat_map(|(k, t)| t.robots.iter().map(move |r| (k, r)))));
            cube.robots_for = Some((cursor, team, self.look));
        }
        let selected = self.hand.as_ref().and_then(|h| h.robot(state)).map(|r| r.pos);
        if cube.hover.0 != (self.hovered, selected) {
            let mut mesh = MeshData::default();
            if let Some(p) = self.hovered {
                mesh.box_edges(cube::to_scene(n, p), [0.56; 3], 0.035, [1.0; 4]);
            }
            if let Some(p) = selected {
                mesh.box_edges(cube::to_scene(n, p), [0.62; 3], 0.05, [1.0, 0.85, 0.2, 1.0]);
            }
            cube.hover = ((self.hovered, selected), Arc::new(mesh));
        }
        cube.world = Some(state.world.clone());
        cube.fog = fog;
        cube.built_for = Some(key);
        let mut parts: Vec<Part> = cube.layers.iter().enumerate().map(|(x, m)| Part { id: x as u64, mesh: Arc::clone(m) }).collect();
        for (id, mesh) in [(SITES, &cube.sites), (FRAME, &cube.frame), (ROBOTS, &cube.robots), (HOVER, &cube.hover.1)] {
            parts.push(Part { id, mesh: Arc::clone(mesh) });
        }
        self.scene = Scene { parts, center: [0.0; 3], radius: n as f32 * 0.87 };
    }

    /// The view's own keys: the cut and the tunnels-only mode.
    fn keys(&mut self, ctx: &egui::Context, n: i32) {
        if crate::kit::contract::view::typing(ctx) {
            return;
        }
        let (cycle, deeper, shallower, only) = ctx.input(|i| {
            (i.key_pressed(egui::Key::C), i.key_pressed(egui::Key::Comma), i.key_pressed(egui::Key::Period), i.key_pressed(egui::Key::V))
        });
        if cycle {
            self.look.cut = match self.look.cut {
                None => Some(Cut { axis: 0, depth: (n + 1) / 2 }),
                Some(Cut { axis: 2, .. }) => None,
                Some(c) => Some(Cut { axis: c.axis + 1, depth: c.depth }),
            };
        }
        if let Some(cut) = &mut self.look.cut {
            cut.depth = (cut.depth - i32::from(deeper) + i32::from(shallower)).clamp(1, n);
        }
        if only {
            self.look.tunnels_only = !self.look.tunnels_only;
        }
    }
}

/// `team`'s knowledge after `cursor` steps: moved forward from the last one asked for when the
/// cursor moved forward, learnt again from the start otherwise.
fn knowledge<'a>(cache: &'a mut Option<KnownAt>, rec: &Recorded<Fedrunek>, team: usize, cursor: usize) -> &'a Knowledge {
    let cursor = cursor.min(rec.timeline.len());
    let reusable = matches!(cache, Some(k) if k.team == team && k.cursor <= cursor);
    if !reusable {
        *cache = Some(KnownAt { team, cursor: 0, state: rec.timeline.state_at(0), knowledge: Knowledge::default() });
    }
    let known = cache.as_mut().expect("just set");
    known.knowledge.advance(&mut known.state, &rec.timeline.steps()[known.cursor..cursor], team);
    known.cursor = cursor;
    &known.knowledge
}

/// Per x-layer, a digest of what a team knows there (zero for everyone's view): a layer is
/// redrawn when its digest moves.
fn fog_digest(n: i32, knowledge: Option<&Knowledge>) -> Vec<u64> {
    let mut digest = vec![0u64; n as usize];
    let Some(k) = knowledge else { return digest };
    let mut add = |p: Pos, item: &dyn Fn(&mut DefaultHasher)| {
        if (1..=n).contains(&p.x) {
            let mut h = DefaultHasher::new();
            p.hash(&mut h);
            item(&mut h);
            digest[p.x as usize - 1] = digest[p.x as usize - 1].wrapping_add(h.finish());
        }
    };
    for (p, seen) in &k.fields {
        add(*p, &|h| seen.hash(h));
    }
    for (p, totals) in &k.columns {
        add(*p, &|h| totals.hash(h));
    }
    digest
}

/// What the hover box says about a field.
fn describe_field(state: &FedrunekState, knowledge: Option<&Knowledge>, p: Pos) -> Vec<String> {
    let world = &state.world;
    let mut lines = vec![format!("field {p}{}", if world.on_surface(p) { " (surface)" } else { "" })];
    let site = if state.sites.stations.contains(&p) {
        Some("a station: miners sell here")
    } else if state.sites.workshops.contains(&p) {
        Some("a workshop: robots are bought and upgraded here")
    } else {
        None
    };
    lines.extend(site.map(String::from));
    let metal_line = |stone: bool, metals: [u8; 3]| {
        format!("{} · iron {} · silver {} · gold {}", if stone { "stone" } else { "ground" }, metals[0], metals[1], metals[2])
    };
    match knowledge {
        None => {
            let cell = world.cell(p);
            lines.push(metal_line(cell.stone(), cell.metals()));
        }
        Some(k) => match (k.fields.get(&p), k.columns.get(&p)) {
            (Some(Seen::Underground { stone, metals, .. }), _) => lines.push(format!("as last seen: {}", metal_line(*stone, *metals))),
            (_, Some(c)) => lines.push(format!(
                "scanned column under it: ground {} · stone {} · iron {} · silver {} · gold {}",
                c.ground, c.stone, c.metals[0], c.metals[1], c.metals[2]
            )),
            _ => lines.push("not seen by this team".into()),
        },
    }
    lines
}

impl ServerView for FedrunekView {
    type Args = WorldArgs;
    const HAND_HELP: &'static [(&'static str, &'static str)] = hand::HELP;
    const CONSOLE_HINT: &'static str = hand::CONSOLE_HINT;

    fn recorded(&self) -> &Recorded<Fedrunek> {
        &self.rec
    }

    fn recorded_mut(&mut self) -> &mut Recorded<Fedrunek> {
        &mut self.rec
    }

    fn seat(&self) -> Option<&Seat> {
        self.hand.as_ref().map(|h| &h.seat)
    }

    fn seat_mut(&mut self) -> Option<&mut Seat> {
        self.hand.as_mut().map(|h| &mut h.seat)
    }

    fn take_step(&mut self, record: StepRecord<Command, Outcome<TurnReport>>) {
        Self::absorb(&mut self.rec, &mut self.owners, record);
    }

    /// `kibitz play fedrunek`, and a take-over.
    fn host(plan: HostPlan<kibitz_fedrunek::Params>, team: usize, out: &Path, title: String) -> Result<Self, String> {
        Self::live(title, Hand::new(server_hand::seat::<FedrunekRules>(plan, team, out)?))
    }

    /// The team looked at as (P): the one a take-over seats the human in.
    fn looked_at(&self) -> Option<usize> {
        self.viewing
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        crate::kit::deadline24::log::log_lines(&self.rec, range, |_, report| {
            let sales: i64 = report.sales.iter().map(|s| s.credits).sum();
            format!("{} operations finished, {sales} credits of sales", report.finished)
        })
    }

    fn scene(&mut self, cursor: usize, perspective: Perspective) -> Option<&Scene> {
        let team = match perspective {
            Perspective::Player(k) if k < self.rec.track.players.len() => Some(k),
            _ => None,
        };
        self.viewing = team;
        self.build_scene(cursor, team);
        Some(&self.scene)
    }

    fn set_look(&mut self, setting: &str, camera: &mut BoardCamera) -> Result<(), String> {
        let n = self.rec.timeline.last_state().game.world.n();
        let degrees = |v: &str| v.parse::<f32>().map(f32::to_radians).map_err(|_| format!("{v:?} is not a number of degrees"));
        match setting.split_once('=') {
            None if setting == "tunnels" => self.look.tunnels_only = true,
            Some(("cut", spec)) => {
                let (axis, depth) = spec.split_once(':').ok_or("a cut is AXIS:DEPTH, e.g. cut=z:10")?;
                let axis = ["x", "y", "z"].iter().position(|a| *a == axis).ok_or(format!("the axis is x, y or z, not {axis:?}"))?;
                let depth =
                    depth.parse::<i32>().ok().filter(|d| (1..=n).contains(d)).ok_or(format!("the depth is 1 to {n}, not {depth:?}"))?;
                self.look.cut = Some(Cut { axis, depth });
            }
            Some(("yaw", v)) => camera.orbit.yaw = degrees(v)?,
            Some(("pitch", v)) => camera.orbit.pitch = degrees(v)?.clamp(-kibitz_scene::MAX_PITCH, kibitz_scene::MAX_PITCH),
            _ => return Err("fedrunek knows cut=AXIS:DEPTH, tunnels, yaw=DEG and pitch=DEG".into()),
        }
        Ok(())
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[("C", "cut the cube: along x, y, z, off"), (", / .", "move the cut deeper / back out"), ("V", "tunnels and robots only")]
    }

    fn draw(&mut self, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let team = match perspective {
            Perspective::Player(k) => Some(k),
            Perspective::Omniscient => None,
        };
        let n = self.rec.state(cursor).game.world.n();
        *space = Some(fields_seen(&self.scene, camera, rect, n));
        self.keys(ui.ctx(), n);
        let steps = self.steps(cursor >= self.rec.timeline.len());
        let painter = ui.painter_at(rect);
        legend(&painter, rect, team.is_some(), self.look, n);
        // What is under the pointer: the ray through it, walked field by field.
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let knowledge = team.map(|k| knowledge(&mut self.known, &self.rec, k, cursor));
        let state = &self.rec.state(cursor).game;
        let robots_at = |p: Pos| -> Vec<(usize, &kibitz_fedrunek::robots::Robot)> {
            state
                .teams
                .iter()
                .enumerate()
                .filter(|(k, _)| team.is_none_or(|t| t == *k))
                .flat_map(|(k, t)| t.robots.iter().filter(move |r| r.pos == p).map(move |r| (k, r)))
                .collect()
        };
        self.hovered = response.hover_pos().and_then(|at| {
            let local = at - rect.min;
            let ray = camera.orbit.ray(&self.scene, camera.zoom, rect.width(), rect.height(), local.x, local.y);
            let sight = Sight { world: &state.world, look: self.look, fog: team.zip(knowledge), owners: &self.owners, teams: &self.teams };
            sight.pick(ray, |p| !robots_at(p).is_empty())
        });
        let Some(p) = self.hovered else { return };
        let mut lines = describe_field(state, knowledge, p);
        for (k, r) in robots_at(p) {
            lines.push(format!("{}: {:?} {} · {}", names[k], r.kind, r.id, operation_text(r)));
        }
        // In hand play, at the live end: what a click there does.
        let live_end = cursor >= self.rec.timeline.len();
        let click = match &self.hand {
            Some(hand) if live_end && hand.seat.ended.is_none() => {
                let state = &self.rec.timeline.last_state().game;
                let step = hand.robot(state).and_then(|robot| {
                    let d = [p.x - robot.pos.x, p.y - robot.pos.y, p.z - robot.pos.z];
                    let slot = kibitz_fedrunek::hand::DIRECTIONS.iter().position(|(dir, _)| *dir == d)?;
                    steps[slot].clone()
                });
                lines.push(match &step {
                    Some(command) => format!("click: {command}"),
                    None if state.teams[hand.team()].robots.iter().any(|r| r.pos == p) => "click: select your robot here".into(),
                    None => String::new(),
                });
                Some(step)
            }
            _ => None,
        };
        hover_box(response, |ui| {
            for line in lines.iter().filter(|l| !l.is_empty()) {
                ui.label(line);
            }
        });
        if let (Some(step), true) = (click, response.clicked())
            && let Some(hand) = self.hand.as_mut()
        {
            hand.click(&self.rec.timeline.last_state().game, p, step);
        }
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let n = self.rec.state(cursor).game.world.n();
        look_controls(ui, &mut self.look, n);
        let state = self.rec.state(cursor).clone();
        let g = &state.game;
        ui.label(format!(
            "{} of {} metal units mined{}",
            g.mined,
            g.initial_metal,
            g.threshold_turn.map_or(String::new(), |t| format!(" · 90 % reached in turn {t}"))
        ));
        for (k, team) in g.teams.iter().enumerate() {
            if matches!(perspective, Perspective::Player(only) if only != k) {
                continue;
            }
            let name = &self.rec.track.players[k].name;
            let score = team.result();
            egui::CollapsingHeader::new(
                egui::RichText::new(format!("{name}: {} credits, {} spent, score {score}", team.credits, team.spent))
                    .color(player_color(k)),
            )
            .id_salt(("fedrunek-team", k))
            .show(ui, |ui| {
                for r in &team.robots {
                    ui.label(
                        egui::RichText::new(format!("{:?} {} at {} · levels {:?} · {}", r.kind, r.id, r.pos, r.levels, operation_text(r)))
                            .monospace()
                            .size(11.0),
                    );
                }
            });
        }
    }
    fn hand_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let steps = self.steps(at_end);
        let hand = self.hand.as_mut()?;
        let name = self.rec.track.players.get(hand.team()).map_or("?", |p| p.name.as_str());
        hand.panel(ui, &self.rec.timeline.last_state().game, name, &steps, at_end)
    }

    fn hand_keys(&mut self, ctx: &egui::Context) {
        let steps = self.steps(true);
        if let Some(hand) = self.hand.as_mut() {
            hand.keys(&self.rec.timeline.last_state().game, ctx, &steps);
        }
    }

    fn followed(&mut self) {
        self.cut_to_selected();
    }
}

/// The cut and the tunnels-only switch, in the side panel (keys C, ',' '.', V do the same).
fn look_controls(ui: &mut egui::Ui, look: &mut Look, n: i32) {
    ui.horizontal(|ui| {
        ui.label("cut:");
        let mut axis = look.cut.map(|c| c.axis);
        for (value, label) in [(None, "none"), (Some(0), "x"), (Some(1), "y"), (Some(2), "z")] {
            ui.selectable_value(&mut axis, value, label);
        }
        let depth = look.cut.map_or((n + 1) / 2, |c| c.depth);
        look.cut = axis.map(|axis| Cut { axis, depth });
        if let Some(cut) = &mut look.cut {
            ui.add(egui::Slider::new(&mut cut.depth, 1..=n).text("≤"));
        }
    });
    ui.checkbox(&mut look.tunnels_only, "tunnels and robots only (V)");
}

/// The colour key, top left of the board.
fn legend(painter: &egui::Painter, rect: egui::Rect, fog: bool, look: Look, n: i32) {
    let p = cube::palette();
    let c = |rgb: (f32, f32, f32)| Color32::from_rgb((rgb.0 * 255.0) as u8, (rgb.1 * 255.0) as u8, (rgb.2 * 255.0) as u8);
    let mut items = vec![
        (c(p.ground), "ground"),
        (c(p.stone), "stone"),
        (c(p.iron), "iron"),
        (c(p.silver), "silver"),
        (c(p.gold), "gold"),
        (c(p.station), "station"),
        (c(p.workshop), "workshop"),
    ];
    if fog {
        items.push((c(p.fog), "not seen"));
    }
    let font = FontId::proportional(12.0);
    let mut at = rect.left_top() + Vec2::new(10.0, 10.0);
    for (color, label) in items {
        painter.rect_filled(egui::Rect::from_min_size(at, Vec2::splat(11.0)), 2.0, color);
        painter.text(at + Vec2::new(16.0, 5.5), Align2::LEFT_CENTER, label, font.clone(), Color32::from_gray(210));
        at.y += 16.0;
    }
    painter.text(at + Vec2::new(0.0, 4.0), Align2::LEFT_TOP, "■ miner  ◆ scout (team colours)", font.clone(), Color32::from_gray(210));
    let cut = match look.cut {
        Some(cut) => format!("cut: {} ≤ {} of {n}", ["x", "y", "z"][cut.axis], cut.depth),
        None => "no cut (C)".into(),
    };
    let mode = if look.tunnels_only { " · tunnels and robots only" } else { "" };
    painter.text(at + Vec2::new(0.0, 22.0), Align2::LEFT_TOP, format!("{cut}{mode}"), font, Color32::from_gray(170));
}

/// Where the bots' drawing goes: a place (x, y, z) is that field's centre, seen by the orbit
/// camera the 3D board is drawn with.
fn fields_seen(scene: &Scene, camera: &BoardCamera, rect: egui::Rect, n: i32) -> BoardSpace {
    let (center, radius, orbit, zoom) = (scene.center, scene.radius, camera.orbit, camera.zoom);
    let to_screen = move |_: usize, at: [f32; 3]| {
        let light = Scene { parts: Vec::new(), center, radius };
        let (x, y) = orbit.project(&light, zoom, rect.width(), rect.height(), cube::to_scene_point(n, at))?;
        Some(rect.min + egui::vec2(x, y))
    };
    // A field's width at the cube's middle, roughly: the cube fills the view at zoom 1.
    BoardSpace { to_screen: Box::new(to_screen), cell: rect.height() * zoom / (n as f32 * 1.9) }
}
