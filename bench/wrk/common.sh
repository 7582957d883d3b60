# Sourced by the wrk load scripts (bench/spring-load.sh, bench/spring-token-load.sh): pinning, the
# tools they need, starting and stopping the servers, and the summary of a run bounded by count
# (bench/wrk/limit.lua) and time. Each caller sets $script (its name, for messages), $jar and
# $jvm_opts before sourcing this file.

# server_pin / wrk_pin: taskset prefixes, with 2+ CPUs: servers on CPU 0, wrk on CPU 1
# (LOAD_SERVER_CPUS / LOAD_WRK_CPUS override; "" to not pin).
server_pin=() wrk_pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  server_cpus=${LOAD_SERVER_CPUS-0}
  wrk_cpus=${LOAD_WRK_CPUS-1}
  [ -n "$server_cpus" ] && server_pin=(taskset -c "$server_cpus")
  [ -n "$wrk_cpus" ] && wrk_pin=(taskset -c "$wrk_cpus")
fi

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "$script: installing wrk" >&2
    apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
  else
    echo "$script: wrk is missing; install it (apt-get install wrk) and run again" >&2
    exit 1
  fi
fi
command -v curl >/dev/null || { echo "$script: curl is missing" >&2; exit 1; }

# $1 wrk output: "requests seconds req/s ended-by p50 p99" (the count and rate from limit.lua's
# clocks; wrk's own Requests/sec divides by -d even when the count ended the run)
summary() {
  awk '
    /^wrk-limit: [0-9]+ responses in / { n = $2; t = $5; rps = $7; sub(/\/s,$/, "", rps); by = $10 }
    $1 == "50%" { p50 = $2 }
    $1 == "99%" { p99 = $2 }
    END { printf "%s %s %s %s %s %s\n", n, t, rps, by, p50, p99 }' "$1"
}

# $1 the Maven module whose jar ($jar) is run: built unless LCJWT_SKIP_BUILD=1 and it exists.
build_jar() {
  if [ -z "${LCJWT_SKIP_BUILD:-}" ] || [ ! -f "$jar" ]; then
    echo "$script: building $jar" >&2
    ./mvnw -B -q -pl "$1" -am package -DskipTests
  fi
}

# A scratch directory for logs and scripts, and the servers started, both gone on exit.
work=$(mktemp -d)
pids=()
stop_servers() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
trap 'stop_servers; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# $@ ports that must be free on 127.0.0.1
require_free_ports() {
  local port
  for port in "$@"; do
    if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
      echo "$script: something already answers on 127.0.0.1:$port; set LOAD_PORTS" >&2
      exit 1
    fi
  done
}

# $1 name, $2 port, rest: extra arguments: $jar on 127.0.0.1, pinned, logging to $work/NAME.log
start() {
  local name=$1 port=$2; shift 2
  # shellcheck disable=SC2086
  "${server_pin[@]}" "$JAVA_HOME/bin/java" $jvm_opts -jar "$jar" --server.address=127.0.0.1 --server.port="$port" \
    "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
}
