#!/usr/bin/env bash
# Perft speed of UC-170-17's speed positions (docs/performance.md, "Perft speed"): the 'plain'
# 'new' and 'mech' positions of tests/data/perft/uc-170-17.epd, drawn by
# bench/uc_speed_positions.py, each to DEPTH (4 by default), and the
# 'lend' set (mech-9 ... mech-15: borrowers placed to lend to each other,
# Chameleons) one ply less, with the nodes per second of each set (nodes
# over the time perft reports).
#
#   bench/uc-speed.sh [DEPTH] [--bin PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=4
bin=target/release/bigboard
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=${2:?--bin needs a path}; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) depth=$1; shift ;;
  esac
done
if [ "$bin" = target/release/bigboard ]; then
  cargo build --release --bin bigboard >&2
fi
for set in plain new mech lend; do
  nodes=0
  ms=0
  d=$depth
  case $set in
    mech) pattern='^mech-[1-8] ' ;;
    lend) pattern='^mech-(9|1[0-5]) '; d=$((depth - 1)) ;;
    *) pattern="^$set-" ;;
  esac
  while IFS=';' read -r label fen _; do
    label=$(echo "$label" | xargs)
    fen=$(echo "$fen" | xargs)
    line=$("$bin" perft uc-170-17 "$d" --fen "$fen" | tail -1)
    n=$(echo "$line" | awk '{print $3}')
    t=$(echo "$line" | awk '{print $5}')
    printf '%-8s %s\n' "$label" "$line"
    nodes=$((nodes + n))
    ms=$((ms + t))
  done < <(grep -E "$pattern" tests/data/perft/uc-170-17.epd)
  echo "$set: $nodes nodes, $ms ms, $((nodes / (ms > 0 ? ms : 1) / 1000)) M nodes/s"
done
