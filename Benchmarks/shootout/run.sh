#!/usr/bin/env bash
# Runs the websocket-shootout benchmark against `buzzer echo` and prints a summary table.
#
#   Benchmarks/shootout/run.sh                      # buzzer and the C floor (floor.c), side by side, with ratios
#   BENCH_SERVERS=buzzer Benchmarks/shootout/run.sh  # buzzer alone
#   BENCH_SERVERS=reference BENCH_CLIENTS="100 500" Benchmarks/shootout/run.sh   # Python reference server
#
# Each test gets a fresh server process (so RSS per connection is measured on a clean heap),
# started here and stopped by its PID. Loopback only; every step is bounded in time.
#
# Environment (all optional):
#   BENCH_SERVERS         any of buzzer floor reference, run in turn for each test (default "buzzer floor")
#   BENCH_SERVER_BIN      server binary                       (default .build/release/buzzer)
#   BENCH_SKIP_BUILD=1    do not run swift build
#   BENCH_PORT            fixed server port, for a server that does not print "listening on HOST:PORT"
#   BENCH_CLIENTS         broadcast client counts             (default "1000 10000")
#   BENCH_ROUNDS          measured broadcast rounds           (default 100)
#   BENCH_ECHO_CLIENTS    echo connections                    (default 100)
#   BENCH_ECHO_INFLIGHT   echo messages in flight per client  (default 4)
#   BENCH_ECHO_DURATION   echo seconds measured               (default 10)
#   BENCH_PAYLOAD         payload bytes                       (default 32)
#   BENCH_OUT             results folder                      (default Benchmarks/shootout/results/DATE)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

servers="${BENCH_SERVERS:-${BENCH_SERVER:-buzzer floor}}"
clients_list="${BENCH_CLIENTS:-1000 10000}"
rounds="${BENCH_ROUNDS:-100}"
echo_clients="${BENCH_ECHO_CLIENTS:-100}"
echo_inflight="${BENCH_ECHO_INFLIGHT:-4}"
echo_duration="${BENCH_ECHO_DURATION:-10}"
payload="${BENCH_PAYLOAD:-32}"
out="${BENCH_OUT:-$here/results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"

log() { echo "run.sh: $*" >&2; }
fail() { echo "run.sh: error: $*" >&2; exit 1; }

# --- open-files limit: client and server each need one fd per connection (+ a few).
# Both inherit this shell's limit. Raise the soft (and, where allowed, hard) limit.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
fd_limit="$(ulimit -n)"
log "open-files limit: $fd_limit (client and server each need clients + ~64)"

# --- build
"$here/build.sh" "$here/shootout"
client="$here/shootout"
declare -A server_cmds
for kind in $servers; do
  case "$kind" in
    buzzer)
      server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
      if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
        log "swift build -c release --product buzzer"
        swift build -c release --product buzzer >&2
      fi
      [ -x "$server_bin" ] || fail "server binary $server_bin not found"
      server_cmds[buzzer]="$server_bin echo"
      ;;
    floor)
      # The floor: a hand-written C epoll server, one thread per core (floor.c).
      "${CC:-cc}" -O2 -std=gnu11 -Wall -Wextra -o "$here/floor" "$here/floor.c" -lcrypto -lpthread
      server_cmds[floor]="$here/floor"
      ;;
    reference)
      py="$repo/.venv/bin/python"
      if ! "$py" -c 'import websockets' 2>/dev/null; then
        log "creating .venv with websockets"
        python3 -m venv "$repo/.venv"
        "$repo/.venv/bin/pip" install --quiet --disable-pip-version-check websockets
      fi
      server_cmds[reference]="$py $here/reference_server.py"
      ;;
    *) fail "BENCH_SERVERS takes buzzer, floor and reference, got $kind" ;;
  esac
done

# --- server lifecycle (by PID only)
server_pid=""
server_port=""
stop_server() {
  [ -n "$server_pid" ] || return 0
  if kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$server_pid" 2>/dev/null && { log "server $server_pid ignored SIGTERM; SIGKILL"; kill -KILL "$server_pid" 2>/dev/null || true; }
  fi
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap stop_server EXIT

start_server() { # $1 = log file, $2 = server kind
  local logf="$1" port_arg="${BENCH_PORT:-0}"
  # shellcheck disable=SC2086 # the command is words: a binary and its arguments
  ${server_cmds[$2]} --port "$port_arg" >"$logf" 2>&1 &
  server_pid=$!
  server_port=""
  for _ in $(seq 300); do # up to 30 s
    kill -0 "$server_pid" 2>/dev/null || { cat "$logf" >&2; fail "server exited during start-up (log above)"; }
    server_port="$(sed -n 's/.*listening on .*:\([0-9][0-9]*\).*/\1/p' "$logf" | head -n1)"
    [ -n "$server_port" ] && break
    if [ -n "${BENCH_PORT:-}" ] && (exec 3<>"/dev/tcp/127.0.0.1/$BENCH_PORT") 2>/dev/null; then
      server_port="$BENCH_PORT"; break
    fi
    sleep 0.1
  done
  [ -n "$server_port" ] || { cat "$logf" >&2; fail "no 'listening on HOST:PORT' line from the server within 30 s (set BENCH_PORT for a fixed port)"; }
  log "server pid $server_pid listening on port $server_port"
}

# The server's CPU seconds so far (user + system, from /proc/PID/stat): read before it stops.
server_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); printf "%.2f", ($12 + $13) / hz }' "/proc/$server_pid/stat"
}

