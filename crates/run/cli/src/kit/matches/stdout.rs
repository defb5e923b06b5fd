//! What the verbs print on stdout. A reader that goes away (`kibitz … | head -5`) ends the verb
//! quietly, as it ends a Unix tool: the write answers [`Closed`], which `?` carries up and the
//! command line takes as a quiet, successful end. SIGPIPE stays ignored for the whole process
//! (the referee writes to bots' pipes, and a bot that dies must never end its match), so a
//! closed stdout reaches us as an error of the write, never as a signal; `println!` would panic
//! on it, which is why the verbs print with [`outln!`](crate::outln) and [`out!`](crate::out).

use std::io::Write;

/// Stdout's reader went away: the verb ends here, quietly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closed;

impl std::fmt::Display for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stdout was closed by its reader")
    }
}

impl std::error::Error for Closed {}

/// Writes `text` to stdout and flushes it, so that a closed pipe shows here: [`Closed`]; any
/// other failure (a full disk) is an error that says so.
pub fn write(text: std::fmt::Arguments) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_fmt(text).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Closed.into()),
        Err(e) => Err(anyhow::anyhow!("cannot write to stdout: {e}")),
    }
}

/// Whether `error` is stdout's reader gone (anywhere in its chain of causes).
pub fn is_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|e| e.is::<Closed>())
}

/// `println!` for the verbs: `anyhow::Result<()>`, [`Closed`] when stdout's reader went away.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::kit::matches::stdout::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::kit::matches::stdout::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the verbs, as [`outln!`](crate::outln).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::kit::matches::stdout::write(format_args!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    /// Every verb prints through this module: `println!` panics on a closed stdout.
    #[test]
    fn no_verb_prints_with_println() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut found = Vec::new();
        let mut folders = vec![root.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("kit/matches/stdout.rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (k, line) in text.lines().enumerate() {
                        let code = line.split("//").next().unwrap_or("");
                        if code.contains("println!(") && !code.contains("eprintln!(") || code.contains(" print!(") {
                            found.push(format!("{}:{}: {}", path.display(), k + 1, line.trim()));
                        }
                    }
                }
            }
        }
        assert!(found.is_empty(), "print with crate::outln! / crate::out!, which end quietly on a closed stdout:\n{}", found.join("\n"));
    }
}
