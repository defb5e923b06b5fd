//! Helpers shared by the Amazes tests.
#![allow(dead_code)]

use kibitz_amazes::generate::SplitMix64;
use kibitz_amazes::{Dir, EdgeId, EdgeKnowledge, EdgeSet, Knowledge, Maze, Move, Moves, Placement, SIZE, Square, State};
use std::path::PathBuf;

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The ten official mazes as (file name, text), or `None` (loudly) without the reference data.
pub fn reference_mazes() -> Option<Vec<(String, String)>> {
    let dir = kibitz_core::reference::reference_dir(&workspace())?.join("amazes/mazes");
    let mut mazes: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    mazes.sort();
    Some(mazes)
}

pub fn sq(row: usize, col: usize) -> Square {
    Square::new(row, col).unwrap_or_else(|| panic!("({row}, {col}) is off the grid"))
}

pub fn at(row: usize, col: usize, facing: Dir) -> Placement {
    Placement::new(sq(row, col), facing)
}

pub fn moves(line: &str) -> Moves {
    Moves::parse(line).unwrap()
}

/// A comb: the top row is one corridor, every column hangs from it as a dead-end corridor.
pub fn comb() -> Maze {
    let mut m = Maze::with_all_walls();
    for c in 0..SIZE - 1 {
        m.set_wall(sq(0, c).edge(Dir::E), false);
    }
    for r in 0..SIZE - 1 {
        for c in 0..SIZE {
            m.set_wall(sq(r, c).edge(Dir::S), false);
        }
    }
    m.validate().unwrap();
    m
}

/// Opens `open` (square, side) edges, keeps every other side of the listed `squares` a wall, and
/// fills the rest of the maze with a random spanning tree joined to those pieces, so the result
/// is valid whenever the fixed openings have no cycle.
pub fn maze_around(open: &[(Square, Dir)], squares: &[Square], seed: u64) -> Maze {
    let mut m = Maze::with_all_walls();
    let mut fixed = EdgeSet::new();
    for &(s, d) in open {
        m.set_wall(s.edge(d), false);
        fixed.insert(s.edge(d));
    }
    for &s in squares {
        for d in Dir::ALL {
            fixed.insert(s.edge(d));
        }
    }
    let mut parent: Vec<usize> = (0..625).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for &(s, d) in open {
        let n = s.step(d).expect("fixed openings are interior");
        let (a, b) = (find(&mut parent, s.index()), find(&mut parent, n.index()));
        assert_ne!(a, b, "the fixed openings must not make a cycle");
        parent[a] = b;
    }
    let mut free: Vec<EdgeId> = EdgeId::all().filter(|e| !e.is_outer() && !fixed.contains(*e)).collect();
    SplitMix64::new(seed).shuffle(&mut free);
    for e in free {
        let [Some(x), Some(y)] = e.squares() else { unreachable!() };
        let (a, b) = (find(&mut parent, x.index()), find(&mut parent, y.index()));
        if a != b {
            parent[a] = b;
            m.set_wall(e, false);
        }
    }
    m.validate().unwrap_or_else(|e| panic!("{e}\n{}", m.to_text()));
    m
}

/// The maze of the discovery example (seed 004, turns 2 to 5), rebuilt: a corridor along the
/// top row from column 3 to 22 (1-based), a corridor along the second row from column 2 to 24,
/// joined in column 13, which runs down to row 24; from its foot a step east, and below that
/// "square 0" in the bottom row. Two dead-end corridors hide in the top corners: (1,1)–(1,2)
/// going down column 1, and (1,23)–(1,25) going down column 25 (all 1-based).
pub fn example_maze() -> Maze {
    let mut open = Vec::new();
    let mut fixed_squares = Vec::new();
    for c in 2..=21 {
        fixed_squares.push(sq(0, c));
        if c < 21 {
            open.push((sq(0, c), Dir::E));
        }
    }
    open.push((sq(0, 12), Dir::S));
    for c in 1..=23 {
        fixed_squares.push(sq(1, c));
        if c < 23 {
            open.push((sq(1, c), Dir::E));
        }
    }
    for r in 1..=23 {
        fixed_squares.push(sq(r, 12));
        if r < 23 {
            open.push((sq(r, 12), Dir::S));
        }
    }
    open.extend([(sq(23, 12), Dir::E), (sq(23, 13), Dir::S), (sq(24, 13), Dir::W), (sq(24, 13), Dir::E)]);
    fixed_squares.extend([sq(23, 13), sq(24, 13)]);
    // The corners' dead ends.
    open.extend([(sq(0, 0), Dir::E), (sq(0, 0), Dir::S), (sq(1, 0), Dir::S)]);
    open.extend([(sq(0, 22), Dir::E), (sq(0, 23), Dir::E), (sq(0, 24), Dir::S), (sq(1, 24), Dir::S)]);
    fixed_squares.extend([sq(0, 0), sq(0, 1), sq(1, 0), sq(0, 22), sq(0, 23), sq(0, 24), sq(1, 24)]);
    maze_around(&open, &fixed_squares, 2010)
}

