//! Reading a `.case` file (FORMAT-core.md §2.1, FORMAT-games.md §1).

pub mod escape;
pub mod record;

use std::fmt;
use std::path::{Path, PathBuf};

/// The largest case or input file read (a record of a long game is some
/// hundreds of kilobytes).
pub const MAX_CASE: u64 = 16 << 20;

/// A parsed case: its header fields in order, its body and where it lives.
#[derive(Clone, Debug)]
pub struct Case {
    /// Where the case was read from (its side files are beside it).
    pub path: PathBuf,
    /// The `kind:` header: `rng`, `init`, `levels`, `kernels`, `games`,
    /// `saves`, `scores` or `wizard`.
    pub kind: String,
    /// Every header line, name and value, in the file's order.
    pub headers: Vec<(String, String)>,
    /// The body as raw lines (not trimmed: the game categories' bodies
    /// are escaped key text).
    pub body: Vec<String>,
}

impl Case {
    /// Read and parse the case file at `path`.
    pub fn read(path: &Path) -> Result<Case, TraceError> {
        // A regular file of a sane size only (a FIFO or /dev/zero named as a
        // case is refused before anything is read).
        let text = crate::host::read_regular(path, MAX_CASE).map_err(|e| TraceError::Io(path.to_path_buf(), e))?;
        let text =
            String::from_utf8(text).map_err(|_| TraceError::Parse(format!("{}: not UTF-8 text", path.display())))?;
        Case::parse(path, &text)
    }

    /// Parse a case's text (`path` names it in errors and locates its
    /// side files).
    pub fn parse(path: &Path, text: &str) -> Result<Case, TraceError> {
        let mut lines = text.split('\n');
        let mut headers = Vec::new();
        for line in lines.by_ref() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                break;
            }
            let (k, v) = line
                .split_once(':')
                .ok_or_else(|| TraceError::Parse(format!("{}: header line without ':': {line:?}", path.display())))?;
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
        let body: Vec<String> = lines.map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect();
        let kind = match headers.first() {
            Some((k, v)) if k == "kind" => v.clone(),
            _ => return Err(TraceError::Parse(format!("{}: the first line must be 'kind: ...'", path.display()))),
        };
        Ok(Case { path: path.to_path_buf(), kind, headers, body })
    }

    /// The first value of a header.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Every value of a repeated header.
    pub fn get_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of a header that must be there.
    pub fn require(&self, key: &str) -> Result<&str, TraceError> {
        self.get(key).ok_or_else(|| TraceError::Parse(format!("{}: missing header '{key}'", self.path.display())))
    }

    /// A header holding a C `int`.
    pub fn int(&self, key: &str) -> Result<i32, TraceError> {
        let v = self.require(key)?;
        v.parse().map_err(|_| TraceError::Parse(format!("{}: '{key}' is not an int: {v:?}", self.path.display())))
    }

    /// A `yes`/`no` header.
    pub fn yes(&self, key: &str) -> Result<bool, TraceError> {
        match self.require(key)? {
            "yes" => Ok(true),
            "no" => Ok(false),
            v => Err(TraceError::Parse(format!("{}: '{key}' must be yes or no, not {v:?}", self.path.display()))),
        }
    }

    /// The body's items: trimmed lines, skipping blank and `#` lines.
    pub fn items(&self) -> impl Iterator<Item = &str> {
        self.body.iter().map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with('#'))
    }

    /// The folder the case's relative paths start from.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }
}

/// Why a case could not be run.
#[derive(Debug)]
pub enum TraceError {
    /// A file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// The case (or an argument) is not what the format says.
    Parse(String),
    /// A kind this port does not trace yet.
    Unsupported(String),
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::Io(p, e) => write!(f, "{}: {}", p.display(), crate::host::os_error_text(e)),
            TraceError::Parse(m) => write!(f, "{m}"),
            TraceError::Unsupported(k) => write!(f, "case kind '{k}' is not implemented yet"),
        }
    }
}

impl std::error::Error for TraceError {}

/// The `.case` files in `dir`, in name order.
pub fn case_paths(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// An `in-file` or `out-file` header, `<path> <side file>`, with the side
/// file in `dir`. A path may hold spaces (a save file named at the
/// prompt): the split is at the first space after which the side file
/// exists, else at the first space.
pub fn file_header(dir: &Path, value: &str) -> Option<(String, PathBuf)> {
    let splits = value.match_indices(' ').map(|(i, _)| (&value[..i], &value[i + 1..]));
    let mut first = None;
    for (path, side) in splits {
        if path.is_empty() || side.is_empty() {
            continue;
        }
        if dir.join(side).is_file() {
            return Some((path.to_string(), dir.join(side)));
        }
        first.get_or_insert((path, side));
    }
    first.map(|(path, side)| (path.to_string(), dir.join(side)))
}
