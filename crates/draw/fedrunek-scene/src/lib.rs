//! Fedrunek's mining cube as a 3D scene: the fields as voxels, tunnels as tubes between field
//! centres, stations and workshops on the surface, robots in team colours; a cut-away plane, a
//! "tunnels and robots only" mode, and the fog of one team's knowledge; which field is under
//! the pointer. Pure geometry over the rules' state (no Bevy): the app's fedrunek view calls
//! it, and its shell hands the meshes to the renderer. Built optimised even in dev builds (the
//! root `Cargo.toml`): a 64³ cube's layers are rebuilt while a replay plays.
//!
//! Game coordinates (x, y, z) in 1..=N map to the scene as Z = x, X = y, Y = z (up), centred:
//! a rotation, so the cube is not mirrored. A field is solid unless a tunnel touches it, so
//! tunnels show as holes in the surface and grooves in the cut face, with their tube inside.

use kibitz_fedrunek::knowledge::{Knowledge, Seen};
use kibitz_fedrunek::robots::{Kind, Robot};
use kibitz_fedrunek::rules::Sites;
use kibitz_fedrunek::world::{Metal, Pos, Tunnel, World};
use kibitz_scene::{self as scene, MeshData, Ray, Vec3};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A colour, sRGB 0–1.
pub type Rgb = (f32, f32, f32);

/// The cube's colours, from `assets/fedrunek/cube.ron` (embedded).
#[derive(Debug, Clone, Deserialize)]
pub struct Palette {
    pub ground: Rgb,
    pub stone: Rgb,
    pub iron: Rgb,
    pub silver: Rgb,
    pub gold: Rgb,
    pub fog: Rgb,
    pub station: Rgb,
    pub workshop: Rgb,
    pub tunnel: Rgb,
    pub frame: Rgb,
    pub cut: Rgb,
}

pub const PALETTE_RON: &str = include_str!("../../../../assets/fedrunek/cube.ron");

pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    // The file is part of the binary and a test parses it: it cannot be broken at run time.
    PALETTE.get_or_init(|| ron::from_str(PALETTE_RON).expect("assets/fedrunek/cube.ron parses (tested)"))
}

impl Palette {
    /// Iron, silver, gold, in `Metal::ALL` order.
    pub fn metals(&self) -> [Rgb; 3] {
        [self.iron, self.silver, self.gold]
    }
}

fn rgba(c: Rgb) -> [f32; 4] {
    [c.0, c.1, c.2, 1.0]
}

fn lerp(a: Rgb, b: Rgb, t: f32) -> Rgb {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
}

/// A field's colour from its material and metal: towards its most valuable metal, more so the
/// more units it holds.
pub fn field_rgb(stone: bool, metals: [u8; 3]) -> Rgb {
    let p = palette();
    let base = if stone { p.stone } else { p.ground };
    let units: u32 = metals.iter().map(|&u| u as u32).sum();
    if units == 0 {
        return base;
    }
    let best = (0..3).max_by_key(|&m| metals[m] as i64 * Metal::PRICES[m]).unwrap_or(0);
    lerp(base, p.metals()[best], 0.45 + 0.55 * (units.min(12) as f32 / 12.0))
}

/// A cut-away: the fields with coordinate `axis` above `depth` are not drawn, so the layer at
/// `depth` faces the camera.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cut {
    pub axis: usize,
    pub depth: i32,
}

/// How the cube is looked at, besides the camera.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Look {
    pub cut: Option<Cut>,
    /// Only tunnels, robots, sites and the cube's edges.
    pub tunnels_only: bool,
}

/// The scene axis of each game axis, and its sense: x is Z, y is X, z is Y (up). A rotation
/// (the cube is not mirrored) under which a cut's open face (towards +x, +y or +z) faces
/// the default camera whatever the axis.
const SCENE_AXIS: [(usize, f32); 3] = [(2, 1.0), (0, 1.0), (1, 1.0)];

/// A game vector in the scene.
fn scene_vec(d: [f32; 3]) -> Vec3 {
    let mut v = [0.0; 3];
    for (a, &(s, sense)) in SCENE_AXIS.iter().enumerate() {
        v[s] = d[a] * sense;
    }
    v
}

