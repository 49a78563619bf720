//! Records replayed into frames, for `rogue544.dataset`. A record is a
//! game (its start and keys); its frame `f` is the game after its first
//! `f` keys, filled by the environment's own `Game::fill`, so a dataset
//! frame is the observation an environment shows at that moment. Frames
//! are computed, never stored: worker threads of their own keep one game
//! per minibatch row (a session stays on the thread that made it) and
//! type the records' keys into them with the interpreter's lock let go.

use std::sync::Arc;

use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rogue::session::{Config, Session};

use crate::core::{Game, Out, Start, Task};
use crate::fields::{Arrays, Bufs, Changed};
use crate::mask::Allowed;
use crate::pool::{self, Pool};

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/datasets.rs"));
}

/// One game to replay.
pub struct Record {
    pub start: Start,
    pub keys: Vec<u8>,
}

impl Record {
    /// Frames of the record: one before each key, and the one after the last.
    pub fn frames(&self) -> usize {
        self.keys.len() + 1
    }
}

/// A row's run of frames in a minibatch: frames `from..from + count` of
/// record `game`, written at sequence positions `at..at + count` of row
/// `row`.
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub row: usize,
    pub at: usize,
    pub game: usize,
    pub from: usize,
    pub count: usize,
}

/// A row's game: which record, how many of its keys it has read.
struct Row {
    game: usize,
    pos: usize,
    g: Game,
}

/// Bring a row to frame `from` of record `game`: on from where it is when
/// it plays that record and is not past it, else from the record's start.
fn seek<'a>(row: &'a mut Option<Row>, records: &[Record], game: usize, from: usize) -> &'a mut Row {
    let rec = &records[game];
    if let Some(r) = row.as_mut().filter(|r| r.game != game || r.pos > from) {
        r.g.reset(rec.start.clone());
        r.game = game;
        r.pos = 0;
    }
    let r = row.get_or_insert_with(|| Row { game, pos: 0, g: Game::new(rec.start.clone(), Task::Score) });
    while r.pos < from && r.pos < rec.keys.len() {
        r.g.step(rec.keys[r.pos]);
        r.pos += 1;
    }
    r
}

struct Job {
    segments: Vec<Segment>,
    /// The worker's rows' frames, row after row (padding stays zeros).
    frames: Bufs,
    /// Each frame's action mask over the replayer's keys (the game's own,
    /// as an env's `allowed="all"` gives it), frame after frame; empty
    /// when no keys were given.
    masks: Vec<i8>,
}

/// A worker's answer to its jobs: rows `lo..`, each with its game (made
/// and kept on the worker's thread).
fn worker(records: Arc<Vec<Record>>, keys: Arc<Vec<u8>>, lo: usize, seq: usize) -> impl FnMut(Job) -> Job {
    let mut rows: Vec<Option<Row>> = Vec::new();
    move |mut job: Job| {
        for s in &job.segments {
            let r = s.row - lo;
            if rows.len() <= r {
                rows.resize_with(r + 1, || None);
            }
            let row = seek(&mut rows[r], &records, s.game, s.from);
            let typed = &records[s.game].keys;
            for k in 0..s.count {
                let f = r * seq + s.at + k;
                // Every byte of the frame: the slot held another frame, or
                // nothing.
                row.g.fill(job.frames.game(f), true);
                if !keys.is_empty() {
                    row.g.mask(&keys, Allowed::All, &mut job.masks[f * keys.len()..(f + 1) * keys.len()]);
                }
                if let Some(&key) = typed.get(row.pos) {
                    row.g.step(key);
                    row.pos += 1;
                }
            }
        }
        job
    }
}

/// Minibatches of `batch` rows x `seq` frames from a set of records.
pub struct Replayer {
    records: Arc<Vec<Record>>,
    /// The action table's keys the masks are over (none: no masks).
    keys: Arc<Vec<u8>>,
    batch: usize,
    seq: usize,
    /// Worker `w`'s rows.
    rows: Vec<(usize, usize)>,
    pool: Pool<Job, Job>,
}

impl Replayer {
    /// `keys`: the action table's keys, for each frame's action mask
    /// (empty: no masks).
    pub fn new(records: Vec<Record>, batch: usize, seq: usize, threads: usize, keys: Vec<u8>) -> Replayer {
        let records = Arc::new(records);
        let keys = Arc::new(keys);
        let threads = threads.clamp(1, batch.max(1));
        let rows: Vec<(usize, usize)> =
            (0..threads).map(|w| (batch * w / threads, batch * (w + 1) / threads)).collect();
        let pool = Pool::new(
            "rogue544-data",
            rows.iter().map(|&(lo, _)| {
                let (recs, keys) = (Arc::clone(&records), Arc::clone(&keys));
                move || worker(recs, keys, lo, seq)
            }),
        );
        Replayer { records, keys, batch, seq, rows, pool }
    }

