"""Behaviour cloning of Rog-O-Matic into the trainer's policy:
``python -m rogue544.imitate``.

    python -m rogue544.imitate --run-dir runs/clone --epochs 3
    python -m rogue544.evaluate runs/clone/clone.pt                  # the clone alone
    python -m rogue544.train --run-dir runs/ppo-clone --resume-from runs/clone/clone.pt

The clone is :class:`rogue544.train.Agent` (the same network, the same
features, the same masks), so its checkpoint is one the evaluation plays
and the trainer starts PPO from. It learns Rog-O-Matic's key at each frame
of the dataset's games (``RogueDataset("rogomatic", masks=True)``), read as
sequences: each minibatch row plays its games frame after frame, and the
:class:`rogue544.features.Observer` of that row carries the map memory
(the squares stood on this level, the time on it) along the row, exactly as
it does along an episode in training. So the clone sees what the PPO policy
sees at the same moment of a game.

Which frames teach: Rog-O-Matic's keys are mapped to the trainer's actions
(a run, ``H J K L Y U B N``, is a step that way; a count's digits are left
out: the command that ends the count is the frame that teaches); a frame
whose key is no action of the trainer's at that wait (``;`` sync marks, the
inventory, throwing, zapping, ``/``) teaches nothing. The loss is the cross
entropy of the masked logits (the trainer's mask of that frame).

The 60 evaluation dungeons (``rogue544.evaluate.DEFAULT_DUNGEONS``) are
never read; the 30 games before them are held out (``--held-out``) for the accuracy printed
after each epoch. The value head is left to PPO (the clone has no rewards
to learn it from).
"""

from __future__ import annotations

import dataclasses
import os
import time
from dataclasses import dataclass

import numpy as np

from .actions import ACTIONS, action_named
from .dataset import RogueDataset
from .evaluate import DEFAULT_DUNGEONS
from .features import N_ACTIONS, Observer, play_mask
from .envs import WAIT_COMMAND

try:
    import torch
    import torch.nn.functional as F
except ImportError as e:  # pragma: no cover
    raise SystemExit("rogue544.imitate needs torch: pip install 'rogue544[train]'") from e

from .train import Agent, Args, _save, options_parser

def _target_table() -> np.ndarray:
    """Dataset action -> the trainer's action at a command wait (-1: none):
    a run is a step that way, a count digit teaches nothing."""
    t = np.arange(N_ACTIONS, dtype=np.int64)
    for a in ACTIONS:
        if a.name.startswith("rush_"):
            t[action_named(a.name)] = action_named("move_" + a.name[len("rush_"):])
        elif a.name.startswith("count_"):
            t[action_named(a.name)] = -1
    return t


_AT_COMMAND = _target_table()


@dataclass
class CloneArgs:
    run_dir: str = "runs/clone"
    seed: int = 1
    epochs: int = 3
    minutes: float = 0.0
    """stop after this many minutes (0: no limit)"""
    batch_size: int = 64
    """minibatch rows (games side by side)"""
    seq_length: int = 64
    learning_rate: float = 1e-3
    hidden: int = 128
    prior: bool = True
    """the network starts with the trainer's explorer prior, as a fresh PPO run does"""
    max_games: int = 0
    """use only this many training games (0: all)"""
    held_out: int = 30
    """games held out for the accuracy: this many just before the evaluation dungeons"""
    quiet: bool = False


def split(ds: RogueDataset, held_out: int = 30) -> tuple[list[int], list[int]]:
    """(training, held-out) game ids: never the evaluation dungeons; the
    ``held_out`` games just before them held out."""
    lo, hi = DEFAULT_DUNGEONS
    ids = sorted((g for g in ds.gameids if not lo <= ds.get_record(g).seed <= hi),
                 key=lambda g: ds.get_record(g).seed)
    return ids[:len(ids) - held_out], ids[len(ids) - held_out:]


