"""Recorded games as training data, the way NLE's ``TtyrecDataset`` serves
NetHack's: minibatches of frames shaped ``(batch, seq, ...)``.

A record is a game: its start (seed, user, ROGUEOPTS, clock) and every key
typed, in the project's case format (``oracle/FORMAT-games.md``). Its frames
are not stored anywhere: they are made by replaying the keys through the
game on native worker threads (the interpreter's lock let go), each frame
filled by the same code as an environment's observation, so a dataset frame
is exactly what ``Rogue-v0`` shows at that moment (and what the original
5.4.4 showed: see ``rogue-trace``).

``RogueDataset("rogomatic")`` is the shipped dataset (596 games of
Rog-O-Matic XIV, built into the package); ``RogueDataset(path)`` loads a
folder of ``.case`` records (``rogue --record`` files, ``env.record()``
output; an ``index.csv`` beside them adds its columns to the metadata), one
record, or a list of records.

Frames and keys: a game of ``n`` keys has ``n + 1`` frames. Frame ``t`` is
the screen when the game waited for its ``t``-th key (counting from 0), and
``keys[t]`` is the key typed after seeing it (NLE's convention: the
observation at ``t`` and the key pressed at ``t`` in response). The last
frame is the terminal after the game ended; its key is 0 and its action -1.

A minibatch (fresh arrays each time; keep them if you like) holds the
environment's observation fields (``rogue544.FIELDS``, the one table the
single and vector envs use), each shaped ``(B, S, *field shape)``, and
per frame:

==============  ==========  ======  ============================================
name            shape       dtype   what
==============  ==========  ======  ============================================
tty_chars       (B,S,24,80) uint8   the screen's characters
tty_attrs       (B,S,24,80) uint8   1 where a cell is in standout
tty_cursor      (B,S,2)     uint8   the cursor, row first
blstats         (B,S,16)    int32   ``rogue544.BLSTATS_INDICES``
message         (B,S,256)   uint8   the top line, NUL padded
wait            (B,S)       int64   an index of ``rogue544.WAITS``
keys            (B,S)       uint8   the key typed at this frame (0 at a game's
                                    last frame)
actions         (B,S)       int16   its index in ``rogue544.ACTIONS``, or -1
                                    (a key no action types, or the last frame)
done            (B,S)       uint8   1 at the first frame of a game that follows
                                    another in its row
gameids         (B,S)       int32   the game (1-based; 0 = padding)
==============  ==========  ======  ============================================

With ``inventory=True`` also ``inv_letters``, ``inv_oclasses`` and
``inv_strs``, as in the environment. With ``masks=True`` also
``action_mask`` ``(B,S,len(ACTIONS))`` int8: at each frame the actions the
game takes, as the environment's ``info["action_mask"]`` gives them with
``allowed="all"`` (narrow it yourself for ``"play"``: ``rogue544.PLAY_EXCLUDED``);
zeros in padding.

As in NLE, each row plays its games one after another and goes on across
minibatches; when a game ends the row takes the next game of the (shuffled)
order, and ``done`` marks that game's first frame. When the games run out
(and ``loop_forever`` is off) rows are padded with zeros (``gameids`` 0,
``actions`` -1) and iteration stops after the last minibatch with a frame.
"""

from __future__ import annotations

import csv
import io
import os
import pathlib
import warnings
from typing import Any, Iterable, Iterator

import numpy as np

from . import _native
from .actions import ACTIONS, KEYS
from .envs import FIELDS

__all__ = ["RogueDataset", "Record", "load_records", "BUILTIN", "extract"]

#: Datasets built into the package.
BUILTIN = ("rogomatic",)

#: The observation's fields that only ``inventory=True`` returns.
_INVENTORY = ("inv_letters", "inv_oclasses", "inv_strs")

# Key byte -> action index (or -1).
_ACTION_OF_KEY = np.full(256, -1, dtype=np.int16)
for _i, _a in enumerate(ACTIONS):
    _ACTION_OF_KEY[_a.key] = _i

# Index columns read as numbers.
_INT_COLUMNS = ("seed", "keys", "deepest", "gold", "bot_stopped")


class Record:
    """One recorded game: how it starts, its keys, and what is known of it
    (``meta``: the case's headers and, where an index lists the game, the
    index's columns)."""

    __slots__ = ("name", "path", "seed", "user", "rogueopts", "time", "keys", "meta")

    def __init__(self, name, path, seed, user, rogueopts, time, keys, meta):
        self.name = name
        self.path = path
        self.seed = seed
        self.user = user
        self.rogueopts = rogueopts
        self.time = time
        self.keys = keys
        self.meta = meta

    @property
    def frames(self) -> int:
        return len(self.keys) + 1

    def start(self) -> tuple:
        """``(seed, options)`` for ``env.reset(seed=..., options=...)``."""
        options = {"user": self.user, "time": self.time}
        if self.rogueopts is not None:
            options["rogueopts"] = self.rogueopts
        return self.seed, options

    def _native(self) -> tuple:
        return (self.seed, self.user, self.rogueopts, self.time, self.keys)

    def __repr__(self) -> str:
        return f"Record({self.name!r}, seed={self.seed}, keys={len(self.keys)})"


