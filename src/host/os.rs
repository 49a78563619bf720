//! What the Unix extensions of `std` give the game (file names as bytes,
//! creation modes, link counts, positioned reads), on the two kinds of
//! machine the library is built for: Unix, and WebAssembly's WASI
//! (`wasm32-wasip1`, the page in web/), whose `std` has the byte names
//! but not the rest. On WASI a file has no mode bits, and a link count
//! and time come from the plain metadata.

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::path::Path;

#[cfg(unix)]
pub use std::os::unix::ffi::{OsStrExt, OsStringExt};
#[cfg(target_os = "wasi")]
pub use std::os::wasi::ffi::{OsStrExt, OsStringExt};

/// `OpenOptionsExt::mode`: the permission bits a created file gets.
pub fn mode(opts: &mut OpenOptions, mode: u32) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        std::os::unix::fs::OpenOptionsExt::mode(opts, mode)
    }
    #[cfg(not(unix))]
    {
        let _ = mode;
        opts
    }
}

/// `OpenOptionsExt::custom_flags`: extra `open` flags (O_NONBLOCK,
/// O_NOFOLLOW), which WASI's files (in memory, in the page) do not need.
pub fn custom_flags(opts: &mut OpenOptions, flags: i32) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        std::os::unix::fs::OpenOptionsExt::custom_flags(opts, flags)
    }
    #[cfg(not(unix))]
    {
        let _ = flags;
        opts
    }
}

/// `chmod(path, mode)`.
pub fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

/// A file's number of hard links.
pub fn nlink(m: &Metadata) -> u64 {
    #[cfg(unix)]
    {
        std::os::unix::fs::MetadataExt::nlink(m)
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        1
    }
}

/// A file's last modification, in seconds since 1970.
pub fn mtime(m: &Metadata) -> i64 {
    #[cfg(unix)]
    {
        std::os::unix::fs::MetadataExt::mtime(m)
    }
    #[cfg(not(unix))]
    {
        m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs() as i64)
    }
}

/// `FileExt::read_exact_at`: read at an offset. The WASI form moves the
/// file's position, which its only caller (the log file's last byte,
/// read before an append) does not mind.
pub fn read_exact_at(f: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(f, buf, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek, SeekFrom};
        let mut f = f;
        f.seek(SeekFrom::Start(offset))?;
        f.read_exact(buf)
    }
}
