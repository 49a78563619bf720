//! The shell completions the Debian package installs
//! (packaging/completions/), made by clap_complete from the command line's
//! definition. They are checked in, so that packaging needs no build step
//! of its own; this test fails when the command line changes and they are
//! not made again (`ROGUE_BLESS=1 cargo test --release -p rogue-terminal`
//! writes them).

// The command line's definition itself, as the binary has it.
#[path = "../cli.rs"]
#[allow(dead_code)]
mod cli;

use clap::CommandFactory;
use clap_complete::Shell;

/// Each shell, and the file its completion is kept in.
const FILES: [(Shell, &str); 3] = [(Shell::Bash, "rogue.bash"), (Shell::Zsh, "_rogue"), (Shell::Fish, "rogue.fish")];

#[test]
fn completions_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../packaging/completions");
    let bless = std::env::var_os("ROGUE_BLESS").is_some();
    for (shell, name) in FILES {
        let mut made = Vec::new();
        clap_complete::generate(shell, &mut cli::Args::command(), "rogue", &mut made);
        let path = dir.join(name);
        if bless {
            std::fs::create_dir_all(&dir).expect("packaging/completions");
            std::fs::write(&path, &made).expect("write a completion");
            continue;
        }
        let kept = std::fs::read(&path).unwrap_or_default();
        assert!(
            kept == made,
            "{} is not what clap_complete makes of the command line now: ROGUE_BLESS=1 cargo test --release -p rogue-terminal",
            path.display()
        );
    }
}
