//! The rules of Amazes as seed 004 gives them: turns, moves, discovery credit, points, the
//! judge, sudden death and the final score.
//!
//! A player's turn is one [`State::play`]: first the information stage (the player looks from
//! where it stands and the inference rules run; this is when most squares are discovered, and
//! "discovered first" is decided against what the opponent has discovered at that moment), then
//! the moves, each discovering the square it enters.
//!
//! The judge: a player whose bot failed (no usable line: crash, time-out, characters other
//! than F, T, L, R — the referee passes that as `action: None`), sent an empty line, or asked
//! for more than 256 moves is played by the judge for the rest of the game. The judge's line is
//! a single `T` each turn (the seed: "move back and forth on the same two squares as if the given
//! instruction were a consistent 'T'"). The refused line is not performed and not charged, and
//! the judge's steps cost nothing (points are lost for steps the player *asked* for); such a
//! player still looks around each turn, so its discoveries still count against the opponent's
//! "first" bonus. Its final score is 0 whatever its points.

use crate::geom::{Dir, Move, Placement, SQUARES, Square, SquareSet};
use crate::knowledge::Knowledge;
use crate::maze::Maze;
use crate::sight::Sight;
use crate::view::View;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Turns per player.
pub const TURNS: u32 = 150;
/// Moves a line may hold.
pub const MAX_MOVES: usize = 256;
/// Points for ending a turn on the opponent's square.
pub const CAPTURE_POINTS: i64 = 100;
/// Final scores are clamped to this.
pub const MAX_SCORE: i64 = 1000;

/// A player's line of moves. Serialised as the string the bot wrote, e.g. `"FFLR"`. Any length
/// is representable, because the rules (not the parser) judge an empty or too long line.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Moves(Vec<Move>);

impl Moves {
    pub fn new(moves: Vec<Move>) -> Self {
        Self(moves)
    }

    /// Reads a line of `F`, `T`, `L`, `R` (no other characters, any length).
    pub fn parse(line: &str) -> Result<Moves, String> {
        line.chars()
            .enumerate()
            .map(|(i, c)| {
                Move::from_letter(c).ok_or_else(|| format!("character {c:?} at position {}: only F, T, L and R are moves", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Moves)
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|m| write!(f, "{}", m.letter()))
    }
}

impl TryFrom<String> for Moves {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Moves::parse(&s)
    }
}

impl From<Moves> for String {
    fn from(m: Moves) -> Self {
        m.to_string()
    }
}

impl From<Vec<Move>> for Moves {
    fn from(v: Vec<Move>) -> Self {
        Moves(v)
    }
}

/// A player's points, kept by kind. The total is
/// `discovered + first + 100 × captures − steps`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Points {
    /// Steps asked for (the length of each line sent), −1 each.
    pub steps: u32,
    /// Squares discovered, +1 each.
    pub discovered: u32,
    /// Of those, discovered before the opponent, +1 more each.
    pub first: u32,
    /// Turns ended on the opponent's square without having discovered every square, +100 each.
    pub captures: u32,
}

impl Points {
    pub fn total(&self) -> i64 {
        self.discovered as i64 + self.first as i64 + CAPTURE_POINTS * self.captures as i64 - self.steps as i64
    }

    fn add(&mut self, other: &Points) {
        self.steps += other.steps;
        self.discovered += other.discovered;
        self.first += other.first;
        self.captures += other.captures;
    }
}

/// Why the judge plays for a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judged {
    /// No usable line arrived (crash, time-out, illegal characters: the referee's `None`).
    Failed,
    /// An empty line (a line must have 1 to 256 moves).
    EmptyLine,
    /// More than 256 moves: disqualified.
    TooManyMoves { moves: usize },
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Both players took all their turns.
    Normal,
    /// `winner` had discovered all 625 squares and ended a turn on the opponent's square: its
    /// points are doubled, the opponent's set to 0.
    SuddenDeath { winner: usize },
}

/// One player's side of the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub start: Placement,
    pub at: Placement,
    pub knowledge: Knowledge,
    pub points: Points,
    pub turns_played: u32,
    /// Set once the judge has taken over, for good.
    pub judged: Option<Judged>,
}

impl Player {
    fn new(start: Placement) -> Self {
        Self { start, at: start, knowledge: Knowledge::new(), points: Points::default(), turns_played: 0, judged: None }
    }
}

