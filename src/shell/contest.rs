//! A contest day on the stream (`kibitz broadcast DIR` on a contest folder): the servers' live
//! views in turn, each titled by its task and server, and between them the contest's ranking as
//! a scoreboard, read from `DIR/ranking.json` as the day goes on; a call-out when the leader
//! changes; a server that is over shows its final result for its turn.

use crate::kit::deadline24::served::{Ended, FOLDER_FILE, Folder, FolderServer};
use bevy_egui::egui::{self, Align2, Color32, FontId, Rect, vec2};
use kibitz_tournament::points::Ranking;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How often the ranking is read again.
const READ_EVERY: Duration = Duration::from_secs(2);
/// How long the call-out of a new leader stays.
const CALLOUT_FOR: Duration = Duration::from_secs(10);

const TEXT: Color32 = Color32::from_rgb(236, 238, 242);
const DIM: Color32 = Color32::from_rgb(150, 156, 168);
const GOLD: Color32 = Color32::from_rgb(255, 196, 40);

/// The contest's ranking as the broadcast last read it.
#[derive(Debug, Clone)]
pub struct ContestBoard {
    /// `DIR/ranking.json`.
    pub path: PathBuf,
    pub ranking: Option<Ranking>,
    read_at: Option<Instant>,
    leader: Option<String>,
    /// "NEW LEADER: X", until when it shows.
    pub callout: Option<(String, Instant)>,
    /// The contest's servers (`DIR/contest.ron`), and how each ended, once it has.
    pub servers: Vec<(FolderServer, Option<Ended>)>,
}

impl ContestBoard {
    /// The board of the contest whose ranking is at `path` (`DIR/ranking.json`).
    pub fn new(path: PathBuf) -> Self {
        let folder = path.parent().map(|p| p.join(FOLDER_FILE));
        let described = folder.and_then(|f| std::fs::read_to_string(f).ok()).and_then(|t| ron::from_str::<Folder>(&t).ok());
        let servers = described.map(|f| f.servers.into_iter().map(|s| (s, None)).collect()).unwrap_or_default();
        let mut board = Self { path, ranking: None, read_at: None, leader: None, callout: None, servers };
        board.refresh();
        board
    }

    /// The server whose spectators' source is `source` (`tcp://HOST:PORT`), and how it ended.
    fn server(&self, source: &str) -> Option<&(FolderServer, Option<Ended>)> {
        self.servers.iter().find(|(s, _)| s.spectate.is_some_and(|a| format!("tcp://{a}") == source))
    }

    /// What the broadcast calls the server at `source`: its task and name (`mining/a1`).
    pub fn title_of(&self, source: &str) -> Option<String> {
        self.server(source).map(|(s, _)| s.label())
    }

    /// Whether the server at `source` is over (its spectator port gone for good).
    pub fn is_over(&self, source: &str) -> bool {
        self.server(source).is_some_and(|(_, ended)| ended.is_some())
    }

    /// What stands for the server at `source` while nothing of it shows: its final result once
    /// it is over, else that it is awaited.
    pub fn absent(&self, source: &str) -> Option<String> {
        let (server, ended) = self.server(source)?;
        Some(match ended {
            Some(ended) => ended_line(server, ended),
            None => format!("{} · waiting for its server", server.label()),
        })
    }

    /// Reads the ranking again when it is due; notes a new leader (not the first one).
    pub fn refresh(&mut self) {
        if self.read_at.is_some_and(|at| at.elapsed() < READ_EVERY) {
            return;
        }
        self.read_at = Some(Instant::now());
        if let Some(folder) = self.path.parent() {
            for (server, ended) in self.servers.iter_mut().filter(|(_, e)| e.is_none()) {
                *ended = server.ended(folder);
            }
        }
        let Some(ranking) = std::fs::read_to_string(&self.path).ok().and_then(|t| serde_json::from_str::<Ranking>(&t).ok()) else { return };
        // A leader only once somebody has points.
        let leader = ranking.teams.first().filter(|t| t.points > 0.0).map(|t| t.team.clone());
        if leader.is_some() && leader != self.leader {
            if self.leader.is_some() {
                self.callout = leader.clone().map(|l| (format!("NEW LEADER: {l}"), Instant::now() + CALLOUT_FOR));
            }
            self.leader = leader;
        }
        self.ranking = Some(ranking);
    }

