"""What a researcher met on the way (issue 51): `info` at a truncation,
the hero's position in `blstats` where NLE has it, and the stairs under
her in a field."""

from __future__ import annotations

import gymnasium as gym
import numpy as np

import rogue544
from rogue544 import BLSTATS_INDICES, WAITS, action_named

X, Y, STAIRS = BLSTATS_INDICES["x"], BLSTATS_INDICES["y"], BLSTATS_INDICES["stairs"]


def test_blstats_begins_with_x_and_y_as_nle():
    assert list(BLSTATS_INDICES)[:2] == ["x", "y"]
    assert list(BLSTATS_INDICES.values()) == list(range(len(BLSTATS_INDICES)))
    env = gym.make("Rogue-v0")
    obs, _ = env.reset(seed=42)
    bl = obs["blstats"]
    # At a command wait the cursor is on the hero, and her cell is '@'.
    assert (bl[Y], bl[X]) == tuple(obs["tty_cursor"])
    assert obs["tty_chars"][bl[Y], bl[X]] == ord("@")
    rng = np.random.default_rng(0)
    moves = [action_named(n) for n in ("move_w", "move_s", "move_n", "move_e")]
    for _ in range(200):
        obs, _, term, trunc, _ = env.step(int(rng.choice(moves)))
        if term or trunc:
            break
        if WAITS[obs["wait"]] == "command":
            bl = obs["blstats"]
            assert obs["tty_chars"][bl[Y], bl[X]] == ord("@")


def test_stairs_field_says_what_down_takes():
    # Walk games with the crate's own explorer-like moves until the hero
    # stands on the stairs; the field agrees with the mask's `>` at every
    # command wait, and is 1 at least once.
    down = action_named("down")
    seen = False
    for seed in range(1, 30):
        env = gym.make("Rogue-v0", allowed="play", max_episode_steps=1500)
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(1500):
            if WAITS[obs["wait"]] == "command":
                assert obs["blstats"][STAIRS] == info["action_mask"][down], seed
                seen |= bool(obs["blstats"][STAIRS])
            a = rng.choice(np.flatnonzero(info["action_mask"]))
            obs, _, term, trunc, info = env.step(a)
            if term or trunc:
                break
        if seen:
            break
    assert seen


def test_truncation_info_single_env():
    env = gym.make("Rogue-v0", max_episode_steps=5)
    obs, _ = env.reset(seed=3)
    for t in range(5):
        obs, _, term, trunc, info = env.step(action_named("search"))
    assert trunc and not term
    assert info["ending"] == "time limit" and info["killer"] is None
    assert info["max_level"] == 1 and info["gold"] == obs["blstats"][BLSTATS_INDICES["gold"]]
    # Before the limit, nothing of the kind.
    env.reset(seed=3)
    _, _, _, trunc, info = env.step(action_named("search"))
    assert not trunc and "ending" not in info


def test_truncation_info_vector_env():
    v = gym.make_vec("Rogue-v0", num_envs=3, max_episode_steps=4)
    v.reset(seed=3)
    search = np.full(3, action_named("search"))
    for _ in range(3):
        _, _, _, trunc, info = v.step(search)
        assert not trunc.any() and "ending" not in info
    obs, _, term, trunc, info = v.step(search)
    assert trunc.all() and not term.any()
    assert info["_ending"].all() and list(info["ending"]) == ["time limit"] * 3
    assert list(info["killer"]) == [None] * 3 and list(info["max_level"]) == [1] * 3
    assert np.array_equal(info["gold"], obs["blstats"][:, BLSTATS_INDICES["gold"]])
    v.close()


def test_source_tree_import_says_what_to_do(tmp_path):
    import pathlib
    import subprocess
    import sys

    src = pathlib.Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, "-c", "import rogue544"], cwd=src, capture_output=True, text=True)
    if r.returncode == 0:
        return  # built in place (maturin develop): nothing to say
    assert "source tree" in r.stderr and "outside" in r.stderr, r.stderr


def test_truncation_info_follows_makes_limit():
    assert gym.make("Rogue-v0").unwrapped._limit == 10_000
    assert gym.make("Rogue-v0", max_episode_steps=7).unwrapped._limit == 7
    assert gym.make("Rogue-v0", max_episode_steps=-1).unwrapped._limit is None
    assert rogue544.RogueEnv()._limit is None  # no TimeLimit: no truncation


def test_record_says_the_env_made_it(tmp_path):
    env = gym.make("Rogue-v0")
    env.reset(seed=4)
    env.step(action_named("search"))
    env.unwrapped.record(tmp_path / "mine.case")
    notes = [line for line in (tmp_path / "mine.case").read_text().splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "rogue544 env" in notes[0] and "rogue --record" not in notes[0], notes
