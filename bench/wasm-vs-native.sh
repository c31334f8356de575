#!/usr/bin/env bash
# The browser worker's engine against the native one: the same fixed-depth
# search, alternately in the wasm module the page loads (under Node) and in
# the native binary, so that the machine's drift falls on both alike.
#
#   bench/wasm-vs-native.sh [VARIANT] [DEPTH]     (default: xhess 13)
#
#   ROUNDS=N   pairs of runs (default 8)
#
# Needs `./build.sh` first (the module in www/pkg, the binary in
# target/release). Both search from the variant's start with a 64 MB hash
# table, as the page's worker does. The module runs three searches in one
# Node process, each after clearing its tables, and reports the last (the
# code then fully compiled); the native binary runs one search a process.
# Prints each pair's nodes per second and their ratio, then the medians.
set -euo pipefail
cd "$(dirname "$0")/.."

variant=${1:-xhess}
depth=${2:-13}
rounds=${ROUNDS:-8}
bin=target/release/bigboard
pkg=$PWD/www/pkg
[ -x "$bin" ] && [ -f "$pkg/bigboard_bg.wasm" ] || {
  echo "run ./build.sh first (needs $bin and $pkg/bigboard_bg.wasm)" >&2
  exit 1
}

wasm_rate() {
  node --input-type=module -e "
    import { readFileSync } from 'node:fs';
    const mod = await import('$pkg/bigboard.js');
    mod.initSync({ module: readFileSync('$pkg/bigboard_bg.wasm') });
    const engine = new mod.Engine(64);
    let rate = 0;
    for (let i = 0; i < 3; i++) {
      engine.clear();
      const t = performance.now();
      const r = engine.searchDepth('$variant', null, '', '', $depth);
      rate = Math.round(r.nodes / (performance.now() - t) * 1000);
    }
    console.log(rate);
  "
}

native_rate() {
  "$bin" search "$variant" --depth "$depth" --hash 64 | sed -n "s/^info depth $depth .* nps \([0-9]*\) .*/\1/p" | head -1
}

natives=()
wasms=()
for i in $(seq "$rounds"); do
  n=$(native_rate)
  w=$(wasm_rate)
  natives+=("$n")
  wasms+=("$w")
  awk -v n="$n" -v w="$w" -v i="$i" 'BEGIN { printf "round %d: native %d nodes/s, wasm %d nodes/s, %.0f%%\n", i, n, w, 100 * w / n }'
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
mn=$(median "${natives[@]}")
mw=$(median "${wasms[@]}")
awk -v n="$mn" -v w="$mw" 'BEGIN { printf "median: native %d nodes/s, wasm %d nodes/s, %.0f%%\n", n, w, 100 * w / n }'
