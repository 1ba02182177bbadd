#!/usr/bin/env bash
# Issue 28, defects 3 and 4, measured (figures in docs/performance.md, "Computed answers under a flood"):
#
#   single   one `buzzer serve` on a year-long league archive (`buzzer bench league --keep`);
#            BENCH_CONNECTIONS anonymous clients ask GET /api/leagues/crown?asOf=… with distinct dates
#            for BENCH_SECONDS while a probe times GET /healthz every 200 ms
#   proxy    three instances (A, B, C, their own empty archives, the year-long one as league.archives)
#            behind HAProxy with the shipped deploy/haproxy/haproxy.cfg; the same flood through the
#            proxy, /healthz timed on each instance; HAProxy's log is searched for "is DOWN"
#   results  one instance on the year-long archive: a room is made and ended over WebSocket, then its
#            results.csv download is timed (its cost: the game's lines, or the whole archive)
#   nights   a player's night, question by question, from phones of games across the year (its own
#            archive: `buzzer bench questions --keep`, every game played whole), on a server started on
#            it: a game written before the server started is read by one pass over the archive's files
#            for its code (the archive index keeps only the games since), then kept for the next phone
#
# Environment (all optional):
#   BENCH_SERVER_BIN   server binary (default .build/release/buzzer, built unless BENCH_SKIP_BUILD=1)
#   BENCH_CONFIG       config.json the instances start from (default the repo's; an older binary needs its own)
#   BENCH_HAPROXY_CFG  HAProxy config for the proxy mode (default the shipped one, which sends PROXY v2:
#                      an older binary needs its own commit's)
#   BENCH_LIMITS       on (default: config as given) or off (http.computeBurst/computeRequestsPerMinute
#                      raised out of reach, as for a flood from many addresses; ignored if the config has no http)
#   BENCH_MODES        (default "single proxy results nights")
#   BENCH_CONNECTIONS  concurrent flood clients (default 120)
#   BENCH_SECONDS      flood length (default 20)
#   BENCH_ARCHIVE      an existing year-long archive folder (default: made with `buzzer bench league --keep`)
#   BENCH_NIGHTS_ARCHIVE  the nights' archive (default: made with `buzzer bench questions --keep`)
#   BENCH_OUT          results folder, the archive made in it too (default /tmp/buzzer-league-flood-DATE)
# Every process it starts is stopped by PID at the end; traffic goes to 127.0.0.1 only.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
base_config="${BENCH_CONFIG:-$repo/config.json}"
limits="${BENCH_LIMITS:-on}"
modes="${BENCH_MODES:-single proxy results nights}"
connections="${BENCH_CONNECTIONS:-120}"
seconds="${BENCH_SECONDS:-20}"
out="${BENCH_OUT:-/tmp/buzzer-league-flood-$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
haproxy_bin="${HAPROXY:-/usr/sbin/haproxy}"
haproxy_cfg="${BENCH_HAPROXY_CFG:-$repo/deploy/haproxy/haproxy.cfg}"

log() { echo "league-flood: $*" >&2; }
fail() { echo "league-flood: error: $*" >&2; exit 1; }

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ] && [ -z "${BENCH_SERVER_BIN:-}" ]; then
  log "swift build -c release --product buzzer"
  swift build -c release --product buzzer >&2
fi
[ -x "$server_bin" ] || fail "server binary $server_bin not found"
ulimit -n 65536 2>/dev/null || true

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT

archive="${BENCH_ARCHIVE:-}"
if [ -z "$archive" ] && [ "$modes" != nights ]; then
  log "making a year-long league archive (buzzer bench league --keep)"
  "$server_bin" bench league --keep --directory "$out" | tee "$out/bench-league.txt" >&2
  archive="$(sed -n 's/^archive kept in //p' "$out/bench-league.txt")"
fi
if [ "$modes" != nights ]; then
  [ -d "$archive" ] || fail "no archive folder $archive"
  log "archive: $archive ($(du -sh "$archive" | cut -f1))"
fi

free_ports() { python3 - "$1" <<'PY'
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
for s in socks: s.close()
PY
}

# $1 = config out, $2 = league archives (JSON list)
make_config() { python3 - "$base_config" "$1" "$2" "$limits" "$repo/questions" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["server"].update({"host": "127.0.0.1", "port": 0, "publicURL": None})
# The shipped haproxy.cfg sends a PROXY v2 header: the instances trust it (a config from before
# trustedProxies has no such key, and its binary needs that commit's haproxy.cfg: BENCH_HAPROXY_CFG).
if "trustedProxies" in c["server"]:
    c["server"]["trustedProxies"] = ["127.0.0.1"]
c["rooms"]["libraryDirectory"] = sys.argv[5]
archives = json.loads(sys.argv[3])
if archives:
    c.setdefault("league", {})["archives"] = archives
if sys.argv[4] == "off" and "http" in c:
    c["http"].update({"computeBurst": 10000, "computeRequestsPerMinute": 60000})
json.dump(c, open(sys.argv[2], "w"), indent=2)
PY
}

