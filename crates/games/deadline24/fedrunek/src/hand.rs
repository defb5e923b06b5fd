//! What a human's actions in hand play mean as commands, next to the rules (the app only draws
//! and sends): a click on a neighbouring field moves or drills, buttons name skills and
//! directions. The commands go to the server like any client's.

use crate::knowledge::{Knowledge, Seen};
use crate::robots::{Kind, Robot};
use crate::world::{Pos, World};

/// The six directions, as `MOVE` and `DRILL` take them, with their names.
pub const DIRECTIONS: [([i32; 3], &str); 6] =
    [([1, 0, 0], "+x"), ([-1, 0, 0], "−x"), ([0, 1, 0], "+y"), ([0, -1, 0], "−y"), ([0, 0, 1], "+z"), ([0, 0, -1], "−z")];

/// The skills `UPGRADE` raises for a kind of robot.
pub fn skills(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Scout => &["SCAN", "PUSH"],
        Kind::Miner => &["STORAGE", "DRILL", "MINE"],
    }
}

/// `MOVE` or `DRILL` of `robot` by `d`.
pub fn step(verb: &str, robot: &Robot, d: [i32; 3]) -> String {
    format!("{verb} {} {} {} {}", robot.id, d[0], d[1], d[2])
}

/// Whether a team knows of a tunnel into field `b` from its neighbour: one it drilled
/// (`drilled`, which the caller learns from the replay), or one its robots' `INFO` reported.
pub fn tunnel_known(knowledge: &Knowledge, drilled: bool, b: Pos) -> bool {
    drilled || matches!(knowledge.fields.get(&b), Some(Seen::Underground { tunnel: Some(true), .. }))
}

/// What a click on `target` sends for `robot`, when `target` is one of its neighbours: `MOVE`
/// where no tunnel is needed (along the surface), where the team knows of a tunnel
/// (`tunnel_known`), or for a scout; `DRILL` for a miner otherwise. Only the cube's shape and
/// the team's own knowledge decide, never a tunnel the team has not seen.
pub fn click(world: &World, robot: &Robot, target: Pos, tunnel_known: bool) -> Option<String> {
    let d = [target.x - robot.pos.x, target.y - robot.pos.y, target.z - robot.pos.z];
    if d.iter().map(|c| c.abs()).sum::<i32>() != 1 || !world.inside(target) {
        return None;
    }
    let walk = !world.needs_tunnel(robot.pos, target) || tunnel_known || robot.kind == Kind::Scout;
    Some(step(if walk { "MOVE" } else { "DRILL" }, robot, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_moves_along_the_surface_and_drills_into_the_ground() {
        let world = World::new(7);
        let miner = Robot::new(3, Kind::Miner, Pos::new(1, 3, 3));
        assert_eq!(click(&world, &miner, Pos::new(1, 4, 3), false).as_deref(), Some("MOVE 3 0 1 0"), "both on face x = 1");
        assert_eq!(click(&world, &miner, Pos::new(2, 3, 3), false).as_deref(), Some("DRILL 3 1 0 0"), "into the ground");
        assert_eq!(click(&world, &miner, Pos::new(2, 3, 3), true).as_deref(), Some("MOVE 3 1 0 0"), "through a known tunnel");
        assert_eq!(click(&world, &miner, Pos::new(0, 3, 3), false), None, "outside the cube");
        assert_eq!(click(&world, &miner, Pos::new(2, 4, 3), false), None, "not a neighbour");
        assert_eq!(click(&world, &miner, Pos::new(1, 3, 3), false), None, "its own field");
        let scout = Robot::new(4, Kind::Scout, Pos::new(1, 3, 3));
        assert_eq!(click(&world, &scout, Pos::new(2, 3, 3), false).as_deref(), Some("MOVE 4 1 0 0"), "scouts never drill");
    }

    #[test]
    fn a_team_knows_the_tunnels_it_drilled_and_those_info_reported() {
        let mut k = Knowledge::default();
        let p = Pos::new(2, 3, 3);
        assert!(!tunnel_known(&k, false, p));
        assert!(tunnel_known(&k, true, p));
        k.fields.insert(p, Seen::Underground { stone: false, metals: [0; 3], tunnel: Some(true) });
        assert!(tunnel_known(&k, false, p));
        k.fields.insert(p, Seen::Underground { stone: false, metals: [0; 3], tunnel: Some(false) });
        assert!(!tunnel_known(&k, false, p));
    }

    #[test]
    fn every_skill_named_here_is_one_the_rules_upgrade() {
        for kind in [Kind::Scout, Kind::Miner] {
            for (slot, word) in skills(kind).iter().enumerate() {
                assert_eq!(crate::robots::skill(word), Some((kind, slot)));
            }
        }
    }
}
