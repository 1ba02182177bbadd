#!/usr/bin/env bash
# Bar-night benchmark of `buzzer serve` (issue 3, "Performance"): builds the release server and
# the load client, then plays each scenario against a fresh server and prints a summary table.
#
#   Benchmarks/game/run.sh                                  # 1x60, 1x2000, 500x20; durability group and none
#   BENCH_SCENARIOS="1x2000" BENCH_DURABILITY=group Benchmarks/game/run.sh
#   BENCH_SCENARIOS="1x10000" BENCH_DURABILITY=group Benchmarks/game/run.sh   # one room of 10,000 players
#
# Scenarios are ROOMSxPLAYERS. Each test gets its own server process (started here with a
# generated config, --port 0 --host 127.0.0.1 and a temporary --archive folder, stopped by its
# PID with SIGTERM, then SIGKILL after 5 s). Loopback only; every step is bounded in time.
#
# Environment (all optional):
#   BENCH_SERVER_BIN      server binary                         (default .build/release/buzzer)
#   BENCH_SKIP_BUILD=1    do not run swift build
#   BENCH_SCENARIOS       ROOMSxPLAYERS list                    (default "1x60 1x2000 500x20")
#   BENCH_DURABILITY      archive.durability values to measure  (default "group none")
#   BENCH_QUESTIONS       questions per game                    (default 10, the first is warm-up)
#   BENCH_ANSWER_MS       players' think time range MIN-MAX     (default 100-2000)
#   BENCH_GAP_MS          host's pause before next              (default 250)
#   BENCH_REVEAL_DELAY_MS host's pause between answers_closed and reveal (default 0: at once, as the
#                         scenarios are defined; a pause shows what the answers_closed wave costs the reveal)
#   BENCH_READING_MS      the rooms' readingTimeMs              (default 0: answers open with the question)
#   BENCH_START_SPREAD_MS spread the rooms' starts over this many ms (default 0: all rooms in lockstep)
#   BENCH_PING_SECONDS    timeouts.pingIntervalSeconds          (default 20, the shipped value)
#   BENCH_EVENT_LOOPS     server.eventLoops (0 = one per core)  (default 0)
#   BENCH_SEED            client seed, for repeatable think times (default random)
#   BENCH_QUIET_WAIT      wait up to this many seconds before each test for the machine to be quiet
#                         (other processes below BENCH_QUIET_CORES cores over 2 s)   (default 0: do not wait)
#   BENCH_QUIET_CORES     (default 0.3)
#   BENCH_NICE            run the server and the client under `nice -n N` (e.g. -10, needs root), so that
#                         on a shared machine they are scheduled first when they wake up (default: not set)
#   BENCH_PERF=1          record the machine with `perf record -g -a` while the client plays (NAME.perf.data, the server's
#                         PID in NAME.server.pid for `perf report --pid`; BENCH_PERF_HZ, default 499;
#                         BENCH_PERF_CALLGRAPH=dwarf unwinds through libraries built without frame pointers, as
#                         glibc's malloc, at the cost of a large perf.data)
#   BENCH_OLD_BUILD=1     the server predates rooms.createBurst/createsPerMinute/createsPerConnection (af60a39)
#   BENCH_OUT             results folder                        (default Benchmarks/game/results/DATE)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

scenarios="${BENCH_SCENARIOS:-1x60 1x2000 500x20}"
durabilities="${BENCH_DURABILITY:-group none}"
questions="${BENCH_QUESTIONS:-10}"
answer_ms="${BENCH_ANSWER_MS:-100-2000}"
gap_ms="${BENCH_GAP_MS:-250}"
start_spread_ms="${BENCH_START_SPREAD_MS:-0}"
ping_seconds="${BENCH_PING_SECONDS:-20}"
event_loops="${BENCH_EVENT_LOOPS:-0}"
out="${BENCH_OUT:-$here/results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"

prio=()
if [ -n "${BENCH_NICE:-}" ]; then
  [[ "$BENCH_NICE" =~ ^-?[0-9]+$ ]] || { echo "run.sh: error: BENCH_NICE must be an integer" >&2; exit 1; }
  [ "$(nice -n "$BENCH_NICE" nice 2>/dev/null)" = "$(( $(nice) + BENCH_NICE ))" ] || { echo "run.sh: error: nice -n $BENCH_NICE is not allowed here" >&2; exit 1; }
  prio=(nice -n "$BENCH_NICE")
