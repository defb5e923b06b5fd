//! The orders placed before every turn of one game. They depend on the parameters and the seed
//! alone, never on what the teams do, so every state of a game shares one schedule (a replay's
//! keyframes and a take-over draw nothing twice), and re-simulating a replay can have them
//! drawn ahead of play on a thread of their own ([`Schedule::draw_ahead`]): drawing was a
//! quarter of verifying a wycinanka replay.

use crate::generate::{Marks, Params, order};
use crate::placed::Placed;
use crate::sheet::{Order, Sheet};
use kibitz_core::rng::SplitMix64;
use std::fmt;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How many turns past the latest one played the drawing thread draws: enough that play never
/// waits for it, few enough that it draws little for a replay that stops early.
const AHEAD: u32 = 16;

/// The drawing thread, once `AHEAD` turns ahead, sleeps until play is this close again, so
/// that it is woken once every `AHEAD - REFILL` turns. Waking a thread on another core (a
/// `futex` call, an interrupt to that core) is dear on virtual cores: when play woke it at
/// every turn, the wake-ups were a fifth of verifying a wycinanka replay (`perf`).
const REFILL: u32 = 8;

/// How often a drawing thread with nothing to do looks whether its game is gone.
const IDLE_CHECK: Duration = Duration::from_millis(50);

pub struct Schedule {
    drawn: Mutex<Drawn>,
    /// Rung when play needs the drawing thread (`Drawn::idle`) or waits for it
    /// (`Drawn::waiting`), and only then.
    moved: Condvar,
}

struct Drawn {
    sheet: Arc<Sheet>,
    params: Arc<Params>,
    /// The orders of turns `first`, `first + 1`, … as far as drawn.
    turns: Vec<Vec<Placed>>,
    first: u32,
    /// Draws the orders; `None` while the drawing thread has it out.
    drawer: Option<Drawer>,
    /// The latest turn play has asked for.
    asked: u32,
    /// A drawing thread has been started (there is never more than one).
    ahead: bool,
    /// The drawing thread sleeps until play comes within `REFILL` turns of what is drawn.
    idle: bool,
    /// Play waits for the turn the drawing thread is drawing.
    waiting: bool,
    /// Drawing panicked on the drawing thread: the generator's state is lost.
    failed: bool,
}

/// What draws the orders: the game's generator, and the marks it draws an order with.
struct Drawer {
    rng: SplitMix64,
    marks: Marks,
}

impl Drawn {
    fn next(&self) -> u32 {
        self.first + self.turns.len() as u32
    }
}

impl Schedule {
    /// The orders of turns `first` and later, drawn by `rng` in turn order.
    pub fn new(sheet: Arc<Sheet>, params: Arc<Params>, rng: SplitMix64, first: u32) -> Arc<Self> {
        let asked = first.saturating_sub(1);
        let drawn = Drawn {
            sheet,
            params,
            turns: Vec::new(),
            first,
            drawer: Some(Drawer { rng, marks: Marks::default() }),
            asked,
            ahead: false,
            idle: false,
            waiting: false,
            failed: false,
        };
        Arc::new(Self { drawn: Mutex::new(drawn), moved: Condvar::new() })
    }

    fn lock(&self) -> MutexGuard<'_, Drawn> {
        // Drawing under the lock never takes the generator out, and the drawing thread, which
        // does, catches a panic and says so (`failed`): no one waits for a generator that will
        // not come back.
        self.drawn.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The orders placed before `turn` (not before `first`), drawn now if they are not yet.
    pub fn turn(&self, turn: u32) -> Vec<Placed> {
        let mut drawn = self.lock();
        assert!(turn >= drawn.first, "turn {turn} is before the schedule's first, {}", drawn.first);
        if turn > drawn.asked {
            drawn.asked = turn;
            if drawn.idle && drawn.next() <= turn.saturating_add(REFILL) {
                self.moved.notify_all();
            }
        }
        loop {
            if let Some(orders) = drawn.turns.get((turn - drawn.first) as usize) {
                return orders.clone();
            }
            let next = drawn.next();
            let Drawn { sheet, params, drawer, turns, failed, .. } = &mut *drawn;
            match drawer {
                Some(drawer) => {
                    let orders = draw(next, sheet, params, drawer);
                    turns.push(orders);
                }
                None if *failed => panic!("drawing wycinanka's orders failed on the drawing thread"),
                // The drawing thread is drawing the next turn.
                None => {
                    drawn.waiting = true;
                    drawn = self.moved.wait(drawn).unwrap_or_else(PoisonError::into_inner);
                }
            }
        }
    }

    /// Keeps the orders of the next few turns drawn, on a thread of its own, until the game's
    /// last turn or until no state of the game is left. Play never depends on it: a turn it
    /// has not drawn yet is drawn when asked for, and the draws are the same either way.
    pub fn draw_ahead(self: &Arc<Self>) {
        if std::mem::replace(&mut self.lock().ahead, true) {
            return;
        }
        let schedule = Arc::clone(self);
        // Without a thread (none can be made) the orders are simply drawn when asked for.
        let _ = std::thread::Builder::new().name("wycinanka orders".into()).spawn(move || schedule.keep_ahead());
    }

