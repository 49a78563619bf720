//! Play one game headless with the explorer bot and print the keys it
//! typed (raw bytes), for making a test case of the game:
//!
//!     cargo run --release --example explore_keys -- TIME PID KEYS [BOTSEED]

use rogue::curses::model::Model;
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;
use rogue::session::bot::Explorer;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The bot, shared so its keys can be read after the game.
struct Shared(Arc<Mutex<Explorer>>);

impl rogue::curses::model::KeySource for Shared {
    fn key(&mut self, screen: &rogue::Terminal) -> Result<u8, rogue::curses::Interrupt> {
        self.0.lock().expect("the bot").key(screen)
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: i64| a.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (time, pid, keys, botseed) = (num(0, 1_700_000_000), num(1, 1000) as i32, num(2, 2000) as usize, num(3, 1));
    let bot = Arc::new(Mutex::new(Explorer::new(botseed as u64, keys)));
    let mut model = Model::standard();
    model.set_input(Box::new(Shared(Arc::clone(&bot))));
    let mut host = ScriptedHost::nowhere();
    host.time = time;
    host.pid = pid;
    host.user = b"rodney".to_vec();
    host.home = b"/home/rodney/".to_vec();
    let mut g = Game::launch(Box::new(host), Box::new(model), Launch::default());
    let exit = g.rogue_main(&[]);
    eprintln!("exit {exit:?} level {} max_level {}", g.dungeon.level, g.dungeon.max_level);
    let sent = bot.lock().expect("the bot").sent.clone();
    let _ = std::io::stdout().write_all(&sent);
}
