//! `rogue --bot`: the [session](crate::session) over a pipe, for bots in
//! any language. Each line read is a key or a command; each answer is one
//! line of JSON. No terminal is touched.
//!
//! Requests (one per line):
//!
//! | line | meaning |
//! | --- | --- |
//! | one character, or an escape `\n` `\r` `\t` `\e` `\\` `\xHH` | type that key |
//! | `key N` | type the byte N (0..255) |
//! | `keys TEXT` | type every key of TEXT (the escapes above; answered once, after the last) |
//! | `new [SEED [TIME [USER [ROGUEOPTS]]]]` | start a new game (omitted values as at launch) |
//! | `snapshot` | keep this moment; the answer is `{"snapshot":ID}` |
//! | `restore ID` | go back to a kept moment |
//! | `forget ID` | drop a kept moment |
//! | `show` | the observation again |
//! | `quit` (or the end of input) | end |
//!
//! An observation:
//!
//! ```text
//! {"wait":"key","prompt":"direction","keys":["\\e","B","H",...,"y"],"keys_read":12,
//!  "cursor":[0,17],"rows":["...",...],"standout":[[3,10]],
//!  "status":{"level":1,"gold":0,"hp":12,"max_hp":12,"str":16,"max_str":16,"arm":4,
//!            "exp_level":1,"exp":0,"hunger":""},
//!  "message":"you feel a bite","outcome":null}
//! ```
//!
//! The first answer alone begins with `"protocol":2` ([`PROTOCOL`]).
//! `wait` is `command`, `key`, `line` or `over`; `prompt` says what the
//! read is for ([`Observation::read_kind`]); `keys` lists every key it
//! takes ([`Observation::taken_keys`]), each written as the request that
//! types it; `keys_read` counts the keys read so far; `rows` has every row with
//! trailing blanks removed; `standout` lists the cells in reverse video;
//! `status` is `null` when the bottom row is not the status line. Once the
//! game is over, `outcome` is `{"ending":"death","killer":"a bat","gold":..,
//! "max_level":..,"exit":0}` (ending: [`Outcome::word`](crate::session::Outcome::word),
//! the one vocabulary: `death`, `quit`, `win`, `save`, `signal`, `exit`,
//! `stopped` or `crashed`; exit: [`Exit::code`](crate::Exit::code)). A request that cannot be understood is
//! answered `{"error":"..."}` and changes nothing.
//!
//! Bounds: a request line may hold at most [`MAX_LINE`] bytes (64 KiB);
//! a longer one is read to its newline, thrown away and answered with a
//! short error. An error quotes at most the first 40 characters of what
//! it could not read. At most [`MAX_SNAPSHOTS`] snapshots (1000) are kept
//! at once: past that `snapshot` is answered with an error until `forget`
//! frees one. (A snapshot at a command wait is a copy of the whole game,
//! about 100 KB.)

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use crate::curses::{A_STANDOUT, Chtype};
use crate::session::{Action, Config, Controller, Observation, Prompt, Snapshot, Status, Wait, drive};

/// The longest request line (without its newline) that is read.
pub const MAX_LINE: usize = 64 * 1024;

/// The most snapshots kept at once.
pub const MAX_SNAPSHOTS: usize = 1000;

/// The protocol's version, `"protocol"` in the first answer: 2 since each
/// observation says what its read is for (`prompt`) and which keys it
/// takes (`keys`, a list; the count of keys read moved to `keys_read`).
pub const PROTOCOL: u32 = 2;

/// Text an error quotes: its first 40 characters, so an error never
/// grows with the bad request.
fn quoted(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        None => format!("{s:?}"),
        Some((i, _)) => format!("{:?}...", &s[..i]),
    }
}

