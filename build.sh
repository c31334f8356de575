#!/usr/bin/env bash
# bigboard's build and test entry point.
#   ./build.sh test    run every test: cargo tests, clippy, rustfmt
set -euo pipefail
cd "$(dirname "$0")"

need_component() {
  # clippy and rustfmt ship with the toolchain; add them only when missing.
  if ! cargo "$1" --version >/dev/null 2>&1; then
    rustup component add "$2"
  fi
}

run_tests() {
  need_component clippy clippy
  need_component fmt rustfmt
  echo "== cargo fmt --check"
  cargo fmt --check
  echo "== cargo clippy"
  cargo clippy --all-targets -- -D warnings
  echo "== cargo test --release"
  cargo test --release
}

case "${1:-}" in
  test) run_tests ;;
  *)
    echo "usage: ./build.sh test" >&2
    exit 2
    ;;
esac
