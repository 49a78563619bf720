//! The save command's file-name prompt against the files of a real
//! folder (the headless host maps names into it as the kernel would).

use rogue::session::{Config, Session};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("rogue-save-prompt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// An empty name names no file: `stat("")` and `fopen("", "w")` fail with
/// ENOENT, the error message is overwritten at once by the prompt (the
/// loop clears `mpos` first), and the prompt is asked again. The folder
/// itself must not pass for an existing file ("File exists").
#[test]
fn an_empty_file_name_asks_again() {
    let dir = scratch("empty");
    let mut s = Session::new(&Config { seed: 7, dir: Some(dir.clone()), ..Config::default() }).expect("a valid config");
    let o = s.send_keys(b"Sn\n");
    assert_eq!(o.row(0), "File name:");
    assert_eq!(o.cursor(), (0, 11));
    // A name then saves and ends the game.
    let o = s.send_keys(b"ab\n");
    assert!(o.is_over(), "the game goes on after saving: {:?}", o.rows());
    assert!(dir.join("ab").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The home directory is a file that exists (the overwrite question),
/// and then one that cannot be written.
#[test]
fn the_home_directory_exists_but_cannot_be_written() {
    let dir = scratch("home");
    let mut s = Session::new(&Config { seed: 7, dir: Some(dir.clone()), ..Config::default() }).expect("a valid config");
    let o = s.send_keys(b"Sn/home/rodney/\n");
    assert_eq!(o.row(0), "File exists.  Do you wish to overwrite it?");
    // Yes: the name is shown, then (EISDIR, its message overwritten) the
    // prompt again.
    assert_eq!(s.send(b'y').row(0), "File name: /home/rodney/--More--");
    let o = s.send(b' ');
    assert_eq!((o.row(0).as_str(), o.cursor()), ("File name:", (0, 11)));
    let _ = std::fs::remove_dir_all(&dir);
}
