//! What the viewer draws every frame from the whole replay, kept with summaries built as the
//! replay arrives: a player's score series ([`Series`]) and the timeline's markers
//! ([`Markers`]). A chart or a timeline asks one question per pixel column (the lowest and
//! highest score, the kinds of marker) and each answer costs O(log(steps)), so a frame's cost
//! does not grow with the replay.

use super::view::{Marker, MarkerKind};
use std::ops::{Deref, Range};

/// Steps in a bucket of a pyramid's lowest level; level `l` has buckets of `BUCKET << l` steps.
const BUCKET: usize = 64;

/// What a pyramid keeps per bucket: an empty value, and the merge of two buckets.
trait Summary: Copy {
    const EMPTY: Self;
    fn merge(self, other: Self) -> Self;
}

/// The lowest and highest score in a bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MinMax(i64, i64);

impl Summary for MinMax {
    const EMPTY: Self = MinMax(i64::MAX, i64::MIN);
    fn merge(self, other: Self) -> Self {
        MinMax(self.0.min(other.0), self.1.max(other.1))
    }
}

/// The kinds of marker in a bucket, one bit per index in [`Markers`]' table of kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct KindSet(u64);

impl Summary for KindSet {
    const EMPTY: Self = KindSet(0);
    fn merge(self, other: Self) -> Self {
        KindSet(self.0 | other.0)
    }
}

/// Summaries of steps by buckets, each level's buckets twice as long as the level below's,
/// up to a level of one bucket: any range of whole buckets is a few buckets of some levels.
#[derive(Debug, Clone)]
struct Pyramid<T> {
    levels: Vec<Vec<T>>,
}

impl<T> Default for Pyramid<T> {
    fn default() -> Self {
        Self { levels: Vec::new() }
    }
}

impl<T: Summary> Pyramid<T> {
    /// Merges `value` into the buckets of `steps` (not empty), then the levels above them.
    fn fold(&mut self, steps: Range<usize>, value: T) {
        let (mut lo, mut hi) = (steps.start / BUCKET, (steps.end - 1) / BUCKET);
        if self.levels.is_empty() {
            self.levels.push(Vec::new());
        }
        let bottom = &mut self.levels[0];
        if bottom.len() <= hi {
            bottom.resize(hi + 1, T::EMPTY);
        }
        for bucket in &mut bottom[lo..=hi] {
            *bucket = bucket.merge(value);
        }
        let mut level = 0;
        while self.levels[level].len() > 1 {
            (lo, hi) = (lo / 2, hi / 2);
            if self.levels.len() == level + 1 {
                // A new level: all of it comes from the level below.
                self.levels.push(Vec::new());
                (lo, hi) = (0, (self.levels[level].len() - 1) / 2);
            }
            let (below, above) = self.levels.split_at_mut(level + 1);
            let (below, above) = (&below[level], &mut above[0]);
            above.resize(below.len().div_ceil(2), T::EMPTY);
            for i in lo..=hi {
                above[i] = below[2 * i].merge(below.get(2 * i + 1).copied().unwrap_or(T::EMPTY));
            }
            level += 1;
        }
    }

    /// The summary of `steps`: whole buckets from the pyramid, the partial ones at either end
    /// from `partial` (called with ranges shorter than a bucket, perhaps empty).
    fn query(&self, steps: Range<usize>, mut partial: impl FnMut(Range<usize>) -> T) -> T {
        if steps.start >= steps.end {
            return T::EMPTY;
        }
        let (first, end) = (steps.start.div_ceil(BUCKET), steps.end / BUCKET);
        if first >= end {
            return partial(steps);
        }
        let ends = partial(steps.start..first * BUCKET).merge(partial(end * BUCKET..steps.end));
        ends.merge(self.buckets(first..end))
    }

    /// The merge of the lowest level's buckets `range`, a few buckets per level.
    fn buckets(&self, range: Range<usize>) -> T {
        let mut acc = T::EMPTY;
        let (mut i, mut j) = (range.start, range.end.min(self.levels.first().map_or(0, Vec::len)));
        for level in &self.levels {
            if i >= j {
                break;
            }
            if i % 2 == 1 {
                acc = acc.merge(level[i]);
                i += 1;
            }
            if j % 2 == 1 {
                j -= 1;
                acc = acc.merge(level[j]);
            }
            (i, j) = (i / 2, j / 2);
        }
        acc
    }
}

/// A player's score over the steps: (step, score) points in step order, a step function (a
/// score holds until the next point; of points at the same step, the last holds). Reads as a
/// slice of its points; keeps the lowest and highest score of every bucket of steps, so that
/// [`Series::min_max`] of any range is quick.
#[derive(Clone, Default)]
pub struct Series {
    points: Vec<(usize, i64)>,
    /// Of the steps before the last point's, whose scores are known for good.
    pyramid: Pyramid<MinMax>,
}

