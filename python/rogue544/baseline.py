"""``python -m rogue544.baseline``: the baseline table of python/README.md.

For each task (``Rogue-v0``, ``RogueDescend-v0``, ``RogueGold-v0``) it plays
``--episodes`` episodes (100) of at most ``--steps`` steps (5,000) with two
agents, through the vector env:

* ``uniform``: every action equally likely, at every step;
* ``masked``: every action the game takes now (``info["action_mask"]``)
  equally likely;
* ``play``: the same with ``allowed="play"`` (no quitting, nor the
  commands that only show things again).

and prints, per task and agent, the mean return (with its standard
error), the deepest level reached (mean and most), the share of steps at a
command wait, and how the episodes ended. Seeds are fixed (``--seed``), so
the table is the same on every machine.
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import rogue544  # noqa: F401  (registers the envs)
from rogue544.envs import BLSTATS_INDICES, WAIT_COMMAND

TASKS = ("Rogue-v0", "RogueDescend-v0", "RogueGold-v0")
AGENTS = ("uniform", "masked", "play")


def run(env_id: str, agent: str, episodes: int, steps: int, num_envs: int, seed: int) -> dict:
    allowed = "play" if agent == "play" else "all"
    env = gym.make_vec(env_id, num_envs=num_envs, max_episode_steps=steps, copy=False, allowed=allowed)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n_actions = env.single_action_space.n
    ret = np.zeros(num_envs)
    returns, depths, ends = [], [], {}
    at_command = total = 0
    restarting = np.zeros(num_envs, bool)
    while len(returns) < episodes:
        if agent == "uniform":
            actions = rng.integers(0, n_actions, size=num_envs)
        else:
            # One allowed action each, uniformly: the largest of random
            # scores over the allowed ones.
            scores = rng.random((num_envs, n_actions)) * info["action_mask"]
            actions = scores.argmax(axis=1)
        obs, reward, term, trunc, info = env.step(actions)
        live = ~restarting
        ret += reward * live
        total += int(live.sum())
        at_command += int((live & (obs["wait"] == WAIT_COMMAND)).sum())
        done = (term | trunc) & live
        for i in np.flatnonzero(done):
            if len(returns) < episodes:
                returns.append(ret[i])
                depths.append(int(obs["blstats"][i, BLSTATS_INDICES["max_depth"]]))
                why = info["ending"][i] if term[i] and info.get("_ending", np.zeros(num_envs, bool))[i] else "time limit"
                ends[why] = ends.get(why, 0) + 1
        ret[done] = 0
        # Next-step autoreset: the step after an ending starts the next game.
        restarting = done
    env.close()
    r = np.array(returns, float)
    return {
        "mean": r.mean(),
        "sem": r.std(ddof=1) / np.sqrt(len(r)) if len(r) > 1 else 0.0,
        "depth": float(np.mean(depths)),
        "deepest": max(depths),
        "command": at_command / max(total, 1),
        "ends": ends,
    }


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m rogue544.baseline", description=__doc__.splitlines()[0])
    p.add_argument("--episodes", type=int, default=100)
    p.add_argument("--steps", type=int, default=5000)
    p.add_argument("--num-envs", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tasks", nargs="*", default=list(TASKS))
    p.add_argument("--agents", nargs="*", default=list(AGENTS), choices=AGENTS)
    a = p.parse_args(argv)
    print(f"{a.episodes} episodes of at most {a.steps:,} steps per task and agent (seed {a.seed})\n")
    print("| task | agent | mean return (± s.e.) | deepest level: mean / most | steps at a command wait | endings |")
    print("|---|---|---|---|---|---|")
    for env_id in a.tasks:
        for agent in a.agents:
            r = run(env_id, agent, a.episodes, a.steps, a.num_envs, a.seed)
            ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items(), key=lambda kv: -kv[1]))
            print(f"| {env_id} | {agent} | {r['mean']:.2f} (± {r['sem']:.2f}) | {r['depth']:.2f} / {r['deepest']} "
                  f"| {100 * r['command']:.1f}% | {ends} |", flush=True)


if __name__ == "__main__":
    main()
