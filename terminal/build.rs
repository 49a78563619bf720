//! The `rogue` binary's link.
//!
//! The lean build (a profile at opt-level `s` or `z`: `dist`, the shipped
//! game) links it statically where the system has the static libraries.
//! Most of an interactive game's memory is pages of the files it maps, and
//! the kernel maps a file's cached pages 64 kB at a time around each one
//! touched (fault-around). Linked against the shared libc, ncurses and libgcc_s,
//! the game keeps some 2.1 MB of their pages resident, as the original
//! does; linked statically it carries only the parts it calls, packed
//! beside its own code (doc/PERFORMANCE.md, "Memory": 1.9 MB against the original's
//! 2.4). It is also one file with no loader search path to trust when it
//! is installed setgid.
//!
//! rustc links the standard library's C libraries (`-lc -lm -lgcc_s` ...)
//! and the ncurses crate's (`-lncurses -ltinfo`, from pkg-config) by name;
//! a build script cannot switch them to `+crt-static` for one binary. So
//! the link search path is given, first, a linker script for each of those
//! names that brings in every static archive at once, and the binary is
//! linked `-static-pie`. A missing archive, a compiler that cannot link a
//! static PIE or cross-compiling keep the usual dynamic link, with a
//! warning that says why. The `shared-libs` feature (the Debian
//! package's) and `ROGUE_LINK=dynamic` ask for the dynamic link,
//! `ROGUE_LINK=static` for the static one in any profile (those cases are
//! then errors).
//!
//! Why only the lean build by default: cargo hands every build script's
//! link search path to the doctests of the whole build, so the linker
//! scripts would reach the library's doctests in `cargo test` and link
//! them half static. The tests build with `--release`; CI runs the
//! terminal tests on the dist binary as well.
//!
//! Either way the relative relocations are packed (DT_RELR; glibc 2.36 and
//! lld or binutils 2.38): 1 kB for the start-up to read instead of 50 kB.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What rustc links for the standard library on linux-gnu, by name.
const STD_LIBS: [&str; 7] = ["c", "m", "rt", "pthread", "dl", "util", "gcc_s"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=ROGUE_LINK");
    println!("cargo:rerun-if-env-changed=NCURSES_RS_RUSTC_LINK_LIB");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let var = |k: &str| env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    println!("cargo:rustc-link-arg-bin=rogue=-Wl,-z,pack-relative-relocs");
    // A static link's leftovers from an earlier run in this directory.
    let out = PathBuf::from(var("OUT_DIR"));
    let _ = fs::remove_dir_all(out.join("static-libs"));
    let asked = match var("ROGUE_LINK").as_str() {
        "dynamic" => return,
        "static" => true,
        // The `shared-libs` feature: a distribution's package.
        "" if env::var_os("CARGO_FEATURE_SHARED_LIBS").is_some() => return,
        "" if matches!(var("OPT_LEVEL").as_str(), "s" | "z") => false,
        "" => return,
        other => panic!("ROGUE_LINK={other:?}: it is `static`, `dynamic` or unset (static in the lean build)"),
    };
    let linked = if var("TARGET") != var("HOST") { Err("cross-compiling".to_string()) } else { link_statically(&out) };
    match linked {
        Ok(()) => {}
        Err(why) if asked => panic!("ROGUE_LINK=static, but {why}"),
        Err(why) => println!("cargo:warning=the rogue binary is linked dynamically: {why} (doc/PACKAGING.md)"),
    }
}

/// Sets up the static link, or says why it cannot be.
fn link_statically(out: &Path) -> Result<(), String> {
    let mut names: Vec<String> = STD_LIBS.iter().map(|s| s.to_string()).collect();
    names.extend(ncurses_libs());
    // The archives behind every name, plus libgcc's two (gcc_s's static
    // halves: the unwinder and the compiler's helpers).
    let mut archives = Vec::new();
    for name in names.iter().filter(|n| *n != "gcc_s").map(String::as_str).chain(["gcc_eh", "gcc"]) {
        let a = archive(name).ok_or_else(|| format!("no lib{name}.a"))?;
        if !archives.contains(&a) {
            archives.push(a);
        }
    }
    probe(out, &archives)?;
    let dir = out.join("static-libs");
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let group: Vec<String> = archives.iter().map(|a| a.display().to_string()).collect();
    let script = format!("/* lib*.so names, static archives (terminal/build.rs) */\nGROUP ( {} )\n", group.join(" "));
    for name in &names {
        fs::write(dir.join(format!("lib{name}.so")), &script).map_err(|e| e.to_string())?;
    }
    // The search path is the package's, so its test binaries link the same
    // way (they would not start with static archives in a dynamic link).
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-arg=-static-pie");
    Ok(())
}

/// The libraries the ncurses crate links, found the way it finds them.
fn ncurses_libs() -> Vec<String> {
    if let Ok(name) = env::var("NCURSES_RS_RUSTC_LINK_LIB") {
        return vec![name];
    }
    for name in ["ncurses5", "ncurses"] {
        if let Ok(lib) = pkg_config::Config::new().cargo_metadata(false).env_metadata(false).probe(name) {
            return lib.libs;
        }
    }
    vec!["ncurses".into(), "tinfo".into()]
}

/// Where the C compiler finds lib`name`.a, if it does.
fn archive(name: &str) -> Option<PathBuf> {
    let out = Command::new(cc()).arg(format!("-print-file-name=lib{name}.a")).output().ok()?;
    // Not found, it prints the bare name back (which names no file here).
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim()).canonicalize().ok()?;
    path.is_file().then_some(path)
}

/// Can this compiler link a static PIE from these archives?
fn probe(out: &Path, archives: &[PathBuf]) -> Result<(), String> {
    let src = out.join("probe.c");
    fs::write(&src, "int main(void) { return 0; }\n").map_err(|e| e.to_string())?;
    let linked = Command::new(cc())
        .arg("-static-pie")
        .arg("-o")
        .arg(out.join("probe"))
        .arg(&src)
        .arg("-Wl,--start-group")
        .args(archives)
        .arg("-Wl,--end-group")
        .output()
        .map_err(|e| e.to_string())?;
    if linked.status.success() { Ok(()) } else { Err("the C compiler cannot link a static PIE".into()) }
}

fn cc() -> String {
    env::var("CC").unwrap_or_else(|_| "cc".into())
}
