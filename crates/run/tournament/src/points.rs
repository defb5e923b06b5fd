//! The Deadline24 contest's own ranking (seed §3, deadline24-spec §1.9), the one implementation
//! that the tournament standings and the contest day's live ranking both use: on a server, a
//! team's ranking points are 100 × its score / the mean of the three best scores there (of all,
//! with fewer than three teams; 0 when that mean is 0); a task's points are the mean of its
//! servers'; the contest ranks the sum over the tasks.

use serde::{Deserialize, Serialize};

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

/// The contest's ranking as `ranking.json` holds it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ranking {
    /// Best first: the sum of the team's task points.
    pub teams: Vec<TeamPoints>,
    /// Each server's scores so far (its finished games and the one being played), per team.
    pub servers: Vec<ServerScores>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TeamPoints {
    pub rank: usize,
    pub team: String,
    pub points: f64,
    /// The team's points in each task: the mean of its ranking points on the task's servers.
    pub tasks: Vec<(String, f64)>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ServerScores {
    pub task: String,
    pub server: String,
    pub game: u32,
    pub turn: u32,
    /// In the game's units (millionths counted as reals).
    pub scores: Vec<f64>,
}

/// The ranking of `servers` (task, server, each team's score there), for `teams`.
pub fn ranking(teams: &[String], servers: &[ServerScores]) -> Ranking {
    let mut tasks: Vec<&str> = Vec::new();
    for s in servers {
        if !tasks.contains(&s.task.as_str()) {
            tasks.push(&s.task);
        }
    }
    let per_task: Vec<Vec<f64>> = tasks
        .iter()
        .map(|task| {
            let points: Vec<Vec<f64>> = servers.iter().filter(|s| s.task == *task).map(|s| server_points(&s.scores)).collect();
            mean_points(&points, teams.len())
        })
        .collect();
    let mut rows: Vec<TeamPoints> = teams
        .iter()
        .enumerate()
        .map(|(k, team)| TeamPoints {
            rank: 0,
            team: team.clone(),
            points: per_task.iter().map(|t| t[k]).sum(),
            tasks: tasks.iter().zip(&per_task).map(|(task, t)| (task.to_string(), t[k])).collect(),
        })
        .collect();
    rows.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.team.cmp(&b.team)));
    for (k, row) in rows.iter_mut().enumerate() {
        row.rank = k + 1;
    }
    Ranking { teams: rows, servers: servers.to_vec() }
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

    #[test]
    fn the_contest_ranks_the_sum_over_tasks_of_the_mean_over_servers() {
        let teams: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let server = |task: &str, name: &str, scores: [f64; 3]| ServerScores {
            task: task.into(),
            server: name.into(),
            game: 1,
            turn: 5,
            scores: scores.to_vec(),
        };
        let r = ranking(
            &teams,
            &[server("mine", "1", [90.0, 60.0, 30.0]), server("mine", "2", [0.0, 30.0, 30.0]), server("cut", "1", [10.0, 10.0, 40.0])],
        );
        // mine/1: 150, 100, 50; mine/2: mean 20 → 0, 150, 150; mine: 75, 125, 100.
        // cut/1: mean 20 → 50, 50, 200. Totals: a 125, b 175, c 300.
        let got: Vec<(usize, &str, f64)> = r.teams.iter().map(|t| (t.rank, t.team.as_str(), t.points)).collect();
        assert_eq!(got, [(1, "c", 300.0), (2, "b", 175.0), (3, "a", 125.0)]);
        assert_eq!(r.teams[0].tasks, [("mine".to_string(), 100.0), ("cut".to_string(), 200.0)]);
    }
}
