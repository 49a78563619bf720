"""Many games in one native call: ``gymnasium.make_vec("Rogue-v0", num_envs=N)``.

The games live on worker threads made by the native module (one per core
by default; each game is made, stepped and dropped on its own thread), and
one ``step`` steps them all with Python's lock let go, writing into
preallocated numpy arrays. Episodes are reset the next-step way
(Gymnasium's default): the step after one that ended returns the new
game's first observation, reward 0 and no flags, and ignores its action.

``info`` is in Gymnasium's vector form: ``info["action_mask"]`` is
``(num_envs, n_actions)`` int8 at every step; at the step where episodes
end or are truncated, ``ending`` (``"time limit"`` at a truncation),
``killer``, ``gold`` and ``max_level`` (what the single env's info
carries then) are arrays over the games, each with its ``_key`` mask
saying which games have it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _native
from .actions import ACTIONS, KEYS
from .envs import FIELDS, _check_allowed, _start_args, observation_space

_I32 = np.iinfo(np.int32)


class RogueVectorEnv(VectorEnv):
    """``num_envs`` games of one task stepped together.

    ``copy=True`` (the default) returns fresh copies of the arrays each
    step; ``copy=False`` returns the preallocated arrays themselves, which
    the next step overwrites. ``threads`` defaults to the number of cores.
    ``allowed`` is the single env's option (``"play"`` masks out quitting
    and the commands that only show things again).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi"]}

    def __init__(self, num_envs: int = 1, task: str = "score", max_episode_steps: int | None = 10_000,
                 threads: int | None = None, copy: bool = True, user: str | None = None,
                 rogueopts: str | None = None, time: int | None = None, render_mode: str | None = None,
                 allowed: str = "all"):
        self.num_envs = int(num_envs)
        self.task = task
        self.allowed = _check_allowed(allowed)
        self.copy = copy
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} (the vector env renders 'ansi')")
        self.render_mode = render_mode
        self._defaults = {"user": user, "rogueopts": rogueopts, "time": time}
        limit = 2**63 - 1 if max_episode_steps is None else int(max_episode_steps)
        self._native = _native.VecGames(self.num_envs, task, limit, threads, keys=KEYS.tobytes(), allowed=self.allowed)
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(len(ACTIONS))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        # The arrays, one row per game, are views of one buffer where the
        # native side lays them out (the observation's fields from the one
        # table of fields, then the rewards, flags and masks), bound once:
        # every reset and step fills them in place.
        places, size = self._native.layout()
        self._buf = np.zeros(size, np.uint8)
        views = {name: self._buf[at:at + int(np.prod(shape)) * np.dtype(dtype).itemsize].view(dtype).reshape(shape)
                 for name, at, shape, dtype in places}
        self._native.bind(self._buf)
        self._arrays = {name: views[name] for name, *_ in FIELDS}
        self._reward = views["reward"]
        self._terminated = views["terminated"]
        self._truncated = views["truncated"]
        self._mask = views["action_mask"]
        # Every game has a mask at every step (the mask of `_action_mask`).
        self._every = np.ones((n,), np.bool_)
        self._was_reset = False

    @property
    def threads(self) -> int:
        """The threads that may step the games (this one and the workers)."""
        return self._native.threads()

    @property
    def active_threads(self) -> int:
        """The threads stepping the games now: 1 while the calling thread
        has them all (the env measures itself and moves every game to the
        calling thread when its workers are slower, as on a busy machine;
        it tries them again now and then)."""
        return self._native.active_threads()

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
        return self._obs(), self._info()

    def step(self, actions):
        if not self._was_reset:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {actions.shape}, wanted ({self.num_envs},)")
        # The native side looks the keys up (a step's Python time is what
        # the second core cannot share).
        return self._stepped(self._native.step_actions(np.ascontiguousarray(actions)))

    def step_keys(self, keys):
        """Type one raw byte in each game (bytes or an array of uint8)."""
        if not self._was_reset:
            raise RuntimeError("call reset() before step()")
        keys = keys if isinstance(keys, (bytes, bytearray)) else np.asarray(keys, np.uint8).tobytes()
        return self._stepped(self._native.step(bytes(keys)))

    def _stepped(self, endings):
        info = self._info()
        if endings:
            n = self.num_envs
            cols = {
                "ending": np.full(n, None, object),
                "killer": np.full(n, None, object),
                "gold": np.zeros(n, np.int64),
                "max_level": np.zeros(n, np.int64),
            }
            has = np.zeros(n, np.bool_)
            for i, (word, killer, gold, max_level) in endings:
                cols["ending"][i], cols["killer"][i] = word, killer
                cols["gold"][i], cols["max_level"][i] = gold, max_level
                has[i] = True
            for k, v in cols.items():
                info[k] = v
                info["_" + k] = has.copy()
        if self.copy:
            return self._obs(), self._reward.copy(), self._terminated.copy(), self._truncated.copy(), info
        return self._obs(), self._reward, self._terminated, self._truncated, info

    def _info(self) -> dict[str, Any]:
        if self.copy:
            return {"action_mask": self._mask.copy(), "_action_mask": self._every.copy()}
        return {"action_mask": self._mask, "_action_mask": self._every}

    def _obs(self):
        if self.copy:
            return {k: a.copy() for k, a in self._arrays.items()}
        return dict(self._arrays)

    def action_masks(self) -> np.ndarray:
        """Which actions each game takes now: bool, ``(num_envs, n_actions)``."""
        return self._mask.astype(bool)

    def get_action_meanings(self) -> list[str]:
        """The actions' names, in action order."""
        return [a.name for a in ACTIONS]

    def render(self):
        """``ansi``: each game's screen as text (a tuple, game by game);
        without a render mode, None."""
        if self.render_mode is None or not self._was_reset:
            return None
        return tuple("\n".join(bytes(r).decode("latin-1").rstrip() for r in chars)
                     for chars in self._arrays["tty_chars"])

    def close_extras(self, **kwargs):
        self._native = None
