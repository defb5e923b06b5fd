//! Hand play for ICFP 2015: keys for the six commands, a box to type any command letters (so
//! phrases of power can be spelled), undo, a warning before a move that would repeat a position,
//! and the game saved after every change as an official solution file and as a replay.

use super::Icfp2015View;
use crate::viewer::session::PanelRequest;
use bevy_egui::egui::{self, Color32, Key, RichText};
use kibitz_core::replay::{EndRecord, FORMAT_VERSION, PlayerInfo, Replay, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::{Game, Step};
use kibitz_icfp2015::{Command, Event, GameError, Icfp2015, Setup, SolutionRecord};
use std::path::PathBuf;

/// Keys of hand play, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("4 / 6", "move W / E"),
    ("1 / 3", "move SW / SE"),
    ("7 / 9", "turn counter-clockwise / clockwise"),
    ("Backspace", "undo the last character"),
    ("type box", "any command letters, e.g. a phrase of power (click the box first)"),
];

/// The keypad keys and the character each plays.
const KEYS: [(Key, char); 6] = [(Key::Num4, 'p'), (Key::Num6, 'b'), (Key::Num1, 'a'), (Key::Num3, 'l'), (Key::Num7, 'k'), (Key::Num9, 'd')];

pub struct Hand {
    replay_out: PathBuf,
    solution_out: PathBuf,
    /// The "type commands" box.
    typed: String,
    /// A character that would repeat a position, pressed once: pressing it again plays it.
    confirm: Option<char>,
    notice: Option<(String, bool)>,
}

/// What a character would do from the current position.
enum Preview {
    Moves,
    Locks,
    Fails(GameError),
    Over,
}

impl Icfp2015View {
    /// A game played by hand, starting after `prefix` (empty for a new game; a replay's first
    /// characters when taking over). Saved to `replay_out` and `solution_out` after every change.
    pub fn hand(
        title: String,
        setup: Setup,
        name: &str,
        prefix: &[char],
        replay_out: PathBuf,
        solution_out: PathBuf,
    ) -> Result<Self, String> {
        let header = ReplayHeader {
            kibitz_replay: FORMAT_VERSION,
            game: Icfp2015::ID.to_string(),
            rules_version: Icfp2015::RULES_VERSION,
            seed: setup.seed as u64,
            players: vec![PlayerInfo { name: name.to_string(), command: None }],
            setup,
            limits: None,
        };
        let mut view = Self::empty(title, header)?;
        for &c in prefix {
            view.push_char(c);
        }
        view.hand = Some(Hand { replay_out, solution_out, typed: String::new(), confirm: None, notice: None });
        view.save();
        Ok(view)
    }

    fn push_char(&mut self, c: char) {
        let step = Step::Act { player: 0, action: Some(c) };
        let outcome = Icfp2015::apply(&mut self.rec.timeline.last_state().clone(), &step);
        self.absorb(StepRecord::new(self.rec.timeline.len(), &step, outcome));
    }

    fn preview(&self, c: char) -> Preview {
        let mut state = self.rec.timeline.last_state().clone();
        if state.is_over() {
            return Preview::Over;
        }
        match state.feed(c) {
            Event::Locked(..) => Preview::Locks,
            Event::Failed(e) => Preview::Fails(e),
            Event::AfterError => Preview::Over,
            Event::Ignored | Event::Moved(_) => Preview::Moves,
        }
    }

    /// Plays one character, unless it would end the game with an error: that needs the same
    /// key twice in a row (typed text never confirms). Returns whether it was played.
    fn play(&mut self, c: char, typed: bool) -> bool {
        let Some(hand) = self.hand.as_ref() else { return false };
        let confirmed = hand.confirm == Some(c) && !typed;
        let notice = match self.preview(c) {
            Preview::Over => Some(("the game is over: undo (Backspace) to play on".to_string(), true)),
            Preview::Fails(e) if !confirmed => {
                let hand = self.hand.as_mut().expect("checked");
                hand.confirm = (!typed).then_some(c);
                let how = if typed { "It was not played (a key or button can force it)." } else { "Press it again to play it anyway." };
                hand.notice = Some((format!("careful: {e}; that scores the board 0. {how}"), true));
                return false;
            }
            _ => None,
        };
        if notice.is_none() {
            self.push_char(c);
            self.save();
        }
        let played = notice.is_none();
        let hand = self.hand.as_mut().expect("checked");
        hand.confirm = None;
        hand.notice = notice;
        played
    }

