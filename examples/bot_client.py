#!/usr/bin/env python3
"""A bot in Python that plays Rogue through `rogue --bot`.

    cargo build --release          # or --profile dist; or `rogue` installed
    python3 examples/bot_client.py [SEED] [KEYS]

The `rogue` it runs is $ROGUE_BIN if set, else the first of
target/release/rogue, target/dist/rogue and `rogue` on the PATH.

It walks at random, answers --More-- and prompts, fights what is next to
it, takes the stairs when it stands on them, and tries a branch before
committing to it: at each step it keeps a snapshot, looks one move ahead
for each direction, and goes back (the game is deterministic, so looking
ahead costs nothing but time). It types only keys the answer's `keys`
list holds (what the read takes, each written as the request that types
it), so the game never refuses one (doc/BOT-PROTOCOL.md).
"""

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path


def find_rogue():
    """The `rogue` binary to play with, or exit with a message that says
    how to build one."""
    if os.environ.get("ROGUE_BIN"):
        if not os.path.isfile(os.environ["ROGUE_BIN"]):
            sys.exit(f"bot_client.py: ROGUE_BIN={os.environ['ROGUE_BIN']}: no such file")
        return os.environ["ROGUE_BIN"]
    top = Path(__file__).resolve().parent.parent / "target"
    for built in (top / "release" / "rogue", top / "dist" / "rogue"):
        if built.is_file():
            return str(built)
    on_path = shutil.which("rogue")
    if on_path:
        return on_path
    sys.exit(
        "bot_client.py: no rogue binary: run `cargo build --release` (or "
        "`cargo build --profile dist`), or set ROGUE_BIN"
    )


ROGUE = None
MOVES = "hjklyubn"
# The protocol this client reads (the first answer's "protocol").
PROTOCOL = 2


class Rogue:
    """One `rogue --bot` process: send a line, read one JSON answer."""

    def __init__(self, seed):
        global ROGUE
        ROGUE = ROGUE or find_rogue()
        self.p = subprocess.Popen(
            [ROGUE, "--bot", "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.obs = self._read()
        if self.obs.get("protocol") != PROTOCOL:
            sys.exit(f"bot_client.py: {ROGUE} speaks protocol {self.obs.get('protocol')}, not {PROTOCOL}")

    def _read(self):
        return json.loads(self.p.stdout.readline())

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self._read()

    def key(self, k):
        """Type a key, given as the request that types it (as the answer's
        "keys" list writes it: "h", "\\n", "\\e", "\\x20")."""
        self.obs = self.ask(k)
        return self.obs

    def snapshot(self):
        return self.ask("snapshot")["snapshot"]

    def restore(self, sid):
        self.obs = self.ask(f"restore {sid}")
        return self.obs

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.flush()
        self.p.wait()


def hp(obs):
    s = obs["status"]
    return s["hp"] if s else 0


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    keys = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
    rng = random.Random(seed)
    g = Rogue(seed)
    for _ in range(keys):
        o = g.obs
        if o["outcome"]:
            break
        takes = o["keys"]
        if o["prompt"] != "command":
            # --More--, a prompt, the tombstone or the score list: a return,
            # a space or ESC where the read takes one, else any key it takes.
            g.key(next((k for k in ("\\n", "\\x20", "\\e") if k in takes), None) or rng.choice(takes))
            continue
        if ">" in takes and rng.random() < 0.3:
            # On the stairs.
            g.key(">")
            continue
        # Look one step ahead in each direction and keep the best.
        y, x = o["cursor"]
        here = g.snapshot()
        best, best_score = None, None
        for m in rng.sample([m for m in MOVES if m in takes], sum(m in takes for m in MOVES)):
            after = g.key(m)
            score = (after["outcome"] is None, hp(after), after["status"]["gold"] if after["status"] else 0,
                     after["cursor"] != [y, x], rng.random())
            if best_score is None or score > best_score:
                best, best_score = m, score
            g.restore(here)
        g.ask(f"forget {here}")
        g.key(best)
    o = g.obs
    end = o["outcome"]
    if end:
        # The status line is gone by the end (the tombstone, the score
        # list): the outcome has the gold and the deepest level.
        level, gold, how = end["max_level"], end["gold"], end["ending"]
    else:
        s = o["status"] or {}
        level, gold, how = s.get("level"), s.get("gold"), "still playing"
    print(f"seed {seed}: level {level}, gold {gold}, {how}"
          + (f" ({end['killer']})" if end and end.get("killer") else ""))
    g.close()


if __name__ == "__main__":
    main()
