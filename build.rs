//! Links the `kibitz` binary as a position-dependent executable on Linux. As a PIE it carried
//! about 400,000 relative relocations (vtables, panic locations, string constants), which the
//! loader applied before `main` by writing to some 10 MB of pages: most of a headless verb's
//! start-up (docs/performance.md). Linked at a fixed address, it has none to apply.
//!
//! Only the final link changes (rustc's own `-pie` comes earlier on the linker's command line
//! and the last of the two wins); nothing is compiled differently, so the dependencies are not
//! rebuilt, and the tests' binaries are linked as before.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    // `-no-pie` is the C compiler's (the linker driver on linux-gnu); other targets link as before.
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
