//! The game for one (problem, seed): board, spawning, moves, locking, line clears and scores.
//!
//! Every decision follows seed 003 as the organisers clarified and scored it (reference
//! README, "Rules and subtleties"); the item numbers in comments refer to that list.

use crate::commands::{Command, Decoded, decode};
use crate::hex::{Cell, Cube, Direction};
use crate::lcg::Lcg;
use crate::power::{PhraseError, PhraseSet, PhraseTracker};
use crate::problem::Problem;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A unit prepared for play: where it spawns and its members around the pivot in all six
/// orientations.
#[derive(Debug, Clone)]
struct Shape {
    size: usize,
    /// The pivot at spawn (orientation 0).
    spawn: Cube,
    /// `offsets[r * size..(r + 1) * size]`: members minus pivot after `r` clockwise turns.
    offsets: Vec<Cube>,
    /// `canon[r]`: the smallest orientation with the same member set as `r`. Two positions of
    /// one unit are the same position exactly when pivots and canonical orientations agree.
    canon: [u8; 6],
}

impl Shape {
    /// Spawn (item 2): subtract the smallest member x and y from members and pivot (a raw
    /// subtraction, as the organisers' `normalizeGridShape` does), then move east by
    /// `floor((width - w) / 2)` where `w` is the largest normalised member x plus 1: centred,
    /// rounding toward the left, ignoring the half-cell shift of odd rows.
    fn new(unit: &crate::problem::Unit, width: i32) -> Shape {
        let members = unit.members();
        let min_x = members.iter().map(|c| c.x).min().expect("units have members");
        let min_y = members.iter().map(|c| c.y).min().expect("units have members");
        let w = members.iter().map(|c| c.x - min_x).max().expect("units have members") + 1;
        let left = (width - w).div_euclid(2);
        let place = |c: Cell| Cell::new(c.x - min_x + left, c.y - min_y).cube();
        let spawn = place(unit.pivot());
        let base: Vec<Cube> = members.iter().map(|&c| place(c).sub(spawn)).collect();
        let size = base.len();
        let mut offsets = Vec::with_capacity(6 * size);
        let mut sorted: Vec<Vec<Cube>> = Vec::with_capacity(6);
        for r in 0..6 {
            let turned: Vec<Cube> = base.iter().map(|v| v.turned(r)).collect();
            offsets.extend_from_slice(&turned);
            let mut s = turned;
            s.sort();
            sorted.push(s);
        }
        let mut canon = [0u8; 6];
        for r in 0..6 {
            canon[r] = (0..6).find(|&q| sorted[q] == sorted[r]).expect("r itself matches") as u8;
        }
        Shape { size, spawn, offsets, canon }
    }

    fn offsets(&self, rot: u8) -> &[Cube] {
        let r = rot as usize;
        &self.offsets[r * self.size..(r + 1) * self.size]
    }
}

/// What stays the same for every game of a setup: the problem, its prepared units, the
/// phrases, the initial board. Shared by all states (and keyframes).
#[derive(Debug)]
pub struct Rules {
    problem: Problem,
    shapes: Vec<Shape>,
    phrases: PhraseSet,
    initial: Board,
}

impl Rules {
    pub fn new<S: AsRef<str>>(problem: Problem, phrases: &[S]) -> Result<Rules, PhraseError> {
        let phrases = PhraseSet::new(phrases)?;
        let shapes = problem.units().iter().map(|u| Shape::new(u, problem.width() as i32)).collect();
        let mut initial = Board::empty(problem.width() as usize, problem.height() as usize);
        for &c in problem.filled() {
            initial.fill(c);
        }
        Ok(Rules { problem, shapes, phrases, initial })
    }

    pub fn problem(&self) -> &Problem {
        &self.problem
    }
    pub fn phrases(&self) -> &PhraseSet {
        &self.phrases
    }
    /// The board before the first unit.
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// The cells of unit `unit` where it spawns, in the problem's member order.
    pub fn spawn_cells(&self, unit: usize) -> Vec<Cell> {
        let s = &self.shapes[unit];
        s.offsets(0).iter().map(|v| s.spawn.add(*v).cell()).collect()
    }
    /// The pivot of unit `unit` where it spawns.
    pub fn spawn_pivot(&self, unit: usize) -> Cell {
        self.shapes[unit].spawn.cell()
    }
}

/// The honeycomb: which cells are full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    /// Row-major: `y * width + x`.
    full: Vec<bool>,
    /// Full cells per row.
    row_count: Vec<u32>,
}

