//! The 3D renderer behind the egui shell, for boards that are scenes
//! ([`GameView::scene`](crate::kit::contract::view::GameView::scene)): a 3D camera draws first and clears
//! the window, egui's camera draws the panels over it, and the central panel is left
//! transparent where the board is. Each frame the scene's parts become mesh entities (uploaded
//! again only when a part's mesh changed) and the camera is placed by the viewer's orbit.

use super::cpu::{SCENE_CPU, thread_cpu_ms};
use super::viewer::Viewer;
use crate::kit::viewing::scene::{FOV, MeshData, Orbit};
use bevy::asset::RenderAssetUsages;
use bevy::camera::{ClearColorConfig, Viewport};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_egui::PrimaryEguiContext;
use std::collections::HashMap;
use std::sync::Arc;

/// The window's background, which the 3D camera clears to.
pub const BACKGROUND: Color = Color::srgb_u8(12, 14, 18);

/// Marks the camera of the 3D board.
#[derive(Component)]
pub struct BoardCamera3d;

/// The parts on screen: the mesh each was made from, its entity and asset.
#[derive(Default)]
pub struct Shown {
    parts: HashMap<u64, (Arc<MeshData>, Entity, Handle<Mesh>)>,
    material: Option<Handle<StandardMaterial>>,
}

/// The two cameras: the 3D board's first, egui's on top without clearing.
pub fn spawn_cameras(mut commands: Commands) {
    commands.spawn((
        Camera3d::default(),
        Camera { order: 0, clear_color: ClearColorConfig::Custom(BACKGROUND), ..default() },
        Projection::Perspective(PerspectiveProjection { fov: FOV, ..default() }),
        // Colours are baked into the meshes: show them as they are.
        Tonemapping::None,
        Msaa::Off,
        BoardCamera3d,
    ));
    commands.spawn((Camera2d, Camera { order: 1, clear_color: ClearColorConfig::None, ..default() }, Msaa::Off, PrimaryEguiContext));
}

/// A scene mesh as Bevy's: sRGB colours to linear.
fn to_mesh(data: &MeshData) -> Mesh {
    let colors: Vec<[f32; 4]> = data.colors.iter().map(|c| LinearRgba::from(Color::srgba(c[0], c[1], c[2], c[3])).to_f32_array()).collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, data.positions.clone())
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
        .with_inserted_indices(Indices::U32(data.indices.clone()))
}

/// Brings the entities and the camera in line with the scene the UI laid out this frame.
#[allow(clippy::too_many_arguments)]
pub fn sync(
    viewer: Res<Viewer>,
    mut shown: Local<Shown>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut camera: Query<(&mut Camera, &mut Transform, &mut Projection), With<BoardCamera3d>>,
    windows: Query<&Window>,
    mut diagnostics: bevy::diagnostic::Diagnostics,
) {
    let started = thread_cpu_ms();
    let Ok((mut cam, mut transform, mut projection)) = camera.single_mut() else { return };
    let Some(board) = viewer.board3d.as_ref() else {
        for (_, (_, entity, handle)) in shown.parts.drain() {
            commands.entity(entity).despawn();
            meshes.remove(&handle);
        }
        cam.viewport = None;
        return;
    };
    let material = shown
        .material
        .get_or_insert_with(|| materials.add(StandardMaterial { base_color: Color::WHITE, unlit: true, ..default() }))
        .clone();
    let scene = &board.scene;
    let wanted: Vec<u64> = scene.parts.iter().filter(|p| !p.mesh.is_empty()).map(|p| p.id).collect();
    // A changed part gets a new mesh asset (its old one is dropped): meshes live only in the
    // render world, so they are replaced, not edited.
    shown.parts.retain(|id, (_, entity, handle)| {
        let keep = wanted.contains(id);
        if !keep {
            commands.entity(*entity).despawn();
            meshes.remove(&*handle);
        }
        keep
    });
    for part in scene.parts.iter().filter(|p| !p.mesh.is_empty()) {
        match shown.parts.get_mut(&part.id) {
            Some((mesh, _, _)) if Arc::ptr_eq(mesh, &part.mesh) => {}
            Some((mesh, entity, handle)) => {
                *mesh = Arc::clone(&part.mesh);
                meshes.remove(&*handle);
                *handle = meshes.add(to_mesh(&part.mesh));
                commands.entity(*entity).insert(Mesh3d(handle.clone()));
            }
            None => {
                let handle = meshes.add(to_mesh(&part.mesh));
                let entity = commands.spawn((Mesh3d(handle.clone()), MeshMaterial3d(material.clone()), Transform::IDENTITY)).id();
                shown.parts.insert(part.id, (Arc::clone(&part.mesh), entity, handle));
            }
        }
    }
    // The camera: on the orbit, looking at the centre, drawing into the board's rectangle.
    let zoom = viewer.camera.zoom;
    let orbit: Orbit = viewer.camera.orbit;
    let eye = Vec3::from(orbit.eye(scene, zoom));
    *transform = Transform::from_translation(eye).looking_at(Vec3::from(scene.center), Vec3::Y);
    if let Projection::Perspective(p) = &mut *projection {
        p.near = 0.05;
        p.far = Orbit::distance(scene.radius, zoom) + scene.radius * 4.0;
    }
    if let Ok(window) = windows.single()
        && window.physical_width() > 0
        && window.physical_height() > 0
    {
        let (rect, ppp) = (board.rect, board.pixels_per_point);
        let (w, h) = (window.physical_width(), window.physical_height());
        let x = ((rect.min.x * ppp).round().max(0.0) as u32).min(w.saturating_sub(1));
        let y = ((rect.min.y * ppp).round().max(0.0) as u32).min(h.saturating_sub(1));
        let width = ((rect.width() * ppp).round() as u32).clamp(1, w - x);
        let height = ((rect.height() * ppp).round() as u32).clamp(1, h - y);
        cam.viewport = Some(Viewport { physical_position: UVec2::new(x, y), physical_size: UVec2::new(width, height), ..default() });
    }
    diagnostics.add_measurement(&SCENE_CPU, || thread_cpu_ms() - started);
}
