//! Osada's own command-line arguments (the settlement, the teams' make-up, the coors, for
//! `kibitz serve` and `match`) and `kibitz settlement`, which writes and checks settlement files.

use crate::kit::deadline24::server::GameArgs;
use crate::kit::matches::args::{at_least_one, load, within};
use clap::{Args, Parser, Subcommand};
use kibitz_core::Game;
use kibitz_core::replay::Replay;
use kibitz_osada::generate;
use kibitz_osada::params::bounds;
use kibitz_osada::{MoveCoords, Osada, OsadaRules, Params, Profile, Settlement};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The help's heading of osada's arguments, set on each.
const SETTLEMENT: &str = "The settlement, the teams and the coors";

/// `slashers`, `thieves` or `marauders` (servers C1, C2, C3).
fn profile(text: &str) -> Result<Profile, String> {
    match text {
        "slashers" => Ok(Profile::Slashers),
        "thieves" => Ok(Profile::Thieves),
        "marauders" => Ok(Profile::Marauders),
        _ => Err("expected slashers, thieves or marauders".into()),
    }
}

fn move_coords(text: &str) -> Result<MoveCoords, String> {
    match text {
        "absolute" => Ok(MoveCoords::Absolute),
        "relative" => Ok(MoveCoords::Relative),
        _ => Err("expected absolute or relative".into()),
    }
}

/// `A-B` or `A`: games a settlement is kept for.
fn games_range(text: &str) -> Result<(u32, u32), String> {
    let most = bounds::GAMES_PER_SETTLEMENT.max;
    let bad = || format!("expected A-B (games a settlement is kept for, 1 ≤ A ≤ B ≤ {most}) or one number");
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let within = |w: &str| bounds::GAMES_PER_SETTLEMENT.parse(w).map_err(|_| bad());
    let (low, high) = (within(low)?, within(high)?);
    if low > high { Err(bad()) } else { Ok((low, high)) }
}

/// The generator's size and the game's other parameters (docs/rules/osada.md).
#[derive(Args, Clone)]
pub struct OsadaParams {
    /// The settlement's side, N × N fields (64 to 512).
    #[arg(long, default_value_t = 100, value_parser = within(bounds::N), help_heading = SETTLEMENT)]
    pub n: u32,
    /// The coors' dominant strategy, as on the contest's servers C1, C2, C3.
    #[arg(long, default_value = "slashers", value_parser = profile, value_name = "slashers|thieves|marauders", help_heading = SETTLEMENT)]
    pub profile: Profile,
    /// Rounds in each game: the game's own length, which `TIME TO FIGHT` counts down to (or to
    /// --turns, when that ends the game sooner).
    #[arg(long, default_value_t = 300, value_parser = within(bounds::GAME_TURNS), help_heading = SETTLEMENT)]
    pub game_turns: u32,
    /// Stormtroopers in every team (1 to 25): they fight coors hand to hand.
    #[arg(long, default_value_t = 3, value_parser = within(bounds::STORMTROOPERS), help_heading = SETTLEMENT)]
    pub stormtroopers: u32,
    /// Builders in every team (1 to 25): they build traps and towers.
    #[arg(long, default_value_t = 3, value_parser = within(bounds::BUILDERS), help_heading = SETTLEMENT)]
    pub builders: u32,
    /// Snipers in every team (1 to 25): they shoot coors from afar.
    #[arg(long, default_value_t = 3, value_parser = within(bounds::SNIPERS), help_heading = SETTLEMENT)]
    pub snipers: u32,
    /// Games a settlement is kept for (`A-B`: drawn for each run), then the next game moves to
    /// another; `TIME TO FIGHT` says STAY or GO.
    #[arg(long, default_value = "1-3", value_parser = games_range, value_name = "A-B", help_heading = SETTLEMENT)]
    pub games_per_settlement: (u32, u32),
    /// How MOVE's numbers are read: the target's coordinates (the seed's example) or offsets.
    #[arg(long, default_value = "absolute", value_parser = move_coords, value_name = "absolute|relative", help_heading = SETTLEMENT)]
    pub move_coords: MoveCoords,
    /// Coors appearing in a round r: Poisson(BASE + GROWTH · r).
    #[arg(long, default_value_t = 0.3, value_parser = within(bounds::SPAWN_BASE), help_heading = SETTLEMENT)]
    pub spawn_base: f64,
    #[arg(long, default_value_t = 0.005, value_parser = within(bounds::SPAWN_GROWTH), help_heading = SETTLEMENT)]
    pub spawn_growth: f64,
    /// The dominant strategy's share of the newcomers (0.5 to 1).
    #[arg(long, default_value_t = 0.6, value_parser = within(bounds::DOMINANT_SHARE), help_heading = SETTLEMENT)]
    pub dominant_share: f64,
    /// The chance a roaming coor on the border leaves the board.
    #[arg(long, default_value_t = 0.02, value_parser = within(bounds::EXIT_CHANCE), help_heading = SETTLEMENT)]
    pub exit_chance: f64,
}

