//! The wizard's password check: the `crypt(3)` of xcrypt.c (a FreeSec-style
//! DES), written here from the algorithm.
//!
//! Two forms, chosen by the setting's first character:
//!
//! - traditional: a 2-character salt; the first 8 key characters make a DES
//!   key; a zero block is encrypted 25 times with the salted DES; the result
//!   is the 2 salt characters and 11 characters of hash (13 in all);
//! - extended (BSDi): `_`, 4 characters of iteration count and 4 of salt
//!   (both little-endian groups of 6 bits); every key character counts; the
//!   result is those 9 setting characters and 11 of hash (20 in all).
//!
//! The salt perturbs DES's E expansion: salt bit `i` (least significant
//! first) swaps bits `i` and `i + 24` of the 48-bit expanded half-block.
//!
//! How xcrypt.c treats unusual input, all kept here (modern libcrypts differ
//! on several of these; the tests pin down xcrypt.c's answers):
//!
//! - key and setting are C strings: a NUL byte ends them;
//! - each key byte is shifted left by one into a DES key byte, so its top
//!   bit is lost (0xE1 counts as 0x61);
//! - a key byte whose shifted value is zero (NUL, and also 0x80) stops the
//!   copy of the first 8 bytes: the rest of the DES key is zero, so
//!   "ab\x80cd" hashes like "ab" in the traditional form;
//! - past 8 bytes the key is ignored in the traditional form; an empty key
//!   is the all-zero DES key;
//! - a setting character outside `./0-9A-Za-z` counts as 0 (like `.`) but is
//!   copied into the result unchanged;
//! - a 1-character setting: its missing second salt character counts as 0
//!   and the result repeats the first character ("m" gives "mm" and the
//!   hash of salt "m.");
//! - an empty setting: the result is the empty string (xcrypt.c writes a
//!   NUL first; it also reads one byte past the setting's end, which cannot
//!   change that empty result);
//! - extended form: after the first 8 key bytes (copied as above; a 0x80
//!   there leaves the following bytes for the next step) the DES key is
//!   encrypted with itself (no salt) and the next up-to-8 key bytes, each
//!   shifted left by one, are XORed into it, for as long as key bytes
//!   remain;
//! - extended form, short setting: xcrypt.c reads all 9 setting bytes even
//!   past the string's end (undefined in C); here missing bytes count as
//!   NUL, that is 0, and the result starts with the setting as given;
//! - extended form with an iteration count of 0: xcrypt.c returns NULL,
//!   here `None`. It is the only failure (the traditional form always
//!   succeeds).

/// The password hash the wizard build compares with: crypt("wizard",
/// "mT"), the goldens' build. A packager sets another with the
/// ROGUE_WIZARD_PASSWD environment variable at build time.
pub const PASSWD: &str = match option_env!("ROGUE_WIZARD_PASSWD") {
    Some(p) => p,
    None => "mTWFQjGrcrlb2",
};

/// `crypt(key, setting)` as xcrypt.c computes it: the traditional DES form,
/// or the extended `_` form. `None` where xcrypt.c returns NULL (only an
/// extended setting whose iteration count is 0).
pub fn crypt(key: &[u8], setting: &[u8]) -> Option<Vec<u8>> {
    let key = c_string(key);
    let setting = c_string(setting);
    if setting.first() == Some(&b'_') { extended(key, setting) } else { Some(traditional(key, setting)) }
}

/// The traditional form: 2 salt characters, 8 key bytes, 25 encryptions.
fn traditional(key: &[u8], setting: &[u8]) -> Vec<u8> {
    let Some(&first) = setting.first() else {
        return Vec::new();
    };
    let second = setting.get(1).copied().unwrap_or(0);
    let salt = ascii_to_bin(first) | (ascii_to_bin(second) << 6);
    let (key_block, _) = first_key_block(key);
    let mut out = vec![first, if second != 0 { second } else { first }];
    out.extend_from_slice(&encode(hash(key_block, salt, 25)));
    out
}

