#!/usr/bin/env bash
# A city-wide night, measured: three `buzzer serve` instances behind HAProxy with the shipped
# deploy/haproxy/haproxy.cfg, against the same load played directly on the instances, in one sitting
# (docs/scale-out.md, "Measured through HAProxy"; figures in docs/performance.md).
#
#   Benchmarks/scaleout/run.sh
#   BENCH_ROUNDS=1 BENCH_SPEC=3x200,30x20 Benchmarks/scaleout/run.sh      # a quick look
#
# Every run starts three fresh instances (A, B, C: rooms.instanceId, own archive, fixed loopback
# ports) and, for the proxy modes, a fresh HAProxy; all are stopped by PID afterwards. Modes, played
# BENCH_ROUNDS times each, interleaved (direct, proxy, kill, direct, proxy, kill, ...):
#   direct  the load client plays on the instances' own ports (room r on instance r mod 3)
#   proxy   the same load through HAProxy: creates go round robin, players open /ws?room=CODE
#   kill    as proxy, but instance B gets SIGKILL BENCH_KILL_AFTER seconds into the game and is
#           started again BENCH_DOWN_SECONDS later on the same port and archive; its hosts and
#           players reconnect with backoff and resume (`host` / `resume`), as phones do
#   direct-kill  the kill without the proxy (not in the default modes): B's connections come back
#           straight to its port, spread by their own backoff instead of released together by
#           HAProxy; tells the proxy's part in what A and C feel from the part B's restart takes
#
# Environment (all optional):
#   BENCH_SERVER_BIN     server binary (default .build/release/buzzer; built unless BENCH_SKIP_BUILD=1)
#   BENCH_SPEC           rooms of mixed sizes (default "3x2000,150x20": 6,000 + 3,000 players)
#   BENCH_MODES          (default "direct proxy kill direct-kill")
#   BENCH_ROUNDS         runs of each mode (default 3)
#   BENCH_QUESTIONS      questions per game (default 10, the first is warm-up)
#   BENCH_KILL_AFTER     seconds into the game before B is killed (default 8)
#   BENCH_DOWN_SECONDS   seconds B stays down (default 2)
#   BENCH_OUT            results folder (default Benchmarks/scaleout/results/DATE)
#   BENCH_HAPROXY_CFG    proxy config (default deploy/haproxy/haproxy.cfg, the shipped one)
#   BENCH_CGROUPS        1 (default): one box standing for several machines. Each instance, HAProxy
#                        and the client in its own cpu cgroup, as systemd runs services; each
#                        instance capped at BENCH_INSTANCE_CORES (0.6: it uses ~0.35, so only a
#                        restart meets the cap); HAProxy weighted BENCH_PROXY_SHARES (4096, 4x the
#                        others: a machine of its own). 0: all in the caller's cgroup, no cap
#   BENCH_HAPROXY_THREADS  HAProxy's nbthread, added as a second -f file (default 1: on this
#                        2-core box it shares the cores with three instances and the client, and
#                        one thread costs less there; `auto` leaves HAProxy's default, one per core)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

spec="${BENCH_SPEC:-3x2000,150x20}"
modes="${BENCH_MODES:-direct proxy kill direct-kill}"
rounds="${BENCH_ROUNDS:-3}"
questions="${BENCH_QUESTIONS:-10}"
kill_after="${BENCH_KILL_AFTER:-8}"
down_seconds="${BENCH_DOWN_SECONDS:-2}"
out="${BENCH_OUT:-$here/results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
haproxy_bin="${HAPROXY:-/usr/sbin/haproxy}"
haproxy_cfg="${BENCH_HAPROXY_CFG:-$repo/deploy/haproxy/haproxy.cfg}"
haproxy_threads="${BENCH_HAPROXY_THREADS:-auto}"

log() { echo "scaleout: $*" >&2; }
fail() { echo "scaleout: error: $*" >&2; exit 1; }

[ -x "$haproxy_bin" ] || fail "haproxy not found at $haproxy_bin (apt-get install haproxy)"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

"$repo/Benchmarks/game/build.sh" "$repo/Benchmarks/game/game"
client="$repo/Benchmarks/game/game"
server_bin="${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "swift build -c release --product buzzer"
  swift build -c release --product buzzer >&2
fi
[ -x "$server_bin" ] || fail "server binary $server_bin not found"
haproxy_extra=()
if [ "$haproxy_threads" != auto ]; then
  printf 'global\n    nbthread %s\n' "$haproxy_threads" >"$out/haproxy-threads.cfg"
  haproxy_extra=(-f "$out/haproxy-threads.cfg")
fi

