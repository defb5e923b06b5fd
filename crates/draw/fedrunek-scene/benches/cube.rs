//! What the 3D view of a 64³ asteroid costs to build: every layer (opening a replay, changing
//! the cut), one layer (a turn that changed it), and picking. `cargo bench -p
//! kibitz-fedrunek-scene`; figures in docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_fedrunek::generate::{Params, generate};
use kibitz_fedrunek::world::{Pos, Tunnel};
use kibitz_fedrunek_scene::{Cut, Look, Sight};
use kibitz_scene::{Orbit, Scene};
use std::collections::HashMap;
use std::hint::black_box;

fn cube(c: &mut Criterion) {
    let world = generate(&Params { n: 64, ..Params::default() }, 4, 1).expect("a 64³ world").world;
    let owners: HashMap<Tunnel, usize> = HashMap::new();
    let teams = [(0.2, 0.6, 0.9); 4];
    for (name, look) in [("whole", Look::default()), ("cut", Look { cut: Some(Cut { axis: 2, depth: 30 }), tunnels_only: false })] {
        let sight = Sight { world: &world, look, fog: None, owners: &owners, teams: &teams };
        c.bench_function(&format!("64³ {name}: all 64 layers"), |b| {
            b.iter(|| (1..=64).map(|x| sight.layer(black_box(x)).indices.len()).sum::<usize>())
        });
        c.bench_function(&format!("64³ {name}: one inner layer"), |b| b.iter(|| sight.layer(black_box(32)).indices.len()));
        let scene = Scene { parts: Vec::new(), center: [0.0; 3], radius: 64.0 * 0.87 };
        let ray = Orbit::default().ray(&scene, 1.0, 900.0, 700.0, 450.0, 350.0);
        c.bench_function(&format!("64³ {name}: pick the field under the pointer"), |b| {
            b.iter(|| sight.pick(black_box(ray), |_: Pos| false))
        });
    }
}

criterion_group!(benches, cube);
criterion_main!(benches);
