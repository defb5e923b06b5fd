//! The server among hostile teams, over loopback (each test bounded in count and time): one
//! address holding a thousand idle connections keeps nobody else out, and ten thousand wrong
//! passwords from one address are slowed down there without slowing anyone else.

use kibitz_deadline24::Common;
use kibitz_deadline24_server::ServerOptions;
use kibitz_deadline24_server::testing::*;
use kibitz_fedrunek::{FedrunekRules, Params};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The server's own machine, and two others (loopback addresses of their own).
const HOSTILE: [u8; 4] = [127, 0, 0, 1];
const TEAM: [u8; 4] = [127, 0, 0, 2];
const OTHER: [u8; 4] = [127, 0, 0, 3];

/// A fedrunek server long enough for the test, with the default limits.
async fn server() -> (Running, Arc<AtomicU64>) {
    let common = Common { turn_ms: 250, turn_cap: Some(40), ..Common::default() };
    let options = ServerOptions::new(teams(2));
    let failed = Arc::clone(&options.failed_logins);
    (start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, options, false).await, failed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_holding_a_thousand_idle_connections_keeps_nobody_else_out() {
    let (server, _) = server().await;
    let addr = server.addr;
    // A thousand connections from one address, a hundred at a time, held idle.
    let mut held = Vec::new();
    for _ in 0..10 {
        let batch = futures_join(100, move |_| async move {
            let mut c = Client::connect_from(addr, HOSTILE).await.ok()?;
            let first = c.line().await;
            Some((c, first))
        });
        held.extend(batch.await.into_iter().flatten());
    }
    let waiting = held.iter().filter(|(_, first)| first.as_deref() == Some("LOGIN")).count();
    let refused = held.iter().filter(|(_, first)| first.as_deref() == Some("FAILED 5 internal error, sorry...")).count();
    assert_eq!(waiting, 4, "one address may keep 4 connections waiting for their login");
    assert_eq!(waiting + refused, 1000);
    // Meanwhile a team logs in from its own machine at once.
    let begun = Instant::now();
    let _team = Client::login_from(addr, TEAM, "login1", "secret1").await;
    let took = begun.elapsed();
    assert!(took < Duration::from_millis(100), "the team's login took {took:?}");
    drop(held);
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_wrong_passwords_from_one_address_slow_it_alone() {
    let (server, failed) = server().await;
    let addr = server.addr;
    let attempts = Arc::new(AtomicU64::new(0));
    let until = Instant::now() + Duration::from_secs(3);
    // 64 guessers on one address, trying as fast as they can: 10,000 tries, or 3 seconds.
    let guessers: Vec<_> = (0..64)
        .map(|g| {
            let attempts = Arc::clone(&attempts);
            tokio::spawn(async move {
                while Instant::now() < until && attempts.fetch_add(1, Ordering::SeqCst) < 10_000 {
                    let Ok(mut c) = Client::connect_from(addr, HOSTILE).await else { continue };
                    let attempt = async {
                        if c.lines.next_line().await.ok()?.as_deref() != Some("LOGIN") {
                            return None;
                        }
                        c.send("login1").await;
                        c.lines.next_line().await.ok()?;
                        c.send(&format!("guess{g}")).await;
                        c.lines.next_line().await.ok()?
                    };
                    let _ = tokio::time::timeout(until.saturating_duration_since(Instant::now()), attempt).await;
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1000)).await;
    // Another team logs in from its own machine at once, and so does the attacked team itself.
    for (from, login, password) in [(TEAM, "login2", "secret2"), (OTHER, "login1", "secret1")] {
        let begun = Instant::now();
        let _in = Client::login_from(addr, from, login, password).await;
        let took = begun.elapsed();
        assert!(took < Duration::from_millis(100), "{login}'s login from elsewhere took {took:?}");
    }
    for guesser in guessers {
        guesser.await.unwrap();
    }
    let tried = attempts.load(Ordering::SeqCst).min(10_000);
    let checked = failed.load(Ordering::SeqCst);
    // Three free failures, then waits of 0.5, 1, 2 s …: a handful in 3 s, whatever was tried.
    assert!(tried >= 1000, "the guessers tried {tried} times");
    assert!((3..=8).contains(&checked), "{checked} of {tried} guesses were checked");
    server.task.abort();
}

/// Runs `n` futures made by `make` at once and gathers their results.
async fn futures_join<F, T>(n: usize, make: impl Fn(usize) -> F) -> Vec<T>
where
    F: std::future::Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let tasks: Vec<_> = (0..n).map(|k| tokio::spawn(make(k))).collect();
    let mut out = Vec::with_capacity(n);
    for task in tasks {
        out.push(task.await.unwrap());
    }
    out
}
