//! The timeline's logic, shared by every game and free of Bevy and egui so it can be tested
//! headless: a cursor over the steps of a replay, play/pause, reverse, speed, stepping by turn
//! and by round.

/// Playback speeds offered, as multiples of the base rate.
pub const SPEEDS: [f32; 9] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];
/// Steps per second at 1×.
pub const BASE_STEPS_PER_SECOND: f32 = 4.0;

#[derive(Debug, Clone)]
pub struct Playback {
    /// Number of steps applied: 0 is the initial state, `len` the final one.
    cursor: usize,
    len: usize,
    pub playing: bool,
    pub reverse: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
    /// Fractional steps carried between frames.
    carry: f32,
    /// More steps are still arriving (a replay loading): playing forwards waits at the end for
    /// them instead of stopping there.
    pub growing: bool,
}

impl Playback {
    pub fn new(len: usize) -> Self {
        Self { cursor: 0, len, playing: false, reverse: false, speed: 2, carry: 0.0, growing: false }
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    pub fn set_speed(&mut self, speed: f32) {
        self.speed = SPEEDS.iter().position(|&s| s >= speed).unwrap_or(SPEEDS.len() - 1);
    }

    /// The replay grew or shrank (a live match, an undo): a cursor at the end follows it.
    pub fn resize(&mut self, len: usize) {
        let following = self.cursor == self.len;
        self.len = len;
        if following || self.cursor > len {
            self.cursor = len;
        }
    }

    /// The replay grew while loading: the cursor stays where it is.
    pub fn grow(&mut self, len: usize) {
        self.len = len.max(self.len);
    }

    pub fn seek(&mut self, step: usize) {
        self.cursor = step.min(self.len);
        self.carry = 0.0;
    }

    pub fn toggle_play(&mut self) {
        if !self.playing && self.at_end_of_travel() {
            // Playing from the end starts over, as video players do.
            self.seek(if self.reverse { self.len } else { 0 });
        }
        self.playing = !self.playing;
    }

    fn at_end_of_travel(&self) -> bool {
        if self.reverse { self.cursor == 0 } else { self.cursor == self.len }
    }

    /// One step forwards (`+1`) or backwards (`-1`); pauses.
    pub fn step_by(&mut self, delta: isize) {
        self.playing = false;
        self.seek(self.cursor.saturating_add_signed(delta));
    }

    /// To the next round start after the cursor (or the previous one before it); pauses.
    /// `round_starts` is sorted.
    pub fn step_round(&mut self, forward: bool, round_starts: &[usize]) {
        self.playing = false;
        let target = if forward {
            round_starts.iter().copied().find(|&s| s > self.cursor).unwrap_or(self.len)
        } else {
            round_starts.iter().rev().copied().find(|&s| s < self.cursor).unwrap_or(0)
        };
        self.seek(target);
    }

    /// Advances by `seconds` of wall time when playing. Returns whether the cursor moved.
    pub fn tick(&mut self, seconds: f32) -> bool {
        if !self.playing {
            return false;
        }
        self.carry += seconds * BASE_STEPS_PER_SECOND * self.speed();
        // A little slack, so that 60 frames of 1/60 s make a whole second despite rounding.
        let whole = (self.carry + 1e-4).floor();
        self.carry -= whole;
        let steps = whole as usize;
        let before = self.cursor;
        self.cursor = if self.reverse { self.cursor.saturating_sub(steps) } else { (self.cursor + steps).min(self.len) };
        if self.at_end_of_travel() && !(self.growing && !self.reverse) {
            self.playing = false;
        }
        self.cursor != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_a_replay_still_loading_waits_at_its_end_for_more() {
        let mut p = Playback::new(0);
        p.growing = true;
        p.toggle_play();
        p.tick(1.0);
        assert!(p.playing, "nothing loaded yet: it waits");
        p.grow(100);
        p.tick(1.0);
        assert_eq!(p.cursor(), 4, "plays what has come, at its speed (4 steps a second at 1×)");
        p.tick(100.0);
        assert_eq!(p.cursor(), 100);
        assert!(p.playing, "caught up with the loading: still playing");
        p.growing = false;
        p.tick(1.0);
        assert!(!p.playing, "loaded and at the end: stops");
    }

    #[test]
    fn a_live_replay_grows_or_shrinks_and_a_cursor_at_the_end_follows_it() {
        let mut p = Playback::new(10);
        p.seek(10);
        p.resize(12);
        assert_eq!((p.cursor(), p.len()), (12, 12));
        p.resize(11);
        assert_eq!((p.cursor(), p.len()), (11, 11), "an undo takes the cursor along");
        p.seek(5);
        p.resize(20);
        assert_eq!((p.cursor(), p.len()), (5, 20), "a cursor looking back stays where it is");
        p.resize(3);
        assert_eq!(p.cursor(), 3, "never beyond the end");
        p.grow(100);
        assert_eq!((p.cursor(), p.len()), (3, 100), "a replay loading leaves the cursor alone");
    }

    #[test]
    fn playing_advances_with_time_and_speed_and_stops_at_the_end() {
        let mut p = Playback::new(100);
        p.toggle_play();
        assert!(p.tick(1.0));
        assert_eq!(p.cursor(), 4, "1× is 4 steps a second");
        p.set_speed(64.0);
        p.tick(1.0);
        assert_eq!(p.cursor(), 100);
        assert!(!p.playing, "stops at the end");
        p.toggle_play();
        assert_eq!(p.cursor(), 0, "play at the end starts over");
    }

    #[test]
    fn fractions_of_steps_accumulate_across_frames() {
        let mut p = Playback::new(100);
        p.set_speed(0.25);
        p.toggle_play();
        for _ in 0..59 {
            p.tick(1.0 / 60.0);
        }
        assert_eq!(p.cursor(), 0);
        p.tick(1.0 / 60.0);
        assert_eq!(p.cursor(), 1, "0.25× at 60 fps: one step a second");
    }

    #[test]
    fn reverse_play_goes_back_to_the_start() {
        let mut p = Playback::new(50);
        p.seek(10);
        p.reverse = true;
        p.set_speed(2.0);
        p.toggle_play();
        p.tick(1.0);
        assert_eq!(p.cursor(), 2);
        p.tick(1.0);
        assert_eq!((p.cursor(), p.playing), (0, false));
    }

    #[test]
    fn stepping_by_turn_and_round_pauses_and_clamps() {
        let starts = [0, 4, 8, 12];
        let mut p = Playback::new(16);
        p.toggle_play();
        p.step_round(true, &starts);
        assert_eq!((p.cursor(), p.playing), (4, false));
        p.step_by(1);
        p.step_round(true, &starts);
        assert_eq!(p.cursor(), 8);
        p.step_round(false, &starts);
        assert_eq!(p.cursor(), 4);
        p.seek(13);
        p.step_round(true, &starts);
        assert_eq!(p.cursor(), 16, "past the last round start: the end");
        p.step_by(5);
        assert_eq!(p.cursor(), 16);
        p.seek(0);
        p.step_by(-1);
        assert_eq!(p.cursor(), 0);
    }

    #[test]
    fn speeds_range_from_a_quarter_to_sixty_four() {
        let mut p = Playback::new(1);
        for _ in 0..20 {
            p.slower();
        }
        assert_eq!(p.speed(), 0.25);
        for _ in 0..20 {
            p.faster();
        }
        assert_eq!(p.speed(), 64.0);
    }
}
