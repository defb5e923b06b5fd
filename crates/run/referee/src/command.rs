//! How every bot, solver and client is started, in one place: `sh -c COMMAND` in a process
//! group of its own, Kibitz's own name standing for the program that runs the match, and what
//! the shell's exit status says about a command it could not run.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The name of our own program in a command (`kibitz bot lighthouses greedy`).
const KIBITZ: &str = "kibitz";

/// `sh -c command` in a process group of its own, so that ending it ends whatever it started.
/// A command whose program is Kibitz runs this very program ([`with_this_kibitz`]).
pub fn shell(command: &str) -> Command {
    let command = match std::env::current_exe() {
        Ok(this) => with_this_kibitz(command, &this),
        Err(_) => command.to_string(),
    };
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command).process_group(0);
    sh
}

/// `command` with its first word replaced by `this` when that word is Kibitz: a bare `kibitz`
/// (which `cargo run` does not put on `PATH`) or a path to a file of that name (a replay
/// recorded on another machine names that machine's). Our own bots and solver then run with
/// the program running the match; every other command is left as it is.
pub fn with_this_kibitz(command: &str, this: &Path) -> String {
    let (program, rest) = first_word(command);
    let alone = rest.is_empty() || rest.starts_with(char::is_whitespace);
    if alone && Path::new(program).file_name().is_some_and(|name| name == KIBITZ) {
        format!("{}{rest}", shell_quote(&this.to_string_lossy()))
    } else {
        command.to_string()
    }
}

/// Why `command` did not run, when its shell ended with the status that says so (POSIX `sh`:
/// 127, the program was not found; 126, it was found but cannot be executed) and its program
/// is indeed missing, or not executable: "command not found: WORD" instead of a bare status. A
/// status that came from further in (`sh bot.sh`, whose script ran a missing program) is left
/// to be said as a status. Ask only about a command that never answered: one that played and
/// then ended so is better described by its status.
pub fn not_run(command: &str, code: Option<i32>) -> Option<String> {
    let program = program_word(command);
    match (code?, found(program)) {
        (127, None) => Some(format!("command not found: {program}")),
        (126, Some(file)) if !is_executable(&file) => Some(format!("not executable: {program}")),
        _ => None,
    }
}

/// The program of `command` when `sh` could not run it: neither an executable file (a path) nor
/// a name on `PATH`. Kibitz itself is always found: a match runs its own program for it
/// ([`with_this_kibitz`]). Checked before a tournament starts any match.
pub fn missing_program(command: &str) -> Option<&str> {
    let program = program_word(command);
    if Path::new(program).file_name().is_some_and(|name| name == KIBITZ) {
        return None;
    }
    match found(program) {
        Some(file) if is_executable(&file) => None,
        _ => Some(program),
    }
}

/// The file the shell runs for `program`: the path itself when it has a slash, else the first
/// file of that name in a folder of `PATH`.
fn found(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return Path::new(program).exists().then(|| PathBuf::from(program));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|folder| folder.join(program)).find(|file| file.is_file())
}

fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The program a command runs, as its user wrote it: its first word after any `NAME=value`
/// settings, unquoted.
pub fn program_word(command: &str) -> &str {
    let mut rest = command;
    loop {
        let (word, after) = first_word(rest);
        let setting =
            word.split_once('=').is_some_and(|(name, _)| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        if !setting || after.trim().is_empty() {
            return word;
        }
        rest = after;
    }
}

/// A command's first word (without the single quotes around it, if it has them) and the text
/// after it.
fn first_word(command: &str) -> (&str, &str) {
    let text = command.trim_start();
    if let Some(quoted) = text.strip_prefix('\'')
        && let Some(close) = quoted.find('\'')
    {
        return (&quoted[..close], &quoted[close + 1..]);
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    (&text[..end], &text[end..])
}

/// Quotes a word for `sh`.
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,+".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kibitz_commands_run_this_program_and_others_are_left_alone() {
        let this = Path::new("/here/target/debug/kibitz");
        let mine = |command: &str| with_this_kibitz(command, this);
        assert_eq!(mine("kibitz bot lighthouses greedy"), "/here/target/debug/kibitz bot lighthouses greedy");
        assert_eq!(
            mine("'/elsewhere/target/release/kibitz' bot amazes explorer --seed 3"),
            "/here/target/debug/kibitz bot amazes explorer --seed 3"
        );
        assert_eq!(mine("target/release/kibitz solve icfp2015 -f p.json"), "/here/target/debug/kibitz solve icfp2015 -f p.json");
        assert_eq!(mine("  kibitz"), "/here/target/debug/kibitz");
        assert_eq!(with_this_kibitz("kibitz bot x", Path::new("/my dir/kibitz")), "'/my dir/kibitz' bot x");
        for other in ["python3 kibitz bot", "./mybot --fast", "kibitzer bot", "'kibitz'x bot", "KIBITZ=1 kibitz bot"] {
            assert_eq!(mine(other), other);
        }
    }

    #[test]
    fn a_program_sh_cannot_find_is_named_before_anything_runs() {
        assert_eq!(missing_program("nosuchbot-xyz --fast"), Some("nosuchbot-xyz"));
        assert_eq!(missing_program("A=1 './no such bot' 3"), Some("./no such bot"));
        assert_eq!(missing_program("/dev/null"), Some("/dev/null"), "a file that cannot be run");
        for found in ["sh -c 'exit 0'", "python3 bot.py", "/bin/sh", "kibitz bot lighthouses greedy", "/nowhere/kibitz bot x"] {
            assert_eq!(missing_program(found), None, "{found}");
        }
    }

    #[test]
    fn a_command_the_shell_could_not_run_is_named_by_its_program() {
        assert_eq!(not_run("nosuchbot-xyz --fast", Some(127)).as_deref(), Some("command not found: nosuchbot-xyz"));
        assert_eq!(not_run("A=1 B_2=x './no such bot' 3", Some(127)).as_deref(), Some("command not found: ./no such bot"));
        assert_eq!(not_run("/dev/null", Some(126)).as_deref(), Some("not executable: /dev/null"));
        // The program is there: the status came from something it ran.
        assert_eq!(not_run("sh bot.sh", Some(127)), None);
        assert_eq!(not_run("sh bot.sh", Some(126)), None);
        assert_eq!(not_run("nosuchbot-xyz", Some(1)), None);
        assert_eq!(not_run("nosuchbot-xyz", None), None, "killed by a signal");
    }
}