/// The whole state of a match. Player 0 is Red (moves first), player 1 Blue.
#[derive(Debug, Clone)]
pub struct State {
    pub maze: Arc<Maze>,
    pub players: [Player; 2],
    /// Turns per player (150 in the contest).
    pub turns: u32,
    /// Turns taken so far, both players together.
    pub half_turns: u32,
    pub ending: Option<Ending>,
    /// What each square of the maze sees, shared by every copy of the state.
    sight: Arc<Sight>,
}

/// How a square came to be discovered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// Seen at the information stage (including the own square and squares behind side
    /// openings).
    Seen,
    /// By a dead-end rule at the information stage.
    Inferred,
    /// Entered during a move.
    Visited,
}

/// One newly discovered square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discovery {
    pub square: Square,
    pub how: How,
    /// Discovered before the opponent had discovered it.
    pub first: bool,
}

/// Who chose this turn's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayedBy {
    Bot,
    Judge,
}

/// Everything a turn did, for replays, the viewer and `verify`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnReport {
    pub player: usize,
    /// 1-based turn number of this player.
    pub turn: u32,
    /// The information sent before the move (the "Start" line aside).
    pub view: View,
    pub played_by: PlayedBy,
    /// Set on the turn the judge took over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<Judged>,
    /// Moves of the line that were carried out before a wall stopped it (the judge's `T`
    /// included, the extra `T` not).
    pub performed: u32,
    /// A move ran into a wall; it and the rest of the line were dropped.
    pub blocked: bool,
    /// The turn would have ended on its starting square, so the judge added a `T`.
    pub extra_t: bool,
    /// Where the player stood before the first move and after every step taken.
    pub path: Vec<Placement>,
    /// Newly discovered squares: the information stage first, then the moves.
    pub discovered: Vec<Discovery>,
    /// Points gained this turn, by kind.
    pub gained: Points,
    /// Current scores of both players after the turn (as [`crate::Amazes`] reports them).
    pub scores: [i64; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
}

/// What the rules answer to one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Turn(Box<TurnReport>),
    /// A step out of order (a tick, the wrong player, after the end); nothing changed.
    Refused {
        message: String,
    },
}

impl State {
    /// A match on `maze` with these starting positions (not checked against the seed's start
    /// rules, so that tests and hand play can set up any situation).
    pub fn new(maze: Arc<Maze>, starts: [Placement; 2], turns: u32) -> State {
        let sight = Arc::new(Sight::new(maze.clone()));
        State { maze, players: starts.map(Player::new), turns, half_turns: 0, ending: None, sight }
    }

    /// The player whose turn it is, or `None` when the game is over.
    pub fn to_move(&self) -> Option<usize> {
        self.ending.is_none().then_some((self.half_turns % 2) as usize)
    }

    /// What `player` would be told if its turn began now.
    pub fn view(&self, player: usize) -> View {
        let p = &self.players[player % 2];
        self.view_at(p.at, self.players[(player + 1) % 2].at.square)
    }

    /// What a player at `at` is told ([`View::of`] this state's maze), from its corridors
    /// walked once.
    fn view_at(&self, at: Placement, opponent: Square) -> View {
        View::with_lines(at, opponent, |d| self.sight.corridor(at.square, d).line().to_owned())
    }

    /// Squares discovered by either player.
    pub fn discovered_by_anyone(&self) -> SquareSet {
        self.players[0].knowledge.discovered().union(self.players[1].knowledge.discovered())
    }

    /// Current points of both players; after a sudden death the winner's are doubled and the
    /// loser's are 0.
    pub fn points(&self) -> [i64; 2] {
        let totals = [self.players[0].points.total(), self.players[1].points.total()];
        match self.ending {
            Some(Ending::SuddenDeath { winner }) => {
                let mut out = [0; 2];
                out[winner] = 2 * totals[winner];
                out
            }
            _ => totals,
        }
    }

    /// The contest's final scores (0..=1000): see [`final_score`].
    pub fn final_scores(&self) -> [i64; 2] {
        let points = self.points();
        [0, 1].map(|k| final_score(points[k], self.players[k].judged.is_some()))
    }