impl Series {
    /// Adds a point at a step no earlier than the last point's. The last point's score holds
    /// from its step until this one, which is when it goes into the buckets.
    pub fn push(&mut self, point: (usize, i64)) {
        if let Some(&(at, score)) = self.points.last()
            && at < point.0
        {
            self.pyramid.fold(at..point.0, MinMax(score, score));
        }
        self.points.push(point);
    }

    /// The score at `step`: the last point at or before it (none before the first point).
    pub fn value_at(&self, step: usize) -> Option<i64> {
        self.points[..self.points.partition_point(|p| p.0 <= step)].last().map(|p| p.1)
    }

    /// The lowest and highest score the series takes over `steps`, if it has one there.
    pub fn min_max(&self, steps: Range<usize>) -> Option<(i64, i64)> {
        let (&(first, _), &(last, last_score)) = (self.points.first()?, self.points.last()?);
        let start = steps.start.max(first);
        if start >= steps.end {
            return None;
        }
        // From the last point on, its score holds; before it, the buckets know.
        let held = if steps.end > last { MinMax(last_score, last_score) } else { MinMax::EMPTY };
        let known = self.pyramid.query(start..steps.end.min(last), |part| self.scan(part));
        let MinMax(low, high) = held.merge(known);
        (low <= high).then_some((low, high))
    }

    /// The scores over `steps` from the points themselves: the score held at its start and
    /// every point after it up to its end that holds for a step.
    fn scan(&self, steps: Range<usize>) -> MinMax {
        if steps.start >= steps.end {
            return MinMax::EMPTY;
        }
        let from = self.points.partition_point(|p| p.0 <= steps.start).saturating_sub(1);
        let to = self.points.partition_point(|p| p.0 < steps.end);
        let mut acc = MinMax::EMPTY;
        for i in from..to {
            let (at, score) = self.points[i];
            let superseded = self.points.get(i + 1).is_some_and(|next| next.0 == at);
            if !superseded {
                acc = acc.merge(MinMax(score, score));
            }
        }
        acc
    }
}

impl Deref for Series {
    type Target = [(usize, i64)];
    fn deref(&self) -> &Self::Target {
        &self.points
    }
}

impl FromIterator<(usize, i64)> for Series {
    fn from_iter<I: IntoIterator<Item = (usize, i64)>>(points: I) -> Self {
        let mut series = Series::default();
        for point in points {
            series.push(point);
        }
        series
    }
}

/// Two series are the same when their points are: the buckets follow from them.
impl PartialEq for Series {
    fn eq(&self, other: &Self) -> bool {
        self.points == other.points
    }
}

impl std::fmt::Debug for Series {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.points).finish()
    }
}

/// The timeline's markers, sorted by step. Reads as a slice of them; keeps which kinds occur in
/// every bucket of steps, so that a timeline asks [`Markers::kinds_in`] once per pixel column.
#[derive(Clone, Default)]
pub struct Markers {
    markers: Vec<Marker>,
    /// The kinds seen, in the order they came: a kind's index is its bit in the buckets. Past
    /// the 64th, kinds share the last bit (and its colour); games define a handful.
    kinds: Vec<MarkerKind>,
    pyramid: Pyramid<KindSet>,
}

impl Markers {
    /// Adds a marker after those at its step or before. Games add them in step order, but one
    /// may come late (a failure marked from the start when the end record says so).
    pub fn push(&mut self, marker: Marker) {
        let bit = self.kind_bit(marker.kind);
        self.pyramid.fold(marker.at..marker.at + 1, KindSet(bit));
        if self.markers.last().is_none_or(|m| m.at <= marker.at) {
            self.markers.push(marker);
        } else {
            let at = self.markers.partition_point(|m| m.at <= marker.at);
            self.markers.insert(at, marker);
        }
    }

    /// The bit of `kind`, added to the table if new.
    fn kind_bit(&mut self, kind: MarkerKind) -> u64 {
        let index = match self.kinds.iter().position(|&k| k == kind) {
            Some(index) => index,
            None if self.kinds.len() < 64 => {
                self.kinds.push(kind);
                self.kinds.len() - 1
            }
            None => 63,
        };
        1u64 << index
    }

    /// The markers at steps in `steps`, found by binary search.
    pub fn between(&self, steps: Range<usize>) -> &[Marker] {
        let from = self.markers.partition_point(|m| m.at < steps.start);
        let to = self.markers.partition_point(|m| m.at < steps.end);
        &self.markers[from..to.max(from)]
    }

