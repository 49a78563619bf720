//! The terminal's line discipline in its normal ("cooked") mode, as Linux's
//! n_tty runs it with the settings the game's terminal has when curses is
//! off (FORMAT-games.md §4.1): ICANON with erase DEL, kill ^U, werase ^W,
//! reprint ^R, lnext ^V and eof ^D; ECHO, ECHOE, ECHOK, ECHOKE, ECHOCTL;
//! ICRNL; ISIG (intr ^C, quit ^\, susp ^Z) without NOFLSH; IXON (stop ^S,
//! start ^Q) without IXANY; output OPOST with ONLCR.
//!
//! What Linux does that a simple model misses, and this one keeps:
//! * echo is queued and written when the typed bytes of one write have all
//!   been taken (or at a start character), so a signal character, which
//!   throws the queue away, also throws away the echo before it;
//! * every byte is taken, also after a line has ended (by a newline, a
//!   return or end-of-file): it is echoed and waits for the next read;
//! * after a stop character nothing is written until a start character (or
//!   a signal character) restarts the output;
//! * the kernel counts the output columns itself, to erase a tab.
//!
//! The echo queue holds the same entries as n_tty's (a byte, a control
//! character shown as `^X`, and the column operations these settings use), counted in the
//! kernel's bytes, so that its writing thresholds come out the same.

use std::collections::VecDeque;

/// The special characters (c_cc) of the game's terminal.
pub const VINTR: u8 = 0x03;
pub const VQUIT: u8 = 0x1c;
pub const VSUSP: u8 = 0x1a;
pub const VERASE: u8 = 0x7f;
pub const VKILL: u8 = 0x15;
pub const VWERASE: u8 = 0x17;
pub const VREPRINT: u8 = 0x12;
pub const VLNEXT: u8 = 0x16;
pub const VEOF: u8 = 0x04;
pub const VSTART: u8 = 0x11;
pub const VSTOP: u8 = 0x13;

/// Signals a typed character raises.
pub const SIGINT: i32 = 2;
pub const SIGQUIT: i32 = 3;
pub const SIGTSTP: i32 = 20;

/// Echo queued this many bytes is written at once (ECHO_COMMIT_WATERMARK,
/// ECHO_BLOCK).
const COMMIT_WATERMARK: usize = 256;
const ECHO_BLOCK: usize = 256;
/// The echo buffer's size less a block and a margin: older echo beyond
/// this is dropped (ECHO_DISCARD_WATERMARK).
const DISCARD_WATERMARK: usize = 4096 - (ECHO_BLOCK + 32);
/// Room in the other side's buffer while output runs: always enough here.
const ROOM: usize = 65536;

/// `iscntrl` of the kernel's ctype (its table gives 0x80-0x9f no class).
pub fn iscntrl(c: u8) -> bool {
    c < 0x20 || c == 0x7f
}

/// `isalnum` of the kernel's ctype (Latin-1 letters count).
fn isalnum(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, 0xc0..=0xd6 | 0xd8..=0xf6 | 0xf8..=0xff)
}

/// One entry of the echo queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Echo {
    /// A byte written as it is (through the output processing).
    Byte(u8),
    /// A control character written as `^X`.
    Ctl(u8),
    /// The column where the line's echo starts is the current one.
    SetCanonCol,
    /// Back over a tab: the columns since the line's start (or, with the
    /// high bit, since the tab before), modulo 8.
    EraseTab(u8),
}

impl Echo {
    /// Its size in the kernel's echo buffer.
    fn size(self) -> usize {
        match self {
            Echo::Byte(0xff) | Echo::Ctl(_) | Echo::SetCanonCol => 2,
            Echo::Byte(_) => 1,
            Echo::EraseTab(_) => 3,
        }
    }
}

