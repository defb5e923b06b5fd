//! Every viewer action with its keys, in one keymap: the defaults below, rebound by the
//! settings (`keys:` in settings.ron, docs/settings.md). The help overlay (`?`) lists it.

use bevy_egui::egui::{Key, Modifiers};
use std::collections::BTreeMap;

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
    /// Look as player k (0-based) saw the game: the keys 1 to 9.
    Player(u8),
    /// Look at everything (the omniscient view).
    Everyone,
    /// Between the chosen player's view (their fog) and everything.
    Fog,
    /// The playlist's next replay (broadcast).
    Next,
    /// The playlist's previous replay (broadcast).
    Previous,
    Open,
    TakeOver,
    /// Back to the map editor from a game started there.
    Editor,
    Help,
    /// The bots' drawing over the board, shown or not.
    Drawing,
    /// Comparing two replays on a 3D board: the other one on it.
    CompareSide,
    /// Close the window (asking first when there is unsaved work).
    Quit,
}

impl Action {
    /// Every action, in the order the help lists them.
    pub fn all() -> impl Iterator<Item = Action> {
        use Action::*;
        let fixed = [
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
            Everyone,
        ];
        let tail = [Fog, Next, Previous, Open, TakeOver, Editor, Drawing, CompareSide, Help, Quit];
        fixed.into_iter().chain((0..9).map(Player)).chain(tail)
    }

    /// The action's name in settings.ron: its variant's name, `Player1` to `Player9` for the
    /// players' keys.
    pub fn name(self) -> String {
        match self {
            Action::Player(k) => format!("Player{}", k + 1),
            other => format!("{other:?}"),
        }
    }

    pub fn what(self) -> String {
        match self {
            Action::PlayPause => "play / pause".into(),
            Action::Reverse => "play backwards / forwards".into(),
            Action::StepBack => "one step back".into(),
            Action::StepForward => "one step forward".into(),
            Action::RoundBack => "previous round".into(),
            Action::RoundForward => "next round".into(),
            Action::Start => "jump to the start".into(),
            Action::End => "jump to the end (a live match: back to live)".into(),
            Action::Faster => "faster".into(),
            Action::Slower => "slower".into(),
            Action::GoTo => "go to step…".into(),
            Action::Fit => "fit the board to the window".into(),
            Action::ZoomIn => "zoom in (or mouse wheel)".into(),
            Action::ZoomOut => "zoom out".into(),
            Action::PanLeft => "pan left (or drag); a 3D board turns".into(),
            Action::PanRight => "pan right".into(),
            Action::PanUp => "pan up".into(),
            Action::PanDown => "pan down".into(),
            Action::Perspective => "next perspective (omniscient, each player)".into(),
            Action::Player(k) => format!("as player {k} saw it"),
            Action::Everyone => "see everything (omniscient)".into(),
            Action::Fog => "fog on / off: the chosen player's view or everything".into(),
            Action::Next => "next replay of the playlist".into(),
            Action::Previous => "previous replay of the playlist".into(),
            Action::Open => "open a replay…".into(),
            Action::TakeOver => "take over: play on by hand from here".into(),
            Action::Editor => "back to the map editor (a game started from it)".into(),
            Action::Drawing => "the bots' drawing on the board: shown / hidden".into(),
            Action::CompareSide => "comparing two replays on a 3D board: show the other (view --compare)".into(),
            Action::Help => "this help (Esc closes it)".into(),
            Action::Quit => "quit (asks first when there is unsaved work)".into(),
        }
    }

    /// Whether a broadcast (no editing, no files, no hand play) offers this action.
    pub fn in_broadcast(self) -> bool {
        !matches!(self, Action::GoTo | Action::Open | Action::TakeOver | Action::Editor | Action::Perspective | Action::CompareSide)
    }

    /// Whether the studio window (`kibitz view`) offers it: it has no playlist.
    pub fn in_studio(self) -> bool {
        !matches!(self, Action::Next | Action::Previous)
    }

