//! Reading SnakeCore replays of about 1, 10 and 100 MB (figures in docs/performance.md).

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step, ToMove};
use kibitz_snakecore::{Action, Map, Setup, SnakeCore};
use std::path::PathBuf;

/// A game on the bundled arena where both pythons answer at random (mostly moves, now and then
/// a pass, a shield or a line the rules do not know), for as many turns as asked.
fn random_game(turns: u32) -> (Setup, Vec<Step<Action>>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../maps/snakecore/arena.txt");
    let map = Map::parse(&std::fs::read_to_string(path).expect("maps/snakecore/arena.txt")).expect("the arena parses");
    let setup = Setup { map, turns };
    let mut state = SnakeCore::start(&setup, 2, 5).expect("two pythons");
    let mut rng = SplitMix64::new(11);
    let mut steps = Vec::new();
    while let ToMove::Player(player) = SnakeCore::to_move(&state) {
        let action = match rng.below(20) {
            0 => Action::Pass,
            1 => Action::Shield,
            2 => Action::Other("X".into()),
            k => [Action::Up, Action::Left, Action::Down, Action::Right][k % 4].clone(),
        };
        let step = Step::Act { player, action: Some(action) };
        SnakeCore::apply(&mut state, &step);
        steps.push(step);
    }
    (setup, steps)
}

fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<SnakeCore>(c, |megabytes| {
        let (setup, steps) = random_game(5_800 * megabytes);
        kibitz_bench::replay_text::<SnakeCore>(&setup, 5, 2, &steps)
    });
}

criterion_group!(benches, replay);
criterion_main!(benches);
