//! Osada's rules at the scale of issue 39 (figures in docs/performance.md): 8 teams of
//! 25 stormtroopers, 25 builders and 25 snipers on a 512 × 512 settlement.
//!
//! - `end of a round`: a round's end with 2,000 coors on the board (put there, topped up after
//!   every round), each of 100 rounds timed on its own (p50 / p99 / max printed, wall clock and
//!   the thread's time on a CPU), and one round's end under criterion;
//! - `replay`: load and load + verify of replays of about 1, 10 and 100 MB (`kibitz-bench`, on
//!   64²), and load + verify of 1 and 10 MB on 512²;
//! - `keyframes`: the 300-round game of that setup with coors arriving as the rules bring them:
//!   its steps, its replay's size and `kibitz verify` of it, the memory of a keyframe every 64
//!   steps, and seeks.
//!
//! What criterion does not measure is printed to stderr as each part sets up (a filter given to
//! `cargo bench` skips measurements, not these).
//!
//! Every round, each team's client (as fedrunek's) sends `LIST TROOPS`, then `INFO` about each
//! living troop and an order for each one that is free: a sniper that is its field's active
//! unit shoots at a coor it sees, a builder on free solid ground builds a trap now and then,
//! everyone else moves to a neighbour (`MOVE ID X Y`, absolute): a stormtrooper onto a coor
//! where one is next to it, the others where no coor is. At most 151 commands a team a round
//! (75 troops), then the round's end.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step, Timeline};
use kibitz_deadline24::{Command, Common, State};
use kibitz_osada::settlement::{NEIGHBOURS, Terrain, Xy};
use kibitz_osada::state::{Kind, Strategy, square};
use kibitz_osada::{Osada, OsadaState, Params, Setup};
use std::collections::HashSet;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

const TEAMS: usize = 8;
const SEED: u64 = 9;
/// Coors on the board before every round of the crowded game.
const COORS: usize = 2_000;

/// 8 teams of 25/25/25 on an `n` × `n` settlement, a game of `rounds` rounds, coors arriving
/// at Poisson(`spawn_base` + 0.005 · round) a round (the default base is 0.3).
fn setup(n: u32, rounds: u32, spawn_base: f64) -> Setup {
    Setup {
        common: Common { turn_ms: 1000, command_limit: 100_000, ..Common::default() },
        game: Params { n, game_turns: rounds, stormtroopers: 25, builders: 25, snipers: 25, spawn_base, ..Params::default() },
    }
}

/// A client for every team, choosing its commands from the state.
struct Clients {
    rng: SplitMix64,
}

impl Clients {
    /// Sends one command of `team`, as the server records it (an arrival time within the
    /// round, so that every command's text is its own, as in a real replay).
    fn send(state: &mut State<OsadaState>, team: usize, line: String, steps: &mut Vec<Step<Command>>) {
        let at_us = steps.len() as u64 * 7919 % 1_000_000;
        let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us, line }) };
        Osada::apply(state, &step);
        steps.push(step);
    }

    /// Every team's commands of one round (not its end).
    fn round(&mut self, state: &mut State<OsadaState>, steps: &mut Vec<Step<Command>>) {
        let per_team = state.game.params.troops() as usize;
        for team in 0..state.game.teams.len() {
            Self::send(state, team, "LIST TROOPS".into(), steps);
            for i in team * per_team..(team + 1) * per_team {
                let troop = state.game.troops[i];
                if !troop.alive {
                    continue;
                }
                Self::send(state, team, format!("INFO {}", troop.id), steps);
                if let Some(order) = self.order(&state.game, i as u16) {
                    Self::send(state, team, order, steps);
                }
            }
        }
    }

    /// Troop `i`'s order this round, if it is free and has one.
    fn order(&mut self, s: &OsadaState, i: u16) -> Option<String> {
        if s.delay(i) > 0 {
            return None;
        }
        let t = s.troops[i as usize];
        let (id, at) = (t.id, s.land.xy(t.at));
        let index = s.index();
        let active = s.place_in_queue(i) == 0;
        if t.kind == Kind::Sniper && active {
            let seen: Vec<Xy> = square(s.land.n(), at, s.sight(t.at)).filter(|&f| !index.coors(s.land.field(f)).is_empty()).collect();
            if !seen.is_empty() {
                let (x, y) = seen[self.rng.below(seen.len())];
                return Some(format!("SHOOT {id} {} {}", x - at.0, y - at.1));
            }
        }
        if t.kind == Kind::Builder
            && active
            && s.land.terrain(t.at) == Terrain::Solid
            && !s.structures.contains_key(&t.at)
            && !s.constructions.contains_key(&t.at)
            && self.rng.below(8) == 0
        {
            return Some(format!("BUILD {id} TRAP"));
        }
        let options: Vec<(Xy, bool)> = NEIGHBOURS
            .iter()
            .map(|&(dx, dy)| (at.0 + dx, at.1 + dy))
            .filter(|&f| s.land.troop_may_enter(f))
            .map(|f| (f, !index.coors(s.land.field(f)).is_empty()))
            .collect();
        // A stormtrooper attacks a coor next to it; the others keep away from coors.
        let wanted = |&&(_, coor): &&(Xy, bool)| if t.kind == Kind::Stormtrooper { coor } else { !coor };
        let mut chosen: Vec<Xy> = options.iter().filter(wanted).map(|o| o.0).collect();
        if chosen.is_empty() && t.kind == Kind::Stormtrooper {
            chosen = options.iter().map(|o| o.0).collect();
        }
        if chosen.is_empty() {
            return None;
        }
        let (x, y) = chosen[self.rng.below(chosen.len())];
        Some(format!("MOVE {id} {x} {y}"))
    }
}

