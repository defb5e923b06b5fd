//! The Deadline24 contest's own ranking (seed §3, deadline24-spec §1.9), the one implementation
//! that the tournament standings and the contest day's live ranking both use: on a server, a
//! team's ranking points are 100 × its score / the mean of the three best scores there (of all,
//! with fewer than three teams; 0 when that mean is 0); a task's points are the mean of its
//! servers'; the contest ranks the sum over the tasks.

/// Each team's ranking points on one server, from their scores there.
pub fn server_points(scores: &[f64]) -> Vec<f64> {
    let mut best = scores.to_vec();
    best.sort_by(|a, b| b.total_cmp(a));
    let top = &best[..best.len().min(3)];
    let mean = if top.is_empty() { 0.0 } else { top.iter().sum::<f64>() / top.len() as f64 };
    scores.iter().map(|s| if mean == 0.0 { 0.0 } else { 100.0 * s / mean }).collect()
}

/// Each team's mean over servers of `points` (each a team's points on one server).
pub fn mean_points(servers: &[Vec<f64>], teams: usize) -> Vec<f64> {
    (0..teams)
        .map(|k| {
            if servers.is_empty() {
                0.0
            } else {
                servers.iter().map(|s| s.get(k).copied().unwrap_or(0.0)).sum::<f64>() / servers.len() as f64
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_a_hundred_times_the_score_over_the_mean_of_the_three_best() {
        // The best three: 90, 60, 30 → mean 60.
        assert_eq!(server_points(&[90.0, 60.0, 30.0, 15.0]), [150.0, 100.0, 50.0, 25.0]);
        // Two teams: the mean of both.
        assert_eq!(server_points(&[30.0, 10.0]), [150.0, 50.0]);
        assert_eq!(server_points(&[0.0, 0.0]), [0.0, 0.0]);
        assert_eq!(mean_points(&[vec![150.0, 50.0], vec![50.0, 150.0]], 2), [100.0, 100.0]);
    }
}
