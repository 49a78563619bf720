"""One evaluation for every agent: ``python -m rogue544.evaluate AGENT``.

AGENT is a checkpoint of ``rogue544.train`` (a ``.pt`` file; needs torch),
``random`` (uniform over every action), ``masked`` (uniform over what the
game's ``allowed="play"`` mask allows: no quitting, nothing that only
shows things again), ``explorer`` (the crate's screen-reading
bot, ``rogue::session::bot::Explorer``, natively) or ``rogomatic`` (the
Rog-O-Matic dataset's own games on those dungeons, read from its index).

By default it plays dungeons 1541-1600: the last 60 games of the
Rog-O-Matic dataset, each started as that game was (its seed, user,
ROGUEOPTS and clock); no trainer may learn from them. ``--dungeons A-B``
plays others (started with the dataset's options where it has that seed,
else its ROGUEOPTS with the default user and clock). Each game is played
once, to its end or ``--max-steps`` steps (20,000), and one table is
printed: mean deepest level with its standard error, gold, score
(``Rogue-v0``'s return: gold + 50 per level below the first), endings and
steps per second. ``--json`` prints the same figures as JSON. Never any
reward shaping.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time

import numpy as np

from . import _native
from .dataset import load_records
from .envs import BL_GOLD, BL_MAX_DEPTH
from .vector import RogueVectorEnv

DEFAULT_DUNGEONS = (1541, 1600)


def dungeons(spec: str | None) -> list[dict]:
    """The games to play: ``{"seed", "user", "rogueopts", "time", "record"}``
    each, for ``A-B`` (or one number; default 1541-1600)."""
    a, b = DEFAULT_DUNGEONS
    if spec:
        lo, _, hi = spec.partition("-")
        a, b = int(lo), int(hi or lo)
    records = {r.seed: r for r in load_records("rogomatic")}
    first = next(iter(records.values()))
    out = []
    for seed in range(a, b + 1):
        r = records.get(seed)
        src = r or first
        out.append({"seed": seed, "user": src.user if r else None, "rogueopts": src.rogueopts,
                    "time": src.time if r else None, "record": r})
    return out


class Result(collections.namedtuple("Result", "seed deepest gold ending steps")):
    @property
    def score(self) -> int:
        return int(self.gold) + 50 * (int(self.deepest) - 1)


def play_vector(games: list[dict], act, max_steps: int, new_games=None, allowed: str = "play") -> list[Result]:
    """Play each game once in a vector env; ``act(obs, mask)`` gives the
    actions. ``new_games(which)`` is told of games that start anew."""
    results: dict[int, Result] = {}
    groups = collections.defaultdict(list)
    for i, g in enumerate(games):
        groups[(g["user"], g["rogueopts"], g["time"])].append(i)
    for (user, rogueopts, clock), idx in groups.items():
        env = RogueVectorEnv(len(idx), task="score", max_episode_steps=max_steps, copy=False, threads=1,
                             user=user, rogueopts=rogueopts, time=clock, allowed=allowed)
        obs, info = env.reset(seed=[games[i]["seed"] for i in idx])
        if new_games is not None:
            new_games(np.ones(len(idx), np.bool_), len(idx))
        steps = np.zeros(len(idx), np.int64)
        done = np.zeros(len(idx), np.bool_)
        while not done.all():
            a = act(obs, info["action_mask"])
            obs, _, term, trunc, info = env.step(a)
            steps += ~done
            for j in np.flatnonzero((term | trunc) & ~done):
                ending = info["ending"][j] if "ending" in info and info["_ending"][j] else "time limit"
                results[idx[j]] = Result(games[idx[j]]["seed"], int(obs["blstats"][j, BL_MAX_DEPTH]),
                                         int(obs["blstats"][j, BL_GOLD]) if ending == "time limit"
                                         else int(info["gold"][j]), ending, int(steps[j]))
                done[j] = True
        env.close()
    return [results[i] for i in range(len(games))]


def random_agent(seed: int, masked: bool):
    rng = np.random.default_rng(seed)

    def act(obs, mask):
        if not masked:
            return rng.integers(0, mask.shape[1], size=mask.shape[0])
        # Uniform over each row's allowed actions.
        u = rng.random(mask.shape) * mask
        return u.argmax(axis=1)
    return act


def checkpoint_agent(path: str, seed: int, greedy: bool):
    import torch
    from .features import Observer, play_mask
    from .train import load_agent
    torch.manual_seed(seed)
    # Small batches: one thread is faster than two fighting over shared cores.
    torch.set_num_threads(1)
    agent, _ = load_agent(path)
    state = {}

    def new_games(which, n):
        if "obs" not in state or state["obs"].n != n or which.all():
            state["obs"] = Observer(n)
            state["h"] = agent.initial(n) if getattr(agent, "recurrent", False) else None
        state["obs"].new_games(which)
        if state["h"] is not None:
            state["h"][torch.from_numpy(np.asarray(which, np.bool_))] = 0.0

    def act(obs, mask):
        x = state["obs"](obs, mask)
        m = play_mask(mask, obs["wait"])
        with torch.no_grad():
            if getattr(agent, "recurrent", False):
                logits, state["h"] = agent.step(torch.from_numpy(x), torch.from_numpy(m), state["h"])
            else:
                logits, _ = agent(torch.from_numpy(x), torch.from_numpy(m))
            if greedy:
                return logits.argmax(1).numpy()
            return torch.multinomial(torch.softmax(logits, -1), 1).squeeze(1).numpy()
    return act, new_games


def evaluate(agent: str, dungeon_spec: str | None = None, max_steps: int = 20_000, seed: int = 0,
             greedy: bool = False) -> dict:
    """Play ``agent`` on the dungeons; the figures as a dict."""
    games = dungeons(dungeon_spec)
    t0 = time.time()
    if agent == "rogomatic":
        missing = [g["seed"] for g in games if g["record"] is None]
        if missing:
            raise SystemExit(f"the dataset has no game on dungeons {missing[:5]}...")
        results = []
        for g in games:
            m = g["record"].meta
            results.append(Result(g["seed"], int(m["deepest"]), int(m["gold"]), m["ending"], int(m["keys"])))
    elif agent == "explorer":
        results = []
        for g in games:
            word, _, gold, deepest, steps = _native.explorer_game(g["seed"], g["user"], g["rogueopts"], g["time"],
                                                                   max_steps=max_steps, bot_seed=seed)
            results.append(Result(g["seed"], deepest, gold, word or "time limit", steps))
    elif agent in ("random", "masked"):
        results = play_vector(games, random_agent(seed, agent == "masked"), max_steps)
    else:
        act, new_games = checkpoint_agent(agent, seed, greedy)
        results = play_vector(games, act, max_steps, new_games)
    wall = time.time() - t0
    deep = np.array([r.deepest for r in results], float)
    steps = sum(r.steps for r in results)
    return {
        "agent": agent,
        "dungeons": f"{games[0]['seed']}-{games[-1]['seed']}",
        "games": len(results),
        "deepest_mean": float(deep.mean()),
        "deepest_se": float(deep.std(ddof=1) / np.sqrt(len(deep))) if len(deep) > 1 else 0.0,
        "deepest_most": int(deep.max()),
        "reached_3": int((deep >= 3).sum()),
        "gold_mean": float(np.mean([r.gold for r in results])),
        "score_mean": float(np.mean([r.score for r in results])),
        "endings": dict(collections.Counter(r.ending for r in results).most_common()),
        "steps": int(steps),
        "steps_per_s": None if agent == "rogomatic" else round(steps / max(wall, 1e-9)),
        "per_game": [r._asdict() for r in results],
    }


def table(rows: list[dict]) -> str:
    head = ("| agent | dungeons | mean deepest level (± s.e.) | most | reached 3+ | gold | score | endings "
            "| steps/s |\n|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for r in rows:
        endings = ", ".join(f"{k} {v}" for k, v in r["endings"].items())
        sps = "" if r["steps_per_s"] is None else f"{r['steps_per_s']:,}"
        lines.append(f"| {r['agent']} | {r['dungeons']} | {r['deepest_mean']:.2f} (± {r['deepest_se']:.2f}) | "
                     f"{r['deepest_most']} | {r['reached_3']} | {r['gold_mean']:.0f} | {r['score_mean']:.0f} | "
                     f"{endings} | {sps} |")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m rogue544.evaluate", description=__doc__.split("\n\n")[0])
    p.add_argument("agent", nargs="+", help="a checkpoint (.pt), random, masked, explorer or rogomatic")
    p.add_argument("--dungeons", help="A-B (default 1541-1600)")
    p.add_argument("--max-steps", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=0, help="the agents' own randomness")
    p.add_argument("--greedy", action="store_true", help="a checkpoint's most likely action, not a sample")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [evaluate(a, args.dungeons, args.max_steps, args.seed, args.greedy) for a in args.agent]
    if args.json:
        json.dump(rows if len(rows) > 1 else rows[0], sys.stdout, indent=1)
        print()
    else:
        print(table(rows))


if __name__ == "__main__":
    main()
