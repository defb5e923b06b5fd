//! Fedrunek clients: TCP clients of the Deadline24 protocol, run as `kibitz bot fedrunek
//! STRATEGY [HOST PORT LOGIN PASSWORD]` (the four values also come from `KIBITZ_*` variables).

mod greedy;

pub use kibitz_deadline24_client::Connect;

/// The strategies of `kibitz bot fedrunek`, with what each does.
pub const STRATEGIES: &[(&str, &str)] =
    &[("greedy", "scouts scan columns, miners drill the richest, sell at the nearest station, buy more miners")];

/// Runs a strategy against the server until it closes the connection.
pub fn run(strategy: &str, seed: u64, connect: &Connect) -> Result<(), String> {
    match strategy {
        "greedy" => greedy::run(connect, seed),
        _ => Err(crate::unknown("fedrunek", strategy, STRATEGIES)),
    }
}