/// The line discipline of one terminal: the typed bytes not yet read, the
/// echo not yet written, and the output state.
#[derive(Clone, Debug, Default)]
pub struct LineDiscipline {
    /// Typed bytes not yet read; `ends[i]` marks a line's last byte.
    buf: Vec<u8>,
    ends: Vec<bool>,
    /// How much of `buf` is whole lines (canon_head).
    canon: usize,
    /// The next byte is taken literally (after ^V).
    lnext: bool,
    /// Output stopped (^S).
    pub stopped: bool,
    /// The output column as the kernel counts it, and where the current
    /// line's echo started.
    pub column: usize,
    canon_column: usize,
    /// The echo queue and its positions in bytes (head, commit, mark and
    /// tail of n_tty): `queue` holds what lies between tail and head.
    queue: VecDeque<Echo>,
    head: usize,
    commit: usize,
    mark: usize,
    tail: usize,
    /// Written to the terminal and not yet taken by [`Self::take_output`].
    out: Vec<u8>,
    /// Signals raised, in order, not yet taken.
    signals: Vec<i32>,
}

impl LineDiscipline {
    /// A line discipline with nothing typed, the output at `column`.
    pub fn new(column: usize) -> Self {
        LineDiscipline { column, canon_column: column, ..Default::default() }
    }

    /// The bytes of one write to the terminal's input, taken one by one as
    /// n_tty's receive_buf takes them; then the queued echo is written.
    pub fn receive(&mut self, typed: &[u8]) {
        let mut bytes = typed.iter().copied();
        if self.lnext
            && let Some(c) = bytes.next()
        {
            self.lnext = false;
            self.normal(c);
        }
        while let Some(c) = bytes.next() {
            if !Self::special(c) {
                self.normal(c);
            } else if self.special_char(c) {
                // ^V: the next byte of this write is literal; at the end
                // of the write, the first of the next one.
                if let Some(n) = bytes.next() {
                    self.lnext = false;
                    self.normal(n);
                }
            }
        }
        self.flush_echoes();
    }

    /// What was written to the terminal since the last call.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// The signals raised since the last call.
    pub fn take_signals(&mut self) -> Vec<i32> {
        std::mem::take(&mut self.signals)
    }

    /// A `read()` in canonical mode: the first whole line, its newline
    /// included (a line ended by end-of-file comes without it, and an
    /// empty one is the end of the file); `None` when no line is whole
    /// (the read would wait).
    pub fn read(&mut self) -> Option<Vec<u8>> {
        if self.canon == 0 {
            return None;
        }
        let end = self.ends.iter().position(|&e| e)?;
        let mut line: Vec<u8> = self.buf.drain(..=end).collect();
        self.ends.drain(..=end);
        self.canon -= end + 1;
        // The end-of-file mark (a NUL flagged as a line end) is not read.
        if line.last() == Some(&0) {
            line.pop();
        }
        Some(line)
    }

    /// Whether a byte is one of those n_tty's char_map sends to its
    /// special handling.
    fn special(c: u8) -> bool {
        matches!(c, b'\r' | b'\n' | VERASE | VKILL | VEOF | VWERASE | VLNEXT | VREPRINT | VSTART | VSTOP)
            || matches!(c, VINTR | VQUIT | VSUSP)
    }

    /// A special character; true for ^V (the next byte is literal).
    fn special_char(&mut self, c: u8) -> bool {
        match c {
            VSTART => {
                self.stopped = false;
                self.process_echoes();
                return false;
            }
            VSTOP => {
                self.stopped = true;
                return false;
            }
            VINTR | VQUIT | VSUSP => {
                let sig = match c {
                    VINTR => SIGINT,
                    VQUIT => SIGQUIT,
                    _ => SIGTSTP,
                };
                self.isig(sig);
                self.stopped = false;
                self.echo_char(c);
                self.commit_echoes();
                return false;
            }
            _ => {}
        }
        let c = if c == b'\r' { b'\n' } else { c };
        match c {
            VERASE | VKILL | VWERASE => {
                self.eraser(c);
                self.commit_echoes();
                false
            }
            VLNEXT => {
                self.lnext = true;
                self.echo_raw(b'^');
                self.echo_raw(b'\x08');
                self.commit_echoes();
                true
            }
            VREPRINT => {
                self.echo_char(c);
                self.echo_raw(b'\n');
                let line = self.buf[self.canon..].to_vec();
                for b in line {
                    self.echo_char(b);
                }
                self.commit_echoes();
                false
            }
            b'\n' => {
                self.echo_raw(b'\n');
                self.commit_echoes();
                self.end_line(b'\n');
                false
            }
            VEOF => {
                // Not echoed; the line ends with a mark the read drops.
                self.end_line(0);
                false
            }
            _ => {
                self.normal(c);
                false
            }
        }
    }

