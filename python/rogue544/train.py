"""PPO for Rogue, in one file (CleanRL's style): ``python -m rogue544.train``.

    python -m rogue544.train --run-dir runs/ppo --minutes 20
    python -m rogue544.train --run-dir runs/ppo --resume        # go on
    python -m rogue544.train --plot runs/ppo                    # the PNG again

or from Python: ``rogue544.train.train(Args(minutes=20))``. Needs torch
(``pip install rogue544[train]``); CPU by default, a GPU when one is there.

What the policy sees (``rogue544.features``): not the raw screen but a map
computed from it natively for all games at once (first steps and lengths
of shortest walks to the stairs, the nearest unexplored spot, the nearest
thing and monster; a 9x9 crop of glyph classes with a bit for each square
stood on this level), what the game waits for and the hero's numbers. The
memory is that map: Rogue keeps drawn what the hero has seen (the stairs
stay on the screen once found), and the features add where she has stood.
So the policy is a small MLP (no LSTM: it would cost the learner, the
bottleneck on two cores, for what the map already holds), and PPO learns
when to go where: follow the stairs' direction, press ``>`` there, fight
what is next to her, eat, rest.

Actions: at a command wait :data:`rogue544.features.PLAY_COMMANDS` (moves,
``>``, search, rest, eat, quaff, read, wield, wear) within the game's own
mask; at every other wait the game's mask (a prompt's answers). Masked
logits: an action the mask forbids gets no probability.

Reward: ``RogueDescend-v0``'s (1 per new deepest level), plus, with
``--shaping`` (the default; ``--no-shaping`` turns it off), the
:class:`rogue544.shaping.ExplorationBonus` for new squares and first sight
of the stairs.

The run's folder gets ``checkpoint.pt`` (every ``--checkpoint-minutes`` and
at the end; ``--resume`` goes on from it), ``best.pt`` (the best last-100
mean deepest level so far, what ``rogue544.evaluate`` takes), ``progress.csv``
(one row per iteration: steps, steps/s, the env's share of the time, the
last 100 episodes' return and deepest level, endings, losses) and at the
end ``curve.png``.
"""

from __future__ import annotations

import argparse
import collections
import csv
import dataclasses
import os
import random
import time
from dataclasses import dataclass

import numpy as np

from .actions import action_named
from .features import DOWN, N_ACTIONS, Observer, play_mask
from .shaping import ExplorationBonus
from .vector import RogueVectorEnv
from .envs import BL_MAX_DEPTH

SEARCH, EAT, REST = action_named("search"), action_named("eat"), action_named("rest")

try:
    import torch
    import torch.nn as nn
    from torch.distributions import Categorical
except ImportError as e:  # pragma: no cover
    raise SystemExit("rogue544.train needs torch: pip install 'rogue544[train]'") from e


@dataclass
class Args:
    run_dir: str = "runs/ppo"
    seed: int = 1
    minutes: float = 0.0
    """stop after this many minutes (0: no limit)"""
    total_steps: int = 1_000_000_000
    num_envs: int = 128
    num_steps: int = 32
    """steps per game per iteration"""
    learning_rate: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    num_minibatches: int = 2
    update_epochs: int = 2
    clip_coef: float = 0.2
    ent_coef: float = 0.005
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128
    prior: bool = True
    """start the policy from an explorer's links (see Agent)"""
    task: str = "descend"
    shaping: bool = True
    cell_bonus: float = 0.002
    stairs_bonus: float = 0.1
    max_episode_steps: int = 10_000
    env_threads: int = 0
    """the vector env's threads (0: its default, one per core, which gives the games back to
    the calling thread whenever its workers lose)"""
    torch_threads: int = 0
    """0: one while acting, and for the update one or every core, whichever is faster now
    (see UpdateThreads); N: always N"""
    checkpoint_minutes: float = 5.0
    resume: bool = False
    resume_from: str = ""
    """a checkpoint to go on from (model, optimiser when saved, counts), e.g. the shipped one"""
    device: str = "auto"
    quiet: bool = False


def layer_init(layer, std=np.sqrt(2), bias=0.0):
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


