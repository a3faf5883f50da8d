-- The wrk script of bench/lib.mjs's wrk(): the request comes from the environment (WRK_METHOD,
-- WRK_BODY, WRK_HEADERS as "name: value" lines); the figures go out as one JSON line at the end.
wrk.method = os.getenv("WRK_METHOD") or "GET"
wrk.body = os.getenv("WRK_BODY")
for line in (os.getenv("WRK_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d}\n',
    summary.requests,
    summary.duration / 1e6,
    latency:percentile(50) / 1000,
    latency:percentile(95) / 1000,
    latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout + e.status
  ))
end
