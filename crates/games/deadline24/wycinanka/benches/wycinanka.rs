//! Reading Wycinanka replays of about 1, 10 and 100 MB (figures in docs/performance.md).

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Common};
use kibitz_wycinanka::{Params, Setup, Wycinanka};

/// A game of 8 teams on the generated 45 × 45 sheet where, every turn, each team counts the
/// orders, describes the newest and another one, commits a guess for one (vertices drawn at
/// random: refused or incorrect) and asks its score. The commands are chosen from the state,
/// as a client would.
fn scripted(turns: u32) -> (Setup, Vec<Step<Command>>) {
    let setup = Setup {
        common: Common { turn_ms: 1000, command_limit: 100_000, ..Common::default() },
        game: Params { turns: turns + 1, ..Params::default() },
    };
    let mut state = Wycinanka::start(&setup, 8, 3).expect("the default parameters start");
    let mut rng = SplitMix64::new(8);
    let mut steps = Vec::new();
    let sheet = state.game.sheet.graph.n() as usize;
    // When each command reached the server, as it records them: every command's text is then
    // its own, as in a real replay.
    let (mut clock, mut at_us) = (SplitMix64::new(11), 0);
    for _ in 0..turns {
        for team in 0..8 {
            let orders = state.game.orders.len();
            let other = 1 + rng.below(orders);
            let size = state.game.orders[other - 1].order.graph.n();
            let guess: Vec<String> = (0..size).map(|_| (1 + rng.below(sheet)).to_string()).collect();
            let lines = [
                "GET ORDER COUNT".to_string(),
                format!("DESCRIBE ORDER {orders}"),
                format!("DESCRIBE ORDER {other}"),
                format!("COMMIT SOLUTION {other} {size} {}", guess.join(" ")),
                "GET SCORE".to_string(),
            ];
            for line in lines {
                at_us += 20 + clock.below(400) as u64;
                let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us, line }) };
                Wycinanka::apply(&mut state, &step);
                steps.push(step);
            }
        }
        Wycinanka::apply(&mut state, &Step::Tick);
        steps.push(Step::Tick);
        at_us = 0;
    }
    (setup, steps)
}

fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<Wycinanka>(c, |megabytes| {
        let (setup, steps) = scripted(123 * megabytes);
        kibitz_bench::replay_text::<Wycinanka>(&setup, 3, 8, &steps)
    });
}

criterion_group!(benches, replay);
criterion_main!(benches);
