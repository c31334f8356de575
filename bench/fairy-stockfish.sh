#!/usr/bin/env bash
# Builds Fairy-Stockfish (largeboards, for boards up to 12 x 10 such as
# Xhess's 10 x 10) from its public source, outside this repository: the
# reference opponent of `bigboard match ... --b "uci:..."`.
#
#   bench/fairy-stockfish.sh [--source DIR] [--dest DIR] [--commit REV]
#
#   --source DIR  a Fairy-Stockfish checkout (or a bare git directory) to
#                 build from; without it the public repository is cloned:
#                   git clone https://github.com/fairy-stockfish/Fairy-Stockfish
#   --dest DIR    where the work tree and the binary go
#                 (default ~/.cache/bigboard/fairy-stockfish)
#   --commit REV  the revision built (default: the one docs/performance.md was measured against)
#   ARCH=...      environment: the Makefile's ARCH; by default the best of
#                 x86-64-avx2 / x86-64-modern / x86-64 that /proc/cpuinfo allows
#
# The binary is DEST/fairy-stockfish; the revision built is in
# DEST/fairy-stockfish.commit. The commands it runs, in order:
#   git clone https://github.com/fairy-stockfish/Fairy-Stockfish DEST/repo.git --bare
#   git --git-dir DEST/repo.git archive REV | tar -x -C DEST/src
#   cd DEST/src/src && nice make -j2 build ARCH=x86-64-avx2 largeboards=yes nnue=no
# (nnue=no is the Makefile's default: the classical evaluation, no network
# downloaded; Fairy-Stockfish's variants other than chess use it anyway.)
set -euo pipefail

# The revision docs/performance.md's figures were measured against (its master
# branch then; the binary names itself "Fairy-Stockfish 251126 LB").
DEFAULT_COMMIT=c19b5f6c66894fdb0e88d0dd100e3885f744760a
REPO_URL=https://github.com/fairy-stockfish/Fairy-Stockfish

source_dir=""
dest="$HOME/.cache/bigboard/fairy-stockfish"
commit="$DEFAULT_COMMIT"
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_dir=${2:?--source needs a directory}; shift 2 ;;
    --dest) dest=${2:?--dest needs a directory}; shift 2 ;;
    --commit) commit=${2:?--commit needs a revision}; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

if [ -z "${ARCH:-}" ]; then
  flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
  has() { [[ " $flags " == *" $1 "* ]]; }
  if has avx2 && has popcnt; then ARCH=x86-64-avx2
  elif has sse4_1 && has popcnt; then ARCH=x86-64-modern
  else ARCH=x86-64
  fi
fi

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# The git directory to take the source from: the one given, or a clone.
if [ -n "$source_dir" ]; then
  if git -C "$source_dir" rev-parse --git-dir >/dev/null 2>&1; then
    gitdir=$(cd "$source_dir" && cd "$(git rev-parse --git-dir)" && pwd)
  else
    echo "error: --source $source_dir is not a git checkout or git directory" >&2
    exit 2
  fi
else
  gitdir="$dest/repo.git"
  if [ ! -d "$gitdir" ]; then
    echo "== git clone $REPO_URL"
    git clone --bare "$REPO_URL" "$gitdir"
  fi
fi

rev=$(git --git-dir "$gitdir" rev-parse --verify "$commit^{commit}") || {
  echo "error: revision $commit is not in $gitdir" >&2
  exit 2
}

echo "== Fairy-Stockfish $rev, ARCH=$ARCH, in $dest/src"
rm -rf "$dest/src"
mkdir -p "$dest/src"
git --git-dir "$gitdir" archive "$rev" | tar -x -C "$dest/src"
(cd "$dest/src/src" && nice -n 10 make -j2 build ARCH="$ARCH" largeboards=yes nnue=no)
cp "$dest/src/src/stockfish" "$dest/fairy-stockfish"
echo "$rev ARCH=$ARCH largeboards=yes" > "$dest/fairy-stockfish.commit"
echo "== built $dest/fairy-stockfish"
"$dest/fairy-stockfish" <<<'quit' | head -1
