//! Summaries of what a replay gives step by step, kept as it arrives, for drawing it at any
//! width: a score series ([`Series`]: the lowest and highest score of any range of steps) and
//! marks of a few kinds ([`StepKinds`]: which kinds occur in any range). Each answer costs
//! O(log(steps)), so a chart or a timeline that asks once per pixel column costs the same for
//! a replay of a million steps as for one of a hundred. Here rather than in the viewer so that
//! it is compiled optimised in every profile (the workspace's Cargo.toml).

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
        self.min_max_from(&mut 0, steps)
    }

    /// [`Series::min_max`], looking for points from the index `hint` on and leaving it at the
    /// point that holds at `steps`' start: a sweep of ranges in order finds each range's points
    /// a few steps from the last range's, instead of searching the whole series each time.
    fn min_max_from(&self, hint: &mut usize, steps: Range<usize>) -> Option<(i64, i64)> {
        let (&(first, _), &(last, last_score)) = (self.points.first()?, self.points.last()?);
        let start = steps.start.max(first);
        if start >= steps.end {
            return None;
        }
        // From the last point on, its score holds; before it, the buckets know.
        let held = if steps.end > last { MinMax(last_score, last_score) } else { MinMax::EMPTY };
        let known = self.pyramid.query(start..steps.end.min(last), |part| self.scan(hint, part));
        let MinMax(low, high) = held.merge(known);
        (low <= high).then_some((low, high))
    }

    /// The scores over `steps` from the points themselves: the score held at its start and
    /// every point after it up to its end that holds for a step. Looks from `hint` on (see
    /// [`Series::min_max_from`]).
    fn scan(&self, hint: &mut usize, steps: Range<usize>) -> MinMax {
        if steps.start >= steps.end {
            return MinMax::EMPTY;
        }
        let from = gallop(&self.points, *hint, |p| p.0 <= steps.start).saturating_sub(1);
        let to = gallop(&self.points, from, |p| p.0 < steps.end);
        *hint = from;
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

    /// The steps `0..end` in about `columns` columns (between `columns` and twice as many),
    /// each as its lowest and highest score: two points, the one nearer the column before
    /// first, or one when they are equal, so that a chart drawn from them loses no spike.
    /// Columns are buckets of the summary where they are long enough (each read at once, the
    /// series' points never touched), else ranges read from the points in one sweep; the
    /// steps after the last whole bucket are read exactly, so nothing after `end` shows.
    pub fn by_column(&self, end: usize, columns: usize) -> Vec<(usize, i64)> {
        let per_column = end / columns.max(1);
        let (Some(&(last, last_score)), Some(top)) = (self.points.last(), self.pyramid.levels.len().checked_sub(1)) else {
            return self.by_column_from_points(end, columns);
        };
        if per_column < 2 * BUCKET {
            return self.by_column_from_points(end, columns);
        }
        let level = (per_column / BUCKET).ilog2() as usize;
        let size = BUCKET << level;
        // Above the summary's top (one bucket), the first bucket holds all it knows.
        let bucket = |i: usize| match self.pyramid.levels.get(level) {
            Some(row) => row.get(i).copied(),
            None => (i == 0).then(|| self.pyramid.levels[top][0]),
        };
        let mut out = Vec::with_capacity(2 * (end / size) + 2);
        let push = |out: &mut Vec<(usize, i64)>, steps: Range<usize>, MinMax(low, high): MinMax| {
            if low > high {
                return;
            }
            let nearer_high = out.last().is_some_and(|&(_, before): &(usize, i64)| before.abs_diff(high) < before.abs_diff(low));
            let (first, then) = if nearer_high { (high, low) } else { (low, high) };
            out.push((steps.start, first));
            if first != then {
                out.push((steps.end - 1, then));
            }
        };
        let whole = end / size;
        for i in 0..whole {
            let steps = i * size..(i + 1) * size;
            // The last point's score holds from its step on, which the buckets do not keep.
            let held = if steps.end > last { MinMax(last_score, last_score) } else { MinMax::EMPTY };
            push(&mut out, steps, bucket(i).unwrap_or(MinMax::EMPTY).merge(held));
        }
        if whole * size < end {
            let steps = whole * size..end;
            let rest = self.min_max(steps.clone()).map_or(MinMax::EMPTY, |(low, high)| MinMax(low, high));
            push(&mut out, steps, rest);
        }
        out
    }

    /// [`Series::by_column`] from the points, for columns shorter than two buckets: each column
    /// its lowest and highest score, in the order the column goes from the score it starts
    /// with, in one sweep.
    fn by_column_from_points(&self, end: usize, columns: usize) -> Vec<(usize, i64)> {
        let mut points = Vec::with_capacity(2 * columns);
        let mut hint = 0;
        for steps in self::columns(end, columns) {
            let start = gallop(&self.points, hint, |p| p.0 <= steps.start);
            let starts_with = start.checked_sub(1).map(|i| self.points[i].1);
            hint = start.saturating_sub(1);
            let Some((low, high)) = self.min_max_from(&mut hint, steps.clone()) else { continue };
            let (first, then) = if starts_with == Some(high) { (high, low) } else { (low, high) };
            points.push((steps.start, first));
            if first != then {
                points.push((steps.end - 1, then));
            }
        }
        points
    }
}

