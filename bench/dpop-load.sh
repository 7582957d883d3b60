#!/usr/bin/env bash
# HTTP load with DPoP (RFC 9449) on loopback: the same resource server (examples/dpop-redis, with
# its in-memory replay store) twice, once with lcjwt verifying the access token and the proof, and
# once with lcjwt's auto-configurations excluded, so Spring Security's defaults (Nimbus) verify
# both. Each request carries an ES256 access token and a fresh ES256 proof. wrk cannot sign, so
# io.lcjwt.bench.DpopLoadProofs signs a file of proofs just before each run (a proof is good for one
# request and for 60 s), and a Lua script sends each line once. Every run is bounded by time (-d)
# and by the number of proofs (the Lua script stops each thread when its share is used). Prints a
# Markdown table with the requests/s of both and their ratio, from one run.
#
#   bench/dpop-load.sh                        # 10 s warm-up each, then 20 s (or 60,000 requests) each
#   LOAD_DURATION=3s LOAD_WARMUP=2s LOAD_REQUESTS=3000 bench/dpop-load.sh    # a quick check that it works
#
# The apps get all their settings on the command line (none from the example's application.yml):
# the issuer's JWKS, served by python3's http.server on loopback, and lcjwt's DPoP settings.
#
# Settings (environment): LOAD_DURATION (20s), LOAD_WARMUP (10s), LOAD_REQUESTS per run (60000),
# LOAD_THREADS (1), LOAD_CONNECTIONS (32), LOAD_TIMEOUT (2s), LOAD_PORTS ("18091 18092 18093": the
# two apps and the JWKS),
# LOAD_JVM_OPTS (-Xms512m -Xmx512m), LOAD_SERVER_CPUS / LOAD_WRK_CPUS (bench/wrk/common.sh),
# LCJWT_SKIP_BUILD=1 to use the jars already built. Only 127.0.0.1 is used. LCJWT_LIBCRYPTO picks
# the libcrypto as everywhere. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/jdk.sh

duration=${LOAD_DURATION:-20s}
warmup=${LOAD_WARMUP:-10s}
requests=${LOAD_REQUESTS:-60000}
threads=${LOAD_THREADS:-1}
connections=${LOAD_CONNECTIONS:-32}
timeout=${LOAD_TIMEOUT:-2s}
read -r lcjwt_port spring_port jwks_port <<<"${LOAD_PORTS:-18091 18092 18093}"
jvm_opts=${LOAD_JVM_OPTS:--Xms512m -Xmx512m}
jar=examples/dpop-redis/target/dpop-redis.jar
bench_jar=bench/target/benchmarks.jar
htu=https://api.example/orders
spring_flag=--spring.autoconfigure.exclude=io.lcjwt.spring.LcjwtResourceServerAutoConfiguration,io.lcjwt.spring.LcjwtDpopAutoConfiguration

script=dpop-load
. bench/wrk/common.sh
command -v python3 >/dev/null || { echo "$script: python3 is missing (it serves the JWKS)" >&2; exit 1; }

build_jar examples/dpop-redis
if [ -z "${LCJWT_SKIP_BUILD:-}" ] || [ ! -f "$bench_jar" ]; then
  echo "$script: building $bench_jar" >&2
  ./mvnw -B -q -pl bench -am package -DskipTests
fi
require_free_ports "$lcjwt_port" "$spring_port" "$jwks_port"

gen() { "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$bench_jar" io.lcjwt.bench.DpopLoadProofs "$@"; }
gen init "$work"
token=$(cat "$work/token")
mkdir "$work/jwks" && mv "$work/jwks.json" "$work/jwks/" # served alone: the client's private key stays out
python3 -m http.server --bind 127.0.0.1 --directory "$work/jwks" "$jwks_port" >"$work/jwks.log" 2>&1 &
pids+=($!)

