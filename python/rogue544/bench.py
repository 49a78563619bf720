"""``python -m rogue544.bench``: steps per second, beside NLE when installed.

Measures, in one run on this machine:

* ``Rogue-v0`` through ``gymnasium.make`` (its wrappers included), one
  ``step`` per call with random actions;
* ``gymnasium.make_vec("Rogue-v0", num_envs=N)``, steps of all N games per
  call (reported as game steps per second), with its default threads and
  with one;
* NLE's ``NetHackScore-v0`` the same way as the single env, when ``nle`` is
  importable;
* the trainer, ``rogue544.train``, end to end beside Stable-Baselines3's
  PPO (``rogue544.bench_train``; ``--no-trainer`` skips it).

Options: ``--seconds S`` per measurement (default 5), ``--num-envs N``
(default 64), ``--threads T`` (default: one per core), ``--repeat R``
(default 3), ``--no-ceiling``, ``--loads`` (below). The vector env is measured with its default
threads and with ``threads=1``, the two alternating R times, and the
medians are given; beside each pair, as many separate one-thread
processes as the vector has threads, each with its share of the games,
run together: the scaling the machine itself gives (two virtual cores
are not always two cores' worth), the ceiling for the threads;
each line gives the process's CPU time beside the wall time, and the load
average is printed, since other work on the machine changes the figures.

``--loads idle busy busy19 sleeper torch`` (or ``--loads all``) measures
the vector env with ``copy=False``, its default threads against
``threads=1`` (alternating, medians), beside each kind of other work,
which the bench starts itself and stops after: ``busy`` a busy loop at
nice 0, ``busy19`` one at nice 19, ``sleeper`` a process at nice 19 that
works 0.2 ms and sleeps 0.3 ms over and over (as a program playing
through a terminal does), ``torch`` a torch training loop with torch's
own threads (with ``--torch-python``, or this Python when it has torch;
skipped otherwise). :data:`LOADS` holds them: a new row is one entry.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
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


def _vector(env_id: str, num_envs: int, threads: int | None, seconds: float, copy: bool,
            lo: int = 0, of: int | None = None, start=None, seen: dict | None = None) -> float:
    """Steps per second of ``num_envs`` games: games ``lo..lo+num_envs``
    of ``of`` (default: all of them), seeds and actions as in a run of
    all ``of``. ``seen`` gets the threads active at the end."""
    kwargs = {} if threads is None else {"threads": threads}
    env = gym.make_vec(env_id, num_envs=num_envs, copy=copy, **kwargs)
    env.reset(seed=lo)
    rng = np.random.default_rng(0)
    of = num_envs if of is None else of
    batches = rng.integers(0, env.single_action_space.n, size=(64, of))[:, lo:lo + num_envs]
    if start is not None:
        start.wait()
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
    if seen is not None:
        seen["active"] = env.unwrapped.active_threads
    env.close()
    return rate


def _one_process(args) -> float:
    env_id, lo, num_envs, of, seconds, start = args
    return _vector(env_id, num_envs, 1, seconds, copy=False, lo=lo, of=of, start=start)


def _processes(env_id: str, num_envs: int, processes: int, seconds: float) -> float:
    """The machine's own scaling: ``processes`` separate processes, each
    one thread stepping its share of the games, started together; their
    rates summed. Nothing is shared between them, so what they reach
    beside one thread is what the cores give (another guest on the host,
    two virtual cores on one physical one), the ceiling a vector env's
    threads can reach here."""
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as m:
        start = m.Barrier(processes)
        share = max(1, num_envs // processes)
        with ctx.Pool(processes) as pool:
            rates = pool.map(_one_process,
                             [(env_id, i * share, share, num_envs, seconds, start) for i in range(processes)])
    return sum(rates)


_BUSY = "while True: pass"
_SLEEPER = """
import time
while True:
    t = time.perf_counter()
    while time.perf_counter() - t < 0.0002:
        pass
    time.sleep(0.0003)