fi

log() { echo "run.sh: $*" >&2; }
fail() { echo "run.sh: error: $*" >&2; exit 1; }

answer_min="${answer_ms%-*}"
answer_max="${answer_ms#*-}"
[[ "$answer_min" =~ ^[0-9]+$ && "$answer_max" =~ ^[0-9]+$ ]] || fail "BENCH_ANSWER_MS must be MIN-MAX in ms, got $answer_ms"

# --- open files: client and server each hold one fd per connection (+ a few).
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
fd_limit="$(ulimit -n)"
log "open-files limit: $fd_limit"

# --- build
"$here/build.sh" "$here/game"
client="$here/game"
server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "swift build -c release --product buzzer"
  swift build -c release --product buzzer >&2
fi
[ -x "$server_bin" ] || fail "server binary $server_bin not found"

# --- config: the shipped defaults, with the limits raised for 10,000 players in one room or in 500.
# Unknown fields are refused by the server, so only real ones (see docs/configuration.md). The
# limits a big test meets: game.roomDefaults.maxPlayers (players in one room: room_full past it),
# server.maxConnections (every host and player), rooms.maxRooms, and rooms.failedJoinsPerMinute
# (counts wrong codes only, so it is raised only as a safety margin). Open files are set above.
max_players=10000    # the largest room the scenarios play: 1x10000
max_connections=30000
max_rooms=1000
# The create limits raised out of reach; BENCH_OLD_BUILD=1 leaves them out, for a server built before
# they existed (an A/B against af60a39 or older: those builds refuse keys they do not know).
# The right-code join allowance (every player here joins from 127.0.0.1) likewise.
create_limits="\"createBurst\": $max_rooms, \"createsPerMinute\": 100000, \"createsPerConnection\": 1000000, \"joinsPerMinute\": 1000000, \"joinBurst\": 1000000, "
[ "${BENCH_OLD_BUILD:-0}" = 1 ] && create_limits=""
write_config() { # $1 = file, $2 = durability
  cat >"$1" <<EOF
{
  "server": {"host": "127.0.0.1", "port": 0, "eventLoops": $event_loops, "maxConnections": $max_connections, "publicURL": null},
  "websocket": {
    "allowedOrigins": [], "maxHeaderBytes": 8192, "maxHeaderCount": 64, "maxFrameSize": 65536,
    "maxMessageSize": 65536, "maxFragments": 64,
    "compression": {"enabled": true, "minSize": 256, "level": 6, "maxDecompressedSize": 65536,
                    "serverMaxWindowBits": 15, "clientMaxWindowBits": 15, "serverNoContextTakeover": true}
  },
  "timeouts": {"handshakeSeconds": 10, "idleSeconds": 60, "pingIntervalSeconds": $ping_seconds, "closeSeconds": 5, "shutdownSeconds": 5},
  "transport": {"outboundHighWaterBytes": 4194304, "readBufferBytes": 65536},
  "game": {"roomDefaults": {"maxPlayers": $max_players}},
  "rooms": {"maxRooms": $max_rooms, "failedJoinsPerMinute": 100000, $create_limits"libraryDirectory": "$repo/questions"},
  "archive": {"durability": "$2"}
}
EOF
}

# --- server lifecycle (by PID only)
server_pid=""
server_port=""
archive_dir=""
stop_server() {
  if [ -n "$server_pid" ]; then
    # A wrapper as BENCH_SERVER_BIN (heaptrack) runs the server as its child: stop the children too.
    local children
    children="$(pgrep -P "$server_pid" || true)"
    if kill -0 "$server_pid" 2>/dev/null; then
      for child in $children; do kill -TERM "$child" 2>/dev/null || true; done
      kill -TERM "$server_pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$server_pid" 2>/dev/null && { log "server $server_pid ignored SIGTERM; SIGKILL"; kill -KILL "$server_pid" 2>/dev/null || true; }
    fi
    for child in $children; do kill -0 "$child" 2>/dev/null && kill -KILL "$child" 2>/dev/null; done
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
  if [ -n "$archive_dir" ]; then
    du -sk "$archive_dir" 2>/dev/null | awk '{print "archive " $1 " kB"}' >>"$out/archive-sizes.txt" || true
    rm -rf "$archive_dir"
    archive_dir=""
  fi
}
trap stop_server EXIT

