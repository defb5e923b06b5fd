//! The window's verbs: `view`, `play`, `edit`, `broadcast`, `export`, `match GAME --watch` and
//! `kibitz` alone. The command line (`kibitz_cli::cli`) lists and parses them through
//! [`Shell`], this library's [`Window`], and hands them here.

mod broadcast;
mod edit;
mod export;
mod play;
mod view;
mod watch;

use crate::kit::contract::view::keys_help;
use crate::kit::contract::view_room::ViewRegistry;
use clap::{ArgMatches, Args, FromArgMatches};
use kibitz_cli::cli::ForGame;
use kibitz_cli::cli::window::{VERBS, Window};
use kibitz_cli::kit::contract::room::Registry;
use std::process::ExitCode;

pub use broadcast::parse_size;

/// The window as the command line sees it: the games' view rooms beside their rooms.
pub struct Shell(pub ViewRegistry);

/// A window verb's command with arguments `A`, its help line from the one list ([`VERBS`]),
/// set last (a flattened part's doc comment would set it otherwise).
fn verb<A: Args>(name: &'static str) -> clap::Command {
    let about = VERBS.iter().find(|(v, _)| *v == name).map_or("", |(_, about)| about);
    A::augment_args(clap::Command::new(name)).about(about)
}

/// A game's `play` command with its hand-play keys in its help, before what the game adds
/// there (examples).
fn with_hand_keys(command: clap::Command, keys: &[(&str, &str)]) -> clap::Command {
    if keys.is_empty() {
        return command;
    }
    let after = command.get_after_help().map(|h| format!("\n{h}")).unwrap_or_default();
    command.after_help(format!("{}{after}", keys_help(keys)))
}

impl Window for Shell {
    fn commands(&self, _registry: &Registry) -> Vec<clap::Command> {
        let games: Vec<clap::Command> =
            self.0.views().iter().filter_map(|v| v.play().map(|p| with_hand_keys(p.verb.command, p.keys))).collect();
        vec![
            verb::<view::ViewArgs>("view"),
            verb::<broadcast::BroadcastArgs>("broadcast"),
            verb::<export::ExportArgs>("export"),
            verb::<ForGame>("play").subcommands(games),
            verb::<edit::EditArgs>("edit"),
        ]
    }

    fn run(&self, asked: Option<(&str, &ArgMatches)>, verbose: bool) -> anyhow::Result<ExitCode> {
        let views = &self.0;
        match asked {
            None => crate::shell::run(views.clone(), crate::shell::ViewerOptions { verbose, ..Default::default() }),
            Some(("view", m)) => view::run(views, view::ViewArgs::from_arg_matches(m)?, verbose),
            Some(("broadcast", m)) => broadcast::run(views, broadcast::BroadcastArgs::from_arg_matches(m)?, verbose),
            Some(("export", m)) => export::run(views, export::ExportArgs::from_arg_matches(m)?, verbose),
            Some(("edit", m)) => edit::run(views, edit::EditArgs::from_arg_matches(m)?, verbose),
            Some(("match", m)) => watch::run(views, ForGame::from_arg_matches(m)?, verbose),
            Some(("play", m)) => {
                let g = ForGame::from_arg_matches(m)?;
                let room = views.get(&g.game).map_err(anyhow::Error::msg)?;
                let play = room.play().ok_or_else(|| anyhow::anyhow!("{} does not offer this command", g.game))?;
                play::run(views, play.verb.run(&g.args)?, verbose)
            }
            Some((other, _)) => anyhow::bail!("{other} is not a window verb"),
        }
    }
}

/// The whole program in this library: the command line with the window's verbs run here.
pub fn main_with(views: ViewRegistry, args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    kibitz_cli::cli::main_with(views.registry.clone(), args, &Shell(views))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text with every run of white space as one space (help may be wrapped).
    fn squash(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The whole command line as the window's library parses it.
    fn command() -> clap::Command {
        let views = crate::games::registry();
        kibitz_cli::cli::command(&views.registry, &Shell(views.clone()))
    }

    #[test]
    fn every_games_hand_keys_are_in_its_play_help_and_in_the_docs() {
        let views = crate::games::registry();
        let docs = squash(include_str!("../../docs/cli.md"));
        let mut cmd = command();
        let play = cmd.find_subcommand_mut("play").expect("a play verb");
        for view in views.views().iter().filter(|v| v.play().is_some()) {
            let keys = view.play().map_or(&[][..], |p| p.keys);
            assert!(!keys.is_empty(), "{} is played by hand with no keys listed", view.id());
            let help = squash(&play.find_subcommand_mut(view.id()).expect("the game's play").render_long_help().to_string());
            for (k, what) in keys {
                let row = squash(&format!("{k} {what}"));
                assert!(help.contains(&row), "`play {} --help` lacks {row:?}:\n{help}", view.id());
                assert!(docs.contains(&squash(&format!("| `{k}` | {what} |"))), "docs/cli.md lacks {}'s row {row:?}", view.id());
            }
        }
    }

    #[test]
    fn play_snakecore_help_names_the_keys_the_window_reads() {
        let mut cmd = command();
        let help = cmd.find_subcommand_mut("play").unwrap().find_subcommand_mut("snakecore").unwrap().render_long_help().to_string();
        assert!(help.contains("Up / U") && help.contains("A ") && help.contains("pass"), "{help}");
        assert!(!help.contains("W A S D") && !help.contains("Space"), "no keys the window does not read: {help}");
    }
}
