"""What the trainer's policy sees and may do (``rogue544.train``,
``rogue544.evaluate``).

The screen is a map of what the hero has seen, so the features are
computed from it, for many games at once, by the native module
(``rogue544._native.nav_features``, ``python/src/nav.rs``): a search from
the hero over the walkable glyphs under Rogue's rule for diagonal steps
gives the first step and length of a shortest walk to the stairs, the
nearest frontier (a known walkable spot not stood on that borders unknown
space: doors out of rooms, corridor ends), the nearest thing or gold and
the nearest monster, a flag when nothing is left to explore (searching
``s`` may find a hidden door then), and a 9x9 crop of glyph classes around
the hero with one bit for the cells stood on this level (the map's memory:
kept here, per game, cleared at a new level or game). Beside them: what
the game waits for (one-hot), the hero's numbers (``blstats``), whether
``>`` would take the stairs now (the stairs under the hero show only in
the mask) and how long the hero has been on this level.

:data:`PLAY_COMMANDS` is the trainer's action set at a command wait: the
eight moves and the commands that help going down (``>``, search, rest,
eat, quaff, read, wield, wear) within the game's ``allowed="play"``
mask; at every other wait the game's own mask is used whole (a prompt's
answers).
"""

from __future__ import annotations

import numpy as np

from . import _native
from .actions import ACTIONS, action_named
from .envs import (BL_AC, BL_AMULET, BL_DEPTH, BL_EXP, BL_EXP_LEVEL, BL_HP, BL_HUNGER, BL_MAX_DEPTH,
                   BL_MAX_HP, BL_STR, WAIT_COMMAND, WAITS)

N_ACTIONS = len(ACTIONS)
DOWN = action_named("down")

#: The trainer's commands at a command wait (its action set there).
PLAY_COMMANDS = ("move_w", "move_s", "move_n", "move_e", "move_nw", "move_ne", "move_sw", "move_se",
                 "down", "search", "rest", "eat", "quaff", "read", "wield", "wear")
_KEEP = np.zeros(N_ACTIONS, np.bool_)
_KEEP[[action_named(a) for a in PLAY_COMMANDS]] = True

def play_mask(mask: np.ndarray, wait: np.ndarray) -> np.ndarray:
    """The trainer's mask (bool): the game's ``mask`` (``(N, A)``) cut to
    :data:`PLAY_COMMANDS` at command waits; a game left with nothing there
    keeps the game's whole mask."""
    m = mask.astype(np.bool_)
    cut = m & _KEEP
    use = (wait == WAIT_COMMAND) & cut.any(axis=1)
    m[use] = cut[use]
    return m


#: The hero's numbers as features.
_BL_SIZE = 16
#: The nav block's layout (python/src/nav.rs): the crop, then per target
#: 8 first-step bits, the length / 64, found.
_CROP_END = _native.NAV_SIZE - 4 * 10 - 2
TARGET = {name: _CROP_END + 10 * k for k, name in enumerate(_native.NAV_TARGETS)}


class Observer:
    """Features for ``n`` games, one row each, from the vector env's
    observation and mask; keeps each game's map memory (the cells stood
    on this level) and time on the level. Call :meth:`new_games` with the
    games that start anew (the step after an ending, next-step autoreset)."""

    size = _native.NAV_SIZE + len(WAITS) + _BL_SIZE + 8
    #: Where things are in a row of features (for the policy's prior).
    STAIRS_STEP = TARGET["stairs"]
    FRONTIER_STEP = TARGET["frontier"]
    NO_FRONTIER = _native.NAV_SIZE - 2
    ON_STAIRS = _native.NAV_SIZE + len(WAITS) + 13
    HUNGRY = _native.NAV_SIZE + len(WAITS) + 9  # hungry, weak, faint: 3 bits
    HURT = _native.NAV_SIZE + len(WAITS) + 15
    MONSTER_NEXT = _native.NAV_SIZE + len(WAITS) + _BL_SIZE

    def __init__(self, n: int):
        self.n = n
        self.visited = np.zeros((n, 24, 80), np.uint8)
        self.depth = np.zeros(n, np.int32)
        self.on_level = np.zeros(n, np.float32)
        self._nav_buf = np.zeros((n, _native.NAV_SIZE), np.float32)

    def new_games(self, which: np.ndarray) -> None:
        self.visited[which] = 0
        self.depth[which] = 0
        self.on_level[which] = 0

    def __call__(self, obs: dict, mask: np.ndarray) -> np.ndarray:
        """The features (a fresh array, ``(n, size)`` float32)."""
        bl = obs["blstats"]
        wait = obs["wait"]
        depth = bl[:, BL_DEPTH]
        moved = depth != self.depth
        if moved.any():
            self.visited[moved] = 0
            self.on_level[moved] = 0
            self.depth[moved] = depth[moved]
        self.on_level += wait == WAIT_COMMAND
        _native.nav_features(obs["tty_chars"], obs["tty_cursor"], self.visited, self._nav_buf)
        out = np.empty((self.n, self.size), np.float32)
        k = _native.NAV_SIZE
        out[:, :k] = self._nav_buf
        w = np.zeros((self.n, len(WAITS)), np.float32)
        w[np.arange(self.n), wait] = 1.0
        out[:, k:k + len(WAITS)] = w
        k += len(WAITS)
        b = out[:, k:k + _BL_SIZE]
        max_hp = np.maximum(bl[:, BL_MAX_HP], 1)
        b[:, 0] = bl[:, BL_HP] / max_hp
        b[:, 1] = np.minimum(max_hp / 50.0, 2.0)
        b[:, 2] = depth / 26.0
        b[:, 3] = bl[:, BL_MAX_DEPTH] / 26.0
        b[:, 4] = bl[:, BL_STR] / 18.0
        b[:, 5] = bl[:, BL_AC] / 10.0
        b[:, 6] = bl[:, BL_EXP_LEVEL] / 10.0
        b[:, 7] = np.log1p(np.maximum(bl[:, BL_EXP], 0)) / 8.0
        hunger = np.clip(bl[:, BL_HUNGER], 0, 3)
        b[:, 8:12] = 0.0
        b[np.arange(self.n), 8 + hunger] = 1.0
        b[:, 12] = bl[:, BL_AMULET]
        b[:, 13] = (mask[:, DOWN] != 0) & (wait == WAIT_COMMAND)
        b[:, 14] = np.minimum(self.on_level / 1000.0, 2.0)
        b[:, 15] = (bl[:, BL_HP] * 3 < max_hp).astype(np.float32)
        # The first step towards a monster right next to the hero.
        m = TARGET["monster"]
        near = (self._nav_buf[:, m + 9] == 1.0) & (self._nav_buf[:, m + 8] * 64.0 < 1.5)
        out[:, k + _BL_SIZE:] = self._nav_buf[:, m:m + 8] * near[:, None]
        return out
