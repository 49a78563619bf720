//! rogue-trace's command line, on the built binary: this package's
//! integration test, which also makes `cargo test` build rogue-trace
//! before the library's tests (in ../tests) run it from the target folder.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace")).args(args).output().expect("rogue-trace runs")
}

#[test]
fn help_version_and_refusals() {
    let help = run(&["--help"]);
    assert!(help.status.success(), "{help:?}");
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: rogue-trace [OPTIONS] <CASE>"), "{help:?}");
    let version = run(&["--version"]);
    assert_eq!(String::from_utf8_lossy(&version.stdout), format!("rogue-trace {}\n", env!("CARGO_PKG_VERSION")));
    for bad in [&["--delay", "5", "x.case"][..], &["--delay"], &[], &["a", "b"], &["--bogus", "x"]] {
        let o = run(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {o:?}");
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("error: "), "{bad:?}: {o:?}");
    }
}