"""
_TORCH = """
import torch
net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 78))
opt = torch.optim.Adam(net.parameters())
x, y = torch.randn(1024, 512), torch.randint(0, 78, (1024,))
while True:
    loss = torch.nn.functional.cross_entropy(net(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
"""

#: The other work the vector env is measured beside: name -> (what, nice,
#: the Python code the load process runs, or None for none).
LOADS = {
    "idle": ("nothing else", 0, None),
    "busy": ("a busy loop at nice 0", 0, _BUSY),
    "busy19": ("a busy loop at nice 19", 19, _BUSY),
    "sleeper": ("a process at nice 19 that wakes every 0.5 ms", 19, _SLEEPER),
    "torch": ("torch training (its own threads)", 0, _TORCH),
}


def _has_torch(python: str) -> bool:
    return subprocess.run([python, "-c", "import torch"], capture_output=True).returncode == 0


def _start_load(name: str, torch_python: str | None):
    """The load's process (None for none); it is stopped by the caller."""
    _, nice, code = LOADS[name]
    if code is None:
        return None
    python = torch_python if name == "torch" else sys.executable
    proc = subprocess.Popen([python, "-c", code], preexec_fn=(lambda: os.nice(nice)) if nice else None,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0 if name != "torch" else 5.0)  # let it start (torch imports slowly)
    if proc.poll() is not None:
        raise RuntimeError(f"the {name} load stopped at once")
    return proc


def _under_loads(a, loads: list[str]) -> None:
    """The vector env's default threads against threads=1 beside each load."""
    torch_python = a.torch_python or sys.executable
    rows = []
    for name in loads:
        if name == "torch" and not _has_torch(torch_python):
            print("torch load: torch not installed (pip install torch, or --torch-python) - skipped")
            continue
        proc = _start_load(name, torch_python)
        try:
            many, one, cpu_many, cpu_one, active = [], [], [], [], []
            for _ in range(max(1, a.repeat)):
                seen: dict = {}
                m = _timed(_vector, "Rogue-v0", a.num_envs, a.threads, a.seconds, copy=False, seen=seen)
                o = _timed(_vector, "Rogue-v0", a.num_envs, 1, a.seconds, copy=False)
                print(_line(f"  [{name}] default threads (active at the end: {seen['active']})", m))
                print(_line(f"  [{name}] threads=1", o))
                many.append(m[0])
                one.append(o[0])
                cpu_many.append(m[1] / m[2])
                cpu_one.append(o[1] / o[2])
                active.append(seen["active"])
        finally:
            if proc is not None:
                proc.kill()
                proc.wait()
        ratios = [x / y for x, y in zip(many, one)]
        rows.append((name, statistics.median(many), statistics.median(one), statistics.median(ratios),
                     min(ratios), max(ratios), statistics.median(cpu_many), statistics.median(cpu_one), active))
    print(f"\n| beside ({a.num_envs} games, copy=False, medians of {a.repeat}) | default threads | threads=1 "
          "| default / threads=1 (runs) | CPU s per s: default, threads=1 | threads active at the end |")
    print("|---|---|---|---|---|---|")
    for name, m, o, r, lo, hi, cm, co, active in rows:
        print(f"| {LOADS[name][0]} | {m:,.0f} | {o:,.0f} | {r:.2f}x ({lo:.2f}-{hi:.2f}) | {cm:.2f}, {co:.2f} "
              f"| {', '.join(map(str, active))} |")


def _timed(f, *args, **kwargs) -> tuple[float, float, float]:
    """``f``'s rate, with the process's CPU time and the wall time it took."""
    cpu, wall = time.process_time(), time.perf_counter()
    rate = f(*args, **kwargs)
    return rate, time.process_time() - cpu, time.perf_counter() - wall


def _line(what: str, timed: tuple[float, float, float]) -> str:
    rate, cpu, wall = timed
    return f"{what}: {rate:,.0f} steps/s (CPU {cpu:.1f} s in {wall:.1f} s)"


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m rogue544.bench", description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--threads", type=int, default=None, help="the vector env's threads (default: one per core)")
    p.add_argument("--repeat", type=int, default=3,
                   help="pairs of vector runs (default threads, then threads=1), for the medians")
    p.add_argument("--no-nle", action="store_true", help="skip NLE even when installed")
    p.add_argument("--no-trainer", action="store_true", help="skip the trainer's row (rogue544.train beside SB3)")
    p.add_argument("--no-ceiling", action="store_true",
                   help="skip the separate processes that measure the machine's own scaling")
    p.add_argument("--loads", nargs="*", default=None, choices=[*LOADS, "all"],
                   help="only the vector env beside other work (the bench starts it): " + ", ".join(LOADS))
    p.add_argument("--torch-python", default=None, help="the Python that runs the torch load (default: this one)")
    a = p.parse_args(argv)
    if a.loads is not None:
        _under_loads(a, list(LOADS) if "all" in a.loads or not a.loads else a.loads)
        return
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.2f}")
    cpu0 = time.process_time()
    single = _timed(_single, "Rogue-v0", a.seconds)
    print(_line("Rogue-v0 single env step", single))
    vec = _timed(_vector, "Rogue-v0", a.num_envs, a.threads, a.seconds, copy=True)
    print(_line(f"Rogue-v0 vector env, {a.num_envs} envs, default threads (copy=True)", vec))
    # The two runs alternate: the machine's speed drifts (another guest on
    # the host, a core slowed for a while), and a pair run side by side
    # feels the same drift.
    cores = os.cpu_count() or 1
    threads = a.threads or cores
    many, one, ratios, ceilings = [], [], [], []
    for _ in range(max(1, a.repeat)):
        m = _timed(_vector, "Rogue-v0", a.num_envs, a.threads, a.seconds, copy=False)
        print(_line(f"Rogue-v0 vector env, {a.num_envs} envs, default threads (copy=False)", m))
        o = _timed(_vector, "Rogue-v0", a.num_envs, 1, a.seconds, copy=False)
        print(_line(f"Rogue-v0 vector env, {a.num_envs} envs, threads=1 (copy=False)", o))
        many.append(m[0])
        one.append(o[0])
        ratios.append(m[0] / o[0])
        if threads > 1 and not a.no_ceiling:
            p = _processes("Rogue-v0", a.num_envs, threads, a.seconds)
            print(f"{threads} processes of one thread, {a.num_envs // threads} envs each, together: "
                  f"{p:,.0f} steps/s ({p / o[0]:.2f}x threads=1: the machine's own scaling)")
            ceilings.append(p / o[0])
    vec_nc = statistics.median(many)
    print(f"medians over {len(many)} runs: default threads {vec_nc:,.0f}, threads=1 {statistics.median(one):,.0f} steps/s; "
          f"default threads / threads=1: {statistics.median(ratios):.2f}x "
          f"(runs {min(ratios):.2f}-{max(ratios):.2f}x; goal 1.7x on 2 cores)")
    if ceilings:
        print(f"the machine's own scaling ({threads} processes / threads=1): median {statistics.median(ceilings):.2f}x "
              f"(runs {min(ceilings):.2f}-{max(ceilings):.2f}x)")
    nle = None
    if not a.no_nle:
        try:
            import nle  # noqa: F401
        except ImportError:
            print("NLE: not installed (pip install nle) - not measured")
        else:
            nle_t = _timed(_single, "NetHackScore-v0", a.seconds)
            nle = nle_t[0]
            print(_line("NLE NetHackScore-v0 single env step", nle_t))
    if nle:
        print(f"single / NLE: {single[0] / nle:.1f}x; vector / NLE: {max(vec[0], vec_nc) / nle:.1f}x (goal 40x)")
    if not a.no_trainer:
        from .bench_train import report
        report(a.seconds * 4)
    print(f"CPU time of this process: {time.process_time() - cpu0:.1f} s; load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
