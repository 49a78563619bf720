"""Behaviour cloning of Rog-O-Matic from ``RogueDataset("rogomatic")``.

A small torch network learns Rog-O-Matic's next key from what the screen
shows around the cursor (11 x 11 cells: the hero at a command, the prompt
at a ``--More--``), a coarse view of the whole level (which kinds of cell
are in each 2 x 4 block) and where the stairs are seen from the cursor,
the status numbers, what the game waits for and the last two actions it
typed. It trains on 90% of the games (the rest give a
held-out accuracy), then plays ``Rogue-v0`` (with Rog-O-Matic's ROGUEOPTS,
so the screens look like its games') for 100 episodes, beside the random
and masked random baselines on the same 100 dungeons. It prints the table
and writes the training loss plot (``--plot``, default
``bc_rogomatic_loss.png`` beside this file).

Not part of CI (it needs torch and matplotlib, and minutes of CPU)::

    python python/examples/bc_rogomatic.py --steps 1500

Frames whose key is no action (Rog-O-Matic's ``;`` sync marks and the
like: ``actions == -1``) are not trained on, and do not count as "last
actions", so the policy never sees keys it cannot type itself.
"""

from __future__ import annotations

import argparse
import pathlib
import time

import numpy as np
import torch
from torch import nn

import rogue544
from rogue544.dataset import RogueDataset

CROP = 11
HALF = CROP // 2
NONE = 256  # "no action yet" in the last-actions input
N_ACTIONS = len(rogue544.ACTIONS)
N_WAITS = len(rogue544.WAITS)
ROGOMATIC_OPTS = "terse,noflush,jump,seefloor,nopassgo,tombstone,inven=slow,name=rogo-root,fruit=apricot"
HERE = pathlib.Path(__file__).resolve().parent


def crops(chars: np.ndarray, cursor: np.ndarray) -> np.ndarray:
    """The CROP x CROP cells around each cursor (blanks past the screen):
    chars (N, 24, 80), cursor (N, 2) -> (N, CROP, CROP)."""
    n = len(chars)
    padded = np.pad(chars, ((0, 0), (HALF, HALF), (HALF, HALF)), constant_values=ord(" "))
    ys = cursor[:, 0].astype(np.int64)[:, None] + np.arange(CROP)
    xs = cursor[:, 1].astype(np.int64)[:, None] + np.arange(CROP)
    return padded[np.arange(n)[:, None, None], ys[:, :, None], xs[:, None, :]]


# The map's cells in a few classes, for the coarse view of the whole level.
_CLASS = np.zeros(256, np.int64)
for _chars, _c in (("|-", 1), (".", 2), ("#", 3), ("+", 4), ("%", 5), ("@", 6),
                   ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 7), ("!?/=:*)],^$", 8)):
    for _ch in _chars:
        _CLASS[ord(_ch)] = _c
N_CLASSES = 9


