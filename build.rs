//! With the `cref` feature (the differential tests turn it on), builds
//! this project's own C reference kernels (c-reference/), and with the
//! `bindgen` feature regenerates their Rust bindings (the checked-in
//! c-reference/bindings.rs is used otherwise, so a build needs no
//! libclang). Without it, nothing: the library itself compiles no C.

fn main() {
    // Without the feature nothing here reads the tree.
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "cref")]
    cref();
}

#[cfg(feature = "cref")]
fn cref() {
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
