"""rogue544.dataset: the shipped Rog-O-Matic games end as their index says,
minibatches hold the original's frames (rogue-trace's, the goldens'), the
same observations as the environment, and follow NLE's batching
conventions; any folder of records loads."""

from __future__ import annotations

import os
import pathlib
import subprocess

import gymnasium as gym
import numpy as np
import pytest

import rogue544
from rogue544.dataset import RogueDataset, extract, load_records

from conftest import REPO, cases_dir, expected_frames, frame_of, rogue_trace

CI = os.environ.get("CI") == "true"


def skip_or_fail(why: str):
    if CI:
        pytest.fail(why)
    pytest.skip(why)


@pytest.fixture(scope="module")
def rogomatic():
    return RogueDataset("rogomatic", shuffle=False)


def frames_by_game(ds, batch_size, seq_length, **kw):
    """Every game's frames gathered from the minibatches: {gameid: [frame]}
    and the minibatches' other fields, per game."""
    got: dict[int, list] = {}
    fields: dict[int, dict[str, list]] = {}
    for mb in RogueDataset(ds, batch_size=batch_size, seq_length=seq_length, **kw):
        for b in range(batch_size):
            for t in range(seq_length):
                g = int(mb["gameids"][b, t])
                if g == 0:
                    continue
                got.setdefault(g, []).append(frame_of({k: mb[k][b, t] for k in ("tty_chars", "tty_attrs", "tty_cursor")}))
                f = fields.setdefault(g, {})
                for k in ("keys", "actions", "done", "blstats", "message"):
                    f.setdefault(k, []).append(mb[k][b, t].copy())
    return got, fields


# -- the shipped dataset ---------------------------------------------------

def test_shipped_dataset_is_the_repos(rogomatic):
    """The records built into the package are datasets/rogomatic, byte for byte."""
    d = REPO / "datasets" / "rogomatic"
    if not d.is_dir():
        skip_or_fail("no datasets/rogomatic here")
    shipped = dict(rogue544._native.builtin_dataset("rogomatic"))
    on_disk = {p.name: p.read_bytes() for p in d.iterdir() if p.is_file()}
    assert shipped == on_disk
    assert len(rogomatic.records) == 596
    assert sum(len(r.keys) for r in rogomatic.records) == 2_517_144


def test_every_record_ends_as_its_index_says(rogomatic):
    """Every game replayed to its end: its ending, deepest level and gold
    are the index's, it reads exactly its keys, and its last screen shows
    its line of the score list and the index's level and gold."""
    ends = rogomatic.endings()
    last = rogomatic.last_frames()
    assert len(ends) == len(last["gameids"]) == 596
    bad = []
    for i, e in enumerate(ends):
        m = rogomatic.get_meta(e["gameid"])
        gold = m["gold"]
        # A death costs a tenth of the purse (the score and the tombstone's).
        score = gold - gold // 10 if m["ending"] == "death" else gold
        screen = "\n".join(bytes(r).decode("latin-1") for r in last["tty_chars"][i])
        bl = last["blstats"][i]
        checks = {
            "ending": e["ending"] == m["ending"],
            "deepest": e["deepest"] == m["deepest"] == bl[rogue544.BLSTATS_INDICES["max_depth"]],
            "gold": e["gold"] == score and bl[rogue544.BLSTATS_INDICES["gold"]] == gold,
            "keys": e["keys_read"] == m["keys"] == len(rogomatic.get_record(e["gameid"]).keys),
            "score line": m["score_line"] == "killed (no score posted)" or m["score_line"] in screen,
            "over": last["wait"][i] == rogue544.WAITS.index("over"),
        }
        if not all(checks.values()):
            bad.append((m["name"], [k for k, ok in checks.items() if not ok]))
    assert not bad, bad[:10]


# -- frames: the original's -------------------------------------------------

def trace_frames(path: pathlib.Path):
    exe = rogue_trace()
    if exe is None:
        skip_or_fail("no rogue-trace (cargo build --release, or set ROGUE_TRACE)")
    out = subprocess.run([exe, str(path)], check=True, capture_output=True, text=True).stdout
    return expected_frames(out)


