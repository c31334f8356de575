#!/usr/bin/env bash
# The instructions a node of `bench`'s eight searches of the four first
# variants, counted by valgrind: deterministic where timings on a busy
# machine drift by a fifth between identical runs, so two builds compare
# exactly (their trees may differ; the count is per node of each).
#
#   bench/instructions.sh [BIN ...]     (default: target/release/bigboard)
#
# Each search (`search VARIANT --moves ... --depth D --hash 16`, bench's
# positions and depths) is counted less the same search to depth 1, so the
# variant's start-up (compiling its tables, measuring its piece values)
# cancels. Prints each search's nodes and instructions a node, then the
# whole: total instructions over total nodes, the time-weighted figure
# that bench's four-variant rate follows at equal instructions a cycle.
# Builds whose `search` command takes these arguments can be compared
# (the strength baseline's can: bench/baseline.sh builds it).
# Needs valgrind (apt-get install valgrind); about 5 minutes a build.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
[ $# -gt 0 ] || set -- target/release/bigboard

# variant, depth, moves: the positions of `bench` (src/bin/bigboard/commands.rs)
positions="xhess 11
xhess 10 a3b5 a8b6 j3i5 j8i6 e4e5
really-big-board 10
really-big-board 9 i2i7 h15h10 k1l4 g16h14 j1i3
flee 9
flee 7 h2h3 i15j14 i1h2 h16f14
overboard 9
overboard 9 e4e5 e13e12 f2e4 f15e13"

# Prints "instructions nodes" of one search.
count() {
  local bin=$1 variant=$2 moves=$3 depth=$4 out
  out=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" search "$variant" --moves "$moves" --depth "$depth" --hash 16 2>&1)
  echo "$(echo "$out" | awk '/I *refs/ {gsub(",", "", $4); print $4}')" \
    "$(echo "$out" | awk -v d="$depth" '$1 == "info" && $2 == "depth" && $3 == d {for (i = 4; i < NF; i++) if ($i == "nodes") print $(i + 1)}')"
}

for bin in "$@"; do
  [ -x "$bin" ] || { echo "no binary $bin (cargo build --release)" >&2; exit 1; }
  total_ir=0
  total_nodes=0
  while read -r variant depth moves; do
    read -r ir nodes < <(count "$bin" "$variant" "$moves" "$depth")
    read -r ir1 nodes1 < <(count "$bin" "$variant" "$moves" 1)
    n=$((nodes - nodes1))
    printf '%-17s depth %2d %9d nodes %6d instructions a node\n' "$variant" "$depth" "$n" $(((ir - ir1) / n))
    total_ir=$((total_ir + ir - ir1))
    total_nodes=$((total_nodes + n))
  done <<<"$positions"
  printf '%s: %d nodes, %d instructions a node\n' "$bin" "$total_nodes" $((total_ir / total_nodes))
done
