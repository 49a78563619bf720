"""The trainer's row of ``python -m rogue544.bench``: ``rogue544.train``'s
end-to-end steps per second (acting, learning and the env together, in its
shipped configuration) and the env's share of that time, beside
Stable-Baselines3's PPO (``MultiInputPolicy`` on ``Rogue-v0``, 8 envs)
in the same run when it is installed. Without torch it says so."""

from __future__ import annotations

import csv
import os
import tempfile
import time


def trainer(seconds: float) -> tuple[float, float, float, float] | None:
    """(steps/s over the run, the env's share of the time, CPU seconds per
    second, steps/s with the start-up counted) of ``seconds`` of training
    from scratch; None without torch. The run's rate is the trainer's own
    (its CSV's steps over its minutes: from the first step on); the
    start-up (making the games and the network) is a few seconds once."""
    try:
        from .train import Args, train
    except SystemExit:
        return None
    with tempfile.TemporaryDirectory() as d:
        t0, c0 = time.perf_counter(), time.process_time()
        train(Args(run_dir=d, minutes=seconds / 60, quiet=True))
        wall = time.perf_counter() - t0
        cpu = time.process_time() - c0
        with open(os.path.join(d, "progress.csv")) as f:
            rows = list(csv.DictReader(f))
    steps = int(rows[-1]["steps"]) if rows else 0
    run = float(rows[-1]["minutes"]) * 60 if rows else wall
    # The env's share, weighted by each iteration's time (steps / rate).
    per_iteration = Args.num_envs * Args.num_steps
    times = [per_iteration / max(float(r["sps"]), 1.0) for r in rows]
    share = sum(t * float(r["env_share"]) for t, r in zip(times, rows)) / max(sum(times), 1e-9)
    return steps / max(run, 1e-9), share, cpu / wall, steps / wall


def sb3(seconds: float) -> tuple[float, float] | None:
    """Stable-Baselines3 PPO's steps/s (learning included) and CPU seconds
    per second; None when it is not installed."""
    try:
        from stable_baselines3 import PPO
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        return None
    import rogue544  # noqa: F401
    env = make_vec_env("Rogue-v0", n_envs=8)
    model = PPO("MultiInputPolicy", env, n_steps=128, batch_size=256, verbose=0, device="cpu")
    model.learn(1024)  # warm up
    steps, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        model.learn(2048, reset_num_timesteps=False)
        steps += 2048
    wall = time.perf_counter() - t0
    return steps / wall, (time.process_time() - c0) / wall


def report(seconds: float) -> None:
    """Print the trainer's line, and SB3's beside it."""
    t = trainer(seconds)
    if t is None:
        print("rogue544.train: torch is not installed (pip install 'rogue544[train]') - not measured")
        return
    print(f"rogue544.train end to end (acting, learning, env): {t[0]:,.0f} steps/s ({t[3]:,.0f} with its start-up), "
          f"the env's share {t[1]:.0%} (CPU {t[2]:.2f} s per s)")
    s = sb3(seconds)
    if s is None:
        print("Stable-Baselines3 PPO: not installed (pip install stable-baselines3) - not measured")
    else:
        print(f"Stable-Baselines3 PPO MultiInputPolicy, 8 envs: {s[0]:,.0f} steps/s (CPU {s[1]:.2f} s per s); "
              f"rogue544.train / SB3: {t[0] / s[0]:.1f}x")