def frames(ds: RogueDataset, gameids: list[int], batch: int, seq: int, shuffle: bool):
    """The dataset's frames as the trainer's samples, minibatch by
    minibatch: ``(features, mask, target)`` of the frames that teach."""
    obs_fn = Observer(batch)
    mbs = ds._minibatches(batch, seq, gameids, shuffle, False)
    for mb in mbs:
        # Time first, each frame's rows side by side as the features want them.
        by_t = {k: np.ascontiguousarray(mb[k].swapaxes(0, 1)) for k in ("tty_chars", "tty_cursor", "blstats", "wait")}
        xs, ms, ys = [], [], []
        for t in range(seq):
            obs = {k: v[t] for k, v in by_t.items()}
            game_mask = mb["action_mask"][:, t]
            # A row's next game (or padding) starts with a fresh memory.
            obs_fn.new_games((mb["done"][:, t] == 1) | (mb["gameids"][:, t] == 0))
            x = obs_fn(obs, game_mask)
            m = play_mask(game_mask, obs["wait"])
            a = mb["actions"][:, t].astype(np.int64)
            at_command = obs["wait"] == WAIT_COMMAND
            y = np.where(at_command & (a >= 0), _AT_COMMAND[np.maximum(a, 0)], a)
            ok = (y >= 0) & (mb["gameids"][:, t] != 0)
            ok[ok] = m[ok, y[ok]]
            if ok.any():
                xs.append(x[ok])
                ms.append(m[ok])
                ys.append(y[ok])
        if xs:
            yield np.concatenate(xs), np.concatenate(ms), np.concatenate(ys)


def accuracy(agent, ds, gameids, batch: int, seq: int) -> float:
    right = total = 0
    with torch.no_grad():
        for x, m, y in frames(ds, gameids, batch, seq, False):
            logits, _ = agent(torch.from_numpy(x), torch.from_numpy(m))
            right += int((logits.argmax(1).numpy() == y).sum())
            total += len(y)
    return right / max(total, 1)


def clone(args: CloneArgs) -> dict:
    """Train the clone; writes ``clone.pt`` (a trainer checkpoint) in
    ``args.run_dir`` and returns the last epoch's figures."""
    os.makedirs(args.run_dir, exist_ok=True)
    torch.manual_seed(args.seed)
    ds = RogueDataset("rogomatic", masks=True, seed=args.seed)
    train_ids, held_ids = split(ds, args.held_out)
    if args.max_games:
        train_ids = train_ids[:args.max_games]
    agent = Agent(Observer.size, args.hidden, prior=args.prior)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate)
    start = time.time()
    out: dict = {}
    samples = 0
    for epoch in range(1, args.epochs + 1):
        losses = []
        for x, m, y in frames(ds, train_ids, args.batch_size, args.seq_length, True):
            logits, _ = agent(torch.from_numpy(x), torch.from_numpy(m))
            loss = F.cross_entropy(logits, torch.from_numpy(y))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            samples += len(y)
            if args.minutes and time.time() - start > args.minutes * 60:
                break
        acc = accuracy(agent, ds, held_ids, args.batch_size, args.seq_length)
        out = {"epoch": epoch, "samples": samples, "loss": float(np.mean(losses)) if losses else 0.0,
               "held_out_accuracy": acc, "minutes": (time.time() - start) / 60}
        if not args.quiet:
            print(f"epoch {epoch}: {samples:,} samples, loss {out['loss']:.3f}, "
                  f"held-out accuracy {acc:.1%} ({out['minutes']:.1f} min)", flush=True)
        if args.minutes and time.time() - start > args.minutes * 60:
            break
    # The trainer's checkpoint form, with the trainer's arguments for this
    # network (PPO started from it uses its own).
    targs = Args(run_dir=args.run_dir, seed=args.seed, hidden=args.hidden, prior=args.prior)
    _save(os.path.join(args.run_dir, "clone.pt"), agent, None, targs,
          {"global_step": 0, "iteration": 0, "elapsed": 0.0, "best": 0.0, "episodes": 0,
           "clone": dataclasses.asdict(args) | out})
    return out


def main(argv=None):
    p = options_parser(CloneArgs, "python -m rogue544.imitate", __doc__.split("\n\n")[0])
    out = clone(CloneArgs(**vars(p.parse_args(argv))))
    print(f"done: {out.get('samples', 0):,} samples, held-out accuracy {out.get('held_out_accuracy', 0):.1%}")


if __name__ == "__main__":
    main()