/// A whole game of `rounds` rounds on an `n` × `n` settlement, coors arriving as the rules
/// bring them.
fn scripted(n: u32, rounds: u32) -> (Setup, Vec<Step<Command>>) {
    let setup = setup(n, rounds, Params::default().spawn_base);
    let mut state = Osada::start(&setup, TEAMS, SEED).unwrap();
    let mut clients = Clients { rng: SplitMix64::new(4) };
    let mut steps = Vec::new();
    for _ in 0..rounds {
        clients.round(&mut state, &mut steps);
        Osada::apply(&mut state, &Step::Tick);
        steps.push(Step::Tick);
    }
    (setup, steps)
}

/// Where troops may stand within `r` of `around`, one at random.
fn near(s: &OsadaState, rng: &mut SplitMix64, around: Xy, r: i32) -> Xy {
    loop {
        let at = (around.0 + rng.below(2 * r as usize + 1) as i32 - r, around.1 + rng.below(2 * r as usize + 1) as i32 - r);
        if s.land.troop_may_enter(at) {
            return at;
        }
    }
}

/// Puts coors on random free fields (not blocked, no mast, no troop) until `COORS` live, the
/// strategies 60 / 20 / 20 slashers, thieves, marauders.
fn top_up(s: &mut OsadaState, rng: &mut SplitMix64) {
    let n = s.land.n() as usize;
    let occupied: HashSet<u32> = s.troops.iter().filter(|t| t.alive).map(|t| t.at).collect();
    let mut living = s.coors.iter().filter(|c| c.alive).count();
    while living < COORS {
        let at = (rng.below(n) as i32 + 1, rng.below(n) as i32 + 1);
        let f = s.land.field(at);
        if !s.land.coor_may_enter(at) || s.land.mast[f as usize] || occupied.contains(&f) {
            continue;
        }
        let strategy = match rng.below(10) {
            0..6 => Strategy::Slasher,
            6 | 7 => Strategy::Thief,
            _ => Strategy::Marauder,
        };
        s.put_coor(at, strategy).unwrap();
        living += 1;
    }
}

/// This thread's CPU time in ns (`CLOCK_THREAD_CPUTIME_ID`; 64-bit Linux, `None` elsewhere):
/// tells a slow round's own work from the time other processes held the cores.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| t.sec as u64 * 1_000_000_000 + t.nsec as u64)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> Option<u64> {
    None
}

