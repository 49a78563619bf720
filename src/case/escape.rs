//! The escapes of case bodies and frame labels (FORMAT-games.md §1.2):
//! keys to text and back.

use std::fmt::Write;

/// A byte as case bodies write it (FORMAT-games.md §1.2).
pub(crate) fn escape(out: &mut String, b: u8) {
    match b {
        b'\\' => out.push_str("\\\\"),
        0x1b => out.push_str("\\e"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        0x20..=0x7e => out.push(char::from(b)),
        _ => {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
}

/// Keys as a case body: lines of at most 72 characters (an escape is never
/// split), a space that would end a line written `\x20`.
pub fn encode_body(keys: &[u8]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for (i, &b) in keys.iter().enumerate() {
        let mut item = String::new();
        escape(&mut item, b);
        let last_on_line = line.len() + item.len() >= 72 || i + 1 == keys.len();
        if b == b' ' && last_on_line {
            item = "\\x20".to_string();
        }
        line.push_str(&item);
        if line.len() >= 72 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Why a case body (or a bot's `keys` text) could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EscapeError(String);

impl std::fmt::Display for EscapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EscapeError {}

/// Decode a case body (FORMAT-games.md §1.2).
pub fn decode_body(lines: &[String]) -> Result<Vec<u8>, EscapeError> {
    decode(lines).map_err(EscapeError)
}

fn decode(lines: &[String]) -> Result<Vec<u8>, String> {
    let text: String = lines.concat();
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = *b.get(i + 1).ok_or("a backslash ends the body")?;
        i += 2;
        out.push(match c {
            b'\\' => b'\\',
            b'e' => 0x1b,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'x' => {
                let hex = b.get(i..i + 2).ok_or("a \\x escape is cut short")?;
                i += 2;
                let s = std::str::from_utf8(hex).map_err(|_| "bad \\x escape")?;
                u8::from_str_radix(s, 16).map_err(|_| format!("bad \\x escape {s:?}"))?
            }
            other => return Err(format!("unknown escape \\{}", char::from(other))),
        });
    }
    Ok(out)
}

/// A byte as a frame's `next=` writes it: the case bodies' escapes, a
/// space as `\x20`.
pub fn label(b: u8) -> String {
    match b {
        b'\\' => "\\\\".to_string(),
        0x1b => "\\e".to_string(),
        b'\n' => "\\n".to_string(),
        b'\r' => "\\r".to_string(),
        b'\t' => "\\t".to_string(),
        0x21..=0x7e => char::from(b).to_string(),
        _ => format!("\\x{b:02x}"),
    }
}
