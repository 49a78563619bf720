"""Gymnasium environments over the Rust port of Rogue 5.4.4.

One environment class, :class:`RogueEnv`, with a ``task`` that chooses the
reward; the registered ids are thin variants of it (see ``__init__``).

Rewards (``g`` is the gold, ``d`` the deepest level reached; both read from
the game at each wait for a command, and at the end of the game, where a
winner's gold includes what the pack sold for):

* ``Rogue-v0`` (task ``score``): ``(g_t - g_{t-1}) + 50 * (d_t - d_{t-1})``
* ``RogueDescend-v0`` (``descend``): ``d_t - d_{t-1}`` (1 per new deepest level)
* ``RogueGold-v0`` (``gold``): ``g_t - g_{t-1}``
* ``RogueAmulet-v0`` (``amulet``): 1 when the game ends in a victory (out of
  the dungeon with the Amulet of Yendor), else 0.

An episode terminates when the game is over (death, quit, victory, a save,
and the tombstone and score list after them have been answered: the game
is over when it waits for nothing) and is truncated after
``max_episode_steps`` steps (10,000 by default, by Gymnasium's TimeLimit).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import _native
from .actions import ACTIONS, KEYS

#: The observation's fields: (name, shape of one game, dtype, low, high),
#: from the native module's one table.
FIELDS = tuple((name, tuple(shape), np.dtype(dtype), low, high) for name, shape, dtype, low, high in _native.FIELDS)
_SHAPES = {name: shape for name, shape, *_ in FIELDS}
ROWS, COLS = _SHAPES["tty_chars"]
PACK, NAME = _SHAPES["inv_strs"]

#: ``blstats`` indices, from the native module's one table: the hero's
#: position first, as NLE has it (``blstats[0]`` is x, ``[1]`` y), then
#: Rogue's own numbers, and whether she stands on the stairs.
BLSTATS_INDICES = {name: i for i, name in enumerate(_native.BLSTATS)}
(BL_X, BL_Y, BL_DEPTH, BL_GOLD, BL_HP, BL_MAX_HP, BL_STR, BL_MAX_STR, BL_AC, BL_EXP_LEVEL,
 BL_EXP, BL_HUNGER, BL_MOVES, BL_MAX_DEPTH, BL_AMULET, BL_STAIRS) = (
    BLSTATS_INDICES[n] for n in ("x", "y", "depth", "gold", "hp", "max_hp", "str", "max_str", "ac", "exp_level",
                                 "exp_points", "hunger", "moves", "max_depth", "amulet", "stairs"))

#: ``wait`` values: what the game waits for (see the README's mask table).
WAITS = tuple(_native.WAITS)
WAIT_COMMAND = WAITS.index("command")
WAIT_LINE = WAITS.index("line")
WAIT_OVER = WAITS.index("over")

_I32 = np.iinfo(np.int32)

#: ``allowed="play"``: the commands it masks out at a command wait, by
#: action name, each with why (they end the game on purpose, or take no
#: game time and show only what the observation already holds).
PLAY_EXCLUDED = {ACTIONS[[a.key for a in ACTIONS].index(k)].name: why for k, why in _native.PLAY_EXCLUDED}

#: The values of the envs' ``allowed`` option.
ALLOWED = ("all", "play")


def _check_allowed(allowed: str) -> str:
    if allowed not in ALLOWED:
        raise ValueError(f"allowed={allowed!r}: one of {ALLOWED}")
    return allowed


def observation_space() -> spaces.Dict:
    """The observation of one game: a flat Dict (no space inside another),
    made from :data:`FIELDS`."""
    out = {}
    for name, shape, dtype, low, high in FIELDS:
        if shape == ():
            out[name] = spaces.Discrete(high - low + 1, start=low)
        else:
            out[name] = spaces.Box(low, high, shape, dtype)
    return spaces.Dict(out)


def _start_args(seed: int, options: dict | None, defaults: dict) -> tuple:
    opts = dict(defaults)
    for k, v in (options or {}).items():
        if k not in ("user", "rogueopts", "time"):
            raise ValueError(f"unknown reset option {k!r} (user, rogueopts, time)")
        opts[k] = v
    seed = int(seed)
    if not _I32.min <= seed <= _I32.max:
        raise ValueError("the game's seed (dnum) is a signed 32-bit number")
    time = opts.get("time")
    return (seed, opts.get("user"), opts.get("rogueopts"), None if time is None else int(time))


class RogueEnv(gym.Env):
    """The whole game of Rogue 5.4.4; see the module documentation.

    ``reset(seed=N, options={"user": ..., "rogueopts": ..., "time": ...})``:
    ``N`` is the game's own seed (a case file's ``seed``, the ``dnum``), the
    options are a case file's headers of the same names (defaults: user
    ``rodney``, no ROGUEOPTS, time 1700000000). Without a seed, the first
    game's seed is drawn from ``np_random`` and each later one follows from
    the one before (:func:`rogue544._native.next_seed`).

    ``allowed``: ``"all"`` (the default) masks in every action the game
    takes now; ``"play"`` masks out, at a command wait, the commands in
    :data:`PLAY_EXCLUDED` (quitting, saving, and the ones that only show
    things again). It changes the masks only: a key typed is the game's.
    """

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 30}

    def __init__(self, task: str = "score", render_mode: str | None = None,
                 user: str | None = None, rogueopts: str | None = None, time: int | None = None,
                 allowed: str = "all"):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}")
        self.task = task
        self.allowed = _check_allowed(allowed)
        # The TimeLimit gym.make puts round this env, to fill `info` at a
        # truncation (see _time_limit_of_make).
        self._limit = _time_limit_of_make()
        self._elapsed = 0
        self.render_mode = render_mode
        self._defaults = {"user": user, "rogueopts": rogueopts, "time": time}
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(len(ACTIONS))
        self._game: _native.Game | None = None
        self._seed: int | None = None
        self._keys = KEYS.tobytes()

    # -- the Gymnasium API ---------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        # A game's seed may be negative (a case's dnum); numpy's may not.
        super().reset(seed=None if seed is None else int(seed) & 0xFFFFFFFF)
        if seed is not None:
            game_seed = seed
        elif self._seed is None:
            game_seed = int(self.np_random.integers(0, _I32.max))
        else:
            game_seed = _native.next_seed(self._seed)
        args = _start_args(game_seed, options, self._defaults)
        if self._game is None:
            self._game = _native.Game(*args, task=self.task, keys=self._keys, allowed=self.allowed)
        else:
            self._game.reset(*args)
        self._seed = args[0]
        self._elapsed = 0
        if self.render_mode == "human":
            self.render()
        return self._game.observe(), {"seed": self._seed, "action_mask": self._game.action_mask()}

    def step(self, action):
        return self.step_key(int(KEYS[int(action)]))

    def step_key(self, key):
        """Type any byte (an int 0-255 or a one-byte bytes/str); returns what
        :meth:`step` returns."""
        if self._game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if isinstance(key, (bytes, bytearray, str)):
            if len(key) != 1:
                raise ValueError("one key at a time")
            key = ord(key)
        obs, reward, over = self._game.step(int(key))
        self._elapsed += 1
        info: dict[str, Any] = self._outcome_info() if over else {}
        if not over and self._limit is not None and self._elapsed >= self._limit:
            # Gymnasium's TimeLimit truncates the episode at this step.
            info.update(truncation_info(obs))
        info["action_mask"] = self._game.action_mask()
        if self.render_mode == "human":
            self.render()
        return obs, reward, over, False, info

    def render(self):
        """``ansi``: the screen as text; ``human``: printed; ``rgb_array``: a
        picture of the screen, one pixel per cell (24 x 80 x 3: blank cells
        black, others grey by their character, standout cells inverted; what
        Stable-Baselines3's ``make_vec_env`` asks for, e.g. for videos); no
        render mode: None (Gymnasium's rule)."""
        if self._game is None or self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            obs = self._game.observe()
            grey = np.where(obs["tty_chars"] == ord(" "), 0, 96 + obs["tty_chars"] // 2).astype(np.uint8)
            grey = np.where(obs["tty_attrs"] != 0, 255 - grey, grey).astype(np.uint8)
            return np.repeat(grey[:, :, None], 3, axis=2)
        text = "\n".join(self._game.rows())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self._game = None

    # -- beyond Gymnasium ----------------------------------------------

    def action_masks(self) -> np.ndarray:
        """Which actions the game takes now (bool, one per action): what
        sb3-contrib's MaskablePPO calls. See the README for the rule per
        wait."""
        self._need_game()
        return self._game.action_mask().astype(bool)

    def get_action_meanings(self) -> list[str]:
        """The actions' names, in action order."""
        return [a.name for a in ACTIONS]

    def clone_state(self):
        """An opaque, picklable moment of the game (restorable any number of
        times, in this process or another)."""
        self._need_game()
        return self._game.clone_state()

    def restore_state(self, state) -> None:
        """Go back to a moment from :meth:`clone_state`."""
        if self._game is None:
            self._game = _native.Game(0, task=self.task, keys=self._keys, allowed=self.allowed)
        self._game.restore_state(state)
        self._seed = self._game.seed()

    def observe(self):
        """The current observation (fresh arrays)."""
        self._need_game()
        return self._game.observe()

    def record(self, path) -> None:
        """Write the game so far as a ``.case`` record (``rogue --replay`` and
        ``rogue-trace`` play it again). The file name must end ``.case``."""
        self._need_game()
        self._game.record(str(path))

    def keys(self) -> bytes:
        """Every key the game has read since its start."""
        self._need_game()
        return self._game.keys()

    def screen(self) -> list[str]:
        """The screen's rows as text."""
        self._need_game()
        return self._game.rows()

    def _need_game(self):
        if self._game is None:
            raise gym.error.ResetNeeded("call reset() first")

    def _outcome_info(self) -> dict[str, Any]:
        o = self._game.outcome()
        if o is None:
            return {}
        ending, killer, gold, max_level = o
        return {"ending": ending, "killer": killer, "gold": gold, "max_level": max_level}


def _time_limit_of_make() -> int | None:
    """The step limit of the TimeLimit wrapper ``gym.make`` is putting round
    the env it is making (its ``max_episode_steps``, else the registered
    one; -1 or None: none), or None when the env is not made by
    ``gym.make``.

    Gymnasium's TimeLimit sets ``truncated`` outside the env and passes the
    env's ``info`` on untouched, and ``make`` tells the env nothing of the
    limit (``env.unwrapped.spec.max_episode_steps`` is None). So, to say at a
    truncation what ``info`` says at a game's end, the env reads the limit
    where ``make`` keeps it, in its frame (``make`` calls the env's class
    directly), by the rule ``make`` itself applies. Another wrapper, or an
    env made otherwise, simply has no truncation info."""
    import sys

    from gymnasium.envs import registration

    try:
        f = sys._getframe(2)  # this function's caller is RogueEnv.__init__
    except ValueError:
        return None
    if f.f_code is not registration.make.__code__:
        return None
    limit = f.f_locals.get("max_episode_steps")
    if limit == -1:
        return None
    if limit is None:
        spec = f.f_locals.get("env_spec")
        limit = getattr(spec, "max_episode_steps", None)
    return int(limit) if limit is not None else None


def truncation_info(obs) -> dict[str, Any]:
    """What ``info`` says at a truncation (an episode cut short by its step
    limit), as at a game's end: ``ending`` ``"time limit"``, no killer, the
    gold and the deepest level so far."""
    bl = obs["blstats"]
    return {"ending": "time limit", "killer": None, "gold": int(bl[BL_GOLD]), "max_level": int(bl[BL_MAX_DEPTH])}


def message_text(obs) -> str:
    """The ``message`` array as text."""
    return bytes(obs["message"]).rstrip(b"\0").decode("latin-1")


def inventory_list(obs) -> list[tuple[str, str, str]]:
    """The ``inv_*`` arrays as (letter, class character, name) triples."""
    out = []
    for i in range(PACK):
        if obs["inv_letters"][i] == 0:
            break
        name = bytes(obs["inv_strs"][i]).rstrip(b"\0").decode("latin-1")
        out.append((chr(obs["inv_letters"][i]), chr(obs["inv_oclasses"][i]), name))
    return out


def screen_text(obs) -> list[str]:
    """The ``tty_chars`` array as rows of text (trailing blanks removed)."""
    return [bytes(r).decode("latin-1").rstrip() for r in obs["tty_chars"]]
