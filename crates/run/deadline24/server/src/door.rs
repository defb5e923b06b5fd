//! Who gets in, among hostile teams: connections that have not logged in yet are counted per
//! source address and overall, so that no address can keep another from logging in (when either
//! count is full, the address that holds the most waits, never a newcomer from another address);
//! and failed logins slow down their own address only, each attempt after the third answered
//! after a delay that doubles up to 30 s, one attempt at a time, so that more connections do not
//! guess faster and nobody can lock a team out by failing its login.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::oneshot;

/// Failed logins an address may make before it is slowed down.
pub const FREE_FAILURES: u32 = 3;
/// The first delay after them; each further failure doubles it, up to [`MAX_DELAY`].
pub const FIRST_DELAY: Duration = Duration::from_millis(500);
pub const MAX_DELAY: Duration = Duration::from_secs(30);

/// Addresses remembered for slowing down before those no longer slowed are forgotten.
const MAX_REMEMBERED: usize = 10_000;

/// An address turned away again and again is logged once in this long (with how many since).
const REFUSALS_LOGGED_EVERY: Duration = Duration::from_secs(10);

/// The door of one server: shared by its accept loop and its connections.
#[derive(Debug, Clone)]
pub struct Door(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    max_pending_per_address: usize,
    max_pending: usize,
    state: Mutex<State>,
    failed_logins: Arc<AtomicU64>,
}

#[derive(Debug, Default)]
struct State {
    next_id: u64,
    /// The connections not logged in yet, per address: their ids, and how to close them.
    pending: HashMap<IpAddr, Vec<(u64, oneshot::Sender<()>)>>,
    /// Per address: its failed logins since its last success, and its queue of attempts.
    throttle: HashMap<IpAddr, Arc<tokio::sync::Mutex<Throttle>>>,
    /// Per address turned away: when that was last logged, and how many since.
    refusals: HashMap<IpAddr, (Instant, u64)>,
}

/// Why the door turned a newcomer away (it is answered `FAILED 5 internal error, sorry...`, the
/// only error the protocol has for it, and closed; the server's log says why).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Its address has `places` connections waiting for their login already, its share.
    AddressFull { places: usize },
    /// All `places` are taken, and its address holds as many as any other.
    DoorFull { places: usize },
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::AddressFull { places } => write!(
                f,
                "{places} connections from it wait for their login already, the most one address may have \
                 (--max-pending-per-address; teams behind one NAT address share these places)"
            ),
            Refused::DoorFull { places } => {
                write!(f, "all {places} places for connections waiting for their login are taken, and it holds as many as any address")
            }
        }
    }
}

#[derive(Debug, Default)]
struct Throttle {
    failures: u32,
    /// When its next attempt may be answered.
    next: Option<Instant>,
}

/// A connection let in, not logged in yet: it leaves the count when it logs in or is dropped.
/// `closed` fires when the door closes it to make room for another address's newcomer.
pub struct Ticket {
    door: Door,
    pub address: IpAddr,
    id: u64,
    pub closed: oneshot::Receiver<()>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.door.leave(self.address, self.id);
    }
}

impl Door {
    /// A door letting `max_pending_per_address` connections of an address wait for their login,
    /// and `max_pending` in all; failed logins are counted in `failed_logins`.
    pub fn new(max_pending_per_address: usize, max_pending: usize, failed_logins: Arc<AtomicU64>) -> Self {
        Door(Arc::new(Inner {
            max_pending_per_address: max_pending_per_address.max(1),
            max_pending: max_pending.max(1),
            state: Mutex::default(),
            failed_logins,
        }))
    }

