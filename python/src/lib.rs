//! `rogue544._native`: the game for Python. One game per `Game` object
//! (driven on the thread that made it), and `VecGames`, which steps many
//! games on worker threads of its own with the interpreter's lock let go.
//! The Python package (`rogue544`) builds the Gymnasium environments on
//! these.

pub mod core;
pub mod vector;

use std::path::PathBuf;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyIOError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::core::{BLSTATS, CELLS, COLS, NAME, Out, PACK, ROWS, Start, Task};

/// A reset's (seed, user, rogueopts, time) from Python.
type StartArgs = (i64, Option<String>, Option<String>, Option<i64>);

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
fn observation<'py>(py: Python<'py>, g: &core::Game, waits: &[Py<PyAny>]) -> PyResult<Bound<'py, PyDict>> {
    let (mut chars, mut attrs, mut cursor, mut blstats) =
        (vec![0u8; CELLS], vec![0u8; CELLS], vec![0i16; 2], vec![0i32; BLSTATS]);
    let (mut message, mut letters, mut types, mut names) =
        (vec![0u8; COLS], vec![0u8; PACK], vec![0u8; PACK], vec![0u8; PACK * NAME]);
    g.fill(Out {
        chars: &mut chars,
        attrs: &mut attrs,
        cursor: &mut cursor,
        blstats: &mut blstats,
        message: &mut message,
        inv_letters: &mut letters,
        inv_types: &mut types,
        inv_names: &mut names,
    });
    let grid = |v: Vec<u8>, rows: usize, cols: usize| -> PyResult<Bound<'py, PyArray2<u8>>> {
        Ok(Array2::from_shape_vec((rows, cols), v).map_err(|e| PyValueError::new_err(e.to_string()))?.into_pyarray(py))
    };
    let inv = PyDict::new(py);
    inv.set_item("letters", letters.into_pyarray(py))?;
    inv.set_item("types", types.into_pyarray(py))?;
    inv.set_item("names", grid(names, PACK, NAME)?)?;
    let d = PyDict::new(py);
    d.set_item("tty_chars", grid(chars, ROWS, COLS)?)?;
    d.set_item("tty_attrs", grid(attrs, ROWS, COLS)?)?;
    d.set_item("tty_cursor", cursor.into_pyarray(py))?;
    d.set_item("blstats", blstats.into_pyarray(py))?;
    d.set_item("message", message.into_pyarray(py))?;
    d.set_item("inventory", inv)?;
    let w = core::wait_index(g.obs().wait) as usize;
    match waits.get(w) {
        Some(v) => d.set_item("wait", v.bind(py))?,
        None => d.set_item("wait", numpy_int(py, w as i64)?)?,
    }
    Ok(d)
}

/// A numpy int64 scalar (what a `Discrete` space holds).
fn numpy_int(py: Python<'_>, v: i64) -> PyResult<Bound<'_, PyAny>> {
    let a = PyArray1::<i64>::from_slice(py, &[v]);
    a.get_item(0)
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
    /// The `wait` values as numpy scalars, made once.
    waits: Vec<Py<PyAny>>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (seed, user=None, rogueopts=None, time=None, task="score"))]
    fn new(
        py: Python<'_>,
        seed: i64,
        user: Option<String>,
        rogueopts: Option<String>,
        time: Option<i64>,
        task: &str,
    ) -> PyResult<Self> {
        let waits = (0..4).map(|w| numpy_int(py, w).map(Bound::unbind)).collect::<PyResult<_>>()?;
        Ok(PyGame { g: core::Game::new(start_of(seed, user, rogueopts, time)?, task_of(task)?), waits })
    }

    #[pyo3(signature = (seed, user=None, rogueopts=None, time=None))]
    fn reset(&mut self, seed: i64, user: Option<String>, rogueopts: Option<String>, time: Option<i64>) -> PyResult<()> {
        self.g.reset(start_of(seed, user, rogueopts, time)?);
        Ok(())
    }

    /// Type a key: (observation, reward, game over).
    fn step<'py>(&mut self, py: Python<'py>, key: u8) -> PyResult<(Bound<'py, PyDict>, f64, bool)> {
        let r = self.g.step(key);
        Ok((observation(py, &self.g, &self.waits)?, r, self.g.is_over()))
    }

    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        observation(py, &self.g, &self.waits)
    }

    fn is_over(&self) -> bool {
        self.g.is_over()
    }

    fn won(&self) -> bool {
        self.g.won()
    }

    /// How the game ended: (ending word, killer, gold, deepest level), or
    /// None while it goes on.
    fn outcome(&self) -> Option<(String, Option<String>, i32, i32)> {
        let o = self.g.obs().outcome.as_ref()?;
        let word = o.word().to_string();
        Some((word, o.killer.clone(), o.gold, o.max_level))
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

/// The arrays a `VecGames` fills, bound once (`bind`): every game's
/// observation, wait, reward and flags.
struct Arrays {
    chars: Py<PyArray3<u8>>,
    attrs: Py<PyArray3<u8>>,
    cursor: Py<PyArray2<i16>>,
    blstats: Py<PyArray2<i32>>,
    message: Py<PyArray2<u8>>,
    letters: Py<PyArray2<u8>>,
    types: Py<PyArray2<u8>>,
    names: Py<PyArray3<u8>>,
    wait: Py<PyArray1<i64>>,
    reward: Py<PyArray1<f64>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
}

/// Many games on worker threads; see `rogue544.vector`.
#[pyclass(module = "rogue544._native", name = "VecGames")]
struct PyVecGames {
    v: vector::VecGames,
    arrays: Option<Arrays>,
}

/// Borrow the bound arrays writable for one call and run `f` on them as
/// flat slices (an array bound twice, or one numpy will not lend for
/// writing or that is not contiguous, is an error).
fn with_outs<R>(py: Python<'_>, a: &Arrays, f: impl FnOnce(vector::Outs<'_>) -> PyResult<R>) -> PyResult<R> {
    let (mut chars, mut attrs, mut names) =
        (a.chars.bind(py).try_readwrite()?, a.attrs.bind(py).try_readwrite()?, a.names.bind(py).try_readwrite()?);
    let (mut cursor, mut blstats) = (a.cursor.bind(py).try_readwrite()?, a.blstats.bind(py).try_readwrite()?);
    let (mut message, mut letters, mut types) =
        (a.message.bind(py).try_readwrite()?, a.letters.bind(py).try_readwrite()?, a.types.bind(py).try_readwrite()?);
    let (mut wait, mut reward) = (a.wait.bind(py).try_readwrite()?, a.reward.bind(py).try_readwrite()?);
    let (mut terminated, mut truncated) =
        (a.terminated.bind(py).try_readwrite()?, a.truncated.bind(py).try_readwrite()?);
    f(vector::Outs {
        obs: Out {
            chars: chars.as_slice_mut()?,
            attrs: attrs.as_slice_mut()?,
            cursor: cursor.as_slice_mut()?,
            blstats: blstats.as_slice_mut()?,
            message: message.as_slice_mut()?,
            inv_letters: letters.as_slice_mut()?,
            inv_types: types.as_slice_mut()?,
            inv_names: names.as_slice_mut()?,
        },
        wait: wait.as_slice_mut()?,
        reward: reward.as_slice_mut()?,
        terminated: terminated.as_slice_mut()?,
        truncated: truncated.as_slice_mut()?,
    })
}

