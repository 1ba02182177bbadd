#!/bin/sh
# Generates a synthetic archive of about 1,000,000 events (many realistic games, eight rooms
# at a time, written through ArchiveWriter exactly as the server writes them) and times
# `buzzer replay verify --all` on it with a release build. Figures go to docs/performance.md.
#
#   Benchmarks/archive/replay-verify.sh                 # 1M events into /tmp/buzzer-replay-bench
#   EVENTS=200000 DIR=/tmp/small Benchmarks/archive/replay-verify.sh
set -eu
cd "$(dirname "$0")/../.."
EVENTS=${EVENTS:-1000000}
DIR=${DIR:-/tmp/buzzer-replay-bench}
SEED=${SEED:-1}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product buzzer
fi
BIN=.build/release/buzzer

if [ ! -d "$DIR" ] || [ -z "$(ls "$DIR" 2>/dev/null)" ]; then
    mkdir -p "$DIR"
    "$BIN" replay generate --events "$EVENTS" --output "$DIR" --seed "$SEED"
else
    echo "reusing the archive in $DIR (remove it to generate a new one)"
fi
echo "archive: $(du -sh "$DIR" | cut -f1), $(cat "$DIR"/*.jsonl | wc -l) lines"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

/usr/bin/time -f "verify --all: %e s wall, %U s user, %M KB max RSS" "$BIN" replay verify --all --archive "$DIR"
/usr/bin/time -f "list: %e s wall, %U s user, %M KB max RSS" "$BIN" replay list --archive "$DIR" > /dev/null