    /// An ordinary byte: echoed and queued.
    fn normal(&mut self, c: u8) {
        if self.canon == self.buf.len() {
            self.push_echo(Echo::SetCanonCol);
        }
        self.echo_char(c);
        self.commit_echoes();
        self.buf.push(c);
        self.ends.push(false);
    }

    fn end_line(&mut self, c: u8) {
        self.buf.push(c);
        self.ends.push(true);
        self.canon = self.buf.len();
    }

    /// A signal character without NOFLSH: the signal, and the echo queue,
    /// the output not yet taken and the typed input are thrown away.
    fn isig(&mut self, sig: i32) {
        self.signals.push(sig);
        self.queue.clear();
        self.head = 0;
        self.commit = 0;
        self.mark = 0;
        self.tail = 0;
        self.out.clear();
        self.buf.clear();
        self.ends.clear();
        self.canon = 0;
    }

    /// Erase, word erase or kill, with ECHOE, ECHOK and ECHOKE: each byte
    /// rubbed out on the screen.
    fn eraser(&mut self, kind: u8) {
        let mut seen_alnums = 0;
        while self.buf.len() > self.canon {
            let Some(&c) = self.buf.last() else { break };
            if kind == VWERASE {
                if isalnum(c) || c == b'_' {
                    seen_alnums += 1;
                } else if seen_alnums > 0 {
                    break;
                }
            }
            self.buf.pop();
            self.ends.pop();
            if c == b'\t' {
                // The columns since the line's start or the tab before.
                let mut cols = 0usize;
                let mut after_tab = false;
                for &p in self.buf[self.canon..].iter().rev() {
                    if p == b'\t' {
                        after_tab = true;
                        break;
                    }
                    cols += if iscntrl(p) { 2 } else { 1 };
                }
                let n = (cols & 7) as u8 | if after_tab { 0x80 } else { 0 };
                self.push_echo(Echo::EraseTab(n));
            } else {
                let times = if iscntrl(c) { 2 } else { 1 };
                for _ in 0..times {
                    for b in *b"\x08 \x08" {
                        self.echo_raw(b);
                    }
                }
            }
            if kind == VERASE {
                break;
            }
        }
    }

    fn push_echo(&mut self, e: Echo) {
        self.head += e.size();
        self.queue.push_back(e);
    }

    /// `echo_char`: a control character (not a tab) as `^X`.
    fn echo_char(&mut self, c: u8) {
        if c != 0xff && iscntrl(c) && c != b'\t' {
            self.push_echo(Echo::Ctl(c));
        } else {
            self.push_echo(Echo::Byte(c));
        }
    }

    fn echo_raw(&mut self, c: u8) {
        self.push_echo(Echo::Byte(c));
    }

    /// `commit_echoes`: written now only past a block's worth.
    fn commit_echoes(&mut self) {
        self.mark = self.head;
        let old = self.commit - self.tail;
        let nr = self.head - self.tail;
        if nr < COMMIT_WATERMARK || nr % ECHO_BLOCK > old % ECHO_BLOCK {
            return;
        }
        self.commit = self.head;
        self.write_echoes();
    }

    /// `process_echoes`: everything queued up to the mark.
    fn process_echoes(&mut self) {
        if self.mark == self.tail {
            return;
        }
        self.commit = self.mark;
        self.write_echoes();
    }

    /// `flush_echoes`: everything queued, at the end of a write.
    fn flush_echoes(&mut self) {
        if self.commit == self.head {
            return;
        }
        self.commit = self.head;
        self.write_echoes();
    }

