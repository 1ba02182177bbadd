#!/usr/bin/env bash
# Issue 39, findings 3 and 4, measured (figures in docs/performance.md, "Room ends and corrections"):
#
#   ends         one `buzzer serve` on a year of league nights played whole (`buzzer bench questions
#                --keep`, the archive the question index reads); once its first index is built, 20
#                anonymous inline-pack rooms are created and ended while /healthz is timed every 50 ms
#   corrections  the same server: GET /api/games/CODE/corrections with a wrong key, a code that names a
#                game against codes that name none, 200 of each
#
# Environment (all optional):
#   BENCH_SERVER_BIN  server binary (default .build/release/buzzer, built unless BENCH_SKIP_BUILD=1)
#   BENCH_CONFIG      config.json to start from (default the repo's)
#   BENCH_ARCHIVE     an existing archive folder (default: made with `buzzer bench questions --keep`)
#   BENCH_PAIRS       create-and-end pairs (default 20)
#   BENCH_OUT         results folder (default /tmp/buzzer-routes-DATE)
# The per-address limits on creates, wrong codes and computed answers are raised out of the way, as
# for clients on many addresses. Every process it starts is stopped by PID; traffic is 127.0.0.1 only.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
base_config="${BENCH_CONFIG:-$repo/config.json}"
out="${BENCH_OUT:-/tmp/buzzer-routes-$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
log() { echo "routes: $*" >&2; }
fail() { echo "routes: error: $*" >&2; exit 1; }

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ] && [ -z "${BENCH_SERVER_BIN:-}" ]; then
  swift build -c release --product buzzer >&2
fi
[ -x "$server_bin" ] || fail "server binary $server_bin not found"

pid=""
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
trap cleanup EXIT

archive="${BENCH_ARCHIVE:-}"
if [ -z "$archive" ]; then
  log "making a year of league nights played whole (buzzer bench questions --keep)"
  "$server_bin" bench questions --keep --lookups 1 --directory "$out" | tee "$out/bench-questions.txt" >&2
  archive="$(sed -n 's/^archive kept in //p' "$out/bench-questions.txt")"
fi
[ -d "$archive" ] || fail "no archive folder $archive"
log "archive: $archive ($(du -sh "$archive" | cut -f1))"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
python3 - "$base_config" "$out/config.json" "$repo/questions" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["server"].update({"host": "127.0.0.1", "port": 0, "publicURL": None})
c["rooms"].update({"libraryDirectory": sys.argv[3], "createBurst": 10000, "createsPerMinute": 60000,
                   "createsPerConnection": 10000, "failedJoinsPerMinute": 1000000, "failedJoinsPerConnection": 1000000})
c.setdefault("library", {})["editToken"] = "bench-edit-token"
if "http" in c:
    c["http"].update({"computeBurst": 10000, "computeRequestsPerMinute": 60000})
json.dump(c, open(sys.argv[2], "w"), indent=2)
PY
"$server_bin" serve --config "$out/config.json" --port "$port" --archive "$archive" --log-level warning >"$out/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.2; done
# The first build of the question index reads the whole archive at start: wait for it (503 until then).
for _ in $(seq 1 1200); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer bench-edit-token' \
       "http://127.0.0.1:$port/api/questions/stats?fingerprints=0000000000000000")" = 200 ] && break
  sleep 0.5
done
log "ends: ${BENCH_PAIRS:-20} anonymous create-and-end pairs, /healthz every 50 ms"
python3 "$here/routes.py" ends --port "$port" --pairs "${BENCH_PAIRS:-20}" | tee "$out/ends.json"
log "corrections: known and unknown codes with a wrong key"
python3 "$here/routes.py" corrections --port "$port" --runs 200 | tee "$out/corrections.json"
cleanup
log "done: $out"
