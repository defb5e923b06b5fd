//! `kibitz teams generate N [--prefix team] --out teams.ron`: a teams file for `kibitz serve`,
//! its passwords from the operating system's random generator, and the table to hand out.

use clap::{Args, Subcommand};
use kibitz_deadline24_server::TeamLogin;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct TeamsArgs {
    #[command(subcommand)]
    pub command: TeamsCommand,
}

#[derive(Subcommand)]
pub enum TeamsCommand {
    /// Write a teams file of N teams, PREFIX1 … PREFIXN, with random passwords, and print them
    /// as a table to hand out.
    Generate {
        /// How many teams.
        #[arg(value_parser = crate::kit::matches::args::at_least_one::<usize>)]
        count: usize,
        /// The logins' beginning.
        #[arg(long, default_value = "team")]
        prefix: String,
        /// The teams file to write (RON), for `kibitz serve --teams` and a contest's `teams`.
        #[arg(long)]
        out: PathBuf,
        /// Write over a teams file that is there (its passwords may have been handed out).
        #[arg(long)]
        force: bool,
    },
}

/// The passwords' letters: no 0, o, 1, l or i, which read alike on paper.
const LETTERS: &[u8; 32] = b"abcdefghjkmnpqrstuvwxyz23456789A";
/// 12 characters of 32 (letters and digits): 60 bits.
const LENGTH: usize = 12;

pub fn run(args: TeamsArgs) -> anyhow::Result<ExitCode> {
    let TeamsCommand::Generate { count, prefix, out, force } = args.command;
    anyhow::ensure!(
        !prefix.is_empty() && prefix.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
        "--prefix {prefix:?}: letters, digits and -_. only (a login is one word)"
    );
    anyhow::ensure!(
        force || !out.exists(),
        "{} is there already (its passwords may have been handed out): --force writes over it",
        out.display()
    );
    let mut random = std::fs::File::open("/dev/urandom").map_err(|e| anyhow::anyhow!("the system's random generator: {e}"))?;
    let teams: Vec<TeamLogin> = (1..=count)
        .map(|k| {
            let mut bytes = [0u8; LENGTH];
            random.read_exact(&mut bytes)?;
            let password = bytes.iter().map(|b| LETTERS[(*b & 31) as usize] as char).collect();
            Ok(TeamLogin { login: format!("{prefix}{k}"), password })
        })
        .collect::<std::io::Result<_>>()?;
    let text = ron::ser::to_string_pretty(&teams, ron::ser::PrettyConfig::default())?;
    std::fs::write(&out, text + "\n").map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    let width = teams.iter().map(|t| t.login.len()).max().unwrap_or(5).max(5);
    crate::outln!("{:<width$}  password", "login")?;
    for t in &teams {
        crate::outln!("{:<width$}  {}", t.login, t.password)?;
    }
    eprintln!("{count} teams in {}", out.display());
    Ok(ExitCode::SUCCESS)
}
