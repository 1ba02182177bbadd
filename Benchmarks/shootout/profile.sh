#!/usr/bin/env bash
# Profiles one server through one shootout test: system calls and context switches (perf stat over
# the whole server, every thread), then where the CPU goes (perf record -g). Loopback only; the server
# is started here and stopped by its PID.
#
#   Benchmarks/shootout/profile.sh buzzer              # buzzer echo, 10,000 clients, 50 broadcast rounds
#   Benchmarks/shootout/profile.sh floor               # the C floor, the same test
#   PROFILE_ARGS="--clients 100 --mode echo --duration 8 --inflight 4" Benchmarks/shootout/profile.sh buzzer
#
# Environment: BENCH_SERVER_BIN (default .build/release/buzzer), PROFILE_OUT (default /tmp/buzzer-profile).
# Read the results with: perf report -i OUT/SERVER.perf.data --no-children --sort dso,symbol
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
kind="${1:?usage: profile.sh buzzer|floor}"
out="${PROFILE_OUT:-/tmp/buzzer-profile}"
args=(${PROFILE_ARGS:---clients 10000 --mode broadcast --rounds 50 --payload-size 32 --round-timeout 30 --connect-timeout 30})
mkdir -p "$out"
ulimit -n 65536 2>/dev/null || true
"$here/build.sh" "$here/shootout"
case "$kind" in
  buzzer) server=("${BENCH_SERVER_BIN:-$repo/.build/release/buzzer}" echo) ;;
  floor) "${CC:-cc}" -O2 -std=gnu11 -Wall -Wextra -o "$here/floor" "$here/floor.c" -lcrypto -lpthread; server=("$here/floor") ;;
  *) echo "profile.sh: buzzer or floor, got $kind" >&2; exit 64 ;;
esac

run() { # $1 = pass name; the rest: the server command, wrapped by the caller
  local pass="$1"; shift
  "$@" --port 0 >"$out/$kind.$pass.server.log" 2>&1 &
  local wrapper=$! port="" pid=""
  for _ in $(seq 300); do
    port="$(sed -n 's/.*listening on .*:\([0-9][0-9]*\).*/\1/p' "$out/$kind.$pass.server.log" | head -n1)"
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$out/$kind.$pass.server.log" >&2; exit 1; }
  pid="$(pgrep -P "$wrapper" || echo "$wrapper")"
  "$here/shootout" --port "$port" --json "${args[@]}" >"$out/$kind.$pass.json"
  kill -TERM "$pid"; wait "$wrapper" 2>/dev/null || true
}

events='raw_syscalls:sys_enter,syscalls:sys_enter_sendto,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_ctl,syscalls:sys_enter_futex,syscalls:sys_enter_recvfrom,syscalls:sys_enter_shutdown,syscalls:sys_enter_accept4,syscalls:sys_enter_fcntl,context-switches,task-clock'
run stat perf stat -e "$events" -o "$out/$kind.stat" -- "${server[@]}"
run record perf record -F 999 -g -o "$out/$kind.perf.data" -- "${server[@]}"
cat "$out/$kind.stat"
perf report -i "$out/$kind.perf.data" --no-children --sort dso,symbol --stdio -g none 2>/dev/null | grep '%' | head -25 | cut -c1-160
