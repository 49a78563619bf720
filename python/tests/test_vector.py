"""The vector environment: the same games as single environments, with
next-step autoreset."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import rogue544


def test_make_vec_is_native():
    v = gym.make_vec("Rogue-v0", num_envs=3)
    assert isinstance(v.unwrapped, rogue544.RogueVectorEnv)
    assert v.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, _ = v.reset(seed=0)
    assert v.observation_space.contains(obs)
    obs, r, te, tr, _ = v.step(v.action_space.sample())
    assert v.observation_space.contains(obs) and r.shape == (3,)
    v.close()


def test_vector_equals_single_envs():
    n, limit, steps = 5, 40, 130
    for threads in (1, 2, 3):
        v = gym.make_vec("Rogue-v0", num_envs=n, max_episode_steps=limit, threads=threads)
        singles = [gym.make("Rogue-v0", max_episode_steps=limit) for _ in range(n)]
        vobs, _ = v.reset(seed=100)
        sobs = [e.reset(seed=100 + i)[0] for i, e in enumerate(singles)]
        rng = np.random.default_rng(threads)
        done = [False] * n
        ended = 0
        for _ in range(steps):
            for i in range(n):
                for k in sobs[i]:
                    if k == "inventory":
                        for kk in sobs[i][k]:
                            assert np.array_equal(vobs[k][kk][i], sobs[i][k][kk])
                    else:
                        assert np.array_equal(vobs[k][i], sobs[i][k]), k
            actions = rng.integers(len(rogue544.ACTIONS), size=n)
            vobs, vr, vte, vtr, _ = v.step(actions)
            for i, e in enumerate(singles):
                if done[i]:
                    # Next-step autoreset: the single env's reset, without a
                    # seed, starts the same next game.
                    sobs[i], _ = e.reset()
                    assert vr[i] == 0 and not vte[i] and not vtr[i]
                    done[i] = False
                    ended += 1
                    continue
                sobs[i], r, te, tr, _ = e.step(int(actions[i]))
                assert (r, te, tr) == (vr[i], vte[i], vtr[i])
                done[i] = te or tr
        assert ended >= n  # every game was reset at least once
        v.close()


def test_copy_false_reuses_arrays():
    v = gym.make_vec("Rogue-v0", num_envs=2, copy=False)
    a, _ = v.reset(seed=1)
    b, *_ = v.step(np.zeros(2, dtype=np.int64))
    assert a["tty_chars"] is b["tty_chars"]
    v.close()


def test_an_array_bound_twice_is_an_error_not_a_panic():
    from rogue544 import _native
    v = _native.VecGames(1)
    grid = np.zeros((1, _native.ROWS, _native.COLS), np.uint8)
    row = lambda n, t: np.zeros((1, n), t)
    arrays = (grid, grid, np.zeros((1, 2), np.int16), row(_native.BLSTATS, np.int32),
              row(_native.COLS, np.uint8), row(_native.PACK, np.uint8), row(_native.PACK, np.uint8),
              np.zeros((1, _native.PACK, _native.NAME), np.uint8), np.zeros(1, np.int64),
              np.zeros(1, np.float64), np.zeros(1, np.bool_), np.zeros(1, np.bool_))
    # `Exception`, not pyo3's PanicException (a BaseException).
    with pytest.raises(Exception):
        v.bind(*arrays)