    fn keep_ahead(self: Arc<Self>) {
        let mut drawn = self.lock();
        loop {
            let last = drawn.params.turns;
            // Only this thread holds the schedule: the game is gone.
            if Arc::strong_count(&self) == 1 || drawn.next() > last {
                return;
            }
            let enough = if drawn.idle { REFILL } else { AHEAD };
            drawn.idle = drawn.next() > drawn.asked.saturating_add(enough);
            if drawn.idle {
                drawn = self.moved.wait_timeout(drawn, IDLE_CHECK).unwrap_or_else(PoisonError::into_inner).0;
                continue;
            }
            let Some(mut drawer) = drawn.drawer.take() else { return };
            let (turn, sheet, params) = (drawn.next(), Arc::clone(&drawn.sheet), Arc::clone(&drawn.params));
            drop(drawn);
            let orders = std::panic::catch_unwind(AssertUnwindSafe(|| draw(turn, &sheet, &params, &mut drawer)));
            drawn = self.lock();
            if std::mem::take(&mut drawn.waiting) {
                self.moved.notify_all();
            }
            match orders {
                Ok(orders) => {
                    drawn.turns.push(orders);
                    drawn.drawer = Some(drawer);
                }
                Err(_) => {
                    drawn.failed = true;
                    return;
                }
            }
        }
    }
}

impl fmt::Debug for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let drawn = self.lock();
        f.debug_struct("Schedule").field("first", &drawn.first).field("drawn_turns", &drawn.turns.len()).finish()
    }
}

/// The orders of `turn` (1: before the first): those the world lists for it, if any; else
/// generated ones, `initial_orders` before turn 1 and one to three before a later turn.
fn draw(turn: u32, sheet: &Sheet, params: &Params, drawer: &mut Drawer) -> Vec<Placed> {
    let Drawer { rng, marks } = drawer;
    let listed: Option<Vec<Order>> =
        params.world.as_ref().map(|world| world.orders.iter().filter(|(t, _)| *t == turn).map(|(_, o)| o.clone()).collect());
    let orders = match listed {
        Some(listed) if !listed.is_empty() => listed,
        _ => {
            let count = if turn == 1 { params.initial_orders.max(1) as usize } else { 1 + rng.below(3) };
            (0..count).map(|_| order(&sheet.graph, params, rng, marks)).collect()
        }
    };
    orders.into_iter().map(|order| Placed::new(order, turn)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::sheet;

    fn schedule(seed: u64) -> Arc<Schedule> {
        let params = Params { width: 12, height: 10, turns: 60, ..Params::default() };
        let mut rng = SplitMix64::new(seed);
        let sheet = sheet(&params, &mut rng);
        Schedule::new(Arc::new(sheet), Arc::new(params), rng, 1)
    }

    fn orders(schedule: &Schedule, turns: std::ops::RangeInclusive<u32>) -> Vec<(u32, Order)> {
        turns.flat_map(|t| schedule.turn(t)).map(|p| (p.turn, Order::clone(&p.order))).collect()
    }

    #[test]
    fn orders_drawn_ahead_on_a_thread_are_the_orders_drawn_when_asked() {
        let asked = orders(&schedule(5), 1..=60);
        assert!(asked.len() >= 60 + 1, "one to three orders a turn, two before the first");
        for _ in 0..3 {
            let ahead = schedule(5);
            ahead.draw_ahead();
            // Asked for in steps, so that play and the thread take turns drawing.
            let mut got = Vec::new();
            for turns in [1..=1, 2..=3, 4..=20, 21..=21, 22..=60] {
                got.extend(orders(&ahead, turns));
            }
            assert_eq!(got, asked);
        }
        assert_ne!(orders(&schedule(6), 1..=60), asked, "another seed, other orders");
    }

    #[test]
    fn a_turn_asked_again_gives_the_same_orders() {
        let s = schedule(7);
        let later = orders(&s, 10..=12);
        assert_eq!(orders(&s, 1..=3).len() + orders(&s, 4..=9).len() + later.len(), orders(&schedule(7), 1..=12).len());
        assert_eq!(orders(&s, 10..=12), later);
    }

    #[test]
    fn the_drawing_thread_ends_when_the_game_is_gone() {
        let s = schedule(8);
        s.turn(1);
        // Asked twice: still one thread.
        s.draw_ahead();
        s.draw_ahead();
        let weak = Arc::downgrade(&s);
        drop(s);
        // It holds the schedule only until it looks again (at most IDLE_CHECK).
        let gone = (0..200).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            weak.strong_count() == 0
        });
        assert!(gone, "the thread still holds the schedule after 2 s");
    }
}
