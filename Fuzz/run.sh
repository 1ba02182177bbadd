#!/usr/bin/env bash
# Builds and runs one libFuzzer target against the BuzzerWebSocket codec.
#
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags…]
#   TARGET: connection | handshake       SECONDS: default 60; 0 = build only
#
# The codec sources are compiled into one module with the target's entry point, outside SwiftPM, so
# `swift build` / `swift test` never see -sanitize=fuzzer. Output goes to fuzz-artifacts/TARGET/
# (git-ignored): the binary, the growing corpus (seeded from Fuzz/seeds/TARGET), crashes and the log.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh connection|handshake [SECONDS] [libFuzzer flags…]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))

root="$(cd "$(dirname "$0")/.." && pwd)"
case "$target" in
    connection) entry="$root/Fuzz/ConnectionFuzzer.swift" ;;
    handshake) entry="$root/Fuzz/HandshakeFuzzer.swift" ;;
    *) echo "unknown target '$target' (connection, handshake)" >&2; exit 2 ;;
esac

out="$root/fuzz-artifacts/$target"
mkdir -p "$out/corpus" "$out/crashes"
binary="$out/fuzz-$target"

# -O keeps Swift's bounds and overflow checks; ASan adds the C side (zlib, OpenSSL calls, unsafe pointers).
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld \
    -swift-version 6 -package-name buzzer -module-name BuzzerWebSocketFuzz \
    -I "$root/Sources/COpenSSL" -I "$root/Sources/CZlib" \
    "$root"/Sources/BuzzerWebSocket/*.swift "$root/Fuzz/FuzzInput.swift" "$entry" \
    -o "$binary"

[ "$seconds" = 0 ] && { echo "built $binary"; exit 0; }

# Seeds first so a fresh corpus starts from the RFC vectors; libFuzzer adds what it learns to corpus/.
cp -n "$root/Fuzz/seeds/$target"/* "$out/corpus/" 2>/dev/null || true

# The Swift runtime's own backtracer stalls under ASan at a crash; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$out/corpus" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 "$@"