/// The first index from `from` on whose item is not `before` (items `before` come first), by
/// galloping: O(log(distance)) steps near `from`, so that a sweep stays in the cache.
fn gallop<T>(items: &[T], from: usize, before: impl Fn(&T) -> bool) -> usize {
    let from = from.min(items.len());
    let mut step = 1;
    let mut low = from;
    while low + step <= items.len() && before(&items[low + step - 1]) {
        low += step;
        step *= 2;
    }
    let high = (low + step).min(items.len());
    low + items[low..high].partition_point(before)
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

/// Which of up to 64 kinds of mark occur at which steps: marks added in any order, and
/// [`StepKinds::bits_in`] of any range of steps, one bit per kind.
#[derive(Clone, Default)]
pub struct StepKinds {
    /// (step, bit) of every mark, sorted by step.
    marks: Vec<(usize, u64)>,
    pyramid: Pyramid<KindSet>,
}

impl StepKinds {
    /// Marks `step` with kind `kind` (0 to 63).
    pub fn push(&mut self, step: usize, kind: u32) {
        let bit = 1u64 << kind.min(63);
        self.pyramid.fold(step..step + 1, KindSet(bit));
        if self.marks.last().is_none_or(|&(at, _)| at <= step) {
            self.marks.push((step, bit));
        } else {
            let i = self.marks.partition_point(|&(at, _)| at <= step);
            self.marks.insert(i, (step, bit));
        }
    }

    /// The kinds marked at steps in `steps`, as bits.
    pub fn bits_in(&self, steps: Range<usize>) -> u64 {
        self.bits_from(&mut 0, steps)
    }

    /// [`StepKinds::bits_in`], looking for marks from the index `hint` on and leaving it past
    /// the last one looked at (see [`Series::by_column`]).
    fn bits_from(&self, hint: &mut usize, steps: Range<usize>) -> u64 {
        let KindSet(bits) = self.pyramid.query(steps, |part| {
            let from = gallop(&self.marks, *hint, |&(at, _)| at < part.start);
            let to = gallop(&self.marks, from, |&(at, _)| at < part.end);
            *hint = to;
            KindSet(self.marks[from..to].iter().fold(0, |bits, &(_, bit)| bits | bit))
        });
        bits
    }

    /// The steps `0..end` in about `columns` columns (between `columns` and twice as many),
    /// each with the kinds marked in it: buckets of the summary where columns are long enough
    /// (as [`Series::by_column`]), else ranges read from the marks in one sweep.
    pub fn by_column(&self, end: usize, columns: usize) -> Vec<(Range<usize>, u64)> {
        let per_column = end / columns.max(1);
        let Some(top) = self.pyramid.levels.len().checked_sub(1).filter(|_| per_column >= 2 * BUCKET) else {
            let mut hint = 0;
            return self::columns(end, columns).map(|steps| (steps.clone(), self.bits_from(&mut hint, steps))).collect();
        };
        let level = (per_column / BUCKET).ilog2() as usize;
        let size = BUCKET << level;
        let bucket = |i: usize| match self.pyramid.levels.get(level) {
            Some(row) => row.get(i).copied(),
            None => (i == 0).then(|| self.pyramid.levels[top][0]),
        };
        let whole = end / size;
        let mut out: Vec<(Range<usize>, u64)> =
            (0..whole).map(|i| (i * size..(i + 1) * size, bucket(i).map_or(0, |KindSet(bits)| bits))).collect();
        if whole * size < end {
            out.push((whole * size..end, self.bits_in(whole * size..end)));
        }
        out
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

    use crate::rng::SplitMix64 as Rng;

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
        let mut rng = Rng::new(7);
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
        let mut rng = Rng::new(11);
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

    #[test]
    fn galloping_finds_what_a_binary_search_finds() {
        let items: Vec<usize> = (0..300).map(|i| i / 3).collect();
        for from in [0, 1, 5, 100, 299, 300, 400] {
            for value in 0..110 {
                let expected = items.partition_point(|&x| x < value).max(from.min(items.len()));
                assert_eq!(gallop(&items, from, |&x| x < value), expected, "from {from}, value {value}");
            }
        }
    }

    #[test]
    fn columns_are_each_columns_lowest_and_highest_and_nothing_after_the_end() {
        let mut rng = Rng::new(5);
        for (points, gap) in [(3, 4), (900, 5), (5000, 2), (400, 900), (20_000, 30)] {
            let series = random_series(&mut rng, points, gap);
            let last = series.last().unwrap().0;
            for end in [last / 3 + 1, last + 50, last + 20_000] {
                for n in [1, 13, 360, 1280] {
                    let drawn = series.by_column(end, n);
                    assert!(drawn.len() <= 4 * n + 2, "{} points for {n} columns", drawn.len());
                    assert!(drawn.windows(2).all(|w| w[0].0 <= w[1].0) && drawn.last().is_none_or(|p| p.0 < end), "in order, before {end}");
                    // Only scores the series takes before `end`, and nothing after it shows: the
                    // same columns come from the points before `end` alone.
                    let before: Series = series.iter().copied().filter(|p| p.0 < end).collect();
                    assert_eq!(drawn, before.by_column(end, n), "{points} points, end {end}, {n} columns");
                    for &(at, score) in &drawn {
                        assert!(series.iter().any(|p| p.0 < end && p.1 == score), "{score} at {at} is a score of the series");
                    }
                    // Every spike shows: the lowest and highest of all the steps drawn are drawn.
                    let all = series.min_max(0..end);
                    let shown = drawn
                        .iter()
                        .fold(None, |acc: Option<(i64, i64)>, p| Some(acc.map_or((p.1, p.1), |(l, h)| (l.min(p.1), h.max(p.1)))));
                    assert_eq!(shown, all, "{points} points, end {end}, {n} columns");
                }
            }
        }
    }

    #[test]
    fn the_kinds_in_any_range_are_those_of_its_marks() {
        let mut rng = Rng::new(3);
        let mut kinds = StepKinds::default();
        let mut marks = Vec::new();
        for _ in 0..5000 {
            // Mostly in step order, now and then late (as a failure marked from the start).
            let step = if rng.below(100) == 0 { rng.below(1000) } else { marks.last().map_or(0, |&(s, _)| s) + rng.below(40) };
            // A rare kind, so that buckets without it are common.
            let kind = if rng.below(50) == 0 { 4 } else { rng.below(4) as u32 };
            kinds.push(step, kind);
            marks.push((step, kind));
        }
        let len = marks.iter().map(|&(s, _)| s).max().unwrap() + 10;
        let brute = |steps: &Range<usize>| marks.iter().filter(|(s, _)| steps.contains(s)).fold(0u64, |bits, &(_, k)| bits | 1 << k);
        for n in [1, 7, 300, 613] {
            for steps in columns(len, n) {
                assert_eq!(kinds.bits_in(steps.clone()), brute(&steps), "{n} columns, steps {steps:?}");
            }
            assert_eq!(columns(len, n).map(|r| r.len()).sum::<usize>(), len, "the columns cover every step");
        }
        for _ in 0..2000 {
            let start = rng.below(len);
            let steps = start..start + rng.below(300);
            assert_eq!(kinds.bits_in(steps.clone()), brute(&steps), "steps {steps:?}");
        }
        for end in [len / 3, len, 10 * len] {
            for n in [1, 7, 1280] {
                let drawn = kinds.by_column(end, n);
                assert!(drawn.len() <= 2 * n + 1, "{} columns for {n}", drawn.len());
                assert_eq!(drawn.iter().map(|(steps, _)| steps.len()).sum::<usize>(), end, "the columns cover every step");
                for (steps, bits) in drawn {
                    assert_eq!(bits, brute(&steps), "{n} columns to {end}, steps {steps:?}");
                }
            }
        }
    }
}
