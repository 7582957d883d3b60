# Sourced by the wrk load scripts (bench/spring-load.sh, bench/spring-token-load.sh): pinning, the
# tools they need, and the summary of a run bounded by count (bench/wrk/limit.lua) and time.
# Each caller sets $script (its name, for messages) before sourcing this file.

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