    /// The call-out to show now, if any.
    pub fn callout_now(&self) -> Option<&str> {
        self.callout.as_ref().filter(|(_, until)| Instant::now() < *until).map(|(text, _)| text.as_str())
    }
}

/// The ranking as a scoreboard over `rect`: rank, team, points, and each task's points.
pub fn scoreboard(painter: &egui::Painter, rect: Rect, board: &ContestBoard) {
    painter.rect_filled(rect, 0.0, Color32::from_rgb(12, 14, 20));
    let u = (rect.height() / 720.0).clamp(0.5, 3.0);
    let head = rect.left_top() + vec2(28.0 * u, 22.0 * u);
    painter.text(head, Align2::LEFT_TOP, "CONTEST RANKING", FontId::proportional(30.0 * u), TEXT);
    let Some(ranking) = &board.ranking else {
        painter.text(head + vec2(0.0, 44.0 * u), Align2::LEFT_TOP, "no ranking yet", FontId::proportional(18.0 * u), DIM);
        return;
    };
    let over = |task: &str, name: &str| board.servers.iter().any(|(s, e)| s.task == task && s.server == name && e.is_some());
    let servers: Vec<String> = ranking
        .servers
        .iter()
        .map(|s| {
            if over(&s.task, &s.server) {
                format!("{}/{} finished", s.task, s.server)
            } else {
                format!("{}/{} turn {}", s.task, s.server, s.turn)
            }
        })
        .collect();
    painter.text(head + vec2(0.0, 40.0 * u), Align2::LEFT_TOP, servers.join(" · "), FontId::proportional(13.0 * u), DIM);
    let body = Rect::from_min_max(rect.left_top() + vec2(28.0 * u, 96.0 * u), rect.right_bottom() - vec2(28.0 * u, 16.0 * u));
    let tasks: Vec<&str> = ranking.teams.first().map(|t| t.tasks.iter().map(|(k, _)| k.as_str()).collect()).unwrap_or_default();
    let rows = ranking.teams.len() as f32 + 1.0;
    let height = (body.height() / rows).min(44.0 * u);
    let size = height * 0.5;
    let columns = 3 + tasks.len();
    let x =
        |col: usize| body.left() + body.width() * (if col == 0 { 0.0 } else { 0.08 + 0.92 * (col as f32 - 1.0) / (columns as f32 - 1.0) });
    let y = |row: usize| body.top() + (row as f32 + 0.5) * height;
    let heads: Vec<String> = ["#", "TEAM", "POINTS"].iter().map(|s| s.to_string()).chain(tasks.iter().map(|t| t.to_uppercase())).collect();
    for (k, h) in heads.iter().enumerate() {
        painter.text(egui::pos2(x(k), y(0)), Align2::LEFT_CENTER, h, FontId::proportional(size * 0.7), DIM);
    }
    for (k, team) in ranking.teams.iter().enumerate() {
        if (k as f32 + 2.0) * height > body.height() + 1.0 {
            break;
        }
        let row = k + 1;
        if k % 2 == 0 {
            let band = Rect::from_min_size(egui::pos2(body.left(), y(row) - height / 2.0), vec2(body.width(), height));
            painter.rect_filled(band, 0.0, Color32::from_rgb(22, 25, 33));
        }
        let font = FontId::proportional(size);
        let color = if k == 0 && team.points > 0.0 { GOLD } else { TEXT };
        painter.text(egui::pos2(x(0), y(row)), Align2::LEFT_CENTER, team.rank.to_string(), font.clone(), DIM);
        painter.text(egui::pos2(x(1), y(row)), Align2::LEFT_CENTER, &team.team, font.clone(), color);
        painter.text(egui::pos2(x(2), y(row)), Align2::LEFT_CENTER, format!("{:.2}", team.points), font.clone(), color);
        for (t, (_, points)) in team.tasks.iter().enumerate() {
            painter.text(egui::pos2(x(3 + t), y(row)), Align2::LEFT_CENTER, format!("{points:.2}"), font.clone(), TEXT);
        }
    }
}

