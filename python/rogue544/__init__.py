"""Rogue 5.4.4 (a byte-exact Rust port) as Gymnasium environments.

Importing this package registers ``Rogue-v0``, ``RogueDescend-v0``,
``RogueGold-v0`` and ``RogueAmulet-v0`` (see :mod:`rogue544.envs` for the
rewards, :mod:`rogue544.actions` for the action table and
:mod:`rogue544.vector` for ``gymnasium.make_vec``).
"""

from __future__ import annotations

import gymnasium as gym

try:
    from . import _native
except ImportError as e:  # pragma: no cover - the message is the point
    import os as _os

    if not any(f.startswith("_native") for f in _os.listdir(_os.path.dirname(__file__))):
        raise ImportError(
            f"rogue544 was imported from its source tree ({_os.path.dirname(__file__)}), which has no "
            "built native module: Python put the current folder first on its path. Start Python "
            "outside the repository's python/ folder (for example `cd ..`), or build the package "
            "in place with `maturin develop --release -m python/Cargo.toml`."
        ) from e
    raise
from .actions import ACTIONS, KEYS, Action, action_named, action_of
from .envs import (ALLOWED, BLSTATS_INDICES, FIELDS, PLAY_EXCLUDED, WAITS, RogueEnv, inventory_list,
                   message_text, observation_space, screen_text)
from .vector import RogueVectorEnv

__all__ = [
    "ACTIONS", "KEYS", "Action", "action_named", "action_of", "BLSTATS_INDICES", "FIELDS", "WAITS",
    "RogueEnv", "RogueVectorEnv", "observation_space", "read_case", "message_text",
    "inventory_list", "screen_text", "ENV_IDS", "ALLOWED", "PLAY_EXCLUDED",
]

#: id -> task
ENV_IDS = {
    "Rogue-v0": "score",
    "RogueDescend-v0": "descend",
    "RogueGold-v0": "gold",
    "RogueAmulet-v0": "amulet",
}


def read_case(path):
    """A recorded game (an oracle ``.case`` file): ``(seed, options, keys)``,
    so that ``env.reset(seed=seed, options=options)`` starts that case's game
    and typing ``keys`` with ``step_key`` plays it; ``None`` for a case a
    reset cannot start (arguments or files placed before the run)."""
    c = _native.read_case(str(path))
    if c is None:
        return None
    seed, user, rogueopts, time, keys = c
    options = {"user": user, "time": time}
    if rogueopts is not None:
        options["rogueopts"] = rogueopts
    return seed, options, keys


def _register() -> None:
    for env_id, task in ENV_IDS.items():
        if env_id in gym.registry:
            continue
        gym.register(
            id=env_id,
            entry_point="rogue544.envs:RogueEnv",
            vector_entry_point="rogue544.vector:RogueVectorEnv",
            max_episode_steps=10_000,
            kwargs={"task": task},
        )


_register()
