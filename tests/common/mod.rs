//! Helpers shared by the test suites.
#![allow(dead_code)]

pub mod pane;

use std::time::{Duration, Instant};

/// How long a test waits for a condition before it fails: far beyond the
/// well under a second an unloaded run takes, for a busy 2-core machine.
pub const BOUND: Duration = Duration::from_secs(120);

/// Wait until `ok()` holds, looking again every few milliseconds; fails
/// with `what` past [`BOUND`]. The one way a test waits for something it
/// cannot be told of (a file written, a process gone, bytes read).
pub fn wait_until(what: &str, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(start.elapsed() < BOUND, "{what}: not within {BOUND:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A test that cannot run on this machine (a tool or a privilege it needs
/// is missing). Under CI (`CI=true`, where `.ci/run` installs everything
/// the tests need) that is a failure; elsewhere the test passes saying
/// "skipped", written past the test harness's capture so that the run's
/// output shows it.
pub fn cannot_run(test: &str, why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{test}: cannot run, and CI=true: {why}");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{test}: skipped: {why}");
}

/// SplitMix64: a small, fast, seedable source of test inputs (the tests
/// need reproducible variety, not cryptographic quality).
pub struct Inputs(u64);

impl Inputs {
    pub fn new(seed: u64) -> Self {
        Inputs(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Any 32-bit int.
    pub fn any_i32(&mut self) -> i32 {
        self.next_u64() as i32
    }

    /// An int in lo..=hi.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
        (i64::from(lo) + (self.next_u64() % span) as i64) as i32
    }

    /// One of the given values.
    pub fn pick<T: Copy>(&mut self, values: &[T]) -> T {
        values[(self.next_u64() % values.len() as u64) as usize]
    }

    pub fn chance(&mut self, one_in: u64) -> bool {
        self.next_u64().is_multiple_of(one_in)
    }
}

/// Ints at the edges of the C int range and around zero.
pub const EDGES: [i32; 12] = [0, 1, -1, 2, -2, 7, -7, i32::MAX, i32::MIN, i32::MAX - 1, i32::MIN + 1, 65536];

/// The shipped `rogue` binary (the `rogue-terminal` package, terminal/),
/// built next to the test binaries by `cargo build --release` or by
/// `cargo test --release` at the top (which tests that package too). Not
/// `CARGO_BIN_EXE_rogue`: cargo gives that only to tests of the binary's
/// own package. `ROGUE_BIN` names another build.
pub fn rogue_bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| built_bin("ROGUE_BIN", "rogue", "terminal"))
}

/// rogue-trace (the `rogue-trace` package, trace/), found as
/// [`rogue_bin`] finds `rogue`; `ROGUE_TRACE` names another build.
pub fn trace_bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| built_bin("ROGUE_TRACE", "rogue-trace", "trace"))
}

/// The binary `name` of the package in `package` (a folder at the top),
/// next to this test binary, and no older than the sources; or the one
/// the variable `var` names.
fn built_bin(var: &str, name: &str, package: &str) -> String {
    if let Some(b) = std::env::var_os(var) {
        return b.to_string_lossy().into_owned();
    }
    // target/<profile>/deps/<test> -> target/<profile>/<name>
    let exe = std::env::current_exe().expect("the test binary's path");
    let bin = exe.parent().and_then(|d| d.parent()).expect("target/<profile>/deps").join(name);
    assert!(
        bin.exists(),
        "{} is not built: run `cargo build --release` (or `cargo test --release` at the top, which builds it)",
        bin.display()
    );
    // `cargo test --test NAME` builds this package's targets only: a
    // binary older than the sources would test yesterday's game.
    let built = std::fs::metadata(&bin).and_then(|m| m.modified()).expect("the binary's time");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Some(newer) = newer_than(&root.join("src"), built).or_else(|| newer_than(&root.join(package), built)) {
        panic!(
            "{} is older than {}: run `cargo build --release` first (plain `cargo test --release` at the top builds it)",
            bin.display(),
            newer.display()
        );
    }
    bin.to_string_lossy().into_owned()
}

/// A source file (`.rs`) under `dir` changed after `t`, if there is one.
fn newer_than(dir: &std::path::Path, t: std::time::SystemTime) -> Option<std::path::PathBuf> {
    for e in std::fs::read_dir(dir).ok()?.flatten() {
        let p = e.path();
        let Ok(m) = e.metadata() else { continue };
        if m.is_dir() {
            // A package's own tests are not part of its binary.
            if p.ends_with("tests") {
                continue;
            }
            if let Some(n) = newer_than(&p, t) {
                return Some(n);
            }
        } else if p.extension().is_some_and(|e| e == "rs") && m.modified().is_ok_and(|m| m > t) {
            // Sources only: an edit of a manifest's metadata (the Debian
            // package's, say) rebuilds nothing, so it would never be older.
            return Some(p);
        }
    }
    None
}