/// A JSON string literal.
fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `write!(out, "{v}")` for a count, without the formatter (a bot's
/// answer holds a dozen numbers a key).
fn push_uint(out: &mut String, v: u64) {
    let mut digits = [0u8; 20];
    let (mut n, mut at) = (v, digits.len());
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// `write!(out, "{v}")` for a number that may be negative.
fn push_int(out: &mut String, v: i32) {
    if v < 0 {
        out.push('-');
    }
    push_uint(out, u64::from(v.unsigned_abs()));
}

/// A screen row as a JSON string: its characters up to the last one that
/// is not blank. This runs 24 times a key, so the row goes in as one slice
/// when nothing in it needs an escape (nearly always), and byte by byte
/// only when something does.
fn json_row(out: &mut String, buf: &mut Vec<u8>, row: &[Chtype]) {
    let text = |c: &u32| (c & crate::curses::A_CHARTEXT) as u8;
    // The trailing blanks eight at a time (most of a row is blank), then
    // one at a time.
    let blank8 = |cells: &[u32]| cells.iter().fold(0, |acc, c| acc | (c & crate::curses::A_CHARTEXT) ^ 0x20) == 0;
    let mut end = row.len();
    while end >= 8 && blank8(&row[end - 8..end]) {
        end -= 8;
    }
    let end = row[..end].iter().rposition(|c| text(c) != b' ').map_or(0, |i| i + 1);
    let cells = &row[..end];
    // Without a branch a cell, so that the whole row is one pass.
    let escape = |c: &u32| {
        let b = text(c);
        !(0x20..=0x7e).contains(&b) | (b == b'"') | (b == b'\\')
    };
    let plain = !cells.iter().fold(false, |any, c| any | escape(c));
    buf.clear();
    buf.extend(cells.iter().map(text));
    out.push('"');
    match std::str::from_utf8(buf) {
        Ok(s) if plain => out.push_str(s),
        _ => {
            for &b in buf.iter() {
                match b {
                    b'"' => out.push_str("\\\""),
                    b'\\' => out.push_str("\\\\"),
                    0x20..=0x7e => out.push(char::from(b)),
                    b => {
                        let _ = write!(out, "\\u{:04x}", u32::from(b));
                    }
                }
            }
        }
    }
    out.push('"');
}

/// The `"status"` value: the status line's numbers, or `null`.
fn status_json(out: &mut String, status: Option<&Status>) {
    match status {
        Some(Status { stats: s, hunger }) => {
            let fields = [
                ("{\"level\":", s.level),
                (",\"gold\":", s.gold),
                (",\"hp\":", s.hp),
                (",\"max_hp\":", s.max_hp),
                (",\"str\":", s.str),
                (",\"max_str\":", s.max_str),
                (",\"arm\":", s.arm),
                (",\"exp_level\":", s.exp_level),
                (",\"exp\":", s.exp),
            ];
            for (name, v) in fields {
                out.push_str(name);
                push_int(out, v);
            }
            out.push_str(",\"hunger\":");
            json_str(out, hunger);
            out.push('}');
        }
        None => out.push_str("null"),
    }
}

/// The `"keys"` value: every key the read takes, each written as the
/// request that types it (`"h"`, `"\\e"`, `"\\x01"`), so a bot sends one
/// back as it is.
fn keys_json(o: &Observation) -> String {
    let mut out = String::from("[");
    for (i, k) in o.taken_keys().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(&mut out, crate::case::escape::encode_body(&[k]).trim_end_matches('\n'));
    }
    out.push(']');
    out
}

/// An observation as one line of JSON (without the newline).
pub fn observation_json(o: &Observation) -> String {
    let mut out = String::new();
    JsonWriter::default().observation(o, &mut out);
    out
}

/// What the last answer wrote for each row and for the status line, so
/// that what a key left alone (most of the 24 rows, nearly always the
/// status line) is copied instead of written again.
#[derive(Default)]
struct JsonWriter {
    rows: Vec<JsonRow>,
    /// The bottom row's cells and its `"status"` value (empty before the
    /// first).
    status: (Vec<Chtype>, String),
    /// The `"message"` value (empty when the top row changed).
    message: String,
    /// The `"keys"` value and the read it was written for (empty before
    /// the first): most reads take what the one before took.
    keys: (Option<(Wait, Prompt)>, String),
    buf: Vec<u8>,
}

/// A row's cells as last seen and what they were written as.
struct JsonRow {
    cells: Vec<Chtype>,
    /// The row as a JSON string.
    json: String,
    /// The columns in standout.
    standout: Vec<usize>,
}

impl JsonWriter {
    /// [`observation_json`], into `out` (cleared first).
    fn observation(&mut self, o: &Observation, out: &mut String) {
        out.clear();
        let wait = match o.wait {
            Wait::Command => "command",
            Wait::Key => "key",
            Wait::Line => "line",
            Wait::Over => "over",
        };
        out.push_str("{\"wait\":\"");
        out.push_str(wait);
        out.push_str("\",\"prompt\":\"");
        out.push_str(o.read_kind());
        out.push_str("\",\"keys\":");
        if self.keys.0 != Some((o.wait, o.prompt)) {
            self.keys = (Some((o.wait, o.prompt)), keys_json(o));
        }
        out.push_str(&self.keys.1);
        out.push_str(",\"keys_read\":");
        push_uint(out, o.keys);
        out.push_str(",\"cursor\":[");
        push_int(out, o.screen.cury);
        out.push(',');
        push_int(out, o.screen.curx);
        out.push_str("],\"rows\":[");
        let (lines, cols) = (o.screen.lines.max(0) as usize, o.screen.cols.max(0) as usize);
        self.rows.truncate(lines);
        for y in 0..lines {
            let cells = &o.screen.cells()[y * cols..(y + 1) * cols];
            if y == self.rows.len() {
                self.rows.push(JsonRow { cells: Vec::new(), json: String::new(), standout: Vec::new() });
                self.rows[y].cells.push(!0);
            }
            let row = &mut self.rows[y];
            if row.cells != cells {
                if y == 0 {
                    // The message is read off the top row.
                    self.message.clear();
                }
                // Written again in the row's own buffers.
                row.cells.clear();
                row.cells.extend_from_slice(cells);
                row.json.clear();
                json_row(&mut row.json, &mut self.buf, cells);
                row.standout.clear();
                // Standout is rare: a quick look for any first.
                if cells.iter().fold(0, |acc, c| acc | c) & A_STANDOUT != 0 {
                    row.standout.extend(cells.iter().enumerate().filter(|(_, c)| *c & A_STANDOUT != 0).map(|(x, _)| x));
                }
            }
            if y > 0 {
                out.push(',');
            }
            out.push_str(&self.rows[y].json);
        }
        out.push_str("],\"standout\":[");
        let mut first = true;
        for (y, row) in self.rows.iter().enumerate() {
            for &x in &row.standout {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push('[');
                push_uint(out, y as u64);
                out.push(',');
                push_uint(out, x as u64);
                out.push(']');
            }
        }
        out.push_str("],\"status\":");
        let bottom = &o.screen.cells()[lines.saturating_sub(1) * cols..lines * cols];
        let (cells, json) = &mut self.status;
        if cells != bottom || json.is_empty() {
            cells.clear();
            cells.extend_from_slice(bottom);
            json.clear();
            status_json(json, o.status().as_ref());
        }
        out.push_str(json);
        out.push_str(",\"message\":");
        if self.message.is_empty() {
            json_str(&mut self.message, &o.message());
        }
        out.push_str(&self.message);
        out.push_str(",\"outcome\":");
        match &o.outcome {
            None => out.push_str("null"),
            Some(oc) => {
                let ending = oc.word();
                let _ = write!(out, "{{\"ending\":\"{ending}\",\"killer\":");
                match &oc.killer {
                    Some(k) => json_str(out, k),
                    None => out.push_str("null"),
                }
                let exit = oc.exit.code();
                let _ = write!(out, ",\"gold\":{},\"max_level\":{},\"exit\":{exit}", oc.gold, oc.max_level);
                if let Some(c) = &oc.crashed {
                    out.push_str(",\"panic\":");
                    json_str(out, c);
                }
                out.push('}');
            }
        }
        out.push('}');
    }
}

/// The requests, read from their lines: public with `internals` only,
/// for the fuzz target (`fuzz/fuzz_targets/bot_request.rs`).
mod request {
    use super::quoted;
    use crate::session::Config;

    /// Why a request line was refused: its text is the pipe's `error`.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct RequestError(String);

    impl std::fmt::Display for RequestError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl std::error::Error for RequestError {}

    /// Keys written the way case bodies write them (FORMAT-games.md §1.2).
    fn parse_keys(text: &str) -> Result<Vec<u8>, String> {
        crate::case::escape::decode_body(&[text.to_string()]).map_err(|e| e.to_string())
    }

    /// One request.
    #[derive(Debug, PartialEq, Eq)]
    pub enum Request {
        /// Type these keys (`h`, `key N`, `keys TEXT`).
        Keys(Vec<u8>),
        /// `new`: its words (seed, time, user, options).
        New(Vec<String>),
        /// `snapshot`.
        Snapshot,
        /// `restore ID`.
        Restore(u64),
        /// `forget ID`.
        Forget(u64),
        /// `show`.
        Show,
        /// `quit`.
        Quit,
    }

    /// Read one request line (without its newline).
    pub fn parse_request(line: &str) -> Result<Request, RequestError> {
        parse(line).map_err(RequestError)
    }

    fn parse(line: &str) -> Result<Request, String> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let id = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("{word}: not a snapshot number: {}", quoted(s)));
        Ok(match word {
            "key" => {
                let b: u8 = rest.trim().parse().map_err(|_| format!("key: not a byte 0..255: {}", quoted(rest)))?;
                Request::Keys(vec![b])
            }
            "keys" => Request::Keys(parse_keys(rest)?),
            "new" => Request::New(rest.split(' ').filter(|s| !s.is_empty()).map(str::to_string).collect()),
            "snapshot" if rest.is_empty() => Request::Snapshot,
            "restore" => Request::Restore(id(rest)?),
            "forget" => Request::Forget(id(rest)?),
            "show" if rest.is_empty() => Request::Show,
            "quit" if rest.is_empty() => Request::Quit,
            _ => {
                let keys = parse_keys(line).map_err(|e| format!("not a key or a request: {} ({e})", quoted(line)))?;
                if keys.len() != 1 {
                    return Err(format!("not a key or a request: {}", quoted(line)));
                }
                Request::Keys(keys)
            }
        })
    }

    /// A new game's config from `new`'s words, the rest as in `base`.
    pub fn new_config(base: &Config, words: &[String]) -> Result<Config, RequestError> {
        config(base, words).map_err(RequestError)
    }

    fn config(base: &Config, words: &[String]) -> Result<Config, String> {
        let mut c = base.clone();
        if let Some(s) = words.first() {
            c.seed = s.parse().map_err(|_| format!("new: not a seed: {}", quoted(s)))?;
        }
        if let Some(t) = words.get(1) {
            c.time = t.parse().map_err(|_| format!("new: not a time: {}", quoted(t)))?;
        }
        if let Some(u) = words.get(2) {
            c.user = u.clone();
        }
        if words.len() > 3 {
            c.rogueopts = Some(words[3..].join(" "));
        }
        Ok(c)
    }
}

