#!/usr/bin/env bash
# Runs one built contender of the JWT decode race.
#
#   bench/race/run-contender.sh <contender> --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]
#   bench/race/run-contender.sh --list
#
# Contenders: fast-jwt, jose (node), golang-jwt (go), jsonwebtoken (rust).
# stdout, stderr and the exit code are the program's own (see README.md);
# exit 2 also when the contender is unknown or not built (run build.sh first).
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ $# -lt 1 ]; then
  echo "usage: run-contender.sh <contender>|--list <args...>" >&2
  exit 2
fi
if [ "$1" = "--list" ]; then
  printf '%s\n' fast-jwt jose golang-jwt jsonwebtoken
  exit 0
fi

contender="$1"
shift
not_built() {
  echo "run-contender.sh: $contender is not built ($1); run bench/race/build.sh" >&2
  exit 2
}

case "$contender" in
  fast-jwt|jose)
    [ -d "$here/node/node_modules" ] || not_built "no $here/node/node_modules"
    exec node "$here/node/race.mjs" --contender "$contender" "$@" ;;
  golang-jwt)
    [ -x "$here/go/race-go" ] || not_built "no $here/go/race-go"
    exec "$here/go/race-go" "$@" ;;
  jsonwebtoken)
    [ -x "$here/rust/target/release/race-rust" ] || not_built "no $here/rust/target/release/race-rust"
    exec "$here/rust/target/release/race-rust" "$@" ;;
  *)
    echo "run-contender.sh: unknown contender '$contender' (try --list)" >&2
    exit 2 ;;
esac
