"""The trainer's side (issue 51): the native map features, the evaluation
of the agents that need no torch, the shaping wrapper; and, where torch is
installed (``rogue544[train]``), a few steps of training and an evaluation
of the checkpoint they wrote."""

from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import rogue544
from rogue544 import _native
from rogue544.evaluate import evaluate, main as evaluate_main
from rogue544.features import Observer, TARGET, play_mask
from rogue544.shaping import ExplorationBonus
from rogue544.vector import RogueVectorEnv

REPO = pathlib.Path(__file__).resolve().parents[2]


def _screen(rows):
    s = np.full((1, 24, 80), ord(" "), np.uint8)
    for r, row in enumerate(rows):
        s[0, r + 1, :len(row)] = np.frombuffer(row.encode(), np.uint8)
    return s


def test_nav_finds_the_stairs_through_the_door():
    chars = _screen(["-----", "|.@.|", "|...+###%", "-----"])
    visited = np.zeros((1, 24, 80), np.uint8)
    out = np.zeros((1, _native.NAV_SIZE), np.float32)
    _native.nav_features(chars, np.array([[2, 2]], np.uint8), visited, out)
    s = TARGET["stairs"]
    # First step down-right (`n`, action 7), six steps in all: never
    # diagonally out of the door.
    assert out[0, s:s + 8].argmax() == 7 and out[0, s + 9] == 1
    assert round(float(out[0, s + 8]) * 64) == 6
    assert visited[0, 2, 2] == 1


def test_nav_rejects_bad_shapes():
    with pytest.raises(ValueError):
        _native.nav_features(np.zeros((2, 24, 80), np.uint8), np.zeros((2, 2), np.uint8),
                             np.zeros((1, 24, 80), np.uint8), np.zeros((2, _native.NAV_SIZE), np.float32))


def test_observer_and_masks_on_real_games():
    env = RogueVectorEnv(8, task="descend", copy=False, threads=1, allowed="play")
    obs, info = env.reset(seed=3)
    o = Observer(8)
    rng = np.random.default_rng(0)
    for _ in range(300):
        x = o(obs, info["action_mask"])
        assert x.shape == (8, Observer.size) and np.isfinite(x).all()
        m = play_mask(info["action_mask"], obs["wait"])
        # Never empty, never wider than the game's own mask.
        assert m.any(axis=1).all()
        assert not (m & ~info["action_mask"].astype(bool)).any()
        assert not m[obs["wait"] == rogue544.WAITS.index("command"), rogue544.action_named("quit")].any()
        a = (rng.random(m.shape) * m).argmax(axis=1)
        obs, _, term, trunc, info = env.step(a)
        o.new_games(term | trunc)
    assert o.visited.any()


def test_shaping_adds_a_bonus_and_keeps_the_raw_reward():
    env = ExplorationBonus(RogueVectorEnv(4, task="descend", copy=False, threads=1), cell=1.0, stairs=0.0)
    obs, info = env.reset(seed=9)
    total = 0.0
    for _ in range(200):
        m = play_mask(info["action_mask"], obs["wait"])
        # A move where one is allowed, else the first thing the game takes.
        moves = m[:, :8].any(axis=1)
        obs, r, _, _, info = env.step(np.where(moves, m[:, :8].argmax(axis=1), m.argmax(axis=1)))
        assert np.all(r >= info["raw_reward"])
        total += float((r - info["raw_reward"]).sum())
    assert total >= 4  # each hero stood on at least its first square


def test_evaluate_rogomatic_and_explorer_and_masked():
    rg = evaluate("rogomatic", "1541-1545")
    assert rg["games"] == 5 and rg["deepest_mean"] >= 1
    ex = evaluate("explorer", "1541-1542", max_steps=3000)
    assert ex["games"] == 2 and all(g["steps"] <= 3000 for g in ex["per_game"])
    ma = evaluate("masked", "1541-1542", max_steps=500)
    assert ma["games"] == 2 and "quit" not in ma["endings"]