def _prior_inputs():
    """The features the prior reads: (index in a feature row, action, initial weight)."""
    o = Observer
    links = []
    for d in range(8):  # the moves are actions 0-7, in the features' step order
        links += [(o.STAIRS_STEP + d, d, 4.0), (o.FRONTIER_STEP + d, d, 2.0), (o.MONSTER_NEXT + d, d, 6.0)]
    links += [(o.ON_STAIRS, DOWN, 8.0), (o.NO_FRONTIER, SEARCH, 2.0), (o.HURT, REST, 1.5)]
    links += [(o.HUNGRY + h, EAT, 2.0) for h in range(3)]
    return links


class Agent(nn.Module):
    """An MLP over :class:`rogue544.features.Observer`'s features: a
    policy head (masked logits over every action) and a value head.

    With ``prior``, a linear map from a few features straight to the
    logits is added, learned like the rest but started by hand where an
    explorer would: a step towards the stairs when they are known (4), the
    nearest unexplored spot (2), a monster next to the hero (6); ``>`` on
    the stairs (8), search when nothing is left to explore (2), rest when
    below a third of the hit points (1.5), eat when hungry (2). It is where learning starts, not a rule: PPO changes it."""

    def __init__(self, n_in: int, hidden: int = 128, n_actions: int = N_ACTIONS, prior: bool = True):
        super().__init__()
        self.body = nn.Sequential(
            layer_init(nn.Linear(n_in, hidden)), nn.ReLU(),
            layer_init(nn.Linear(hidden, hidden)), nn.ReLU(),
        )
        self.actor = layer_init(nn.Linear(hidden, n_actions), std=0.01)
        self.critic = layer_init(nn.Linear(hidden, 1), std=1.0)
        self.use_prior = prior
        if prior:
            links = _prior_inputs()
            cols = sorted({i for i, _, _ in links})
            self.register_buffer("prior_cols", torch.tensor(cols, dtype=torch.long))
            self.prior = nn.Linear(len(cols), n_actions, bias=False)
            with torch.no_grad():
                self.prior.weight.zero_()
                for i, a, w in links:
                    self.prior.weight[a, cols.index(i)] = w

    def forward(self, x, mask):
        h = self.body(x)
        logits = self.actor(h)
        if self.use_prior:
            logits = logits + self.prior(x.index_select(1, self.prior_cols))
        return logits.masked_fill(~mask, -1e9), self.critic(h).squeeze(-1)


def load_agent(path: str, device="cpu"):
    """A checkpoint's agent (in eval mode) and its saved arguments: an
    :class:`Agent`, or a recurrent clone (``rogue544.imitate``, ``"memory":
    "gru"``; it has ``recurrent``, ``initial(n)`` and ``step(x, mask, h)``)."""
    ck = torch.load(path, map_location=device, weights_only=False)
    args = Args(**{k: v for k, v in ck["args"].items() if k in Args.__dataclass_fields__})
    if ck.get("memory") == "gru":
        from .imitate import RecurrentClone
        agent = RecurrentClone(ck["n_in"], args.hidden).to(device)
    else:
        agent = Agent(ck["n_in"], args.hidden, prior=args.prior).to(device)
    agent.load_state_dict(ck["model"])
    agent.eval()
    return agent, args


class UpdateThreads:
    """Torch's threads, chosen as the run goes: one, or every core,
    whichever took less time per sample in the updates lately. On an idle
    machine every core learns nearly that many times as fast; beside other
    work torch's threads wait for each other at every operation (a thread
    that loses its core holds the rest up), and one is faster. So each
    count is timed, the faster is kept, and every :attr:`TRY`-th update
    tries the other again (load comes and goes). Acting uses the faster
    count too (:meth:`best`)."""

    TRY = 16

    def __init__(self, fixed: int = 0):
        self.fixed = fixed
        cores = os.cpu_count() or 1
        self.counts = [1] if cores == 1 else [1, cores]
        self.cost: dict[int, float] = {}  # threads -> seconds per sample, lately
        self.updates = 0
        self.last = 0  # the count the last update used

    def best(self) -> int:
        """The faster count as measured so far (one before any update)."""
        if self.fixed:
            return self.fixed
        if not self.cost:
            return 1
        return min(self.cost, key=self.cost.__getitem__)

    def choose(self) -> int:
        """The count for the next update."""
        if self.fixed:
            return self.fixed
        untried = [c for c in self.counts if c not in self.cost]
        if untried:
            return untried[0]
        best = self.best()
        if self.updates % self.TRY == self.TRY - 1:
            return next(c for c in self.counts if c != best)
        return best

    def took(self, threads: int, seconds: float, samples: int) -> None:
        self.updates += 1
        per = seconds / max(samples, 1)
        old = self.cost.get(threads)
        # The current count's cost is smoothed; a retried count's is taken
        # as measured now (its old figure is stale).
        self.cost[threads] = per if old is None or threads != self.last else 0.5 * (old + per)
        self.last = threads