impl Board {
    fn empty(width: usize, height: usize) -> Board {
        Board { width, height, full: vec![false; width * height], row_count: vec![0; height] }
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `c` is on the board and full.
    pub fn is_full(&self, c: Cell) -> bool {
        self.index(c).is_some_and(|i| self.full[i])
    }

    /// Whether `c` is on the board and empty: where a member may be.
    #[inline]
    pub fn is_free(&self, c: Cell) -> bool {
        self.index(c).is_some_and(|i| !self.full[i])
    }

    #[inline]
    fn index(&self, c: Cell) -> Option<usize> {
        (c.x >= 0 && c.y >= 0 && (c.x as usize) < self.width && (c.y as usize) < self.height)
            .then(|| c.y as usize * self.width + c.x as usize)
    }

    fn fill(&mut self, c: Cell) {
        let i = self.index(c).expect("filled cells are on the board");
        if !self.full[i] {
            self.full[i] = true;
            self.row_count[c.y as usize] += 1;
        }
    }

    /// Clears every full row; the rows above each move down (item 7: several at once drop by
    /// that many). Counts all full rows, as the organisers' `checkLines` does.
    fn clear_full_rows(&mut self) -> u32 {
        let w = self.width as u32;
        let cleared = self.row_count.iter().filter(|&&n| n == w).count();
        if cleared == 0 {
            return 0;
        }
        let mut to = self.height;
        for from in (0..self.height).rev() {
            if self.row_count[from] == w {
                continue;
            }
            to -= 1;
            if to != from {
                self.full.copy_within(from * self.width..(from + 1) * self.width, to * self.width);
                self.row_count[to] = self.row_count[from];
            }
        }
        self.full[..to * self.width].fill(false);
        self.row_count[..to].fill(0);
        cleared as u32
    }

    /// Full cells, row by row.
    pub fn full_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.full.iter().enumerate().filter(|(_, f)| **f).map(|(i, _)| Cell::new((i % self.width) as i32, (i / self.width) as i32))
    }
}

/// The unit in play: its pivot and how many sixths of a turn clockwise it has turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    unit: usize,
    pivot: Cube,
    rot: u8,
}

/// Errors end the game and score the board 0, phrases included (item 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum GameError {
    /// A character outside the command table. `index` counts characters from 0.
    InvalidCharacter { index: usize, character: char },
    /// A move or turn back to a position the unit has already been in (item 6).
    RepeatedPosition { index: usize, character: char, command: Command },
    /// A command after the game ended (source exhausted or board full).
    CommandAfterEnd { index: usize, character: char },
    /// The seed is not one of the problem's `sourceSeeds` (only the scorer reports this).
    SeedNotListed { seed: u32 },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::InvalidCharacter { index, character } => {
                write!(f, "character {index} ({character:?}) is not a command")
            }
            GameError::RepeatedPosition { index, character, command } => {
                write!(f, "character {index} ({character:?}, {command}) returns the unit to a position it has already been in")
            }
            GameError::CommandAfterEnd { index, character } => {
                write!(f, "character {index} ({character:?}) is a command after the game ended")
            }
            GameError::SeedNotListed { seed } => write!(f, "seed {seed} is not one of the problem's sourceSeeds"),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ending", rename_all = "snake_case")]
pub enum Ending {
    /// All units of the source have been locked.
    SourceExhausted,
    /// Unit `unit` (index into the problem's units) could not be placed at its spawn position.
    BoardFull { unit: usize },
    /// A command caused an error: the board scores 0.
    Error { error: GameError },
}

/// What follows a lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "next", rename_all = "snake_case")]
pub enum Next {
    /// Unit `unit` (index into the problem's units) is now in play.
    Spawned { unit: usize },
    /// The source is empty: the game is over.
    SourceExhausted,
    /// Unit `unit` does not fit at its spawn position: the game is over.
    BoardFull { unit: usize },
}

/// The scoring of one lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lock {
    /// Members of the locked unit.
    pub size: u32,
    /// Rows cleared by this lock (`ls`).
    pub rows_cleared: u32,
    /// `size + 100 * (1 + ls) * ls / 2`.
    pub points: u64,
    /// `floor((ls_old - 1) * points / 10)` when the previous lock cleared more than one row.
    pub line_bonus: u64,
    pub next: Next,
}

impl Lock {
    /// This lock's move score: points plus line bonus.
    pub fn move_score(&self) -> u64 {
        self.points + self.line_bonus
    }
}

/// What one character did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// White space (`\t`, `\n`, `\r`): no command.
    Ignored,
    /// The unit moved or turned.
    Moved(Command),
    /// The command would have left the board or hit a full cell: the unit locked where it was.
    Locked(Command, Lock),
    /// The game has just ended with this error.
    Failed(GameError),
    /// The game had already ended with an error: nothing changes.
    AfterError,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Playing(Piece),
    Over(Ending),
}

