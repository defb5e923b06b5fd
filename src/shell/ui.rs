//! One frame of the viewer's UI: take in what arrived, advance the timeline, read the keys,
//! then lay out the studio or the broadcast.

use super::cpu::{UI_CPU, thread_cpu_ms};
use super::viewer::{Viewer, keyboard};
use super::widgets::help_overlay;
use super::{broadcast, studio};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui;

/// The UI system, run in egui's pass each frame.
pub fn ui(
    mut contexts: EguiContexts,
    mut viewer: ResMut<Viewer>,
    time: Res<Time>,
    mut diagnostics: bevy::diagnostic::Diagnostics,
) -> Result {
    let started = thread_cpu_ms();
    let ctx = contexts.ctx_mut()?.clone();
    let viewer = &mut *viewer;
    crate::kit::view::note_typing(&ctx);
    viewer.poll_dialog();
    viewer.take_incoming(time.delta());
    // A live match grows; a hand-played game can also shrink (an undo).
    if let Some(session) = viewer.session.as_mut() {
        session.hand().map(|h| h.poll());
        if session.track().len != viewer.playback.len() && !viewer.incoming.as_ref().is_some_and(|i| i.loading()) {
            viewer.playback.resize(session.track().len);
        }
    }
    viewer.playback.tick(time.delta_secs());
    viewer.tick_broadcast(time.delta_secs());
    keyboard(&ctx, viewer);

    let mut root = egui::Ui::new(
        ctx.clone(),
        "kibitz-root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    if viewer.broadcast.is_some() {
        broadcast::layout(&mut root, viewer);
    } else {
        studio::layout(&mut root, &ctx, viewer);
    }
    if viewer.show_help {
        help_overlay(&ctx, viewer);
    }
    diagnostics.add_measurement(&UI_CPU, || thread_cpu_ms() - started);
    Ok(())
}