/// A server that is over, in a line: `mining/a1 · finished after 3 games · ada 12.5 · bob 3`.
fn ended_line(server: &FolderServer, ended: &Ended) -> String {
    let how = match &ended.stopped {
        Some(reason) => format!("stopped ({reason})"),
        None => "finished".to_string(),
    };
    let games = if ended.games == 1 { String::new() } else { format!(" after {} games", ended.games) };
    let scores: Vec<String> = ended.scores.iter().map(|(team, score)| format!("{team} {score}")).collect();
    format!("{} · {how}{games} · {}", server.label(), scores.join(" · "))
}

/// The call-out of a new leader, across the top of `rect`.
pub fn callout(painter: &egui::Painter, rect: Rect, text: &str) {
    let u = (rect.height() / 720.0).clamp(0.5, 3.0);
    let at = rect.center_top() + vec2(0.0, 40.0 * u);
    let shown = painter.text(at, Align2::CENTER_CENTER, text, FontId::proportional(28.0 * u), Color32::BLACK);
    painter.rect_filled(shown.expand(10.0 * u), 6.0 * u, GOLD);
    painter.text(at, Align2::CENTER_CENTER, text, FontId::proportional(28.0 * u), Color32::BLACK);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::deadline24::served::{FOLDER_FILE, Folder, FolderServer};
    use kibitz_tournament::points::{ServerScores, ranking};

    #[test]
    fn a_new_leader_is_called_out_and_the_first_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ranking.json");
        let teams = ["ada".to_string(), "bob".to_string()];
        let write = |scores: [f64; 2]| {
            let server = ServerScores { task: "t".into(), server: "s".into(), game: 1, turn: 3, scores: scores.to_vec() };
            std::fs::write(&path, serde_json::to_string(&ranking(&teams, &[server])).unwrap()).unwrap();
        };
        write([0.0, 0.0]);
        let mut board = ContestBoard::new(path.clone());
        assert_eq!(board.callout_now(), None, "nobody leads with no points");
        write([10.0, 5.0]);
        board.read_at = None;
        board.refresh();
        assert_eq!(board.callout_now(), None, "the first leader is not news");
        write([10.0, 30.0]);
        board.refresh();
        assert_eq!(board.callout_now(), None, "read again only every 2 s");
        board.read_at = None;
        board.refresh();
        assert_eq!(board.callout_now(), Some("NEW LEADER: bob"));
        assert_eq!(board.ranking.as_ref().unwrap().teams[0].team, "bob");
    }

    #[test]
    fn a_server_is_titled_by_task_and_name_and_once_over_by_its_final_result() {
        let dir = tempfile::tempdir().unwrap();
        let folder = Folder {
            servers: vec![FolderServer {
                task: "mining".into(),
                server: "a1".into(),
                game: "fedrunek".into(),
                spectate: Some("127.0.0.1:22101".parse().unwrap()),
                replays: vec!["mining/a1/fedrunek.jsonl".into()],
                decimals: 0,
            }],
        };
        std::fs::write(dir.path().join(FOLDER_FILE), ron::to_string(&folder).unwrap()).unwrap();
        std::fs::create_dir_all(dir.path().join("mining/a1")).unwrap();
        let replay = dir.path().join("mining/a1/fedrunek.jsonl");
        std::fs::write(&replay, "{\"header\":1}\n").unwrap();
        let mut board = ContestBoard::new(dir.path().join("ranking.json"));
        let source = "tcp://127.0.0.1:22101";
        assert_eq!(board.title_of(source).as_deref(), Some("mining/a1"));
        assert_eq!(board.title_of("tcp://127.0.0.1:1"), None);
        assert_eq!(board.absent(source).as_deref(), Some("mining/a1 · waiting for its server"));
        assert!(!board.is_over(source));
        let end = r#"{"end":{"scores":[12,3],"names":["ada","bob"],"failed":[]}}"#;
        std::fs::write(&replay, format!("{{\"header\":1}}\n{end}\n")).unwrap();
        board.read_at = None;
        board.refresh();
        assert_eq!(board.absent(source).as_deref(), Some("mining/a1 · finished · ada 12 · bob 3"));
        assert!(board.is_over(source), "no LIVE badge for it");
    }
}