/// A line for an all-seeing explorer: walk to the nearest undiscovered square, again and again,
/// while the line has room; once everything is discovered, walk to the opponent.
pub fn explorer_line(state: &State, p: usize) -> Moves {
    explorer_line_upto(state, p, 200)
}

/// [`explorer_line`], planning further segments only while the line is shorter than `room`
/// (1: one walk to the nearest undiscovered square per turn).
pub fn explorer_line_upto(state: &State, p: usize, room: usize) -> Moves {
    let maze = &state.maze;
    let mut known = *state.players[p].knowledge.discovered();
    let mut at = state.players[p].at;
    known.insert(at.square);
    let mut line = Vec::new();
    while !known.is_full() && line.len() < room {
        let path = maze.path_to_nearest(at.square, |s| !known.contains(s)).unwrap_or_default();
        for s in &path {
            known.insert(*s);
        }
        let (m, end) = at.moves_along(&path);
        line.extend(m);
        at = end;
    }
    if line.is_empty() {
        let opponent = state.players[1 - p].at.square;
        let path = maze.path_to_nearest(at.square, |s| s == opponent).expect("the maze is connected");
        line = at.moves_along(&path).0;
        line.truncate(256);
        if line.is_empty() {
            line.push(Move::T);
        }
    }
    line.truncate(256);
    Moves::new(line)
}

/// Everything `k` holds is true of `maze`: known walls are walls, known openings are open, and
/// every dead-end square is discovered and really lies in a branch without cycles (it is removed
/// when leaves are pruned from the maze again and again).
pub fn knowledge_is_true(maze: &Maze, k: &Knowledge) -> Result<(), String> {
    for e in EdgeId::all() {
        match k.edge(e) {
            EdgeKnowledge::Wall if !maze.is_wall(e) => {
                return Err(format!("edge {e:?} is known as a wall but is open"));
            }
            EdgeKnowledge::Open if maze.is_wall(e) => return Err(format!("edge {e:?} is known as open but is a wall")),
            _ => {}
        }
    }
    let branches = tree_branches(maze);
    for s in k.dead_ends().iter() {
        if !k.is_discovered(s) {
            return Err(format!("dead end {s} is not discovered"));
        }
        if !branches[s.index()] {
            return Err(format!("{s} is marked a dead end but lies on a cycle"));
        }
    }
    Ok(())
}

/// Squares removed by pruning leaves until none is left: those not on (or between) cycles.
pub fn tree_branches(maze: &Maze) -> Vec<bool> {
    let mut degree: Vec<usize> = Square::all().map(|s| Dir::ALL.iter().filter(|&&d| !maze.wall(s, d)).count()).collect();
    let mut pruned = vec![false; 625];
    let mut stack: Vec<Square> = Square::all().filter(|s| degree[s.index()] <= 1).collect();
    while let Some(s) = stack.pop() {
        if pruned[s.index()] {
            continue;
        }
        pruned[s.index()] = true;
        for d in Dir::ALL {
            if !maze.wall(s, d)
                && let Some(n) = s.step(d)
                && !pruned[n.index()]
            {
                degree[n.index()] -= 1;
                if degree[n.index()] == 1 {
                    stack.push(n);
                }
            }
        }
    }
    pruned
}

/// The facing at `s` with an opening behind (the first clockwise from north).
pub fn facing_with_open_back(maze: &Maze, s: Square) -> Dir {
    Dir::ALL.into_iter().find(|d| !maze.wall(s, d.back())).expect("every square has an opening")
}
