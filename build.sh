#!/usr/bin/env bash
# bigboard's build, serve and test entry point.
#   ./build.sh          build the release wasm and the page into www/dist/
#   ./build.sh serve    build, then serve www/dist at http://localhost:8080
#   ./build.sh test     run every test: rustfmt, clippy, cargo tests, the
#                       crate packed and built from its package, the
#                       wasm boundary (wasm-bindgen-test in Node), the
#                       TypeScript check and unit tests, the npm package
#                       (packed, installed and used), end-to-end
#                       tests in headless Chromium, and XBoard playing
#                       bigboard under Xvfb
# Each step installs what it needs when it is missing.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
WASM_TARGET=wasm32-unknown-unknown
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '\n== %s\n' "$*"; }

# The wasm-bindgen crate version from Cargo.lock: the CLI must match it.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

need_rust_tools() {
  if ! cargo clippy --version >/dev/null 2>&1; then rustup component add clippy; fi
  if ! cargo fmt --version >/dev/null 2>&1; then rustup component add rustfmt; fi
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    rustup target add "$WASM_TARGET"
  fi
  local want
  want=$(wasm_bindgen_version)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    log "installing wasm-bindgen-cli $want"
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

need_npm() {
  if [ ! -x www/node_modules/.bin/esbuild ] || [ www/package.json -nt www/node_modules/.package-lock.json ]; then
    log "npm install"
    (cd www && npm install --no-audit --no-fund)
  fi
}

need_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "installing Debian's chromium"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
}

# XBoard plays engine matches against bigboard under a virtual X server in
# tests/xboard_match.rs; xvfb-run needs xauth.
need_xboard() {
  if ! { [ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1; } ||
    ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then
    log "installing Debian's xboard and xvfb"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y xboard xvfb xauth
  fi
}

# wasm-opt from the npm package binaryen (a system one otherwise) makes
# a module about a sixth smaller. An older one (Debian's) cannot read
# what this Rust emits: the module then stays as built.
optimize_wasm() {
  local file=$1 opt=www/node_modules/.bin/wasm-opt
  [ -x "$opt" ] || opt=$(command -v wasm-opt || true)
  [ -n "$opt" ] || return 0
  log "wasm-opt $file"
  if "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
    -o "$file.opt" "$file"; then
    mv "$file.opt" "$file"
  else
    rm -f "$file.opt"
    log "wasm-opt could not read $file; it is used as built"
  fi
}

build_wasm() {
  log "cargo build (wasm)"
  cargo build --release --lib --target "$WASM_TARGET"
  mkdir -p www/pkg
  wasm-bindgen --target web --out-dir www/pkg --no-typescript \
    "target/$WASM_TARGET/release/bigboard.wasm"
  optimize_wasm www/pkg/bigboard_bg.wasm
  # Which way the module's branches go, from a profile of its own searches,
  # for the browser's compiler (www/tools/branch-hints.mjs).
  log "branch hints"
  (cd www && node tools/branch-hints.mjs pkg)
  # The page's second module: the importers of other programs' variant
  # formats alone, loaded when a variant is pasted (src/wasm/mod.rs). Built
  # after the play module, whose file of the same name it replaces in target/.
  log "cargo build (wasm, the import module)"
  cargo build --release --lib --target "$WASM_TARGET" --features import-module
  wasm-bindgen --target web --out-dir www/pkg --out-name bigboard_import --no-typescript \
    "target/$WASM_TARGET/release/bigboard.wasm"
  optimize_wasm www/pkg/bigboard_import_bg.wasm
}

build_page() {
  log "bundle the page"
  rm -rf www/dist
  mkdir -p www/dist
  (cd www && node build.mjs)
}

build() {
  need_rust_tools
  need_npm
  build_wasm
  build_page
  local raw gz
  raw=$(wc -c < www/dist/bigboard_bg.wasm)
  gz=$(gzip -9 -c www/dist/bigboard_bg.wasm | wc -c)
  echo "wasm: $raw bytes, $gz bytes gzipped"
  raw=$(wc -c < www/dist/bigboard_import_bg.wasm)
  gz=$(gzip -9 -c www/dist/bigboard_import_bg.wasm | wc -c)
  echo "import wasm: $raw bytes, $gz bytes gzipped"
}

run_tests() {
  build
  log "cargo fmt --check"
  cargo fmt --check
  log "cargo clippy"
  cargo clippy --all-targets -- -D warnings
  cargo clippy --lib --target "$WASM_TARGET" -- -D warnings
  cargo clippy --lib --target "$WASM_TARGET" --features import-module -- -D warnings
  cargo clippy --target "$WASM_TARGET" --test wasm -- -D warnings
  need_xboard
  log "cargo test --release"
  cargo test --release
  # The crate as crates.io would get it: the include list in Cargo.toml,
  # built from the packed sources alone (docs/rust-crate.md).
  log "cargo package"
  cargo package --allow-dirty --quiet
  log "wasm-bindgen-test (Node)"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --release --target "$WASM_TARGET" --test wasm
  log "TypeScript: type check and unit tests"
  (cd www && npx tsc --noEmit -p . && node build.mjs --tests && node --test dist-tests/ tools/)
  need_chromium
  log "the npm package: packed, installed, used from Node and a bundled page"
  (cd www && node --test tests/package/)
  log "end-to-end tests in headless Chromium"
  (cd www && node --test tests/e2e/)
}

case "${1:-build}" in
  build) build ;;
  serve)
    build
    log "serving www/dist at http://localhost:8080 (Ctrl-C to stop)"
    python3 -m http.server 8080 --bind 127.0.0.1 --directory "$ROOT/www/dist"
    ;;
  test) run_tests ;;
  *)
    echo "usage: ./build.sh [build|serve|test]" >&2
    exit 2
    ;;
esac
