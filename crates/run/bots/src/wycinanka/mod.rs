//! Wycinanka clients: TCP clients of the Deadline24 protocol, run as `kibitz bot wycinanka
//! STRATEGY [HOST PORT LOGIN PASSWORD]` (the four values also come from `KIBITZ_*` variables).
//! `solver` races for every order: it reads the sheet once, and each order as it appears, and
//! commits what its search finds. Started mid-game (a take-over restarts the other teams'
//! clients), it first asks which orders its team has already fulfilled, and leaves them.
//!
//! It says what it is placing (docs/debug-drawing.md): each order it commits as a note (which
//! sheet vertex each of the order's vertices goes to) and a mark, and how many orders are open
//! as a value. A client never learns where the sheet's vertices are drawn, so it places nothing
//! on the sheet itself.

pub mod search;

use crate::Sketch;
use kibitz_deadline24_client::{Client, Connect, ints};
use kibitz_wycinanka::graph::Graph;
use search::{Found, find};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// The strategies of `kibitz bot wycinanka`, with what each does.
pub const STRATEGIES: &[(&str, &str)] = &[("solver", "races for every order: searches each as it appears and commits what it finds")];

/// The search budget per order and attempt; an order out of time is tried again once with four
/// times as much, then given up.
const BUDGET: Duration = Duration::from_millis(250);

/// Runs a strategy against the server until it closes the connection.
pub fn run(strategy: &str, seed: u64, connect: &Connect) -> Result<(), String> {
    match strategy {
        "solver" => Solver { seed, ..Solver::default() }.run(connect),
        _ => Err(crate::unknown("wycinanka", strategy, STRATEGIES)),
    }
}

/// A graph's edge lines (`A B`).
fn edges(lines: &[String]) -> Vec<(u32, u32)> {
    lines.iter().map(|l| ints(l)).filter(|v| v.len() == 2).map(|v| (v[0] as u32, v[1] as u32)).collect()
}

#[derive(Default)]
struct Solver {
    sheet: Option<Graph>,
    /// Orders read so far, by ID, with the attempts left for each (0: done or given up).
    orders: HashMap<i64, (Graph, u32)>,
    last_id: i64,
    /// Orders the team fulfilled before this client started.
    answered: HashSet<i64>,
    /// Rotates where the search starts (see [`find`]).
    seed: u64,
    /// This round's drawing (the game's tag first, when a sheet is read).
    sketch: Sketch,
}

/// Placements of more vertices than this are cut short in the note.
const NOTE_VERTICES: usize = 16;
/// Edges of an order drawn where it is placed, at most.
const EDGES_DRAWN: usize = 400;

impl Solver {
    fn run(mut self, connect: &Connect) -> Result<(), String> {
        let mut client = Client::connect(connect)?;
        loop {
            match self.round(&mut client) {
                Ok(()) => {}
                // The server closed (or reset) the connection: the games are over.
                Err(e) if e.contains("closed") || e.starts_with("reading") => return Ok(()),
                Err(e) => return Err(e),
            }
        }
    }

    /// Reads the sheet (again after a new game starts), and the orders the team has fulfilled
    /// in it already.
    fn read_sheet(&mut self, client: &mut Client) -> Result<(), String> {
        let head = match client.ask("DESCRIBE WORLD", Some(1))? {
            Ok(lines) => lines[0].clone(),
            Err(failed) => return Err(format!("DESCRIBE WORLD: {failed}")),
        };
        let numbers = ints(&head);
        let (n, m) = (numbers.first().copied().unwrap_or(0), numbers.get(1).copied().unwrap_or(0));
        let mut lines = Vec::with_capacity(m as usize);
        for _ in 0..m {
            lines.push(client.line()?);
        }
        self.sheet = Some(Graph::new(n as u32, edges(&lines)));
        self.sketch.add("tag solver");
        self.orders.clear();
        self.last_id = 0;
        // Our server's own command (docs/rules/wycinanka.md); another server's error leaves the
        // list empty.
        self.answered = match client.ask("LIST ANSWERED ORDERS", None)? {
            Ok(lines) => lines.iter().skip(1).filter_map(|l| l.trim().parse().ok()).collect(),
            Err(_) => HashSet::new(),
        };
        Ok(())
    }