#[cfg(feature = "internals")]
#[doc(hidden)]
pub use request::{Request, RequestError, new_config, parse_request};
#[cfg(not(feature = "internals"))]
use request::{Request, new_config, parse_request};

/// The pipe as a [`Controller`]: the game runs on this thread and reads
/// its keys straight from the input.
struct Pipe<R, W> {
    input: R,
    output: W,
    base: Config,
    kept: HashMap<u64, Snapshot>,
    next_id: u64,
    /// Keys of a `keys` request still to type; the answer comes after
    /// the last.
    queued: VecDeque<u8>,
    /// This wait was already answered (after a snapshot or an error).
    shown: bool,
    /// The first answer, with the protocol's version, has been written.
    greeted: bool,
    error: Option<io::Error>,
    json: JsonWriter,
    /// The answer being written, its room kept from key to key.
    answer: String,
}

impl<R: BufRead, W: Write> Pipe<R, W> {
    fn say(&mut self, text: &str) -> bool {
        let r = self.output.write_all(text.as_bytes()).and_then(|()| self.output.write_all(b"\n"));
        let r = r.and_then(|()| self.output.flush());
        match r {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    /// Answer with the observation.
    fn say_observation(&mut self, obs: &Observation) -> bool {
        let mut answer = std::mem::take(&mut self.answer);
        self.json.observation(obs, &mut answer);
        if !std::mem::replace(&mut self.greeted, true) {
            // The first answer says which protocol the rest follow.
            answer.insert_str(1, &format!("\"protocol\":{PROTOCOL},"));
        }
        let ok = self.say(&answer);
        self.answer = answer;
        ok
    }

    fn say_error(&mut self, e: &str) -> bool {
        let mut s = String::from("{\"error\":");
        json_str(&mut s, e);
        s.push('}');
        self.say(&s)
    }

    /// The next line; `None` at the end of input. A line longer than
    /// [`MAX_LINE`] is read to its end without being kept, and is
    /// `Some(Err(()))`.
    fn read_line(&mut self) -> Option<Result<String, ()>> {
        let mut line = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (part, used, ends) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            if !too_long {
                if line.len() + part.len() > MAX_LINE {
                    too_long = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(part);
                }
            }
            self.input.consume(used);
            if ends {
                break;
            }
        }
        if !any {
            return None;
        }
        if too_long {
            return Some(Err(()));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(Ok(String::from_utf8_lossy(&line).into_owned()))
    }
}

impl<R: BufRead, W: Write> Controller for Pipe<R, W> {
    fn next(&mut self, obs: &Observation) -> Action {
        if let Some(k) = self.queued.pop_front() {
            return Action::Key(k);
        }
        if !std::mem::take(&mut self.shown) && !self.say_observation(obs) {
            return Action::Stop;
        }
        loop {
            let Some(line) = self.read_line() else { return Action::Stop };
            let Ok(line) = line else {
                if !self.say_error(&format!("request longer than {MAX_LINE} bytes (ignored)")) {
                    return Action::Stop;
                }
                continue;
            };
            let ok = match parse_request(&line) {
                Err(e) => self.say_error(&e.to_string()),
                Ok(Request::Quit) => return Action::Stop,
                Ok(Request::Keys(keys)) => {
                    self.queued = keys.into();
                    match self.queued.pop_front() {
                        Some(k) => return Action::Key(k),
                        None => self.say_observation(obs),
                    }
                }
                Ok(Request::Show) => self.say_observation(obs),
                Ok(Request::New(words)) => match new_config(&self.base, &words) {
                    Ok(c) => {
                        self.base = c.clone();
                        return Action::New(Box::new(c));
                    }
                    Err(e) => self.say_error(&e.to_string()),
                },
                Ok(Request::Snapshot) if self.kept.len() >= MAX_SNAPSHOTS => self.say_error(&format!(
                    "snapshot: {MAX_SNAPSHOTS} snapshots are kept already (the most); forget one first"
                )),
                Ok(Request::Snapshot) => return Action::Snapshot,
                Ok(Request::Restore(id)) => match self.kept.get(&id) {
                    Some(s) => return Action::Restore(s.clone()),
                    None => self.say_error(&format!("restore: no snapshot {id}")),
                },
                Ok(Request::Forget(id)) => match self.kept.remove(&id) {
                    Some(_) => self.say(&format!("{{\"forgot\":{id}}}")),
                    None => self.say_error(&format!("forget: no snapshot {id}")),
                },
            };
            if !ok {
                return Action::Stop;
            }
        }
    }

    fn snapshot(&mut self, snap: Snapshot) {
        let id = self.next_id;
        self.next_id += 1;
        self.kept.insert(id, snap);
        self.say(&format!("{{\"snapshot\":{id}}}"));
        self.shown = true;
    }
}

/// Serve one bot: a game from `config` at once (its first observation is
/// the first line written), then requests until `quit` or the end of
/// input. The game runs on this thread.
pub fn serve<R, W>(config: &Config, input: R, output: W) -> io::Result<()>
where
    R: BufRead + 'static,
    W: Write + 'static,
{
    let pipe = Pipe {
        input,
        output,
        base: config.clone(),
        kept: HashMap::new(),
        next_id: 1,
        queued: VecDeque::new(),
        shown: false,
        greeted: false,
        error: None,
        json: JsonWriter::default(),
        answer: String::new(),
    };
    let done = drive(config, pipe).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    match done.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_as_documented() {
        assert_eq!(parse_request("h"), Ok(Request::Keys(vec![b'h'])));
        assert_eq!(parse_request(" "), Ok(Request::Keys(vec![b' '])));
        assert_eq!(parse_request("\\n"), Ok(Request::Keys(vec![b'\n'])));
        assert_eq!(parse_request("\\e"), Ok(Request::Keys(vec![0x1b])));
        assert_eq!(parse_request("\\x12"), Ok(Request::Keys(vec![0x12])));
        assert_eq!(parse_request("key 27"), Ok(Request::Keys(vec![27])));
        assert_eq!(parse_request("keys hj\\nk"), Ok(Request::Keys(b"hj\nk".to_vec())));
        assert_eq!(parse_request("snapshot"), Ok(Request::Snapshot));
        assert_eq!(parse_request("restore 4"), Ok(Request::Restore(4)));
        assert_eq!(
            parse_request("new 5 1700000000 me"),
            Ok(Request::New(vec!["5".into(), "1700000000".into(), "me".into()]))
        );
        assert!(parse_request("key 300").is_err());
        assert!(parse_request("hello").is_err());
        assert!(parse_request("").is_err());
        assert!(parse_request("restore x").is_err());
    }

    #[test]
    fn errors_do_not_echo_the_request() {
        let long = "x".repeat(MAX_LINE);
        let e = parse_request(&long).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
        let e = parse_request(&format!("key {long}")).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
    }

    #[test]
    fn long_lines_and_many_snapshots_are_bounded() {
        let mut input = Vec::new();
        input.extend(std::iter::repeat_n(b'y', 3 * MAX_LINE));
        input.extend_from_slice(b"\n");
        // Invalid UTF-8, just within the bound.
        input.extend(std::iter::repeat_n(0xff, MAX_LINE));
        input.extend_from_slice(b"\nh\n");
        for _ in 0..MAX_SNAPSHOTS + 2 {
            input.extend_from_slice(b"snapshot\n");
        }
        input.extend_from_slice(b"forget 5\nsnapshot\nquit\n");
        let out = SharedOut::default();
        serve(&Config { seed: 7, ..Config::default() }, std::io::Cursor::new(input), out.clone()).expect("serves");
        let text = String::from_utf8(out.0.lock().expect("output").clone()).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.iter().all(|l| l.len() < 4000), "an answer grew with its request");
        assert_eq!(lines[1], format!("{{\"error\":\"request longer than {MAX_LINE} bytes (ignored)\"}}"));
        assert!(lines[2].starts_with("{\"error\":\"not a key or a request: "), "{}", lines[2]);
        assert!(lines[3].starts_with("{\"wait\""), "{}", lines[3]);
        let n = MAX_SNAPSHOTS;
        assert_eq!(lines[4 + n - 1], format!("{{\"snapshot\":{n}}}"));
        assert!(lines[4 + n].contains("snapshots are kept already"), "{}", lines[4 + n]);
        assert!(lines[5 + n].contains("snapshots are kept already"), "{}", lines[5 + n]);
        assert_eq!(lines[6 + n], "{\"forgot\":5}");
        assert_eq!(lines[7 + n], format!("{{\"snapshot\":{}}}", n + 1));
    }

    /// Output the test can read after `serve` has taken it.
    #[derive(Clone, Default)]
    struct SharedOut(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for SharedOut {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().expect("output").extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A row as the JSON writer wrote it before its one-slice fast path:
    /// byte by byte.
    fn json_row_bytewise(row: &[crate::curses::Chtype]) -> String {
        let text = |c: &u32| (c & crate::curses::A_CHARTEXT) as u8;
        let end = row.iter().rposition(|c| text(c) != b' ').map_or(0, |i| i + 1);
        let mut out = String::from("\"");
        for c in &row[..end] {
            match text(c) {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b @ 0x20..=0x7e => out.push(char::from(b)),
                b => out.push_str(&format!("\\u{:04x}", u32::from(b))),
            }
        }
        out.push('"');
        out
    }

    #[test]
    fn integers_are_written_as_by_the_formatter() {
        let mut out = String::new();
        for v in [0, 1, -1, 9, 10, -10, 99, 12345, i32::MIN, i32::MAX] {
            out.clear();
            push_int(&mut out, v);
            assert_eq!(out, v.to_string());
        }
        for v in [0, 7, 10, 1 << 40, u64::MAX] {
            out.clear();
            push_uint(&mut out, v);
            assert_eq!(out, v.to_string());
        }
    }

    /// A writer that copies the rows, status and message it wrote last
    /// writes, at every key of a game, what a fresh one writes.
    #[test]
    fn a_reused_writer_writes_what_a_fresh_one_does() {
        let keys = b"hhhjjjlllkkksi\x1bZZ.....yubn/Q\nsearch\x1bHJKL";
        for seed in [3, 11, 42] {
            let mut writer = JsonWriter::default();
            let mut out = String::new();
            let mut at = 0;
            let bot = move |o: &Observation| {
                writer.observation(o, &mut out);
                assert_eq!(out, observation_json(o), "seed {seed} key {at}");
                let k = keys.get(at % keys.len()).copied();
                at += 1;
                (at < 400).then_some(k).flatten()
            };
            let _ = crate::session::play(&Config { seed, ..Config::default() }, bot).unwrap();
        }
    }

    #[test]
    fn json_rows_match_the_bytewise_writer() {
        let mut seed = 12345u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            seed >> 8
        };
        let (mut out, mut buf) = (String::new(), Vec::new());
        for _ in 0..3000 {
            let len = (next() % 90) as usize;
            let row: Vec<u32> = (0..len)
                .map(|_| match next() % 8 {
                    // Mostly map characters and blanks, some in standout,
                    // now and then a byte that needs an escape.
                    0 => u32::from(b' '),
                    1 => u32::from(b'-') | crate::curses::A_STANDOUT,
                    2 => next() % 256,
                    3 => [u32::from(b'"'), u32::from(b'\\'), 0x1b, 0x7f, 0xe9][(next() % 5) as usize],
                    _ => 0x20 + next() % 0x5f,
                })
                .collect();
            out.clear();
            json_row(&mut out, &mut buf, &row);
            assert_eq!(out, json_row_bytewise(&row), "{row:?}");
        }
    }

    #[test]
    fn a_bot_plays_over_the_pipe() {
        let input = b"snapshot\nh\nkeys jjj\nrestore 1\nbogus\nQ\ny\n\\n\nshow\nquit\n";
        let out = SharedOut::default();
        serve(&Config { seed: 7, ..Config::default() }, &input[..], out.clone()).expect("serves");
        let text = String::from_utf8(out.0.lock().expect("output").clone()).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10, "{text}");
        // The first answer alone names the protocol.
        assert!(lines[0].starts_with("{\"protocol\":2,\"wait\":\"command\",\"prompt\":\"command\",\"keys\":["));
        assert!(lines[0].contains("\"status\":{\"level\":1,"), "{}", lines[0]);
        assert!(lines[2].starts_with("{\"wait\":\"command\""), "{}", lines[2]);
        assert_eq!(lines[1], "{\"snapshot\":1}");
        // Restoring gives the first screen back (with the count of keys
        // read up to it).
        assert_eq!(lines[4], lines[0].replacen("\"protocol\":2,", "", 1));
        assert!(lines[5].starts_with("{\"error\":"), "{}", lines[5]);
        assert!(lines[6].contains("Really quit?"), "{}", lines[6]);
        assert!(lines[6].contains("\"prompt\":\"yes_no\""), "{}", lines[6]);
        assert!(lines[8].contains("\"prompt\":\"over\",\"keys\":[],"), "{}", lines[8]);
        assert!(lines[7].contains("[Press return to continue]"), "{}", lines[7]);
        assert!(lines[8].contains("\"ending\":\"quit\""), "{}", lines[8]);
        assert!(lines[8].contains("\"wait\":\"over\""), "{}", lines[8]);
        assert_eq!(lines[9], lines[8]);
    }
}
