"""Shared helpers: the oracle's cases and frames."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def cases_dir(category: str = "games") -> pathlib.Path | None:
    root = os.environ.get("ROGUE_CASES")
    d = pathlib.Path(root) / category if root else REPO / "oracle" / "cases" / category
    return d if d.is_dir() else None


def case_paths(category: str = "games") -> list[pathlib.Path]:
    d = cases_dir(category)
    return sorted(d.glob("*.case")) if d else []


def rogue_trace() -> str | None:
    """The port's trace runner: ROGUE_TRACE, target/release/rogue-trace, or on PATH."""
    env = os.environ.get("ROGUE_TRACE")
    if env:
        return env
    built = REPO / "target" / "release" / "rogue-trace"
    if built.is_file():
        return str(built)
    return shutil.which("rogue-trace")


def expected_frames(text: str) -> list[tuple[tuple[int, int], list[tuple[str, str]]]]:
    """The frames of an `.expected` file (FORMAT-games.md section 2): the
    cursor and the 24 rows (text, standout mask), rows carried over."""
    frames = []
    rows = [("", "")] * 24
    cursor = None
    for line in text.splitlines():
        if line.startswith("F "):
            if cursor is not None:
                frames.append((cursor, list(rows)))
            y, x = line.split(" ")[3].split(",")
            cursor = (int(y), int(x))
        elif line.startswith("R "):
            parts = line[2:].split(" ", 1)
            rows[int(parts[0])] = (parts[1] if len(parts) > 1 else "", "")
        elif line.startswith("A "):
            y, mask = line[2:].split(" ", 1)
            rows[int(y)] = (rows[int(y)][0], mask)
    if cursor is not None:
        frames.append((cursor, list(rows)))
    return frames


def frame_of(obs) -> tuple[tuple[int, int], list[tuple[str, str]]]:
    rows = []
    for y in range(24):
        text = bytes(obs["tty_chars"][y]).decode("latin-1").rstrip(" ")
        mask = "".join("S" if a else "." for a in obs["tty_attrs"][y]).rstrip(".")
        rows.append((text, mask))
    c = obs["tty_cursor"]
    return (int(c[0]), int(c[1])), rows


@pytest.fixture
def golden_cases():
    paths = case_paths("games")
    if not paths:
        pytest.skip("no oracle cases here (set ROGUE_CASES)")
    return paths
