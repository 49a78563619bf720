//! Fuzz the `rogue --bot` request reader: every line of the input, read as
//! the pipe reads it, through the request parser, and a `new` request's
//! words into a game's config. Nothing may panic.
//!
//!     cargo +nightly fuzz run bot_request fuzz/corpus/bot_request

#![no_main]

use libfuzzer_sys::fuzz_target;
use rogue::session::Config;
use rogue::session::botpipe::{Request, new_config, parse_request};

fuzz_target!(|data: &[u8]| {
    let base = Config::default();
    for raw in data.split(|&b| b == b'\n') {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = String::from_utf8_lossy(raw);
        match parse_request(&line) {
            Ok(Request::New(words)) => {
                let _ = new_config(&base, &words);
            }
            Ok(Request::Keys(keys)) => assert!(!keys.is_empty() || line.starts_with("keys")),
            Ok(_) | Err(_) => {}
        }
    }
});
