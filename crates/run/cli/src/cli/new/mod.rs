//! `kibitz new GAME --lang python|cpp DIR`: a starter bot for a game, as `cargo new` makes a
//! crate: a short bot that speaks the game's own protocol and draws its intent (`#kibitz`
//! lines), a README saying how to play it against our bots and watch the replay, and for C++ a
//! Makefile. The kits' files are each game's own (`games/NAME/starter/`, [`Starter`]).

use super::EXIT_BAD_INPUT;
use crate::kit::contract::room::{Registry, Starter};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The C++ kit's Makefile, the same for every game.
const MAKEFILE: &str = include_str!("Makefile");

#[derive(Args)]
#[command(after_help = "Examples:\n  kibitz new --list\n  kibitz new lighthouses --lang python mybot\n  \
                        kibitz new osada --lang cpp osada-bot\n\nThen follow DIR/README.md: one line plays your bot against ours.")]
pub struct NewArgs {
    /// The game (`--list` names them).
    #[arg(required_unless_present = "list")]
    pub game: Option<String>,
    /// The folder to write (made; it must be new or empty).
    #[arg(required_unless_present = "list")]
    pub dir: Option<PathBuf>,
    /// The starter's language.
    #[arg(long, value_enum, default_value_t = Lang::Python)]
    pub lang: Lang,
    /// Name the games and the languages, and exit.
    #[arg(long, conflicts_with_all = ["game", "dir"])]
    pub list: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    Python,
    Cpp,
}

impl Lang {
    fn name(self) -> &'static str {
        match self {
            Lang::Python => "Python",
            Lang::Cpp => "C++",
        }
    }
}

pub fn run(registry: &Registry, args: NewArgs) -> anyhow::Result<ExitCode> {
    let kits: Vec<(&str, Starter)> = registry.rooms().iter().filter_map(|r| Some((r.id(), r.capabilities().starter?))).collect();
    if args.list {
        for (game, _) in &kits {
            crate::outln!("{game:<12} python, cpp")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(game), Some(dir)) = (args.game, args.dir) else { anyhow::bail!("name a game and a folder (kibitz new --list)") };
    let Some((_, starter)) = kits.iter().find(|(id, _)| *id == game) else {
        let games: Vec<&str> = kits.iter().map(|(id, _)| *id).collect();
        return refuse(&format!("{game:?}: no starter for that game; the games are {}", games.join(", ")));
    };
    if let Some(why) = not_empty(&dir) {
        return refuse(&why);
    }
    if args.lang == Lang::Cpp
        && let Some(missing) = ["g++", "make"].into_iter().find(|p| kibitz_referee::command::found(p).is_none())
    {
        return refuse(&format!(
            "the C++ starter builds with g++ and make, and {missing} is not on PATH: install them (Debian and Ubuntu: apt-get install g++ make)"
        ));
    }
    let files = kit(starter, args.lang);
    std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("cannot make {}: {e}", dir.display()))?;
    for (name, text) in &files {
        let path = dir.join(name);
        // `create_new`: a file that appeared meanwhile is never overwritten.
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()));
        written.map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    crate::outln!("wrote a {} starter for {game} into {}: {}", args.lang.name(), dir.display(), names.join(", "))?;
    crate::outln!("next: cd {} and follow README.md (one line plays your bot against ours)", dir.display())?;
    Ok(ExitCode::SUCCESS)
}

/// The kit's files for `lang`: its README with the language's words put in, the bot, and for
/// C++ the Makefile.
pub fn kit(starter: &Starter, lang: Lang) -> Vec<(&'static str, String)> {
    let (file, bot, build, source) = match lang {
        Lang::Python => ("bot.py", "python3 bot.py", None, starter.python),
        Lang::Cpp => ("bot.cpp", "./bot", Some("make"), starter.cpp),
    };
    let readme: Vec<String> = starter
        .readme
        .lines()
        .filter_map(|line| match line.trim() {
            "{{BUILD}}" => build.map(str::to_string),
            _ => Some(line.replace("{{LANG}}", lang.name()).replace("{{FILE}}", file).replace("{{BOT}}", bot)),
        })
        .collect();
    let mut files = vec![("README.md", readme.join("\n") + "\n"), (file, source.to_string())];
    if lang == Lang::Cpp {
        files.push(("Makefile", MAKEFILE.to_string()));
    }
    files
}

/// Why `dir` cannot take a kit: it is a file, or a folder that holds something.
fn not_empty(dir: &Path) -> Option<String> {
    if dir.exists() && !dir.is_dir() {
        return Some(format!("{} is a file: name a new folder", dir.display()));
    }
    let holds = std::fs::read_dir(dir).ok()?.next().is_some();
    holds.then(|| format!("{} holds files: name a new or empty folder (nothing was written)", dir.display()))
}

fn refuse(why: &str) -> anyhow::Result<ExitCode> {
    eprintln!("kibitz: {why}");
    Ok(ExitCode::from(EXIT_BAD_INPUT))
}

#[cfg(test)]
mod tests {
    use super::*;

    const STARTER: Starter = Starter {
        readme: "# A {{LANG}} bot\n\nEdit {{FILE}}.\n\n```sh\n{{BUILD}}\nkibitz match g -- '{{BOT}}' 'kibitz bot g x'\n```\n",
        python: "print('py')\n",
        cpp: "int main() {}\n",
    };

    #[test]
    fn a_kit_puts_the_languages_words_into_its_readme() {
        let python = kit(&STARTER, Lang::Python);
        assert_eq!(python.iter().map(|(n, _)| *n).collect::<Vec<_>>(), ["README.md", "bot.py"]);
        assert_eq!(python[0].1, "# A Python bot\n\nEdit bot.py.\n\n```sh\nkibitz match g -- 'python3 bot.py' 'kibitz bot g x'\n```\n");
        let cpp = kit(&STARTER, Lang::Cpp);
        assert_eq!(cpp.iter().map(|(n, _)| *n).collect::<Vec<_>>(), ["README.md", "bot.cpp", "Makefile"]);
        assert!(cpp[0].1.contains("```sh\nmake\nkibitz match g -- './bot'"), "{}", cpp[0].1);
    }

    #[test]
    fn a_folder_that_holds_files_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(not_empty(&dir.path().join("new")), None);
        assert_eq!(not_empty(dir.path()), None, "empty");
        std::fs::write(dir.path().join("mine.txt"), "x").unwrap();
        assert!(not_empty(dir.path()).unwrap().contains("holds files"));
        assert!(not_empty(&dir.path().join("mine.txt")).unwrap().contains("is a file"));
    }
}
