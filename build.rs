//! Builds this project's own C reference kernels (c-reference/) for the
//! differential tests, and with the `bindgen` feature regenerates their
//! Rust bindings (the checked-in c-reference/bindings.rs is used otherwise,
//! so a build needs no libclang).

fn main() {
    let mut sources: Vec<_> = std::fs::read_dir("c-reference")
        .expect("c-reference/ is part of the crate")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    let mut build = cc::Build::new();
    build.include("c-reference").warnings(true).extra_warnings(true).flag_if_supported("-std=c99");
    for src in &sources {
        build.file(src);
        println!("cargo:rerun-if-changed={}", src.display());
    }
    println!("cargo:rerun-if-changed=c-reference");
    println!("cargo:rerun-if-changed=c-reference/cref.h");
    build.compile("rogue_cref");

    // The game's relative relocations packed (DT_RELR; lld or binutils
    // 2.38, and glibc 2.36 where it runs): the loader reads 5 kB of them at
    // start-up instead of 50-75 kB, pages an interactive game then keeps.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
    {
        println!("cargo:rustc-link-arg-bin=rogue=-Wl,-z,pack-relative-relocs");
    }

    #[cfg(feature = "bindgen")]
    {
        let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
        bindgen::Builder::default()
            .header("c-reference/cref.h")
            .allowlist_function("cref_.*")
            .allowlist_type("cref_.*")
            .allowlist_var("CREF_.*")
            .generate()
            .expect("bindgen could not read c-reference/cref.h")
            .write_to_file(out.join("cref_bindings.rs"))
            .expect("could not write the bindings");
    }
}
