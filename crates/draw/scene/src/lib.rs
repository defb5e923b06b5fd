//! A board drawn by the 3D renderer (fedrunek's mining cube), as plain data: the view builds
//! coloured triangle meshes, the shell hands them to Bevy and places the camera. Kept free of
//! Bevy so that the camera and picking maths are tested without a window.
//!
//! Axes are the renderer's: Y points up. Colours are linear RGBA with the shading baked in
//! (the material is unlit), so a software renderer spends nothing on lighting.

use std::sync::Arc;

pub type Vec3 = [f32; 3];

/// Coloured triangles.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    pub positions: Vec<Vec3>,
    pub colors: Vec<[f32; 4]>,
    pub indices: Vec<u32>,
}

impl MeshData {
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// A quad from four corners in counter-clockwise order seen from the side it faces.
    pub fn quad(&mut self, corners: [Vec3; 4], color: [f32; 4]) {
        let base = self.positions.len() as u32;
        self.positions.extend(corners);
        self.colors.extend([color; 4]);
        self.indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// An axis-aligned box around `center` with half-sizes `half`, each face shaded by
    /// [`shade`].
    pub fn cuboid(&mut self, center: Vec3, half: Vec3, color: [f32; 4]) {
        for face in 0..6 {
            self.quad(face_corners(center, half, face), shaded(color, face));
        }
    }

    /// The twelve edges of a box around `center` with half-sizes `half`, as bars `thickness`
    /// thick (a half-size of 0 gives the four edges of a rectangle).
    pub fn box_edges(&mut self, center: Vec3, half: Vec3, thickness: f32, color: [f32; 4]) {
        let sides = |h: f32| if h == 0.0 { vec![0.0] } else { vec![-h, h] };
        for axis in (0..3).filter(|&a| half[a] > 0.0) {
            let (i, j) = [(1, 2), (0, 2), (0, 1)][axis];
            for a in sides(half[i]) {
                for b in sides(half[j]) {
                    let mut at = center;
                    at[i] += a;
                    at[j] += b;
                    let mut bar = [thickness; 3];
                    bar[axis] = half[axis] + thickness;
                    self.cuboid(at, bar, color);
                }
            }
        }
    }

    /// Appends another mesh.
    pub fn extend(&mut self, other: &MeshData) {
        let base = self.positions.len() as u32;
        self.positions.extend_from_slice(&other.positions);
        self.colors.extend_from_slice(&other.colors);
        self.indices.extend(other.indices.iter().map(|i| i + base));
    }
}

/// The six faces of a box, in the order +X, −X, +Y, −Y, +Z, −Z.
pub const FACE_NORMALS: [[i32; 3]; 6] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/// How bright each face is (a fixed light from above and in front): faces stay apart without
/// any lighting in the renderer.
pub fn shade(face: usize) -> f32 {
    [0.7, 0.58, 1.0, 0.45, 0.85, 0.62][face]
}

pub fn shaded(color: [f32; 4], face: usize) -> [f32; 4] {
    let s = shade(face);
    [color[0] * s, color[1] * s, color[2] * s, color[3]]
}

/// The corners of one face of a box, counter-clockwise seen from outside.
pub fn face_corners(c: Vec3, h: Vec3, face: usize) -> [Vec3; 4] {
    let axis = face / 2;
    let sign = if face % 2 == 0 { 1.0 } else { -1.0 };
    // Two axes spanning the face, ordered so that (u × v) points along the outward normal.
    let (u, v) = [(1, 2), (2, 0), (0, 1)][axis];
    let (u, v) = if sign > 0.0 { (u, v) } else { (v, u) };
    let corner = |su: f32, sv: f32| {
        let mut p = c;
        p[axis] += sign * h[axis];
        p[u] += su * h[u];
        p[v] += sv * h[v];
        p
    };
    [corner(-1.0, -1.0), corner(1.0, -1.0), corner(1.0, 1.0), corner(-1.0, 1.0)]
}

/// One mesh of a scene. The shell uploads a part again only when its `mesh` is another `Arc`
/// (a view rebuilds only what changed and hands back the same `Arc` otherwise).
#[derive(Debug, Clone)]
pub struct Part {
    pub id: u64,
    pub mesh: Arc<MeshData>,
}

/// What the renderer shows for the board, and the sphere the camera orbits and fits.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    pub parts: Vec<Part>,
    pub center: Vec3,
    pub radius: f32,
}

