"""Train PPO on Rogue-v0 with Ray RLlib for a few iterations.

    pip install ./python "ray[rllib]" torch
    python python/examples/rllib_ppo.py --iterations 3 --workers 2

Runs only where ``ray[rllib]`` is installed (it is not needed by the
tests); without it, it says so and exits 1. Each RLlib env runner makes its own ``Rogue-v0`` environments in its
own process (the package registers them on import); on a Ray cluster, the
same script spreads the runners over the machines (``ray start --head`` on
one, ``ray start --address=HEAD:6379`` on the others, then run this on the
head with ``--workers`` up to the cluster's cores).

The observation given to the network here is the screen's characters and
``blstats`` (a flattened Box); the rest of the Dict is left out to keep the
example small.
"""

from __future__ import annotations

import argparse
import sys

import gymnasium as gym
import numpy as np


def make_env(config=None):
    import rogue544  # registers Rogue-v0 in this process

    class Flat(gym.ObservationWrapper):
        def __init__(self, env):
            super().__init__(env)
            n = 24 * 80 + len(rogue544.BLSTATS_INDICES)
            self.observation_space = gym.spaces.Box(-1e9, 1e9, (n,), np.float32)

        def observation(self, obs):
            return np.concatenate([obs["tty_chars"].ravel() / 255.0, obs["blstats"]]).astype(np.float32)

    cfg = dict(config or {})
    return Flat(gym.make("Rogue-v0", max_episode_steps=cfg.get("max_episode_steps", 1000)))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--iterations", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    try:
        import ray
        from ray.rllib.algorithms.ppo import PPOConfig
        from ray.tune.registry import register_env
    except ImportError:
        # Non-zero: a run that could not train must not look like one that did.
        print("ray[rllib] is not installed: pip install 'ray[rllib]' torch", file=sys.stderr)
        return 1
    ray.init(ignore_reinit_error=True)
    register_env("RoguePPO", make_env)
    config = (
        PPOConfig()
        .environment("RoguePPO", env_config={"max_episode_steps": 500})
        .env_runners(num_env_runners=a.workers, rollout_fragment_length=200)
        .training(train_batch_size=400 * max(1, a.workers), minibatch_size=128, num_epochs=2)
    )
    algo = config.build_algo() if hasattr(config, "build_algo") else config.build()
    for i in range(a.iterations):
        result = algo.train()
        runners = result.get("env_runners", result)
        print(f"iteration {i + 1}: episode_return_mean={runners.get('episode_return_mean')} "
              f"env_steps={result.get('num_env_steps_sampled_lifetime', runners.get('num_env_steps_sampled_lifetime'))}")
    algo.stop()
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
