//! Every `// DEVIATION: what the C did; test: suite::name` mark in the
//! code names tests that exist: `suite` is `tests/suite.rs`, or a module
//! file `suite.rs` whose unit tests hold `fn name`. A mark without a test,
//! or naming one that was renamed or removed, fails here.

use std::path::{Path, PathBuf};

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_deviation_names_a_test_that_exists() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut code = Vec::new();
    for dir in ["src", "terminal", "tests", "python/src"] {
        rust_files(&top.join(dir), &mut code);
    }
    code.sort();
    let text_of = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let suite_file = |suite: &str| -> Option<PathBuf> {
        let t = top.join("tests").join(format!("{suite}.rs"));
        if t.is_file() {
            return Some(t);
        }
        code.iter().find(|p| p.file_name().is_some_and(|n| n == format!("{suite}.rs").as_str())).cloned()
    };
    let (mut marks, mut bad) = (0, Vec::new());
    for path in code.iter().filter(|p| !p.starts_with(top.join("tests"))) {
        for (n, line) in text_of(path).lines().enumerate() {
            let Some(at) = line.find("// DEVIATION:") else { continue };
            marks += 1;
            let place = format!("{}:{}", path.strip_prefix(top).unwrap_or(path).display(), n + 1);
            let Some((_, tests)) = line[at..].split_once("; test: ") else {
                bad.push(format!("{place}: no `; test: suite::name`"));
                continue;
            };
            for t in tests.split(',').map(str::trim) {
                let ok = t.split_once("::").is_some_and(|(suite, name)| {
                    let valid = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
                    valid(suite)
                        && valid(name)
                        && suite_file(suite).is_some_and(|f| {
                            let src = text_of(&f);
                            src.match_indices(&format!("fn {name}")).any(|(i, m)| {
                                !src[i + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                            })
                        })
                });
                if !ok {
                    bad.push(format!("{place}: no test {t:?}"));
                }
            }
        }
    }
    assert!(marks >= 30, "only {marks} DEVIATION marks found: is the tree where this test looks?");
    assert!(bad.is_empty(), "DEVIATION marks naming no existing test:\n{}", bad.join("\n"));
}
