//! A virtual display for a window that makes pictures on a machine without one: a broadcast
//! recorded or streamed from a server (`--record`, `--stream`), `kibitz export`, `--screenshot`.
//! Kibitz starts Xvfb itself, so an organiser's evening needs no desktop and no `xvfb-run`.

use std::ffi::OsString;
use std::io::BufRead;
use std::process::{Child, Command, Stdio};

/// The smallest screen made: a 1080p broadcast fits.
const SCREEN: (u32, u32) = (1920, 1080);
/// The largest side asked for with `--size` (as the window verbs bound it).
const LARGEST: u32 = 8192;

/// Xvfb running for this process; dropped, it is ended and waited for.
pub struct VirtualDisplay {
    child: Child,
    /// `:N`
    pub display: String,
}

/// Whether there is a display to open a window on.
pub fn has_display() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"].iter().any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// Whether a command line makes pictures rather than showing a window to someone.
pub fn makes_pictures(args: &[OsString]) -> bool {
    let has = |flag: &str| args.iter().skip(1).any(|a| a.to_str().is_some_and(|a| a == flag || a.starts_with(&format!("{flag}="))));
    super::named_verb(args) == Some("export") || ["--record", "--stream", "--screenshot"].iter().any(|f| has(f))
}

/// The screen for a command line: at least [`SCREEN`], as big as its `--size`.
fn screen(args: &[OsString]) -> (u32, u32) {
    let words: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    let size = words.iter().enumerate().find_map(|(i, w)| match w.strip_prefix("--size") {
        Some("") => words.get(i + 1).copied(),
        Some(rest) => rest.strip_prefix('='),
        None => None,
    });
    let asked = size.and_then(|s| s.split_once(['x', 'X'])).and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)));
    let (w, h) = asked.unwrap_or(SCREEN);
    (w.clamp(SCREEN.0, LARGEST), h.clamp(SCREEN.1, LARGEST))
}

impl VirtualDisplay {
    /// Starts Xvfb with a screen fit for `args`, and points `DISPLAY` at it.
    ///
    /// # Safety
    /// Sets an environment variable: call it while this is the process's only thread.
    pub unsafe fn start(args: &[OsString]) -> Result<VirtualDisplay, String> {
        let (w, h) = screen(args);
        let mut command = Command::new("Xvfb");
        command.args(["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", &format!("{w}x{h}x24")]);
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
        // SAFETY: between fork and exec only prctl, which is async-signal-safe: Xvfb ends with
        // this process even if it is killed before it could end Xvfb.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        let mut child = command.spawn().map_err(|e| {
            format!(
                "there is no display (DISPLAY is unset) and Xvfb cannot be started to make one ({e}): install it (Debian and \
                 Ubuntu: apt-get install xvfb mesa-vulkan-drivers), or run on a desktop"
            )
        })?;
        let mut number = String::new();
        let read = child.stdout.take().map(|out| std::io::BufReader::new(out).read_line(&mut number));
        let display = match (read, number.trim().parse::<u32>()) {
            (Some(Ok(_)), Ok(n)) => format!(":{n}"),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("Xvfb started but gave no display number".into());
            }
        };
        // SAFETY: the caller's promise: no other thread reads the environment meanwhile.
        unsafe { std::env::set_var("DISPLAY", &display) };
        Ok(VirtualDisplay { child, display })
    }
}

impl Drop for VirtualDisplay {
    fn drop(&mut self) {
        // SIGTERM lets Xvfb remove its lock files (SIGKILL would leave them behind).
        // SAFETY: a signal sent to our own child, which has not been waited for yet.
        unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM) };
        let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while matches!(self.child.try_wait(), Ok(None)) && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn pictures_are_made_by_recordings_exports_and_screenshots_only() {
        assert!(makes_pictures(&args("kibitz broadcast t/ --record out.mp4")));
        assert!(makes_pictures(&args("kibitz broadcast t/ --stream=rtmp://h/a/k")));
        assert!(makes_pictures(&args("kibitz export r.jsonl out.mp4")));
        assert!(makes_pictures(&args("kibitz view r.jsonl --screenshot a.png")));
        assert!(!makes_pictures(&args("kibitz view r.jsonl")));
        assert!(!makes_pictures(&args("kibitz broadcast t/ --for 10")));
    }

    #[test]
    fn the_screen_holds_the_size_asked_for() {
        assert_eq!(screen(&args("kibitz broadcast t --record o.mp4")), (1920, 1080));
        assert_eq!(screen(&args("kibitz broadcast t --size 2560x1440")), (2560, 1440));
        assert_eq!(screen(&args("kibitz export r --size=640x360 o.mp4")), (1920, 1080));
        assert_eq!(screen(&args("kibitz export r --size 99999x5")), (8192, 1080));
    }
}