/// Vertical field of view of the 3D camera, in radians.
pub const FOV: f32 = std::f32::consts::FRAC_PI_4;

/// The orbit camera of a 3D board: angles around the scene's centre (the distance comes from
/// the board camera's zoom).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// Around the vertical axis, radians.
    pub yaw: f32,
    /// Above the horizon, radians, within ±[`MAX_PITCH`].
    pub pitch: f32,
}

pub const MAX_PITCH: f32 = 1.5;

impl Default for Orbit {
    /// Three faces in view, the top one tilted towards the viewer.
    fn default() -> Self {
        Self { yaw: 0.62, pitch: 0.5 }
    }
}

/// A ray in the scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray {
    pub origin: Vec3,
    pub dir: Vec3,
}

impl Orbit {
    /// Turns the camera by a drag of `dx`, `dy` screen points.
    pub fn drag(&mut self, dx: f32, dy: f32) {
        self.yaw -= dx * 0.008;
        self.pitch = (self.pitch + dy * 0.008).clamp(-MAX_PITCH, MAX_PITCH);
    }

    /// Distance from the centre that fits a sphere of `radius` in view at zoom 1.
    pub fn distance(radius: f32, zoom: f32) -> f32 {
        radius.max(0.5) / (FOV / 2.0).sin() * 1.05 / zoom.max(0.01)
    }

    /// Where the camera is.
    pub fn eye(&self, scene: &Scene, zoom: f32) -> Vec3 {
        let d = Self::distance(scene.radius, zoom);
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        add(scene.center, [d * cp * sy, d * sp, d * cp * cy])
    }

