//! Keyframed re-simulation: the state after any step of a replay, fast.
//!
//! The timeline simulates the whole match once, keeping a copy of the state every
//! `interval` steps. Reaching step `i` then costs one clone and at most `interval - 1` steps.

use crate::game::{Game, Step};

/// Default distance between keyframes; see `docs/performance.md` for the measurements behind it.
pub const DEFAULT_INTERVAL: usize = 64;

pub struct Timeline<G: Game> {
    steps: Vec<Step<G::Action>>,
    outcomes: Vec<G::Outcome>,
    /// `keyframes[k]` is the state after `k * interval` steps.
    keyframes: Vec<G::State>,
    interval: usize,
    /// The round each step happens in (the round of the state before it).
    rounds: Vec<u32>,
    /// The state after the last step, so that appending a step costs one step.
    last: G::State,
}

impl<G: Game> Timeline<G> {
    /// Simulates `steps` from `initial` once and keeps keyframes.
    pub fn new(initial: G::State, steps: Vec<Step<G::Action>>) -> Self {
        Self::with_interval(initial, steps, DEFAULT_INTERVAL)
    }

    pub fn with_interval(initial: G::State, steps: Vec<Step<G::Action>>, interval: usize) -> Self {
        let interval = interval.max(1);
        let mut state = initial;
        let mut keyframes = Vec::with_capacity(steps.len() / interval + 1);
        let mut outcomes = Vec::with_capacity(steps.len());
        let mut rounds = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            if i % interval == 0 {
                keyframes.push(state.clone());
            }
            rounds.push(G::round(&state));
            outcomes.push(G::apply(&mut state, step));
        }
        if steps.len() % interval == 0 {
            keyframes.push(state.clone());
        }
        Self { steps, outcomes, keyframes, interval, rounds, last: state }
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn steps(&self) -> &[Step<G::Action>] {
        &self.steps
    }

    /// What the rules answered to each step, as re-simulated.
    pub fn outcomes(&self) -> &[G::Outcome] {
        &self.outcomes
    }

    /// The round step `i` happens in.
    pub fn round_of_step(&self, i: usize) -> u32 {
        self.rounds.get(i).copied().unwrap_or_else(|| self.rounds.last().copied().unwrap_or(0))
    }

    /// The state after the first `i` steps (`i` is clamped to `0..=len`).
    pub fn state_at(&self, i: usize) -> G::State {
        let i = i.min(self.steps.len());
        let k = i / self.interval;
        let mut state = self.keyframes[k].clone();
        for step in &self.steps[k * self.interval..i] {
            G::apply(&mut state, step);
        }
        state
    }

    /// The state after the last step.
    pub fn last_state(&self) -> &G::State {
        &self.last
    }

    /// Appends a step (live matches, hand play, loading a replay line by line) and returns its
    /// outcome. Costs one step.
    /// Makes room for `more` steps, so that a long replay arriving line by line is not copied
    /// whole each time its buffers double.
    pub fn reserve(&mut self, more: usize) {
        self.steps.reserve(more);
        self.outcomes.reserve(more);
        self.rounds.reserve(more);
        self.keyframes.reserve(more / self.interval + 1);
    }

    pub fn push(&mut self, step: Step<G::Action>) -> &G::Outcome {
        self.rounds.push(G::round(&self.last));
        let outcome = G::apply(&mut self.last, &step);
        self.steps.push(step);
        self.outcomes.push(outcome);
        if self.steps.len().is_multiple_of(self.interval) {
            self.keyframes.push(self.last.clone());
        }
        self.outcomes.last().expect("just pushed")
    }
}