    /// Whether the map editor offers it: a map has no steps to play nor players to follow.
    pub fn in_editor(self) -> bool {
        matches!(self, Action::Fit | Action::ZoomIn | Action::ZoomOut | Action::Open | Action::Help | Action::Quit)
            || matches!(self, Action::PanLeft | Action::PanRight | Action::PanUp | Action::PanDown)
    }
}

/// Whether a key wants Shift held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    No,
    Yes,
    /// Either: for keys that are typed with Shift on common layouts (`?`, `+`), which egui
    /// reports as the logical key with Shift held.
    Any,
}

/// One key (with or without Shift, Ctrl) that does an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub key: Key,
    pub shift: Shift,
    /// Ctrl held (Cmd on a Mac): a chord such as Ctrl+Q.
    pub ctrl: bool,
}

/// Keys typed with Shift on common layouts: bound bare, they match with or without it.
const TYPED: [Key; 7] =
    [Key::Questionmark, Key::Plus, Key::Exclamationmark, Key::Colon, Key::OpenCurlyBracket, Key::CloseCurlyBracket, Key::Pipe];

impl Binding {
    const fn bare(key: Key) -> Self {
        Self { key, shift: Shift::No, ctrl: false }
    }

    const fn shifted(key: Key) -> Self {
        Self { key, shift: Shift::Yes, ctrl: false }
    }

    const fn typed(key: Key) -> Self {
        Self { key, shift: Shift::Any, ctrl: false }
    }

    const fn ctrl(key: Key) -> Self {
        Self { key, shift: Shift::No, ctrl: true }
    }

    /// Whether a press of `key` with `modifiers` (those of the press itself, as egui's key
    /// event carries them) is this binding.
    pub fn matches(&self, key: Key, modifiers: Modifiers) -> bool {
        let shift = modifiers.shift;
        self.key == key
            && self.ctrl == modifiers.command
            && match self.shift {
                Shift::No => !shift,
                Shift::Yes => shift,
                Shift::Any => true,
            }
    }

    /// Reads a key as settings.ron writes it: `J`, `Space`, `PageDown`, `F5`, `?`,
    /// `Shift+Left`, `Ctrl+Q` (egui's key names).
    pub fn parse(text: &str) -> Result<Self, String> {
        let (ctrl, rest) = match text.strip_prefix("Ctrl+") {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, text),
        };
        let (shift, name) = match rest.strip_prefix("Shift+") {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, rest),
        };
        let key =
            Key::from_name(name).ok_or_else(|| format!("{text:?} is not a key (try J, Space, PageDown, F5, ?, Shift+Left, Ctrl+Q)"))?;
        let binding = match (shift, TYPED.contains(&key)) {
            (true, _) => Self::shifted(key),
            (false, true) => Self::typed(key),
            (false, false) => Self::bare(key),
        };
        Ok(Self { ctrl, ..binding })
    }

    /// The key as people read it, e.g. `Shift+Left`.
    pub fn label(&self) -> String {
        let name = match self.key {
            Key::ArrowLeft | Key::ArrowRight | Key::ArrowUp | Key::ArrowDown => self.key.name(),
            Key::Minus => "-",
            key => key.symbol_or_name(),
        };
        let shift = if self.shift == Shift::Yes { "Shift+" } else { "" };
        let ctrl = if self.ctrl { "Ctrl+" } else { "" };
        format!("{ctrl}{shift}{name}")
    }
}