# $1 name, $2 port, rest: extra arguments: the example with all its settings on the command line
start_app() {
  local name=$1 port=$2; shift 2
  start "$name" "$port" --spring.config.name=dpop-load-none --server.forward-headers-strategy=framework \
    --example.redis.enabled=false --lcjwt.dpop.replay-store-size=1000000 \
    --spring.security.oauth2.resourceserver.jwt.jwk-set-uri="http://127.0.0.1:$jwks_port/jwks.json" \
    --spring.security.oauth2.resourceserver.jwt.jws-algorithms=ES256 --logging.level.io.lcjwt=INFO "$@"
}
start_app lcjwt "$lcjwt_port"
start_app spring "$spring_port" "$spring_flag"

# The one request every run starts with, and its answer: 200, or nothing is measured.
# $1 port, $2 proof
probe() {
  curl -s -o /dev/null -w '%{http_code}' -H "Authorization: DPoP $token" -H "DPoP: $2" \
    -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: api.example' -H 'X-Forwarded-Port: 443' \
    "http://127.0.0.1:$1/orders" || true
}

# $1 name, $2 port: waits for the app, then checks who verifies DPoP
ready() {
  local name=$1 port=$2 i
  for i in $(seq 1 180); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/orders" || true)" = 401 ] && break
    sleep 0.5
  done
  local verifies=no
  grep -q 'DPoP proofs are verified by io.lcjwt' "$work/$name.log" && verifies=yes
  if { [ "$name" = lcjwt ] && [ $verifies = no ]; } || { [ "$name" = spring ] && [ $verifies = yes ]; }; then
    echo "$script: the $name app on port $port does not have the DPoP verifier it should; its log:" >&2
    tail -n 30 "$work/$name.log" >&2
    exit 1
  fi
}
ready lcjwt "$lcjwt_port"
ready spring "$spring_port"

cat >"$work/dpop.lua" <<'LUA'
-- Each thread reads its share of the proofs (every line once, none shared) and sends each once;
-- once it has sent its share, it stops. Responses still in flight then, and a request wrk builds
-- but does not send (it asks for a new request after a write that would block), are not counted:
-- the run passes when at most one per connection is missing. Rates come from the threads' own
-- clocks: wrk waits out -d whatever happens.
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } dpop_load_timespec;
int clock_gettime(int clock, dpop_load_timespec *tp);
]]
local function now()
  local t = ffi.new("dpop_load_timespec")
  ffi.C.clock_gettime(1, t)
  return tonumber(t.tv_sec) + tonumber(t.tv_nsec) / 1e9
end

local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

ok, refused, elapsed = 0, 0, -1