/// A scene vector in game axes.
fn game_vec(v: Vec3) -> [f32; 3] {
    SCENE_AXIS.map(|(s, sense)| v[s] * sense)
}

/// The scene's position of a field's centre.
pub fn to_scene(n: i32, p: Pos) -> Vec3 {
    to_scene_point(n, [p.x as f32, p.y as f32, p.z as f32])
}

/// The scene's position of a point in game coordinates (a field's centre at whole numbers).
pub fn to_scene_point(n: i32, [x, y, z]: [f32; 3]) -> Vec3 {
    let c = (n as f32 + 1.0) / 2.0;
    scene_vec([x - c, y - c, z - c])
}

/// The scene's face index (`scene::FACE_NORMALS`) of the game direction `axis`, `positive`.
fn scene_face(axis: usize, positive: bool) -> usize {
    let (s, sense) = SCENE_AXIS[axis];
    2 * s + usize::from((sense > 0.0) != positive)
}

/// Everything that decides what the cube shows at one moment.
pub struct Sight<'a> {
    pub world: &'a World,
    pub look: Look,
    /// "As team k": its knowledge; the rest is fog.
    pub fog: Option<(usize, &'a Knowledge)>,
    /// Who drilled each tunnel.
    pub owners: &'a HashMap<Tunnel, usize>,
    /// Each team's colour.
    pub teams: &'a [Rgb],
}

