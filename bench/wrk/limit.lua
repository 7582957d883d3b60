-- Per thread: stop after LOAD_REQUESTS_PER_THREAD responses, and note when. wrk itself always
-- waits out -d and divides by it, so the rate is computed here from the threads' own clocks.
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } wrk_limit_timespec;
int clock_gettime(int clock, wrk_limit_timespec *tp);
]]
local function now()
  local t = ffi.new("wrk_limit_timespec")
  ffi.C.clock_gettime(1, t) -- CLOCK_MONOTONIC
  return tonumber(t.tv_sec) + tonumber(t.tv_nsec) / 1e9
end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

limit = tonumber(os.getenv("LOAD_REQUESTS_PER_THREAD")) or 0
count = 0
started = 0
elapsed = -1 -- set when the count ends the thread

function init(args)
  started = now()
end

function response(status, headers, body)
  count = count + 1
  if limit > 0 and count == limit then
    elapsed = now() - started
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local total, longest, by_count = 0, 0, true
  for _, t in ipairs(threads) do
    total = total + t:get("count")
    local e = t:get("elapsed")
    if e < 0 then
      e = summary.duration / 1e6
      by_count = false
    end
    if e > longest then longest = e end
  end
  io.write(string.format("wrk-limit: %d responses in %.3f s, %.2f/s, ended by %s\n",
    total, longest, total / longest, by_count and "count" or "time"))
end
