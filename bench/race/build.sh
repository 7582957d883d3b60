#!/usr/bin/env bash
# Builds the other-language contenders of the JWT decode race.
#
#   bench/race/build.sh [node] [go] [rust]     (no argument: all three)
#
# For each family it prints one line on stdout, either `built <family>` or
# `skipped <family>: <reason>` (toolchain or Debian library package absent).
# A family whose toolchain is present but whose build fails prints
# `failed <family>: <reason>`, and the script then exits 1 after trying the rest.
# Build tools' own output goes to stderr. Builds run under `nice -n 10`.
# Nothing is fetched except by `npm ci`, from the npm registry (or npm's cache).
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
failures=0

say_built()   { echo "built $1"; }
say_skipped() { echo "skipped $1: $2"; }
say_failed()  { echo "failed $1: $2"; failures=$((failures + 1)); }

build_node() {
  if ! command -v node >/dev/null 2>&1; then say_skipped node "node not found"; return; fi
  if ! command -v npm >/dev/null 2>&1; then say_skipped node "npm not found"; return; fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "${major:-0}" -lt 20 ]; then say_skipped node "node $(node --version 2>/dev/null) is older than 20"; return; fi
  local dir="$here/node"
  # npm ci when node_modules is missing or older than the lock file.
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    if ! (cd "$dir" && nice -n 10 npm ci --prefer-offline --no-audit --no-fund >&2); then
      say_failed node "npm ci failed"; return
    fi
  fi
  if ! (cd "$dir" && node --input-type=module -e "await import('fast-jwt'); await import('jose')" >&2); then
    say_failed node "fast-jwt or jose does not load from $dir/node_modules"; return
  fi
  say_built node
}

build_go() {
  if ! command -v go >/dev/null 2>&1; then say_skipped go "go not found (Debian: golang-go)"; return; fi
  local src=/usr/share/gocode/src/github.com/golang-jwt/jwt
  if [ ! -f "$src/go.mod" ]; then
    say_skipped go "golang-jwt v4 source not at $src (Debian: golang-github-golang-jwt-jwt-dev)"; return
  fi
  local version
  version="$(dpkg-query -W -f='${Version}' golang-github-golang-jwt-jwt-dev 2>/dev/null || true)"
  version="${version:-unknown}"
  # Module mode; go.mod replaces golang-jwt/v4 with Debian's copy, so no proxy is needed.
  if ! (cd "$here/go" && GO111MODULE=on GOFLAGS= GOPROXY=off GOTOOLCHAIN=local \
        nice -n 10 go build -trimpath -ldflags "-X main.libVersion=$version" -o race-go . >&2); then
    say_failed go "go build failed"; return
  fi
  say_built go
}

build_rust() {
  local cargo
  cargo="$(command -v cargo 2>/dev/null || true)"
  if [ -z "$cargo" ] && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then cargo="${CARGO_HOME:-$HOME/.cargo}/bin/cargo"; fi
  if [ -z "$cargo" ]; then say_skipped rust "cargo not found"; return; fi
  if ! ls -d /usr/share/cargo/registry/jsonwebtoken-8.2.0 >/dev/null 2>&1; then
    say_skipped rust "jsonwebtoken 8.2.0 not in /usr/share/cargo/registry (Debian: librust-jsonwebtoken-dev)"; return
  fi
  # Runs from rust/ so that rust/.cargo/config.toml (offline, Debian's registry) applies.
  if ! (cd "$here/rust" && nice -n 10 "$cargo" build --release >&2); then
    say_failed rust "cargo build --release failed"; return
  fi
  say_built rust
}

families=("$@")
[ ${#families[@]} -eq 0 ] && families=(node go rust)
for family in "${families[@]}"; do
  case "$family" in
    node) build_node ;;
    go) build_go ;;
    rust) build_rust ;;
    *) echo "build.sh: unknown family '$family' (node, go, rust)" >&2; exit 2 ;;
  esac
done
[ "$failures" -eq 0 ] || exit 1