def make_env(args: Args):
    env = RogueVectorEnv(args.num_envs, task=args.task, max_episode_steps=args.max_episode_steps,
                         threads=args.env_threads or None, copy=False, allowed="play")
    if args.shaping:
        env = ExplorationBonus(env, cell=args.cell_bonus, stairs=args.stairs_bonus)
    return env


def _save(path, agent, optimizer, args, state):
    tmp = path + ".tmp"
    torch.save({"model": agent.state_dict(), "optimizer": optimizer.state_dict() if optimizer else None,
                "args": dataclasses.asdict(args), "n_in": Observer.size, **state}, tmp)
    os.replace(tmp, path)


CSV_FIELDS = ["iteration", "steps", "minutes", "sps", "env_share", "episodes", "return100", "depth100",
              "depth_max100", "death100", "limit100", "quit100", "length100", "policy_loss", "value_loss",
              "entropy", "approx_kl"]


def train(args: Args) -> dict:
    """Train; returns the last progress row (a dict of :data:`CSV_FIELDS`)."""
    os.makedirs(args.run_dir, exist_ok=True)
    threads = UpdateThreads(args.torch_threads)
    device = torch.device("cuda" if args.device == "auto" and torch.cuda.is_available()
                          else ("cpu" if args.device == "auto" else args.device))
    ck_path = os.path.join(args.run_dir, "checkpoint.pt")
    state = {"global_step": 0, "iteration": 0, "elapsed": 0.0, "best": 0.0, "episodes": 0}
    ck = None
    src = args.resume_from or (ck_path if args.resume and os.path.exists(ck_path) else "")
    if src:
        ck = torch.load(src, map_location=device, weights_only=False)
        if ck.get("memory") == "gru":
            raise SystemExit(f"{src}: a recurrent clone (--memory gru); PPO here starts from a --memory map one")
        state.update({k: ck[k] for k in state if k in ck})
    random.seed(args.seed + state["iteration"])
    np.random.seed(args.seed + state["iteration"])
    torch.manual_seed(args.seed + state["iteration"])

    env = make_env(args)
    obs_fn = Observer(args.num_envs)
    agent = Agent(Observer.size, args.hidden, prior=args.prior).to(device)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    if ck is not None:
        agent.load_state_dict(ck["model"])
        if ck.get("optimizer"):
            optimizer.load_state_dict(ck["optimizer"])
        if not args.quiet:
            print(f"resumed {src} at {state['global_step']} steps")

    T, N = args.num_steps, args.num_envs
    x_buf = torch.zeros((T, N, Observer.size))
    mask_buf = torch.zeros((T, N, N_ACTIONS), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))
    valid_buf = torch.zeros((T, N), dtype=torch.bool)

    # Training games: seeds from 10**6 on (far from the evaluation's 1541-1600).
    obs, info = env.reset(seed=10**6 + args.seed * 100_003 + state["iteration"] * N)
    x = obs_fn(obs, info["action_mask"])
    mask = play_mask(info["action_mask"], obs["wait"])
    ended = np.zeros(N, np.bool_)
    ep_ret = np.zeros(N)
    ep_len = np.zeros(N, np.int64)
    recent = collections.deque(maxlen=100)

    csv_path = os.path.join(args.run_dir, "progress.csv")
    new_csv = not ((args.resume or args.resume_from) and os.path.exists(csv_path))
    csv_file = open(csv_path, "w" if new_csv else "a", newline="")
    writer = csv.DictWriter(csv_file, fieldnames=CSV_FIELDS)
    if new_csv:
        writer.writeheader()
    start = time.time() - state["elapsed"]
    session_start = time.time()
    last_ck = time.time()
    row: dict = {}
    while state["global_step"] < args.total_steps:
        if args.minutes and time.time() - session_start > args.minutes * 60:
            break
        it_start = time.time()
        env_time = 0.0
        torch.set_num_threads(threads.best())
        for t in range(T):
            xt = torch.from_numpy(x)
            mt = torch.from_numpy(mask)
            with torch.no_grad():
                logits, value = agent(xt.to(device), mt.to(device))
                logp_all = torch.log_softmax(logits, dim=-1)
                # A sample (Gumbel-max: the most likely action after adding
                # -log of exponential noise; cheaper than multinomial).
                action = (logp_all - torch.empty_like(logp_all).exponential_().log()).argmax(1)
                logp = logp_all.gather(1, action.unsqueeze(1)).squeeze(1)
            x_buf[t], mask_buf[t] = xt, mt
            act_buf[t], logp_buf[t], val_buf[t] = action.cpu(), logp.cpu(), value.cpu()
            # The step after an ending only starts the next game (its
            # action is ignored): no sample to learn from.
            valid_buf[t] = torch.from_numpy(~ended)
            e0 = time.time()
            obs, reward, terminated, truncated, info = env.step(action.cpu().numpy())
            env_time += time.time() - e0
            raw = info.get("raw_reward", reward)
            done = np.logical_or(terminated, truncated)
            rew_buf[t] = torch.from_numpy(np.asarray(reward, np.float32))
            done_buf[t] = torch.from_numpy(done.astype(np.float32))
            ep_ret += raw
            ep_len += ~ended
            for i in np.flatnonzero(done):
                ending = info["ending"][i] if "ending" in info and info["_ending"][i] else "time limit"
                recent.append((ep_ret[i], int(obs["blstats"][i, BL_MAX_DEPTH]), ending, ep_len[i]))
                state["episodes"] += 1
            ep_ret[ended] = 0.0
            ep_len[ended] = 0
            obs_fn.new_games(ended)
            f0 = time.time()
            x = obs_fn(obs, info["action_mask"])
            mask = play_mask(info["action_mask"], obs["wait"])
            env_time += time.time() - f0
            ended = done
        state["global_step"] += T * N

        # Generalised advantage estimation; an ending cuts the sum.
        with torch.no_grad():
            _, next_value = agent(torch.from_numpy(x).to(device), torch.from_numpy(mask).to(device))
            next_value = next_value.cpu()
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nv = next_value if t == T - 1 else val_buf[t + 1]
                nonterminal = 1.0 - done_buf[t]
                delta = rew_buf[t] + args.gamma * nv * nonterminal - val_buf[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            ret = adv + val_buf

        idx = torch.nonzero(valid_buf.reshape(-1)).squeeze(1)
        b_x, b_m = x_buf.reshape(T * N, -1)[idx].to(device), mask_buf.reshape(T * N, -1)[idx].to(device)
        b_a, b_logp = act_buf.reshape(-1)[idx].to(device), logp_buf.reshape(-1)[idx].to(device)
        b_adv, b_ret = adv.reshape(-1)[idx].to(device), ret.reshape(-1)[idx].to(device)
        n = len(idx)
        stats = collections.defaultdict(list)
        update_threads = threads.choose()
        torch.set_num_threads(update_threads)
        u0 = time.time()
        for _ in range(args.update_epochs):
            for j in torch.tensor_split(torch.randperm(n, device=device), args.num_minibatches):
                logits, v = agent(b_x[j], b_m[j])
                dist = Categorical(logits=logits)
                logp = dist.log_prob(b_a[j])
                ratio = (logp - b_logp[j]).exp()
                a = b_adv[j]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                vloss = 0.5 * ((v - b_ret[j]) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pg - args.ent_coef * ent + args.vf_coef * vloss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
                with torch.no_grad():
                    stats["pg"].append(pg.item())
                    stats["v"].append(vloss.item())
                    stats["ent"].append(ent.item())
                    stats["kl"].append(((ratio - 1) - (logp - b_logp[j])).mean().item())

        threads.took(update_threads, time.time() - u0, n)
        state["iteration"] += 1
        now = time.time()
        state["elapsed"] = now - start
        it_time = now - it_start
        rec = list(recent)
        depth100 = float(np.mean([r[1] for r in rec])) if rec else 0.0
        row = {
            "iteration": state["iteration"], "steps": state["global_step"],
            "minutes": round(state["elapsed"] / 60, 3), "sps": round(T * N / it_time),
            "env_share": round(env_time / it_time, 3), "episodes": state["episodes"],
            "return100": round(float(np.mean([r[0] for r in rec])), 3) if rec else 0.0,
            "depth100": round(depth100, 3), "depth_max100": max((r[1] for r in rec), default=0),
            "death100": sum(r[2] == "death" for r in rec), "limit100": sum(r[2] == "time limit" for r in rec),
            "quit100": sum(r[2] == "quit" for r in rec),
            "length100": round(float(np.mean([r[3] for r in rec]))) if rec else 0,
            "policy_loss": round(float(np.mean(stats["pg"])), 4), "value_loss": round(float(np.mean(stats["v"])), 4),
            "entropy": round(float(np.mean(stats["ent"])), 4), "approx_kl": round(float(np.mean(stats["kl"])), 5),
        }
        writer.writerow(row)
        csv_file.flush()
        if not args.quiet and (state["iteration"] % 10 == 0 or state["iteration"] == 1):
            print(f"{row['steps']:>11,} steps {row['minutes']:7.1f} min {row['sps']:>6,} steps/s "
                  f"(env {row['env_share']:.0%})  last {len(rec)} episodes: depth {depth100:.2f} "
                  f"(most {row['depth_max100']}) return {row['return100']:.2f} deaths {row['death100']} "
                  f"entropy {row['entropy']:.2f}", flush=True)
        if len(rec) >= 100 and depth100 > state["best"]:
            state["best"] = depth100
            _save(os.path.join(args.run_dir, "best.pt"), agent, None, args, state)
        if now - last_ck > args.checkpoint_minutes * 60:
            _save(ck_path, agent, optimizer, args, state)
            last_ck = now
    _save(ck_path, agent, optimizer, args, state)
    if not os.path.exists(os.path.join(args.run_dir, "best.pt")):
        _save(os.path.join(args.run_dir, "best.pt"), agent, None, args, state)
    csv_file.close()
    env.close()
    try:
        plot(args.run_dir)
    except ImportError:
        pass
    return row


def plot(run_dir: str) -> str:
    """``curve.png`` from ``progress.csv``: the last 100 episodes' mean
    deepest level against steps (and minutes on the top axis)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(os.path.join(run_dir, "progress.csv")) as f:
        rows = list(csv.DictReader(f))
    steps = np.array([float(r["steps"]) for r in rows]) / 1e6
    depth = np.array([float(r["depth100"]) for r in rows])
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, depth, label="PPO, last 100 episodes")
    ax.axhline(1.01, color="grey", ls="--", lw=1, label="masked random (1.01)")
    ax.axhline(2.5, color="green", ls=":", lw=1, label="the bar (2.5)")
    ax.set_xlabel("env steps (millions)")
    ax.set_ylabel("mean deepest level")
    if rows:
        ax.set_title(f"rogue544 PPO: {float(rows[-1]['minutes']):.0f} min, {steps[-1]:.1f}M steps")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    out = os.path.join(run_dir, "curve.png")
    fig.tight_layout()
    fig.savefig(out, dpi=80)
    plt.close(fig)
    return out


def options_parser(fields_of, prog: str, description: str) -> argparse.ArgumentParser:
    """A command line with one option per field of the dataclass
    ``fields_of`` (``--run-dir`` for ``run_dir``; ``--x/--no-x`` for a bool)."""
    p = argparse.ArgumentParser(prog=prog, description=description)
    for f in dataclasses.fields(fields_of):
        name = "--" + f.name.replace("_", "-")
        if f.type in ("bool", bool):
            p.add_argument(name, action=argparse.BooleanOptionalAction, default=f.default)
        else:
            typ = {"int": int, "float": float, "str": str}[f.type if isinstance(f.type, str) else f.type.__name__]
            p.add_argument(name, type=typ, default=f.default)
    return p


def parse_args(argv=None) -> tuple[Args, str | None]:
    p = options_parser(Args, "python -m rogue544.train", __doc__.split("\n\n")[0])
    p.add_argument("--plot", metavar="RUN_DIR", help="only draw RUN_DIR/curve.png from its progress.csv")
    ns = p.parse_args(argv)
    plot_dir = ns.plot
    del ns.plot
    return Args(**vars(ns)), plot_dir


def main(argv=None):
    args, plot_dir = parse_args(argv)
    if plot_dir:
        print(plot(plot_dir))
        return
    row = train(args)
    print(f"done: {row.get('steps', 0):,} steps, last 100 episodes' mean deepest level {row.get('depth100', 0)}")


if __name__ == "__main__":
    main()