    /// `__process_echoes`: write the committed echo while there is room
    /// (none while output is stopped).
    fn write_echoes(&mut self) {
        let mut space = if self.stopped { 0 } else { ROOM };
        while self.tail < self.commit {
            let Some(&e) = self.queue.front() else { break };
            match e {
                Echo::Byte(0xff) => {
                    if space == 0 {
                        break;
                    }
                    self.out.push(0xff);
                    self.column += 1;
                    space -= 1;
                }
                Echo::Byte(c) => match self.output_char(c, space) {
                    Some(n) => space -= n,
                    None => break,
                },
                Echo::Ctl(c) => {
                    if space < 2 {
                        break;
                    }
                    self.out.extend_from_slice(&[b'^', c ^ 0x40]);
                    self.column += 2;
                    space -= 2;
                }
                Echo::SetCanonCol => self.canon_column = self.column,
                Echo::EraseTab(n) => {
                    let mut cols = usize::from(n);
                    if n & 0x80 == 0 {
                        cols += self.canon_column;
                    }
                    let back = 8 - (cols & 7);
                    if back > space {
                        break;
                    }
                    space -= back;
                    for _ in 0..back {
                        self.out.push(b'\x08');
                        self.column = self.column.saturating_sub(1);
                    }
                }
            }
            self.queue.pop_front();
            self.tail += e.size();
        }
        // A nearly full buffer drops its oldest echo.
        while self.commit > self.tail && self.commit - self.tail >= DISCARD_WATERMARK {
            let Some(e) = self.queue.pop_front() else { break };
            self.tail += e.size();
        }
    }

    /// `do_output_char` with OPOST and ONLCR: the bytes used, or `None`
    /// when there is no room.
    fn output_char(&mut self, c: u8, space: usize) -> Option<usize> {
        if space == 0 {
            return None;
        }
        match c {
            b'\n' => {
                if space < 2 {
                    return None;
                }
                self.column = 0;
                self.canon_column = 0;
                self.out.extend_from_slice(b"\r\n");
                return Some(2);
            }
            b'\r' => {
                self.column = 0;
                self.canon_column = 0;
            }
            b'\t' => self.column += 8 - (self.column & 7),
            b'\x08' => self.column = self.column.saturating_sub(1),
            _ => {
                if !iscntrl(c) {
                    self.column += 1;
                }
            }
        }
        self.out.push(c);
        Some(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(typed: &[u8]) -> (Vec<u8>, Vec<Option<Vec<u8>>>, Vec<i32>) {
        let mut ld = LineDiscipline::new(26);
        ld.receive(typed);
        let reads = (0..3).map(|_| ld.read()).collect();
        (ld.take_output(), reads, ld.take_signals())
    }

    #[test]
    fn a_line_is_echoed_with_its_newline_as_cr_lf() {
        let (out, reads, sig) = run(b"ab\n");
        assert_eq!(out, b"ab\r\n");
        assert_eq!(reads[0].as_deref(), Some(&b"ab\n"[..]));
        assert!(sig.is_empty());
    }

    #[test]
    fn a_signal_character_throws_away_the_echo_before_it() {
        let (out, reads, sig) = run(b"ab\x03\n");
        assert_eq!(out, b"^C\r\n");
        assert_eq!(reads[0].as_deref(), Some(&b"\n"[..]));
        assert_eq!(sig, vec![SIGINT]);
    }

    #[test]
    fn bytes_after_a_return_or_eof_are_echoed_and_wait() {
        let (out, reads, _) = run(b"a\rb\x04c\n");
        assert_eq!(out, b"a\r\nbc\r\n");
        assert_eq!(reads[0].as_deref(), Some(&b"a\n"[..]));
        assert_eq!(reads[1].as_deref(), Some(&b"b"[..]));
        assert_eq!(reads[2].as_deref(), Some(&b"c\n"[..]));
    }

    #[test]
    fn a_stop_character_holds_all_echo_until_start() {
        assert_eq!(run(b"a\x13b\n").0, b"");
        assert_eq!(run(b"a\x13b\x11c\n").0, b"abc\r\n");
    }

    #[test]
    fn a_tab_is_erased_back_to_its_stop() {
        // The line starts at column 26: a tab there goes to 32.
        let (out, _, _) = run(b"\t\x7f\n");
        assert_eq!(out, b"\t\x08\x08\x08\x08\x08\x08\r\n");
    }
}
