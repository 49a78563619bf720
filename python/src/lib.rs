//! `rogue544._native`: the game for Python. One game per `Game` object
//! (driven on the thread that made it), and `VecGames`, which steps many
//! games on worker threads of its own with the interpreter's lock let go.
//! The Python package (`rogue544`) builds the Gymnasium environments on
//! these.

pub mod core;
pub mod dataset;
pub mod explorer;
pub mod fields;
pub mod mask;
pub mod nav;
pub mod pool;
pub mod vector;

use std::path::PathBuf;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyIOError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::core::{Start, Task};
use crate::fields::{Bufs, FIELDS, Place, WAITS};
use crate::mask::Allowed;

/// A reset's (seed, user, rogueopts, time) from Python.
type StartArgs = (i64, Option<String>, Option<String>, Option<i64>);

fn allowed_of(name: &str) -> PyResult<Allowed> {
    Allowed::parse(name).ok_or_else(|| PyValueError::new_err(format!("allowed={name:?}: 'all' or 'play'")))
}

fn task_of(name: &str) -> PyResult<Task> {
    Task::parse(name).ok_or_else(|| PyValueError::new_err(format!("unknown task {name:?}")))
}

fn start_of(seed: i64, user: Option<String>, rogueopts: Option<String>, time: Option<i64>) -> PyResult<Start> {
    let seed = i32::try_from(seed).map_err(|_| PyValueError::new_err("the seed is a signed 32-bit number"))?;
    let user = user.unwrap_or_else(Start::default_user);
    if user.is_empty() || user.bytes().any(|b| b == b'\n' || b == b'/' || b == 0) {
        return Err(PyValueError::new_err("a user name is one line without '/'"));
    }
    if rogueopts.as_deref().is_some_and(|o| o.contains('\n')) {
        return Err(PyValueError::new_err("rogueopts is one line"));
    }
    // A case's clock is a 32-bit number (its records must replay).
    let time = time.unwrap_or_else(Start::default_time);
    if i32::try_from(time).is_err() {
        return Err(PyValueError::new_err("time is a signed 32-bit number of seconds"));
    }
    Ok(Start { seed, user, rogueopts, time })
}

/// A game's observation as fresh arrays (filled as Rust vectors, then
/// handed to numpy without a copy).
fn observation<'py>(py: Python<'py>, g: &mut core::Game) -> PyResult<Bound<'py, PyDict>> {
    let mut b = Bufs::new(1);
    g.fill(b.game(0), true);
    b.to_dict(py)
}

/// The ending as the env's info has it: (word, killer, gold, deepest level).
type EndingTuple = (String, Option<String>, i32, i32);

fn ending_tuple(e: core::Ending) -> EndingTuple {
    (e.word.to_string(), e.killer, e.gold, e.max_level)
}

/// An opaque moment of a game; pickles as its start and keys.
// Unsendable: the in-process snapshot it carries is tied to this thread
// (a session is not Send); pickling goes through bytes, which travel.
#[pyclass(module = "rogue544._native", name = "State", unsendable)]
#[derive(Clone)]
struct PyState {
    state: core::State,
}

#[pymethods]
impl PyState {
    /// The state as bytes (what pickling stores).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.state.to_bytes())
    }

    /// The keys the game read from its start to this moment.
    fn keys<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.state.keys)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let f = py.import("rogue544._native")?.getattr("state_from_bytes")?;
        Ok((f, (self.to_bytes(py),)))
    }
}

#[pyfunction]
fn state_from_bytes(b: &[u8]) -> PyResult<PyState> {
    core::State::from_bytes(b)
        .map(|state| PyState { state })
        .ok_or_else(|| PyValueError::new_err("not a rogue544 state"))
}

/// One game, driven from the thread that made it.
#[pyclass(module = "rogue544._native", name = "Game", unsendable)]
struct PyGame {
    g: core::Game,
    /// The action table's keys (for masks).
    keys: Vec<u8>,
    /// Which of the keys the game takes the mask allows.
    allowed: Allowed,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (seed, user=None, rogueopts=None, time=None, task="score", keys=Vec::new(), allowed="all"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: i64,
        user: Option<String>,
        rogueopts: Option<String>,
        time: Option<i64>,
        task: &str,
        keys: Vec<u8>,
        allowed: &str,
    ) -> PyResult<Self> {
        let allowed = allowed_of(allowed)?;
        Ok(PyGame { g: core::Game::new(start_of(seed, user, rogueopts, time)?, task_of(task)?), keys, allowed })
    }

    #[pyo3(signature = (seed, user=None, rogueopts=None, time=None))]
    fn reset(&mut self, seed: i64, user: Option<String>, rogueopts: Option<String>, time: Option<i64>) -> PyResult<()> {
        self.g.reset(start_of(seed, user, rogueopts, time)?);
        Ok(())
    }

