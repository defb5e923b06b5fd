//! SnakeCore bots. They read what a tournament entry reads (seed 001 §3): `getName`, answered
//! with a name, and `getAction` with the board and the pythons (their own first), answered with
//! one of `U L D R N A`. The number of pythons is not sent: it is the number of heads (`p`) on
//! the board, which is how a bot knows where the request ends.
//!
//! - [`Greedy`]: eats the nearest free block, bites a body worth biting, feeds a reactor once
//!   long enough, and switches its shield on when a stranger's head comes near.
//! - [`Random`]: a random answer each turn (seeded).

mod greedy;
mod random;

pub use greedy::Greedy;
pub use random::Random;

use kibitz_snakecore::{Action, Pos};

/// The strategies of `kibitz bot snakecore`, with what each does.
pub const STRATEGIES: &[(&str, &str)] = &[
    ("greedy", "eats the nearest block, bites bodies worth biting, feeds reactors, shields near strangers"),
    ("random", "any of the six answers each turn (seeded)"),
];

/// Makes the named bot.
pub fn make(strategy: &str, seed: u64) -> Result<Box<dyn crate::LineBot>, String> {
    match strategy {
        "greedy" => Ok(Box::new(Greedy::default())),
        "random" => Ok(Box::new(Random::new(seed))),
        other => Err(crate::unknown("snakecore", other, STRATEGIES)),
    }
}

/// A python as `getAction` describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Python {
    pub shield: u32,
    /// The head first, the tail last.
    pub cells: Vec<Pos>,
}

/// One `getAction`, read whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub rows: Vec<Vec<u8>>,
    /// The bot's own python first.
    pub pythons: Vec<Python>,
}

impl Request {
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    pub fn at(&self, p: Pos) -> u8 {
        self.rows[p.y as usize][p.x as usize]
    }

    /// The cell a move leads to from `p`, if on the board (the rules' own geometry).
    pub fn step(&self, p: Pos, d: &Action) -> Option<Pos> {
        kibitz_snakecore::neighbour(p, d, self.size() as u16)
    }
}

/// What a line of input amounts to.
pub enum Input {
    /// Nothing to answer yet.
    Wait,
    /// `getName`.
    Name,
    Action(Request),
}

/// Reads requests line by line.
#[derive(Default)]
pub struct Reader {
    /// Lines of the `getAction` being read (after its first line).
    lines: Option<Vec<String>>,
}

impl Reader {
    pub fn feed(&mut self, line: &str) -> Result<Input, String> {
        let Some(lines) = self.lines.as_mut() else {
            return match line.trim() {
                "getName" => Ok(Input::Name),
                "getAction" => {
                    self.lines = Some(Vec::new());
                    Ok(Input::Wait)
                }
                other => Err(format!("expected getName or getAction, got {other:?}")),
            };
        };
        lines.push(line.trim_end().to_string());
        let n: usize = lines[0].trim().parse().map_err(|_| format!("expected the board's size, got {:?}", lines[0]))?;
        if lines.len() < 1 + n {
            return Ok(Input::Wait);
        }
        let heads = lines[1..=n].iter().map(|r| r.bytes().filter(|&b| b == b'p').count()).sum::<usize>();
        if lines.len() < 1 + n + heads {
            return Ok(Input::Wait);
        }
        let lines = self.lines.take().expect("reading");
        let rows: Vec<Vec<u8>> = lines[1..=n].iter().map(|r| r.bytes().collect()).collect();
        let pythons = lines[1 + n..].iter().map(|l| python(l)).collect::<Result<Vec<_>, String>>()?;
        Ok(Input::Action(Request { rows, pythons }))
    }
}

fn python(line: &str) -> Result<Python, String> {
    let numbers: Vec<u32> =
        line.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(|_| format!("a python line of numbers, not {line:?}"))?;
    let (&shield, rest) = numbers.split_first().ok_or("an empty python line")?;
    let (&length, coordinates) = rest.split_first().ok_or("a python line without its length")?;
    if coordinates.len() != 2 * length as usize {
        return Err(format!("a python of length {length} with {} coordinates", coordinates.len()));
    }
    let cells = coordinates.chunks(2).map(|c| Pos::new(c[0] as u16, c[1] as u16)).collect();
    Ok(Python { shield, cells })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz_core::{BotProtocol, Game, Step, ToMove};
    use kibitz_snakecore::{Map, Setup, SnakeCore};

    /// Plays bots against each other in process for a whole game, as the referee would:
    /// the final state, and every answer given.
    pub fn duel(bots: &mut [Box<dyn crate::LineBot>], turns: u32, seed: u64) -> (kibitz_snakecore::State, Vec<String>) {
        let board = "W........W\n.pbbe.....\n.....b..e.\n..R.......\n....bb....\n.e......R.\n......b...\n..bb....pb\n.......e.b\nW........W\nsnake 1 1 2 1 3 1 4 1\nsnake 8 7 9 7 9 8\n";
        let map = Map::parse(board).unwrap();
        let mut state = SnakeCore::start(&Setup { map, turns }, 2, seed).unwrap();
        for bot in bots.iter_mut() {
            let name = bot.on_line("getName").unwrap();
            assert!(name.len() == 1 && !name[0].is_empty() && name[0].len() <= 32, "{name:?}");
        }
        let mut answers = Vec::new();
        while let ToMove::Player(p) = SnakeCore::to_move(&state) {
            let mut answer = Vec::new();
            for line in SnakeCore::turn_lines(&state, p) {
                answer = bots[p].on_line(&line).unwrap();
            }
            assert_eq!(answer.len(), 1, "one answer per getAction");
            let action = SnakeCore::parse_action(&answer[0]).unwrap();
            SnakeCore::apply(&mut state, &Step::Act { player: p, action: Some(action) });
            answers.push(answer.remove(0));
        }
        (state, answers)
    }

    #[test]
    fn greedy_feeds_reactors_and_beats_random_and_both_answer_only_the_six_letters() {
        for seed in 0..3 {
            let mut bots: Vec<Box<dyn crate::LineBot>> = vec![make("greedy", 0).unwrap(), make("random", seed).unwrap()];
            let (state, answers) = duel(&mut bots, 150, seed);
            assert!(answers.iter().all(|a| ["U", "L", "D", "R", "N", "A"].contains(&a.as_str())), "{answers:?}");
            assert!(state.scores[0] > state.scores[1] && state.scores[0] >= 20, "seed {seed}: {:?}", state.scores);
        }
    }

    #[test]
    fn the_reader_knows_where_a_request_ends_by_the_heads_on_the_board() {
        let mut r = Reader::default();
        assert!(matches!(r.feed("getName").unwrap(), Input::Name));
        for line in ["getAction", "3", "p.b", "...", "..p", "0 1 0 0"] {
            assert!(matches!(r.feed(line).unwrap(), Input::Wait), "{line}");
        }
        let Input::Action(request) = r.feed("2 2 2 2 2 1").unwrap() else { panic!("the second python ends it") };
        assert_eq!(request.size(), 3);
        assert_eq!(request.pythons[1], Python { shield: 2, cells: vec![Pos::new(2, 2), Pos::new(2, 1)] });
        assert!(r.feed("hello").is_err());
    }
}
