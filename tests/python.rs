//! The Python package's tests (`python/tests`, pytest), run against the
//! installed `rogue544` when Python has it and pytest (`pip install
//! ./python pytest`, as `.ci/run` does first); otherwise they are skipped
//! with a note (and fail under `CI=true`).

mod common;

use std::path::Path;
use std::process::Command;

fn python() -> Option<&'static str> {
    ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import rogue544, pytest"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[test]
fn python_package_tests() {
    let Some(py) = python() else {
        common::cannot_run("python_package_tests", "rogue544 or pytest is not installed (pip install ./python pytest)");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(py)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "python/tests"])
        .current_dir(root)
        .env("ROGUE_TRACE", common::trace_bin())
        .status()
        .expect("pytest runs");
    // Exit 5 (no tests collected) is a failure too: the tests are there.
    assert!(status.success(), "pytest python/tests: {status}");
}
