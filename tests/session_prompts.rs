//! What a session tells a program about each read (`Observation::prompt`,
//! `Observation::takes`), and the last read of a game, made in the
//! terminal's normal mode, ended by a return as the terminal ends it.

use rogue::session::{Config, PromptKind, Session, Wait};

/// A small deterministic generator for the keys.
struct Lcg(u64);

impl Lcg {
    fn pick(&mut self, keys: &[u8]) -> u8 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        keys[(self.0 >> 33) as usize % keys.len()]
    }
}

/// Moves, runs, down, space, ESC and Enter only: every game comes to its
/// end by itself (a death, then the score list's line read, which Enter
/// ends), never stuck at the line read.
#[test]
fn simple_keys_end_every_game() {
    let keys = b"hjklyubnHJKL> \x1b\r";
    for seed in 0..6 {
        let mut s = Session::new(&Config { seed, ..Config::default() }).expect("a valid config");
        let mut rng = Lcg(seed as u64);
        let mut lines = 0;
        let mut n = 0;
        while !s.observation().is_over() {
            n += 1;
            assert!(n < 50_000, "seed {seed}: no end after {n} keys");
            if s.observation().wait == Wait::Line {
                lines += 1;
                assert!(s.observation().takes(b'\r') && s.observation().prompt.kind == PromptKind::Line);
            }
            s.send(rng.pick(keys));
        }
        assert!(lines < 100, "seed {seed}: {lines} keys at the line read");
    }
}

/// The line read ends at a return (and at a newline), straight away.
#[test]
fn a_return_ends_the_line_read() {
    for end in [b'\r', b'\n'] {
        let mut s = Session::new(&Config { seed: 3, ..Config::default() }).expect("a valid config");
        let mut rng = Lcg(3);
        while s.observation().wait != Wait::Line {
            assert!(!s.observation().is_over());
            s.send(rng.pick(b"hjklyubnHJKL> \x1b\r"));
        }
        s.send(b'x');
        assert_eq!(s.observation().wait, Wait::Line);
        s.send(end);
        assert!(s.observation().is_over());
    }
}

/// A command wait names the commands the hero can give: moves, but not a
/// letter that is no command; an item prompt names the fitting pack
/// letters; a direction prompt the directions.
#[test]
fn prompts_name_their_keys() {
    let mut s = Session::new(&Config { seed: 5, ..Config::default() }).expect("a valid config");
    let o = s.observation();
    assert_eq!((o.wait, o.prompt.kind), (Wait::Command, PromptKind::Command));
    assert!(o.takes(b'h') && o.takes(b'\r') && !o.takes(b'x') && !o.takes(b' ') && !o.takes(0x1b));
    let o = s.send(b'e');
    assert_eq!(o.prompt.kind, PromptKind::Item);
    assert!(o.takes(b'a') && o.takes(b'*') && o.takes(0x1b) && !o.takes(b'b') && !o.takes(b'z'));
    s.send(0x1b);
    let o = s.send(b't');
    assert_eq!(o.prompt.kind, PromptKind::Direction);
    assert!(o.takes(b'h') && o.takes(b'N') && !o.takes(b'x'));
}

/// `rogue --bot`: `keys ...\r` at the line read after the score list ends
/// the game (it stayed at `"wait":"line"` before).
#[test]
fn the_bot_pipe_ends_the_line_read_at_a_return() {
    // The keys of a game to the line read, found with a session.
    let mut s = Session::new(&Config { seed: 3, ..Config::default() }).expect("a valid config");
    let mut rng = Lcg(3);
    let mut typed = Vec::new();
    while s.observation().wait != Wait::Line {
        assert!(!s.observation().is_over());
        let k = rng.pick(b"hjklyubnHJKL> \x1b\r");
        typed.push(k);
        s.send(k);
    }
    let mut input = String::from("new 3\n");
    for k in typed {
        input.push_str(&format!("key {k}\n"));
    }
    input.push_str("keys abc\\r\n");
    let out = Shared::default();
    let input = std::io::Cursor::new(input.into_bytes());
    rogue::session::botpipe::serve(&Config::default(), input, out.clone()).expect("the pipe runs");
    let out = String::from_utf8(out.0.borrow().clone()).expect("JSON is text");
    let last = out.lines().last().expect("answers");
    assert!(last.contains("\"wait\":\"over\"") && last.contains("\"ending\":\"death\""), "{last}");
}

/// An output the test reads after the pipe is done with it.
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