/// The p-th quantile of sorted times (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// A round's end with 2,000 coors on a 512² settlement: 100 rounds each timed on its own,
/// then one round's end (the state after them, its orders given) under criterion.
fn end_of_round(c: &mut Criterion) {
    let setup = setup(512, 1000, Params::default().spawn_base);
    let started = Instant::now();
    black_box(kibitz_osada::generate::settlement(512, TEAMS, SEED).unwrap());
    let generated = started.elapsed();
    let started = Instant::now();
    let mut state = Osada::start(&setup, TEAMS, SEED).unwrap();
    eprintln!(
        "start of a 512² game: {:.1} ms (generating the settlement, not part of it: {:.1} ms; the land's distance maps are made when a coor first needs them)",
        started.elapsed().as_secs_f64() * 1e3,
        generated.as_secs_f64() * 1e3
    );
    let mut rng = SplitMix64::new(5);
    // The troops spread around their masts, as some rounds into a game.
    let per_team = state.game.params.troops() as i64;
    for team in 0..TEAMS {
        let start = state.game.land.starts[team];
        for id in 1..=per_team {
            let at = near(&state.game, &mut rng, start, 12);
            state.game.put_troop(team, id, at).unwrap();
        }
    }
    let mut clients = Clients { rng: SplitMix64::new(4) };
    let mut steps = Vec::new();
    let (mut times, mut living, mut commands) = (Vec::new(), Vec::new(), 0);
    // The thread's own time of each round's end, and the rest of its wall time (other
    // processes on the cores).
    let (mut on_cpu, mut waited) = (Vec::new(), Vec::new());
    for _ in 0..100 {
        top_up(&mut state.game, &mut rng);
        let before = steps.len();
        clients.round(&mut state, &mut steps);
        commands += steps.len() - before;
        living.push(state.game.coors.iter().filter(|c| c.alive).count());
        // As after a client's commands: the index built (INFO builds it).
        state.game.index();
        let before = thread_cpu();
        let t = Instant::now();
        black_box(Osada::apply(&mut state, &Step::Tick));
        let wall = t.elapsed().as_secs_f64() * 1e3;
        times.push(wall);
        if let (Some(cpu0), Some(cpu1)) = (before, thread_cpu()) {
            let cpu = (cpu1 - cpu0) as f64 / 1e6;
            on_cpu.push(cpu);
            waited.push((wall - cpu).max(0.0));
        }
    }
    let troops = state.game.troops.iter().filter(|t| t.alive).count();
    let sorted = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v
    };
    let figures = |v: &[f64]| {
        let v = sorted(v);
        format!("p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms", quantile(&v, 0.5), quantile(&v, 0.99), v[v.len() - 1])
    };
    eprintln!(
        "end of a round, 512², 8 × 25/25/25, {}–{} coors, {} rounds: {} ({:.0} commands a round; {} troops and {} structures alive after)",
        living.iter().min().unwrap(),
        living.iter().max().unwrap(),
        times.len(),
        figures(&times),
        commands as f64 / times.len() as f64,
        troops,
        state.game.structures.len()
    );
    if !on_cpu.is_empty() {
        let slow: Vec<String> = (0..times.len())
            .filter(|&r| waited[r] > 0.1)
            .map(|r| format!("round {}: {:.2} ms, {:.2} on the CPU, {:.2} waiting for it", r + 1, times[r], on_cpu[r], waited[r]))
            .collect();
        eprintln!("  its own CPU time: {}; rounds that waited over 0.1 ms for a core: {}", figures(&on_cpu), slow.len());
        for line in slow {
            eprintln!("    {line}");
        }
    }
    top_up(&mut state.game, &mut rng);
    clients.round(&mut state, &mut steps);
    c.bench_function("osada: end of a round, 512², 8 teams of 25/25/25, 2,000 coors", |b| {
        b.iter_batched(
            || {
                let mut s = state.clone();
                // Nothing shared with the original, and the index built, as in a running game.
                Arc::make_mut(&mut s.game.troops);
                Arc::make_mut(&mut s.game.coors);
                Arc::make_mut(&mut s.game.structures);
                s.game.index();
                s
            },
            |mut s| {
                let outcome = Osada::apply(&mut s, &Step::Tick);
                (s, outcome)
            },
            BatchSize::SmallInput,
        )
    });
}

