//! The verbs that open a window: `view`, `play`, `edit`, `broadcast`, `export`, `match GAME
//! --watch`, and `kibitz` alone (the bundled demo). The command line lists them; the window's
//! library runs them. The `kibitz` binary never links the window (Bevy, the renderer, egui's
//! window side): it loads the library, `libkibitz.so` beside it, only for a command line that
//! asks for a window, so that every headless verb starts as a small program.

use super::{EXIT_BAD_INPUT, named_verb, virtual_display};
use crate::kit::contract::room::Registry;
use clap::ArgMatches;
use std::ffi::OsString;
use std::process::ExitCode;

/// The window's verbs and their one-line help, as `kibitz --help` lists them.
pub const VERBS: [(&str, &str); 5] = [
    ("view", "Open the viewer on a replay (without a file: the bundled demo)"),
    ("broadcast", "Play a playlist of replays and live matches in a clean layout for streaming"),
    ("export", "Write a turn range of a replay as an animated GIF and/or PNG frames"),
    ("play", "Play by hand against bot processes (or continue a replay by hand), recorded as a replay"),
    ("edit", "The map editor: a game's map drawn as in a replay, painted with the mouse, checked as you edit, saved byte for byte"),
];

/// What the command line asks of the window.
pub trait Window {
    /// The whole command line, run at once where it asks for a window and the window is
    /// elsewhere ([`Library`]); `None` lets the command line parse it.
    fn take(&self, _args: &[OsString]) -> Option<ExitCode> {
        None
    }
    /// The window's verbs as the command line parses them.
    fn commands(&self, registry: &Registry) -> Vec<clap::Command>;
    /// Runs a window verb with its arguments: `None` for `kibitz` alone, `("match", game)` for a
    /// match watched (`game`: the game's own name and arguments).
    fn run(&self, verb: Option<(&str, &ArgMatches)>, verbose: bool) -> anyhow::Result<ExitCode>;
}

/// Whether a command line asks for a window: a window verb (or its help), `match … --watch`,
/// or no verb at all (the demo), unless it only asks for help or the version.
pub fn asks_for_window(args: &[OsString]) -> bool {
    let has = |flag: &str| args.iter().skip(1).any(|a| a == flag);
    match named_verb(args) {
        Some(verb) => VERBS.iter().any(|(v, _)| *v == verb) || (verb == "match" && has("--watch")),
        None => !(has("-h") || has("--help") || has("-V") || has("--version")),
    }
}

/// The window of the `kibitz` binary: its library, loaded for a command line that asks for a
/// window, which then runs that whole command line.
pub struct Library;

/// The library's entry: runs the process's command line, returns its exit code.
const ENTRY: &std::ffi::CStr = c"kibitz_window_main";

/// Where the library is found: `KIBITZ_WINDOW_LIBRARY`, else beside the binary (cargo puts it
/// there), else in the `deps` folder beside it (a test's binary).
fn library_paths() -> Vec<std::path::PathBuf> {
    if let Some(path) = std::env::var_os("KIBITZ_WINDOW_LIBRARY") {
        return vec![path.into()];
    }
    let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|d| d.to_path_buf())) else { return Vec::new() };
    vec![dir.join("libkibitz.so"), dir.join("deps").join("libkibitz.so")]
}

impl Library {
    fn load_and_run() -> Result<i32, String> {
        let paths = library_paths();
        let path = paths.iter().find(|p| p.is_file()).ok_or_else(|| {
            let looked: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            format!(
                "this command opens a window, whose library is not here (looked for {}): build it with `cargo build`, \
                 or name it in KIBITZ_WINDOW_LIBRARY",
                looked.join(", ")
            )
        })?;
        let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).map_err(|e| e.to_string())?;
        // SAFETY: dlopen is given a NUL-terminated path; the library is ours, built with this
        // binary, and its initialisers are Rust's and Bevy's own. It is never closed.
        let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(format!("cannot load the window's library {}: {}", path.display(), dl_error()));
        }
        // SAFETY: a symbol looked up by its NUL-terminated name in the handle just opened.
        let entry = unsafe { libc::dlsym(handle, ENTRY.as_ptr()) };
        if entry.is_null() {
            return Err(format!("{} has no {ENTRY:?}: is it Kibitz's window library?", path.display()));
        }
        // SAFETY: the symbol is the library's `extern "C" fn() -> i32` of that name (src/lib.rs),
        // which catches its own panics.
        let entry: extern "C" fn() -> i32 = unsafe { std::mem::transmute(entry) };
        Ok(entry())
    }
}

/// dlerror's message, or a placeholder.
fn dl_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated string valid until the next dl call.
    let message = unsafe { libc::dlerror() };
    if message.is_null() { "unknown error".into() } else { unsafe { std::ffi::CStr::from_ptr(message) }.to_string_lossy().into_owned() }
}

impl Window for Library {
    fn take(&self, args: &[OsString]) -> Option<ExitCode> {
        if !asks_for_window(args) {
            return None;
        }
        // A picture made where there is no display: on a virtual one of our own, ended after.
        let mut display = None;
        if !virtual_display::has_display() && virtual_display::makes_pictures(args) {
            // SAFETY: the binary's main thread, before the window's library or any thread runs.
            match unsafe { virtual_display::VirtualDisplay::start(args) } {
                Ok(started) => display = Some(started),
                Err(e) => {
                    eprintln!("kibitz: {e}");
                    return Some(ExitCode::from(EXIT_BAD_INPUT));
                }
            }
        }
        let code = Self::load_and_run();
        drop(display);
        Some(match code {
            Ok(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            Err(e) => {
                eprintln!("kibitz: {e}");
                ExitCode::from(EXIT_BAD_INPUT)
            }
        })
    }

    /// Each verb with its help line, taking whatever follows it: the library reads it.
    fn commands(&self, _registry: &Registry) -> Vec<clap::Command> {
        VERBS
            .iter()
            .map(|(name, about)| {
                clap::Command::new(*name).about(*about).disable_help_flag(true).arg(
                    clap::Arg::new("rest")
                        .num_args(0..)
                        .trailing_var_arg(true)
                        .allow_hyphen_values(true)
                        .value_parser(clap::value_parser!(OsString)),
                )
            })
            .collect()
    }

    fn run(&self, _verb: Option<(&str, &ArgMatches)>, _verbose: bool) -> anyhow::Result<ExitCode> {
        // `take` has run every command line that asks for a window.
        anyhow::bail!("this command opens a window: run it through the window's library")
    }
}