start_server() { # $1 = config, $2 = log file
  local config="$1" logf="$2"
  archive_dir="$(mktemp -d "${TMPDIR:-/tmp}/buzzer-bench-archive.XXXXXX")"
  ${prio[@]+"${prio[@]}"} "$server_bin" serve --config "$config" --port 0 --host 127.0.0.1 --archive "$archive_dir" >"$logf" 2>&1 &
  server_pid=$!
  server_port=""
  for _ in $(seq 300); do # up to 30 s
    kill -0 "$server_pid" 2>/dev/null || { cat "$logf" >&2; fail "server exited during start-up (log above)"; }
    server_port="$(sed -n 's/^listening on .*:\([0-9][0-9]*\)$/\1/p' "$logf" | head -n1)"
    [ -n "$server_port" ] && break
    sleep 0.1
  done
  [ -n "$server_port" ] || { cat "$logf" >&2; fail "no 'listening on HOST:PORT' line from the server within 30 s"; }
  log "server pid $server_pid listening on port $server_port (archive $archive_dir)"
}

# The host is shared: optionally wait until other processes leave the CPUs alone.
busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
wait_quiet() {
  local budget="${BENCH_QUIET_WAIT:-0}" limit="${BENCH_QUIET_CORES:-0.3}" hz waited=0 a b cores
  [ "$budget" -gt 0 ] || return 0
  hz="$(getconf CLK_TCK)"
  while :; do
    a="$(busy_jiffies)"; sleep 2; b="$(busy_jiffies)"
    cores="$(awk -v d=$((b - a)) -v hz="$hz" 'BEGIN{printf "%.2f", d / hz / 2}')"
    if awk -v c="$cores" -v l="$limit" 'BEGIN{exit !(c < l)}'; then
      log "machine quiet (other processes: $cores cores)"; return 0
    fi
    waited=$((waited + 2))
    if [ "$waited" -ge "$budget" ]; then log "machine still busy ($cores cores) after ${budget} s; running anyway"; return 0; fi
  done
}

run_test() { # $1 = name, $2 = durability, $3 = rooms, $4 = players
  local name="$1" durability="$2" rooms="$3" players="$4"
  local conns=$((rooms * (players + 1)))
  if [ "$players" -gt "$max_players" ] || [ "$conns" -gt "$max_connections" ] || [ "$rooms" -gt "$max_rooms" ]; then
    log "skipping $name: the generated config allows $max_players players per room, $max_connections connections and $max_rooms rooms"
    echo "{\"ok\":false,\"error\":\"skipped: over the generated config's limits\"}" >"$out/$name.json"
    return 0
  fi
  if [ "$fd_limit" != unlimited ] && [ $((conns + 64)) -gt "$fd_limit" ]; then
    log "skipping $name: needs $((conns + 64)) fds, limit $fd_limit"
    echo "{\"ok\":false,\"error\":\"skipped: open-files limit $fd_limit\"}" >"$out/$name.json"
    return 0
  fi
  write_config "$out/config-$durability.json" "$durability"
  wait_quiet
  start_server "$out/config-$durability.json" "$out/$name.server.log"
  local args=(--port "$server_port" --server-pid "$server_pid" --json --rooms "$rooms" --players "$players"
              --questions "$questions" --answer-min-ms "$answer_min" --answer-max-ms "$answer_max" --gap-ms "$gap_ms" --reveal-delay-ms "${BENCH_REVEAL_DELAY_MS:-0}" --reading-ms "${BENCH_READING_MS:-0}"
              --start-spread-ms "$start_spread_ms"
              --connect-timeout 30 --stall-timeout 60 --timeout 900)
  [ -n "${BENCH_SEED:-}" ] && args+=(--seed "$BENCH_SEED")
  log "test $name: game ${args[*]}"
  local rc=0 load_before load_after perf_pid=""
  if [ -n "${BENCH_PERF:-}" ]; then
    # -a: the whole machine (report it with --pid, in server.pid), so threads the server starts later are in too.
    echo "$server_pid" >"$out/$name.server.pid"
    perf record -F "${BENCH_PERF_HZ:-499}" --call-graph "${BENCH_PERF_CALLGRAPH:-fp}" -a -o "$out/$name.perf.data" >/dev/null 2>&1 &
    perf_pid=$!
  fi
  load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
  ${prio[@]+"${prio[@]}"} "$client" "${args[@]}" >"$out/$name.json" 2>"$out/$name.client.log" || rc=$?
  if [ -n "$perf_pid" ]; then kill -INT "$perf_pid" 2>/dev/null || true; wait "$perf_pid" 2>/dev/null || true; fi
  load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "$name before: $load_before after: $load_after${BENCH_NICE:+ nice $BENCH_NICE}" >>"$out/loadavg.txt"
  [ "$rc" = 0 ] || log "test $name: client exit $rc: $(tail -n1 "$out/$name.client.log")"
  stop_server
}

