#!/usr/bin/env bash
# Builds bigboard as it was at a commit, to a path of its own, so that the
# current version can play it (`match ... --b "uci:PATH uci,movetime=100"`).
#
#   bench/baseline.sh [COMMIT] [--dest DIR]
#
#   COMMIT      the revision to build (default: the strength baseline named
#               in docs/performance.md, the last commit before the search changes
#               measured against it)
#   --dest DIR  where its source and binary go (default
#               ~/.cache/bigboard/baseline)
#
# Prints the binary's path, DIR/bigboard-COMMIT (the full hash). The
# commands it runs, from this repository:
#   git archive COMMIT | tar -x -C DIR/src-COMMIT
#   nice cargo build --release --bin bigboard --manifest-path DIR/src-COMMIT/Cargo.toml --target-dir DIR/target
set -euo pipefail

DEFAULT_COMMIT=84e22be5e25ffae12e21bae0fe6598509d6eb9b8

commit="$DEFAULT_COMMIT"
dest="$HOME/.cache/bigboard/baseline"
while [ $# -gt 0 ]; do
  case "$1" in
    --dest) dest=${2:?--dest needs a directory}; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "error: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) commit=$1; shift ;;
  esac
done

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse --verify "$commit^{commit}") || {
  echo "error: revision $commit is not in $repo" >&2
  exit 2
}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
src="$dest/src-$rev"
bin="$dest/bigboard-$rev"
if [ ! -x "$bin" ]; then
  rm -rf "$src"
  mkdir -p "$src"
  git -C "$repo" archive "$rev" | tar -x -C "$src"
  nice -n 10 cargo build --release --bin bigboard --manifest-path "$src/Cargo.toml" --target-dir "$dest/target" >&2
  cp "$dest/target/release/bigboard" "$bin"
fi
echo "$bin"