    /// Lets a newcomer from `address` in, or says why not: its address holds its share already,
    /// or all places are taken and its address holds the most. When all places are taken by
    /// others, the oldest waiting connection of the address that holds the most is closed to make
    /// room.
    pub fn admit(&self, address: IpAddr) -> Result<Ticket, Refused> {
        let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
        let mine = state.pending.get(&address).map_or(0, Vec::len);
        if mine >= self.0.max_pending_per_address {
            return Err(Refused::AddressFull { places: self.0.max_pending_per_address });
        }
        let total: usize = state.pending.values().map(Vec::len).sum();
        if total >= self.0.max_pending {
            let full = Refused::DoorFull { places: self.0.max_pending };
            let (&hog, held) = state.pending.iter().max_by_key(|(ip, v)| (v.len(), **ip)).ok_or(full)?;
            if held.len() <= mine {
                return Err(full);
            }
            let list = state.pending.get_mut(&hog).expect("the address found");
            let (_, close) = list.remove(0);
            let _ = close.send(());
            if list.is_empty() {
                state.pending.remove(&hog);
            }
        }
        state.next_id += 1;
        let id = state.next_id;
        let (close, closed) = oneshot::channel();
        state.pending.entry(address).or_default().push((id, close));
        Ok(Ticket { door: self.clone(), address, id, closed })
    }

    /// Logs that a connection from `address` was turned away, and `why`: the first time, then
    /// at most once every few seconds per address (with how many since), so that a flood does
    /// not flood the log.
    pub fn log_refusal(&self, address: IpAddr, why: impl std::fmt::Display) {
        if let Some(line) = self.refusal_line(address, why) {
            eprintln!("{line}");
        }
    }

    /// The line [`Door::log_refusal`] logs, if it is time for one.
    fn refusal_line(&self, address: IpAddr, why: impl std::fmt::Display) -> Option<String> {
        let since = {
            let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
            if state.refusals.len() > MAX_REMEMBERED {
                state.refusals.retain(|_, (at, _)| at.elapsed() < REFUSALS_LOGGED_EVERY);
                // Still as many (a spray of addresses): start afresh rather than sweep again.
                if state.refusals.len() > MAX_REMEMBERED / 2 {
                    state.refusals.clear();
                }
            }
            match state.refusals.get_mut(&address) {
                Some((at, count)) if at.elapsed() < REFUSALS_LOGGED_EVERY => {
                    *count += 1;
                    return None;
                }
                Some((at, count)) => {
                    *at = Instant::now();
                    std::mem::take(count)
                }
                None => {
                    state.refusals.insert(address, (Instant::now(), 0));
                    0
                }
            }
        };
        let at = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_secs_f64();
        let more = if since > 0 { format!(" ({since} more turned away since the last such line)") } else { String::new() };
        Some(format!("[{at:.3}] refused a connection from {address}: {why}{more}"))
    }

    fn leave(&self, address: IpAddr, id: u64) {
        let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(list) = state.pending.get_mut(&address) {
            list.retain(|(i, _)| *i != id);
            if list.is_empty() {
                state.pending.remove(&address);
            }
        }
    }

    /// Connections from `address` not logged in yet.
    pub fn pending(&self, address: IpAddr) -> usize {
        self.0.state.lock().map_or(0, |s| s.pending.get(&address).map_or(0, Vec::len))
    }

    /// Checks a login from `address` with `check` when its address's turn comes: attempts from
    /// one address are checked one at a time, each after its address's delay. A failure is
    /// logged (time, address, login) and counted.
    pub async fn attempt<T>(&self, address: IpAddr, login: &str, check: impl FnOnce() -> Option<T>) -> Option<T> {
        let throttle = {
            let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
            // Many addresses (IPv6 has plenty): forget those whose slowing down is over.
            if state.throttle.len() > MAX_REMEMBERED {
                let now = Instant::now();
                state.throttle.retain(|_, t| Arc::strong_count(t) > 1 || t.try_lock().is_ok_and(|t| t.next.is_some_and(|n| n > now)));
            }
            Arc::clone(state.throttle.entry(address).or_default())
        };
        let mut throttle = throttle.lock().await;
        if let Some(next) = throttle.next {
            tokio::time::sleep_until(next.into()).await;
        }
        let checked = check();
        if checked.is_some() {
            *throttle = Throttle::default();
        } else {
            throttle.failures += 1;
            throttle.next = delay(throttle.failures).map(|d| Instant::now() + d);
            self.0.failed_logins.fetch_add(1, Ordering::Relaxed);
            let at = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_secs_f64();
            eprintln!("[{at:.3}] failed login from {address} as {:?} ({} failed in a row)", shorten(login), throttle.failures);
        }
        checked
    }