    /// One pass: new orders read, every open order searched and committed, then `WAIT`.
    fn round(&mut self, client: &mut Client) -> Result<(), String> {
        let count = match client.ask("GET ORDER COUNT", Some(1))? {
            Ok(lines) => ints(&lines[0]).first().copied().unwrap_or(0),
            Err(_) => return self.wait(client),
        };
        if self.sheet.is_none() || count < self.last_id {
            self.read_sheet(client)?;
        }
        for id in (self.last_id + 1..=count).filter(|id| !self.answered.contains(id)) {
            if let Ok(lines) = client.ask(&format!("DESCRIBE ORDER {id}"), Some(1))? {
                let head = ints(&lines[0]);
                let (v, e) = (head.first().copied().unwrap_or(0), head.get(1).copied().unwrap_or(0));
                let mut edge_lines = Vec::with_capacity(e as usize);
                for _ in 0..e {
                    edge_lines.push(client.line()?);
                }
                self.orders.insert(id, (Graph::new(v as u32, edges(&edge_lines)), 2));
            }
        }
        self.last_id = count;
        let sheet = self.sheet.clone().expect("read above");
        // Newest first: the others have had their chance at them already.
        let mut open: Vec<i64> = self.orders.iter().filter(|(_, (_, tries))| *tries > 0).map(|(&id, _)| id).collect();
        open.sort_unstable_by(|a, b| b.cmp(a));
        for id in open {
            let (pattern, tries) = self.orders.get_mut(&id).expect("listed");
            let budget = if *tries == 2 { BUDGET } else { BUDGET * 4 };
            *tries -= 1;
            match find(pattern, &sheet, budget, self.seed) {
                Found::Map(map) => {
                    *tries = 0;
                    let placed: Vec<String> = map.iter().take(NOTE_VERTICES).enumerate().map(|(k, v)| format!("{}:{v}", k + 1)).collect();
                    let more = if map.len() > NOTE_VERTICES { " …" } else { "" };
                    self.sketch.add(format_args!("note order {id}: {}{more}", placed.join(" ")));
                    self.sketch.add(format_args!("mark committing order {id} ({} vertices)", map.len()));
                    // Where it is placing the order: its edges on the sheet's vertices.
                    for &(a, b) in pattern.edges().iter().take(EDGES_DRAWN) {
                        let (Some(&a), Some(&b)) = (map.get(a as usize - 1), map.get(b as usize - 1)) else { continue };
                        self.sketch.add(format_args!("edge {a} {b}"));
                    }
                    let vertices: Vec<String> = map.iter().map(u32::to_string).collect();
                    let line = format!("COMMIT SOLUTION {id} {} {}", map.len(), vertices.join(" "));
                    if let Ok(answer) = client.ask(&line, Some(1))?
                        && answer[0] == "INCORRECT"
                    {
                        eprintln!("order {id}: the server found our solution incorrect");
                    }
                }
                Found::NotThere => {
                    *tries = 0;
                    self.sketch.add(format_args!("note order {id} is not in the sheet"));
                }
                Found::OutOfTime => {}
            }
        }
        let open = self.orders.values().filter(|(_, tries)| *tries > 0).count();
        self.sketch.add(format_args!("value open-orders {open}"));
        self.sketch.add(format_args!("value orders {}", self.orders.len()));
        self.sketch.show();
        self.wait(client)
    }

    fn wait(&mut self, client: &mut Client) -> Result<(), String> {
        client.ask("WAIT", Some(1)).map(|_| ())
    }
}
