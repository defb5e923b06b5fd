//! A replay's markers (a moment and its kind, [`Marker`]), kept sorted and summarised as the
//! replay arrives ([`Markers`]), and the score series of the core ([`Series`]): what the viewer
//! draws every frame from the whole replay, asked once per pixel column, so that a frame's cost
//! does not grow with the replay.

use bevy_egui::egui;
use kibitz_core::series::StepKinds;
pub use kibitz_core::series::{Series, columns};
use std::ops::{Deref, Range};

/// A notable moment, shown as a marker on the timeline.
#[derive(Debug, Clone)]
pub struct Marker {
    /// The marker sits at the state *after* this many steps.
    pub at: usize,
    pub kind: MarkerKind,
    pub label: String,
}

/// A kind of marker: each game defines its own (name and colour); the shell draws any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MarkerKind {
    pub name: &'static str,
    pub color: egui::Color32,
}

impl MarkerKind {
    pub const fn new(name: &'static str, r: u8, g: u8, b: u8) -> Self {
        Self { name, color: egui::Color32::from_rgb(r, g, b) }
    }

    /// A participant failed (a bot crashed, timed out, or was handed to a judge): every game
    /// has these, in the same colour.
    pub const FAILURE: MarkerKind = MarkerKind::new("failure", 255, 60, 60);
}

/// The timeline's markers, sorted by step. Reads as a slice of them; keeps which kinds occur in
/// every bucket of steps, so that a timeline asks [`Markers::kinds_in`] once per pixel column.
#[derive(Clone, Default)]
pub struct Markers {
    markers: Vec<Marker>,
    /// The kinds seen, in the order they came: a kind's index is its bit in `steps`. Past the
    /// 64th, kinds share the last bit (and its colour); games define a handful.
    kinds: Vec<MarkerKind>,
    steps: StepKinds,
}

impl Markers {
    /// Adds a marker after those at its step or before. Games add them in step order, but one
    /// may come late (a failure marked from the start when the end record says so).
    pub fn push(&mut self, marker: Marker) {
        let index = self.kind_index(marker.kind);
        self.steps.push(marker.at, index);
        if self.markers.last().is_none_or(|m| m.at <= marker.at) {
            self.markers.push(marker);
        } else {
            let at = self.markers.partition_point(|m| m.at <= marker.at);
            self.markers.insert(at, marker);
        }
    }

    /// The index of `kind` in the table, added if new.
    fn kind_index(&mut self, kind: MarkerKind) -> u32 {
        match self.kinds.iter().position(|&k| k == kind) {
            Some(index) => index as u32,
            None if self.kinds.len() < 64 => {
                self.kinds.push(kind);
                self.kinds.len() as u32 - 1
            }
            None => 63,
        }
    }

    /// The markers at steps in `steps`, found by binary search.
    pub fn between(&self, steps: Range<usize>) -> &[Marker] {
        let from = self.markers.partition_point(|m| m.at < steps.start);
        let to = self.markers.partition_point(|m| m.at < steps.end);
        &self.markers[from..to.max(from)]
    }

    /// The steps `0..end` in about `columns` columns, each with the kinds of marker in it (as bits
    /// for [`Markers::kinds_of`]), in one sweep.
    pub fn by_column(&self, end: usize, columns: usize) -> Vec<(Range<usize>, u64)> {
        self.steps.by_column(end, columns)
    }

    /// The kinds seen, in the order they came: a kind's index is its bit in
    /// [`Markers::by_column`]'s answers.
    pub fn kinds(&self) -> &[MarkerKind] {
        &self.kinds
    }

    /// The kinds whose bits are in `bits`, in the order they were first seen.
    pub fn kinds_of(&self, bits: u64) -> impl Iterator<Item = MarkerKind> + '_ {
        self.kinds.iter().enumerate().filter(move |(i, _)| bits & (1u64 << i) != 0).map(|(_, &kind)| kind)
    }

    /// The kinds of marker at steps in `steps`, in the order they were first seen.
    pub fn kinds_in(&self, steps: Range<usize>) -> impl Iterator<Item = MarkerKind> + '_ {
        let bits = self.steps.bits_in(steps);
        self.kinds.iter().enumerate().filter(move |(i, _)| bits & (1u64 << i) != 0).map(|(_, &kind)| kind)
    }
}

