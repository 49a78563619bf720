"""Stable-Baselines3 PPO on the Rogue envs, with the Dict observation as it
is (``MultiInputPolicy``).

    pip install rogue544 stable-baselines3
    python python/examples/sb3_ppo.py --steps 512 --env Rogue-v0

Exits 1 when stable-baselines3 is not installed.
"""

from __future__ import annotations

import argparse
import sys


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--env", default="Rogue-v0")
    p.add_argument("--steps", type=int, default=512)
    p.add_argument("--num-envs", type=int, default=2)
    a = p.parse_args()
    try:
        from stable_baselines3 import PPO
        from stable_baselines3.common.env_checker import check_env
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        print("stable-baselines3 is not installed: pip install stable-baselines3", file=sys.stderr)
        return 1
    import gymnasium as gym

    import rogue544  # noqa: F401  (registers the envs)

    check_env(gym.make(a.env))
    env = make_vec_env(a.env, n_envs=a.num_envs, seed=0, env_kwargs={"max_episode_steps": 2000})
    model = PPO("MultiInputPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=a.steps)
    obs = env.reset()
    action, _ = model.predict(obs, deterministic=True)
    print(f"{a.env}: PPO MultiInputPolicy learned {model.num_timesteps} steps; actions now {action.tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
