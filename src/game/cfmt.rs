//! What C's formatting and curses' `unctrl` make of bytes, where the game
//! shows them.

/// `unctrl(c)` of ncurses in the C locale: a control character as `^X`,
/// DEL as `^?`, bytes 128..159 as `~X`, anything else as itself.
pub fn unctrl(c: u8) -> Vec<u8> {
    match c {
        0..=31 => vec![b'^', c + 64],
        127 => b"^?".to_vec(),
        128..=159 => vec![b'~', c - 64],
        _ => vec![c],
    }
}

/// A text the C passes to `msg()` as its format string (the last
/// message for ^P, an object's name, a potion's taste): printf turns `%%`
/// into `%`. Other conversions would read arguments that are not there
/// (undefined behaviour in the C); the port shows them as written.
pub fn as_format(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%' && text.get(i + 1) == Some(&b'%') {
            out.push(b'%');
            i += 2;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// Join byte strings (a message built from pieces, some of them the
/// player's own bytes).
macro_rules! cat {
    // (Sized once: the pieces' temporaries live to the end of the match.)
    ($($part:expr),+ $(,)?) => {
        match [$(AsRef::<[u8]>::as_ref(&$part)),+] {
            parts => {
                let mut v: Vec<u8> = Vec::with_capacity(parts.iter().map(|p| p.len()).sum());
                for p in parts {
                    v.extend_from_slice(p);
                }
                v
            }
        }
    };
}
pub(crate) use cat;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unctrl_like_ncurses() {
        assert_eq!(unctrl(1), b"^A");
        assert_eq!(unctrl(0x7f), b"^?");
        assert_eq!(unctrl(b'a'), b"a");
        assert_eq!(unctrl(0x9b), b"~[");
    }

    #[test]
    fn percent_percent() {
        assert_eq!(as_format(b"100%% sure %d"), b"100% sure %d");
    }
}
