//! Fixed-size C character arrays (`char s_dmg[13]`, `char o_damage[8]`,
//! `char whoami[MAXSTR]`, ...), kept as the bytes the C program holds: the
//! save file writes whole arrays, and damage strings are parsed with C
//! string semantics.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CBuf<const N: usize>(pub [u8; N]);

impl<const N: usize> Default for CBuf<N> {
    fn default() -> Self {
        CBuf([0; N])
    }
}

impl<const N: usize> CBuf<N> {
    /// An all-zero array (a `calloc`ed or static one).
    pub const fn zeroed() -> Self {
        CBuf([0; N])
    }

    /// `strncpy(buf, s, N)`: copy at most N bytes and zero-fill the rest,
    /// leaving no terminator when `s` is N bytes or longer.
    pub fn strncpy(s: &[u8]) -> Self {
        let mut b = [0u8; N];
        let n = s.iter().position(|&c| c == 0).unwrap_or(s.len()).min(N);
        b[..n].copy_from_slice(&s[..n]);
        CBuf(b)
    }

    /// `strcpy` into an existing array: the bytes after the new terminator
    /// keep what they held. A string too long for the array is cut so that
    /// the array still ends in a terminator (where C would overrun).
    pub fn strcpy(&mut self, s: &[u8]) {
        let n = s.iter().position(|&c| c == 0).unwrap_or(s.len()).min(N.saturating_sub(1));
        self.0[..n].copy_from_slice(&s[..n]);
        if n < N {
            self.0[n] = 0;
        }
    }

    /// `strlen`: where the first NUL is (N if none).
    pub fn strlen(&self) -> usize {
        self.0.iter().position(|&c| c == 0).unwrap_or(N)
    }

    /// `sprintf(&buf[at], "%s", s)` / `strcpy(&buf[at], s)`: write a string
    /// and its terminator at an offset, leaving the bytes after it as they
    /// were. A string that would not fit is cut so the terminator fits.
    pub fn write_at(&mut self, at: usize, s: &[u8]) {
        if at >= N {
            return;
        }
        let n = s.iter().position(|&c| c == 0).unwrap_or(s.len()).min(N - 1 - at);
        self.0[at..at + n].copy_from_slice(&s[..n]);
        self.0[at + n] = 0;
    }

    /// `sprintf(buf, "%s", s)`: the same at the start.
    pub fn sprintf(&mut self, s: &[u8]) {
        self.write_at(0, s);
    }

    /// `strcat(buf, s)`.
    pub fn strcat(&mut self, s: &[u8]) {
        let at = self.strlen();
        self.write_at(at, s);
    }

    /// `sprintf(&buf[at], fmt, ...)`: formatted text written straight into
    /// the array, as [`CBuf::write_at`] would write the formatted string
    /// (cut at a NUL or where the terminator must go), with no allocation.
    pub fn write_fmt_at(&mut self, at: usize, args: fmt::Arguments<'_>) {
        if at >= N {
            return;
        }
        let mut w = At { buf: &mut self.0, pos: at, stopped: false };
        let _ = fmt::Write::write_fmt(&mut w, args);
        let end = w.pos;
        self.0[end] = 0;
    }

    /// `write_at` of the concatenation of `parts`, without building it.
    pub fn write_parts_at(&mut self, at: usize, parts: &[&[u8]]) {
        if at >= N {
            return;
        }
        let mut w = At { buf: &mut self.0, pos: at, stopped: false };
        for p in parts {
            w.bytes(p);
        }
        let end = w.pos;
        self.0[end] = 0;
    }

    /// `sprintf(buf, fmt, ...)`.
    pub fn sprintf_fmt(&mut self, args: fmt::Arguments<'_>) {
        self.write_fmt_at(0, args);
    }

    /// `strcat` of formatted text.
    pub fn strcat_fmt(&mut self, args: fmt::Arguments<'_>) {
        let at = self.strlen();
        self.write_fmt_at(at, args);
    }

    /// The C string: the bytes up to the first NUL (all N if none).
    pub fn as_bytes(&self) -> &[u8] {
        let n = self.0.iter().position(|&c| c == 0).unwrap_or(N);
        &self.0[..n]
    }

    pub fn as_str_lossy(&self) -> String {
        String::from_utf8_lossy(self.as_bytes()).into_owned()
    }
}

/// A cursor into a C array for [`CBuf::write_fmt_at`]: it keeps the last
/// byte for the terminator and stops at the first NUL, as `write_at` does.
struct At<'a> {
    buf: &'a mut [u8],
    pos: usize,
    stopped: bool,
}

impl fmt::Write for At<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

impl At<'_> {
    fn bytes(&mut self, s: &[u8]) {
        if self.stopped {
            return;
        }
        let (s, nul) = match s.iter().position(|&c| c == 0) {
            Some(i) => (&s[..i], true),
            None => (s, false),
        };
        let room = self.buf.len() - 1 - self.pos;
        let n = s.len().min(room);
        self.buf[self.pos..self.pos + n].copy_from_slice(&s[..n]);
        self.pos += n;
        self.stopped = nul || n < s.len();
    }
}

impl<const N: usize> fmt::Debug for CBuf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str_lossy())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strncpy_pads_and_may_not_terminate() {
        let b = CBuf::<8>::strncpy(b"0x0");
        assert_eq!(b.0, *b"0x0\0\0\0\0\0");
        let full = CBuf::<4>::strncpy(b"abcdef");
        assert_eq!(full.as_bytes(), b"abcd");
    }

    #[test]
    fn formatted_writes_match_write_at() {
        for text in ["12 scrolls ", "a\0b", "0123456789abcdef"] {
            let mut a = CBuf::<8>::strncpy(b"zzzzzzzz");
            let mut b = a;
            a.write_at(2, text.as_bytes());
            b.write_fmt_at(2, format_args!("{}", text));
            assert_eq!(a.0, b.0, "{text:?}");
            let (mut c, mut d) = (a, a);
            c.strcat(format!("{}!", 7).as_bytes());
            d.strcat_fmt(format_args!("{}!", 7));
            assert_eq!(c.0, d.0);
            let (mut e, mut f) = (a, a);
            e.write_at(1, &[b"x".as_slice(), text.as_bytes(), b"yz"].concat());
            f.write_parts_at(1, &[b"x", text.as_bytes(), b"yz"]);
            assert_eq!(e.0, f.0);
        }
    }

    #[test]
    fn strcpy_keeps_the_tail() {
        let mut b = CBuf::<8>::strncpy(b"1x8/1x8");
        b.strcpy(b"1x2");
        assert_eq!(&b.0, b"1x2\x001x8\x00");
        assert_eq!(b.as_bytes(), b"1x2");
    }
}