    /// The kinds of marker at steps in `steps`, in the order they were first seen.
    pub fn kinds_in(&self, steps: Range<usize>) -> impl Iterator<Item = MarkerKind> + '_ {
        let KindSet(bits) =
            self.pyramid.query(steps, |part| KindSet(self.between(part).iter().fold(0u64, |bits, m| bits | self.bit_of(m.kind))));
        self.kinds.iter().enumerate().filter(move |(i, _)| bits & (1u64 << i) != 0).map(|(_, &kind)| kind)
    }

    /// The bit of a kind already in the table.
    fn bit_of(&self, kind: MarkerKind) -> u64 {
        1u64 << self.kinds.iter().position(|&k| k == kind).unwrap_or(63)
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

/// `steps` split into at most `n` ranges of (nearly) equal length, in order, none empty: one
/// per pixel column of a chart or a timeline `n` columns wide.
pub fn columns(steps: usize, n: usize) -> impl Iterator<Item = Range<usize>> {
    let n = n.max(1);
    (0..n).map(move |c| c * steps / n..(c + 1) * steps / n).filter(|r| !r.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (SplitMix64), so that a failure can be repeated.
    struct Rng(u64);

    impl Rng {
        fn next_u64(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A series of `points` points whose steps jump by up to `gap` (0: another point at the
    /// same step), its scores in -1000..1000.
    fn random_series(rng: &mut Rng, points: usize, gap: usize) -> Series {
        let mut at = rng.below(200);
        (0..points)
            .map(|_| {
                at += rng.below(gap + 1);
                (at, rng.below(2000) as i64 - 1000)
            })
            .collect()
    }

    /// The lowest and highest score over `steps`, step by step as [`Series::value_at`] says.
    fn brute_min_max(series: &Series, steps: Range<usize>) -> Option<(i64, i64)> {
        let values: Vec<i64> = steps.filter_map(|s| series.value_at(s)).collect();
        Some((*values.iter().min()?, *values.iter().max()?))
    }

    #[test]
    fn min_max_of_any_range_is_what_the_scores_step_by_step_give() {
        let mut rng = Rng(7);
        for (points, gap) in [(1, 5), (40, 3), (500, 2), (600, 40), (300, 300), (2000, 9)] {
            let series = random_series(&mut rng, points, gap);
            let end = series.last().unwrap().0 + 300;
            for _ in 0..400 {
                let (a, b) = (rng.below(end), rng.below(end));
                let steps = a.min(b)..a.max(b) + rng.below(3);
                assert_eq!(series.min_max(steps.clone()), brute_min_max(&series, steps.clone()), "{points} points, steps {steps:?}");
            }
            // Every range that starts or ends on a bucket's edge, where the pyramid takes over.
            for start in (0..end).step_by(BUCKET) {
                for steps in [start..start + BUCKET, start..start + 3 * BUCKET + 1, start.saturating_sub(1)..start + 2 * BUCKET] {
                    assert_eq!(series.min_max(steps.clone()), brute_min_max(&series, steps.clone()), "steps {steps:?}");
                }
            }
        }
    }

    #[test]
    fn a_score_superseded_at_its_own_step_is_never_taken() {
        let series: Series = [(0, 0), (100, 50), (100, -7), (300, 2)].into_iter().collect();
        assert_eq!(series.min_max(0..1000), Some((-7, 2)));
        assert_eq!(series.min_max(100..101), Some((-7, -7)));
        assert_eq!(series.min_max(0..100), Some((0, 0)));
        assert_eq!(series.value_at(100), Some(-7));
        let late: Series = [(70, 5)].into_iter().collect();
        assert_eq!(late.min_max(0..70), None, "nothing before the first point");
        assert_eq!(late.min_max(0..71), Some((5, 5)));
    }

    #[test]
    fn a_query_up_to_a_step_never_sees_a_score_after_it() {
        let mut rng = Rng(11);
        let series = random_series(&mut rng, 3000, 7);
        let end = series.last().unwrap().0 + 10;
        for _ in 0..300 {
            let cursor = rng.below(end);
            // What a spoiler-free chart asks of the whole series: the steps up to the cursor.
            let shown = series.min_max(0..cursor + 1);
            let only_the_past: Series = series.iter().copied().filter(|p| p.0 <= cursor).collect();
            assert_eq!(shown, only_the_past.min_max(0..cursor + 1), "cursor {cursor}");
        }
    }

    fn kind(i: usize) -> MarkerKind {
        const NAMES: [&str; 5] = ["capture", "sale", "failure", "lock", "phrase"];
        MarkerKind::new(NAMES[i], 10 * i as u8, 0, 0)
    }

    #[test]
    fn the_kinds_in_a_column_are_those_of_its_markers() {
        let mut rng = Rng(3);
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
            let brute = markers.iter().filter(|m| steps.contains(&m.at)).fold(0u64, |bits, m| bits | markers.bit_of(m.kind));
            let seen = markers.kinds_in(steps.clone()).fold(0u64, |bits, k| bits | markers.bit_of(k));
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
