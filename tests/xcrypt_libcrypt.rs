//! The port's `crypt` (src/game/xcrypt.rs, the wizard's password) beside
//! the system's libcrypt on ordinary input. The FFI lives here, in a test,
//! so that the game itself holds no `unsafe`.

use rogue::game::xcrypt::crypt;

/// crypt's 64 characters, in value order.
const ALPHABET: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The system's libcrypt, for comparison on ordinary input.
mod system {
    use std::ffi::{CStr, CString, c_char};
    use std::sync::Mutex;

    #[link(name = "crypt")]
    unsafe extern "C" {
        fn crypt(key: *const c_char, setting: *const c_char) -> *mut c_char;
    }

    /// `crypt()` keeps its answer in a static buffer.
    static LOCK: Mutex<()> = Mutex::new(());

    pub fn system_crypt(key: &[u8], setting: &[u8]) -> Vec<u8> {
        let key = CString::new(key).unwrap();
        let setting = CString::new(setting).unwrap();
        let _guard = LOCK.lock().unwrap();
        // SAFETY: both arguments are NUL-terminated strings that outlive
        // the call; the result is NULL or a NUL-terminated string in
        // libcrypt's static buffer, copied before the lock is released.
        let out = unsafe { crypt(key.as_ptr(), setting.as_ptr()) };
        assert!(!out.is_null(), "libcrypt refused {setting:?}");
        // SAFETY: as above.
        let out = unsafe { CStr::from_ptr(out) }.to_bytes().to_vec();
        assert!(!out.starts_with(b"*"), "libcrypt refused {setting:?}");
        out
    }
}

/// xorshift64*, enough for test input.
struct TestRng(u64);

impl TestRng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }

    fn alphabet(&mut self) -> u8 {
        ALPHABET[self.below(64) as usize]
    }

    /// A key of printable or 8-bit bytes; never NUL, and never 0x80,
    /// where libxcrypt and xcrypt.c differ (see `unusual_input` in src/game/xcrypt.rs).
    fn key(&mut self, max_len: u64) -> Vec<u8> {
        let printable = self.below(2) == 0;
        let len = self.below(max_len + 1);
        (0..len)
            .map(|_| {
                loop {
                    let b = if printable { 32 + self.below(95) as u8 } else { 1 + self.below(255) as u8 };
                    if b != 0x80 {
                        break b;
                    }
                }
            })
            .collect()
    }
}

#[test]
fn traditional_matches_libcrypt() {
    let mut rng = TestRng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let key = rng.key(12);
        let mut setting = vec![rng.alphabet(), rng.alphabet()];
        if rng.below(4) == 0 {
            // A whole stored hash as the setting, as a password check does.
            setting.extend((0..11).map(|_| rng.alphabet()));
        }
        let want = system::system_crypt(&key, &setting);
        assert_eq!(crypt(&key, &setting), Some(want), "{key:?} {setting:?}");
    }
}

#[test]
fn extended_matches_libcrypt() {
    let mut rng = TestRng(0x2545_F491_4F6C_DD1D);
    for _ in 0..300 {
        let key = rng.key(30);
        let count = 1 + rng.below(200);
        let mut setting = vec![b'_'];
        setting.extend((0..4).map(|i| ALPHABET[((count >> (6 * i)) & 0x3f) as usize]));
        setting.extend((0..4).map(|_| rng.alphabet()));
        let want = system::system_crypt(&key, &setting);
        assert_eq!(crypt(&key, &setting), Some(want), "{key:?} {setting:?}");
    }
}