/// The state of one game: board, unit in play, source, scores so far.
#[derive(Debug, Clone)]
pub struct State {
    rules: Arc<Rules>,
    seed: u32,
    board: Board,
    source: Lcg,
    /// Units still in the source (not yet spawned).
    remaining: u32,
    status: Status,
    /// Positions (pivot, canonical orientation) of the unit in play since it last moved down:
    /// enough for the repeated-position rule (item 6), since the pivot row never goes up.
    history: Vec<(Cube, u8)>,
    move_score: u64,
    /// Rows cleared by the previous lock.
    ls_old: u32,
    locked: u32,
    commands: u32,
    chars: usize,
    phrases: PhraseTracker,
}

impl State {
    /// A game of `rules` with the source of `seed`, first unit spawned. Any seed works here;
    /// the official scorer and [`crate::Icfp2015`] accept only the problem's own seeds.
    pub fn new(rules: Arc<Rules>, seed: u32) -> State {
        let phrases = PhraseTracker::new(&rules.phrases);
        let mut s = State {
            board: rules.initial.clone(),
            source: Lcg::new(seed),
            remaining: rules.problem.source_length(),
            status: Status::Over(Ending::SourceExhausted),
            history: Vec::with_capacity(64),
            move_score: 0,
            ls_old: 0,
            locked: 0,
            commands: 0,
            chars: 0,
            phrases,
            seed,
            rules,
        };
        s.spawn_next();
        s
    }

    /// Feeds one character of a solution: a command, ignored white space, or an error.
    pub fn feed(&mut self, character: char) -> Event {
        if let Status::Over(Ending::Error { .. }) = self.status {
            return Event::AfterError;
        }
        let index = self.chars;
        self.chars += 1;
        self.phrases.push(&self.rules.phrases, character);
        let decoded = decode(character);
        if decoded == Decoded::Ignored {
            return Event::Ignored;
        }
        let piece = match self.status {
            Status::Playing(p) => p,
            // Item 9: anything but white space after the end is an error.
            Status::Over(_) => return self.fail(GameError::CommandAfterEnd { index, character }),
        };
        let Decoded::Command(command) = decoded else {
            return self.fail(GameError::InvalidCharacter { index, character });
        };
        let shape = &self.rules.shapes[piece.unit];
        let next = match command {
            Command::Move(d) => Piece { pivot: piece.pivot.add(d.vector()), ..piece },
            Command::Turn(t) => Piece { rot: (piece.rot as i32 + t.sixths()).rem_euclid(6) as u8, ..piece },
        };
        if !self.fits(next) {
            // Item 5: the command locks the unit where it is, and counts as a command.
            self.commands += 1;
            return Event::Locked(command, self.lock(piece));
        }
        let key = (next.pivot, shape.canon[next.rot as usize]);
        match command {
            Command::Move(Direction::SE | Direction::SW) => self.history.clear(),
            _ if self.history.contains(&key) => {
                return self.fail(GameError::RepeatedPosition { index, character, command });
            }
            _ => {}
        }
        self.history.push(key);
        self.commands += 1;
        self.status = Status::Playing(next);
        Event::Moved(command)
    }

    /// Feeds every character of `text`, stopping at an error. Returns the number fed.
    pub fn feed_str(&mut self, text: &str) -> usize {
        let mut n = 0;
        for c in text.chars() {
            n += 1;
            if let Event::Failed(_) | Event::AfterError = self.feed(c) {
                break;
            }
        }
        n
    }

    fn fail(&mut self, error: GameError) -> Event {
        self.status = Status::Over(Ending::Error { error });
        Event::Failed(error)
    }

    #[inline]
    fn fits(&self, p: Piece) -> bool {
        self.rules.shapes[p.unit].offsets(p.rot).iter().all(|v| self.board.is_free(p.pivot.add(*v).cell()))
    }

    fn lock(&mut self, p: Piece) -> Lock {
        let shape = &self.rules.shapes[p.unit];
        for v in shape.offsets(p.rot) {
            self.board.fill(p.pivot.add(*v).cell());
        }
        let ls = self.board.clear_full_rows();
        let size = shape.size as u64;
        let l = ls as u64;
        // Item 7: points = size + 100 * (1 + ls) * ls / 2, bonus from the previous lock's ls.
        let points = size + 100 * (1 + l) * l / 2;
        let line_bonus = if self.ls_old > 1 { (self.ls_old as u64 - 1) * points / 10 } else { 0 };
        self.move_score += points + line_bonus;
        self.ls_old = ls;
        self.locked += 1;
        let next = self.spawn_next();
        Lock { size: size as u32, rows_cleared: ls, points, line_bonus, next }
    }

