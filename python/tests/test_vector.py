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
    # (threads, move the games between the threads every few steps, as
    # the vector does on a busy machine: they go on exactly)
    n, limit, steps = 5, 40, 130
    for threads, moving in ((1, False), (2, False), (3, False), (3, True), (2, True)):
        v = gym.make_vec("Rogue-v0", num_envs=n, max_episode_steps=limit, threads=threads)
        singles = [gym.make("Rogue-v0", max_episode_steps=limit) for _ in range(n)]
        vobs, vinfo = v.reset(seed=100)
        sobs, sinfo = map(list, zip(*[e.reset(seed=100 + i) for i, e in enumerate(singles)]))
        rng = np.random.default_rng(threads)
        done = [False] * n
        ended = 0
        for t in range(steps):
            if moving and t % 7 == 3:
                v.unwrapped._native.move_games(t % 14 != 3)
                assert v.unwrapped.active_threads == (1 if t % 14 == 3 else threads)
            for i in range(n):
                assert vobs.keys() == sobs[i].keys()
                for k in sobs[i]:
                    assert np.array_equal(vobs[k][i], sobs[i][k]), k
                assert np.array_equal(vinfo["action_mask"][i], sinfo[i]["action_mask"])
            actions = rng.integers(len(rogue544.ACTIONS), size=n)
            vobs, vr, vte, vtr, vinfo = v.step(actions)
            for i, e in enumerate(singles):
                if done[i]:
                    # Next-step autoreset: the single env's reset, without a
                    # seed, starts the same next game.
                    sobs[i], sinfo[i] = e.reset()
                    assert vr[i] == 0 and not vte[i] and not vtr[i]
                    done[i] = False
                    ended += 1
                    continue
                sobs[i], r, te, tr, sinfo[i] = e.step(int(actions[i]))
                assert (r, te, tr) == (vr[i], vte[i], vtr[i])
                # The single env's info at an episode's end, in vector form.
                for k in ("ending", "killer", "gold", "max_level"):
                    if k in sinfo[i]:
                        assert vinfo["_" + k][i] and vinfo[k][i] == sinfo[i][k], k
                    else:
                        assert k not in vinfo or not vinfo["_" + k][i], k
                done[i] = te or tr
        assert ended >= n  # every game was reset at least once
        v.close()


def test_copy_false_reuses_arrays():
    v = gym.make_vec("Rogue-v0", num_envs=2, copy=False)
    a, _ = v.reset(seed=1)
    b, *_ = v.step(np.zeros(2, dtype=np.int64))
    assert a["tty_chars"] is b["tty_chars"]
    v.close()


def test_a_bad_buffer_is_an_error_not_a_panic():
    """The buffer the arrays are views of: a wrong size, dtype, layout or
    alignment, or one numpy will not lend, is an error (`Exception`, not
    pyo3's PanicException, a BaseException)."""
    from rogue544 import _native
    v = _native.VecGames(2, keys=rogue544.KEYS.tobytes())
    places, size = v.layout()
    names = [p[0] for p in places]
    assert names[:len(rogue544.FIELDS)] == [f[0] for f in rogue544.FIELDS]
    assert names[len(rogue544.FIELDS):] == ["reward", "terminated", "truncated", "action_mask"]
    assert all(at % 8 == 0 for _, at, _, _ in places)
    with pytest.raises(Exception):
        v.reset([(1, None, None, None)] * 2)  # nothing bound
    for bad in (np.zeros(size - 1, np.uint8), np.zeros(size, np.int8), np.zeros(2 * size, np.uint8)[::2],
                np.zeros(size + 1, np.uint8)[1:]):
        with pytest.raises(Exception):
            v.bind(bad)
    buf = np.zeros(size, np.uint8)
    v.bind(buf)
    buf.flags.writeable = False
    with pytest.raises(Exception):
        v.reset([(1, None, None, None)] * 2)
    buf.flags.writeable = True
    v.reset([(1, None, None, None)] * 2)
    assert buf.any()


def test_vector_conventions():
    v = gym.make_vec("Rogue-v0", num_envs=2, render_mode="ansi")
    assert v.render() is None or True
    obs, info = v.reset(seed=3)
    screens = v.render()
    assert len(screens) == 2 and "Level: 1" in screens[0]
    assert info["action_mask"].shape == (2, len(rogue544.ACTIONS)) and info["action_mask"].dtype == np.int8
    assert v.unwrapped.action_masks().dtype == np.bool_
    assert v.unwrapped.get_action_meanings()[0] == "move_w"
    for space in v.single_observation_space.spaces.values():
        assert not isinstance(space, gym.spaces.Dict)
    v.close()


def test_the_bench_runs(capsys):
    """``python -m rogue544.bench`` runs through (figures are its output,
    never a test's)."""
    from rogue544 import bench

    bench.main(["--seconds", "0.05", "--num-envs", "4", "--repeat", "2", "--no-nle", "--threads", "2"])
    out = capsys.readouterr().out
    assert "medians over 2 runs" in out and "CPU" in out
    assert "the machine's own scaling (2 processes" in out


def test_bad_actions_are_errors():
    """An action outside the table, or the wrong number of them, is a
    ValueError (numpy's negative indexing must not pick an action)."""
    env = gym.make_vec("Rogue-v0", num_envs=2, threads=1)
    env.reset(seed=1)
    n = env.single_action_space.n
    for bad in ([0, n], [-1, 0], [0], [[0, 0]]):
        with pytest.raises(ValueError):
            env.step(np.array(bad))
    # Any integer dtype (a list, int32) is taken.
    env.step([0, 1])
    env.step(np.array([0, 1], np.int32))
    env.close()


def test_moved_games_reset_and_go_on_exactly():
    n = 4
    v = gym.make_vec("Rogue-v0", num_envs=n, threads=2, copy=True)
    v.reset(seed=3)
    rng = np.random.default_rng(5)
    for to_threads in (True, False, True):
        for _ in range(6):
            v.step(rng.integers(len(rogue544.ACTIONS), size=n))
        v.unwrapped._native.move_games(to_threads)
        assert v.unwrapped.active_threads == (2 if to_threads else 1)
        vobs, _ = v.reset(seed=7)
        singles = [gym.make("Rogue-v0") for _ in range(n)]
        sobs = [e.reset(seed=7 + i)[0] for i, e in enumerate(singles)]
        for _ in range(20):
            for i in range(n):
                for k in sobs[i]:
                    assert np.array_equal(vobs[k][i], sobs[i][k]), k
            actions = rng.integers(len(rogue544.ACTIONS), size=n)
            vobs, *_ = v.step(actions)
            sobs = [e.step(int(a))[0] for e, a in zip(singles, actions)]
    v.close()
