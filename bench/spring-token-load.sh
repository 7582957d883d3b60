#!/usr/bin/env bash
# HTTP load on the Spring Authorization Server example's token endpoint (examples/spring-authorization-server),
# lcjwt against the Authorization Server's own signing: the same jar twice on loopback, the same ES256 key,
# the second started with --spring.profiles.active=nimbus-encoder (a JWKSource of that key, so lcjwt's
# auto-configuration stands aside and the server signs with its own NimbusJwtEncoder). wrk POSTs
# client_credentials requests (HTTP Basic client authentication, as the README's curl); every run is
# bounded both by time (-d) and by a request count (bench/wrk/limit.lua stops each thread after its share).
# Two modes, one after the other (LOAD_MODES="plain bcrypt"): client secrets compared as stored (the
# example's plain-client-secret profile: a request costs what issuing the token costs), and the
# Authorization Server's default, where bcrypt checks the secret on every request after the first.
# Writes bench/results-spring-token-load.md (requests/s of both and their ratio) and prints it.
#
#   bash bench/spring-token-load.sh                       # per mode: 10 s warm-up each, then 30 s (or 20,000 requests) each
#   LOAD_DURATION=3s LOAD_WARMUP=2s LOAD_REQUESTS=500 LOAD_PAGE= bash bench/spring-token-load.sh   # a smoke, no page
#
# The server keeps every token it issues (Spring Authorization Server's in-memory OAuth2AuthorizationService),
# so the request count bounds the heap too: keep LOAD_REQUESTS and the warm-up within what LOAD_JVM_OPTS holds
# (a few KB per token). Settings (environment): LOAD_DURATION (30s), LOAD_WARMUP (10s), LOAD_REQUESTS per run
# (20000), LOAD_THREADS (1), LOAD_CONNECTIONS (16), LOAD_TIMEOUT (10s: with bcrypt, 16 connections queue for over a second each), LOAD_PORTS ("19081 19082"),
# LOAD_JVM_OPTS (-Xms512m -Xmx512m), LOAD_SERVER_CPUS / LOAD_WRK_CPUS (bench/wrk/common.sh), LOAD_PAGE
# (results-spring-token-load.md under bench/; empty: print only), LOAD_MODES, LCJWT_SKIP_BUILD=1 to use the jar already
# built. Run it on a quiet machine; only 127.0.0.1 is used. LCJWT_LIBCRYPTO picks lcjwt's libcrypto as everywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/jdk.sh

duration=${LOAD_DURATION:-30s}
warmup=${LOAD_WARMUP:-10s}
requests=${LOAD_REQUESTS:-20000}
threads=${LOAD_THREADS:-1}
connections=${LOAD_CONNECTIONS:-16}
timeout=${LOAD_TIMEOUT:-10s}
read -r lcjwt_port nimbus_port <<<"${LOAD_PORTS:-19081 19082}"
jvm_opts=${LOAD_JVM_OPTS:--Xms512m -Xmx512m}
page=${LOAD_PAGE-results-spring-token-load.md}
jar=examples/spring-authorization-server/target/spring-authorization-server.jar
started_at=$(date -u +%Y-%m-%dT%H:%MZ)

script=spring-token-load
. bench/wrk/common.sh

build_jar examples/spring-authorization-server
require_free_ports "$lcjwt_port" "$nimbus_port"

# $1 name, $2 port: waits for the JWKS endpoint
ready() {
  local name=$1 port=$2 i
  for i in $(seq 1 180); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/oauth2/jwks" && return 0
    sleep 0.5
  done
  echo "$script: the $name server on port $port did not come up; its log:" >&2
  tail -n 30 "$work/$name.log" >&2
  exit 1
}

body='grant_type=client_credentials&scope=hello'
basic="Basic $(printf '%s' 'demo-client:demo-secret' | base64)"

