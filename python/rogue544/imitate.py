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
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError as e:  # pragma: no cover
    raise SystemExit("rogue544.imitate needs torch: pip install 'rogue544[train]'") from e

from .train import Agent, Args, _save, options_parser


def _target_table() -> np.ndarray:
    """Dataset action -> the trainer's action at a command wait (-1: none):
    a run is a step that way, a count digit teaches nothing."""
    t = np.arange(N_ACTIONS, dtype=np.int64)
    for i, a in enumerate(ACTIONS):
        if a.name.startswith("rush_"):
            t[i] = action_named("move_" + a.name[len("rush_"):])
        elif a.name.startswith("count_"):
            t[i] = -1
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
    memory: str = "map"
    """map: the trainer's network (its memory is the features' map; PPO starts from it);
    gru: a GRU cell learns a memory along the sequences (for the evaluation)"""
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


def sequences(ds: RogueDataset, gameids: list[int], batch: int, seq: int, shuffle: bool):
    """The dataset's minibatches as the trainer sees them, time first:
    ``(features (S,B,F), mask (S,B,A) bool, target (S,B), start (S,B))``;
    the target is -1 where the frame teaches nothing, ``start`` marks a
    row's new game (or padding), where memory starts afresh."""
    obs_fn = Observer(batch)
    for mb in ds._minibatches(batch, seq, gameids, shuffle, False):
        # Each frame's rows side by side, as the features want them.
        by_t = {k: np.ascontiguousarray(mb[k].swapaxes(0, 1)) for k in ("tty_chars", "tty_cursor", "blstats", "wait")}
        masks = np.ascontiguousarray(mb["action_mask"].swapaxes(0, 1))
        starts = ((mb["done"] == 1) | (mb["gameids"] == 0)).T
        xs = np.empty((seq, batch, Observer.size), np.float32)
        ms = np.empty((seq, batch, N_ACTIONS), np.bool_)
        ys = np.full((seq, batch), -1, np.int64)
        for t in range(seq):
            obs = {k: v[t] for k, v in by_t.items()}
            obs_fn.new_games(starts[t])
            xs[t] = obs_fn(obs, masks[t])
            ms[t] = play_mask(masks[t], obs["wait"])
            a = mb["actions"][:, t].astype(np.int64)
            y = np.where((obs["wait"] == WAIT_COMMAND) & (a >= 0), _AT_COMMAND[np.maximum(a, 0)], a)
            ok = (y >= 0) & (mb["gameids"][:, t] != 0)
            ok[ok] = ms[t][ok, y[ok]]
            ys[t][ok] = y[ok]
        yield xs, ms, ys, starts


class RecurrentClone(nn.Module):
    """The clone with a learned memory: the trainer's features, a layer,
    a GRU cell, a policy head (``--memory gru``). The evaluation plays it
    (its checkpoint says ``"memory": "gru"``); PPO here trains only
    :class:`rogue544.train.Agent`."""

    recurrent = True

    def __init__(self, n_in: int, hidden: int = 128, n_actions: int = N_ACTIONS):
        super().__init__()
        self.hidden = hidden
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU())
        self.gru = nn.GRUCell(hidden, hidden)
        self.actor = nn.Linear(hidden, n_actions)

    def initial(self, n: int):
        return torch.zeros(n, self.hidden)

    def step(self, x, mask, h):
        """One frame of ``n`` games: (masked logits, the next memory)."""
        h = self.gru(self.body(x), h)
        return self.actor(h).masked_fill(~mask, -1e9), h

    def forward(self, xs, ms, h, starts):
        """A sequence, time first: the logits (S,B,A) and the last memory;
        a start zeroes a row's memory before its frame."""
        out = []
        for t in range(xs.shape[0]):
            h = h * (~starts[t]).unsqueeze(1)
            logits, h = self.step(xs[t], ms[t], h)
            out.append(logits)
        return torch.stack(out), h


def _teaching(agent, batches, h):
    """Each minibatch's (logits, targets) of the frames that teach, the
    memory carried from one to the next (a recurrent clone's, cut off from
    the last minibatch's gradient)."""
    for xs, ms, ys, starts in batches:
        ok = torch.from_numpy(ys >= 0)
        x, m, y = torch.from_numpy(xs), torch.from_numpy(ms), torch.from_numpy(ys)
        if h is not None:
            logits, h = agent(x, m, h, torch.from_numpy(starts))
            h = h.detach()
            yield logits[ok], y[ok]
        else:
            # The map's memory is in the features: only the frames that teach.
            logits, _ = agent(x[ok], m[ok])
            yield logits, y[ok]


def _memory(agent, batch: int):
    return agent.initial(batch) if getattr(agent, "recurrent", False) else None


def accuracy(agent, ds, gameids, batch: int, seq: int) -> float:
    right = total = 0
    with torch.no_grad():
        for logits, y in _teaching(agent, sequences(ds, gameids, batch, seq, False), _memory(agent, batch)):
            right += int((logits.argmax(-1) == y).sum())
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
    if args.memory == "gru":
        agent = RecurrentClone(Observer.size, args.hidden)
    elif args.memory == "map":
        agent = Agent(Observer.size, args.hidden, prior=args.prior)
    else:
        raise SystemExit(f"--memory {args.memory}: map or gru")
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate)
    start = time.time()
    out: dict = {}
    samples = 0
    for epoch in range(1, args.epochs + 1):
        losses = []
        batches = sequences(ds, train_ids, args.batch_size, args.seq_length, True)
        for logits, y in _teaching(agent, batches, _memory(agent, args.batch_size)):
            loss = F.cross_entropy(logits, y)
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
           "memory": args.memory, "clone": {"args": dataclasses.asdict(args), **out}})
    return out


def main(argv=None):
    p = options_parser(CloneArgs, "python -m rogue544.imitate", __doc__.split("\n\n")[0])
    out = clone(CloneArgs(**vars(p.parse_args(argv))))
    print(f"done: {out.get('samples', 0):,} samples, held-out accuracy {out.get('held_out_accuracy', 0):.1%}")


if __name__ == "__main__":
    main()
