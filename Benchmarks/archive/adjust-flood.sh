#!/bin/bash
# Issue 39's flood: one running room whose host sent ADJUSTMENTS score adjustments (25,000 by
# default, past the live caps). Times `buzzer replay verify` on it, then a restart of `buzzer serve`
# on a copy of it: from the start to the first 200 of /healthz, which comes after recovery.
# Then once more with rooms.maxReplayEvents below the room's size, where it is quarantined.
# Figures go to docs/performance.md ("Host activity").
#
#   Benchmarks/archive/adjust-flood.sh
#   ADJUSTMENTS=100000 SKIP_BUILD=1 Benchmarks/archive/adjust-flood.sh
set -eu
cd "$(dirname "$0")/../.."
ADJUSTMENTS=${ADJUSTMENTS:-25000}
RUNS=${RUNS:-3}
PORT=${PORT:-18739}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product buzzer
fi
BIN=${BIN:-.build/release/buzzer}
WORK=$(mktemp -d /tmp/buzzer-adjust-flood.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

"$BIN" replay generate --adjustments "$ADJUSTMENTS" --output "$WORK/flood"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "verify: %e s wall, %U s user, %M KB max RSS" "$BIN" replay verify --archive "$WORK/flood"
done

# $1: rooms.maxReplayEvents. Prints the seconds to the first /healthz 200, then /healthz.
restart() {
    rm -rf "$WORK/run" && mkdir -p "$WORK/run" && cp -r "$WORK/flood" "$WORK/run/archive"
    python3 - "$WORK/run" "$1" "$PORT" <<'PY'
import json, os, sys
run, budget, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
c = json.load(open('config.json'))
c['server'].update(host='127.0.0.1', port=port)
c['rooms'].update(libraryDirectory=os.getcwd() + '/questions', maxReplayEvents=budget)
c['library']['mediaDirectory'] = run + '/media'
json.dump(c, open(run + '/config.json', 'w'))
PY
    local start end pid
    start=$(date +%s%N)
    "$BIN" serve --config "$WORK/run/config.json" --archive "$WORK/run/archive" > "$WORK/run/out.log" 2>&1 &
    pid=$!
    until curl -sf "http://127.0.0.1:$PORT/healthz" > "$WORK/run/health.json" 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null || { echo "the server exited:"; tail -5 "$WORK/run/out.log"; exit 1; }
        sleep 0.01
    done
    end=$(date +%s%N)
    # The server's CPU by then (user + system, in clock ticks): the figure the machine's load does not move.
    local ticks
    ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    echo "restart (rooms.maxReplayEvents $1): $(( (end - start) / 1000000 )) ms to /healthz, $(( ticks * 1000 / $(getconf CLK_TCK) )) ms of CPU: $(cat "$WORK/run/health.json")"
    kill "$pid"; wait "$pid" 2>/dev/null || true
}
for _ in $(seq "$RUNS"); do restart 2000000; done
restart 1000
