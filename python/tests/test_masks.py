"""Action masks from the game's own state, and games that end by
themselves: the end-of-game reads take Enter as the terminal does."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import rogue544
from rogue544 import ACTIONS, WAITS, action_named

# What the game says when it refuses a key: a masked agent never sees these.
REFUSALS = (
    "not a valid item", "illegal command", "not in pack", "please answer", "please type",
    "unknown character", "not a type", "haven't typed a command", "aren't carrying anything",
    "anything appropriate", "nothing appropriate", "empty handed", "already in use", "in use",
    "no way down", "no monster there", "magically blocked", "nothing here to pick up",
    "aren't wearing", "already wearing",
)

SIMPLE = ["move_w", "move_s", "move_n", "move_e", "move_nw", "move_ne", "move_sw", "move_se",
          "run_w", "run_s", "run_n", "run_e", "down", "space", "escape", "enter"]


def test_masks_in_info_and_for_maskable_ppo():
    env = gym.make("Rogue-v0")
    obs, info = env.reset(seed=5)
    m = info["action_mask"]
    assert m.dtype == np.int8 and m.shape == (len(rogue544.ACTIONS),)
    am = env.unwrapped.action_masks()
    assert am.dtype == np.bool_ and np.array_equal(am, m.astype(bool))
    # At the first command: moves yes; a pack letter that is no command no.
    assert m[action_named("move_w")] and not m[rogue544.action_of("x")]
    assert not m[action_named("escape")] and not m[action_named("space")]
    # An item prompt: the fitting pack letters, '*' and ESC.
    obs, _, _, _, info = env.unwrapped.step_key(b"e")
    assert WAITS[obs["wait"]] == "item"
    allowed = {chr(rogue544.ACTIONS[i].key) for i in np.flatnonzero(info["action_mask"])}
    assert allowed == {"a", "*", "\x1b"}  # the food
    obs, _, _, _, info = env.unwrapped.step_key(b"\x1b")
    # A direction.
    obs, _, _, _, info = env.unwrapped.step_key(b"t")
    assert WAITS[obs["wait"]] == "direction"
    allowed = {chr(rogue544.ACTIONS[i].key) for i in np.flatnonzero(info["action_mask"])}
    assert allowed == set("hjklyubnHJKLYUBN\x1b")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_masked_random_agent_meets_no_refusal(seed):
    env = gym.make("Rogue-v0", max_episode_steps=3000)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    at_command = steps = 0
    asked = ""
    for _ in range(3000):
        a = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, _, term, trunc, info = env.step(a)
        steps += 1
        at_command += WAITS[obs["wait"]] == "command"
        text = rogue544.message_text(obs).lower()
        # An identify scroll insists on a thing: with nothing of its kind
        # in the pack, `*` is the only way on (ESC and letters ask again),
        # and the game answers it so (game/prompt.rs).
        way_out = asked.startswith("which object do you want to identify") and ACTIONS[a].name == "list"
        assert way_out or not any(r in text for r in REFUSALS), (seed, steps, text)
        asked = text
        if term or trunc:
            obs, info = env.reset()
            asked = ""
    assert at_command > steps / 2, (at_command, steps)


def test_the_issue_game_ends_by_itself():
    # The issue's run: seed 100, the moves, four runs, down, space, escape
    # and enter; the score list came at step 592 and then only ^J ended it.
    env = gym.make("Rogue-v0")
    env.reset(seed=100)
    rng = np.random.default_rng(0)
    actions = [action_named(n) for n in SIMPLE]
    for step in range(10_000):
        _, _, term, trunc, info = env.step(int(rng.choice(actions)))
        if term or trunc:
            break
    assert term and not trunc and info["ending"], (step, info)


def test_random_simple_games_all_end_by_themselves():
    actions = [action_named(n) for n in SIMPLE]
    for seed in range(8):
        env = gym.make("Rogue-v0", max_episode_steps=20_000)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for step in range(20_000):
            obs, _, term, trunc, info = env.step(int(rng.choice(actions)))
            if term or trunc:
                break
        assert term, (seed, step, rogue544.screen_text(obs))
        assert info["ending"] in ("death", "quit", "win"), info


def test_line_read_takes_enter_through_the_vector_env_too():
    v = gym.make_vec("Rogue-v0", num_envs=2)
    v.reset(seed=100)
    rng = np.random.default_rng(0)
    actions = np.array([action_named(n) for n in SIMPLE])
    ended = np.zeros(2, bool)
    for _ in range(10_000):
        _, _, term, _, info = v.step(rng.choice(actions, size=2))
        if term.any():
            assert info["_ending"][term].all()
        ended |= term
        if ended.all():
            break
    assert ended.all()
    v.close()