    /// Plays `player`'s turn with `action` (`None`: the bot failed). The caller checks that it
    /// is this player's turn; see [`crate::Amazes`].
    pub fn play(&mut self, player: usize, action: Option<&Moves>) -> TurnReport {
        let p = player % 2;
        let o = 1 - p;
        let start = self.players[p].at;
        let opponent = self.players[o].at.square;
        let turn = self.players[p].turns_played + 1;
        let mut gained = Points::default();

        // Information stage.
        let view = self.view_at(start, opponent);
        let seen = self.players[p].knowledge.look_in(start, &self.sight);
        let inferred = self.players[p].knowledge.infer();
        let mut discovered = Vec::with_capacity(seen.len() + inferred.len());
        for s in seen {
            self.credit(p, s, How::Seen, &mut gained, &mut discovered);
        }
        for s in inferred {
            self.credit(p, s, How::Inferred, &mut gained, &mut discovered);
        }

        // Who plays, and which line.
        let mut judged = None;
        let judge_line = [Move::T];
        let (played_by, line): (PlayedBy, &[Move]) = match (&self.players[p].judged, action) {
            (Some(_), _) => (PlayedBy::Judge, &judge_line),
            (None, None) => {
                judged = Some(Judged::Failed);
                (PlayedBy::Judge, &judge_line)
            }
            (None, Some(m)) if m.is_empty() => {
                judged = Some(Judged::EmptyLine);
                (PlayedBy::Judge, &judge_line)
            }
            (None, Some(m)) if m.len() > MAX_MOVES => {
                judged = Some(Judged::TooManyMoves { moves: m.len() });
                (PlayedBy::Judge, &judge_line)
            }
            (None, Some(m)) => {
                gained.steps = m.len() as u32;
                (PlayedBy::Bot, m.as_slice())
            }
        };
        if judged.is_some() {
            self.players[p].judged = judged.clone();
        }

        // Moves: a placement on the path for each move performed and for the extra `T`.
        let mut path = Vec::with_capacity(line.len() + 2);
        path.push(start);
        let mut at = start;
        let mut performed = 0;
        let mut blocked = false;
        for &m in line {
            match self.step(at, m.direction(at.facing)) {
                Some(next) => {
                    at = next;
                    path.push(at);
                    performed += 1;
                    if self.players[p].knowledge.discover(at.square) {
                        self.credit(p, at.square, How::Visited, &mut gained, &mut discovered);
                    }
                }
                None => {
                    blocked = true;
                    break;
                }
            }
        }
        let extra_t = at.square == start.square;
        if extra_t && let Some(next) = self.step(at, at.facing.back()) {
            at = next;
            path.push(at);
            if self.players[p].knowledge.discover(at.square) {
                self.credit(p, at.square, How::Visited, &mut gained, &mut discovered);
            }
        }
        self.players[p].at = at;

        // Ending on the opponent's square.
        let mut ending = None;
        if at.square == opponent {
            if self.players[p].knowledge.discovered().len() == SQUARES {
                ending = Some(Ending::SuddenDeath { winner: p });
            } else {
                gained.captures = 1;
            }
        }

        self.players[p].points.add(&gained);
        self.players[p].turns_played += 1;
        self.half_turns += 1;
        if ending.is_none() && self.players.iter().all(|pl| pl.turns_played >= self.turns) {
            ending = Some(Ending::Normal);
        }
        self.ending = ending;

        TurnReport {
            player: p,
            turn,
            view,
            played_by,
            judged,
            performed,
            blocked,
            extra_t,
            path,
            discovered,
            gained,
            scores: self.points(),
            ending,
        }
    }

    /// One step from `at` in `dir`, or `None` into a wall.
    fn step(&self, at: Placement, dir: Dir) -> Option<Placement> {
        if self.maze.wall(at.square, dir) {
            return None;
        }
        at.square.step(dir).map(|s| Placement::new(s, dir))
    }

    /// Credits player `p` with a newly discovered square.
    fn credit(&mut self, p: usize, s: Square, how: How, gained: &mut Points, out: &mut Vec<Discovery>) {
        let first = !self.players[1 - p].knowledge.is_discovered(s);
        if first {
            self.players[p].knowledge.mark_first(s);
            gained.first += 1;
        }
        gained.discovered += 1;
        out.push(Discovery { square: s, how, first });
    }
}

/// The contest's score from a player's points: 0 for a player the judge took over (crash,
/// time-out, illegal or too long output), otherwise the points clamped to 0..=1000.
pub fn final_score(points: i64, judged: bool) -> i64 {
    if judged { 0 } else { points.clamp(0, MAX_SCORE) }
}
