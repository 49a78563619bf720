#!/usr/bin/env python3
"""Play recordings back through a terminal emulator (pyte) and compare
every screen they show with a golden case's frames.

    playback.py EXPECTED RECORDING [EXPECTED RECORDING ...]

EXPECTED is a case's `.expected` (FORMAT-games.md: `F` frames of changed
`R` rows, `A` standout masks, the cursor in the frame's header);
RECORDING an asciicast v2 file (`.cast`) or a ttyrec file (anything
else). The screens the recording shows, one after each of its events,
must be the golden's frames with the repeats (a key that changed nothing)
left out: text, standout and cursor. Exit 0 when all agree; otherwise one
line per disagreement and exit 1. Exit 3 when pyte is missing.
"""

import json
import struct
import sys

try:
    import pyte
except ImportError:
    print("pyte is not installed (pip install pyte)", file=sys.stderr)
    sys.exit(3)


def golden_screens(path):
    """The golden's distinct screens: (rows, masks, cursor) tuples."""
    lines, cols = 24, 80
    rows = [""] * lines
    masks = [""] * lines
    out = []
    cur = None

    def flush():
        if cur is not None:
            shot = (tuple(rows), tuple(masks), cur)
            if not out or out[-1] != shot:
                out.append(shot)

    with open(path, encoding="latin-1") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("F "):
                flush()
                # F n key|line|exit Y,X ...
                y, x = line.split(" ")[3].split(",")
                cur = (int(y), int(x))
                # An unchanged row keeps its mask only if no A line comes.
            elif line.startswith("R "):
                parts = line.split(" ", 2)
                y = int(parts[1])
                rows[y] = parts[2] if len(parts) > 2 else ""
                masks[y] = ""
            elif line.startswith("A "):
                parts = line.split(" ", 2)
                masks[int(parts[1])] = parts[2]
    flush()
    return out, lines, cols


def events(path):
    """The recording's output events, as bytes, and its size."""
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".cast"):
        text = data.decode("utf-8").splitlines()
        head = json.loads(text[0])
        assert head["version"] == 2, head
        out = []
        last = -1.0
        for line in text[1:]:
            t, kind, s = json.loads(line)
            assert kind == "o" and t >= last, line
            last = t
            out.append(s.encode("latin-1"))
        return out, head["height"], head["width"]
    out = []
    at = 0
    last = (0, 0)
    while at < len(data):
        sec, usec, n = struct.unpack("<III", data[at : at + 12])
        assert (sec, usec) >= last and usec < 1000000, (sec, usec)
        last = (sec, usec)
        out.append(data[at + 12 : at + 12 + n])
        at += 12 + n
    return out, 24, 80


def shown(screen):
    rows, masks = [], []
    for y in range(screen.lines):
        line = screen.buffer[y]
        text = "".join(line[x].data for x in range(screen.columns))
        mask = "".join("S" if line[x].reverse else "." for x in range(screen.columns))
        rows.append(text.rstrip(" "))
        masks.append(mask.rstrip("."))
    return (tuple(rows), tuple(masks), (screen.cursor.y, screen.cursor.x))


def compare(expected, recording):
    want, lines, cols = golden_screens(expected)
    evs, h, w = events(recording)
    if (h, w) != (lines, cols):
        return [f"{recording}: size {w}x{h}, the golden's is {cols}x{lines}"]
    screen = pyte.Screen(w, h)
    stream = pyte.ByteStream(screen)
    got = []
    for e in evs:
        stream.feed(e)
        got.append(shown(screen))
    errors = []
    if len(got) != len(want):
        errors.append(f"{recording}: {len(got)} screens, the golden has {len(want)}")
    for i, (g, e) in enumerate(zip(got, want)):
        if g != e:
            for y in range(lines):
                if g[0][y] != e[0][y] or g[1][y] != e[1][y]:
                    errors.append(f"{recording}: screen {i} row {y}: {g[0][y]!r} {g[1][y]!r}, want {e[0][y]!r} {e[1][y]!r}")
                    break
            else:
                errors.append(f"{recording}: screen {i} cursor {g[2]}, want {e[2]}")
            break
    return errors


def main(args):
    if len(args) % 2 or not args:
        print(__doc__, file=sys.stderr)
        return 2
    errors = []
    for i in range(0, len(args), 2):
        errors += compare(args[i], args[i + 1])
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
