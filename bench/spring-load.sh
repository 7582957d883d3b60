#!/usr/bin/env bash
# HTTP load on the Spring Boot example (examples/spring-resource-server), lcjwt against Boot's own
# NimbusJwtDecoder: the same jar twice on loopback, the second started with lcjwt's
# auto-configuration excluded so Boot builds Nimbus's decoder from the same application.yml.
# wrk sends GET /hello with one genuine ES256 token per run (a fresh one each run, so none
# expires); every run is bounded both by time (-d) and by a request count (a Lua script stops the
# thread after LOAD_REQUESTS responses). Prints a Markdown table with requests/s of both and the
# ratio lcjwt/nimbus. wrk waits out -d even when the count stops it first; the rate printed is
# responses over the time the count took.
#
#   bench/spring-load.sh                      # 10 s warm-up each, then 20 s (or 300,000 requests) each
#   LOAD_DURATION=3s LOAD_WARMUP=2s bench/spring-load.sh    # a quick check that it works
#
# Settings (environment): LOAD_DURATION (20s), LOAD_WARMUP (10s), LOAD_REQUESTS per run (300000),
# LOAD_THREADS (1), LOAD_CONNECTIONS (32), LOAD_TIMEOUT (2s), LOAD_ROUNDS (1; more alternate the
# two), LOAD_PATH (/hello), LOAD_PORTS ("18081 18082"), LOAD_JVM_OPTS (-Xms512m -Xmx512m),
# LOAD_SERVER_CPUS / LOAD_WRK_CPUS (with taskset and 2+ CPUs: 0 and 1, so wrk does not steal the
# servers' CPU; "" to not pin), LCJWT_SKIP_BUILD=1 to use the jar already built. Run it on a
# quiet machine; only 127.0.0.1 is used. LCJWT_LIBCRYPTO picks the libcrypto as everywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/jdk.sh

duration=${LOAD_DURATION:-20s}
warmup=${LOAD_WARMUP:-10s}
requests=${LOAD_REQUESTS:-300000}
threads=${LOAD_THREADS:-1}
connections=${LOAD_CONNECTIONS:-32}
timeout=${LOAD_TIMEOUT:-2s}
rounds=${LOAD_ROUNDS:-1}
path=${LOAD_PATH:-/hello}
read -r lcjwt_port nimbus_port <<<"${LOAD_PORTS:-18081 18082}"
jvm_opts=${LOAD_JVM_OPTS:--Xms512m -Xmx512m}
jar=examples/spring-resource-server/target/spring-resource-server.jar
nimbus_flag=--spring.autoconfigure.exclude=io.lcjwt.spring.LcjwtResourceServerAutoConfiguration

script=spring-load
. bench/wrk/common.sh

build_jar examples/spring-resource-server
require_free_ports "$lcjwt_port" "$nimbus_port"
start lcjwt "$lcjwt_port"
start nimbus "$nimbus_port" "$nimbus_flag"

# $1 name, $2 port, $3 the decoder class it must report
ready() {
  local name=$1 port=$2 want=$3 got="" i
  for i in $(seq 1 180); do
    got=$(curl -sf "http://127.0.0.1:$port/decoder" 2>/dev/null || true)
    [ -n "$got" ] && break
    sleep 0.5
  done
  if [ "$got" != "$want" ]; then
    echo "spring-load: the $name app on port $port reports decoder '${got:-none}', expected $want; its log:" >&2
    tail -n 30 "$work/$name.log" >&2
    exit 1
  fi
}
ready lcjwt "$lcjwt_port" io.lcjwt.spring.LcjwtJwtDecoder
ready nimbus "$nimbus_port" org.springframework.security.oauth2.jwt.NimbusJwtDecoder

# Stops each wrk thread after a fixed number of responses (wrk's own -d bounds the time).
cp bench/wrk/limit.lua "$work/limit.lua"
per_thread=$(( (requests + threads - 1) / threads ))

# $1 port, $2 duration, $3 output file, $4 request limit per thread: one wrk run with a fresh token
run() {
  local port=$1 d=$2 out=$3 limit=$4 token
  token=$(curl -sf "http://127.0.0.1:$port/token?sub=bench" | tr -d '\r\n')
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:$port$path")
  if [ "$code" != 200 ]; then
    echo "spring-load: GET $path on port $port answered $code, not 200; nothing measured" >&2
    exit 1
  fi
  LOAD_REQUESTS_PER_THREAD=$limit "${wrk_pin[@]}" wrk -t"$threads" -c"$connections" -d"$d" --timeout "$timeout" \
    --latency -s "$work/limit.lua" -H "Authorization: Bearer $token" "http://127.0.0.1:$port$path" >"$out"
  if grep -q -e 'Non-2xx' -e 'Socket errors' "$out"; then
    echo "spring-load: errors during the run on port $port (a refused token measures nothing):" >&2
    cat "$out" >&2
    exit 1
  fi
}

echo "spring-load: warm-up, $warmup each" >&2
run "$lcjwt_port" "$warmup" "$work/warm-lcjwt.txt" 0
run "$nimbus_port" "$warmup" "$work/warm-nimbus.txt" 0

lib=$("$JAVA_HOME/bin/java" -version 2>&1 | head -n1)
crypto=$(grep -o 'lcjwt verifies JWTs.*' "$work/lcjwt.log" | sed 's/.*) with //' | head -n1)
echo
echo "Spring Boot 4.0.7 resource server (examples/spring-resource-server), GET $path with one ES256 token,"
echo "wrk -t$threads -c$connections -d$duration --timeout $timeout, at most $requests requests per run,"
echo "after a $warmup warm-up each; $(nproc) CPUs, servers on CPUs ${server_cpus:-any}, wrk on ${wrk_cpus:-any}; $lib; lcjwt on $crypto"
echo
echo "| round | decoder | requests | seconds | requests/s | ended by | p50 | p99 |"
echo "|---|---|---|---|---|---|---|---|"
ratios=()
for r in $(seq 1 "$rounds"); do
  # Alternate who goes first, so a drift of the machine does not always favour one side.
  if [ $((r % 2)) = 1 ]; then order="lcjwt nimbus"; else order="nimbus lcjwt"; fi
  for who in $order; do
    if [ "$who" = lcjwt ]; then port=$lcjwt_port; label="lcjwt (LcjwtJwtDecoder)"; else port=$nimbus_port; label="Nimbus (NimbusJwtDecoder)"; fi
    run "$port" "$duration" "$work/$who-$r.txt" "$per_thread"
    read -r n t rps by p50 p99 < <(summary "$work/$who-$r.txt")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$r" "$label" "$n" "$t" "$rps" "$by" "$p50" "$p99"
    eval "rps_$who=$rps"
  done
  # shellcheck disable=SC2154
  ratios+=("$(awk -v a="$rps_lcjwt" -v b="$rps_nimbus" 'BEGIN { printf "%.2f", a / b }')")
done
echo
echo "requests/s lcjwt/nimbus: ${ratios[*]}"
