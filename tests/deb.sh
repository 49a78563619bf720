#!/bin/sh
# The Debian package (doc/DEBIAN.md), built, installed and played on this
# machine: `cargo deb` of the dist build with the system files in
# /var/games; `dpkg -i`; the files as the package must leave them
# (/usr/games/rogue 2755 root:games, the score file and the log of games
# 664 root:games, the manual page, the copyright file); `rogue -d` played
# by a temporary unprivileged user posts to the system score file and logs
# its line, while that user cannot otherwise write to /var/games; then
# `dpkg --purge` and the user removed: the machine is left as it was.
#
# Needs root, dpkg, cargo-deb (cargo install cargo-deb --locked), useradd
# and setpriv. Without them it says "skipped" (and fails under CI=true).
# Run by .ci/run.
set -eu
cd "$(dirname "$0")/.."

skip() {
    if [ "${CI:-}" = true ]; then
        echo "deb: cannot run: $1" >&2
        exit 1
    fi
    echo "deb: skipped: $1"
    exit 0
}
[ "$(id -u)" = 0 ] || skip "not root"
for t in dpkg dpkg-deb useradd userdel setpriv; do
    command -v "$t" >/dev/null 2>&1 || skip "no $t"
done
cargo deb --version >/dev/null 2>&1 || skip "no cargo-deb (cargo install cargo-deb --locked)"
if dpkg -s rogue >/dev/null 2>&1; then
    skip "a rogue package is installed already (this test would remove it)"
fi

PLAYER=roguedebtest
had_var_games=no
[ -d /var/games ] && had_var_games=yes
before=$(ls -la /var/games 2>/dev/null || true)
work=$(mktemp -d /tmp/rogue-deb.XXXXXX)
cleanup() {
    dpkg --purge rogue >/dev/null 2>&1 || true
    userdel "$PLAYER" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "deb: $*" >&2
    exit 1
}

# The package's metadata alone picks the dist profile and the system files
# in /var/games (the var-games feature), in a target folder of its own so
# that target/dist/rogue keeps none.
env -u ROGUE_SCOREFILE -u ROGUE_LOCKFILE -u ROGUE_LOGFILE CARGO_TARGET_DIR=target/deb \
    cargo deb -q -p rogue-terminal -o "$work/rogue.deb" >/dev/null
deb="$work/rogue.deb"
for p in /var/games/rogue.scr /var/games/rogue.lck /var/games/rogue.log; do
    grep -q "$p" target/deb/dist/rogue || fail "target/deb/dist/rogue does not name $p"
done
# Linked to the system's libc and ncurses (the shared-libs feature), which
# the package depends on.
readelf -lW target/deb/dist/rogue | grep -q INTERP || fail "the packaged binary is linked statically"
dpkg-deb -f "$deb" Depends | grep -q 'libncurses' || fail "no Depends on libncurses: $(dpkg-deb -f "$deb" Depends)"
# Debian's own checks: no error and no warning (doc/DEBIAN.md). lintian is
# installed by .ci/run; elsewhere it is skipped without it.
if command -v lintian >/dev/null 2>&1; then
    tags=$(lintian --tag-display-limit 0 "$deb" 2>/dev/null | grep -E '^[EW]: ' || true)
    [ -z "$tags" ] || fail "lintian: $tags"
elif [ "${CI:-}" = true ]; then
    fail "no lintian (apt-get install lintian)"
fi
contents=$(dpkg-deb -c "$deb")
echo "$contents" | grep -q ' ./usr/games/rogue$' || fail "no /usr/games/rogue in the package"
echo "$contents" | grep -q ' ./usr/share/man/man6/rogue.6.gz$' || fail "no rogue.6.gz in the package"
echo "$contents" | grep -q ' ./usr/share/doc/rogue/copyright$' || fail "no copyright file in the package"
echo "$contents" | grep -q ' ./usr/share/doc/rogue/changelog.Debian.gz$' || fail "no changelog in the package"
for c in bash-completion/completions/rogue zsh/vendor-completions/_rogue fish/vendor_completions.d/rogue.fish; do
    echo "$contents" | grep -q " ./usr/share/$c\$" || fail "no /usr/share/$c (the shell completions) in the package"
done

dpkg -i "$deb" >/dev/null
mode() { stat -c '%a %U %G' "$1"; }
[ "$(mode /usr/games/rogue)" = "2755 root games" ] || fail "/usr/games/rogue is $(mode /usr/games/rogue)"
for f in /var/games/rogue.scr /var/games/rogue.log; do
    [ "$(mode "$f")" = "664 root games" ] || fail "$f is $(mode "$f")"
