"""A pickled state restores in another process: the same future there."""

from __future__ import annotations

import multiprocessing as mp
import pickle

import gymnasium as gym
import numpy as np

import rogue544


def _future(blob: bytes, actions: list[int]):
    env = gym.make("Rogue-v0").unwrapped
    env.restore_state(pickle.loads(blob))
    out = [env.observe()["tty_chars"].tobytes()]
    for a in actions:
        obs, r, te, tr, _ = env.step(a)
        out.append((obs["tty_chars"].tobytes(), obs["blstats"].tobytes(), r, te))
    return out


def test_pickled_state_restores_in_another_process():
    env = gym.make("Rogue-v0").unwrapped
    env.reset(seed=77)
    rng = np.random.default_rng(77)
    jobs = []
    for _ in range(4):
        for _ in range(int(rng.integers(20, 200))):
            _, _, te, _, _ = env.step(int(rng.integers(len(rogue544.ACTIONS))))
            if te:
                env.reset(seed=int(rng.integers(100)))
        s = env.clone_state()
        actions = [int(a) for a in rng.integers(len(rogue544.ACTIONS), size=100)]
        jobs.append((pickle.dumps(s), actions, _future(pickle.dumps(s), actions)))
        # And the live state gives the same future as its pickle.
        env.restore_state(s)
    ctx = mp.get_context("spawn")
    with ctx.Pool(2) as pool:
        got = pool.starmap(_future, [(b, a) for b, a, _ in jobs])
    for (_, _, want), g in zip(jobs, got):
        assert g == want