#[pymethods]
impl PyVecGames {
    #[new]
    #[pyo3(signature = (num_envs, task="score", max_episode_steps=10_000, threads=None))]
    fn new(num_envs: usize, task: &str, max_episode_steps: u64, threads: Option<usize>) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, num_envs);
        Ok(PyVecGames { v: vector::VecGames::new(num_envs, task_of(task)?, max_episode_steps, threads), arrays: None })
    }

    fn threads(&self) -> usize {
        self.v.threads()
    }

    /// The arrays every `reset` and `step` fills from now on (made once by
    /// the caller, checked here once).
    #[allow(clippy::too_many_arguments)]
    fn bind(
        &mut self,
        py: Python<'_>,
        chars: Bound<'_, PyArray3<u8>>,
        attrs: Bound<'_, PyArray3<u8>>,
        cursor: Bound<'_, PyArray2<i16>>,
        blstats: Bound<'_, PyArray2<i32>>,
        message: Bound<'_, PyArray2<u8>>,
        letters: Bound<'_, PyArray2<u8>>,
        types: Bound<'_, PyArray2<u8>>,
        names: Bound<'_, PyArray3<u8>>,
        wait: Bound<'_, PyArray1<i64>>,
        reward: Bound<'_, PyArray1<f64>>,
        terminated: Bound<'_, PyArray1<bool>>,
        truncated: Bound<'_, PyArray1<bool>>,
    ) -> PyResult<()> {
        let a = Arrays {
            chars: chars.unbind(),
            attrs: attrs.unbind(),
            cursor: cursor.unbind(),
            blstats: blstats.unbind(),
            message: message.unbind(),
            letters: letters.unbind(),
            types: types.unbind(),
            names: names.unbind(),
            wait: wait.unbind(),
            reward: reward.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
        };
        let n = self.v.len();
        if !with_outs(py, &a, |o| Ok(o.fit(n)))? {
            return Err(PyValueError::new_err("the arrays do not fit the games"));
        }
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
        let v = &mut self.v;
        with_outs(py, a, |out| py.detach(|| v.reset(starts, out)).map_err(PyRuntimeError::new_err))
    }

    /// Step every game with its key (a game whose episode ended last step
    /// starts its next one instead); rewards and flags are written too.
    fn step(&mut self, py: Python<'_>, keys: &[u8]) -> PyResult<()> {
        if keys.len() != self.v.len() {
            return Err(PyValueError::new_err("one key per game"));
        }
        let a = self.arrays.as_ref().ok_or_else(|| PyRuntimeError::new_err("bind() the arrays first"))?;
        let v = &mut self.v;
        with_outs(py, a, |out| py.detach(|| v.step(keys, out)).map_err(PyRuntimeError::new_err))
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVecGames>()?;
    m.add_function(wrap_pyfunction!(state_from_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(read_case, m)?)?;
    m.add_function(wrap_pyfunction!(next_seed, m)?)?;
    m.add("ROWS", ROWS)?;
    m.add("COLS", COLS)?;
    m.add("PACK", PACK)?;
    m.add("NAME", NAME)?;
    m.add("BLSTATS", BLSTATS)?;
    m.add("DEPTH_BONUS", core::DEPTH_BONUS)?;
    Ok(())
}