/// The default keys of each action.
fn defaults(action: Action) -> Vec<Binding> {
    use Binding as B;
    match action {
        Action::PlayPause => vec![B::bare(Key::Space)],
        Action::Reverse => vec![B::bare(Key::R)],
        Action::StepBack => vec![B::bare(Key::ArrowLeft)],
        Action::StepForward => vec![B::bare(Key::ArrowRight)],
        Action::RoundBack => vec![B::shifted(Key::ArrowLeft)],
        Action::RoundForward => vec![B::shifted(Key::ArrowRight)],
        Action::Start => vec![B::bare(Key::Home)],
        Action::End => vec![B::bare(Key::End)],
        Action::Faster => vec![B::bare(Key::CloseBracket)],
        Action::Slower => vec![B::bare(Key::OpenBracket)],
        Action::GoTo => vec![B::bare(Key::G)],
        Action::Fit => vec![B::bare(Key::F)],
        // `=` is the + key without Shift.
        Action::ZoomIn => vec![B::typed(Key::Plus), B::bare(Key::Equals)],
        Action::ZoomOut => vec![B::bare(Key::Minus)],
        Action::PanLeft => vec![B::bare(Key::A)],
        Action::PanRight => vec![B::bare(Key::D)],
        Action::PanUp => vec![B::bare(Key::W)],
        Action::PanDown => vec![B::bare(Key::S)],
        Action::Perspective => vec![B::bare(Key::P)],
        Action::Player(k) => DIGITS.get(k as usize + 1).map(|&d| vec![B::bare(d)]).unwrap_or_default(),
        Action::Everyone => vec![B::bare(Key::Num0)],
        Action::Fog => vec![B::bare(Key::V)],
        Action::Next => vec![B::bare(Key::N), B::bare(Key::PageDown)],
        Action::Previous => vec![B::bare(Key::B), B::bare(Key::PageUp)],
        Action::Open => vec![B::bare(Key::O)],
        Action::TakeOver => vec![B::bare(Key::H)],
        Action::Editor => vec![B::bare(Key::E)],
        Action::Drawing => vec![B::bare(Key::I)],
        Action::CompareSide => vec![B::bare(Key::X)],
        // Some keyboards send the physical Shift+/ for ?.
        Action::Help => vec![B::typed(Key::Questionmark), B::shifted(Key::Slash)],
        Action::Quit => vec![B::ctrl(Key::Q)],
    }
}

const DIGITS: [Key; 10] = [Key::Num0, Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];

/// Each action with its keys.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: Vec<(Action, Vec<Binding>)>,
}

impl Default for Keymap {
    fn default() -> Self {
        Self { bindings: Action::all().map(|a| (a, defaults(a))).collect() }
    }
}

impl Keymap {
    /// The defaults with the settings' keys: each action named there gets exactly the keys
    /// given, and those keys leave whatever action had them before. Returns the problems
    /// (unknown actions, keys that are no keys), each skipped.
    pub fn with(rebound: &BTreeMap<String, Vec<String>>) -> (Self, Vec<String>) {
        let mut map = Self::default();
        let mut problems = Vec::new();
        for (name, keys) in rebound {
            let Some(action) = Action::all().find(|a| a.name() == *name) else {
                problems.push(format!("keys: no action is called {name:?}"));
                continue;
            };
            let mut chosen = Vec::new();
            for key in keys {
                match Binding::parse(key) {
                    Ok(b) => chosen.push(b),
                    Err(e) => problems.push(format!("keys: {name}: {e}")),
                }
            }
            for (_, bindings) in map.bindings.iter_mut() {
                bindings.retain(|b| !chosen.iter().any(|c| c.key == b.key && c.ctrl == b.ctrl && overlap(c.shift, b.shift)));
            }
            if let Some((_, bindings)) = map.bindings.iter_mut().find(|(a, _)| *a == action) {
                *bindings = chosen;
            }
        }
        (map, problems)
    }

