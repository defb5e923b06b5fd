//! Links the `kibitz` binary with packed relative relocations (`-z pack-relative-relocs`,
//! glibc 2.36 and later): as a position-independent executable it carries some 65,000 relative
//! relocations, a 1.5 MB table the loader reads before `main`; packed, it is a few kilobytes.
//! Only the final link of the binaries changes; nothing is compiled differently.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