def test_minibatch_frames_are_rogue_traces(tmp_path):
    """A few records (the shortest, and a longer one) through minibatches
    of odd sizes: every frame is rogue-trace's frame of the same record."""
    recs = sorted(load_records("rogomatic"), key=lambda r: len(r.keys))
    pick = [r.name for r in recs[:5]] + [recs[len(recs) // 3].name]
    paths = [p for p in extract("rogomatic", tmp_path) if p.stem in pick]
    ds = RogueDataset(paths, shuffle=False)
    got, fields = frames_by_game(paths, batch_size=3, seq_length=37, shuffle=True, seed=7)
    assert sorted(got) == list(range(1, len(paths) + 1))
    for g, frames in got.items():
        rec = ds.get_record(g)
        want = trace_frames(pathlib.Path(rec.path))
        assert len(frames) == len(want) == len(rec.keys) + 1
        for t, (a, b) in enumerate(zip(frames, want)):
            assert a == b, f"{rec.name}: frame {t}"
        assert bytes(np.array(fields[g]["keys"][:-1], np.uint8)) == rec.keys
        assert fields[g]["keys"][-1] == 0 and fields[g]["actions"][-1] == -1


def test_goldens_of_rogomatic_games():
    """The goldens g_rgm_* (Rog-O-Matic games recorded from the original
    with every frame) through the loader, frame for frame."""
    d = cases_dir("games")
    paths = sorted(d.glob("g_rgm_*.case")) if d else []
    if not paths:
        skip_or_fail("no oracle/cases/games/g_rgm_* goldens here")
    ds = RogueDataset(paths, shuffle=False)
    for ep, path in zip(ds.episodes(), paths):
        want = expected_frames(path.with_suffix(".expected").read_text())
        n = len(ep["keys"])
        assert n == len(want), path.name
        for t in range(n):
            got = frame_of({k: ep[k][t] for k in ("tty_chars", "tty_attrs", "tty_cursor")})
            assert got == want[t], f"{path.name}: frame {t}"


def test_frames_are_the_environments_observations(tmp_path):
    """Every field of a dataset frame (inventory and mask too) is the
    observation (and ``info["action_mask"]``) Rogue-v0 shows after the
    same keys."""
    rec = sorted(load_records("rogomatic"), key=lambda r: len(r.keys))[40]
    ds = RogueDataset([p for p in extract("rogomatic", tmp_path) if p.stem == rec.name], inventory=True, masks=True)
    ep = ds.get_episode(1)
    env = gym.make("Rogue-v0", max_episode_steps=None).unwrapped
    seed, options = rec.start()
    obs, info = env.reset(seed=seed, options=options)
    for t in range(len(rec.keys) + 1):
        for name, *_ in rogue544.FIELDS:
            assert np.array_equal(ep[name][t], obs[name]), f"{name} at frame {t}"
        assert np.array_equal(ep["action_mask"][t], info["action_mask"]), f"action_mask at frame {t}"
        if t < len(rec.keys):
            assert ep["keys"][t] == rec.keys[t]
            obs, _, _, _, info = env.step_key(rec.keys[t])


# -- batching conventions ----------------------------------------------------

def test_rows_go_on_across_minibatches_and_done_marks_new_games():
    recs = sorted(load_records("rogomatic"), key=lambda r: len(r.keys))[:7]
    names = [r.name for r in recs]
    ds = RogueDataset("rogomatic", gameids=[RogueDataset("rogomatic").gameid_of(n) for n in names],
                      batch_size=2, seq_length=50, shuffle=True, seed=3)
    mbs = [{k: v.copy() for k, v in mb.items()} for mb in ds]
    total = sum(ds.get_meta(g)["frames"] for g in ds.gameids)
    assert sum(int((mb["gameids"] != 0).sum()) for mb in mbs) == total
    for b in range(2):
        g = np.concatenate([mb["gameids"][b] for mb in mbs])
        done = np.concatenate([mb["done"][b] for mb in mbs])
        keys = np.concatenate([mb["keys"][b] for mb in mbs])
        real = g != 0
        # A row's frames: games one after another, then padding only.
        assert not real[np.argmin(real):].any() or real.all()
        starts = np.flatnonzero(np.diff(g[real])) + 1
        assert list(np.flatnonzero(done)) == list(starts)
        for lo, hi in zip(np.r_[0, starts], np.r_[starts, real.sum()]):
            rec = ds.get_record(int(g[lo]))
            assert hi - lo == rec.frames
            assert bytes(keys[lo:hi - 1]) == rec.keys
        assert (mbs[-1]["gameids"] == 0).any() or len(mbs) * 50 * 2 == total
    # The same seed, the same order; another seed, another.
    again = [mb["gameids"].copy() for mb in RogueDataset("rogomatic", gameids=ds.gameids, batch_size=2,
                                                          seq_length=50, shuffle=True, seed=3)]
    assert all(np.array_equal(a, b["gameids"]) for a, b in zip(again, mbs))


def test_actions_are_action_indices_of_keys(rogomatic):
    mb = next(iter(RogueDataset("rogomatic", batch_size=4, seq_length=64, seed=1)))
    for k, a in zip(mb["keys"].ravel(), mb["actions"].ravel()):
        if a >= 0:
            assert rogue544.ACTIONS[a].key == k
        else:
            assert int(k) not in rogue544.KEYS or k == 0


def test_loop_forever_goes_round_again():
    ds = RogueDataset("rogomatic", gameids=[2], batch_size=2, seq_length=100, loop_forever=True, seed=0)
    it = iter(ds)
    frames = ds.get_meta(2)["frames"]
    seen = np.concatenate([next(it)["gameids"] for _ in range(5)], axis=1)
    assert (seen == 2).all() and 5 * 100 * 2 > 2 * frames


def test_padding_after_the_last_game():
    ds = RogueDataset("rogomatic", gameids=[2], batch_size=3, seq_length=100, shuffle=False)
    mbs = list(ds)
    g = np.concatenate([mb["gameids"] for mb in mbs], axis=1)
    assert (g[1:] == 0).all() and (g[0] != 0).sum() == ds.get_meta(2)["frames"]
    pad = mbs[-1]["gameids"] == 0
    assert (mbs[-1]["tty_chars"][pad] == 0).all() and (mbs[-1]["actions"][pad] == -1).all()


# -- any folder of records ------------------------------------------------------

def test_a_folder_of_a_players_records(tmp_path):
    """env.record() output, a folder of it, one file, a list: all load, and
    the frames are the game's."""
    env = gym.make("Rogue-v0", max_episode_steps=None).unwrapped
    rng = np.random.default_rng(5)
    played = []
    for i in range(3):
        obs, _ = env.reset(seed=100 + i)
        shown = [frame_of(obs)]
        for a in rng.integers(0, len(rogue544.ACTIONS), size=150):
            obs, _, term, _, _ = env.step(a)
            shown.append(frame_of(obs))
            if term:
                break
        env.record(tmp_path / f"mine_{i}.case")
        played.append(shown)
    for source in (tmp_path, [tmp_path / "mine_1.case", tmp_path / "mine_0.case"], tmp_path / "mine_2.case"):
        ds = RogueDataset(source, shuffle=False)
        for ep in ds.episodes():
            i = int(ep["meta"]["name"][-1])
            got = [frame_of({k: ep[k][t] for k in ("tty_chars", "tty_attrs", "tty_cursor")})
                   for t in range(len(ep["keys"]))]
            assert got == played[i]


def test_an_index_beside_records_adds_its_columns(tmp_path):
    extract("rogomatic", tmp_path)
    ds = RogueDataset(tmp_path, shuffle=False)
    m = ds.get_meta(ds.gameid_of("rgm_1001"))
    assert m["deepest"] == 9 and m["gold"] == 1481 and m["path"].endswith("rgm_1001.case")


def test_bad_sources_say_so(tmp_path):
    with pytest.raises(FileNotFoundError):
        RogueDataset(tmp_path / "nothing")
    with pytest.raises(ValueError):
        RogueDataset(tmp_path)  # no records
    (tmp_path / "bad.case").write_text("kind: games\nname: bad\nseed: x\n\nhjkl\n")
    with pytest.raises(ValueError):
        RogueDataset(tmp_path / "bad.case")
    with pytest.raises(ValueError):
        RogueDataset("rogomatic", batch_size=0)
    with pytest.raises(ValueError):
        RogueDataset("rogomatic", gameids=[0])