    /// Takes the next unit from the source and places it (item 2), or ends the game.
    fn spawn_next(&mut self) -> Next {
        self.history.clear();
        if self.remaining == 0 {
            self.status = Status::Over(Ending::SourceExhausted);
            return Next::SourceExhausted;
        }
        self.remaining -= 1;
        let unit = self.source.next_output() as usize % self.rules.shapes.len();
        let piece = Piece { unit, pivot: self.rules.shapes[unit].spawn, rot: 0 };
        if !self.fits(piece) {
            self.status = Status::Over(Ending::BoardFull { unit });
            return Next::BoardFull { unit };
        }
        self.history.push((piece.pivot, self.rules.shapes[unit].canon[0]));
        self.status = Status::Playing(piece);
        Next::Spawned { unit }
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    pub fn seed(&self) -> u32 {
        self.seed
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn is_over(&self) -> bool {
        matches!(self.status, Status::Over(_))
    }
    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        match self.status {
            Status::Over(e) => Some(e),
            Status::Playing(_) => None,
        }
    }
    pub fn error(&self) -> Option<GameError> {
        match self.status {
            Status::Over(Ending::Error { error }) => Some(error),
            _ => None,
        }
    }
    /// The unit in play (index into the problem's units).
    pub fn unit(&self) -> Option<usize> {
        match self.status {
            Status::Playing(p) => Some(p.unit),
            Status::Over(_) => None,
        }
    }
    /// The members of the unit in play, in the problem's member order.
    pub fn members(&self) -> Vec<Cell> {
        match self.status {
            Status::Playing(p) => self.rules.shapes[p.unit].offsets(p.rot).iter().map(|v| p.pivot.add(*v).cell()).collect(),
            Status::Over(_) => Vec::new(),
        }
    }
    /// The rows that locking the unit in play where it stands would fill, and so clear (top to
    /// bottom); for showing which rows a lock cleared.
    pub fn rows_filled_by_locking(&self) -> Vec<i32> {
        let members = self.members();
        let (w, h) = (self.board.width as i32, self.board.height as i32);
        (0..h)
            .filter(|&y| {
                let added = members.iter().filter(|c| c.y == y && (0..w).contains(&c.x)).count() as u32;
                self.board.row_count[y as usize] + added == w as u32
            })
            .collect()
    }

    /// The pivot of the unit in play (it may be off the board).
    pub fn pivot(&self) -> Option<Cell> {
        match self.status {
            Status::Playing(p) => Some(p.pivot.cell()),
            Status::Over(_) => None,
        }
    }
    /// Sixths of a turn clockwise the unit in play has turned since it spawned (0..6).
    pub fn orientation(&self) -> Option<u8> {
        match self.status {
            Status::Playing(p) => Some(p.rot),
            Status::Over(_) => None,
        }
    }
    /// The units still to come after the one in play (indices into the problem's units).
    pub fn upcoming(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.rules.shapes.len();
        self.source.take(self.remaining as usize).map(move |r| r as usize % n)
    }
    /// Units locked so far: also the index in the source of the unit in play.
    pub fn units_locked(&self) -> u32 {
        self.locked
    }
    /// Commands executed (white space and the failing character not included).
    pub fn commands(&self) -> u32 {
        self.commands
    }
    /// Characters fed so far, white space included.
    pub fn characters(&self) -> usize {
        self.chars
    }
    /// Rows cleared by the last lock (the next lock's `ls_old`).
    pub fn last_rows_cleared(&self) -> u32 {
        self.ls_old
    }
    /// Sum of the move scores so far (kept after an error, for diagnosis).
    pub fn move_score(&self) -> u64 {
        self.move_score
    }
    /// Power score of the text so far (kept after an error, for diagnosis).
    pub fn power_score(&self) -> u64 {
        self.rules.phrases.score(self.phrases.counts())
    }
    /// Occurrences of each phrase so far, in the order of the setup's phrases.
    pub fn phrase_counts(&self) -> &[u32] {
        self.phrases.counts()
    }
    /// Phrases the last character completed.
    pub fn phrases_completed(&self) -> Vec<usize> {
        self.phrases.completed(&self.rules.phrases)
    }
    /// The score if the solution ended here: move + power, or 0 after an error.
    pub fn score(&self) -> u64 {
        if self.error().is_some() { 0 } else { self.move_score + self.power_score() }
    }
}
