"""The single environments: Gymnasium's checker, determinism, snapshots,
raw keys, observations from the game's state, records."""

from __future__ import annotations

import subprocess

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rogue544
from rogue544 import ACTIONS, action_of

from conftest import expected_frames, frame_of, rogue_trace

ENV_IDS = list(rogue544.ENV_IDS)


def same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return np.array_equal(a, b) and np.asarray(a).dtype == np.asarray(b).dtype


def random_run(env, rng, steps):
    out = []
    for _ in range(steps):
        obs, r, term, trunc, _ = env.step(int(rng.integers(len(ACTIONS))))
        out.append((obs, r, term, trunc))
        if term or trunc:
            break
    return out


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_check_env(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped)


def test_registered_and_spaces():
    for env_id in ENV_IDS:
        env = gym.make(env_id)
        assert env.spec.max_episode_steps == 10_000
        obs, _ = env.reset(seed=1)
        assert env.observation_space.contains(obs)
        assert obs["tty_chars"].shape == (24, 80) and obs["tty_chars"].dtype == np.uint8
        assert obs["tty_cursor"].dtype == np.uint8
        assert obs["blstats"].dtype == np.int32
    assert len(set(a.key for a in ACTIONS)) == len(ACTIONS)
    keys = {chr(a.key) for a in ACTIONS}
    assert set("hjklyubnHJKLYUBN") <= keys and "\x1b" in keys and " " in keys and "\r" in keys
    assert set("abcdefghijklmnopqrstuvwxyz") <= keys


def test_same_seed_same_actions_same_observations():
    for seed in (0, 7, -5, 2**31 - 1):
        runs = []
        for _ in range(2):
            env = gym.make("Rogue-v0")
            obs, _ = env.reset(seed=seed)
            rng = np.random.default_rng(seed & 0xFFFF)
            runs.append([obs] + [o for o, *_ in random_run(env, rng, 300)])
        assert len(runs[0]) == len(runs[1])
        assert all(same(a, b) for a, b in zip(*runs))


def test_reset_options_change_the_game():
    env = gym.make("Rogue-v0")
    a, _ = env.reset(seed=3)
    b, _ = env.reset(seed=3, options={"rogueopts": "name=Zed,fruit=kiwi"})
    c, _ = env.reset(seed=3, options={"user": "alice", "time": 1_600_000_000})
    assert same(a["tty_chars"][1:], c["tty_chars"][1:])  # the same dungeon
    env.unwrapped.step_key(ord("i"))
    with pytest.raises(ValueError):
        env.reset(seed=3, options={"nonsense": 1})
    with pytest.raises(ValueError):
        env.reset(seed=2**40)
    assert b is not None


def test_blstats_and_inventory_from_the_game():
    env = gym.make("Rogue-v0")
    obs, _ = env.reset(seed=42)
    bl = dict(zip(rogue544.BLSTATS_INDICES, obs["blstats"]))
    status = rogue544.screen_text(obs)[23]
    assert status.startswith(f"Level: {bl['depth']}  Gold: {bl['gold']}")
    assert f"Hp: {bl['hp']}({bl['max_hp']})" in status and f"Str: {bl['str']}({bl['max_str']})" in status
    assert f"Arm: {bl['ac']}" in status and f"Exp: {bl['exp_level']}/{bl['exp_points']}" in status
    assert bl["hunger"] == 0 and bl["moves"] == 0 and bl["max_depth"] == 1
    inv = rogue544.inventory_list(obs)
    assert inv[0] == ("a", ":", "Some food")
    assert [t for _, t, _ in inv] == [":", "]", ")", ")", ")"]
    assert any("being worn" in n for _, _, n in inv) and any("weapon in hand" in n for _, _, n in inv)
    # The inventory screen lists the same names.
    obs, *_ = env.unwrapped.step_key(ord("i"))
    shown = rogue544.screen_text(obs)
    for letter, _, name in inv:
        assert any(row.startswith(f"{letter}) {name}") for row in shown), (letter, name, shown)
    assert rogue544.WAITS[obs["wait"]] == "space"  # --Press space to continue--
    obs, *_ = env.unwrapped.step_key(b" ")
    assert obs["wait"] == 0 and obs["blstats"][rogue544.BLSTATS_INDICES["moves"]] == 2


def test_step_key_is_step():
    a, b = gym.make("Rogue-v0"), gym.make("Rogue-v0")
    a.reset(seed=11)
    b.reset(seed=11)
    rng = np.random.default_rng(1)
    for _ in range(200):
        i = int(rng.integers(len(ACTIONS)))
        ra = a.step(i)
        rb = b.unwrapped.step_key(ACTIONS[i].key)
        assert same(ra[0], rb[0]) and ra[1:3] == rb[1:3]
        assert action_of(ACTIONS[i].key) == i


def test_clone_restore_same_future_any_number_of_times():
    env = gym.make("Rogue-v0").unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(6):
        random_run(env, rng, int(rng.integers(1, 120)))
        if env._game.is_over():
            env.reset(seed=int(rng.integers(1000)))
        state = env.clone_state()
        here = env.observe()
        actions = rng.integers(len(ACTIONS), size=150)
        futures = []
        for _ in range(3):
            env.restore_state(state)
            assert same(env.observe(), here)
            futures.append([env.step(int(a)) for a in actions])
        for f in futures[1:]:
            assert all(same(x[0], y[0]) and x[1:4] == y[1:4] for x, y in zip(futures[0], f))
        # A state survives pickling within this process too (a replay).
        import pickle

        env.restore_state(pickle.loads(pickle.dumps(state)))
        assert same(env.observe(), here)
        again = [env.step(int(a)) for a in actions]
        assert all(same(x[0], y[0]) for x, y in zip(futures[0], again))