impl OsadaParams {
    fn params(&self) -> Params {
        Params {
            n: self.n,
            game_turns: self.game_turns,
            stormtroopers: self.stormtroopers,
            builders: self.builders,
            snipers: self.snipers,
            profile: self.profile,
            dominant_share: self.dominant_share,
            spawn_base: self.spawn_base,
            spawn_growth: self.spawn_growth,
            exit_chance: self.exit_chance,
            move_coords: self.move_coords,
            games_per_settlement: self.games_per_settlement,
            settlement: None,
            run: None,
        }
    }
}

/// The settlement (generated, or a file's) and the game's parameters.
#[derive(Args)]
pub struct OsadaArgs {
    #[command(flatten)]
    pub generated: OsadaParams,
    /// Play every game on this settlement file (`kibitz settlement` writes them).
    #[arg(long, help_heading = SETTLEMENT)]
    pub settlement: Option<PathBuf>,
}

impl GameArgs for OsadaArgs {
    type Rules = OsadaRules;
    const OPPONENT: &'static str = "kibitz bot osada defender";

    fn params(&self) -> anyhow::Result<Params> {
        let mut params = self.generated.params();
        if let Some(path) = &self.settlement {
            let settlement = load(path, Settlement::parse)?;
            params.n = settlement.n;
            params.settlement = Some(Arc::new(settlement));
        }
        params.check().map_err(anyhow::Error::msg)?;
        Ok(params)
    }

    fn summary(&self) -> String {
        match &self.settlement {
            Some(path) => format!("on {}", crate::kit::matches::args::file_name(path)),
            None => format!("on a {} × {} settlement", self.generated.n, self.generated.n),
        }
    }
}

/// Osada settlement files: the board's fields and its masts as text (docs/rules/osada.md).
#[derive(Parser)]
#[command(name = "settlement")]
pub struct SettlementToolArgs {
    #[command(subcommand)]
    pub command: SettlementCommand,
}

#[derive(Subcommand)]
pub enum SettlementCommand {
    /// Write the settlement a seed makes: N × N fields and a mast for each team.
    #[command(after_help = "Example: kibitz settlement generate --n 128 --teams 4 --seed 3 --out maps/osada/mine.txt")]
    Generate {
        /// The side, 64 to 512.
        #[arg(long, default_value_t = 100, value_parser = within(bounds::N))]
        n: u32,
        /// Masts to place, one a team.
        #[arg(long, default_value_t = 2, value_parser = at_least_one::<usize>)]
        teams: usize,
        /// The same seed always gives the same settlement.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the settlement a replay was played on.
    #[command(after_help = "Example: kibitz settlement from game.jsonl --out played.txt")]
    From {
        replay: PathBuf,
        /// Write here instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check a settlement file; the first fault is named with its line and column (exit 2).
    Check { file: PathBuf },
}

pub fn settlement(args: SettlementToolArgs) -> anyhow::Result<ExitCode> {
    let (settlement, out) = match args.command {
        SettlementCommand::Generate { n, teams, seed, out } => (generate::settlement(n, teams, seed).map_err(anyhow::Error::msg)?, out),
        SettlementCommand::From { replay, out } => {
            let loaded = load(&replay, Replay::<Osada>::parse)?;
            let header = &loaded.replay.header;
            let state =
                Osada::start(&header.setup, header.players.len(), header.seed).map_err(|e| anyhow::anyhow!("{}: {e}", replay.display()))?;
            (Settlement::clone(&state.game.land.settlement), out)
        }
        SettlementCommand::Check { file } => {
            let settlement = load(&file, Settlement::parse)?;
            crate::outln!("{}: a valid settlement; {}", file.display(), describe(&settlement))?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    write(&settlement, out.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// What a settlement holds, in a line.
fn describe(s: &Settlement) -> String {
    let share = |t| 100.0 * s.terrain.iter().filter(|&&u| u == t).count() as f64 / s.terrain.len() as f64;
    use kibitz_osada::settlement::Terrain;
    format!("{} × {}, {:.0} % blocked, {:.0} % soggy, {} mast(s)", s.n, s.n, share(Terrain::Blocked), share(Terrain::Soggy), s.masts.len())
}

fn write(s: &Settlement, out: Option<&Path>) -> anyhow::Result<()> {
    let text = s.to_text();
    match out {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            eprintln!("{}: {}", path.display(), describe(s));
        }
        None => crate::out!("{text}")?,
    }
    Ok(())
}