    /// The actions a press of `key` with `modifiers` stands for.
    pub fn actions(&self, key: Key, modifiers: Modifiers) -> impl Iterator<Item = Action> + '_ {
        self.bindings.iter().filter(move |(_, bs)| bs.iter().any(|b| b.matches(key, modifiers))).map(|(a, _)| *a)
    }

    /// Every key bound to something.
    #[cfg(test)]
    pub fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        self.bindings.iter().flat_map(|(_, bs)| bs.iter().map(|b| b.key))
    }

    /// An action's keys as people read them, e.g. `N / PageDown`; empty when it has none.
    pub fn keys_of(&self, action: Action) -> String {
        let bindings = self.bindings.iter().find(|(a, _)| *a == action).map_or(&[][..], |(_, bs)| bs);
        bindings.iter().map(Binding::label).collect::<Vec<_>>().join(" / ")
    }

    /// The help's rows: keys and what they do, of the actions `offered` keeps that have keys.
    /// The players' keys make one row while each has one key.
    pub fn rows(&self, offered: impl Fn(Action) -> bool) -> Vec<(String, String)> {
        let players: Vec<&Vec<Binding>> = self.bindings.iter().filter(|(a, _)| matches!(a, Action::Player(_))).map(|(_, bs)| bs).collect();
        let one_row = players.iter().all(|bs| bs.len() == 1) && offered(Action::Player(0));
        let mut rows = Vec::new();
        for (action, bindings) in &self.bindings {
            match action {
                _ if !offered(*action) || bindings.is_empty() => {}
                Action::Player(0) if one_row => {
                    let (first, last) = (players[0][0].label(), players[players.len() - 1][0].label());
                    rows.push((format!("{first} … {last}"), "as player 0 … 8 saw it (their fog)".to_string()));
                }
                Action::Player(_) if one_row => {}
                _ => rows.push((self.keys_of(*action), action.what())),
            }
        }
        rows
    }

    /// "what (keys)" for an action, for tooltips.
    pub fn hint(&self, action: Action) -> String {
        match self.keys_of(action) {
            keys if keys.is_empty() => action.what(),
            keys => format!("{} ({keys})", action.what()),
        }
    }
}