/// The 300-round game of 8 × 25/25/25 on 512²: its size, the memory of its keyframes and
/// seeks in it.
fn keyframes(c: &mut Criterion) {
    let rounds = 300;
    let t = Instant::now();
    let (setup, steps) = scripted(512, rounds);
    let played = t.elapsed();
    let t = Instant::now();
    let text = kibitz_bench::replay_text::<Osada>(&setup, SEED, TEAMS, &steps);
    let written = t.elapsed();
    let initial = Osada::start(&setup, TEAMS, SEED).unwrap();
    // Memory of the keyframes, counted as fedrunek's: a clone every DEFAULT_INTERVAL steps kept
    // alive (so that no address is reused), each one's own part, each shared part once.
    let mut state = initial.clone();
    let mut kept = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if i % kibitz_core::timeline::DEFAULT_INTERVAL == 0 {
            kept.push(state.clone());
        }
        Osada::apply(&mut state, step);
    }
    let coors = state.game.coors.iter().filter(|c| c.alive).count();
    let frames = kept.len();
    let mut own = 0;
    let mut shared = [0usize; 5];
    let mut copies = [0usize; 5];
    let mut seen: HashSet<usize> = HashSet::new();
    for s in &kept {
        let (o, parts) = s.game.bytes();
        own += o + std::mem::size_of::<State<OsadaState>>() - std::mem::size_of::<OsadaState>() + s.commands.len() * 4;
        for (k, (address, bytes)) in parts.into_iter().enumerate() {
            if seen.insert(address) {
                shared[k] += bytes;
                copies[k] += 1;
            }
        }
    }
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    let total = own + shared.iter().sum::<usize>();
    eprintln!(
        "300-round game, 512², 8 × 25/25/25, natural spawning: {} steps ({:.1} s to play with the clients, {:.1} s to write), \
         replay {} bytes ({:.1} MB); {} coors and {} structures at the end",
        steps.len(),
        played.as_secs_f64(),
        written.as_secs_f64(),
        text.len(),
        text.len() as f64 / 1e6,
        coors,
        state.game.structures.len()
    );
    eprintln!(
        "keyframes: {frames}, {:.1} MiB in all: own {:.1} MiB, land {:.1} MiB, troops {:.1} MiB ({} copies), coors {:.1} MiB ({} copies), \
         structures {:.1} MiB ({} copies), constructions {:.1} MiB ({} copies)",
        mib(total),
        mib(own),
        mib(shared[0]),
        mib(shared[1]),
        copies[1],
        mib(shared[2]),
        copies[2],
        mib(shared[3]),
        copies[3],
        mib(shared[4]),
        copies[4]
    );
    drop(kept);
    // `kibitz verify` of this replay, as the `replay` group reads its own (run after it, so
    // with the allocator set as `kibitz verify` sets it).
    let mut verify = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let checked = kibitz_core::verify::check_text::<Osada>(&text).unwrap();
        assert!(checked.verdict.is_ok() && checked.damage.is_none());
        verify.push(t.elapsed().as_secs_f64());
    }
    verify.sort_by(f64::total_cmp);
    eprintln!(
        "load + verify of its replay: {:.0} / {:.0} / {:.0} ms (3 runs), {:.0} MB/s at the median",
        verify[0] * 1e3,
        verify[1] * 1e3,
        verify[2] * 1e3,
        text.len() as f64 / 1e6 / verify[1]
    );
    drop(text);
    let t = Instant::now();
    let timeline = Timeline::<Osada>::new(initial, steps);
    eprintln!("timeline built (re-simulation, a keyframe every 64 steps): {:.2} s", t.elapsed().as_secs_f64());
    // Seeks spread over the game, each to the last step before a keyframe (the most steps to
    // re-simulate), and to just after one.
    let len = timeline.len();
    let (mut times, mut on_cpu) = (Vec::new(), Vec::new());
    for k in 0..300 {
        let base = (k * len / 300) / 64 * 64;
        for at in [base + 63, base + 1] {
            let cpu = thread_cpu();
            let t = Instant::now();
            black_box(timeline.state_at(at).game.index());
            times.push(t.elapsed().as_secs_f64() * 1e3);
            if let (Some(cpu0), Some(cpu1)) = (cpu, thread_cpu()) {
                on_cpu.push((cpu1 - cpu0) as f64 / 1e6);
            }
        }
    }
    for (what, v) in [("wall clock", &mut times), ("own CPU time", &mut on_cpu)] {
        if v.is_empty() {
            continue;
        }
        v.sort_by(f64::total_cmp);
        eprintln!(
            "seeks (state_at, then its index built), {what}: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms over {}",
            quantile(v, 0.5),
            quantile(v, 0.99),
            v[v.len() - 1],
            v.len()
        );
    }
    let mut at = 0usize;
    c.bench_function("osada: seek anywhere in the 300-round game, 512², 8 × 25/25/25", |b| {
        b.iter(|| {
            at = (at + 7919) % len;
            black_box(timeline.state_at(at).turn)
        })
    });
}

/// Reading replays of about 1, 10 and 100 MB: 8 teams of 25/25/25 on a 64² settlement, as
/// fedrunek's are read on N = 32. Verifying starts the game first, which on 512² is the
/// `start` figure of `end of a round` (the settlement and its distance maps), so short
/// replays on 512² are printed apart (and the whole 300-round game's in `keyframes`).
fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<Osada>(c, |megabytes| {
        let (setup, steps) = scripted(64, 2 * megabytes);
        kibitz_bench::replay_text::<Osada>(&setup, SEED, TEAMS, &steps)
    });
    // After the group: under the allocator as `kibitz verify` sets it (`replay_group` sets it).
    for rounds in [2, 20] {
        let (setup, steps) = scripted(512, rounds);
        let text = kibitz_bench::replay_text::<Osada>(&setup, SEED, TEAMS, &steps);
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let t = Instant::now();
                let checked = kibitz_core::verify::check_text::<Osada>(&text).unwrap();
                assert!(checked.verdict.is_ok() && checked.damage.is_none());
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        eprintln!(
            "load + verify on 512², {rounds} rounds ({:.1} MB): {:.1} ms at the median of 5, {:.0} MB/s",
            text.len() as f64 / 1e6,
            times[2] * 1e3,
            text.len() as f64 / 1e6 / times[2]
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = end_of_round, replay, keyframes
}
criterion_main!(benches);
