#!/bin/sh
# Build the page: web/dist/, plain files for any static host (doc/WEB.md).
# Needs the wasm32-wasip1 Rust target and the npm packages of
# web/package-lock.json (`npm ci` in web/, which this runs when they are
# missing).
set -eu
web=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$web")
out=${1:-$web/dist}
cd "$web"
[ -x node_modules/.bin/wasm-opt ] || npm ci --no-audit --no-fund
cd "$root"
cargo build --profile web -p rogue-web --target wasm32-wasip1
rm -rf "$out"
mkdir -p "$out/wasi"
# Asyncify only what can reach the one import that waits (rogue.wait_key):
# the game's stack unwinds there and rewinds when the page has a key.
"$web/node_modules/.bin/wasm-opt" target/wasm32-wasip1/web/rogue-web.wasm \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --asyncify --pass-arg=asyncify-imports@rogue.wait_key -Os -o "$out/rogue.wasm"
cp "$web"/site/* "$out/"
cp "$web/node_modules/@xterm/xterm/lib/xterm.mjs" "$web/node_modules/@xterm/xterm/css/xterm.css" "$out/"
cp "$web"/node_modules/@bjorn3/browser_wasi_shim/dist/*.js "$out/wasi/"
# The Rog-O-Matic games, to watch by number (?game=N).
mkdir -p "$out/datasets/rogomatic"
cp "$root"/datasets/rogomatic/*.case "$out/datasets/rogomatic/"
echo "built $out"