# Four free loopback ports: A, B, C and the proxy. B keeps its port across the kill, as a restarted
# instance behind a proxy does.
read -r port_a port_b port_c port_proxy < <(python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
for s in socks: s.close()
PY
)
declare -A port=([A]=$port_a [B]=$port_b [C]=$port_c)

# The instances' config: the shipped defaults with the limits raised for rooms of 2,000 and for every
# create and join arriving from one address (the proxy, or this client).
config="$out/instance-config.json"
python3 - "$repo/config.json" "$config" "$repo/questions" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["server"].update({"host": "127.0.0.1", "port": 0, "maxConnections": 30000, "publicURL": None, "trustedProxies": ["127.0.0.1"]})
c.setdefault("game", {}).setdefault("roomDefaults", {})["maxPlayers"] = 10000
c["rooms"].update({"maxRooms": 1000, "failedJoinsPerMinute": 100000, "joinsPerMinute": 1000000, "joinBurst": 1000000, "createBurst": 1000, "createsPerMinute": 100000,
                   "createsPerConnection": 1000000, "libraryDirectory": sys.argv[3]})
c["archive"]["durability"] = "group"
json.dump(c, open(sys.argv[2], "w"), indent=2)
PY

# One box standing for several machines (docs/scale-out.md): each process in its own CPU cgroup
# (cgroup v1 `cpu`), as systemd runs each service, so the scheduler shares the cores per process and
# not per thread; each instance capped at BENCH_INSTANCE_CORES, HAProxy weighted BENCH_PROXY_SHARES.
# BENCH_CGROUPS=0 runs everything in the caller's cgroup.
cgroup_dir=""
instance_quota=$(python3 -c 'import sys; print(int(float(sys.argv[1]) * 100000))' "${BENCH_INSTANCE_CORES:-0.6}")
if [ "${BENCH_CGROUPS:-1}" != 0 ] && [ -w /sys/fs/cgroup/cpu ] && [ -f /sys/fs/cgroup/cpu/cpu.shares ]; then
  cgroup_dir="/sys/fs/cgroup/cpu/buzzer-scaleout-$$"
  mkdir -p "$cgroup_dir"
  log "each process in its own cpu cgroup under $cgroup_dir"
else
  log "each process in the caller's cgroup (BENCH_CGROUPS=0, or no writable cgroup v1 cpu controller)"
