"""Reward shaping for training, in a wrapper the trainer turns on by a flag
(``python -m rogue544.train --shaping``; on by default there). The env's
own reward is never changed, and ``rogue544.evaluate`` never shapes.

:class:`ExplorationBonus` wraps a vector env and adds to each game's
reward, at command waits:

* ``cell`` for each square the hero stands on for the first time on this
  level (the hero is at the cursor, on an ``@``);
* ``stairs`` the first time the stairs (``%``) are on the screen on a
  level.

Both count afresh on each new level and game. The env's reward is in
``info["raw_reward"]``.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np

from .envs import BL_DEPTH, WAIT_COMMAND

_AT, _STAIRS = ord("@"), ord("%")


class ExplorationBonus(gym.vector.VectorWrapper):
    """A bonus for new squares and for first sight of the stairs; see the
    module documentation."""

    def __init__(self, env: gym.vector.VectorEnv, cell: float = 0.002, stairs: float = 0.1):
        super().__init__(env)
        self.cell = float(cell)
        self.stairs = float(stairs)
        n = env.num_envs
        self._visited = np.zeros((n, 24, 80), np.bool_)
        self._seen_stairs = np.zeros(n, np.bool_)
        self._depth = np.zeros(n, np.int64)
        self._ended = np.zeros(n, np.bool_)
        self._rows = np.arange(n)

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        self._clear(np.ones(self.num_envs, np.bool_))
        self._look(obs)
        return obs, info

    def step(self, actions):
        obs, reward, terminated, truncated, info = self.env.step(actions)
        # Next-step autoreset: the games that ended last step start anew now.
        self._clear(self._ended)
        bonus = self._look(obs)
        self._ended = np.logical_or(terminated, truncated)
        info["raw_reward"] = np.array(reward, np.float64)
        return obs, np.asarray(reward, np.float64) + bonus, terminated, truncated, info

    def _clear(self, which):
        self._visited[which] = False
        self._seen_stairs[which] = False
        self._depth[which] = 0

    def _look(self, obs) -> np.ndarray:
        depth = obs["blstats"][:, BL_DEPTH]
        moved = depth != self._depth
        self._visited[moved] = False
        self._seen_stairs[moved] = False
        self._depth[:] = depth
        r, c = obs["tty_cursor"][:, 0].astype(np.intp), obs["tty_cursor"][:, 1].astype(np.intp)
        chars = obs["tty_chars"]
        at_hero = (obs["wait"] == WAIT_COMMAND) & (chars[self._rows, r, c] == _AT)
        new_cell = at_hero & ~self._visited[self._rows, r, c]
        self._visited[self._rows[at_hero], r[at_hero], c[at_hero]] = True
        stairs = (chars[:, 1:23] == _STAIRS).any(axis=(1, 2)) & ~self._seen_stairs
        self._seen_stairs |= stairs
        return self.cell * new_cell + self.stairs * stairs