    /// Check a minibatch's plan: rows and positions inside it, frames
    /// inside their records.
    fn check(&self, segments: &[Segment]) -> Result<(), String> {
        for s in segments {
            let rec = self.records.get(s.game).ok_or_else(|| format!("no record {}", s.game))?;
            if s.row >= self.batch || s.at + s.count > self.seq || s.from + s.count > rec.frames() {
                return Err(format!("segment {s:?} is outside the minibatch or its record"));
            }
        }
        Ok(())
    }

    /// Fill a minibatch (`dest`: every field's array over batch x seq
    /// frames; `masks`, with keys, the masks over batch x seq frames):
    /// every segment's frames, zeros elsewhere.
    pub fn fill(&mut self, segments: &[Segment], dest: &mut Out<'_>, masks: Option<&mut [i8]>) -> Result<(), String> {
        self.check(segments)?;
        let a = self.keys.len();
        if masks.as_ref().is_some_and(|m| m.len() != self.batch * self.seq * a) {
            return Err(format!(
                "masks: {} values, wanted {} x {} frames x {a} keys",
                masks.map_or(0, |m| m.len()),
                self.batch,
                self.seq
            ));
        }
        for (w, &(lo, hi)) in self.rows.iter().enumerate() {
            let mine = segments.iter().filter(|s| (lo..hi).contains(&s.row)).copied().collect();
            // Fresh (zeroed) frames each time: padding is zeros.
            let n = (hi - lo) * self.seq;
            self.pool.send(w, Job { segments: mine, frames: Bufs::new(n), masks: vec![0; n * a] })?;
        }
        let mut masks = masks;
        for (w, &(lo, hi)) in self.rows.iter().enumerate() {
            let job = self.pool.recv(w)?;
            let all = vec![Changed::ALL; (hi - lo) * self.seq];
            job.frames.copy_to(lo * self.seq, dest, &all);
            if let Some(m) = masks.as_deref_mut() {
                m[lo * self.seq * a..hi * self.seq * a].copy_from_slice(&job.masks);
            }
        }
        Ok(())
    }
}

/// How a replayed record ended.
pub struct Ending {
    /// "death", "quit", "win", ... (`Outcome::word`); `None` while the game goes on
    /// after its last key.
    pub word: Option<String>,
    pub killer: Option<String>,
    pub gold: i32,
    pub max_level: i32,
    /// Keys the game read (fewer than the record's when it ended first).
    pub keys_read: u64,
}

/// Every record played to its end on `threads` threads (each takes the
/// next record when done with one), without filling frames.
pub fn endings(records: &[Record], threads: usize) -> Vec<Ending> {
    let found = pool::each(records.len(), threads, |session: &mut Option<Session>, i| {
        let rec = &records[i];
        let config: Config = rec.start.config();
        let sess = match session {
            // A record whose screen the game can't use has no ending (the
            // loader refuses it when it is read).
            Some(sess) => {
                sess.new_game(&config).ok()?;
                sess
            }
            None => session.insert(Session::new(&config).ok()?),
        };
        Some(ending_of(sess.send_keys(&rec.keys)))
    });
    found
        .into_iter()
        .map(|e| e.unwrap_or(Ending { word: None, killer: None, gold: 0, max_level: 0, keys_read: 0 }))
        .collect()
}

fn ending_of(obs: &rogue::session::Observation) -> Ending {
    let Some(o) = &obs.outcome else {
        return Ending { word: None, killer: None, gold: 0, max_level: 0, keys_read: obs.keys };
    };
    Ending {
        word: Some(o.word().into()),
        killer: o.killer.clone(),
        gold: o.gold,
        max_level: o.max_level,
        keys_read: obs.keys,
    }
}

// ---------------------------------------------------------------------
// Python

/// A record from Python: (seed, user, rogueopts, time, keys).
type RecordArgs = (i64, Option<String>, Option<String>, Option<i64>, Vec<u8>);

fn records_of(records: Vec<RecordArgs>) -> PyResult<Vec<Record>> {
    records.into_iter().map(|(s, u, o, t, keys)| Ok(Record { start: crate::start_of(s, u, o, t)?, keys })).collect()
}

