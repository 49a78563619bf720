//! The program itself (only for WebAssembly: see main.rs).

use std::io::{Read, Write};
use std::path::Path;

use rogue::Case;
use rogue::curses::Interrupt;
use rogue::curses::model::{KeySource, Model, Terminal};
use rogue::game::ending::Exit;
use rogue::game::{Game, Launch};
use rogue::host::web::{Wait, next_key};
use rogue::trace::export::{Frame, draw};

/// Where the game's files live: the folder the page's WASI preopens.
const DIR: &str = "/rogue";

/// The page's keys, drawing the screen at every wait.
#[derive(Default)]
struct PageKeys {
    /// What the page's terminal shows (`None`: unknown, draw it all).
    shown: Option<Frame>,
}

impl PageKeys {
    /// Send the page the bytes that draw `screen` over what it shows.
    fn show(&mut self, screen: &Terminal) {
        let next = Frame::of(screen);
        let bytes = draw(self.shown.as_ref(), &next);
        let mut out = std::io::stdout().lock();
        // The page's output never fails; if it did, the frame is lost but
        // the game goes on.
        let _ = out.write_all(&bytes).and_then(|()| out.flush());
        self.shown = Some(next);
    }
}

impl KeySource for PageKeys {
    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        self.show(screen);
        next_key(Wait::Key).ok_or(Interrupt::EndOfInput)
    }

    fn line(&mut self, screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        self.show(screen);
        let mut out = vec![next_key(Wait::Line).ok_or(Interrupt::EndOfInput)?];
        while out.last() != Some(&b'\n') {
            out.push(next_key(Wait::LineMore).ok_or(Interrupt::EndOfInput)?);
        }
        // The page echoed the line as a terminal does: the next drawing
        // starts from a clear screen.
        self.shown = None;
        Ok(out)
    }
}

/// All of standard input.
fn input() -> Vec<u8> {
    let mut bytes = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut bytes);
    bytes
}

/// Standard input as a case.
fn input_case() -> Result<Case, String> {
    let text = String::from_utf8(input()).map_err(|_| "the case is not UTF-8 text".to_string())?;
    Case::parse(Path::new("page.case"), &text).map_err(|e| e.to_string())
}

/// Play the case on standard input with the page's keys; the exit
/// status as the shell would see it.
fn play() -> Result<i32, String> {
    let case = input_case()?;
    let s = rogue::trace::games::setup_in(&case, Path::new(DIR)).map_err(|e| e.to_string())?;
    let mut model = Model::new(s.lines, s.cols);
    model.set_input(Box::new(PageKeys::default()));
    let launch = Launch { master: s.master, ..Launch::default() };
    let mut g = Game::launch(Box::new(s.host), Box::new(model), launch);
    let exit = g.rogue_main(&s.args);
    // What the program wrote last (its end, the tombstone, the scores).
    if let Some(screen) = g.rt.scr.terminal().cloned() {
        PageKeys::default().show(&screen);
    }
    Ok(match exit {
        Exit::Status(s) => s,
        Exit::Killed(sig) => 128 + sig,
        Exit::EndOfInput | Exit::Paused => 128 + 9,
    })
}

pub fn main() {
    let job = std::env::args().nth(1).unwrap_or_else(|| "play".into());
    let code = match job.as_str() {
        "play" => play(),
        "keys" => input_case().and_then(|c| rogue::case::escape::decode_body(&c.body).map_err(|e| e.to_string())).map(
            |keys| {
                let _ = std::io::stdout().write_all(&keys);
                0
            },
        ),
        "encode" => {
            print!("{}", rogue::case::escape::encode_body(&input()));
            Ok(0)
        }
        other => Err(format!("unknown job {other:?}")),
    };
    let _ = std::io::stdout().flush();
    match code {
        Ok(c) => std::process::exit(c),
        Err(e) => {
            eprintln!("rogue-web: {e}");
            std::process::exit(2);
        }
    }
}
