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

    /// The C string: the bytes up to the first NUL (all N if none).
    pub fn as_bytes(&self) -> &[u8] {
        let n = self.0.iter().position(|&c| c == 0).unwrap_or(N);
        &self.0[..n]
    }

    pub fn as_str_lossy(&self) -> String {
        String::from_utf8_lossy(self.as_bytes()).into_owned()
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
    fn strcpy_keeps_the_tail() {
        let mut b = CBuf::<8>::strncpy(b"1x8/1x8");
        b.strcpy(b"1x2");
        assert_eq!(&b.0, b"1x2\x001x8\x00");
        assert_eq!(b.as_bytes(), b"1x2");
    }
}