# $1 port: one token's header, as JSON (both servers must sign ES256 with the same key)
header() {
  local t
  t=$(curl -sf -H "Authorization: $basic" -d "$body" "http://127.0.0.1:$1/oauth2/token" \
    | sed -n 's/.*"access_token":"\([^".]*\)\..*/\1/p' | tr '_-' '/+')
  while [ $(( ${#t} % 4 )) -ne 0 ]; do t="$t="; done
  printf '%s' "$t" | base64 -d
}

# The request: a client_credentials POST; then limit.lua's counting and timing.
{
  printf 'wrk.method = "POST"\nwrk.body = "%s"\n' "$body"
  printf 'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n'
  printf 'wrk.headers["Authorization"] = "%s"\n' "$basic"
  cat bench/wrk/limit.lua
} >"$work/token.lua"
per_thread=$(( (requests + threads - 1) / threads ))

# $1 port, $2 duration, $3 output file, $4 request limit per thread
run() {
  local port=$1 d=$2 out=$3 limit=$4
  LOAD_REQUESTS_PER_THREAD=$limit "${wrk_pin[@]}" wrk -t"$threads" -c"$connections" -d"$d" --timeout "$timeout" \
    --latency -s "$work/token.lua" "http://127.0.0.1:$port/oauth2/token" >"$out"
  if grep -q -e 'Non-2xx' -e 'Socket errors' "$out"; then
    echo "$script: errors during the run on port $port (a refused request measures nothing):" >&2
    cat "$out" >&2
    exit 1
  fi
}

# $1 mode: "plain" (client secrets compared as stored: the example's plain-client-secret profile) or
# "bcrypt" (the Authorization Server's default: a {noop} secret is re-encoded with bcrypt after its
# first use). Starts both servers, checks them, warms them up, measures each, stops them; prints rows.
measure() {
  local mode=$1 extra="" who port label h
  [ "$mode" = plain ] && extra=",plain-client-secret"
  start lcjwt "$lcjwt_port" --demo.key-dir="$work/keys" --spring.profiles.active=default$extra
  ready lcjwt "$lcjwt_port"
  start nimbus "$nimbus_port" --demo.key-dir="$work/keys" --spring.profiles.active=nimbus-encoder$extra
  ready nimbus "$nimbus_port"
  grep -q 'lcjwt signs JWTs' "$work/lcjwt.log" || { echo "$script: lcjwt does not sign on port $lcjwt_port" >&2; exit 1; }
  if grep -q 'lcjwt signs JWTs' "$work/nimbus.log"; then
    echo "$script: lcjwt signs on port $nimbus_port, which should be the Authorization Server's own Nimbus" >&2
    exit 1
  fi
  for port in "$lcjwt_port" "$nimbus_port"; do
    h=$(header "$port")
    case "$h" in
      *'"alg":"ES256"'*'"kid":"demo-es256"'* | *'"kid":"demo-es256"'*'"alg":"ES256"'*) ;;
      *) echo "$script: the server on port $port signs '$h', not ES256 with kid demo-es256; nothing measured" >&2; exit 1 ;;
    esac
  done
  echo "$script: $mode client secrets: warm-up, $warmup (at most $requests requests) each" >&2
  run "$lcjwt_port" "$warmup" "$work/warm-lcjwt.txt" "$per_thread"
  run "$nimbus_port" "$warmup" "$work/warm-nimbus.txt" "$per_thread"
  crypto=$(grep -o 'lcjwt signs JWTs.*' "$work/lcjwt.log" | sed 's/.*, on //' | head -n1)
  for who in lcjwt nimbus; do
    if [ "$who" = lcjwt ]; then port=$lcjwt_port; label="lcjwt (LcjwtJwtEncoder, lcjwt's auto-configuration)"
    else port=$nimbus_port; label="Nimbus (the Authorization Server's NimbusJwtEncoder)"; fi
    run "$port" "$duration" "$work/$who.txt" "$per_thread"
    read -r n t rps by p50 p99 < <(summary "$work/$who.txt")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$mode" "$label" "$n" "$t" "$rps" "$by" "$p50" "$p99" >>"$work/rows.md"
    eval "rps_$who=$rps"
  done
  # shellcheck disable=SC2154
  echo "- $mode client secrets: requests/s lcjwt/nimbus $(awk -v a="$rps_lcjwt" -v b="$rps_nimbus" 'BEGIN { printf "%.2f", a / b }')" >>"$work/ratios.md"
  stop_servers
  rm -rf "$work/keys"
}

: >"$work/rows.md"
: >"$work/ratios.md"
for mode in ${LOAD_MODES:-plain bcrypt}; do
  measure "$mode"
done

jdk=$("$JAVA_HOME/bin/java" -version 2>&1 | head -n1)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n1)
{
  echo "Spring Authorization Server (Spring Security 7.0, Boot 4.0.7; examples/spring-authorization-server), POST /oauth2/token,"
  echo "client_credentials with HTTP Basic, one ES256 key (kid demo-es256) on both, wrk -t$threads -c$connections -d$duration"
  echo "--timeout $timeout, at most $requests requests per run, after a warm-up of $warmup (same cap) each;"
  echo "${cpu:-unknown CPU}, $(nproc) CPUs, servers on CPUs ${server_cpus:-any}, wrk on ${wrk_cpus:-any}; $jdk; lcjwt on $crypto"
  echo
  echo "| client secrets | signs the tokens | requests | seconds | requests/s | ended by | p50 | p99 |"
  echo "|---|---|---|---|---|---|---|---|"
  cat "$work/rows.md"
  echo
  cat "$work/ratios.md"
} >"$work/table.md"
cat "$work/table.md"

if [ -n "$page" ]; then
  {
    echo "# lcjwt benchmarks: Spring Authorization Server's token endpoint, lcjwt against Nimbus"
    echo
    echo "Written by \`bash bench/spring-token-load.sh\` at $started_at; do not edit by hand. The script starts the"
    echo "Authorization Server example's jar twice on loopback with the same ES256 key: once as it is (lcjwt's"
    echo "auto-configuration registers \`LcjwtJwtEncoder\`), once with the \`nimbus-encoder\` profile (a \`JWKSource\`"
    echo "of the same key, so the server builds its own \`NimbusJwtEncoder\`). Everything else, client"
    echo "authentication, the in-memory authorization store, the JSON answer, is the same Spring Authorization"
    echo "Server code on both, so the ratio is smaller than the encoder's own (\`bench/results-spring-encoder.md\`)."
    echo
    echo "Two ways of storing the client's secret. *plain*: compared as stored (the example's"
    echo "\`plain-client-secret\` profile), so a request costs what issuing the token costs. *bcrypt*: the"
    echo "Authorization Server's default, which re-encodes a \`{noop}\` secret with bcrypt after its first use; every"
    echo "later request then spends most of its time in bcrypt, whoever signs. Each run is bounded by a request"
    echo "count and by time; a shared machine's numbers move between runs, so compare rows of one page."
    echo
    cat "$work/table.md"
  } >"bench/$page"
  echo "$script: wrote bench/$page" >&2
fi
