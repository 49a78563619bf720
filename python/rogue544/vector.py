"""Many games in one native call: ``gymnasium.make_vec("Rogue-v0", num_envs=N)``.

The games live on worker threads made by the native module (one per core
by default; each game is made, stepped and dropped on its own thread), and
one ``step`` steps them all with Python's lock let go, writing into
preallocated numpy arrays. Episodes are reset the next-step way
(Gymnasium's default): the step after one that ended returns the new
game's first observation, reward 0 and no flags, and ignores its action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _native
from .actions import ACTIONS, KEYS
from .envs import COLS, NAME, PACK, ROWS, _start_args, observation_space

_I32 = np.iinfo(np.int32)


class RogueVectorEnv(VectorEnv):
    """``num_envs`` games of one task stepped together.

    ``copy=True`` (the default) returns fresh copies of the arrays each
    step; ``copy=False`` returns the preallocated arrays themselves, which
    the next step overwrites. ``threads`` defaults to the number of cores.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, task: str = "score", max_episode_steps: int | None = 10_000,
                 threads: int | None = None, copy: bool = True, user: str | None = None,
                 rogueopts: str | None = None, time: int | None = None, render_mode: str | None = None):
        self.num_envs = int(num_envs)
        self.task = task
        self.copy = copy
        self.render_mode = None
        self._defaults = {"user": user, "rogueopts": rogueopts, "time": time}
        limit = 2**63 - 1 if max_episode_steps is None else int(max_episode_steps)
        self._native = _native.VecGames(self.num_envs, task, limit, threads)
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(len(ACTIONS))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        self._chars = np.zeros((n, ROWS, COLS), np.uint8)
        self._attrs = np.zeros((n, ROWS, COLS), np.uint8)
        self._cursor = np.zeros((n, 2), np.int16)
        self._blstats = np.zeros((n, 13), np.int32)
        self._message = np.zeros((n, COLS), np.uint8)
        self._letters = np.zeros((n, PACK), np.uint8)
        self._types = np.zeros((n, PACK), np.uint8)
        self._names = np.zeros((n, PACK, NAME), np.uint8)
        self._wait = np.zeros((n,), np.int64)
        self._reward = np.zeros((n,), np.float64)
        self._terminated = np.zeros((n,), np.bool_)
        self._truncated = np.zeros((n,), np.bool_)
        # Bound once: every reset and step fills these in place.
        self._native.bind(self._chars, self._attrs, self._cursor, self._blstats, self._message,
                          self._letters, self._types, self._names, self._wait,
                          self._reward, self._terminated, self._truncated)
        self._was_reset = False

    @property
    def threads(self) -> int:
        """The worker threads stepping the games."""
        return self._native.threads()

    def reset(self, *, seed=None, options: dict[str, Any] | None = None):
        n = self.num_envs
        np_seed = seed if seed is None or isinstance(seed, int) else int(list(seed)[0])
        super().reset(seed=None if np_seed is None else int(np_seed) & 0xFFFFFFFF)
        if seed is None:
            seeds = [int(s) for s in self.np_random.integers(0, _I32.max, size=n)]
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = [int(s) for s in seed]
            if len(seeds) != n:
                raise ValueError("one seed per game")
        starts = [_start_args(s, options, self._defaults) for s in seeds]
        self._native.reset(starts)
        self._was_reset = True
        return self._obs(), {}

    def step(self, actions):
        if not self._was_reset:
            raise RuntimeError("call reset() before step()")
        keys = KEYS[np.asarray(actions, dtype=np.int64)]
        return self._step(keys)

    def step_keys(self, keys):
        """Type one raw byte in each game (bytes or an array of uint8)."""
        if not self._was_reset:
            raise RuntimeError("call reset() before step()")
        return self._step(np.frombuffer(bytes(keys), np.uint8) if isinstance(keys, (bytes, bytearray))
                          else np.asarray(keys, np.uint8))

    def _step(self, keys):
        self._native.step(keys.tobytes())
        if self.copy:
            return self._obs(), self._reward.copy(), self._terminated.copy(), self._truncated.copy(), {}
        return self._obs(), self._reward, self._terminated, self._truncated, {}

    def _obs(self):
        c = (lambda a: a.copy()) if self.copy else (lambda a: a)
        return {
            "tty_chars": c(self._chars),
            "tty_attrs": c(self._attrs),
            "tty_cursor": c(self._cursor),
            "blstats": c(self._blstats),
            "message": c(self._message),
            "inventory": {"letters": c(self._letters), "types": c(self._types), "names": c(self._names)},
            "wait": c(self._wait),
        }

    def close_extras(self, **kwargs):
        self._native = None
