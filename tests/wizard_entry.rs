//! The MASTER build's front door and the plain build's closed one:
//!
//! * `rogue ''` asks for the wizard's password before curses starts, reads
//!   it without echo from the terminal, and with the right one plays a
//!   wizard's game whose dungeon number comes from SEED;
//! * a wrong password leaves the empty argument, which is then a save file
//!   that cannot be opened, as in the original;
//! * without MASTER (the shipped `rogue`), `+` is an illegal command.

use rogue::Exit;
use rogue::curses::model::Model;
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;

fn game(master: bool, keys: &[u8], seed_env: Option<&str>) -> Game {
    let mut model = Model::standard();
    model.push_input(keys);
    let mut host = ScriptedHost::nowhere();
    host.time = 1_700_000_000;
    host.pid = 77;
    host.user = b"merlin".to_vec();
    if let Some(s) = seed_env {
        host.env.push(("SEED".into(), s.as_bytes().to_vec()));
    }
    Game::launch(Box::new(host), Box::new(model), Launch { master, ..Launch::default() })
}

fn screen(g: &Game) -> String {
    let t = g.rt.scr.terminal().expect("the model's terminal");
    (0..t.lines).map(|y| t.row_text(y)).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_password_opens_a_wizards_game_seeded_from_the_environment() {
    // The password (typed with a mistake erased), then quit at once.
    let mut g = game(true, b"wizx\x7fard\nQy\n", Some("4242"));
    let exit = g.rogue_main(&[Vec::new()]);
    assert_eq!(g.cmd.wizard, 1, "the right password makes a wizard");
    assert_eq!(g.dungeon.dnum, 4242, "SEED gives the dungeon number");
    assert!(matches!(exit, Exit::Status(0) | Exit::EndOfInput), "{exit:?}");
    let text = screen(&g);
    // The password is not echoed.
    assert!(!text.contains("wizard\n") && !text.contains("wizxard"), "{text}");
}

#[test]
fn the_hello_names_the_dungeon_for_a_wizard() {
    let mut g = game(true, b"wizard\n", Some("99"));
    let _ = g.rogue_main(&[Vec::new()]);
    // Curses cleared the greeting; it went to the terminal before initscr.
    assert_eq!(g.dungeon.dnum, 99);
    assert_eq!(g.cmd.wizard, 1);
}

#[test]
fn a_wrong_password_is_a_failed_restore_of_the_empty_name() {
    let mut g = game(true, b"muggle\n", Some("4242"));
    let exit = g.rogue_main(&[Vec::new()]);
    assert_eq!(g.cmd.wizard, 0);
    assert_eq!(exit, Exit::Status(1));
    let text = screen(&g);
    assert!(text.contains("wizard's password:"), "{text}");
    assert!(text.contains(": No such file or directory"), "{text}");
}

#[test]
fn without_master_plus_is_an_illegal_command() {
    let mut g = game(false, b"+", None);
    let _ = g.rogue_main(&[]);
    let text = screen(&g);
    assert!(text.starts_with("Illegal command '+'"), "{text}");
    assert_eq!(g.cmd.wizard, 0);
}

#[test]
fn without_master_the_empty_argument_asks_for_nothing() {
    let mut g = game(false, b"wizard\n", None);
    let exit = g.rogue_main(&[Vec::new()]);
    assert_eq!(exit, Exit::Status(1));
    let text = screen(&g);
    assert!(!text.contains("password"), "{text}");
}