    /// Type a key: (observation, reward, game over).
    fn step<'py>(&mut self, py: Python<'py>, key: u8) -> PyResult<(Bound<'py, PyDict>, f64, bool)> {
        let r = self.g.step(key);
        Ok((observation(py, &mut self.g)?, r, self.g.is_over()))
    }

    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        observation(py, &mut self.g)
    }

    /// The action mask (int8, one per key of the table given at `new`).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut m = vec![0i8; self.keys.len()];
        self.g.mask(&self.keys, self.allowed, &mut m);
        PyArray1::from_vec(py, m)
    }

    fn is_over(&self) -> bool {
        self.g.is_over()
    }

    fn won(&self) -> bool {
        self.g.won()
    }

    /// How the game ended: (ending word, killer, gold, deepest level), or
    /// None while it goes on.
    fn outcome(&self) -> Option<EndingTuple> {
        self.g.ending().map(ending_tuple)
    }

    fn seed(&self) -> i32 {
        self.g.start().seed
    }

    fn keys<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.g.keys())
    }

    fn clone_state(&mut self) -> PyState {
        PyState { state: self.g.clone_state() }
    }

    fn restore_state(&mut self, s: &PyState) {
        self.g.restore_state(&s.state);
    }

    fn record(&self, path: PathBuf) -> PyResult<()> {
        self.g.record(&path).map_err(|e| PyIOError::new_err(e.to_string()))
    }

    /// Screen rows as text (for printing).
    fn rows(&self) -> Vec<String> {
        self.g.obs().rows()
    }
}

/// A case file's game: (seed, user, rogueopts, time, keys), or None for
/// a case a reset cannot start.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn read_case<'py>(
    py: Python<'py>,
    path: PathBuf,
) -> PyResult<Option<(i32, String, Option<String>, i64, Bound<'py, PyBytes>)>> {
    let c = core::read_case(&path).map_err(PyIOError::new_err)?;
    Ok(c.map(|(s, keys)| (s.seed, s.user, s.rogueopts, s.time, PyBytes::new(py, &keys))))
}

#[pyfunction]
fn next_seed(seed: i64) -> i32 {
    core::next_seed(seed as i32)
}

/// The buffer a `VecGames` fills, bound once (`bind`): every array the
/// env hands out (the games' observations, the step's rewards, flags and
/// masks) is a view of it, where `layout` puts it. One buffer is one
/// borrow of numpy's per step; an array each cost about a microsecond a
/// step in numpy's borrow checks, time the second thread cannot share.
struct VecArrays {
    buf: Py<PyArray1<u8>>,
}

/// Many games, on this thread and worker threads; see `rogue544.vector`.
// Unsendable: the first chunk's games live on the thread that made it.
#[pyclass(module = "rogue544._native", name = "VecGames", unsendable)]
struct PyVecGames {
    v: vector::VecGames,
    arrays: Option<VecArrays>,
    /// The step's keys typed from actions (kept: no allocation per step).
    typed: Vec<u8>,
}

