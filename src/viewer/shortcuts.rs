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

pub struct Shortcut {
    pub key: Key,
    pub shift: bool,
    pub keys: &'static str,
    pub action: Action,
    pub what: &'static str,
}

const fn k(key: Key, keys: &'static str, action: Action, what: &'static str) -> Shortcut {
    Shortcut { key, shift: false, keys, action, what }
}

const fn s(key: Key, keys: &'static str, action: Action, what: &'static str) -> Shortcut {
    Shortcut { key, shift: true, keys, action, what }
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
    k(Key::Plus, "+", Action::ZoomIn, "zoom in (or mouse wheel)"),
    k(Key::Minus, "-", Action::ZoomOut, "zoom out"),
    k(Key::A, "A", Action::PanLeft, "pan left (or drag)"),
    k(Key::D, "D", Action::PanRight, "pan right"),
    k(Key::W, "W", Action::PanUp, "pan up"),
    k(Key::S, "S", Action::PanDown, "pan down"),
    k(Key::P, "P", Action::Perspective, "next perspective (omniscient, each player)"),
    k(Key::O, "O", Action::Open, "open a replay…"),
    k(Key::H, "H", Action::TakeOver, "take over: play on by hand from here"),
    k(Key::Questionmark, "?", Action::Help, "this help"),
    s(Key::Slash, "Shift+/", Action::Help, "this help (keyboards that send Shift+/ for ?)"),
];
