//! The golden suite: every case of the oracle through `rogue-trace`, its
//! output compared with the case's `.expected` (and, for whole-program
//! cases, the files it leaves with the case's out-files).
//!
//! It prints one line per category, `golden <category>: P passed, F failed`.
//! A category in [`PASSING`] must pass completely; any other category must
//! not (when it does, declare it passing). For a failing case it shows a
//! diff of the first lines that differ.
//!
//! Environment: `GOLDEN_FILTER=text` runs only cases whose path contains
//! the text; `GOLDEN_DIFFS=n` shows diffs for up to n failing cases per
//! category (default 1).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Categories declared passing: every one of their cases must pass.
const PASSING: &[&str] = &["rng", "init", "levels", "kernels", "games", "saves", "scores", "wizard"];

/// The categories, in the order the oracle describes them.
const CATEGORIES: &[&str] = &["rng", "init", "levels", "kernels", "games", "saves", "scores", "wizard"];

/// File offsets of a save file that hold leftover stack memory in the
/// original (FORMAT-games.md §5.3); they are not compared.
const SAVE_GARBAGE: std::ops::RangeInclusive<usize> = 37..=107;

struct Failure {
    case: PathBuf,
    why: String,
}

fn oracle_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle").join("cases")
}

fn cases_of(category: &str, filter: Option<&str>) -> Vec<PathBuf> {
    let dir = oracle_dir().join(category);
    // A missing folder is no cases (which fails a declared category).
    let mut cases = rogue::case::case_paths(&dir).unwrap_or_default();
    if let Some(f) = filter {
        cases.retain(|p| p.to_string_lossy().contains(f));
    }
    cases
}

/// The out-files a whole-program case must leave: (path in the run's
/// folder, side file next to the case).
fn out_files(case: &Path) -> Vec<(String, PathBuf)> {
    let text = std::fs::read_to_string(case).unwrap_or_default();
    text.lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("out-file:"))
        .filter_map(|v| rogue::case::file_header(case.parent()?, v.trim()))
        .collect()
}

fn is_whole_program(category: &str) -> bool {
    matches!(category, "games" | "saves" | "scores" | "wizard")
}

/// A short diff of the first lines where two texts differ.
fn diff_excerpt(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let first = e.iter().zip(&a).position(|(x, y)| x != y).unwrap_or(e.len().min(a.len()));
    let from = first.saturating_sub(3);
    let take = |v: &[&str]| v.iter().skip(from).take(12).map(|l| format!("{l}\n")).collect::<String>();
    let (ew, aw) = (take(&e), take(&a));
    format!(
        "first difference at line {} (expected {} lines, got {}):\n{}",
        first + 1,
        e.len(),
        a.len(),
        pretty_assertions::StrComparison::new(&ew, &aw)
    )
}

fn compare_files(run_dir: &Path, expected: &[(String, PathBuf)]) -> Result<(), String> {
    let mut found: Vec<String> = Vec::new();
    collect_files(run_dir, run_dir, &mut found);
    found.sort();
    let mut want: Vec<String> = expected.iter().map(|(p, _)| p.clone()).collect();
    want.sort();
    if found != want {
        return Err(format!("files left behind: {found:?}, expected {want:?}"));
    }
    for (path, side) in expected {
        let got = std::fs::read(run_dir.join(path)).map_err(|e| format!("{path}: {e}"))?;
        let exp = std::fs::read(side).map_err(|e| format!("{}: {e}", side.display()))?;
        let masked = path != "rogue.scr";
        let same = got.len() == exp.len()
            && got.iter().zip(&exp).enumerate().all(|(i, (g, x))| g == x || (masked && SAVE_GARBAGE.contains(&i)));
        if !same {
            let at = got.iter().zip(&exp).position(|(g, x)| g != x).unwrap_or(got.len().min(exp.len()));
            return Err(format!(
                "{path}: {} bytes, expected {}; first difference at offset {at}",
                got.len(),
                exp.len()
            ));
        }
    }
    Ok(())
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_files(root, &p, out);
        } else if let Ok(rel) = p.strip_prefix(root) {
            out.push(rel.to_string_lossy().into_owned());
        }
    }
}

fn run_case(trace: &Path, category: &str, case: &Path, scratch: &Path) -> Result<(), String> {
    let expected_path = case.with_extension("expected");
    let expected = std::fs::read_to_string(&expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let mut cmd = Command::new(trace);
    let run_dir = scratch.join(case.file_stem().unwrap_or_default());
    if is_whole_program(category) {
        cmd.arg("--out-dir").arg(&run_dir);
    }
    let out = cmd.arg(case).output().map_err(|e| format!("cannot run rogue-trace: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("rogue-trace failed ({}): {}", out.status, err.trim()));
    }
    let actual = String::from_utf8_lossy(&out.stdout);
    if actual != expected {
        return Err(diff_excerpt(&expected, &actual));
    }
    if is_whole_program(category) {
        compare_files(&run_dir, &out_files(case))?;
        let _ = std::fs::remove_dir_all(&run_dir);
    }
    Ok(())
}

fn run_category(trace: &Path, category: &str, cases: &[PathBuf], scratch: &Path) -> Vec<Failure> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    if let Err(why) = run_case(trace, category, case, scratch) {
                        failures.lock().unwrap_or_else(|p| p.into_inner()).push(Failure { case: case.clone(), why });
                    }
                }
            });
        }
    });
    let mut f = failures.into_inner().unwrap_or_else(|p| p.into_inner());
    f.sort_by(|a, b| a.case.cmp(&b.case));
    f
}

fn main() {
    let trace = PathBuf::from(common::trace_bin());
    let filter = std::env::var("GOLDEN_FILTER").ok();
    let diffs: usize = std::env::var("GOLDEN_DIFFS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let scratch = std::env::temp_dir().join(format!("rogue-golden-{}", std::process::id()));
    let mut broken = Vec::new();
    for &category in CATEGORIES {
        let cases = cases_of(category, filter.as_deref());
        if cases.is_empty() {
            // A declared category must have cases: a missing or emptied
            // oracle would otherwise pass unnoticed.
            if filter.is_none() && PASSING.contains(&category) {
                println!("golden {category}: no cases");
                broken.push(format!("{category} is declared passing but has no cases in {}", oracle_dir().display()));
            }
            continue;
        }
        let failures = run_category(&trace, category, &cases, &scratch);
        let (passed, failed) = (cases.len() - failures.len(), failures.len());
        println!("golden {category}: {passed} passed, {failed} failed");
        let declared = PASSING.contains(&category);
        if declared && failed > 0 {
            for f in failures.iter().take(diffs) {
                println!("--- {}\n{}", f.case.display(), f.why);
            }
            for f in failures.iter().skip(diffs).take(20) {
                println!("--- {}: {}", f.case.display(), f.why.lines().next().unwrap_or(""));
            }
            broken.push(format!("{category} is declared passing but {failed} case(s) failed"));
        } else if !declared && failed == 0 && filter.is_none() {
            broken.push(format!("{category} passes completely: declare it passing in tests/golden.rs"));
        } else if !declared && failed > 0 && std::env::var("GOLDEN_DIFFS").is_ok() {
            for f in failures.iter().take(diffs) {
                println!("--- {}\n{}", f.case.display(), f.why);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    if !broken.is_empty() {
        for b in &broken {
            println!("golden: {b}");
        }
        std::process::exit(1);
    }
}