/// Whether two Shift requirements can both match one press.
fn overlap(a: Shift, b: Shift) -> bool {
    a == Shift::Any || b == Shift::Any || a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(map: &Keymap, key: Key, shift: bool) -> Vec<Action> {
        map.actions(key, if shift { Modifiers::SHIFT } else { Modifiers::NONE }).collect()
    }

    #[test]
    fn keys_typed_with_shift_match_as_egui_reports_them() {
        let map = Keymap::default();
        // A person types ? as Shift+/ on a US layout; egui reports the logical key ? with Shift.
        assert_eq!(actions(&map, Key::Questionmark, true), [Action::Help]);
        assert_eq!(actions(&map, Key::Questionmark, false), [Action::Help], "layouts with a ? key");
        assert_eq!(actions(&map, Key::Slash, true), [Action::Help], "keyboards that report the physical key");
        assert_eq!(actions(&map, Key::Plus, true), [Action::ZoomIn]);
        assert_eq!(actions(&map, Key::Equals, false), [Action::ZoomIn]);
        assert!(actions(&map, Key::Slash, false).is_empty());
    }

    #[test]
    fn shift_still_tells_steps_from_rounds() {
        let map = Keymap::default();
        assert_eq!(actions(&map, Key::ArrowLeft, false), [Action::StepBack]);
        assert_eq!(actions(&map, Key::ArrowLeft, true), [Action::RoundBack]);
        assert_eq!(actions(&map, Key::ArrowRight, true), [Action::RoundForward]);
    }

    #[test]
    fn every_default_key_means_one_thing_and_the_digits_pick_players() {
        let map = Keymap::default();
        for key in map.keys() {
            for shift in [false, true] {
                assert!(actions(&map, key, shift).len() <= 1, "{key:?} (shift {shift}) collides");
            }
        }
        assert_eq!(actions(&map, Key::Num1, false), [Action::Player(0)]);
        assert_eq!(actions(&map, Key::Num9, false), [Action::Player(8)]);
        assert_eq!(actions(&map, Key::Num0, false), [Action::Everyone]);
        assert_eq!(map.keys_of(Action::Next), "N / PageDown");
        assert_eq!(map.keys_of(Action::RoundBack), "Shift+Left");
    }

    #[test]
    fn rebinding_an_action_replaces_its_keys_and_takes_them_from_others() {
        let rebound = BTreeMap::from([
            ("StepBack".to_string(), vec!["J".to_string(), "Shift+Left".to_string()]),
            ("Player1".to_string(), vec!["F1".to_string()]),
        ]);
        let (map, problems) = Keymap::with(&rebound);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(actions(&map, Key::J, false), [Action::StepBack]);
        assert_eq!(actions(&map, Key::ArrowLeft, true), [Action::StepBack], "taken from RoundBack");
        assert!(actions(&map, Key::ArrowLeft, false).is_empty(), "Left no longer steps back");
        assert_eq!(map.keys_of(Action::RoundBack), "");
        assert_eq!(actions(&map, Key::F1, false), [Action::Player(0)]);
        assert!(actions(&map, Key::Num1, false).is_empty());
    }

    #[test]
    fn the_help_lists_the_players_keys_in_one_row_until_one_is_rebound() {
        let rows = Keymap::default().rows(Action::in_broadcast);
        assert!(rows.iter().any(|(keys, _)| keys == "1 … 9"), "{rows:?}");
        assert!(!rows.iter().any(|(keys, _)| keys == "G"), "no go-to in a broadcast");
        assert!(Keymap::default().rows(Action::in_studio).iter().all(|(keys, _)| !keys.contains("PageDown")), "no playlist in the studio");
        let (map, _) = Keymap::with(&BTreeMap::from([("Player2".to_string(), vec!["F2".to_string(), "2".to_string()])]));
        let rows = map.rows(Action::in_broadcast);
        assert!(rows.iter().any(|(keys, what)| keys == "F2 / 2" && what.contains("player 1")), "{rows:?}");
        assert_eq!(rows.iter().filter(|(_, what)| what.starts_with("as player")).count(), 9);
    }

    #[test]
    fn unknown_actions_and_keys_are_reported_and_skipped() {
        let rebound = BTreeMap::from([
            ("Jump".to_string(), vec!["J".to_string()]),
            ("Next".to_string(), vec!["Hyper+N".to_string(), "K".to_string()]),
        ]);
        let (map, problems) = Keymap::with(&rebound);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("\"Jump\""), "{problems:?}");
        assert!(problems[1].contains("Hyper+N"), "{problems:?}");
        assert_eq!(map.keys_of(Action::Next), "K");
    }

    #[test]
    fn a_chord_is_its_key_with_ctrl_and_a_bare_key_is_not_the_chord() {
        let map = Keymap::default();
        assert_eq!(map.actions(Key::Q, Modifiers::COMMAND).collect::<Vec<_>>(), [Action::Quit]);
        assert!(map.actions(Key::Q, Modifiers::NONE).next().is_none());
        // Ctrl+S is the editor's save: never the viewer's pan down.
        assert!(map.actions(Key::S, Modifiers::COMMAND).next().is_none());
        assert_eq!(map.actions(Key::S, Modifiers::NONE).collect::<Vec<_>>(), [Action::PanDown]);
        assert_eq!(map.keys_of(Action::Quit), "Ctrl+Q");
        let (rebound, problems) = Keymap::with(&BTreeMap::from([("Quit".to_string(), vec!["Ctrl+W".to_string()])]));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(rebound.actions(Key::W, Modifiers::COMMAND).collect::<Vec<_>>(), [Action::Quit]);
        assert_eq!(rebound.actions(Key::W, Modifiers::NONE).collect::<Vec<_>>(), [Action::PanUp], "bare W still pans");
    }

    #[test]
    fn every_action_has_a_name_the_settings_can_use() {
        for a in Action::all() {
            let (map, problems) = Keymap::with(&BTreeMap::from([(a.name(), vec!["F12".to_string()])]));
            assert!(problems.is_empty(), "{}: {problems:?}", a.name());
            assert_eq!(actions(&map, Key::F12, false), [a]);
        }
    }
}