impl Sight<'_> {
    fn n(&self) -> i32 {
        self.world.n()
    }

    fn team_rgb(&self, k: usize) -> Rgb {
        self.teams.get(k).copied().unwrap_or(palette().tunnel)
    }

    /// Which fields of x-layer `x` are blocks, by (y − 1) × N + (z − 1); none outside the cube.
    fn solid_layer(&self, x: i32) -> Vec<bool> {
        let n = self.n();
        let mut solid = vec![false; (n * n) as usize];
        if !(1..=n).contains(&x) || self.look.tunnels_only || self.look.cut.is_some_and(|c| c.axis == 0 && x > c.depth) {
            return solid;
        }
        // The layer's cells and the previous layer's, read once: a field is excavated when a
        // tunnel leaves it, or comes to it from the field before it along some axis.
        let cells = |x: i32| -> Vec<u16> {
            let mut out = vec![0; (n * n) as usize];
            if (1..=n).contains(&x) {
                for y in 1..=n {
                    for z in 1..=n {
                        out[((y - 1) * n + z - 1) as usize] = self.world.cell(Pos::new(x, y, z)).0;
                    }
                }
            }
            out
        };
        let (here, before) = (cells(x), cells(x - 1));
        const TUNNELS: u16 = 0b111 << 13;
        let tunnel = |c: u16, axis: u16| c & (1 << (13 + axis)) != 0;
        for y in 1..=n {
            for z in 1..=n {
                let i = ((y - 1) * n + z - 1) as usize;
                let excavated = here[i] & TUNNELS != 0
                    || tunnel(before[i], 0)
                    || (y > 1 && tunnel(here[i - n as usize], 1))
                    || (z > 1 && tunnel(here[i - 1], 2));
                let kept = self.look.cut.is_none_or(|c| Pos::new(x, y, z).get(c.axis) <= c.depth);
                solid[i] = kept && !excavated;
            }
        }
        solid
    }

    /// Inside the cube and on the kept side of the cut.
    pub fn kept(&self, p: Pos) -> bool {
        self.world.inside(p) && self.look.cut.is_none_or(|c| p.get(c.axis) <= c.depth)
    }

    /// A tunnel leads into the field.
    pub fn excavated(&self, p: Pos) -> bool {
        let cell = self.world.cell(p);
        (0..3).any(|a| {
            let mut d = [0; 3];
            d[a] = -1;
            let below = p.offset(d);
            cell.tunnel(a) || (self.world.inside(below) && self.world.cell(below).tunnel(a))
        })
    }

    /// Drawn as a block.
    pub fn solid(&self, p: Pos) -> bool {
        !self.look.tunnels_only && self.kept(p) && !self.excavated(p)
    }

    fn field_color(&self, p: Pos) -> Rgb {
        let cell = self.world.cell(p);
        let Some((_, knowledge)) = self.fog else { return field_rgb(cell.stone(), cell.metals()) };
        match knowledge.fields.get(&p) {
            Some(Seen::Underground { stone, metals, .. }) => field_rgb(*stone, *metals),
            _ => match knowledge.columns.get(&p) {
                // A scanned column: its surface field shows what the scan counted under it.
                Some(totals) => {
                    let m = totals.metals.map(|u| u.min(255) as u8);
                    lerp(palette().fog, field_rgb(false, m), 0.8)
                }
                None => palette().fog,
            },
        }
    }

    /// Whether the team in whose fog we look knows of the tunnel.
    fn tunnel_known(&self, t: Tunnel) -> bool {
        match self.fog {
            None => true,
            Some((team, k)) => self.owners.get(&t) == Some(&team) || k.fields.contains_key(&t.low) || k.fields.contains_key(&t.high()),
        }
    }

    /// The blocks of x-layer `x` (their faces towards anything not solid) and the tunnels
    /// starting in it.
    pub fn layer(&self, x: i32) -> MeshData {
        let n = self.n();
        let mut mesh = MeshData::default();
        // Blocks of this layer and its two neighbours, each worked out once.
        let layers = [self.solid_layer(x - 1), self.solid_layer(x), self.solid_layer(x + 1)];
        let solid = |d: [i32; 3], y: i32, z: i32| {
            let (y, z) = (y + d[1], z + d[2]);
            (1..=n).contains(&y) && (1..=n).contains(&z) && layers[(1 + d[0]) as usize][((y - 1) * n + z - 1) as usize]
        };
        for y in 1..=n {
            for z in 1..=n {
                let p = Pos::new(x, y, z);
                if solid([0; 3], y, z) {
                    // The colour is worked out only for a block with a face to show.
                    let mut color = None;
                    for axis in 0..3 {
                        for positive in [false, true] {
                            let mut d = [0; 3];
                            d[axis] = if positive { 1 } else { -1 };
                            if !solid(d, y, z) {
                                let color = *color.get_or_insert_with(|| {
                                    // Every other field a shade darker, so that fields can be counted.
                                    let checker = if (x + y + z) % 2 == 0 { 1.0 } else { 0.92 };
                                    let [r, g, b, a] = rgba(self.field_color(p));
                                    [r * checker, g * checker, b * checker, a]
                                });
                                let face = scene_face(axis, positive);
                                mesh.quad(scene::face_corners(to_scene(n, p), [0.5; 3], face), scene::shaded(color, face));
                            }
                        }
                    }
                }
                let cell = self.world.cell(p);
                if cell.0 >> 13 == 0 {
                    continue; // no tunnel starts here
                }
                for axis in 0..3 {
                    let t = Tunnel { low: p, axis: axis as u8 };
                    if cell.tunnel(axis) && self.kept(p) && self.kept(t.high()) && self.tunnel_known(t) {
                        let color = self.owners.get(&t).map_or(palette().tunnel, |&k| self.team_rgb(k));
                        let (a, b) = (to_scene(n, p), to_scene(n, t.high()));
                        let mut half = [0.14; 3];
                        half[SCENE_AXIS[axis].0] = 0.5 + 0.14;
                        mesh.cuboid(scene::scale(scene::add(a, b), 0.5), half, rgba(color));
                    }
                }
            }
        }
        mesh
    }

    /// The outward direction of a surface field (the first face it is on), in game axes.
    fn outward(&self, p: Pos) -> [f32; 3] {
        let n = self.n();
        let mut d = [0.0; 3];
        if let Some(axis) = (0..3).find(|&a| p.get(a) == 1 || p.get(a) == n) {
            d[axis] = if p.get(axis) == 1 { -1.0 } else { 1.0 };
        }
        d
    }

    /// Stations and workshops: plates on the surface.
    pub fn sites(&self, sites: &Sites) -> MeshData {
        let mut mesh = MeshData::default();
        for (list, color) in [(&sites.stations, palette().station), (&sites.workshops, palette().workshop)] {
            for &p in list.iter().filter(|&&p| self.kept(p)) {
                let out = scene_vec(self.outward(p));
                let center = scene::add(to_scene(self.n(), p), scene::scale(out, 0.5 + 0.08));
                let half = out.map(|c| if c != 0.0 { 0.08 } else { 0.44 });
                mesh.cuboid(center, half, rgba(color));
            }
        }
        mesh
    }

    /// Robots: miners as cubes, scouts as diamonds, in team colours; several in a field share
    /// it side by side. On a solid surface field they stand on its outer face.
    pub fn robots<'r>(&self, robots: impl Iterator<Item = (usize, &'r Robot)>) -> MeshData {
        let mut by_field: HashMap<Pos, Vec<(usize, &Robot)>> = HashMap::new();
        for (k, r) in robots {
            if self.kept(r.pos) {
                by_field.entry(r.pos).or_default().push((k, r));
            }
        }
        let mut mesh = MeshData::default();
        for (p, here) in by_field {
            let out = if self.solid(p) { self.outward(p) } else { [0.0; 3] };
            let lifted = out != [0.0; 3];
            let size = if here.len() > 1 { 0.2 } else { 0.3 };
            let center = scene::add(to_scene(self.n(), p), scene::scale(scene_vec(out), 0.5 + size + 0.1));
            // Side by side on a ring across the outward direction (horizontal underground).
            let (u, v) = match out.iter().position(|&c| c != 0.0) {
                Some(0) => ([0.0, 1.0, 0.0], [0.0, 0.0, 1.0]),
                Some(1) => ([1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
                _ => ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
            };
            let (u, v) = if lifted { (scene_vec(u), scene_vec(v)) } else { ([1.0, 0.0, 0.0], [0.0, 0.0, 1.0]) };
            for (i, (k, robot)) in here.iter().enumerate() {
                let angle = i as f32 / here.len() as f32 * std::f32::consts::TAU;
                let ring = if here.len() > 1 { 0.3 } else { 0.0 };
                let at = scene::add(center, scene::add(scene::scale(u, ring * angle.cos()), scene::scale(v, ring * angle.sin())));
                let color = rgba(self.team_rgb(*k));
                match robot.kind {
                    Kind::Miner => mesh.cuboid(at, [size * 0.8; 3], color),
                    Kind::Scout => octahedron(&mut mesh, at, size, color),
                }
            }
        }
        mesh
    }

    /// The cube's edges, and the cut plane's outline.
    pub fn frame(&self) -> MeshData {
        let n = self.n() as f32;
        let h = n / 2.0;
        let mut mesh = MeshData::default();
        let t = 0.04 * n.max(8.0) / 8.0;
        mesh.box_edges([0.0; 3], [h; 3], t, rgba(palette().frame));
        if let Some(cut) = self.look.cut {
            // A flat box: the rectangle where the cut plane meets the cube.
            let (s, sense) = SCENE_AXIS[cut.axis];
            let mut center = [0.0; 3];
            center[s] = (cut.depth as f32 + 0.5 - (n + 1.0) / 2.0) * sense;
            let mut half = [h; 3];
            half[s] = 0.0;
            mesh.box_edges(center, half, t * 1.5, rgba(palette().cut));
        }
        mesh
    }

    /// The first field along `ray` that is drawn as a block, or that `occupied` (robots)
    /// says holds something, or, with tunnels only, one a tunnel leads into.
    pub fn pick(&self, ray: Ray, occupied: impl Fn(Pos) -> bool) -> Option<Pos> {
        let n = self.n();
        let c = (n as f32 + 1.0) / 2.0;
        // Game space shifted so that field p spans [p, p + 1) on each axis.
        let o = game_vec(ray.origin).map(|v| v + c + 0.5);
        let d = game_vec(ray.dir);
        let (lo, hi) = (1.0f32, n as f32 + 1.0);
        let (mut enter, mut exit) = (0.0f32, f32::INFINITY);
        for a in 0..3 {
            if d[a].abs() < 1e-9 {
                if o[a] < lo || o[a] >= hi {
                    return None;
                }
            } else {
                let (t1, t2) = ((lo - o[a]) / d[a], (hi - o[a]) / d[a]);
                enter = enter.max(t1.min(t2));
                exit = exit.min(t1.max(t2));
            }
        }
        if enter > exit {
            return None;
        }
        let start: [f32; 3] = std::array::from_fn(|a| o[a] + d[a] * (enter + 1e-4));
        let mut cell: [i32; 3] = std::array::from_fn(|a| (start[a].floor() as i32).clamp(1, n));
        let step: [i32; 3] = std::array::from_fn(|a| if d[a] > 0.0 { 1 } else { -1 });
        let mut next: [f32; 3] = std::array::from_fn(|a| {
            if d[a].abs() < 1e-9 {
                f32::INFINITY
            } else {
                let boundary = if d[a] > 0.0 { cell[a] + 1 } else { cell[a] } as f32;
                (boundary - start[a]) / d[a]
            }
        });
        let delta: [f32; 3] = std::array::from_fn(|a| if d[a].abs() < 1e-9 { f32::INFINITY } else { 1.0 / d[a].abs() });
        for _ in 0..(3 * n + 3) {
            let p = Pos::new(cell[0], cell[1], cell[2]);
            if !self.world.inside(p) {
                return None;
            }
            let tunnel_here = self.look.tunnels_only && self.kept(p) && self.excavated(p);
            if self.solid(p) || (self.kept(p) && occupied(p)) || tunnel_here {
                return Some(p);
            }
            let a = (0..3).min_by(|&i, &j| next[i].total_cmp(&next[j])).unwrap_or(0);
            cell[a] += step[a];
            next[a] += delta[a];
        }
        None
    }
}

/// A diamond: eight triangles around `c`, each shaded by its normal.
fn octahedron(mesh: &mut MeshData, c: Vec3, r: f32, color: [f32; 4]) {
    let tips = [[r, 0.0, 0.0], [-r, 0.0, 0.0], [0.0, r * 1.3, 0.0], [0.0, -r * 1.3, 0.0], [0.0, 0.0, r], [0.0, 0.0, -r]];
    let light = scene::normalize([0.35, 1.0, 0.55]);
    for &x in &[0, 1] {
        for &y in &[2, 3] {
            for &z in &[4, 5] {
                let (mut a, mut b, e) = (tips[x], tips[y], tips[z]);
                // Counter-clockwise from outside: an odd number of negative tips mirrors the
                // (+X, +Y, +Z) triangle, whose order is right.
                if (x + y + z) % 2 == 1 {
                    std::mem::swap(&mut a, &mut b);
                }
                let normal = scene::normalize(scene::cross(scene::sub(b, a), scene::sub(e, a)));
                let s = 0.5 + 0.5 * scene::dot(normal, light).max(0.0);
                let base = mesh.positions.len() as u32;
                mesh.positions.extend([scene::add(c, a), scene::add(c, b), scene::add(c, e)]);
                mesh.colors.extend([[color[0] * s, color[1] * s, color[2] * s, 1.0]; 3]);
                mesh.indices.extend([base, base + 1, base + 2]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz_fedrunek::world::Cell;

    fn world() -> World {
        let mut w = World::new(6);
        w.set(Pos::new(3, 3, 6), Cell::default().with_metal(Metal::Gold, 5));
        w
    }

    const TEAMS: [Rgb; 2] = [(0.2, 0.6, 0.9), (0.9, 0.3, 0.3)];

    fn sight<'a>(w: &'a World, owners: &'a HashMap<Tunnel, usize>, look: Look) -> Sight<'a> {
        Sight { world: w, look, fog: None, owners, teams: &TEAMS }
    }

    /// A ray from high above field (x, y) straight down (game −z, scene −Y).
    fn down(n: i32, x: i32, y: i32) -> Ray {
        let mut origin = to_scene(n, Pos::new(x, y, n));
        origin[1] += 50.0;
        Ray { origin, dir: [0.0, -1.0, 0.0] }
    }

    #[test]
    fn game_and_scene_axes_are_a_rotation_both_ways() {
        let (x, y, z) = (scene_vec([1.0, 0.0, 0.0]), scene_vec([0.0, 1.0, 0.0]), scene_vec([0.0, 0.0, 1.0]));
        assert_eq!(scene::cross(x, y), z, "right-handed: not mirrored");
        assert_eq!(z, [0.0, 1.0, 0.0], "z is up");
        assert_eq!(game_vec(scene_vec([1.0, 2.0, 3.0])), [1.0, 2.0, 3.0]);
        // A cut keeps the fields at or below it, so its open face looks towards +x, +y or +z:
        // the default camera sees all three.
        let scene = scene::Scene { parts: Vec::new(), center: [0.0; 3], radius: 10.0 };
        let eye = scene::Orbit::default().eye(&scene, 1.0);
        for d in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
            assert!(scene::dot(scene_vec(d), eye) > 0.0, "the face towards {d:?} faces the camera");
        }
        for axis in 0..3 {
            for positive in [false, true] {
                let mut d = [0.0; 3];
                d[axis] = if positive { 1.0 } else { -1.0 };
                let normal = scene::FACE_NORMALS[scene_face(axis, positive)].map(|v| v as f32);
                assert_eq!(normal, scene_vec(d));
            }
        }
    }

    #[test]
    fn the_palette_asset_parses() {
        let p: Palette = ron::from_str(PALETTE_RON).expect("assets/fedrunek/cube.ron");
        assert!(p.metals().iter().all(|m| m.0 <= 1.0 && m.1 <= 1.0 && m.2 <= 1.0));
    }

    #[test]
    fn a_full_cube_shows_only_its_surface() {
        let w = world();
        let owners = HashMap::new();
        let s = sight(&w, &owners, Look::default());
        let quads: usize = (1..=6).map(|x| s.layer(x).indices.len() / 6).sum();
        assert_eq!(quads, 6 * 6 * 6, "six faces of 6 × 6 fields");
    }

    #[test]
    fn a_layers_blocks_agree_with_the_field_by_field_rule() {
        let mut w = world();
        for (a, b) in [((3, 3, 6), (3, 3, 5)), ((2, 2, 2), (3, 2, 2)), ((4, 1, 3), (4, 2, 3)), ((5, 5, 1), (5, 5, 2))] {
            w.add_tunnel(Tunnel::between(Pos::new(a.0, a.1, a.2), Pos::new(b.0, b.1, b.2)).unwrap());
        }
        let owners = HashMap::new();
        for look in
            [Look::default(), Look { cut: Some(Cut { axis: 1, depth: 3 }), tunnels_only: false }, Look { cut: None, tunnels_only: true }]
        {
            let s = sight(&w, &owners, look);
            for x in 0..=7 {
                let layer = s.solid_layer(x);
                for y in 1..=6 {
                    for z in 1..=6 {
                        assert_eq!(layer[((y - 1) * 6 + z - 1) as usize], s.solid(Pos::new(x, y, z)), "{x} {y} {z} {look:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_cut_opens_the_layer_and_picking_finds_it() {
        let w = world();
        let owners = HashMap::new();
        let whole = sight(&w, &owners, Look::default());
        assert_eq!(whole.pick(down(6, 3, 3), |_| false), Some(Pos::new(3, 3, 6)));
        let cut = sight(&w, &owners, Look { cut: Some(Cut { axis: 2, depth: 4 }), tunnels_only: false });
        assert_eq!(cut.pick(down(6, 3, 3), |_| false), Some(Pos::new(3, 3, 4)));
        // The cut face: 6 × 6 quads on top of layer z = 4, none above it.
        assert!(!cut.solid(Pos::new(3, 3, 5)) && cut.solid(Pos::new(3, 3, 4)));
        let only = sight(&w, &owners, Look { cut: None, tunnels_only: true });
        assert_eq!(only.pick(down(6, 3, 3), |_| false), None);
        assert_eq!(only.pick(down(6, 3, 3), |p| p == Pos::new(3, 3, 2)), Some(Pos::new(3, 3, 2)));
        assert_eq!(only.layer(3).indices.len(), 0);
    }

    #[test]
    fn the_camera_ray_through_the_screen_centre_hits_the_cube() {
        let w = world();
        let owners = HashMap::new();
        let s = sight(&w, &owners, Look::default());
        let scene = scene::Scene { parts: Vec::new(), center: [0.0; 3], radius: 6.0 * 0.87 };
        let ray = scene::Orbit::default().ray(&scene, 1.0, 800.0, 600.0, 400.0, 300.0);
        let p = s.pick(ray, |_| false).expect("the middle of the screen is the cube");
        assert!(w.on_surface(p));
        // Far from the cube: nothing.
        assert_eq!(s.pick(scene::Orbit::default().ray(&scene, 1.0, 800.0, 600.0, 0.0, 0.0), |_| false), None);
    }

    #[test]
    fn tunnels_hollow_their_fields_and_take_their_drillers_colour() {
        let mut w = world();
        let t = Tunnel::between(Pos::new(3, 3, 6), Pos::new(3, 3, 5)).unwrap();
        w.add_tunnel(t);
        let owners = HashMap::from([(t, 1)]);
        let s = sight(&w, &owners, Look::default());
        assert!(s.excavated(Pos::new(3, 3, 6)) && s.excavated(Pos::new(3, 3, 5)) && !s.excavated(Pos::new(3, 3, 4)));
        // Looking down the shaft: the first block is the one under the tunnel.
        assert_eq!(s.pick(down(6, 3, 3), |_| false), Some(Pos::new(3, 3, 4)));
        let layer = s.layer(3);
        let c = TEAMS[1];
        assert!(layer.colors.iter().any(|v| (v[0] - c.0 * scene::shade(2)).abs() < 1e-5), "the tube in team 1's colour");
    }

    #[test]
    fn in_the_fog_only_what_the_team_saw_has_colour() {
        let w = world();
        let owners = HashMap::new();
        let mut k = Knowledge::default();
        k.fields.insert(Pos::new(3, 3, 6), Seen::Underground { stone: false, metals: [0, 0, 5], tunnel: None });
        let s = Sight { world: &w, look: Look::default(), fog: Some((0, &k)), owners: &owners, teams: &TEAMS };
        assert_eq!(s.field_color(Pos::new(3, 3, 6)), field_rgb(false, [0, 0, 5]));
        assert_eq!(s.field_color(Pos::new(2, 3, 6)), palette().fog);
        assert_ne!(field_rgb(false, [0, 0, 5]), palette().ground, "gold shows");
    }

    #[test]
    fn every_robot_is_drawn_even_several_in_one_field() {
        let w = world();
        let owners = HashMap::new();
        let s = sight(&w, &owners, Look::default());
        let robots = [Robot::new(1, Kind::Miner, Pos::new(1, 1, 1)), Robot::new(2, Kind::Scout, Pos::new(1, 1, 1))];
        let mesh = s.robots(robots.iter().map(|r| (0, r)));
        assert_eq!(mesh.indices.len(), 36 + 24, "a cube and a diamond");
        let centroid = |range: std::ops::Range<usize>| {
            let pts = &mesh.positions[range];
            let sum = pts.iter().fold([0.0; 3], |acc, p| scene::add(acc, *p));
            scene::scale(sum, 1.0 / pts.len() as f32)
        };
        let (a, b) = (centroid(0..24), centroid(24..48));
        assert!(scene::dot(scene::sub(a, b), scene::sub(a, b)) > 0.1, "side by side, not on top of each other");
        for tri in mesh.indices[36..].chunks(3) {
            let [p, q, r] = [0, 1, 2].map(|i| mesh.positions[tri[i] as usize]);
            let normal = scene::cross(scene::sub(q, p), scene::sub(r, p));
            assert!(scene::dot(normal, scene::sub(p, b)) > 0.0, "the diamond's faces wind counter-clockwise from outside");
        }
    }
}
