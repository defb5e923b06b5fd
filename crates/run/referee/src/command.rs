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

/// The versions the caller gave this process's seats (`kibitz match --versions`, as a
/// tournament whose spec names versions writes its lines), by seat: set once, before a match.
static DECLARED: std::sync::OnceLock<Vec<Option<String>>> = std::sync::OnceLock::new();

/// Declares the seats' versions for every replay this process writes; `-` leaves a seat's to
/// [`version_of`].
pub fn declare_versions(versions: &[String]) {
    let _ = DECLARED.set(versions.iter().map(|v| (v != "-").then(|| v.clone())).collect());
}

/// Seat `seat`'s version for the replay's header: as declared, else worked out from its command.
pub fn version_for(seat: usize, command: Option<&str>) -> Option<String> {
    DECLARED.get().and_then(|declared| declared.get(seat).cloned().flatten()).or_else(|| command.and_then(version_of))
}

/// Which version of a bot `command` runs, for the replay's header: `git:` and `git describe
/// --always --dirty` of the work tree its file is in, else `file:` and a hash of that file (of
/// its size and its first and last 8 MB when it is bigger: a build's header and its end); `None`
/// when no file is found to read. Its file is the first later word that names a file (a
/// script: `python3 bot.py`), else its program (this very program for `kibitz`).
pub fn version_of(command: &str) -> Option<String> {
    let file = bot_file(command)?;
    let folder = file.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let described = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["describe", "--always", "--dirty", "--abbrev=12"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|d| !d.is_empty());
    match described {
        Some(describe) => Some(format!("git:{describe}")),
        None => file_hash(&file).map(|h| format!("file:{h:016x}")),
    }
}

/// The file a bot command runs: a later word naming a file, else its program's file.
fn bot_file(command: &str) -> Option<PathBuf> {
    let program = program_word(command);
    let (mut rest, mut past_program) = (command, false);
    for _ in 0..12 {
        let (word, after) = first_word(rest);
        if word.is_empty() {
            break;
        }
        rest = after;
        if !past_program {
            past_program = word == program;
        } else if !word.starts_with('-') && Path::new(word).is_file() {
            return Some(PathBuf::from(word));
        }
    }
    if Path::new(program).file_name().is_some_and(|name| name == KIBITZ) {
        return std::env::current_exe().ok();
    }
    found(program).filter(|f| f.is_file())
}

/// A hash of a file: all of it up to 16 MB, else its size and its first and last 8 MB.
fn file_hash(file: &Path) -> Option<u64> {
    use std::hash::Hasher;
    use std::io::{Read, Seek, SeekFrom};
    const PART: u64 = 8 << 20;
    let mut f = std::fs::File::open(file).ok()?;
    let size = f.metadata().ok()?.len();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    hasher.write_u64(size);
    let mut buffer = Vec::new();
    if size <= 2 * PART {
        f.read_to_end(&mut buffer).ok()?;
        hasher.write(&buffer);
    } else {
        (&mut f).take(PART).read_to_end(&mut buffer).ok()?;
        f.seek(SeekFrom::End(-(PART as i64))).ok()?;
        f.read_to_end(&mut buffer).ok()?;
        hasher.write(&buffer);
    }
    Some(hasher.finish())
}

/// The file the shell runs for `program`: the path itself when it has a slash, else the first
/// file of that name in a folder of `PATH` (also how a verb asks whether a tool it needs, g++
/// or ffmpeg, is installed).
pub fn found(program: &str) -> Option<PathBuf> {
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
    fn a_bots_version_is_its_git_work_trees_or_its_files_hash() {
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("bot.py");
        std::fs::write(&bot, "print('hello')\n").unwrap();
        let command = format!("python3 {}", bot.display());
        let first = version_of(&command).expect("a file to read");
        assert!(first.starts_with("file:"), "{first}");
        assert_eq!(version_of(&command), Some(first.clone()), "the same file, the same version");
        std::fs::write(&bot, "print('hello again')\n").unwrap();
        assert_ne!(version_of(&command), Some(first), "changed, another version");
        // In a git work tree: its description, dirty once the file changes.
        let git =
            |args: &[&str]| Command::new("git").arg("-C").arg(dir.path()).args(args).output().map(|o| o.status.success()).unwrap_or(false);
        if git(&["init", "-q"]) && git(&["add", "bot.py"]) && git(&["-c", "user.name=k", "-c", "user.email=k@k", "commit", "-qm", "bot"]) {
            let clean = version_of(&command).unwrap();
            assert!(clean.starts_with("git:") && !clean.ends_with("-dirty"), "{clean}");
            std::fs::write(&bot, "print('changed')\n").unwrap();
            assert!(version_of(&command).unwrap().ends_with("-dirty"));
        }
        assert_eq!(version_of("no-such-program-anywhere --fast"), None, "nothing to read");
        assert!(version_of("kibitz bot lighthouses greedy").is_some(), "Kibitz is this program");
    }

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