def test_evaluate_json(capsys):
    evaluate_main(["random", "--dungeons", "1541-1542", "--max-steps", "200", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["agent"] == "random" and out["games"] == 2


def test_train_a_few_steps_and_evaluate_the_checkpoint(tmp_path):
    pytest.importorskip("torch")
    from rogue544.train import Args, train
    row = train(Args(run_dir=str(tmp_path), num_envs=4, num_steps=16, total_steps=128, quiet=True))
    assert row["steps"] == 128
    assert (tmp_path / "checkpoint.pt").exists() and (tmp_path / "progress.csv").exists()
    # Resume goes on from the checkpoint.
    row = train(Args(run_dir=str(tmp_path), num_envs=4, num_steps=16, total_steps=192, quiet=True, resume=True))
    assert row["steps"] == 192
    r = evaluate(str(tmp_path / "best.pt"), "1541-1542", max_steps=300)
    assert r["games"] == 2


def test_the_shipped_checkpoint_loads():
    pytest.importorskip("torch")
    ck = REPO / "python" / "checkpoints" / "ppo-descend.pt"
    if not ck.exists():
        pytest.skip("no shipped checkpoint in this checkout")
    r = evaluate(str(ck), "1541-1542", max_steps=500)
    assert r["games"] == 2


def test_update_threads_keep_the_faster_and_try_the_other():
    pytest.importorskip("torch")
    from rogue544.train import UpdateThreads
    u = UpdateThreads()
    if len(u.counts) == 1:
        pytest.skip("one core")
    one, every = u.counts
    # Each count is timed first; then the faster is kept, and every TRY-th
    # update tries the other again.
    seen = []
    for _ in range(3 * UpdateThreads.TRY):
        c = u.choose()
        seen.append(c)
        u.took(c, 1.0 if c == one else 3.0, 1000)
    assert seen[:2] == [one, every]
    later = seen[2:]
    assert later.count(every) == sum(1 for k in range(3, len(seen) + 1) if k % UpdateThreads.TRY == 0)
    # Then the other gets faster (the load went): it is kept.
    for _ in range(UpdateThreads.TRY):
        c = u.choose()
        u.took(c, 1.0 if c == every else 3.0, 1000)
    assert u.choose() == every
    assert UpdateThreads(fixed=3).choose() == 3


def test_the_dataset_masks_show_every_frames_answer():
    """Every key Rog-O-Matic typed that is an action is in its frame's mask
    (the game took it), in the first minibatches of the dataset."""
    from rogue544.dataset import RogueDataset
    ds = RogueDataset("rogomatic", batch_size=4, seq_length=256, shuffle=False, masks=True)
    mb = next(iter(ds))
    a = mb["actions"].astype(np.int64)
    has = a >= 0
    assert mb["action_mask"].shape == a.shape + (len(rogue544.ACTIONS),)
    assert mb["action_mask"][has, a[has]].all()


def test_clone_a_few_games_and_evaluate_it(tmp_path):
    pytest.importorskip("torch")
    from rogue544.imitate import CloneArgs, clone, split
    from rogue544.dataset import RogueDataset
    from rogue544.train import Args, train
    train_ids, held = split(RogueDataset("rogomatic"))
    lo, hi = rogue544.evaluate.DEFAULT_DUNGEONS
    ds = RogueDataset("rogomatic")
    assert not any(lo <= ds.get_record(g).seed <= hi for g in train_ids + held)
    out = clone(CloneArgs(run_dir=str(tmp_path), epochs=1, max_games=1, held_out=1, batch_size=4, quiet=True))
    assert out["samples"] > 100 and 0.0 < out["held_out_accuracy"] <= 1.0
    assert evaluate(str(tmp_path / "clone.pt"), "1541", max_steps=300)["games"] == 1
    # PPO starts from the clone.
    row = train(Args(run_dir=str(tmp_path / "ppo"), num_envs=4, num_steps=16, total_steps=64, quiet=True,
                     resume_from=str(tmp_path / "clone.pt")))
    assert row["steps"] == 64


def test_a_recurrent_clone_is_evaluated_and_not_trained_on(tmp_path):
    pytest.importorskip("torch")
    from rogue544.imitate import CloneArgs, clone
    from rogue544.train import Args, train
    out = clone(CloneArgs(run_dir=str(tmp_path), epochs=1, max_games=1, held_out=1, batch_size=4, memory="gru",
                          quiet=True))
    assert 0.0 < out["held_out_accuracy"] <= 1.0
    assert evaluate(str(tmp_path / "clone.pt"), "1541-1542", max_steps=200)["games"] == 2
    with pytest.raises(SystemExit, match="recurrent clone"):
        train(Args(run_dir=str(tmp_path / "ppo"), num_envs=4, num_steps=16, total_steps=64, quiet=True,
                   resume_from=str(tmp_path / "clone.pt")))
