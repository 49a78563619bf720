//! `rogue --bot` within its bounds: a 10 MB bad line gets a short error,
//! and 20,000 `snapshot` requests fit in well under 500 MB.

mod common;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// The peak resident size of a process, from /proc (kB).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_huge_line_and_many_snapshots_stay_small() {
    let mut child = Command::new(common::rogue_bin())
        .args(["--bot", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rogue --bot");
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let writer = std::thread::spawn(move || {
        let mut bad = vec![b'x'; 10_000_000];
        // Invalid UTF-8 in it too.
        bad[5_000_000..5_001_000].fill(0xff);
        bad.push(b'\n');
        stdin.write_all(&bad).unwrap();
        for _ in 0..20_000 {
            stdin.write_all(b"snapshot\n").unwrap();
        }
        stdin.flush().unwrap();
        stdin
    });
    let mut line = String::new();
    let mut next = || {
        line.clear();
        out.read_line(&mut line).unwrap();
        line.clone()
    };
    assert!(next().starts_with("{\"protocol\":2,\"wait\":\"command\""));
    let err = next();
    assert!(err.len() < 200, "the error grew with the line: {} bytes", err.len());
    assert!(err.starts_with("{\"error\":"), "{err}");
    let (mut kept, mut refused) = (0, 0);
    for _ in 0..20_000 {
        let l = next();
        if l.starts_with("{\"snapshot\":") {
            kept += 1;
        } else {
            assert!(l.contains("snapshots are kept already"), "{l}");
            refused += 1;
        }
    }
    assert_eq!((kept, refused), (1000, 19_000));
    let peak = peak_kb(child.id());
    let mut stdin = writer.join().unwrap();
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    if let Some(kb) = peak {
        println!("rogue --bot: peak {kb} kB after a 10 MB line and 20,000 snapshot requests");
        assert!(kb < 500_000, "peak {kb} kB");
    }
}