def level(chars: np.ndarray, cursor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The map rows as cell classes (N, 22, 80), and where the stairs are
    seen from the cursor: (dy / 22, dx / 80, seen) (N, 3)."""
    m = chars[:, 1:23, :]
    n = len(chars)
    stairs = np.zeros((n, 3), np.float32)
    for i in np.flatnonzero((m == ord("%")).any((1, 2))):
        y, x = np.argwhere(m[i] == ord("%"))[0]
        stairs[i] = ((y + 1 - cursor[i, 0]) / 22, (x - cursor[i, 1]) / 80, 1)
    return _CLASS[m], stairs


def squash(blstats: np.ndarray) -> np.ndarray:
    b = blstats.astype(np.float32)
    return np.sign(b) * np.log1p(np.abs(b))


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Embedding(256, 16)
        self.key = nn.Embedding(NONE + 1, 16)
        self.wait = nn.Embedding(N_WAITS, 8)
        self.view = nn.Sequential(nn.Linear(CROP * CROP * 16, 256), nn.ReLU())
        self.stats = nn.Sequential(nn.Linear(len(rogue544.BLSTATS_INDICES) + 3, 32), nn.ReLU())
        # The whole level, coarse: each class's presence in 2 x 4 blocks.
        self.pool = nn.AdaptiveMaxPool2d((11, 20))
        self.level = nn.Sequential(nn.Linear(N_CLASSES * 11 * 20, 128), nn.ReLU())
        self.head = nn.Sequential(nn.Linear(256 + 128 + 32 + 32 + 8, 256), nn.ReLU(), nn.Linear(256, N_ACTIONS))

    def forward(self, crop, cells, stats, wait, last):
        v = self.view(self.cell(crop).flatten(1))
        onehot = nn.functional.one_hot(cells, N_CLASSES).permute(0, 3, 1, 2).float()
        g = self.level(self.pool(onehot).flatten(1))
        k = self.key(last).flatten(1)
        return self.head(torch.cat([v, g, self.stats(stats), k, self.wait(wait)], 1))


def inputs(chars, cursor, blstats, wait, last):
    cells, stairs = level(chars, cursor)
    stats = np.concatenate([squash(blstats), stairs], 1)
    return (torch.from_numpy(crops(chars, cursor)).long(), torch.from_numpy(cells),
            torch.from_numpy(stats), torch.from_numpy(np.asarray(wait, np.int64)),
            torch.from_numpy(np.asarray(last, np.int64)))


class LastActions:
    """Each row's last two action keys, carried across minibatches."""

    def __init__(self, rows: int):
        self.state = np.full((rows, 2), NONE, np.int64)
        self.game = np.zeros(rows, np.int64)

    def minibatch(self, mb) -> np.ndarray:
        b, s = mb["keys"].shape
        out = np.empty((b, s, 2), np.int64)
        for t in range(s):
            g = mb["gameids"][:, t]
            new = (g != self.game) | (mb["done"][:, t] == 1)
            self.state[new] = NONE
            self.game = g.astype(np.int64)
            out[:, t] = self.state
            acted = mb["actions"][:, t] >= 0
            self.state[acted, 0] = self.state[acted, 1]
            self.state[acted, 1] = mb["keys"][acted, t]
        return out


def flat_frames(mb, last):
    keep = (mb["actions"] >= 0).ravel()
    f = lambda k: mb[k].reshape((-1,) + mb[k].shape[2:])[keep]  # noqa: E731
    return (f("tty_chars"), f("tty_cursor"), f("blstats"), f("wait"), last.reshape(-1, 2)[keep],
            mb["actions"].ravel()[keep].astype(np.int64))


def train(args, train_ids, held_ids):
    torch.manual_seed(args.seed)
    net = Policy()
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    ds = RogueDataset("rogomatic", batch_size=32, seq_length=32, gameids=train_ids, shuffle=True,
                      seed=args.seed, loop_forever=True)
    last = LastActions(32)
    losses = []
    t0 = time.perf_counter()
    for step, mb in zip(range(args.steps), ds):
        chars, cursor, bl, wait, prev, y = flat_frames(mb, last.minibatch(mb))
        logits = net(*inputs(chars, cursor, bl, wait, prev))
        loss = nn.functional.cross_entropy(logits, torch.from_numpy(y))
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
        if step % 100 == 0:
            print(f"step {step:5d}  loss {np.mean(losses[-100:]):.3f}  {time.perf_counter() - t0:6.0f} s", flush=True)
    # Held-out games: how often the clone's likeliest key is Rog-O-Matic's.
    net.eval()
    right = total = 0
    held = RogueDataset("rogomatic", batch_size=32, seq_length=32, gameids=held_ids, shuffle=False)
    last = LastActions(32)
    with torch.no_grad():
        for _, mb in zip(range(args.held_minibatches), held):
            chars, cursor, bl, wait, prev, y = flat_frames(mb, last.minibatch(mb))
            if len(y):
                pred = net(*inputs(chars, cursor, bl, wait, prev)).argmax(1).numpy()
                right += int((pred == y).sum())
                total += len(y)
    return net, losses, right / max(total, 1), total


def evaluate(policy: str, net, episodes: int, seed: int, max_steps: int):
    """``episodes`` games of Rogue-v0 (one per env of a vector env, each
    played to its end or to max_steps): their returns, deepest levels and
    golds."""
    env = rogue544.RogueVectorEnv(num_envs=episodes, max_episode_steps=max_steps, rogueopts=ROGOMATIC_OPTS)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ret = np.zeros(episodes)
    deepest = np.zeros(episodes, np.int64)
    gold = np.zeros(episodes, np.int64)
    live = np.ones(episodes, bool)
    last = np.full((episodes, 2), NONE, np.int64)
    while live.any():
        mask = info["action_mask"].astype(bool)
        if policy == "random":
            a = rng.integers(0, N_ACTIONS, size=episodes)
        elif policy == "masked random":
            a = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        else:
            with torch.no_grad():
                logits = net(*inputs(obs["tty_chars"], obs["tty_cursor"], obs["blstats"], obs["wait"], last))
                if policy == "BC + mask":
                    logits = logits.masked_fill(~torch.from_numpy(mask), -1e9)
                a = torch.distributions.Categorical(logits=logits).sample().numpy()
        last[:, 0] = last[:, 1]
        last[:, 1] = rogue544.KEYS[a]
        obs, r, term, trunc, info = env.step(a)
        ret += np.where(live, r, 0)
        deepest = np.where(live, np.maximum(deepest, obs["blstats"][:, rogue544.BLSTATS_INDICES["max_depth"]]), deepest)
        gold = np.where(live, obs["blstats"][:, rogue544.BLSTATS_INDICES["gold"]], gold)
        live &= ~(term | trunc)
    env.close()
    return ret, deepest, gold


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=1500, help="minibatches of 32 x 32 frames")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--episodes", type=int, default=100)
    p.add_argument("--max-steps", type=int, default=10_000, help="Rogue-v0's episode limit")
    p.add_argument("--held-minibatches", type=int, default=100, help="held-out minibatches to score")
    p.add_argument("--threads", type=int, default=2, help="torch threads")
    p.add_argument("--plot", default=str(HERE / "bc_rogomatic_loss.png"))
    p.add_argument("--save", default=None, help="save the trained policy's weights here")
    args = p.parse_args()
    torch.set_num_threads(args.threads)

    ids = RogueDataset("rogomatic").gameids
    rng = np.random.default_rng(args.seed)
    rng.shuffle(ids)
    cut = len(ids) * 9 // 10
    train_ids, held_ids = sorted(ids[:cut]), sorted(ids[cut:])
    print(f"training on {len(train_ids)} games, {len(held_ids)} held out")
    t0 = time.perf_counter()
    net, losses, acc, n_held = train(args, train_ids, held_ids)
    print(f"trained {args.steps} minibatches in {time.perf_counter() - t0:.0f} s; "
          f"held-out accuracy {acc:.3f} over {n_held} frames")

    if args.save:
        torch.save(net.state_dict(), args.save)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 3.5))
    k = max(1, min(25, len(losses)))
    smooth = np.convolve(losses, np.ones(k) / k, mode="valid")
    ax.plot(losses, alpha=0.3, label="minibatch")
    ax.plot(np.arange(k - 1, len(losses)), smooth, label=f"mean of {k}")
    ax.set_xlabel("minibatch (32 x 32 frames)")
    ax.set_ylabel("cross-entropy")
    ax.set_title("Behaviour cloning of Rog-O-Matic: training loss")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"wrote {args.plot}")

    net.eval()
    rows = []
    for policy in ("random", "masked random", "BC", "BC + mask"):
        t0 = time.perf_counter()
        ret, deepest, gold = evaluate(policy, net, args.episodes, 1_000_000 + args.seed, args.max_steps)
        rows.append((policy, ret.mean(), ret.std() / np.sqrt(len(ret)), deepest.mean(), deepest.max(), gold.mean()))
        print(f"evaluated {policy} in {time.perf_counter() - t0:.0f} s", flush=True)
    print(f"\nRogue-v0, {args.episodes} episodes (dungeons {1_000_000 + args.seed}.., at most "
          f"{args.max_steps} steps), ROGUEOPTS as Rog-O-Matic's:\n")
    print("| policy | return (mean ± s.e.) | deepest level (mean, max) | gold (mean) |")
    print("| --- | --- | --- | --- |")
    for policy, m, se, dm, dx, g in rows:
        print(f"| {policy} | {m:.1f} ± {se:.1f} | {dm:.2f}, {dx} | {g:.1f} |")


if __name__ == "__main__":
    main()
