//! A server game's server, checked and ready to run: what `kibitz serve` runs alone (with its
//! console, signals and progress) and a contest day runs many of, side by side.

use super::summary::Summary;
use kibitz_server::{GameResult, OnTurn};
use std::net::SocketAddr;
use std::path::PathBuf;
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
    pub clock: kibitz_server::Clock,
    pub board: kibitz_server::board::Board,
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