    /// Where the unit in play would lock if dropped straight down (SW and SE in turn): a hint.
    pub(super) fn drop_ghost(&self) -> Vec<kibitz_icfp2015::Cell> {
        let mut state = self.rec.timeline.last_state().clone();
        for (i, c) in ['a', 'l'].iter().cycle().enumerate().take(4 * state.board().height() + 8) {
            let before = state.members();
            match state.feed(*c) {
                Event::Locked(..) => return before,
                Event::Moved(_) | Event::Ignored => {}
                _ => return Vec::new(),
            }
            let _ = i;
        }
        Vec::new()
    }

    fn undo(&mut self) {
        let Some(hand) = self.hand.take() else { return };
        let mut records = std::mem::take(&mut self.rec.replay.records);
        records.pop();
        let header = self.rec.replay.header.clone();
        if let Ok(mut view) = Self::new(self.rec.track.title.clone(), Replay { header, records, end: None }) {
            view.hand = Some(Hand { confirm: None, notice: None, ..hand });
            *self = view;
            self.save();
        }
    }

    /// The solution so far, as typed.
    fn solution(&self) -> String {
        self.rec.replay.records.iter().filter_map(|r| r.action).collect()
    }

    /// Writes the replay and the official solution file; a failure is shown, never fatal.
    fn save(&mut self) {
        let Some(hand) = self.hand.as_ref() else { return };
        let setup = &self.rec.replay.header.setup;
        let record = SolutionRecord {
            problem_id: setup.problem.id(),
            seed: setup.seed,
            tag: Some("kibitz hand play".into()),
            solution: self.solution(),
        };
        let end = EndRecord {
            scores: Icfp2015::scores(self.rec.timeline.last_state()),
            names: vec![self.rec.track.players[0].name.clone()],
            failed: Vec::new(),
            stopped: None,
        };
        let result = std::fs::write(&hand.solution_out, serde_json::to_string_pretty(&[record]).unwrap_or_default())
            .and_then(|_| {
                let file = std::io::BufWriter::new(std::fs::File::create(&hand.replay_out)?);
                let mut writer = ReplayWriter::new(file, &self.rec.replay.header)?;
                for r in &self.rec.replay.records {
                    writer.record(r)?;
                }
                writer.end(&end)
            })
            .map_err(|e| format!("saving failed: {e}"));
        if let Err(e) = result {
            self.hand.as_mut().expect("checked").notice = Some((e, true));
        }
    }

    pub(super) fn play_keys(&mut self, ctx: &egui::Context) {
        if self.hand.is_none() {
            return;
        }
        if ctx.input(|i| i.key_pressed(Key::Backspace)) {
            self.undo();
        }
        let pressed: Vec<char> = ctx.input(|i| KEYS.iter().filter(|(k, _)| i.key_pressed(*k)).map(|&(_, c)| c).collect());
        for c in pressed {
            self.play(c, false);
        }
    }

    pub(super) fn play_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let hand = self.hand.as_ref()?;
        ui.heading("Hand play");
        ui.label(RichText::new(format!("saved to {} and {}", hand.solution_out.display(), hand.replay_out.display())).weak());
        if !at_end {
            ui.colored_label(Color32::YELLOW, "You are looking back; the game goes on at the end.");
            return ui.button("back to the game  (End)").clicked().then_some(PanelRequest::BackToGame);
        }
        if let Some((text, error)) = &hand.notice {
            ui.colored_label(if *error { Color32::LIGHT_RED } else { Color32::LIGHT_GREEN }, text);
        }
        let mut play = None;
        egui::Grid::new("icfp-hand").num_columns(3).striped(true).show(ui, |ui| {
            for (key, c) in KEYS {
                let command = kibitz_icfp2015::decode(c);
                let name = match command {
                    kibitz_icfp2015::Decoded::Command(cmd) => cmd.to_string(),
                    _ => c.to_string(),
                };
                if ui.button(format!("{name}  ({})", key.symbol_or_name())).clicked() {
                    play = Some(c);
                }
                let (text, color) = match self.preview(c) {
                    Preview::Moves => ("moves".to_string(), Color32::GRAY),
                    Preview::Locks => ("locks the unit".to_string(), Color32::from_rgb(255, 193, 70)),
                    Preview::Fails(e) => (format!("✖ {}", short_error(e)), Color32::LIGHT_RED),
                    Preview::Over => ("game over".to_string(), Color32::GRAY),
                };
                ui.colored_label(color, text);
                ui.label(RichText::new(Command::ALL.iter().find(|k| k.chars().contains(c)).map_or("", |k| k.chars())).monospace().weak());
                ui.end_row();
            }
        });
        let mut changed = false;
        ui.horizontal(|ui| {
            ui.label("type:");
            let hand = self.hand.as_mut().expect("checked");
            let response = ui.add(egui::TextEdit::singleline(&mut hand.typed).desired_width(180.0).hint_text("e.g. ei!"));
            changed = response.changed();
        });
        // Typed text is played as it is typed; what cannot be played stays in the box.
        let typed: Vec<char> =
            if changed { std::mem::take(&mut self.hand.as_mut().expect("checked").typed).chars().collect() } else { Vec::new() };
        for (i, &c) in typed.iter().enumerate() {
            if !self.play(c, true) {
                // Keep what was not played in the box, so nothing typed is lost.
                if let Some(hand) = self.hand.as_mut() {
                    hand.typed = typed[i..].iter().collect();
                }
                break;
            }
        }
        if let Some(c) = play {
            self.play(c, false);
        }
        if ui.button("undo  (Backspace)").clicked() {
            self.undo();
        }
        None
    }
}

