#!/usr/bin/env bash
# Slow-clients benchmark of `buzzer serve` (issue 10): while --stalls handshakes stall (slowloris) and --sinks
# players of a room stop reading while the game keeps broadcasting to them, a real player joins that room
# and answers, --tries times; its join and answer latencies are the figures (target: within 100 ms).
#
#   Benchmarks/slowclients/run.sh
#   BENCH_SINKS=500 BENCH_STALLS=500 BENCH_TRIES=10 BENCH_WARMUP_S=10 Benchmarks/slowclients/run.sh   # a quick one
#
# Builds the release server and the client, writes a config and a library pack into a temporary folder,
# starts `buzzer serve --port 0 --host 127.0.0.1 --archive TMPDIR`, runs the client, and stops the server by
# its PID (SIGTERM, then SIGKILL after 5 s). Loopback only; every step is bounded in time.
#
# Environment (all optional):
#   BENCH_SINKS        players that join and stop reading          (default 2000)
#   BENCH_STALLS       slowloris connections held at once          (default 2000)
#   BENCH_TRIES        real players measured                       (default 100)
#   BENCH_WARMUP_S     attack time before the first try            (default 60)
#   BENCH_OPEN_MS      each question open this long, then reveal   (default 300)
#   BENCH_REVEAL_MS    reveal to next                              (default 100)
#   BENCH_STALL_BYTE_MS  one byte of a stalled head this often     (default 1000)
#   BENCH_HANDSHAKE_S  timeouts.handshakeSeconds                   (default 10, the shipped value)
#   BENCH_HIGH_WATER   transport.outboundHighWaterBytes            (default 4194304, the shipped value)
#   BENCH_DURABILITY   archive.durability                          (default group, the shipped value)
#   BENCH_SERVER_BIN   server binary                               (default .build/release/buzzer)
#   BENCH_SKIP_BUILD=1 do not run swift build
#   BENCH_OUT          results folder                              (default Benchmarks/slowclients/results/DATE)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

sinks="${BENCH_SINKS:-2000}"
stalls="${BENCH_STALLS:-2000}"
tries="${BENCH_TRIES:-100}"
warmup="${BENCH_WARMUP_S:-60}"
open_ms="${BENCH_OPEN_MS:-300}"
reveal_ms="${BENCH_REVEAL_MS:-100}"
stall_byte_ms="${BENCH_STALL_BYTE_MS:-1000}"
handshake_s="${BENCH_HANDSHAKE_S:-10}"
high_water="${BENCH_HIGH_WATER:-4194304}"
durability="${BENCH_DURABILITY:-group}"
out="${BENCH_OUT:-$here/results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"

log() { echo "run.sh: $*" >&2; }
fail() { echo "run.sh: error: $*" >&2; exit 1; }

# --- open files: the client holds sinks + stalls + 2 sockets, and so does the server.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
need=$((sinks + stalls + 200))
[ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$need" ] || fail "open-files limit $(ulimit -n) is below the $need this run needs"

# --- build
cc_bin="$here/slowclients"
"${CC:-cc}" -O2 -std=gnu11 -Wall -Wextra -o "$cc_bin" "$here/slowclients.c"
server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "swift build -c release --product buzzer"
  swift build -c release --product buzzer >&2
fi
[ -x "$server_bin" ] || fail "server binary $server_bin not found"

# --- a library pack long enough for the run (a question every open + reveal ms), with long texts so each
# question, reveal and result is a realistic 1-3 kB.
work="$(mktemp -d "${TMPDIR:-/tmp}/buzzer-slowclients.XXXXXX")"
questions=$(( (warmup + tries * 3 + 120) * 1000 / (open_ms + reveal_ms) + 50 ))
[ "$questions" -le 1000 ] || questions=1000
mkdir -p "$work/library" "$work/archive"
python3 - "$work/library/slowclients.json" "$questions" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
words = "the quick brown fox jumps over a lazy dog while the pub quiz host reads another long question".split()
def text(n, seed):
    out = []
    i = seed
    while len(" ".join(out)) < n:
        out.append(words[i % len(words)]); i = i * 7 + 3
    return " ".join(out)[:n]
questions = [{"kind": "choice", "category": "Slow clients", "text": f"Q{q}: " + text(600, q),
              "options": [text(150, q + k) for k in range(4)], "answer": q % 4,
              "explanation": text(500, q + 9)} for q in range(count)]
json.dump({"title": "Slow clients", "questions": questions}, open(path, "w"))
PY

# Hosting a library pack needs the library's edit token: the generated config names one, the client sends it.
edit_token="slowclients-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
cat >"$work/config.json" <<EOF
{
  "server": {"host": "127.0.0.1", "port": 0, "eventLoops": 0, "maxConnections": 20000, "publicURL": null},
  "websocket": {
    "allowedOrigins": [], "maxHeaderBytes": 8192, "maxHeaderCount": 64, "maxFrameSize": 262144,
    "maxMessageSize": 262144, "maxFragments": 64,
    "compression": {"enabled": true, "minSize": 256, "level": 6, "maxDecompressedSize": 262144,
                    "serverMaxWindowBits": 15, "clientMaxWindowBits": 15, "serverNoContextTakeover": true}
  },
  "timeouts": {"handshakeSeconds": $handshake_s, "idleSeconds": 60, "pingIntervalSeconds": 20, "closeSeconds": 5, "shutdownSeconds": 5},
  "transport": {"outboundHighWaterBytes": $high_water, "readBufferBytes": 65536},
  "game": {"roomDefaults": {"maxPlayers": 10000}},
  "library": {"editToken": "$edit_token"},
  "rooms": {"maxRooms": 100, "failedJoinsPerMinute": 100000, "joinsPerMinute": 1000000, "joinBurst": 1000000, "createBurst": 100, "createsPerMinute": 100000, "libraryDirectory": "$work/library"},
  "archive": {"durability": "$durability"}
}
EOF
cp "$work/config.json" "$out/config.json"

# --- server lifecycle (by PID only)
server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$server_pid" 2>/dev/null && { log "server $server_pid ignored SIGTERM; SIGKILL"; kill -KILL "$server_pid" 2>/dev/null || true; }
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
  rm -rf "$work"
}
trap stop_server EXIT