run_test() { # $1 = name, rest = client args; each server in turn, in the same sitting
  local test="$1"; shift
  local clients="$2" kind name
  for kind in $servers; do
    name="$kind-$test"
    if [ "$fd_limit" != unlimited ] && [ $((clients + 64)) -gt "$fd_limit" ]; then
      log "skipping $name: needs $((clients + 64)) fds, limit $fd_limit"
      echo "{\"ok\":false,\"error\":\"skipped: open-files limit $fd_limit\",\"name\":\"$name\"}" >"$out/$name.json"
      continue
    fi
    start_server "$out/$name.server.log" "$kind"
    local before
    before="$(server_cpu)"
    log "test $name: shootout $*"
    local rc=0
    "$client" --port "$server_port" --server-pid "$server_pid" --json "$@" >"$out/$name.json" 2>"$out/$name.client.log" || rc=$?
    [ "$rc" = 0 ] || { log "test $name: client exit $rc: $(tail -n1 "$out/$name.client.log")"; }
    python3 -c 'import json,sys; p=sys.argv[1]; r=json.load(open(p)); r["server_cpu_s"]=float(sys.argv[2])-float(sys.argv[3]); json.dump(r,open(p,"w"))' \
      "$out/$name.json" "$(server_cpu)" "$before" 2>/dev/null || true
    stop_server
  done
}

for n in $clients_list; do
  run_test "broadcast-$n" --clients "$n" --mode broadcast --rounds "$rounds" --payload-size "$payload" \
    --round-timeout 30 --connect-timeout 30 --timeout 900
done
run_test "echo-$echo_clients" --clients "$echo_clients" --mode echo --duration "$echo_duration" \
  --inflight "$echo_inflight" --payload-size "$payload" --timeout 600

# --- summary
python3 - "$out" "$servers" <<'PY'
import json, os, sys
out, kinds = sys.argv[1], sys.argv[2].split()
rows = []
def order(f):
    kind, _, test = f[:-5].partition("-")
    return (not test.startswith("broadcast"), int(''.join(c for c in test if c.isdigit()) or 0), kinds.index(kind) if kind in kinds else 99)
for f in sorted((f for f in os.listdir(out) if f.endswith(".json")), key=order):
    with open(os.path.join(out, f)) as fh:
        try: rows.append((f[:-5], json.load(fh)))
        except ValueError: rows.append((f[:-5], {"ok": False, "error": "no JSON output (see client log)"}))
def ms(h, k): return f"{h[k]:.2f}"
print(f"\nwebsocket-shootout against {' and '.join(kinds)} (times in ms; results in {out})\n")
print(f"{'test':<22} {'clients':>7} {'rate':>13} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8} | {'lat p50':>8} {'lat p99':>8} {'lat max':>8} | {'RSS/conn':>9} {'CPU s':>6} {'ok':>4}")
for name, r in rows:
    if "mode" not in r:
        print(f"{name:<22} {'':>7} ERROR: {r.get('error')}"); continue
    rss = f"{r['rss_bytes_per_connection']/1024:.1f} KiB" if r.get("rss_bytes_per_connection", -1) >= 0 else "n/a"
    ok = "yes" if r["ok"] else "NO"
    cpu = f"{r['server_cpu_s']:.2f}" if "server_cpu_s" in r else "n/a"
    if r["mode"] == "broadcast":
        h, l = r["round_ms"], r["latency_ms"]
        rate = f"{r['rounds_per_second']:.1f} rnd/s"
        print(f"{name:<22} {r['clients']:>7} {rate:>13} {ms(h,'p50'):>8} {ms(h,'p95'):>8} {ms(h,'p99'):>8} {ms(h,'max'):>8} | {ms(l,'p50'):>8} {ms(l,'p99'):>8} {ms(l,'max'):>8} | {rss:>9} {cpu:>6} {ok:>4}")
    else:
        l = r["latency_ms"]
        rate = f"{r['messages_per_second']:.0f} msg/s"
        print(f"{name:<22} {r['clients']:>7} {rate:>13} {ms(l,'p50'):>8} {ms(l,'p95'):>8} {ms(l,'p99'):>8} {ms(l,'max'):>8} | {'':>8} {'':>8} {'':>8} | {rss:>9} {cpu:>6} {ok:>4}")
    if not r["ok"]:
        print(f"{'':<22} errors={r.get('errors')} listenerCount mismatches={r.get('listener_count_mismatches', 0)} first: {r.get('first_error')}")
# buzzer against the floor, test by test: the issue's targets (CPU <= 1.1x, round p99 <= 1.2x, echo >= 0.95x, RSS <= 1.1x).
by = {name: r for name, r in rows}
if "buzzer" in kinds and "floor" in kinds:
    print("\nbuzzer / floor:")
    for name, r in rows:
        kind, _, test = name.partition("-")
        floor = by.get(f"floor-{test}")
        if kind != "buzzer" or not floor or "mode" not in r or "mode" not in floor: continue
        parts = []
        if "server_cpu_s" in r and floor.get("server_cpu_s"): parts.append(f"server CPU {r['server_cpu_s'] / floor['server_cpu_s']:.2f}x")
        if r["mode"] == "broadcast": parts.append(f"round p99 {r['round_ms']['p99'] / floor['round_ms']['p99']:.2f}x")
        else: parts.append(f"messages/s {r['messages_per_second'] / floor['messages_per_second']:.2f}x")
        if r.get("rss_bytes_per_connection", -1) > 0 and floor.get("rss_bytes_per_connection", -1) > 0:
            parts.append(f"RSS/conn {r['rss_bytes_per_connection'] / floor['rss_bytes_per_connection']:.2f}x")
        print(f"  {test:<16} " + ", ".join(parts))
print("\nbroadcast: p50..max = round time (send -> last of N clients received); lat = per-client receive latency.")
print("echo: p50..max = round trip per message. RSS/conn = (server VmRSS with N open - before) / N.")
PY