fn short_error(e: GameError) -> &'static str {
    match e {
        GameError::RepeatedPosition { .. } => "repeats a position",
        GameError::CommandAfterEnd { .. } => "the game is over",
        GameError::InvalidCharacter { .. } => "not a command",
        GameError::SeedNotListed { .. } => "seed not listed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viewer::session::GameView;

    /// A 5×6 board, one 1-cell unit, a source of 3.
    fn setup() -> Setup {
        let problem = kibitz_icfp2015::Problem::parse(
            r#"{"id":1,"width":5,"height":6,"filled":[],"sourceLength":3,"sourceSeeds":[0],"units":[{"members":[{"x":0,"y":0}],"pivot":{"x":0,"y":0}}]}"#,
        )
        .unwrap();
        Setup { problem, seed: 0, phrases: vec!["ei!".into()] }
    }

    fn view(dir: &std::path::Path, prefix: &str) -> Icfp2015View {
        let chars: Vec<char> = prefix.chars().collect();
        Icfp2015View::hand("t".into(), setup(), "Ann", &chars, dir.join("r.jsonl"), dir.join("s.json")).unwrap()
    }

    fn saved_solution(dir: &std::path::Path) -> String {
        let records = kibitz_icfp2015::read_solutions(&std::fs::read_to_string(dir.join("s.json")).unwrap()).unwrap();
        assert_eq!((records[0].problem_id, records[0].seed), (1, 0));
        records[0].solution.clone()
    }

    #[test]
    fn every_character_is_saved_as_a_solution_and_a_replay_that_verifies() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "a");
        assert!(v.play('l', false) && v.play('b', false));
        assert_eq!(saved_solution(dir.path()), "alb");
        let replay = Replay::<Icfp2015>::parse(&std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap()).unwrap().replay;
        assert_eq!(replay.records.len(), 3);
        kibitz_core::verify::verify(&replay).expect("verifies");
        assert_eq!(v.len(), 3);
    }

    #[test]
    fn a_move_that_would_repeat_a_position_needs_the_key_twice_and_typing_never_forces_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "b");
        assert!(matches!(v.preview('p'), Preview::Fails(GameError::RepeatedPosition { .. })), "back W repeats");
        assert!(!v.play('p', true), "typed: refused");
        assert!(!v.play('p', true), "typed again: still refused");
        assert!(!v.play('p', false), "first key press: a warning");
        assert_eq!(saved_solution(dir.path()), "b");
        assert!(v.play('p', false), "second key press: played");
        assert_eq!(Icfp2015::scores(v.rec.timeline.last_state()), vec![0], "an error scores 0");
        assert!(matches!(v.preview('a'), Preview::Over));
    }

    #[test]
    fn undo_takes_back_the_last_character_even_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "bp");
        assert!(v.rec.timeline.last_state().error().is_some());
        v.undo();
        assert_eq!(saved_solution(dir.path()), "b");
        assert!(v.rec.timeline.last_state().error().is_none());
        assert!(v.play('a', false));
        assert_eq!(saved_solution(dir.path()), "ba");
        assert!(v.is_live(), "still played by hand after an undo");
    }

    #[test]
    fn phrases_typed_by_hand_score_and_locks_move_on_to_the_next_unit() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "");
        for c in "ei!".chars() {
            assert!(v.play(c, true));
        }
        let score = kibitz_icfp2015::score::summary(v.rec.timeline.last_state());
        assert_eq!(score.power_score, 300 + 2 * 3);
        // Straight down until the unit locks, then the next one is in play.
        let before = v.rec.timeline.last_state().units_locked();
        for c in "alalalal".chars() {
            v.play(c, false);
        }
        assert!(v.rec.timeline.last_state().units_locked() > before);
        assert!(!v.drop_ghost().is_empty() || v.rec.timeline.last_state().is_over());
    }
}
