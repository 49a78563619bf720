//! The reads made in the terminal's normal mode (the last read of a game,
//! after the score list): which keys end one, and which keys such a read
//! takes. The terminal's own line discipline (`curses::tty`, through the
//! model's `read_line`) does the rest, as it does for the real terminal
//! and `rogue-trace`: a return ends the line there too (ICRNL).

use crate::curses::model::{KeySet, Prompt, PromptKind};

/// What a line read takes: the only such read, after the score list, is
/// answered by Enter (a return or a newline); what is typed before it is
/// thrown away.
pub(crate) const LINE_PROMPT: Prompt = Prompt { kind: PromptKind::Line, keys: KeySet::of(b"\r\n") };

/// Whether key `b` ends a line the way the terminal ends it for a read:
/// a newline, or a return, which the terminal turns into one (ICRNL). The
/// keys before it reach the terminal's line discipline together, as the
/// recorded games type a line in one write (a signal key among them acts
/// when the line is handed over, as there).
pub(crate) fn ends_read(b: u8) -> bool {
    matches!(b, b'\n' | b'\r')
}
