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
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) -> Result {
    let started = thread_cpu_ms();
    let ctx = contexts.ctx_mut()?.clone();
    let viewer = &mut *viewer;
    crate::kit::view::note_typing(&ctx);
    viewer.poll_dialog();
    viewer.take_incoming();
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
    // The window waits for input (`shell::updates`) unless something moves on its own.
    if viewer.busy() {
        redraw.write(bevy::window::RequestRedraw);
    }
    diagnostics.add_measurement(&UI_CPU, || thread_cpu_ms() - started);
    Ok(())
}

/// bevy_egui tells egui the modifier keys every frame, and egui takes any event as a reason to
/// draw the next frame at once: the window would never rest. A state it already has is
/// dropped (a change, and anything after the window's focus changed, still goes through).
pub fn quiet_modifiers(mut inputs: Query<&mut bevy_egui::EguiInput>, mut known: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        if input.events.iter().any(|e| matches!(e, egui::Event::WindowFocused(_))) {
            *known = None;
        }
        let events = std::mem::take(&mut input.events);
        input.events = events
            .into_iter()
            .filter(|e| match e {
                egui::Event::ModifiersChanged(m) => known.replace(*m) != Some(*m),
                _ => true,
            })
            .collect();
    }
}