def _headers(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines():
        if not line:
            break
        k, _, v = line.partition(": ")
        if k in ("note", "in-file", "out-file"):
            out[k] = (out[k] + "\n" + v) if k in out else v
        else:
            out[k] = v
    return out


def _index(text: str) -> dict[str, dict[str, Any]]:
    rows = {}
    for row in csv.DictReader(io.StringIO(text)):
        meta: dict[str, Any] = dict(row)
        for k in _INT_COLUMNS:
            if k in meta and meta[k] not in (None, ""):
                try:
                    meta[k] = int(meta[k])
                except ValueError:
                    pass
        if "name" in meta:
            rows[meta["name"]] = meta
    return rows


def _record(name: str, path, text: str, index: dict) -> Record | None:
    c = _native.case_from_text(name, text)
    if c is None:
        return None
    seed, user, rogueopts, time, keys = c
    stem = name[:-5] if name.endswith(".case") else name
    meta: dict[str, Any] = {"name": stem}
    h = _headers(text)
    for k in ("ends", "note"):
        if k in h:
            meta[k] = h[k]
    meta.update(index.get(stem, {}))
    meta.update({"name": stem, "path": None if path is None else str(path), "seed": seed,
                 "keys": len(keys), "frames": len(keys) + 1})
    return Record(stem, path, seed, user, rogueopts, time, bytes(keys), meta)


def _builtin(name: str) -> tuple[list[tuple[str, None, str]], str | None]:
    files = dict(_native.builtin_dataset(name))
    index = files.get("index.csv")
    cases = [(n, None, b.decode("latin-1")) for n, b in sorted(files.items()) if n.endswith(".case")]
    return cases, None if index is None else index.decode("utf-8")


def load_records(source="rogomatic") -> list[Record]:
    """The records of a built-in dataset (``"rogomatic"``), a folder of
    ``.case`` files (sorted by name; an ``index.csv`` there adds its
    columns to each game's ``meta``), one ``.case`` file, or a list of
    them. Cases a reset cannot start (ones with arguments or files placed
    before the run) are left out with a warning."""
    index_text = None
    if isinstance(source, str) and source in BUILTIN and not os.path.exists(source):
        cases, index_text = _builtin(source)
    else:
        paths: list[pathlib.Path]
        if isinstance(source, (str, os.PathLike)):
            p = pathlib.Path(source)
            if p.is_dir():
                paths = sorted(p.glob("*.case"))
                if (p / "index.csv").is_file():
                    index_text = (p / "index.csv").read_text(encoding="utf-8")
                if not paths:
                    raise ValueError(f"{p}: no .case records in this folder")
            elif p.is_file():
                paths = [p]
            else:
                raise FileNotFoundError(f"{p}: no such dataset, folder or record (built in: {', '.join(BUILTIN)})")
        else:
            paths = [pathlib.Path(x) for x in source]
        cases = [(p.name, p, p.read_text(encoding="latin-1")) for p in paths]
    index = _index(index_text) if index_text else {}
    out, skipped = [], []
    for name, path, text in cases:
        r = _record(name, path, text, index)
        if r is None:
            skipped.append(name)
        else:
            out.append(r)
    if skipped:
        warnings.warn(f"left out {len(skipped)} case(s) a new game cannot replay "
                      f"(arguments or files before the run), e.g. {skipped[0]}", stacklevel=2)
    if not out:
        raise ValueError("no replayable records")
    return out


def extract(name: str, folder) -> list[pathlib.Path]:
    """Write a built-in dataset's files (records, index, README) into
    ``folder`` (e.g. to ``rogue --replay`` or ``rogue-trace`` them)."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for n, b in _native.builtin_dataset(name):
        (folder / n).write_bytes(b)
        out.append(folder / n)
    return out


class RogueDataset:
    """Minibatches of recorded games' frames; see the module documentation.

    :param path_or_name: ``"rogomatic"`` (built in), a folder of ``.case``
        records, one record, or a list of them.
    :param batch_size: rows (games played side by side).
    :param seq_length: frames per row in a minibatch.
    :param shuffle: shuffle the order of the games (with ``seed``).
    :param seed: the shuffle's seed (``None``: a fresh one each iteration).
    :param loop_forever: cycle through the games without end (reshuffled
        each round), instead of padding when they run out.
    :param gameids: use only these games (1-based ids, as in ``gameids``).
    :param threads: native worker threads (default: one per core).
    :param inventory: add the ``inv_*`` arrays.
    :param masks: add ``action_mask``, each frame's action mask.
    """

    def __init__(self, path_or_name="rogomatic", batch_size: int = 32, seq_length: int = 32,
                 shuffle: bool = True, seed: int | None = None, loop_forever: bool = False,
                 gameids: Iterable[int] | None = None, threads: int | None = None,
                 inventory: bool = False, masks: bool = False):
        if batch_size < 1 or seq_length < 1:
            raise ValueError("batch_size and seq_length must be at least 1")
        self.records: list[Record] = load_records(path_or_name)
        self.batch_size = int(batch_size)
        self.seq_length = int(seq_length)
        self.shuffle = shuffle
        self.seed = seed
        self.loop_forever = loop_forever
        self.threads = threads
        self.inventory = inventory
        self.masks = masks
        n = len(self.records)
        ids = list(range(1, n + 1)) if gameids is None else [int(g) for g in gameids]
        for g in ids:
            if not 1 <= g <= n:
                raise ValueError(f"no game {g} (ids are 1..{n})")
        self._gameids = ids
        # Per game: its keys with a 0 for the last frame, and the actions.
        self._keys = [np.frombuffer(r.keys + b"\0", dtype=np.uint8) for r in self.records]
        self._actions = []
        for k in self._keys:
            a = _ACTION_OF_KEY[k]
            a[-1] = -1
            self._actions.append(a)
        self._native_records = [r._native() for r in self.records]
        self._rounds = 0

    # -- metadata --------------------------------------------------------

    @property
    def gameids(self) -> list[int]:
        """The games this dataset iterates over (1-based ids)."""
        return list(self._gameids)

    def __len__(self) -> int:
        return len(self._gameids)

    def get_meta(self, gameid: int) -> dict[str, Any] | None:
        """A game's metadata (the case's headers, the index's columns,
        ``frames``), or ``None`` for an unknown id."""
        gameid = int(gameid)
        if not 1 <= gameid <= len(self.records):
            return None
        return dict(self.records[gameid - 1].meta, gameid=gameid)

    def get_record(self, gameid: int) -> Record:
        """A game's record (its start, keys and metadata)."""
        gameid = int(gameid)
        if not 1 <= gameid <= len(self.records):
            raise KeyError(gameid)
        return self.records[gameid - 1]

    def gameid_of(self, name: str) -> int:
        """The id of the game called ``name`` (e.g. ``"rgm_1001"``)."""
        for i, r in enumerate(self.records):
            if r.name == name:
                return i + 1
        raise KeyError(name)

    @property
    def frames(self) -> int:
        """Frames in all the games iterated over."""
        return sum(self.records[g - 1].frames for g in self._gameids)

    # -- minibatches -----------------------------------------------------

    def _order(self, rng) -> list[int]:
        order = list(self._gameids)
        if self.shuffle:
            rng.shuffle(order)
        return order

    def _arrays(self, b: int, s: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """A minibatch's arrays shaped (b, s, ...), and the observation's
        ones as the native side fills them, (b * s, ...): the same memory."""
        flat = {name: np.empty((b * s,) + shape, dtype) for name, shape, dtype, *_ in FIELDS}
        d = {name: a.reshape((b, s) + a.shape[1:]) for name, a in flat.items()
             if self.inventory or name not in _INVENTORY}
        d["keys"] = np.zeros((b, s), np.uint8)
        d["actions"] = np.full((b, s), -1, np.int16)
        d["done"] = np.zeros((b, s), np.uint8)
        d["gameids"] = np.zeros((b, s), np.int32)
        if self.masks:
            d["action_mask"] = np.zeros((b, s, len(ACTIONS)), np.int8)
        return d, flat

    def _replayer(self, batch: int, seq: int):
        keys = KEYS.tobytes() if self.masks else b""
        return _native.Replayer(self._native_records, batch, seq, self.threads, keys)

    def _fill(self, rep, segments, d, flat) -> None:
        m = d.get("action_mask")
        rep.fill(segments, flat, None if m is None else m.reshape(-1, m.shape[-1]))

    def __iter__(self) -> Iterator[dict[str, np.ndarray]]:
        return self._minibatches(self.batch_size, self.seq_length, self._gameids, self.shuffle, self.loop_forever)

    def _minibatches(self, batch: int, seq: int, gameids, shuffle: bool, loop_forever: bool):
        seed = self.seed
        if seed is not None:
            # Each iteration over the dataset its own order, reproducibly.
            seed = (seed, self._rounds)
            self._rounds += 1
        rng = np.random.default_rng(seed)
        ids = list(gameids)
        if shuffle:
            rng.shuffle(ids)
        queue = iter(ids)

        def take() -> int | None:
            nonlocal queue
            g = next(queue, None)
            if g is None and loop_forever and ids:
                if shuffle:
                    rng.shuffle(ids)
                queue = iter(ids)
                g = next(queue, None)
            return g

        rep = self._replayer(batch, seq)
        row_game = [take() for _ in range(batch)]
        row_pos = [0] * batch
        row_seen = [False] * batch
        while True:
            d, flat = self._arrays(batch, seq)
            segments = []
            for b in range(batch):
                at = 0
                while at < seq and row_game[b] is not None:
                    g = row_game[b]
                    i = g - 1
                    frm = row_pos[b]
                    n = min(self.records[i].frames - frm, seq - at)
                    segments.append((b, at, i, frm, n))
                    d["keys"][b, at:at + n] = self._keys[i][frm:frm + n]
                    d["actions"][b, at:at + n] = self._actions[i][frm:frm + n]
                    d["gameids"][b, at:at + n] = g
                    if frm == 0 and row_seen[b]:
                        d["done"][b, at] = 1
                    row_seen[b] = True
                    at += n
                    row_pos[b] = frm + n
                    if row_pos[b] == self.records[i].frames:
                        row_game[b] = take()
                        row_pos[b] = 0
            if not segments:
                return
            self._fill(rep, segments, d, flat)
            yield d

    # -- games whole -----------------------------------------------------

    def episodes(self, gameids: Iterable[int] | None = None, chunk: int = 1024) -> Iterator[dict[str, Any]]:
        """Game after game (in the dataset's order, or ``gameids``'), each
        as a dict of arrays shaped ``(frames, ...)`` (the minibatch fields
        but ``done``) and its ``meta``. Several games are replayed at once,
        one per worker thread."""
        ids = list(self._gameids if gameids is None else gameids)
        if not ids:
            return
        rows = min(len(ids), self.threads or os.cpu_count() or 1)
        pieces: dict[int, list] = {}
        have: dict[int, int] = {}
        ready: dict[int, dict[str, Any]] = {}
        want = iter(ids)
        nxt = next(want, None)
        for mb in self._minibatches(rows, chunk, ids, False, False):
            for b in range(rows):
                g_row = mb["gameids"][b]
                cuts = np.flatnonzero(np.diff(g_row)) + 1
                for lo, hi in zip(np.r_[0, cuts], np.r_[cuts, len(g_row)]):
                    g = int(g_row[lo])
                    if g == 0:
                        continue
                    pieces.setdefault(g, []).append({k: v[b, lo:hi] for k, v in mb.items() if k != "done"})
                    have[g] = have.get(g, 0) + (hi - lo)
                    if have[g] == self.records[g - 1].frames:
                        parts = pieces.pop(g)
                        ep: dict[str, Any] = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
                        ep["meta"] = self.get_meta(g)
                        ready[g] = ep
            while nxt is not None and nxt in ready:
                yield ready.pop(nxt)
                nxt = next(want, None)

    def get_episode(self, gameid: int) -> dict[str, Any]:
        """One game whole (see :meth:`episodes`)."""
        return next(self.episodes([gameid]))

    def last_frames(self, gameids: Iterable[int] | None = None) -> dict[str, np.ndarray]:
        """The last frame of each game (the terminal after its last key),
        as arrays shaped ``(games, ...)``, in ``gameids``' order."""
        ids = list(self._gameids if gameids is None else gameids)
        if not ids:
            return {}
        # A few rows at a time: each row keeps a game of its own.
        rows = min(64, len(ids))
        rep = self._replayer(rows, 1)
        parts = []
        for lo in range(0, len(ids), rows):
            chunk = ids[lo:lo + rows]
            d, flat = self._arrays(rows, 1)
            segments = [(b, 0, g - 1, self.records[g - 1].frames - 1, 1) for b, g in enumerate(chunk)]
            d["gameids"][:len(chunk), 0] = chunk
            self._fill(rep, segments, d, flat)
            parts.append({k: v[:len(chunk), 0] for k, v in d.items() if k != "done"})
        return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}

    def endings(self, gameids: Iterable[int] | None = None) -> list[dict[str, Any]]:
        """Each game played to its end (natively, in parallel, no frames):
        ``ending`` ("death", "quit", ...; ``None`` if the game goes on after
        its last key), ``killer``, ``gold`` (after a death's tenth),
        ``deepest`` and ``keys_read`` (fewer than its keys if it ended
        early)."""
        ids = list(self._gameids if gameids is None else gameids)
        found = _native.replay_endings([self._native_records[g - 1] for g in ids], self.threads)
        return [
            {"gameid": g, "ending": e, "killer": k, "gold": gold, "deepest": deep, "keys_read": n}
            for g, (e, k, gold, deep, n) in zip(ids, found)
        ]

    def __repr__(self) -> str:
        return (f"RogueDataset({len(self)} games, {self.frames} frames, batch_size={self.batch_size}, "
                f"seq_length={self.seq_length})")