    /// Failed logins so far, from every address.
    pub fn failed_logins(&self) -> u64 {
        self.0.failed_logins.load(Ordering::Relaxed)
    }
}

/// The wait before an address's next attempt after `failures` failures in a row.
pub fn delay(failures: u32) -> Option<Duration> {
    let over = failures.checked_sub(FREE_FAILURES)?;
    Some(FIRST_DELAY.saturating_mul(1 << over.min(16)).min(MAX_DELAY))
}

/// A login as the log shows it: at most 40 characters.
fn shorten(login: &str) -> String {
    if login.chars().count() <= 40 { login.to_string() } else { format!("{}…", login.chars().take(39).collect::<String>()) }
}

/// Whether two secrets are equal, in a time that does not tell where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut differ = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        differ |= usize::from(a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0xff));
    }
    differ == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn an_address_gets_its_share_and_a_full_door_closes_the_hogs_oldest() {
        let door = Door::new(2, 3, Arc::default());
        let a1 = door.admit(ip(1)).unwrap();
        let a2 = door.admit(ip(1)).unwrap();
        assert_eq!(door.admit(ip(1)).err(), Some(Refused::AddressFull { places: 2 }), "address 1 holds its share");
        let _b1 = door.admit(ip(2)).unwrap();
        // All 3 places taken: a newcomer from 3 makes room by closing address 1's oldest.
        let mut a1 = a1;
        let _c1 = door.admit(ip(3)).unwrap();
        assert!(a1.closed.try_recv().is_ok(), "address 1's oldest is told to close");
        drop(a1);
        assert_eq!(door.pending(ip(1)), 1);
        // Full again (a2, b1, c1): a newcomer from 2 holds as much as anyone, and waits.
        assert_eq!(door.admit(ip(2)).err(), Some(Refused::DoorFull { places: 3 }));
        drop(a2);
        assert!(door.admit(ip(2)).is_ok(), "a place freed");
    }

    #[test]
    fn a_refused_address_is_logged_once_in_a_while_with_how_many_since() {
        let door = Door::new(1, 10, Arc::default());
        let why = Refused::AddressFull { places: 1 };
        let first = door.refusal_line(ip(1), why).unwrap();
        assert!(first.ends_with("refused a connection from 127.0.0.1: 1 connections from it wait for their login already, the most one address may have (--max-pending-per-address; teams behind one NAT address share these places)"), "{first}");
        assert_eq!(door.refusal_line(ip(1), why), None, "not again at once");
        assert_eq!(door.refusal_line(ip(1), why), None);
        assert!(door.refusal_line(ip(2), why).is_some(), "another address is its own");
        // Time passes for address 1: its next line says how many were turned away meanwhile.
        door.0.state.lock().unwrap().refusals.get_mut(&ip(1)).unwrap().0 -= REFUSALS_LOGGED_EVERY;
        let later = door.refusal_line(ip(1), why).unwrap();
        assert!(later.ends_with("(2 more turned away since the last such line)"), "{later}");
    }

    #[test]
    fn delays_double_after_three_failures_up_to_thirty_seconds() {
        assert_eq!([1, 2, 3].map(delay), [None, None, Some(FIRST_DELAY)]);
        assert_eq!(delay(4), Some(FIRST_DELAY * 2));
        assert_eq!(delay(9), Some(MAX_DELAY));
        assert_eq!(delay(200), Some(MAX_DELAY));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("swordfish", "swordfish"));
        for other in ["swordfisH", "swordfis", "swordfish!", "", "\u{0}"] {
            assert!(!same_secret("swordfish", other), "{other:?}");
        }
        assert!(same_secret("", ""));
    }
}
