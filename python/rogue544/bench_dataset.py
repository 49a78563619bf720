"""``python -m rogue544.bench_dataset``: frames per second of the dataset
loader, CPU time beside wall time.

Measures, on this machine, in one run:

* ``RogueDataset("rogomatic")`` minibatches (default 32 x 32, shuffled,
  looping forever), frames per second of wall time and of the process's
  CPU time (all its threads: the native workers' too);
* the same with the inventory arrays (``--inventory``);
* the replay alone (``RogueDataset.endings``: every key typed, no frame
  filled), keys per second, for what the frames cost beside it.

NLE's ``TtyrecDataset`` cannot be run here (its data sets must be
downloaded); its published figure is quoted in the README beside these.

Options: ``--seconds S`` per measurement (default 10), ``--batch-size B``,
``--seq-length T``, ``--threads N`` (default: one per core).
"""

from __future__ import annotations

import argparse
import os
import time

from .dataset import RogueDataset


def _minibatches(batch: int, seq: int, seconds: float, threads, inventory: bool) -> tuple[float, float, int]:
    ds = RogueDataset("rogomatic", batch_size=batch, seq_length=seq, seed=0, loop_forever=True,
                      threads=threads, inventory=inventory)
    it = iter(ds)
    next(it)  # the workers started, the games begun
    frames = 0
    w0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - w0 < seconds:
        mb = next(it)
        frames += int((mb["gameids"] != 0).sum())
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return frames / wall, frames / cpu, frames


def _replay(threads) -> tuple[float, float, int]:
    ds = RogueDataset("rogomatic", threads=threads)
    keys = sum(len(r.keys) for r in ds.records)
    w0, c0 = time.perf_counter(), time.process_time()
    ds.endings()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return keys / wall, keys / cpu, keys


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m rogue544.bench_dataset", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--seq-length", type=int, default=32)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--inventory", action="store_true", help="also measure with the inventory arrays")
    a = p.parse_args(argv)
    cores = os.cpu_count()
    print(f"rogue544 dataset loader, rogomatic, batch {a.batch_size} x seq {a.seq_length}, "
          f"threads {a.threads or cores} ({cores} cores)")
    print(f"{'what':42} {'per s (wall)':>14} {'per CPU s':>12} {'count':>10}")
    rows = [("minibatch frames", _minibatches(a.batch_size, a.seq_length, a.seconds, a.threads, False))]
    if a.inventory:
        rows.append(("minibatch frames, with inventory",
                     _minibatches(a.batch_size, a.seq_length, a.seconds, a.threads, True)))
    rows.append(("replay alone, keys (all 596 games, no frames)", _replay(a.threads)))
    for what, (wall, cpu, n) in rows:
        print(f"{what:42} {wall:14,.0f} {cpu:12,.0f} {n:10,}")


if __name__ == "__main__":
    main()