# $1 = name, $2 = port, $3 = archive dir, $4 = config, [$5 = instance id]
start_instance() {
  local extra=()
  [ -n "${5:-}" ] && extra=(--instance-id "$5")
  "$server_bin" serve --config "$4" --port "$2" --archive "$3" --log-level warning "${extra[@]}" >"$out/$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$2/healthz" 2>/dev/null && return 0
    sleep 0.2
  done
  fail "instance $1 did not come up (see $out/$1.log)"
}

# The league's first read of the whole log runs at start, off the loops: wait for it to end.
wait_league() { # $1 = port
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$1/api/leagues/crown" 2>/dev/null && return 0
    sleep 0.2
  done
  fail "league crown not served on $1"
}

for mode in $modes; do
  case "$mode" in
    single)
      read -r port < <(free_ports 1)
      make_config "$out/single-config.json" '[]'
      start_instance single "$port" "$archive" "$out/single-config.json"
      wait_league "$port"
      log "single: flood of $connections for $seconds s"
      python3 "$here/flood.py" flood --port "$port" --connections "$connections" --seconds "$seconds" | tee "$out/single.json"
      cleanup
      ;;
    proxy)
      [ -x "$haproxy_bin" ] || fail "haproxy not found at $haproxy_bin (apt-get install haproxy)"
      read -r pa pb pc pp < <(free_ports 4)
      make_config "$out/proxy-config.json" "[\"$archive\"]"
      for id in A B C; do mkdir -p "$out/archive-$id"; done
      start_instance A "$pa" "$out/archive-A" "$out/proxy-config.json" A
      start_instance B "$pb" "$out/archive-B" "$out/proxy-config.json" B
      start_instance C "$pc" "$out/archive-C" "$out/proxy-config.json" C
      for p in "$pa" "$pb" "$pc"; do wait_league "$p"; done
      BUZZER_LISTEN="127.0.0.1:$pp" BUZZER_A="127.0.0.1:$pa" BUZZER_B="127.0.0.1:$pb" BUZZER_C="127.0.0.1:$pc" \
        "$haproxy_bin" -f "$haproxy_cfg" -db >"$out/haproxy.log" 2>&1 &
      pids+=($!)
      for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$pp/healthz" 2>/dev/null && break; sleep 0.2; done
      sleep 3  # a few health checks while idle
      log "proxy: flood of $connections for $seconds s through HAProxy"
      python3 "$here/flood.py" flood --port "$pp" --probe "$pa" --probe "$pb" --probe "$pc" --probe "$pp" \
        --connections "$connections" --seconds "$seconds" | tee "$out/proxy.json"
      sleep 5  # HAProxy's checks after the flood, to see servers coming back
      down=$(grep -c "is DOWN" "$out/haproxy.log" || true)
      log "proxy: HAProxy marked a server DOWN $down times (log: $out/haproxy.log)"
      echo "{\"haproxyDown\": $down}" | tee -a "$out/proxy.json"
      cleanup
      ;;
    results)
      read -r port < <(free_ports 1)
      make_config "$out/results-config.json" '[]'
      start_instance results "$port" "$archive" "$out/results-config.json"
      log "results: one download on a $(du -sh "$archive" | cut -f1) archive"
      python3 "$here/flood.py" results --port "$port" --runs 5 | tee "$out/results.json"
      cleanup
      ;;
    nights)
      nights_archive="${BENCH_NIGHTS_ARCHIVE:-}"
      if [ -z "$nights_archive" ]; then
        log "making a year of league nights played whole (buzzer bench questions --keep)"
        "$server_bin" bench questions --keep --lookups 1 --directory "$out" | tee "$out/bench-questions.txt" >&2
        nights_archive="$(sed -n 's/^archive kept in //p' "$out/bench-questions.txt")"
      fi
      [ -d "$nights_archive" ] || fail "no archive folder $nights_archive"
      log "nights archive: $nights_archive ($(du -sh "$nights_archive" | cut -f1))"
      read -r port < <(free_ports 1)
      make_config "$out/nights-config.json" '[]'
      start_instance nights "$port" "$nights_archive" "$out/nights-config.json"
      wait_league "$port"
      log "nights: 5 phones' nights, each asked twice"
      python3 "$here/flood.py" nights --port "$port" --archive "$nights_archive" --phones 5 | tee "$out/nights.json"
      cleanup
      ;;
    *) fail "unknown mode $mode" ;;
  esac
done
log "done: $out"
