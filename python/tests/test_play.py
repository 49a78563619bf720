"""``allowed="play"``: the masks leave out quitting, saving and the
commands that only show things again; everything else is as ``"all"``."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import rogue544
from rogue544 import ACTIONS, PLAY_EXCLUDED, WAITS, action_named

EXCLUDED = {action_named(n) for n in PLAY_EXCLUDED}


def test_play_excludes_exactly_its_list():
    # The documented list, by name (python/README.md's Masks section).
    assert set(PLAY_EXCLUDED) == {
        "quit", "save", "options", "call", "help", "identify_symbol", "discoveries",
        "previous_message", "redraw", "version", "status", "inventory", "inventory_one",
        "current_weapon", "current_armor", "current_rings",
    }
    assert all(isinstance(why, str) and why for why in PLAY_EXCLUDED.values())


def test_play_mask_is_all_mask_less_the_excluded_at_a_command():
    a, p = gym.make("Rogue-v0"), gym.make("Rogue-v0", allowed="play")
    _, ia = a.reset(seed=7)
    _, ip = p.reset(seed=7)
    ma, mp = ia["action_mask"], ip["action_mask"]
    assert ma[action_named("quit")] and ma[action_named("inventory")] and ma[action_named("help")]
    assert not any(mp[i] for i in EXCLUDED)
    keep = np.array([i not in EXCLUDED for i in range(len(ACTIONS))])
    assert np.array_equal(ma[keep], mp[keep])
    assert np.array_equal(p.unwrapped.action_masks(), mp.astype(bool))
    # Elsewhere than a command wait, the two agree (here an item prompt,
    # where 'i' may be a pack letter).
    for env in (a, p):
        env.unwrapped.step_key(b"e")
    ma, mp = a.unwrapped.action_masks(), p.unwrapped.action_masks()
    assert WAITS[a.unwrapped.observe()["wait"]] == "item" and np.array_equal(ma, mp)


def test_bad_allowed_is_refused():
    with pytest.raises(ValueError):
        gym.make("Rogue-v0", allowed="most")
    with pytest.raises(ValueError):
        gym.make_vec("Rogue-v0", num_envs=2, allowed="most")


@pytest.mark.parametrize("seed", [1])
def test_masked_random_play_never_quits_and_the_vector_agrees(seed):
    n, steps = 4, 1500
    v = gym.make_vec("Rogue-v0", num_envs=n, allowed="play", max_episode_steps=steps)
    singles = [gym.make("Rogue-v0", allowed="play", max_episode_steps=steps) for _ in range(n)]
    _, vinfo = v.reset(seed=seed)
    infos = [e.reset(seed=seed + i)[1] for i, e in enumerate(singles)]
    rng = np.random.default_rng(seed)
    ended = [False] * n
    endings = 0
    for _ in range(steps):
        for i in range(n):
            assert np.array_equal(vinfo["action_mask"][i], infos[i]["action_mask"])
        scores = rng.random((n, len(ACTIONS))) * vinfo["action_mask"]
        actions = scores.argmax(axis=1)
        _, _, vterm, vtrunc, vinfo = v.step(actions)
        for i, e in enumerate(singles):
            if ended[i]:
                # Next-step autoreset: the vector starts the next game now.
                infos[i] = e.reset()[1]
                ended[i] = False
                continue
            _, _, term, trunc, infos[i] = e.step(actions[i])
            assert (term, trunc) == (vterm[i], vtrunc[i])
            if term:
                assert infos[i]["ending"] != "quit"
                endings += 1
            ended[i] = term or trunc
    assert endings > 0
    v.close()
