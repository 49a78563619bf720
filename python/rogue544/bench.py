"""``python -m rogue544.bench``: steps per second, beside NLE when installed.

Measures, in one run on this machine:

* ``Rogue-v0`` through ``gymnasium.make`` (its wrappers included), one
  ``step`` per call with random actions;
* ``gymnasium.make_vec("Rogue-v0", num_envs=N)``, steps of all N games per
  call (reported as game steps per second), with its default threads and
  with one;
* NLE's ``NetHackScore-v0`` the same way as the single env, when ``nle`` is
  importable.

Options: ``--seconds S`` per measurement (default 5), ``--num-envs N``
(default 64), ``--threads T`` (default: one per core). The vector env is
measured with its default threads and with ``threads=1``, and the load
average is printed, since other work on the machine changes the figures.
"""

from __future__ import annotations

import argparse
import os
import time

import gymnasium as gym
import numpy as np

import rogue544  # noqa: F401  (registers the environments)


def _single(env_id: str, seconds: float, seed: int = 0) -> float:
    env = gym.make(env_id)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n_actions = env.action_space.n
    actions = rng.integers(0, n_actions, size=1 << 16)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for a in actions[(steps & 0xFFFF):(steps & 0xFFFF) + 1024]:
            _, _, term, trunc, _ = env.step(a)
            if term or trunc:
                env.reset()
        steps += 1024
        if time.perf_counter() >= deadline:
            break
    rate = steps / (time.perf_counter() - t0)
    env.close()
    return rate


def _vector(env_id: str, num_envs: int, threads: int | None, seconds: float, copy: bool) -> float:
    kwargs = {} if threads is None else {"threads": threads}
    env = gym.make_vec(env_id, num_envs=num_envs, copy=copy, **kwargs)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    batches = rng.integers(0, env.single_action_space.n, size=(64, num_envs))
    calls = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for b in batches:
            env.step(b)
        calls += len(batches)
        if time.perf_counter() >= deadline:
            break
    rate = calls * num_envs / (time.perf_counter() - t0)
    env.close()
    return rate


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m rogue544.bench", description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--threads", type=int, default=None, help="the vector env's threads (default: one per core)")
    p.add_argument("--no-nle", action="store_true", help="skip NLE even when installed")
    a = p.parse_args(argv)
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.2f}")
    cpu0 = time.process_time()
    single = _single("Rogue-v0", a.seconds)
    print(f"Rogue-v0 single env step: {single:,.0f} steps/s")
    vec = _vector("Rogue-v0", a.num_envs, a.threads, a.seconds, copy=True)
    print(f"Rogue-v0 vector env, {a.num_envs} envs, default threads (copy=True): {vec:,.0f} steps/s")
    vec_nc = _vector("Rogue-v0", a.num_envs, a.threads, a.seconds, copy=False)
    print(f"Rogue-v0 vector env, {a.num_envs} envs, default threads (copy=False): {vec_nc:,.0f} steps/s")
    one = _vector("Rogue-v0", a.num_envs, 1, a.seconds, copy=False)
    print(f"Rogue-v0 vector env, {a.num_envs} envs, threads=1 (copy=False): {one:,.0f} steps/s")
    print(f"vector default threads / threads=1: {vec_nc / one:.2f}x (goal 1.7x on 2 cores)")
    nle = None
    if not a.no_nle:
        try:
            import nle  # noqa: F401
        except ImportError:
            print("NLE: not installed (pip install nle) - not measured")
        else:
            nle = _single("NetHackScore-v0", a.seconds)
            print(f"NLE NetHackScore-v0 single env step: {nle:,.0f} steps/s")
    if nle:
        print(f"single / NLE: {single / nle:.1f}x; vector / NLE: {max(vec, vec_nc) / nle:.1f}x (goal 40x)")
    print(f"CPU time of this process: {time.process_time() - cpu0:.1f} s; load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