def test_rewards():
    # Gold and depth from the game: the score reward is the gold gained
    # plus 50 per new deepest level.
    env = gym.make("Rogue-v0").unwrapped
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    total, last = 0.0, None
    for obs, r, term, trunc in random_run(env, rng, 3000):
        total += r
        last = obs
    bl = last["blstats"]
    assert total == pytest.approx(bl[rogue544.BLSTATS_INDICES["gold"]] + 50 * (bl[rogue544.BLSTATS_INDICES["max_depth"]] - 1)) or env._game.is_over()


def test_record_plays_back_in_rogue_trace(tmp_path):
    env = gym.make("Rogue-v0").unwrapped
    obs, _ = env.reset(seed=123, options={"rogueopts": "fruit=mango"})
    frames = [frame_of(obs)]
    rng = np.random.default_rng(3)
    for _ in range(400):
        obs, _, term, _, _ = env.step(int(rng.integers(len(ACTIONS))))
        frames.append(frame_of(obs))
        if term:
            break
    path = tmp_path / "py_record.case"
    env.record(path)
    seed, options, keys = rogue544.read_case(path)
    assert seed == 123 and options["rogueopts"] == "fruit=mango" and keys == env.keys()
    # The record starts the same game through reset.
    env2 = gym.make("Rogue-v0").unwrapped
    obs2, _ = env2.reset(seed=seed, options=options)
    for k in keys:
        obs2, *_ = env2.step_key(k)
    assert same(obs2, obs)
    trace = rogue_trace()
    if trace is None:
        pytest.skip("no rogue-trace built (cargo build --release)")
    out = subprocess.run([trace, str(path)], capture_output=True, text=True, check=True).stdout
    want = expected_frames(out)
    # rogue-trace's last frame is the screen after the program ended; a
    # game still under way there ran out of keys.
    n = len(keys)
    assert want[:n] == frames[:n]


def test_clone_at_any_wait_and_after_the_end():
    W = rogue544.WAITS
    env = gym.make("Rogue-v0", max_episode_steps=None).unwrapped
    env.reset(seed=9)
    # Quit: a prompt (a key wait), then the end.
    obs, *_ = env.step_key(b"Q")
    assert W[obs["wait"]] == "yes_no"
    at_prompt = env.clone_state()
    obs, _, term, _, info = env.step_key(b"y")
    for i in range(50):
        if term:
            break
        # --More-- wants a space; the score list and the last line a return.
        obs, _, term, _, info = env.step_key(b" \n"[i % 2])
    assert info["ending"] == "quit" and W[obs["wait"]] == "over"
    over = env.clone_state()
    env.restore_state(at_prompt)
    assert W[env.observe()["wait"]] == "yes_no"
    obs, *_ = env.step_key(b"n")
    assert obs["wait"] == 0
    env.restore_state(over)
    assert W[env.observe()["wait"]] == "over" and env._game.is_over()
    import pickle

    env.restore_state(pickle.loads(pickle.dumps(at_prompt)))
    assert W[env.observe()["wait"]] == "yes_no"


def test_bad_input_is_an_error_not_a_crash():
    env = gym.make("Rogue-v0").unwrapped
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step_key(b"ab")
    with pytest.raises(ValueError):
        env.reset(seed=1, options={"time": 2**40})
    with pytest.raises(ValueError):
        env.reset(seed=1, options={"user": "a/b"})
    with pytest.raises(ValueError):
        rogue544._native.state_from_bytes(b"nonsense")
    # Every byte is a key.
    for k in range(256):
        env.step_key(k)


def test_what_the_clients_need():
    """What Stable-Baselines3 and RLlib require, checked without them: a flat
    Dict of Boxes and a Discrete, the dtypes, the masks, Gymnasium's render
    rule, the action meanings."""
    env = gym.make("Rogue-v0")
    space = env.observation_space
    assert isinstance(space, gym.spaces.Dict)
    assert all(isinstance(s, (gym.spaces.Box, gym.spaces.Discrete)) for s in space.spaces.values())
    want = {"tty_chars": ((24, 80), np.uint8), "tty_attrs": ((24, 80), np.uint8), "tty_cursor": ((2,), np.uint8),
            "blstats": ((16,), np.int32), "message": ((256,), np.uint8), "inv_letters": ((26,), np.uint8),
            "inv_oclasses": ((26,), np.uint8), "inv_strs": ((26, 80), np.uint8)}
    for k, (shape, dtype) in want.items():
        assert space[k].shape == shape and space[k].dtype == dtype, k
    assert isinstance(space["wait"], gym.spaces.Discrete) and space["wait"].n == len(rogue544.WAITS)
    obs, info = env.reset(seed=2)
    for k, (shape, dtype) in want.items():
        assert obs[k].shape == shape and obs[k].dtype == dtype, k
    assert env.render() is None  # no render mode
    assert env.unwrapped.get_action_meanings() == [a.name for a in ACTIONS]
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].any()
    for mode in ("ansi", "rgb_array"):
        e = gym.make("Rogue-v0", render_mode=mode)
        e.reset(seed=2)
        r = e.render()
        assert isinstance(r, str) if mode == "ansi" else r.shape == (24, 80, 3)
