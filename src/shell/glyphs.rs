//! egui's font atlas reaches the GPU in the frame whose text uses it.
//!
//! egui draws text from one texture of glyphs, and adds a glyph to it the first time a frame
//! draws it (a new character, or a known one at a new size: a broadcast's scaled titles, a
//! round counter reaching a new digit). bevy_egui writes the change into the atlas image in
//! `PostUpdate`, unordered against Bevy's asset events, which is how the renderer learns that an
//! image changed. Whenever the scheduler ran the asset events first (it varies with load), the
//! frame was drawn with the new glyphs' places in an atlas that did not yet hold them: letters
//! missing ("annot d ill t ere"), and in a window that draws only on change, missing until the
//! next input. Ordering egui's texture updates before the asset events sends each update with
//! the frame that needs it.
//!
//! The frame is also checked: every glyph update egui makes is expected among that frame's
//! asset events; one that is not is counted as late ([`GlyphUploads`], in `--frame-stats`).

use bevy::asset::{AssetEvent, AssetEventSystems, AssetId};
use bevy::prelude::*;
use bevy_egui::{EguiManagedTextures, EguiPostUpdateSet, EguiRenderOutput};

/// Glyph atlas updates seen, and those whose image change reached the renderer a frame late.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct GlyphUploads {
    /// Updates of an atlas that already existed (the ones a late frame would draw wrong).
    pub updates: u64,
    /// Of those, the ones missing from their own frame's asset events.
    pub late: u64,
}

/// The images egui is about to change this frame.
#[derive(Resource, Default)]
struct Changing(Vec<AssetId<Image>>);

pub fn add(app: &mut App) {
    app.init_resource::<GlyphUploads>()
        .init_resource::<Changing>()
        .configure_sets(PostUpdate, EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems))
        .add_systems(PostUpdate, note_changes.after(EguiPostUpdateSet::ProcessOutput).before(EguiPostUpdateSet::PostProcessOutput))
        .add_systems(Last, check_sent);
}

/// Notes the atlas images that egui's texture delta of this frame updates in place.
fn note_changes(outputs: Query<(Entity, &EguiRenderOutput)>, textures: Res<EguiManagedTextures>, mut changing: ResMut<Changing>) {
    for (entity, output) in &outputs {
        for (id, deltas) in &output.textures_delta.set {
            let bevy_egui::egui::TextureId::Managed(id) = id else { continue };
            if deltas.iter().any(|d| d.pos.is_some())
                && let Some(texture) = textures.get(&(entity, *id))
            {
                changing.0.push(texture.handle.id());
            }
        }
    }
}

/// Counts the noted images whose change is not among this frame's asset events.
fn check_sent(mut events: MessageReader<AssetEvent<Image>>, mut changing: ResMut<Changing>, mut uploads: ResMut<GlyphUploads>) {
    let sent: Vec<AssetId<Image>> = events
        .read()
        .filter_map(|e| match e {
            AssetEvent::Modified { id } | AssetEvent::Added { id } => Some(*id),
            _ => None,
        })
        .collect();
    for id in changing.0.drain(..) {
        uploads.updates += 1;
        if !sent.contains(&id) {
            uploads.late += 1;
        }
    }
}
