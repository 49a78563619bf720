//! The binary is there and answers: this package's integration test, which
//! also makes `cargo test` build `rogue` before the library's tests (in
//! ../tests) run it from the target folder.

use std::process::Command;

#[test]
fn rogue_answers_its_version() {
    let out = Command::new(env!("CARGO_BIN_EXE_rogue")).arg("--version").output().expect("rogue runs");
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("rogue"), "{out:?}");
}
