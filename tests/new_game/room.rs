//! The counting game's rooms: everything the app knows of it, wired from the kit's public parts
//! only, as `crates/run/cli/src/games/snakecore` and `src/games/snakecore` wire their own: its
//! room (`verify`, `match` between bot processes, `bot`, our sample bots) and its view room
//! (the view, `play` by hand and `edit`, its map format).

use crate::counting::{Counting, STRATEGIES, SameEveryTurn, Setup, parse_map};
use crate::view::{CountingView, KEYS};
use clap::Parser;
use kibitz::kit::contract::room::{Bots, Capabilities, Matches, Room, Verb, VerifyReport, no_bot_arguments, verify_as};
use kibitz::kit::contract::view::{GameView, Session};
use kibitz::kit::contract::view_room::{Opened, Play, ViewRoom, open_as};
use kibitz::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use kibitz::kit::matches::args::{Common, SeatArgs, check_out, file_name, load};
use kibitz::kit::matches::summary::Summary;
use kibitz::kit::turn::by_hand::play_live;
use kibitz::kit::turn::seats::{Fresh, run_bot_match};
use kibitz_core::Game;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::Sheet;
use std::path::{Path, PathBuf};

pub struct CountingRoom;

impl Room for CountingRoom {
    fn id(&self) -> &'static str {
        Counting::ID
    }

    fn about(&self) -> &'static str {
        "a test-only game: add 1 or 2 in turn up to a target"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_as::<Counting>(text)
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            matches: Some(Matches::new(Verb::checked(check_match, run_match))),
            bots: Some(Bots {
                strategies: STRATEGIES,
                run: |strategy, _seed, args| {
                    no_bot_arguments(args)?;
                    kibitz_bots::run_stdio(&mut SameEveryTurn::new(strategy)?)
                },
            }),
            ..Default::default()
        }
    }
}

/// What the window knows of the counting game: its view, hand play and map editor.
pub struct CountingViews;

impl ViewRoom for CountingViews {
    fn id(&self) -> &'static str {
        Counting::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_as(text, title, CountingView::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: Verb::new(play), keys: KEYS })
    }

    fn maps(&self) -> Option<Box<dyn MapFormat>> {
        Some(Box::new(CountingMaps))
    }
}

/// Counting between bot processes, one per seat, on a map's target.
#[derive(Parser)]
#[command(name = "counting")]
pub struct MatchArgs {
    /// The map (its `o` cells are the target).
    #[arg(long)]
    pub map: PathBuf,
    #[command(flatten)]
    pub common: Common,
    /// One bot command per seat, after `--`.
    #[arg(last = true, required = true)]
    pub bots: Vec<String>,
}

/// Counting by hand against bot processes (default: our add-one bot).
#[derive(Parser)]
#[command(name = "counting")]
pub struct PlayArgs {
    /// The map; not with --from.
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub map: Option<PathBuf>,
    #[command(flatten)]
    pub seats: SeatArgs,
}

fn load_setup(path: &Path) -> anyhow::Result<Setup> {
    load(path, |text| parse_map(text).map_err(|(line, column, what)| format!("line {line}, column {column}: {what}")))
}

fn check_match(args: MatchArgs) -> anyhow::Result<(MatchArgs, Setup)> {
    let setup = load_setup(&args.map)?;
    check_out(&args.common.out)?;
    Ok((args, setup))
}

fn run_match((args, setup): (MatchArgs, Setup)) -> anyhow::Result<Summary> {
    let finished = run_bot_match::<Counting>(&setup, &args.bots, &args.common, u64::from(setup.target))?;
    Ok(Summary::of_match::<Counting>(args.common.out, finished.summary))
}

/// A new game of two (our add-one bot in the seat not played by hand unless commands are
/// given), or a replay continued by hand.
fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let fresh = |humans: &[usize]| {
        let Some(path) = &args.map else { anyhow::bail!("give --map or --from") };
        let bots = if args.seats.bots.is_empty() {
            vec!["kibitz bot counting add-one".to_string(); 2usize.saturating_sub(humans.len())]
        } else {
            args.seats.bots.clone()
        };
        Ok(Fresh { setup: load_setup(path)?, players: humans.len() + bots.len(), bots, title: format!("counting on {}", file_name(path)) })
    };
    play_live(&args.seats, fresh, CountingView::live)
}

/// The map in the editor: a row of cells, each `o` a unit of the target.
pub struct CountingMaps;

const TOOLS: &[Tool] = &[
    Tool { name: "unit", help: "one unit of the target", cell: |_| 'o', single: false },
    Tool { name: "none", help: "no unit", cell: |_| '.', single: false },
];

impl MapFormat for CountingMaps {
    fn game(&self) -> &'static str {
        Counting::ID
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    fn new_map(&self, cols: usize, _rows: usize) -> Sheet {
        Sheet::parse(&("o".repeat(cols.max(1)) + "\n"))
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        parse_map(text).err().map(|(line, column, what)| Fault::new(line, column, what)).into_iter().collect()
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let setup = parse_map(text).map_err(|(.., what)| what)?;
        let players = vec![PlayerInfo::human("Ann"), PlayerInfo::human("Bob")];
        let header = ReplayHeader::new::<Counting>(setup, 0, players, None);
        Ok(Box::new(CountingView::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    fn play_now(&self, map: &Path, _text: &str) -> PlayNow {
        let bots = ["add-one", "add-two"].iter().enumerate().map(|(k, strategy)| sample_bot(Counting::ID, strategy, k));
        PlayNow {
            hand: vec!["--map".into(), arg(map), "--".into(), sample_bot(Counting::ID, "add-one", 1)],
            bots: ["--map".into(), arg(map), "--".into()].into_iter().chain(bots).collect(),
        }
    }
}
