//! CPU time of the calling thread: what the shell measures its own frames in (`--frame-stats`),
//! leaving out the software rasteriser of a headless machine.

use bevy::diagnostic::DiagnosticPath;

/// CPU time of the shell's UI system, in ms.
pub const UI_CPU: DiagnosticPath = DiagnosticPath::const_new("kibitz/ui_cpu_ms");
/// CPU time of handing a 3D board's changed meshes to the renderer, in ms.
pub const SCENE_CPU: DiagnosticPath = DiagnosticPath::const_new("kibitz/scene_cpu_ms");

/// CPU time consumed by the calling thread so far, in ms.
pub fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok { t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6 } else { 0.0 }
}
