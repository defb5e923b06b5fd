//! A server game's server, checked and ready to run: what `kibitz serve` runs alone (with its
//! console, signals and progress) and a contest day runs many of, side by side; and how a
//! contest's folder describes its servers, and how each ended, for the broadcast.

use crate::kit::matches::summary::Summary;
use kibitz_deadline24_server::{GameResult, OnTurn};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A server checked and ready (teams, setup, replays, ports), to be run with its hooks: by
/// `kibitz serve` (its console, signals and progress), or with others on a contest day.
pub struct PreparedServer {
    pub game: &'static str,
    pub listen: SocketAddr,
    pub spectate: Option<SocketAddr>,
    pub logins: Vec<String>,
    pub games: u32,
    /// Scores count units of 10^-decimals.
    pub decimals: u32,
    /// How the first turn starts, as the start-up line says it.
    pub start: String,
    pub turn_ms: u64,
    /// The replays' paths, one a game.
    pub replays: Vec<PathBuf>,
    /// The host's hold (console, signals) and what the console shows.
    pub clock: kibitz_deadline24_server::Clock,
    pub board: kibitz_deadline24_server::board::Board,
    pub failed_logins: Arc<std::sync::atomic::AtomicU64>,
    pub(super) run: Box<
        dyn FnOnce(Option<OnTurn>) -> std::pin::Pin<Box<dyn std::future::Future<Output = anyhow::Result<Vec<GameResult>>> + Send>> + Send,
    >,
    pub(super) summary: fn(&[GameResult], Vec<PathBuf>) -> Summary,
}

impl PreparedServer {
    /// Binds its ports and plays its games; `on_turn` is told of every turn's end.
    pub async fn run(self, on_turn: Option<OnTurn>) -> anyhow::Result<Vec<GameResult>> {
        (self.run)(on_turn).await
    }

    /// The summary line of the games played.
    pub fn summary(&self, results: &[GameResult]) -> Summary {
        (self.summary)(results, self.replays.clone())
    }
}

/// What a contest folder says of its servers (`DIR/contest.ron`, written by `kibitz contest`),
/// for the broadcast: each server's task, name, game, spectator address and replays.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Folder {
    pub servers: Vec<FolderServer>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FolderServer {
    pub task: String,
    pub server: String,
    pub game: String,
    pub spectate: Option<SocketAddr>,
    /// Its replays, one a game, relative to the folder.
    #[serde(default)]
    pub replays: Vec<PathBuf>,
    /// Its scores count units of 10^-decimals.
    #[serde(default)]
    pub decimals: u32,
}

/// The file a contest folder describes itself in.
pub const FOLDER_FILE: &str = "contest.ron";

/// How a contest's server ended, as its replays' end records say.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    /// Why it was stopped before its end, if it was.
    pub stopped: Option<String>,
    pub games: usize,
    /// Each team and its score summed over the games, as people read it.
    pub scores: Vec<(String, String)>,
}

impl FolderServer {
    /// `TASK/SERVER`.
    pub fn label(&self) -> String {
        format!("{}/{}", self.task, self.server)
    }

    /// How the server ended, once it has: its last game has its end record, or a game was
    /// stopped (which ends the series). `None` while it plays, or before.
    pub fn ended(&self, folder: &Path) -> Option<Ended> {
        let mut totals: Vec<i64> = Vec::new();
        for (k, replay) in self.replays.iter().enumerate() {
            let end = end_record(&folder.join(replay))?;
            totals.resize(end.scores.len().max(totals.len()), 0);
            for (total, score) in totals.iter_mut().zip(&end.scores) {
                *total = total.saturating_add(*score);
            }
            if end.stopped.is_some() || k + 1 == self.replays.len() {
                let scores = end.names.into_iter().zip(totals.iter().map(|&s| kibitz_core::show_score_short(s, self.decimals))).collect();
                return Some(Ended { stopped: end.stopped, games: k + 1, scores });
            }
        }
        None
    }
}

/// The end record of the replay at `path`, if it has one: its last line, read from the file's
/// tail (a replay may be long).
fn end_record(path: &Path) -> Option<kibitz_core::replay::EndRecord> {
    use std::io::{Read, Seek, SeekFrom};
    const TAIL: u64 = 256 << 10;
    let mut file = std::fs::File::open(path).ok()?;
    let length = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(length.saturating_sub(TAIL))).ok()?;
    let mut tail = Vec::new();
    file.take(TAIL).read_to_end(&mut tail).ok()?;
    kibitz_core::replay::end_record(&String::from_utf8_lossy(&tail)).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(scores: [i64; 2], stopped: Option<&str>) -> String {
        serde_json::json!({"end": {"scores": scores, "names": ["ada", "bob"], "failed": [], "stopped": stopped}}).to_string()
    }

    #[test]
    fn a_server_has_ended_once_its_last_game_has_its_end_record_or_a_game_was_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let server = FolderServer {
            task: "mining".into(),
            server: "a1".into(),
            game: "fedrunek".into(),
            spectate: None,
            replays: vec!["g1.jsonl".into(), "g2.jsonl".into()],
            decimals: 6,
        };
        assert_eq!(server.label(), "mining/a1");
        assert_eq!(server.ended(dir.path()), None, "nothing played yet");
        let g1 = format!("{{\"header\":1}}\n{}\n", end([1_500_000, 0], None));
        std::fs::write(dir.path().join("g1.jsonl"), &g1).unwrap();
        assert_eq!(server.ended(dir.path()), None, "game 2 to come");
        std::fs::write(dir.path().join("g2.jsonl"), "{\"header\":1}\n{\"step\":0}\n").unwrap();
        assert_eq!(server.ended(dir.path()), None, "game 2 is being played");
        std::fs::write(dir.path().join("g2.jsonl"), format!("{{\"header\":1}}\n{}\n", end([2_000_000, 250_000], None))).unwrap();
        let scores = vec![("ada".to_string(), "3.5".to_string()), ("bob".to_string(), "0.25".to_string())];
        assert_eq!(server.ended(dir.path()), Some(Ended { stopped: None, games: 2, scores }));
        // A stopped game ends the series.
        std::fs::remove_file(dir.path().join("g2.jsonl")).unwrap();
        std::fs::write(dir.path().join("g1.jsonl"), format!("{{\"header\":1}}\n{}\n", end([7, 0], Some("power cut")))).unwrap();
        let ended = server.ended(dir.path()).unwrap();
        assert_eq!((ended.stopped.as_deref(), ended.games), (Some("power cut"), 1));
    }
}
