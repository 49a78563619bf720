//! io.c: the message line.
//!
//! Messages are composed from pieces (`addmsg`) and shown by `msg` or
//! `endmsg`. Under the oracle's harness (and for headless bots) they are
//! recorded instead of drawn (FORMAT-core.md §3.2); the drawing path, with
//! its `--More--` prompt, comes with the command loop.

use crate::consts::NUMCOLS;
use crate::game::Game;

/// `MAXMSG`: the longest message that leaves room for "--More--".
pub const MAXMSG: usize = NUMCOLS as usize - "--More--".len() - 1;

impl Game {
    /// `msg`: add to the current message and show it. An empty text only
    /// clears the message line.
    pub fn msg(&mut self, text: &str) {
        if text.is_empty() {
            if self.msg_record.is_none() {
                self.scr.move_to(0, 0);
                self.scr.clrtoeol();
                self.mpos = 0;
            }
            return;
        }
        self.doadd(text);
        self.endmsg();
    }

    /// `addmsg`: add to the current message.
    pub fn addmsg(&mut self, text: &str) {
        self.doadd(text);
    }

    /// `endmsg`: show the message composed so far. (Until the command loop
    /// draws messages, every game records them, as the harness does.)
    pub fn endmsg(&mut self) {
        let rec = self.msg_record.get_or_insert_with(Default::default);
        rec.emitted.push(std::mem::take(&mut rec.pending));
    }

    /// `doadd`: append a piece, first showing what is pending when the two
    /// would not fit on the line together.
    fn doadd(&mut self, piece: &str) {
        let pending = self.msg_record.as_ref().map_or(0, |r| r.pending.len());
        if piece.len() + pending >= MAXMSG {
            self.endmsg();
        }
        let rec = self.msg_record.get_or_insert_with(Default::default);
        rec.pending.push_str(piece);
    }

    /// The messages emitted so far, oldest first, taken out of the record.
    pub fn take_messages(&mut self) -> Vec<String> {
        self.msg_record.as_mut().map(|r| std::mem::take(&mut r.emitted)).unwrap_or_default()
    }
}
