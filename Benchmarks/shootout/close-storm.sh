#!/usr/bin/env bash
# Reproduces the libdispatch crash noted in docs/performance.md: N clients connect to a fresh
# `buzzer echo`, run a few broadcast rounds, then all close at once. Repeats RUNS times and reports
# whether the server survived each mass close.
#
#   Benchmarks/shootout/close-storm.sh [N=10000] [RUNS=8]
#
# Needs .build/release/buzzer (swift build -c release --product buzzer). Server logs of crashed runs
# are kept in Benchmarks/shootout/results/close-storm-DATE/ (git-ignored).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
clients="${1:-10000}"
runs="${2:-8}"
out="$here/results/close-storm-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
"$here/build.sh" "$here/shootout" >/dev/null 2>&1 || { echo "client build failed" >&2; exit 1; }

crashes=0
for run in $(seq "$runs"); do
  log="$out/server-$run.log"
  : >"$log"   # exists before the background server opens it
  "$repo/.build/release/buzzer" echo --port 0 >"$log" 2>&1 &
  server=$!
  for _ in $(seq 50); do grep -q "listening on" "$log" && break; sleep 0.1; done
  port="$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' "$log")"
  "$here/shootout" --port "$port" --clients "$clients" --mode broadcast --rounds 10 --warmup-rounds 1 \
    --quiet --json >"$out/client-$run.json" 2>&1
  client=$?
  sleep 2   # the server finishes closing the connections
  if kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server"; wait "$server" 2>/dev/null; echo "run $run: client exit $client, server survived"
    rm -f "$log"
  else
    wait "$server" 2>/dev/null; code=$?
    crashes=$((crashes + 1)); echo "run $run: client exit $client, server died (exit $code), log $log"
  fi
done
echo "$crashes of $runs runs crashed"