/// A case file's text as (seed, user, rogueopts, time, keys), or None for
/// a case a reset cannot start (arguments, files placed first).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn case_from_text<'py>(
    py: Python<'py>,
    name: &str,
    text: &str,
) -> PyResult<Option<(i32, String, Option<String>, i64, Bound<'py, PyBytes>)>> {
    let case = rogue::case::Case::parse(std::path::Path::new(name), text)
        .map_err(|e| PyValueError::new_err(format!("{name}: {e:?}")))?;
    if case.get("args").is_some() || case.get("in-file").is_some() {
        return Ok(None);
    }
    let (c, keys) = Config::from_case(&case)
        .ok_or_else(|| PyValueError::new_err(format!("{name}: not a game record (its seed, time, user or keys)")))?;
    Ok(Some((c.seed, c.user, c.rogueopts, c.time, PyBytes::new(py, &keys))))
}

/// The files of a dataset built into the module: [(name, bytes)].
#[pyfunction]
fn builtin_dataset<'py>(py: Python<'py>, name: &str) -> PyResult<Vec<(String, Bound<'py, PyBytes>)>> {
    let files: &[(&str, &[u8])] = match name {
        "rogomatic" => builtin::ROGOMATIC,
        _ => &[],
    };
    if files.is_empty() {
        return Err(PyValueError::new_err(format!("no dataset {name:?} in this build")));
    }
    Ok(files.iter().map(|(n, b)| (n.to_string(), PyBytes::new(py, b))).collect())
}

/// Every record played to its end: [(ending or None, killer, gold,
/// deepest level, keys read)].
#[pyfunction]
#[pyo3(signature = (records, threads=None))]
#[allow(clippy::type_complexity)]
fn replay_endings(
    py: Python<'_>,
    records: Vec<RecordArgs>,
    threads: Option<usize>,
) -> PyResult<Vec<(Option<String>, Option<String>, i32, i32, u64)>> {
    let records = records_of(records)?;
    let threads = threads.unwrap_or_else(default_threads);
    let found = py.detach(|| endings(&records, threads));
    Ok(found.into_iter().map(|e| (e.word, e.killer, e.gold, e.max_level, e.keys_read)).collect())
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Minibatches of frames from records; see `rogue544.dataset`.
#[pyclass(module = "rogue544._native", name = "Replayer")]
struct PyReplayer {
    r: Replayer,
}

#[pymethods]
impl PyReplayer {
    #[new]
    #[pyo3(signature = (records, batch_size, seq_length, threads=None, keys=Vec::new()))]
    fn new(
        records: Vec<RecordArgs>,
        batch_size: usize,
        seq_length: usize,
        threads: Option<usize>,
        keys: Vec<u8>,
    ) -> PyResult<Self> {
        if batch_size == 0 || seq_length == 0 {
            return Err(PyValueError::new_err("batch_size and seq_length must be at least 1"));
        }
        let threads = threads.unwrap_or_else(default_threads);
        Ok(PyReplayer { r: Replayer::new(records_of(records)?, batch_size, seq_length, threads, keys) })
    }

    /// Fill the arrays (a dict of every observation field, each shaped
    /// (batch * seq, *field shape)) with the segments' frames (row, at,
    /// game, from, count), zeros elsewhere; and `masks` (int8, shaped
    /// (batch * seq, keys), C order), when given, with each frame's action
    /// mask over the keys given at `new`.
    #[pyo3(signature = (segments, arrays, masks=None))]
    fn fill(
        &mut self,
        py: Python<'_>,
        segments: Vec<(usize, usize, usize, usize, usize)>,
        arrays: Bound<'_, PyDict>,
        masks: Option<Bound<'_, PyArray2<i8>>>,
    ) -> PyResult<()> {
        let segments: Vec<Segment> =
            segments.into_iter().map(|(row, at, game, from, count)| Segment { row, at, game, from, count }).collect();
        let a = Arrays::from_dict(&arrays, self.r.batch * self.r.seq)?;
        let mut masks = masks.map(|m| m.try_readwrite()).transpose()?;
        let masks = masks.as_mut().map(|m| m.as_slice_mut()).transpose()?;
        let r = &mut self.r;
        a.with_out(py, |mut out| py.detach(|| r.fill(&segments, &mut out, masks)))?.map_err(PyRuntimeError::new_err)
    }

    fn threads(&self) -> usize {
        self.r.rows.len()
    }
}

/// The module's dataset functions and classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyReplayer>()?;
    m.add_function(wrap_pyfunction!(case_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(replay_endings, m)?)?;
    Ok(())
}