"$server_bin" serve --config "$work/config.json" --port 0 --host 127.0.0.1 --archive "$work/archive" >"$out/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 300); do # up to 30 s
  kill -0 "$server_pid" 2>/dev/null || { cat "$out/server.log" >&2; fail "server exited during start-up"; }
  port="$(sed -n 's/^listening on .*:\([0-9][0-9]*\)$/\1/p' "$out/server.log" | head -n1)"
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$out/server.log" >&2; fail "no 'listening on HOST:PORT' line within 30 s"; }
log "server pid $server_pid on port $port; $sinks sinks, $stalls stalls, $tries tries after ${warmup} s"

args=(--port "$port" --token "$edit_token" --server-pid "$server_pid" --json --sinks "$sinks" --stalls "$stalls" --tries "$tries"
      --warmup-s "$warmup" --open-ms "$open_ms" --reveal-ms "$reveal_ms" --stall-byte-ms "$stall_byte_ms" --timeout 900)
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
rc=0
timeout 1000 "$cc_bin" "${args[@]}" >"$out/result.json" 2>"$out/client.log" || rc=$?
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "before: $load_before after: $load_after" >"$out/loadavg.txt"
[ "$rc" = 0 ] || log "client exit $rc: $(tail -n1 "$out/client.log")"

python3 - "$out" "$load_before" "$load_after" <<'PY'
import json, sys
out, before, after = sys.argv[1:4]
try:
    r = json.load(open(f"{out}/result.json"))
except ValueError:
    sys.exit(f"no JSON from the client; see {out}/client.log")
if "join_ms" not in r:
    sys.exit(f"client error: {r.get('error')}")
def row(name, h): print(f"  {name:<24} n={h['count']:<4} p50 {h['p50']:8.2f}  p99 {h['p99']:8.2f}  max {h['max']:8.2f} ms")
print(f"\nslow clients ({r['sinks']} non-reading players, {r['stalls']} stalled handshakes; results in {out})")
row("join (connect->joined)", r["join_ms"])
row("  of which connect", r["connect_ms"])
row("  of which upgrade", r["upgrade_ms"])
row("answer -> answer_ack", r["ack_ms"])
row("stalled head held", r["stall_hold_ms"])
u, rss = r["sink_unread_bytes"], r["rss_kb"]
mb = lambda kb: f"{kb/1024:.0f} MiB"
print(f"  tries {r['tries']} (failed {r['failed']}), questions broadcast {r['questions']}, stalls dropped {r['stall_drops']}, "
      f"stalling at end {r['stalling_at_end']}")
q = r["server_send_queue"]
print(f"  sinks dropped by the server {r['sinks_dropped']}, still established {r['sinks_established_at_end']}, "
      f"unread bytes per established sink min {u['min']} p50 {u['p50']} max {u['max']}")
print(f"  server's kernel send queues: {q['with_bytes']} of {q['established']} sockets hold bytes, p50 {q['p50']} max {q['max']}")
print(f"  server RSS before {mb(rss['before'])}, sinks joined {mb(rss['sinks_joined'])}, after warm-up {mb(rss['warm'])}, "
      f"peak {mb(rss['peak'])}, end {mb(rss['end'])}; fds {r['server_fds']}; {r['server_cores']:.2f} cores while measuring")
print(f"  load average before {before}, after {after}; ok={r['ok']} errors={r['errors']} {r['first_error']}")
slow = sorted(r["try_log"], key=lambda t: -max(t["join"], t["ack"]))[:3]
print("  slowest tries (ms): " + "; ".join(f"join {t['join']:.1f} (connect {t['connect']:.1f}, upgrade {t['upgrade']:.1f}) ack {t['ack']:.1f}, "
                                          f"client loop gap {t['client_loop_gap']:.1f}, stalls dropped and redialled meanwhile {t['stall_drops']}" for t in slow))
PY
exit "$rc"