function init(args)
  local n = tonumber(os.getenv("DPOP_THREADS"))
  local f = assert(io.open(os.getenv("DPOP_TOKEN")))
  local token = f:read("*l")
  f:close()
  proofs = {}
  local i = 0
  for line in io.lines(os.getenv("DPOP_PROOFS")) do
    if i % n == id then proofs[#proofs + 1] = line end
    i = i + 1
  end
  headers = { ["Authorization"] = "DPoP " .. token, ["X-Forwarded-Proto"] = "https",
              ["X-Forwarded-Host"] = "api.example", ["X-Forwarded-Port"] = "443" }
  sent = 0
  started = now()
end

function request()
  sent = sent + 1
  if sent > #proofs then
    if elapsed < 0 then
      elapsed = now() - started
      wrk.thread:stop()
    end
    return wrk.format("GET", "/orders") -- no proof is ever sent twice
  end
  headers["DPoP"] = proofs[sent]
  return wrk.format("GET", "/orders", headers)
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else refused = refused + 1 end
end

function done(summary, latency, requests)
  local total_ok, total_refused, longest, by_count = 0, 0, 0, true
  for _, t in ipairs(threads) do
    total_ok = total_ok + t:get("ok")
    total_refused = total_refused + t:get("refused")
    local e = t:get("elapsed")
    if e < 0 then
      e = summary.duration / 1e6
      by_count = false
    end
    if e > longest then longest = e end
  end
  -- The line bench/wrk/common.sh's summary() reads (its responses: the accepted ones), then the refusals.
  io.write(string.format("wrk-limit: %d responses in %.3f s, %.2f/s, ended by %s\n",
    total_ok, longest, total_ok / longest, by_count and "count" or "time"))
  io.write(string.format("dpop-load: %d refused\n", total_refused))
end
LUA

# $1 name, $2 port, $3 duration, $4 requests, $5 output file: one wrk run with fresh proofs
run() {
  local name=$1 port=$2 d=$3 n=$4 out=$5 code
  gen proofs "$work" $((n + 1)) "$htu"
  code=$(probe "$port" "$(head -n 1 "$work/proofs")")
  if [ "$code" != 200 ]; then
    echo "$script: a fresh DPoP request to the $name app answered $code, not 200; nothing measured. Its log:" >&2
    tail -n 30 "$work/$name.log" >&2
    exit 1
  fi
  tail -n +2 "$work/proofs" >"$work/run-proofs"
  DPOP_PROOFS="$work/run-proofs" DPOP_TOKEN="$work/token" DPOP_THREADS=$threads \
    "${wrk_pin[@]}" wrk -t"$threads" -c"$connections" -d"$d" --timeout "$timeout" --latency \
    -s "$work/dpop.lua" "http://127.0.0.1:$port/orders" >"$out"
  if [ "$d" = "$duration" ] && grep -q 'Socket errors' "$out"; then
    echo "$script: socket errors during the $name run (warm-ups may have them, measured runs may not):" >&2
    cat "$out" >&2
    exit 1
  fi
  local accepted refused
  accepted=$(sed -n 's/^wrk-limit: \([0-9]*\) responses.*/\1/p' "$out")
  refused=$(sed -n 's/^dpop-load: \([0-9]*\) refused/\1/p' "$out")
  # Every fresh proof that was answered must be accepted, and a measured run must end by count:
  # LOAD_DURATION too short for LOAD_REQUESTS would end it by time, with fewer requests.
  if [ "$d" = "$duration" ] && { [ "${refused:-0}" -gt "$connections" ] || [ "$accepted" -lt $((n - connections)) ] \
      || ! grep -q 'ended by count' "$out"; }; then
    echo "$script: the $name run did not end by its count with every fresh proof accepted ($accepted of $n" \
      "accepted, $refused refused):" >&2
    cat "$out" >&2
    exit 1
  fi
}

echo "$script: warm-up, $warmup each" >&2
run lcjwt "$lcjwt_port" "$warmup" "$requests" "$work/warm-lcjwt.txt"
run spring "$spring_port" "$warmup" "$requests" "$work/warm-spring.txt"

lib=$("$JAVA_HOME/bin/java" -version 2>&1 | head -n1)
crypto=$(grep -o 'lcjwt verifies JWTs.*' "$work/lcjwt.log" | sed 's/.*) with //' | head -n1)
echo
echo "Spring Boot 4.0.7 resource server (examples/dpop-redis, in-memory replay store), GET /orders with an ES256"
echo "access token and a fresh ES256 DPoP proof each, wrk -t$threads -c$connections -d$duration --timeout $timeout,"
echo "at most $requests requests per run, after a $warmup warm-up each; $(nproc) CPUs, servers on CPUs ${server_cpus:-any},"
echo "wrk on ${wrk_cpus:-any}; $lib; lcjwt on $crypto"
echo
echo "| verifier | requests | seconds | requests/s | ended by | p50 | p99 |"
echo "|---|---|---|---|---|---|---|"
for who in lcjwt spring; do
  if [ $who = lcjwt ]; then port=$lcjwt_port; label="lcjwt (decoder and DPoP proofs)"; else port=$spring_port; label="Spring's defaults (Nimbus)"; fi
  run $who "$port" "$duration" "$requests" "$work/$who.txt"
  read -r n t rps by p50 p99 < <(summary "$work/$who.txt")
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$n" "$t" "$rps" "$by" "$p50" "$p99"
  eval "rps_$who=$rps"
done
echo
# shellcheck disable=SC2154
echo "requests/s lcjwt/spring: $(awk -v a="$rps_lcjwt" -v b="$rps_spring" 'BEGIN { printf "%.2f", a / b }')"