done
zcat /usr/share/man/man6/rogue.6.gz | grep -q '^\.TH ROGUE 6' || fail "the manual page does not read"
grep -q 'BSD-3-Clause' /usr/share/doc/rogue/copyright || fail "the copyright file has no licence"

useradd -M -d /nonexistent -s /usr/sbin/nologin "$PLAYER"
uid=$(id -u "$PLAYER")
gid=$(id -g "$PLAYER")
chown "$uid:$gid" "$work"
as_player() {
    (cd "$work" && setpriv --reuid "$uid" --regid "$gid" --clear-groups -- \
        env -i TERM=vt100 PATH=/usr/bin:/bin HOME=/nonexistent TZ=UTC "$@")
}

# A death posts its score to the system file and logs its line.
printf '\n\n\n\n' | as_player /usr/games/rogue -d >"$work/out" 2>"$work/err" || fail "rogue -d failed: $(cat "$work/err")"
[ ! -s "$work/err" ] || fail "rogue -d said: $(cat "$work/err")"
[ "$(stat -c %s /var/games/rogue.scr)" = 11240 ] || fail "the score file was not written"
as_player /usr/games/rogue -s >"$work/list" 2>&1 || fail "rogue -s failed"
grep -q " $PLAYER: killed on level " "$work/list" || fail "no score of $PLAYER's: $(cat "$work/list")"
[ "$(wc -l </var/games/rogue.log)" = 1 ] || fail "the log has $(wc -l </var/games/rogue.log) lines"
grep -q "^version=5\.4\.4:name=$PLAYER:points=[0-9]*:.*:death=killed by [^:]*:.*:uid=$uid$" /var/games/rogue.log ||
    fail "the log line: $(cat /var/games/rogue.log)"
# The death demo's line: a new hero's hit points and the game's seed, not zeros.
grep -q ':hp=12:maxhp=12:' /var/games/rogue.log || fail "the log line's hit points: $(cat /var/games/rogue.log)"
grep -q ':seed=0:' /var/games/rogue.log && fail "the log line's seed is 0: $(cat /var/games/rogue.log)"
for f in /var/games/rogue.scr /var/games/rogue.log; do
    [ "$(mode "$f")" = "664 root games" ] || fail "$f is now $(mode "$f")"
done

# The player has no other way into /var/games.
as_player sh -c 'echo x >/var/games/new' 2>/dev/null && fail "$PLAYER made a file in /var/games"
as_player sh -c 'echo x >>/var/games/rogue.scr' 2>/dev/null && fail "$PLAYER wrote the score file"
as_player sh -c 'echo x >>/var/games/rogue.log' 2>/dev/null && fail "$PLAYER wrote the log of games"
# Nor through the game: a log or score file it names gets no group rights.
printf '\n\n\n\n' | as_player /usr/games/rogue -d --logfile /var/games/rogue.scr >/dev/null 2>"$work/err" || true
grep -q 'log line was not written' "$work/err" || fail "--logfile /var/games/rogue.scr: $(cat "$work/err")"
[ "$(wc -l </var/games/rogue.log)" = 1 ] || fail "--logfile did not replace the system log"
printf '\n\n\n\n' | as_player /usr/games/rogue -d --score-file /var/games/rogue.log >/dev/null 2>"$work/err" || true
grep -q 'Could not open /var/games/rogue.log for writing' "$work/err" || fail "--score-file: $(cat "$work/err")"
[ "$(wc -l </var/games/rogue.log)" = 1 ] || fail "the log changed"

# Removed, the scores stay; purged, they go, and the machine is as it was.
dpkg -r rogue >/dev/null
[ ! -e /usr/games/rogue ] || fail "/usr/games/rogue is still there after dpkg -r"
[ -e /var/games/rogue.scr ] && [ -e /var/games/rogue.log ] || fail "dpkg -r removed the scores"
dpkg --purge rogue >/dev/null
for f in /var/games/rogue.scr /var/games/rogue.log /var/games/rogue.lck; do
    [ ! -e "$f" ] || fail "$f is still there after the purge"
done
if [ "$had_var_games" = no ]; then
    [ ! -e /var/games ] || fail "/var/games is still there"
else
    [ "$(ls -la /var/games 2>/dev/null || true)" = "$before" ] || fail "/var/games changed"
fi
dpkg -s rogue >/dev/null 2>&1 && fail "the package is still known to dpkg"
userdel "$PLAYER"
echo "deb: ok (built, installed, played as $PLAYER, purged)"
