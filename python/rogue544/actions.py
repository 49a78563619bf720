"""The action table: one Discrete action per key of Rogue 5.4.4.

``ACTIONS[i]`` is ``Action(name, key)``: action ``i`` types byte ``key``.
The table holds, in this order: the eight moves, the eight runs (shift),
the eight rushes (control: run until something is next to you), every
command key of 5.4.4 (except ``!``, the shell escape, and ^Z, which the
headless game has no use for), the digits (a count before a command), the
pack letters that are not already command keys, ESC, space, Enter, and
``*`` (the list at an item prompt). ``y`` and ``n`` (the answers) are also
the moves north-west and south-east: the same key, so the same action.

Any other byte can be typed with ``env.unwrapped.step_key(byte)``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Action(NamedTuple):
    name: str
    key: int


def _ctrl(c: str) -> int:
    return ord(c) & 0x1F


_MOVES = [
    ("move_w", "h"), ("move_s", "j"), ("move_n", "k"), ("move_e", "l"),
    ("move_nw", "y"), ("move_ne", "u"), ("move_sw", "b"), ("move_se", "n"),
]

_COMMANDS = [
    ("pick_up", ","), ("throw", "t"), ("fight", "f"), ("fight_to_death", "F"),
    ("again", "a"), ("quaff", "q"), ("quit", "Q"), ("inventory", "i"),
    ("inventory_one", "I"), ("drop", "d"), ("read", "r"), ("eat", "e"),
    ("wield", "w"), ("wear", "W"), ("take_off", "T"), ("put_on", "P"),
    ("remove", "R"), ("options", "o"), ("call", "c"), ("down", ">"),
    ("up", "<"), ("help", "?"), ("identify_symbol", "/"), ("search", "s"),
    ("zap", "z"), ("discoveries", "D"), ("previous_message", _ctrl("P")),
    ("redraw", _ctrl("R")), ("version", "v"), ("save", "S"), ("rest", "."),
    ("identify_trap", "^"), ("move_no_pickup", "m"), ("current_weapon", ")"),
    ("current_armor", "]"), ("current_rings", "="), ("status", "@"),
]


def _build() -> tuple[Action, ...]:
    table: list[Action] = []
    seen: set[int] = set()

    def add(name: str, key) -> None:
        k = key if isinstance(key, int) else ord(key)
        if k not in seen:
            seen.add(k)
            table.append(Action(name, k))

    for name, k in _MOVES:
        add(name, k)
    for name, k in _MOVES:
        add(name.replace("move_", "run_"), k.upper())
    for name, k in _MOVES:
        add(name.replace("move_", "rush_"), _ctrl(k))
    for name, k in _COMMANDS:
        add(name, k)
    for d in "0123456789":
        add(f"count_{d}", d)
    for c in "abcdefghijklmnopqrstuvwxyz":
        add(f"letter_{c}", c)
    add("escape", 0x1B)
    add("space", " ")
    add("enter", "\r")
    # '*' at an item prompt lists the things that fit.
    add("list", "*")
    return tuple(table)


ACTIONS: tuple[Action, ...] = _build()
"""Action index -> (name, key byte)."""

KEYS = np.array([a.key for a in ACTIONS], dtype=np.uint8)
"""Action index -> key byte, as an array (``KEYS[actions]`` for a batch)."""

_INDEX = {a.key: i for i, a in enumerate(ACTIONS)}
_BY_NAME = {a.name: i for i, a in enumerate(ACTIONS)}
# The prompt answers are keys of moves: the same actions.
_BY_NAME["yes"] = _INDEX[ord("y")]
_BY_NAME["no"] = _INDEX[ord("n")]


def action_of(key) -> int:
    """The action that types ``key`` (a byte value or a one-character str)."""
    k = key if isinstance(key, int) else ord(key)
    return _INDEX[k]


def action_named(name: str) -> int:
    """The action called ``name`` (``"move_w"``, ``"search"``, ``"yes"``...)."""
    return _BY_NAME[name]