impl Deref for Markers {
    type Target = [Marker];
    fn deref(&self) -> &Self::Target {
        &self.markers
    }
}

impl FromIterator<Marker> for Markers {
    fn from_iter<I: IntoIterator<Item = Marker>>(markers: I) -> Self {
        let mut all = Markers::default();
        for marker in markers {
            all.push(marker);
        }
        all
    }
}

impl std::fmt::Debug for Markers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.markers).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(i: usize) -> MarkerKind {
        const NAMES: [&str; 5] = ["capture", "sale", "failure", "lock", "phrase"];
        MarkerKind::new(NAMES[i], 10 * i as u8, 0, 0)
    }

    #[test]
    fn the_kinds_in_a_column_are_those_of_its_markers() {
        let mut rng = kibitz_core::rng::SplitMix64::new(3);
        let mut at = 0;
        let markers: Markers = (0..5000)
            .map(|i| {
                at += rng.below(40);
                // A rare kind, so that buckets without it are common.
                let k = if rng.below(50) == 0 { 4 } else { rng.below(4) };
                Marker { at, kind: kind(k), label: format!("{i}") }
            })
            .collect();
        let len = at + 10;
        for n in [1, 7, 300, 613] {
            for steps in columns(len + 1, n) {
                let seen: Vec<MarkerKind> = markers.kinds_in(steps.clone()).collect();
                let mut brute: Vec<MarkerKind> = Vec::new();
                for m in markers.iter().filter(|m| steps.contains(&m.at)) {
                    if !brute.contains(&m.kind) {
                        brute.push(m.kind);
                    }
                }
                brute.sort_by_key(|k| markers.kinds.iter().position(|x| x == k));
                assert_eq!(seen, brute, "{n} columns, steps {steps:?}");
            }
        }
        for _ in 0..2000 {
            let start = rng.below(len);
            let steps = start..start + rng.below(300);
            let bit = |k: MarkerKind| 1u64 << markers.kinds.iter().position(|&x| x == k).unwrap();
            let brute = markers.iter().filter(|m| steps.contains(&m.at)).fold(0u64, |bits, m| bits | bit(m.kind));
            let seen = markers.kinds_in(steps.clone()).fold(0u64, |bits, k| bits | bit(k));
            assert_eq!(seen, brute, "steps {steps:?}");
        }
        assert_eq!(columns(len + 1, 613).map(|r| r.len()).sum::<usize>(), len + 1, "the columns cover every step");
    }

    #[test]
    fn markers_added_out_of_order_end_sorted_and_found() {
        let at = |m: &[Marker]| m.iter().map(|m| (m.at, m.label.clone())).collect::<Vec<_>>();
        let mut markers: Markers = [5, 9, 9, 200].into_iter().map(|at| Marker { at, kind: kind(0), label: format!("{at}") }).collect();
        markers.push(Marker { at: 0, kind: kind(2), label: "failed from the start".into() });
        markers.push(Marker { at: 9, kind: kind(1), label: "late 9".into() });
        let expected: [(usize, &str); 6] = [(0, "failed from the start"), (5, "5"), (9, "9"), (9, "9"), (9, "late 9"), (200, "200")];
        assert_eq!(at(&markers), expected.map(|(a, l)| (a, l.to_string())));
        assert_eq!(at(markers.between(6..200)).len(), 3);
        assert!(markers.between(10..200).is_empty());
        assert_eq!(markers.kinds_in(0..1).collect::<Vec<_>>(), [kind(2)], "the late marker is in its bucket");
        assert_eq!(markers.kinds_in(0..1000).count(), 3);
    }
}