    /// The ray through screen point `(x, y)` of a viewport `width` × `height` points (origin
    /// at its top left), for a camera at [`Orbit::eye`] looking at the centre with Y up and a
    /// vertical field of view [`FOV`], as the shell sets Bevy's camera.
    pub fn ray(&self, scene: &Scene, zoom: f32, width: f32, height: f32, x: f32, y: f32) -> Ray {
        let eye = self.eye(scene, zoom);
        let forward = normalize(sub(scene.center, eye));
        let right = normalize(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        let t = (FOV / 2.0).tan();
        let nx = (x / width.max(1.0)) * 2.0 - 1.0;
        let ny = 1.0 - (y / height.max(1.0)) * 2.0;
        let aspect = width.max(1.0) / height.max(1.0);
        let dir = add(add(forward, scale(right, nx * t * aspect)), scale(up, ny * t));
        Ray { origin: eye, dir: normalize(dir) }
    }
}

impl Orbit {
    /// The screen point (from the viewport's top left) where `point` is seen, the inverse of
    /// [`Orbit::ray`]; `None` behind the camera.
    pub fn project(&self, scene: &Scene, zoom: f32, width: f32, height: f32, point: Vec3) -> Option<(f32, f32)> {
        let eye = self.eye(scene, zoom);
        let forward = normalize(sub(scene.center, eye));
        let right = normalize(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        let to = sub(point, eye);
        let depth = dot(to, forward);
        if depth <= 1e-3 {
            return None;
        }
        let t = (FOV / 2.0).tan();
        let aspect = width.max(1.0) / height.max(1.0);
        let nx = dot(to, right) / depth / (t * aspect);
        let ny = dot(to, up) / depth / t;
        Some(((nx + 1.0) / 2.0 * width, (1.0 - ny) / 2.0 * height))
    }
}

pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub fn scale(a: Vec3, s: f32) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

pub fn dot(a: Vec3, b: Vec3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn normalize(a: Vec3) -> Vec3 {
    let l = dot(a, a).sqrt();
    if l > 0.0 { scale(a, 1.0 / l) } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene { parts: Vec::new(), center: [1.0, 2.0, 3.0], radius: 10.0 }
    }

    fn close(a: Vec3, b: Vec3) -> bool {
        (0..3).all(|i| (a[i] - b[i]).abs() < 1e-4)
    }

    #[test]
    fn a_point_projected_lies_on_the_ray_through_its_screen_point() {
        let orbit = Orbit { yaw: 0.3, pitch: 0.4 };
        let point = [4.0, -1.0, 2.5];
        let (x, y) = orbit.project(&scene(), 1.3, 800.0, 600.0, point).expect("in front of the camera");
        let ray = orbit.ray(&scene(), 1.3, 800.0, 600.0, x, y);
        let to = sub(point, ray.origin);
        let along = scale(ray.dir, dot(to, ray.dir));
        assert!(close(along, to), "{along:?} {to:?}");
        let behind = sub(scale(orbit.eye(&scene(), 1.3), 2.0), scene().center);
        assert_eq!(orbit.project(&scene(), 1.3, 800.0, 600.0, behind), None);
    }

    #[test]
    fn the_ray_through_the_middle_of_the_screen_hits_the_centre() {
        let s = scene();
        let o = Orbit::default();
        let ray = o.ray(&s, 1.0, 800.0, 600.0, 400.0, 300.0);
        assert!(close(ray.origin, o.eye(&s, 1.0)));
        assert!(close(ray.dir, normalize(sub(s.center, ray.origin))));
    }

    #[test]
    fn the_screen_edges_are_half_the_field_of_view_away() {
        let s = scene();
        let o = Orbit { yaw: 0.0, pitch: 0.0 };
        let middle = o.ray(&s, 1.0, 800.0, 600.0, 400.0, 300.0).dir;
        let top = o.ray(&s, 1.0, 800.0, 600.0, 400.0, 0.0).dir;
        assert!((dot(middle, top).acos() - FOV / 2.0).abs() < 1e-4);
        assert!(top[1] > middle[1], "the top of the screen looks up");
        // Looking along −Z from +Z: the right edge of the screen looks towards +X.
        let right = o.ray(&s, 1.0, 800.0, 600.0, 800.0, 300.0).dir;
        assert!(right[0] > 0.0);
        let wide = (dot(middle, right)).acos();
        assert!((wide.tan() - (FOV / 2.0).tan() * 800.0 / 600.0).abs() < 1e-3, "the aspect ratio widens the view");
    }

    #[test]
    fn zoom_brings_the_camera_closer_and_the_whole_sphere_fits() {
        let s = scene();
        let o = Orbit::default();
        let far = dot(sub(o.eye(&s, 1.0), s.center), sub(o.eye(&s, 1.0), s.center)).sqrt();
        let near = dot(sub(o.eye(&s, 2.0), s.center), sub(o.eye(&s, 2.0), s.center)).sqrt();
        assert!((far / near - 2.0).abs() < 1e-4);
        // The sphere's silhouette is inside the field of view at zoom 1.
        assert!((s.radius / far).asin() < FOV / 2.0);
    }

    #[test]
    fn dragging_turns_and_the_pitch_stops_short_of_the_poles() {
        let mut o = Orbit::default();
        let yaw = o.yaw;
        o.drag(100.0, 0.0);
        assert!(o.yaw < yaw);
        o.drag(0.0, 10_000.0);
        assert_eq!(o.pitch, MAX_PITCH);
        o.drag(0.0, -100_000.0);
        assert_eq!(o.pitch, -MAX_PITCH);
    }

    #[test]
    fn a_box_has_twelve_edges_and_a_flat_one_four() {
        let mut m = MeshData::default();
        m.box_edges([0.0; 3], [1.0; 3], 0.1, [1.0; 4]);
        assert_eq!(m.indices.len(), 12 * 36);
        let mut flat = MeshData::default();
        flat.box_edges([0.0, 5.0, 0.0], [1.0, 0.0, 1.0], 0.1, [1.0; 4]);
        assert_eq!(flat.indices.len(), 4 * 36);
        assert!(flat.positions.iter().all(|p| (p[1] - 5.0).abs() <= 0.1 + 1e-6), "in the plane y = 5");
    }

    #[test]
    fn box_faces_point_outwards_and_are_shaded() {
        let mut m = MeshData::default();
        m.cuboid([0.0; 3], [1.0, 2.0, 3.0], [1.0; 4]);
        assert_eq!((m.positions.len(), m.indices.len()), (24, 36));
        for face in 0..6 {
            let i = &m.indices[face * 6..face * 6 + 3];
            let (a, b, c) = (m.positions[i[0] as usize], m.positions[i[1] as usize], m.positions[i[2] as usize]);
            let n = cross(sub(b, a), sub(c, a));
            let want = FACE_NORMALS[face].map(|v| v as f32);
            assert!(dot(n, want) > 0.0, "face {face} winds counter-clockwise from outside");
            assert_eq!(m.colors[face * 4][0], shade(face));
        }
    }
}
