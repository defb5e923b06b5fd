//! Every viewer action with its key, in one registry; the help overlay (`?`) lists them.

use bevy_egui::egui::Key;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    PlayPause,
    Reverse,
    StepBack,
    StepForward,
    RoundBack,
    RoundForward,
    Start,
    End,
    Faster,
    Slower,
    GoTo,
    Fit,
    ZoomIn,
    ZoomOut,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    Perspective,
    Open,
    TakeOver,
    Help,
}

/// Whether a shortcut wants Shift held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    No,
    Yes,
    /// Either: for keys that are typed with Shift on common layouts (`?`, `+`), which egui
    /// reports as the logical key with Shift held.
    Any,
}

pub struct Shortcut {
    pub key: Key,
    pub shift: Shift,
    pub keys: &'static str,
    pub action: Action,
    pub what: &'static str,
}

const fn k(key: Key, keys: &'static str, action: Action, what: &'static str) -> Shortcut {
    Shortcut { key, shift: Shift::No, keys, action, what }
}

const fn s(key: Key, keys: &'static str, action: Action, what: &'static str) -> Shortcut {
    Shortcut { key, shift: Shift::Yes, keys, action, what }
}

/// A key typed with or without Shift, whichever the layout needs.
const fn typed(key: Key, keys: &'static str, action: Action, what: &'static str) -> Shortcut {
    Shortcut { key, shift: Shift::Any, keys, action, what }
}

impl Shortcut {
    /// Whether a press of `key` with Shift `shift` (as egui reports it) is this shortcut.
    pub fn matches(&self, key: Key, shift: bool) -> bool {
        self.key == key
            && match self.shift {
                Shift::No => !shift,
                Shift::Yes => shift,
                Shift::Any => true,
            }
    }
}

pub const SHORTCUTS: &[Shortcut] = &[
    k(Key::Space, "Space", Action::PlayPause, "play / pause"),
    k(Key::R, "R", Action::Reverse, "play backwards / forwards"),
    k(Key::ArrowLeft, "Left", Action::StepBack, "one step back"),
    k(Key::ArrowRight, "Right", Action::StepForward, "one step forward"),
    s(Key::ArrowLeft, "Shift+Left", Action::RoundBack, "previous round"),
    s(Key::ArrowRight, "Shift+Right", Action::RoundForward, "next round"),
    k(Key::Home, "Home", Action::Start, "jump to the start"),
    k(Key::End, "End", Action::End, "jump to the end"),
    k(Key::CloseBracket, "]", Action::Faster, "faster"),
    k(Key::OpenBracket, "[", Action::Slower, "slower"),
    k(Key::G, "G", Action::GoTo, "go to step…"),
    k(Key::F, "F", Action::Fit, "fit the board to the window"),
    typed(Key::Plus, "+", Action::ZoomIn, "zoom in (or mouse wheel)"),
    typed(Key::Equals, "=", Action::ZoomIn, "zoom in (the + key without Shift)"),
    k(Key::Minus, "-", Action::ZoomOut, "zoom out"),
    k(Key::A, "A", Action::PanLeft, "pan left (or drag); a 3D board turns"),
    k(Key::D, "D", Action::PanRight, "pan right"),
    k(Key::W, "W", Action::PanUp, "pan up"),
    k(Key::S, "S", Action::PanDown, "pan down"),
    k(Key::P, "P", Action::Perspective, "next perspective (omniscient, each player)"),
    k(Key::O, "O", Action::Open, "open a replay…"),
    k(Key::H, "H", Action::TakeOver, "take over: play on by hand from here"),
    typed(Key::Questionmark, "?", Action::Help, "this help (Esc closes it)"),
    s(Key::Slash, "Shift+/", Action::Help, "this help (keyboards that send Shift+/ for ?)"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The actions a key press stands for.
    fn actions(key: Key, shift: bool) -> Vec<Action> {
        SHORTCUTS.iter().filter(|s| s.matches(key, shift)).map(|s| s.action).collect()
    }

    #[test]
    fn keys_typed_with_shift_match_as_egui_reports_them() {
        // A person types ? as Shift+/ on a US layout; egui reports the logical key ? with Shift.
        assert_eq!(actions(Key::Questionmark, true), [Action::Help]);
        assert_eq!(actions(Key::Questionmark, false), [Action::Help], "layouts with a ? key");
        assert_eq!(actions(Key::Slash, true), [Action::Help], "keyboards that report the physical key");
        assert_eq!(actions(Key::Plus, true), [Action::ZoomIn]);
        assert_eq!(actions(Key::Equals, false), [Action::ZoomIn]);
        assert!(actions(Key::Slash, false).is_empty());
    }

    #[test]
    fn shift_still_tells_steps_from_rounds() {
        assert_eq!(actions(Key::ArrowLeft, false), [Action::StepBack]);
        assert_eq!(actions(Key::ArrowLeft, true), [Action::RoundBack]);
        assert_eq!(actions(Key::ArrowRight, true), [Action::RoundForward]);
    }

    #[test]
    fn every_key_means_one_thing() {
        for a in SHORTCUTS {
            for b in SHORTCUTS {
                let same = std::ptr::eq(a, b);
                let both = [false, true].iter().any(|&shift| a.matches(b.key, shift) && b.matches(a.key, shift));
                assert!(same || !both || a.action == b.action, "{} and {} collide", a.keys, b.keys);
            }
        }
    }
}
