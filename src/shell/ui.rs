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
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let started = thread_cpu_ms();
    let ctx = contexts.ctx_mut()?.clone();
    let viewer = &mut *viewer;
    crate::kit::contract::view::note_typing(&ctx);
    viewer.poll_dialog();
    viewer.take_incoming();
    // A live match grows; a hand-played game can also shrink (an undo).
    if let Some(session) = viewer.session.as_mut() {
        session.hand().map(|h| h.poll());
        let len = viewer.shown_len();
        if len != viewer.playback.len() && !viewer.incoming.as_ref().is_some_and(|i| i.loading()) {
            viewer.playback.resize(len);
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
    if viewer.quitting.is_some() {
        quit_dialog(&ctx, viewer);
    }
    if viewer.exit {
        exit.write(AppExit::Success);
    }
    // The window waits for input (`shell::updates`) unless something moves on its own.
    if viewer.busy() {
        redraw.write(bevy::window::RequestRedraw);
    }
    diagnostics.add_measurement(&UI_CPU, || thread_cpu_ms() - started);
    Ok(())
}

/// bevy_egui gives every key of a frame the modifiers held at the frame's end: a quick chord
/// (xdotool's Ctrl+S, pressed and released between two frames) would reach egui as a bare S.
/// Each key event gets back the modifiers held when it happened, tracked here from the same
/// messages in their order, so that a chord is one key with its modifiers however fast it is.
pub fn chord_modifiers(
    mut keyboard: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut focus_lost: MessageReader<bevy::input::keyboard::KeyboardFocusLost>,
    mut held: Local<bevy_egui::input::ModifierKeysState>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
) {
    use bevy::input::keyboard::Key;
    use bevy_egui::helpers::{bevy_to_egui_key, bevy_to_egui_physical_key};
    if focus_lost.read().count() > 0 {
        *held = Default::default();
    }
    let mut keys = std::collections::VecDeque::new();
    for message in keyboard.read() {
        let down = message.state.is_pressed();
        match message.logical_key {
            Key::Shift => held.shift = down,
            Key::Control => held.ctrl = down,
            Key::Alt => held.alt = down,
            Key::Super | Key::Meta => held.win = down,
            _ => {}
        }
        // As bevy_egui names the key ("logical or physical").
        if let Some(key) = bevy_to_egui_key(&message.logical_key).or(bevy_to_egui_physical_key(&message.key_code)) {
            keys.push_back((key, down, held.to_egui_modifiers()));
        }
    }
    if keys.is_empty() {
        return;
    }
    for mut input in &mut inputs {
        let mut keys = keys.clone();
        let mut events = Vec::with_capacity(input.events.len());
        for mut event in std::mem::take(&mut input.events) {
            if let egui::Event::Key { key, pressed, modifiers, .. } = &mut event {
                while let Some((k, down, held)) = keys.pop_front() {
                    if k == *key && down == *pressed {
                        *modifiers = held;
                        break;
                    }
                }
                // A chord types nothing (bevy_egui let the letter through, Ctrl being up by
                // the frame's end); Ctrl+Alt is AltGr, which does type.
                if *pressed && modifiers.ctrl && !modifiers.alt && matches!(events.last(), Some(egui::Event::Text(_))) {
                    events.pop();
                }
            }
            events.push(event);
        }
        input.events = events;
    }
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

/// The window's close button (the window stays open: `close_when_requested` is off) asks as
/// Ctrl+Q does.
pub fn close_requested(
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    mut viewer: ResMut<Viewer>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if requests.read().count() > 0 {
        viewer.ask_to_quit();
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Closing with unsaved work: save (S or Enter), discard (D) or cancel (Esc).
fn quit_dialog(ctx: &egui::Context, viewer: &mut Viewer) {
    let unsaved = viewer.unsaved();
    let problem = viewer.quitting.clone().flatten();
    let (mut save, mut discard, mut cancel) = (false, false, false);
    egui::Window::new("Unsaved changes").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(
        ctx,
        |ui| {
            for what in &unsaved {
                ui.label(format!("{what}: closing loses them."));
            }
            if let Some(problem) = &problem {
                ui.colored_label(egui::Color32::LIGHT_RED, format!("cannot save: {problem}"));
            }
            ui.horizontal(|ui| {
                save = ui.button("Save and quit  (S)").clicked();
                discard = ui.button("Discard and quit  (D)").clicked();
                cancel = ui.button("Cancel  (Esc)").clicked();
            });
        },
    );
    ctx.input(|i| {
        save |= i.key_pressed(egui::Key::S) || i.key_pressed(egui::Key::Enter);
        discard |= i.key_pressed(egui::Key::D);
        cancel |= i.key_pressed(egui::Key::Escape);
    });
    if cancel {
        viewer.quitting = None;
    } else if discard {
        viewer.quit_now();
    } else if save {
        viewer.save_and_quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyCode, KeyboardFocusLost, KeyboardInput};

    fn message(key_code: KeyCode, logical_key: Key, state: ButtonState) -> KeyboardInput {
        KeyboardInput { key_code, logical_key, state, text: None, repeat: false, window: Entity::PLACEHOLDER }
    }

    #[test]
    fn a_chord_pressed_and_released_within_one_frame_keeps_its_modifier_and_types_nothing() {
        let mut world = World::new();
        world.init_resource::<Messages<KeyboardInput>>();
        world.init_resource::<Messages<KeyboardFocusLost>>();
        // Ctrl down, S down and up, Ctrl up, then a bare W, all before the frame: bevy_egui
        // gives every key the modifiers held at the end (none) and lets the S through as text.
        let s = Key::Character("s".into());
        for m in [
            message(KeyCode::ControlLeft, Key::Control, ButtonState::Pressed),
            message(KeyCode::KeyS, s.clone(), ButtonState::Pressed),
            message(KeyCode::KeyS, s, ButtonState::Released),
            message(KeyCode::ControlLeft, Key::Control, ButtonState::Released),
            message(KeyCode::KeyW, Key::Character("w".into()), ButtonState::Pressed),
        ] {
            world.write_message(m);
        }
        let key = |key, pressed| egui::Event::Key { key, physical_key: None, pressed, repeat: false, modifiers: egui::Modifiers::NONE };
        let events = vec![
            egui::Event::Text("s".into()),
            key(egui::Key::S, true),
            key(egui::Key::S, false),
            egui::Event::Text("w".into()),
            key(egui::Key::W, true),
        ];
        let input = world.spawn(bevy_egui::EguiInput(egui::RawInput { events, ..default() })).id();
        world.run_system_once(chord_modifiers).unwrap();
        let events = &world.get::<bevy_egui::EguiInput>(input).unwrap().events;
        let keys: Vec<(egui::Key, bool, bool)> = events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key { key, pressed, modifiers, .. } => Some((*key, *pressed, modifiers.command)),
                _ => None,
            })
            .collect();
        assert_eq!(keys, [(egui::Key::S, true, true), (egui::Key::S, false, true), (egui::Key::W, true, false)]);
        let texts: Vec<&egui::Event> = events.iter().filter(|e| matches!(e, egui::Event::Text(_))).collect();
        assert_eq!(texts, [&egui::Event::Text("w".into())], "Ctrl+S typed no s");
    }
}
