//! A game of osada driven command by command, on settlements drawn in the test.

#![allow(dead_code)]

use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Common, Outcome, State};
use kibitz_osada::settlement::{Mast, Settlement, Terrain, Xy};
use kibitz_osada::{MoveCoords, Osada, OsadaState, Params, Setup, TurnReport};
use std::sync::Arc;

/// An open `n` × `n` settlement with `blocked` and `soggy` fields and the given masts.
pub fn settlement(n: u32, blocked: &[Xy], soggy: &[Xy], masts: &[(Xy, Option<Xy>)]) -> Arc<Settlement> {
    let mut s = Settlement { n, terrain: vec![Terrain::Solid; (n * n) as usize], masts: Vec::new() };
    for &f in blocked {
        let i = s.index(f);
        s.terrain[i] = Terrain::Blocked;
    }
    for &f in soggy {
        let i = s.index(f);
        s.terrain[i] = Terrain::Soggy;
    }
    s.masts = masts.iter().map(|&(at, start)| Mast { at, start }).collect();
    // Through the file format, which checks it.
    Arc::new(Settlement::parse(&s.to_text()).expect("a valid settlement"))
}

/// The seed's example settlement (spec §4.8.1), as `maps/osada/seed-example.txt` has it: N = 100,
/// walls at PY 2 and 9 for PX 1…6 and at (6, 3) and (6, 8), the mast at (5, 5), the troops on
/// (5, 6).
pub fn seed_example() -> Arc<Settlement> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../maps/osada/seed-example.txt")).unwrap();
    Arc::new(Settlement::parse(&text).expect("the bundled seed example"))
}

/// Parameters with one troop of each kind and no coors coming.
pub fn quiet(settlement: Arc<Settlement>) -> Params {
    Params {
        n: settlement.n,
        stormtroopers: 1,
        builders: 1,
        snipers: 1,
        spawn_base: 0.0,
        spawn_growth: 0.0,
        settlement: Some(settlement),
        ..Params::default()
    }
}

/// The seed's session's game (§4.8.1): its example settlement, quiet, MOVE read as `coords`.
pub fn seed_session_params(coords: MoveCoords) -> Params {
    Params { move_coords: coords, ..quiet(seed_example()) }
}

/// `MAP 5 6` on the seed's example, answered.
pub const MAP_5_6: [&str; 12] = [
    "OK",
    "/..........",
    "/######....",
    "/.....#....",
    "/..........",
    "/..........",
    "/..........",
    "/..........",
    "/.....#....",
    "/######....",
    "/..........",
    "/..........",
];

/// The seed's session (§4.8.1) after the login up to its first MOVE: each command and its
/// answer, byte for byte.
pub const SEED_OPENING: [(&str, &[&str]); 4] = [
    ("DESCRIBE WORLD", &["OK", "100 10 5 5 1.000000"]),
    ("LIST TROOPS", &["OK", "3", "1 STORMTROOPER 5 6 0 0", "2 BUILDER 5 6 1 0", "3 SNIPER 5 6 2 0"]),
    ("MAP 5 6", &MAP_5_6),
    ("BUILD 2 TOWER", &["FAILED 108 not an active troop"]),
];

pub struct Play {
    pub state: State<OsadaState>,
    pub at_us: u64,
}

impl Play {
    pub fn new(params: Params, teams: usize) -> Play {
        let setup = Setup { common: Common { turn_ms: 10_000, ..Common::default() }, game: params };
        Play { state: Osada::start(&setup, teams, 7).unwrap(), at_us: 0 }
    }

    pub fn game(&mut self) -> &mut OsadaState {
        &mut self.state.game
    }

    /// The answer of `team` (from 0) to `line`, as lines.
    pub fn ask(&mut self, team: usize, line: &str) -> Vec<String> {
        let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us: self.at_us, line: line.to_string() }) };
        Osada::apply(&mut self.state, &step).lines().to_vec()
    }

    /// Asks and expects exactly these lines.
    pub fn expect(&mut self, team: usize, line: &str, answer: &[&str]) {
        assert_eq!(self.ask(team, line), answer, "{line}");
    }

    /// Ends the round.
    pub fn tick(&mut self) -> TurnReport {
        match Osada::apply(&mut self.state, &Step::Tick) {
            Outcome::Turn { report, .. } => report,
            other => panic!("a tick ends a round: {other:?}"),
        }
    }

    pub fn glory(&mut self, team: usize) -> i64 {
        self.ask(team, "MEASURE GLORY")[1].parse().unwrap()
    }
}
