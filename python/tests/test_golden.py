"""Every `games` golden replayed through `step_key` shows the original's
frames, key for key (with clone/restore on the way in one pass)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np

import rogue544

from conftest import expected_frames, frame_of


def play(path, snapshots: bool):
    c = rogue544.read_case(path)
    if c is None:
        return None
    seed, options, keys = c
    frames = expected_frames(path.with_suffix(".expected").read_text())
    env = gym.make("Rogue-v0", max_episode_steps=None).unwrapped
    obs, _ = env.reset(seed=seed, options=options)
    rng = np.random.default_rng(len(keys))
    for i, k in enumerate(keys):
        assert frame_of(obs) == frames[i], f"{path.name}: frame {i}"
        if snapshots and rng.random() < 0.05:
            s = env.clone_state()
            env.step_key(int(rng.integers(256)))
            env.restore_state(s)
            assert frame_of(env.observe()) == frames[i], f"{path.name}: frame {i} restored"
        obs, _, term, _, _ = env.step_key(k)
        assert term == (i + 1 == len(keys)) or not term, f"{path.name}: over early at {i}"
    assert env._game.is_over(), f"{path.name}: over after its keys"
    assert frame_of(obs) == frames[len(keys)], f"{path.name}: the screen after the program"
    return len(keys)


def test_games_goldens_frame_for_frame(golden_cases):
    played = [play(p, snapshots=False) for p in golden_cases]
    assert sum(1 for n in played if n) >= 50


def test_games_goldens_with_snapshots(golden_cases):
    played = [play(p, snapshots=True) for p in golden_cases[::3]]
    assert any(played)
