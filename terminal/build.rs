//! The `rogue` binary's link: its relative relocations packed (DT_RELR,
//! glibc 2.36 and lld or binutils 2.38), so the dynamic loader reads 1 kB
//! of them at start-up instead of some 50 kB, pages an interactive game
//! then keeps.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
    {
        println!("cargo:rustc-link-arg-bin=rogue=-Wl,-z,pack-relative-relocs");
    }
}
