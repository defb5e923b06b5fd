//! `kibitz`: the one binary. Headless subcommands (match, verify, bot) never open a window.

mod cli;
mod games;
mod viewer;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kibitz: {e:#}");
            ExitCode::from(cli::EXIT_BAD_INPUT)
        }
    }
}