/// The extended (BSDi) form: `_`, count, salt; the whole key folded in.
fn extended(key: &[u8], setting: &[u8]) -> Option<Vec<u8>> {
    let field = |start: usize| {
        (0..4).fold(0, |acc, i| acc | (ascii_to_bin(setting.get(start + i).copied().unwrap_or(0)) << (6 * i)))
    };
    let count = field(1);
    let salt = field(5);
    let (mut key_block, mut used) = first_key_block(key);
    while used < key.len() {
        let own = u64::from_be_bytes(key_block);
        key_block = encrypt(own, &key_schedule(key_block), 0).to_be_bytes();
        for (k, &c) in key_block.iter_mut().zip(&key[used..]) {
            *k ^= c << 1;
            used += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let mut out = setting[..setting.len().min(9)].to_vec();
    out.extend_from_slice(&encode(hash(key_block, salt, count)));
    Some(out)
}

/// A C string's bytes: up to the first NUL, or all of them.
fn c_string(s: &[u8]) -> &[u8] {
    s.iter().position(|&b| b == 0).map_or(s, |end| &s[..end])
}

/// The 6-bit value of a setting character; anything outside the alphabet
/// counts as 0.
fn ascii_to_bin(c: u8) -> u32 {
    u32::from(match c {
        b'.'..=b'9' => c - b'.',
        b'A'..=b'Z' => c - b'A' + 12,
        b'a'..=b'z' => c - b'a' + 38,
        _ => 0,
    })
}

/// The DES key from the first 8 key bytes, each shifted left by one, and
/// how many key bytes that used. A byte that shifts to zero (NUL or 0x80)
/// is not consumed, so it and everything after it give zero bytes.
fn first_key_block(key: &[u8]) -> ([u8; 8], usize) {
    let mut block = [0; 8];
    let mut used = 0;
    for b in &mut block {
        *b = key.get(used).map_or(0, |&c| c << 1);
        if *b != 0 {
            used += 1;
        }
    }
    (block, used)
}

/// `count` salted encryptions of the zero block under `key`.
fn hash(key: [u8; 8], salt: u32, count: u32) -> u64 {
    let subkeys = key_schedule(key);
    let mask = salt_mask(salt);
    (0..count).fold(0, |block, _| encrypt(block, &subkeys, mask))
}

/// The 64-bit result as 11 alphabet characters, 6 bits each, most
/// significant first, with 2 zero bits appended.
fn encode(value: u64) -> [u8; 11] {
    let bits = u128::from(value) << 2;
    let mut out = [0; 11];
    for (i, c) in out.iter_mut().enumerate() {
        *c = ALPHABET[((bits >> (60 - 6 * i)) & 0x3f) as usize];
    }
    out
}

/// The hash alphabet: value 0 is `.`, 63 is `z`.
const ALPHABET: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The E-expansion swap mask: salt bit `i` marks bit `i` (from the most
/// significant) of each 24-bit half of the expansion.
fn salt_mask(salt: u32) -> u64 {
    (0..24).filter(|i| (salt >> i) & 1 == 1).fold(0, |mask, i| mask | (1 << (23 - i)))
}

/// Bits picked from `input` (`width` bits wide) by a DES table: entry `n`
/// names input bit `n`, counted from 1 at the most significant end. The
/// output has as many bits as the table has entries.
fn permute(input: u64, width: u32, table: &[u8]) -> u64 {
    table.iter().fold(0, |acc, &pos| (acc << 1) | ((input >> (width - u32::from(pos))) & 1))
}

/// A 28-bit rotate left.
fn rotate28(half: u64, by: u32) -> u64 {
    ((half << by) | (half >> (28 - by))) & 0x0fff_ffff
}

/// The 16 round keys (48 bits each) of a DES key. The low bit of each key
/// byte (the parity bit) plays no part.
fn key_schedule(key: [u8; 8]) -> [u64; 16] {
    let cd = permute(u64::from_be_bytes(key), 64, &PC1);
    let (mut c, mut d) = (cd >> 28, cd & 0x0fff_ffff);
    let mut subkeys = [0; 16];
    for (subkey, &shift) in subkeys.iter_mut().zip(&SHIFTS) {
        c = rotate28(c, shift);
        d = rotate28(d, shift);
        *subkey = permute((c << 28) | d, 56, &PC2);
    }
    subkeys
}

/// The round function: expand, salt-swap, mix in the round key, S-boxes,
/// P permutation.
fn feistel(right: u64, subkey: u64, salt_mask: u64) -> u64 {
    let expanded = permute(right, 32, &E);
    let swap = ((expanded >> 24) ^ expanded) & salt_mask;
    let mixed = expanded ^ (swap << 24) ^ swap ^ subkey;
    let substituted = SBOXES.iter().enumerate().fold(0, |acc, (i, sbox)| {
        let six = (mixed >> (42 - 6 * i)) & 0x3f;
        let row = ((six >> 4) & 2) | (six & 1);
        let column = (six >> 1) & 0xf;
        (acc << 4) | u64::from(sbox[(row * 16 + column) as usize])
    });
    permute(substituted, 32, &P)
}

/// One DES encryption of a 64-bit block, with the salt's E swap.
fn encrypt(block: u64, subkeys: &[u64; 16], salt_mask: u64) -> u64 {
    let permuted = permute(block, 64, &IP);
    let (mut left, mut right) = (permuted >> 32, permuted & 0xffff_ffff);
    for &subkey in subkeys {
        (left, right) = (right, left ^ feistel(right, subkey, salt_mask));
    }
    permute((right << 32) | left, 64, &FP)
}

/// Initial permutation.
const IP: [u8; 64] = [
    58, 50, 42, 34, 26, 18, 10, 2, //
    60, 52, 44, 36, 28, 20, 12, 4, //
    62, 54, 46, 38, 30, 22, 14, 6, //
    64, 56, 48, 40, 32, 24, 16, 8, //
    57, 49, 41, 33, 25, 17, 9, 1, //
    59, 51, 43, 35, 27, 19, 11, 3, //
    61, 53, 45, 37, 29, 21, 13, 5, //
    63, 55, 47, 39, 31, 23, 15, 7, //
];

/// Final permutation (the inverse of IP).
const FP: [u8; 64] = [
    40, 8, 48, 16, 56, 24, 64, 32, //
    39, 7, 47, 15, 55, 23, 63, 31, //
    38, 6, 46, 14, 54, 22, 62, 30, //
    37, 5, 45, 13, 53, 21, 61, 29, //
    36, 4, 44, 12, 52, 20, 60, 28, //
    35, 3, 43, 11, 51, 19, 59, 27, //
    34, 2, 42, 10, 50, 18, 58, 26, //
    33, 1, 41, 9, 49, 17, 57, 25, //
];

/// Expansion of a 32-bit half-block to 48 bits.
const E: [u8; 48] = [
    32, 1, 2, 3, 4, 5, //
    4, 5, 6, 7, 8, 9, //
    8, 9, 10, 11, 12, 13, //
    12, 13, 14, 15, 16, 17, //
    16, 17, 18, 19, 20, 21, //
    20, 21, 22, 23, 24, 25, //
    24, 25, 26, 27, 28, 29, //
    28, 29, 30, 31, 32, 1, //
];

/// Permutation of the S-box outputs.
const P: [u8; 32] = [
    16, 7, 20, 21, 29, 12, 28, 17, //
    1, 15, 23, 26, 5, 18, 31, 10, //
    2, 8, 24, 14, 32, 27, 3, 9, //
    19, 13, 30, 6, 22, 11, 4, 25, //
];

/// Permuted choice 1: the 56 key bits (parity bits dropped), as C then D.
const PC1: [u8; 56] = [
    57, 49, 41, 33, 25, 17, 9, //
    1, 58, 50, 42, 34, 26, 18, //
    10, 2, 59, 51, 43, 35, 27, //
    19, 11, 3, 60, 52, 44, 36, //
    63, 55, 47, 39, 31, 23, 15, //
    7, 62, 54, 46, 38, 30, 22, //
    14, 6, 61, 53, 45, 37, 29, //
    21, 13, 5, 28, 20, 12, 4, //
];

/// Permuted choice 2: a 48-bit round key from C and D.
const PC2: [u8; 48] = [
    14, 17, 11, 24, 1, 5, //
    3, 28, 15, 6, 21, 10, //
    23, 19, 12, 4, 26, 8, //
    16, 7, 27, 20, 13, 2, //
    41, 52, 31, 37, 47, 55, //
    30, 40, 51, 45, 33, 48, //
    44, 49, 39, 56, 34, 53, //
    46, 42, 50, 36, 29, 32, //
];

/// Left rotations of C and D before each round.
const SHIFTS: [u32; 16] = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];

/// The S-boxes, each 4 rows of 16: row from the outer bits of the 6-bit
/// input, column from the inner 4.
const SBOXES: [[u8; 64]; 8] = [
    [
        14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7, //
        0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8, //
        4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0, //
        15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13, //
    ],
    [
        15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10, //
        3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5, //
        0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15, //
        13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9, //
    ],
    [
        10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8, //
        13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1, //
        13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7, //
        1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12, //
    ],
    [
        7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15, //
        13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9, //
        10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4, //
        3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14, //
    ],
    [
        2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9, //
        14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6, //
        4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14, //
        11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3, //
    ],
    [
        12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11, //
        10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8, //
        9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6, //
        4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13, //
    ],
    [
        4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1, //
        13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6, //
        1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2, //
        6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12, //
    ],
    [
        13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7, //
        1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2, //
        7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8, //
        2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11, //
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    fn crypt_str(key: &[u8], setting: &[u8]) -> Option<String> {
        crypt(key, setting).map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    #[test]
    fn wizard_password() {
        assert_eq!(crypt(b"wizard", b"mT").as_deref(), Some(PASSWD.as_bytes()));
        assert_eq!(crypt_str(b"wizard", b"mT").as_deref(), Some("mTWFQjGrcrlb2"));
    }

    #[test]
    fn known_vectors() {
        for (key, setting, want) in [
            ("test", "aa", "aaqPiZY5xR5l."),
            ("password", "ab", "abJnggxhB/yWI"),
            ("", "..", "..X8NBuQ4l6uQ"),
            ("Hello world!", "zz", "zzzoOVVEcaZdk"),
            ("12345678", "9Z", "9Zhas0ccxjxjA"),
            ("rogue", "./", "./2hAjf.cmoos"),
            ("a", "AZ", "AZyMdnSr/tBM2"),
            ("test", "_J9..CCCC", "_J9..CCCCZBIc.TMGpK."),
            ("abcdefghijkl", "_/...CCCC", "_/...CCCCL48xQMlSydQ"),
        ] {
            assert_eq!(crypt_str(key.as_bytes(), setting.as_bytes()).as_deref(), Some(want), "{key:?} {setting:?}");
        }
    }

    /// FIPS 46 worked example, and IP and FP being inverses.
    #[test]
    fn plain_des() {
        let key = 0x1334_5779_9BBC_DFF1_u64.to_be_bytes();
        assert_eq!(encrypt(0x0123_4567_89AB_CDEF, &key_schedule(key), 0), 0x85E8_1354_0F0A_B405);
        for bit in 0..64 {
            assert_eq!(permute(permute(1 << bit, 64, &IP), 64, &FP), 1 << bit);
        }
    }

    /// xcrypt.c's answers for unusual input (taken from the original
    /// xcrypt.c compiled on its own, the setting buffer zero-filled).
    #[test]
    fn unusual_input() {
        /// Key, setting, xcrypt.c's result.
        type Case = (&'static [u8], &'static [u8], Option<&'static [u8]>);
        let cases: [Case; 20] = [
            // 0x80 shifts to zero and ends the key like NUL (libxcrypt
            // skips it instead: abYq7Nephhjl2).
            (b"ab\x80cd", b"ab", Some(b"abAwh7.RciMzE")),
            (b"ab", b"ab", Some(b"abAwh7.RciMzE")),
            (b"ab\0cd", b"ab", Some(b"abAwh7.RciMzE")),
            // The top bit of a key byte is lost.
            (b"\xe1\xe2", b"ab", Some(b"abAwh7.RciMzE")),
            // Past 8 key bytes nothing counts.
            (b"abcdefgh", b"ab", Some(b"abYH7TYgEKz2Q")),
            (b"abcdefghXYZ", b"ab", Some(b"abYH7TYgEKz2Q")),
            (b"", b"ab", Some(b"abmF1QH4PEr.E")),
            // Salt characters outside the alphabet count as `.` and are
            // copied as they are.
            (b"wizard", b"!!", Some(b"!!BnkRE5tizug")),
            (b"wizard", b"..", Some(b"..BnkRE5tizug")),
            (b"wizard", b"\xc3z", Some(b"\xc3zy4jxToNYgC6")),
            (b"wizard", b".z", Some(b".zy4jxToNYgC6")),
            // A 1-character salt: repeated in the result, `.` in the hash.
            (b"wizard", b"m", Some(b"mmz6.VIFnLKYM")),
            (b"wizard", b"m.", Some(b"m.z6.VIFnLKYM")),
            // An empty salt gives the empty string.
            (b"wizard", b"", Some(b"")),
            // Only 2 salt characters count.
            (b"wizard", b"mTWfQ", Some(b"mTWFQjGrcrlb2")),
            // Extended form: count 0 is NULL; a short setting is padded
            // with NULs (count 0 again for a bare `_`).
            (b"wizard", b"_....abcd", None),
            (b"wizard", b"_", None),
            (b"wizard", b"_J9..", Some(b"_J9..Ryjdt7Zdmzk")),
            // Extended form: a 0x80 in the first 8 bytes zeroes the rest of
            // the first block, then the folding starts at it (libxcrypt:
            // _J9..CCCCKC0nMFLxBMw).
            (b"ab\x80cdefghjk", b"_J9..CCCC", Some(b"_J9..CCCCIsRc9a2ZOug")),
            (b"abcdefghhijklmnopqrstuvwxyz", b"_J9..CCCC", Some(b"_J9..CCCCBPN7yC83XeE")),
        ];
        for (key, setting, want) in cases {
            assert_eq!(crypt(key, setting).as_deref(), want, "{key:?} {setting:?}");
        }
    }
}
