//! The wizard's password check (xcrypt.c's traditional DES `crypt`).

/// The password hash the wizard build compares with: crypt("wizard",
/// "mT"), the goldens' build. A packager sets another with the
/// ROGUE_WIZARD_PASSWD environment variable at build time.
pub const PASSWD: &str = match option_env!("ROGUE_WIZARD_PASSWD") {
    Some(p) => p,
    None => "mTWFQjGrcrlb2",
};

/// Traditional DES `crypt(key, salt)`.
pub fn crypt(key: &[u8], salt: &[u8]) -> Vec<u8> {
    // Filled in by the wizard-mode work (issue 12).
    let _ = (key, salt);
    Vec::new()
}
