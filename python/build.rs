//! The shipped dataset (../datasets/rogomatic) built into the native
//! module, so a wheel carries it without a copy in the source tree: a
//! generated list of (file name, bytes) that `include_bytes!` fills.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let dir = manifest.join("..").join("datasets").join("rogomatic");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .collect(),
        // A source tree without the dataset (a bare sdist): the module
        // says so when asked for it.
        Err(_) => Vec::new(),
    };
    names.sort();
    let mut src =
        String::from("/// The files of `datasets/rogomatic`, by name.\npub static ROGOMATIC: &[(&str, &[u8])] = &[\n");
    for n in &names {
        let path = dir.join(n);
        let path = path.canonicalize().unwrap_or(path);
        let _ = writeln!(src, "    ({n:?}, include_bytes!({:?})),", path.display().to_string());
    }
    src.push_str("];\n");
    std::fs::write(out.join("datasets.rs"), src).expect("OUT_DIR is writable");
}