fi
own_cgroup() { # $1 = name, $2 = pid
  [ -n "$cgroup_dir" ] || return 0
  mkdir -p "$cgroup_dir/$1"
  # The proxy stands for a machine of its own (docs/scale-out.md, capacity model): its weight lets it
  # take what it needs before the instances and the client share the rest.
  [ "$1" = haproxy ] && echo "${BENCH_PROXY_SHARES:-4096}" >"$cgroup_dir/$1/cpu.shares"
  # An instance stands for a machine of its own too: at most BENCH_INSTANCE_CORES of the cores.
  case "$1" in A|B|C)
    if [ "$instance_quota" -gt 0 ]; then
      echo 100000 >"$cgroup_dir/$1/cpu.cfs_period_us"
      echo "$instance_quota" >"$cgroup_dir/$1/cpu.cfs_quota_us"
    fi ;;
  esac
  echo "$2" >"$cgroup_dir/$1/cgroup.procs" 2>/dev/null || log "could not move $1 ($2) into its cgroup"
}
drop_cgroups() {
  [ -n "$cgroup_dir" ] && [ -d "$cgroup_dir" ] || return 0
  for d in "$cgroup_dir"/*/; do [ -d "$d" ] && rmdir "$d" 2>/dev/null; done
  rmdir "$cgroup_dir" 2>/dev/null || true
}

declare -A pid=() archive=()
proxy_pid=""
start_instance() { # $1 = id, $2 = log file
  local id="$1"
  "$server_bin" serve --config "$config" --host 127.0.0.1 --port "${port[$id]}" --instance-id "$id" --archive "${archive[$id]}" >>"$2" 2>&1 &
  pid[$id]=$!
  own_cgroup "$id" "${pid[$id]}"
  echo "${pid[$id]}" >"$out/pid.$id"
  for _ in $(seq 300); do
    kill -0 "${pid[$id]}" 2>/dev/null || { tail -n 20 "$2" >&2; fail "instance $id exited during start-up"; }
    grep -q "^listening on .*:${port[$id]}$" "$2" && return 0
    sleep 0.1
  done
  fail "instance $id did not listen on ${port[$id]} within 30 s"
}
stop_pid() {
  local p="$1"
  [ -n "$p" ] || return 0
  if kill -0 "$p" 2>/dev/null; then
    kill -TERM "$p" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
  fi
  wait "$p" 2>/dev/null || true
}
stop_all() {
  stop_pid "$proxy_pid"; proxy_pid=""
  for id in A B C; do stop_pid "${pid[$id]:-}"; pid[$id]=""; done
  for id in A B C; do [ -n "${archive[$id]:-}" ] && rm -rf "${archive[$id]}"; archive[$id]=""; done
}
trap 'stop_all; drop_cgroups' EXIT

start_proxy() { # $1 = log file
  BUZZER_LISTEN="127.0.0.1:$port_proxy" BUZZER_A="127.0.0.1:$port_a" BUZZER_B="127.0.0.1:$port_b" BUZZER_C="127.0.0.1:$port_c" \
    "$haproxy_bin" -db -f "$haproxy_cfg" "${haproxy_extra[@]}" >>"$1" 2>&1 &
  proxy_pid=$!
  own_cgroup haproxy "$proxy_pid"
  # Ready once every instance answers through it: three health checks in a row from `any`.
  local ok=0
  for _ in $(seq 100); do
    kill -0 "$proxy_pid" 2>/dev/null || { cat "$1" >&2; fail "haproxy exited"; }
    if python3 -c 'import sys, urllib.request; sys.exit(urllib.request.urlopen(sys.argv[1], timeout=2).status != 200)' \
         "http://127.0.0.1:$port_proxy/healthz" 2>/dev/null; then
      ok=$((ok + 1)); [ "$ok" -ge 3 ] && return 0
    fi
    sleep 0.1
  done
  fail "haproxy on $port_proxy did not answer /healthz within 10 s"
}

run_one() { # $1 = mode, $2 = run name
  local mode="$1" name="$2" logf="$out/$2.servers.log"
  for id in A B C; do archive[$id]="$(mktemp -d "${TMPDIR:-/tmp}/buzzer-scaleout-$id.XXXXXX")"; start_instance "$id" "$logf"; done
  local args=(--json --rooms-spec "$spec" --questions "$questions" --connect-timeout 30 --stall-timeout 60 --timeout 900
              --samples "$out/$name.samples.csv"
              --watch-pid "A=@$out/pid.A" --watch-pid "B=@$out/pid.B" --watch-pid "C=@$out/pid.C")
  if [ "$mode" = direct ] || [ "$mode" = direct-kill ]; then
    args+=(--ports "$port_a,$port_b,$port_c")
    [ "$mode" = direct-kill ] && args+=(--resume --resume-timeout 60)
  else
    start_proxy "$out/$name.haproxy.log"
    args+=(--port "$port_proxy" --create-in-order --watch-pid "haproxy=$proxy_pid")
    [ "$mode" = kill ] && args+=(--resume --resume-timeout 60)
  fi
  log "$name: game ${args[*]}"
  local rc=0
  "$client" "${args[@]}" >"$out/$name.json" 2>"$out/$name.client.log" &
  local client_pid=$!
  own_cgroup client "$client_pid"
  if [ "$mode" = kill ] || [ "$mode" = direct-kill ]; then
    # Wait for the game to start (the client says "playing"), then kill B mid-run and bring it back.
    for _ in $(seq 1200); do grep -q "playing" "$out/$name.client.log" && break; kill -0 "$client_pid" 2>/dev/null || break; sleep 0.1; done
    sleep "$kill_after"
    log "$name: SIGKILL instance B (pid ${pid[B]})"
    kill -KILL "${pid[B]}"; wait "${pid[B]}" 2>/dev/null || true
    echo "killed B at $(date +%s.%N)" >>"$out/$name.events"
    sleep "$down_seconds"
    start_instance B "$logf"
    echo "restarted B at $(date +%s.%N) (pid ${pid[B]})" >>"$out/$name.events"
    log "$name: instance B back (pid ${pid[B]})"
  fi
  wait "$client_pid" || rc=$?
  [ "$rc" = 0 ] || log "$name: client exit $rc: $(tail -n1 "$out/$name.client.log")"
  # Every game, the killed instance's included, must replay from the archives to the standings it recorded.
  local verify_rc=0
  for id in A B C; do "$server_bin" replay verify --all --archive "${archive[$id]}" >>"$out/$name.verify.txt" 2>&1 || verify_rc=$?; done
  echo "replay verify exit $verify_rc: $(tail -n1 "$out/$name.verify.txt")" >>"$out/$name.events"
  [ "$verify_rc" = 0 ] || log "$name: replay verify failed (see $out/$name.verify.txt)"
  stop_all
}

for round in $(seq "$rounds"); do
  for mode in $modes; do
    case "$mode" in direct|proxy|kill|direct-kill) ;; *) fail "BENCH_MODES are direct, proxy, kill or direct-kill, got $mode" ;; esac
    run_one "$mode" "$mode-$round"
  done
done

python3 "$here/summary.py" "$out"
