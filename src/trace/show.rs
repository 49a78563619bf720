//! The printing conventions of the oracle (FORMAT-core.md §2.2, §3.3).

use std::fmt::Write as _;

use crate::game::thing::{Object, Stats};

/// A C `char` value: `'c'` when printable, else `\xHH`.
pub fn ch(c: u8) -> String {
    if (32..=126).contains(&c) { format!("'{}'", char::from(c)) } else { format!("\\x{c:02x}") }
}

/// A C string between double quotes.
pub fn s(bytes: &[u8]) -> String {
    format!("\"{}\"", String::from_utf8_lossy(bytes))
}

/// A possibly NULL C string.
pub fn opt_s(v: Option<&str>) -> String {
    v.map_or_else(|| "NULL".to_string(), |v| s(v.as_bytes()))
}

/// The object fields of `pack`, `monpack` and `object` lines.
pub fn object(o: &Object) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "type={} which={} pos={},{} count={} hplus={} dplus={} arm={} flags=0x{:x} group={} launch={} dmg={} hurl={} packch={}",
        ch(o.o_type as u8),
        o.o_which,
        o.o_pos.y,
        o.o_pos.x,
        o.o_count,
        o.o_hplus,
        o.o_dplus,
        o.o_arm,
        o.o_flags as u32,
        o.o_group,
        o.o_launch,
        s(o.o_damage.as_bytes()),
        s(o.o_hurldmg.as_bytes()),
        ch(o.o_packch),
    );
    out
}

/// The stats fields of `player`, `max_stats` and `monster` lines.
pub fn stats(st: &Stats) -> String {
    format!(
        "str={} exp={} lvl={} arm={} hpt={} maxhp={} dmg={}",
        st.s_str,
        st.s_exp,
        st.s_lvl,
        st.s_arm,
        st.s_hpt,
        st.s_maxhp,
        s(st.s_dmg.as_bytes())
    )
}