/// Borrow the bound buffer writable for one call and run `f` on the games
/// and the buffer's arrays as flat slices (a buffer numpy will not lend for
/// writing, or one not aligned for the arrays, is an error).
fn with_outs<R>(
    py: Python<'_>,
    a: &VecArrays,
    v: &mut vector::VecGames,
    f: impl FnOnce(&mut vector::VecGames, vector::Outs<'_>) -> Result<R, String>,
) -> PyResult<R> {
    let mut buf = a.buf.bind(py).try_readwrite()?;
    let out = vector::Outs::cut(buf.as_slice_mut()?, v.len(), v.actions()).map_err(PyValueError::new_err)?;
    f(v, out).map_err(PyRuntimeError::new_err)
}

/// What `step` returns: how the episodes that ended at it ended, (game
/// index, ending) each.
fn endings(v: &vector::VecGames) -> Vec<(usize, EndingTuple)> {
    v.endings().into_iter().map(|(i, e)| (i, ending_tuple(e))).collect()
}

#[pymethods]
impl PyVecGames {
    #[new]
    #[pyo3(signature = (num_envs, task="score", max_episode_steps=10_000, threads=None, keys=Vec::new(), allowed="all"))]
    fn new(
        num_envs: usize,
        task: &str,
        max_episode_steps: u64,
        threads: Option<usize>,
        keys: Vec<u8>,
        allowed: &str,
    ) -> PyResult<Self> {
        let allowed = allowed_of(allowed)?;
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, num_envs);
        Ok(PyVecGames {
            v: vector::VecGames::new(num_envs, task_of(task)?, max_episode_steps, threads, keys, allowed),
            arrays: None,
            typed: Vec::with_capacity(num_envs),
        })
    }

    fn threads(&self) -> usize {
        self.v.threads()
    }

    /// Threads stepping the games now: 1 while the calling thread has
    /// them all (the vector found its workers slower; see `vector`).
    fn active_threads(&self) -> usize {
        self.v.active_threads()
    }

    /// Move the games to the workers (`True`) or all to the calling
    /// thread, as the vector does by itself when it measures which is
    /// faster (for tests: the games must go on exactly).
    fn move_games(&mut self, to_threads: bool) -> PyResult<()> {
        self.v.move_games(to_threads).map_err(PyRuntimeError::new_err)
    }

    /// Where the arrays lie in the buffer `bind` takes: (name, byte
    /// offset, shape, dtype) each, and the buffer's size in bytes.
    fn layout(&self) -> (Vec<Place>, usize) {
        vector::Outs::layout(self.v.len(), self.v.actions())
    }

    /// The buffer every `reset` and `step` fills from now on: uint8, of
    /// `layout`'s size, C-contiguous and aligned to 8 bytes (as numpy
    /// allocates), the env's arrays views of it (checked here once).
    fn bind(&mut self, py: Python<'_>, buf: Bound<'_, PyArray1<u8>>) -> PyResult<()> {
        let (_, size) = self.layout();
        if buf.len() != size || !buf.is_c_contiguous() {
            return Err(PyValueError::new_err(format!("the buffer is not {size} contiguous bytes")));
        }
        let a = VecArrays { buf: buf.unbind() };
        with_outs(py, &a, &mut self.v, |_, _| Ok(()))?;
        self.arrays = Some(a);
        Ok(())
    }

    /// Start every game anew: one (seed, user, rogueopts, time) each.
    fn reset(&mut self, py: Python<'_>, starts: Vec<StartArgs>) -> PyResult<()> {
        if starts.len() != self.v.len() {
            return Err(PyValueError::new_err("one start per game"));
        }
        let starts = starts.into_iter().map(|(s, u, o, t)| start_of(s, u, o, t)).collect::<PyResult<Vec<Start>>>()?;
        let a = self.arrays.as_ref().ok_or_else(|| PyRuntimeError::new_err("bind() the arrays first"))?;
        // The interpreter's lock is kept: this thread steps its own games
        // (which cannot leave it) while the workers step theirs.
        with_outs(py, a, &mut self.v, |v, out| v.reset(starts, out))
    }

    /// Step every game with its key (a game whose episode ended last step
    /// starts its next one instead); rewards and flags are written too.
    /// Returns how the episodes that ended at this step ended: (game
    /// index, ending) each.
    fn step(&mut self, py: Python<'_>, keys: &[u8]) -> PyResult<Vec<(usize, EndingTuple)>> {
        if keys.len() != self.v.len() {
            return Err(PyValueError::new_err("one key per game"));
        }
        let a = self.arrays.as_ref().ok_or_else(|| PyRuntimeError::new_err("bind() the arrays first"))?;
        with_outs(py, a, &mut self.v, |v, out| v.step(keys, out).map(|()| endings(v)))
    }

    /// `step` with action indices (int64, one per game) instead of keys:
    /// the env's `step`, which saves Python the table lookup per call.
    fn step_actions(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Vec<(usize, EndingTuple)>> {
        let actions = actions.as_slice()?;
        let mut typed = std::mem::take(&mut self.typed);
        typed.clear();
        let keys = self.v.keys();
        for &a in actions {
            let k = usize::try_from(a).ok().and_then(|i| keys.get(i));
            typed.push(*k.ok_or_else(|| PyValueError::new_err(format!("action {a} is not in 0..{}", keys.len())))?);
        }
        let r = self.step(py, &typed);
        self.typed = typed;
        r
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVecGames>()?;
    dataset::register(m)?;
    nav::register(m)?;
    explorer::register(m)?;
    m.add_function(wrap_pyfunction!(state_from_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(read_case, m)?)?;
    m.add_function(wrap_pyfunction!(next_seed, m)?)?;
    let fields: Vec<(&str, Vec<usize>, &str, i64, i64)> =
        FIELDS.iter().map(|f| (f.name, f.shape.to_vec(), f.dtype, f.low, f.high)).collect();
    m.add("FIELDS", fields)?;
    m.add("WAITS", WAITS.to_vec())?;
    m.add("BLSTATS", core::bl::NAMES.to_vec())?;
    m.add("DEPTH_BONUS", core::DEPTH_BONUS)?;
    m.add("PLAY_EXCLUDED", mask::PLAY_EXCLUDED.to_vec())?;
    Ok(())
}
