#!/bin/sh
# The max RSS of an interactive game: BINARY (default target/dist/rogue,
# the shipped build: cargo build --profile dist) runs on a tmux pty of 80x24
# with TERM (default vt100), gets a few dozen keys, and quits. Prints VmHWM
# and the smaps summary read while it runs, and the max RSS that GNU time
# (/usr/bin/time, Debian's `time`) reports at its end. A measure, not a
# test: nothing runs it automatically. See doc/PERFORMANCE.md, "Memory".
#
#   tests/rss.sh [BINARY [TERM]]      e.g. tests/rss.sh target/release/rogue tmux-256color
#   RSS_DETAIL=1 tests/rss.sh ...     also every mapping's resident and dirty kB
#   RSS_ARGS="--seed 1" tests/rss.sh  the game's arguments (the same dungeon
#                                     every run; games vary by 100-200 kB)
#
# Any other Rogue 5.4.4 binary that takes the same keys (the original, for
# one) is measured the same way: it runs in a fresh folder that is its HOME
# and working directory.
set -eu

bin=$(realpath "${1:-target/dist/rogue}")
term=${2:-vt100}
dir=$(mktemp -d)
sock="rss-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$dir"' EXIT

keys() { for k in "$@"; do tmux -L "$sock" send-keys -t rss -l -- "$k"; sleep 0.05; done; }

cd "$dir"
tmux -L "$sock" -f /dev/null new-session -d -s rss -x 80 -y 24 \
    "env HOME=$dir TERM=$term ROGUEOPTS=name=rss /usr/bin/time -v -o $dir/time.txt $bin ${RSS_ARGS:-}; sleep 1"
sleep 0.5
timepid=$(tmux -L "$sock" list-panes -t rss -F '#{pane_pid}')
# The pane runs `sh -c`, which runs env (exec'ing time), which forks the game.
pid=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
    for p in $(pgrep -P "$timepid") $timepid; do
        for c in $(pgrep -P "$p" 2>/dev/null) ; do
            [ "$(readlink /proc/"$c"/exe 2>/dev/null)" = "$bin" ] && pid=$c
        done
        [ "$(readlink /proc/"$p"/exe 2>/dev/null)" = "$bin" ] && pid=$p
    done
    [ -n "$pid" ] && break
    sleep 0.2
done
[ -n "$pid" ] || { echo "rss.sh: the game did not start" >&2; exit 1; }

# Walk about, look at the inventory and the help, search a little.
keys h h h j j j l l l l k k k y u b n H J L K s s s s s
keys i ' ' '?' ' ' '*' ' ' 'h' 'l' 'j' 'k' 'l' 'l' 'h'
sleep 0.3
echo "binary: $bin"
echo "TERM:   $term"
grep -E '^(VmHWM|VmRSS|RssAnon|RssFile)' /proc/"$pid"/status
grep -E '^(Rss|Pss|Private_Dirty|Shared_Clean|Private_Clean|Anonymous)' /proc/"$pid"/smaps_rollup
if [ "${RSS_DETAIL:-0}" = 1 ]; then
    echo "   rss  dirty (kB)  mapping"
    awk '/^[0-9a-f]+-[0-9a-f]+ /{m=$2 " " $6} /^Rss:/{r=$2} /^Private_Dirty:/{if (r) printf "%6d %6d  %s\n", r, $2, m}' \
        /proc/"$pid"/smaps
fi
# Quit: past any --More-- (space, escape), Q, y, then return past the
# tombstone and the score list, until the game has ended.
for _ in 1 2 3 4 5 6 7 8 9 10; do
    [ -s "$dir/time.txt" ] && break
    keys ' ' "$(printf '\033')" Q y
    sleep 0.3
    tmux -L "$sock" send-keys -t rss Enter
    sleep 0.3
done
grep -E 'Maximum resident' "$dir/time.txt" || {
    echo "rss.sh: the game did not end; its screen:" >&2
    tmux -L "$sock" capture-pane -p -t rss >&2
    exit 1
}
