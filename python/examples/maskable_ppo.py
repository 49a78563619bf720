"""sb3-contrib's MaskablePPO with the game's action masks: the env's
``action_masks()`` (what ``get_action_masks`` calls) says which keys the
game takes at its current wait.

    pip install rogue544 sb3-contrib
    python python/examples/maskable_ppo.py --steps 512 --env Rogue-v0

Exits 1 when sb3-contrib is not installed.
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
        from sb3_contrib import MaskablePPO
        from sb3_contrib.common.maskable.utils import get_action_masks
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        print("sb3-contrib is not installed: pip install sb3-contrib", file=sys.stderr)
        return 1

    import rogue544  # noqa: F401  (registers the envs)

    env = make_vec_env(a.env, n_envs=a.num_envs, seed=0, env_kwargs={"max_episode_steps": 2000})
    model = MaskablePPO("MultiInputPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=a.steps)
    obs = env.reset()
    masks = get_action_masks(env)
    action, _ = model.predict(obs, action_masks=masks, deterministic=True)
    assert all(masks[i][a_] for i, a_ in enumerate(action)), "a masked action was chosen"
    print(f"{a.env}: MaskablePPO learned {model.num_timesteps} steps; "
          f"{masks.sum(axis=1).tolist()} actions allowed now, chose {action.tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