for durability in $durabilities; do
  case "$durability" in always|group|none) ;; *) fail "BENCH_DURABILITY values are always, group or none, got $durability" ;; esac
  for s in $scenarios; do
    [[ "$s" =~ ^([0-9]+)x([0-9]+)$ ]] || fail "scenario $s is not ROOMSxPLAYERS"
    run_test "${BASH_REMATCH[1]}x${BASH_REMATCH[2]}-$durability" "$durability" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
  done
done

# --- summary
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
loads = {}
if os.path.exists(os.path.join(out, "loadavg.txt")):
    for line in open(os.path.join(out, "loadavg.txt")):
        name, rest = line.split(" ", 1)
        loads[name] = rest.split("before: ")[1].split(" ")[0]
rows = []
for f in sorted(os.listdir(out)):
    if f.endswith(".json") and not f.startswith("config-"):
        try: rows.append((f[:-5], json.load(open(os.path.join(out, f)))))
        except ValueError: rows.append((f[:-5], {"ok": False, "error": "no JSON output (see client log)"}))
print(f"\nbuzzer serve bar night (times in ms; results in {out})\n")
print(f"{'test':<16} {'players':>7} | {'fan-out p50':>11} {'p99':>7} {'max':>7} {'room p99':>8} | {'reveal p50':>10} {'p99':>7} {'room p99':>8} | {'ack p50':>7} {'p99':>7} | {'join p50':>8} {'p99':>7} | {'answers/s':>9} {'peak':>5} | {'RSS joined':>10} {'peak':>7} | {'server':>6} {'others':>6} {'ok':>3}")
for name, r in rows:
    if "fanout_ms" not in r:
        print(f"{name:<16} ERROR: {r.get('error')}"); continue
    f, a, w, rss = r["fanout_ms"], r["ack_ms"], r["fanout_all_ms"], r["rss_kb"]
    v, vw, j = r["reveal_ms"], r["reveal_all_ms"], r.get("join_ms", {})
    mb = lambda kb: f"{kb/1024:.0f} MiB" if kb >= 0 else "n/a"
    print(f"{name:<16} {r['players']:>7} | {f['p50']:>11.2f} {f['p99']:>7.2f} {f['max']:>7.2f} {w['p99']:>8.2f} | "
          f"{v['p50']:>10.2f} {v['p99']:>7.2f} {vw['p99']:>8.2f} | "
          f"{a['p50']:>7.2f} {a['p99']:>7.2f} | {j.get('p50', -1):>8.2f} {j.get('p99', -1):>7.2f} | {r['answers_per_second']:>9.0f} {r['peak_answers_per_second']:>5} | "
          f"{mb(rss['joined']):>10} {mb(rss['peak']):>7} | {r.get('server_cores', -1):>6.2f} {r.get('other_cores', -1):>6.2f} {'yes' if r['ok'] else 'NO':>3}")
    if not r["ok"]:
        print(f"{'':<16} errors={r.get('errors')} first: {r.get('first_error')}")
print("\nfan-out: host's start/next written -> each player received `question` (room p99: until the room's last player).")
print("reveal: host's reveal written -> each player received its own `result` (room p99: until the room's last player).")
print("join: join written -> joined (all of a room's players join at once at the start).")
print("ack: answer written -> answer_ack. answers/s: acks / (first question -> last ack); peak: best one-second bucket.")
print("server / others: cores' worth of CPU the server / all other processes (not the client) used during the game;")
print("the machine has 2 cores and is shared, so check `others` before trusting a row. Load averages: loadavg.txt.")
PY
