#!/usr/bin/env bash
# Builds and runs one libFuzzer target.
#
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags…]
#   TARGET: connection | handshake | client | archive       SECONDS: default 60; 0 = build only
#   Fuzz/run.sh check      builds all four unoptimised with warnings as errors, so a change that breaks one fails
#                          (the README's test command runs it; a build, not a fuzz run)
#
#   connection, handshake   the BuzzerWebSocket codec (Fuzz/ConnectionFuzzer.swift, HandshakeFuzzer.swift)
#   client                  ClientMessage.decode, the JSON a client sends (Fuzz/ClientMessageFuzzer.swift)
#   archive                 ArchiveReader and the replay's line decoders (Fuzz/ArchiveLineFuzzer.swift)
#
# Everything is compiled with swiftc outside SwiftPM, so `swift build` / `swift test` never see
# -sanitize=fuzzer. The codec targets are one module; client and archive import BuzzerFormats,
# BuzzerGame and BuzzerGameJSON, which are compiled first as their own modules (fuzz-artifacts/modules/, instrumented too)
# and linked in. Output goes to fuzz-artifacts/TARGET/ (git-ignored): the binary, the growing corpus
# (seeded from Fuzz/seeds/TARGET), crashes and the log.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh connection|handshake|client|archive|check [SECONDS] [libFuzzer flags…]}"
if [ "$target" = check ]; then
    # Built once per change: the stamp is a hash of every file the four targets compile and of the compiler,
    # so a run of ./run-tests after a change elsewhere (the app, the pages, the tests) skips the minute.
    root="$(cd "$(dirname "$0")/.." && pwd)"
    stamp="$root/fuzz-artifacts/check.stamp"
    hash="$( { swiftc --version 2>&1; cd "$root" && find Fuzz Sources/BuzzerWebSocket Sources/BuzzerFormats Sources/BuzzerGame \
        Sources/BuzzerGameJSON Sources/BuzzerArchive Sources/BuzzerApp/Game Sources/COpenSSL Sources/CZlib \
        Sources/BuzzerReplay/AnswerLineDecoder.swift -type f -print0 | sort -z | xargs -0 sha256sum; } | sha256sum | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
        echo "fuzz targets: unchanged since they last built"
        exit 0
    fi
    rm -f "$stamp"
    for t in connection handshake client archive; do
        FUZZ_OPTIMIZE="-Onone -warnings-as-errors" "$0" "$t" 0
    done
    echo "$hash" >"$stamp"
    exit 0
fi
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))

root="$(cd "$(dirname "$0")/.." && pwd)"
case "$target" in
    connection|handshake|client|archive) ;;
    *) echo "unknown target '$target' (connection, handshake, client, archive)" >&2; exit 2 ;;
esac

out="$root/fuzz-artifacts/$target"
mkdir -p "$out/corpus" "$out/crashes"
binary="$out/fuzz-$target"
src="$root/Sources"

# -O keeps Swift's bounds and overflow checks; ASan adds the C side (zlib, OpenSSL calls, unsafe pointers).
flags=(-sanitize=fuzzer,address -parse-as-library ${FUZZ_OPTIMIZE:--O -g} -swift-version 6 -package-name buzzer)

# One library module as an instrumented object file plus its .swiftmodule, for the targets that import it.
modules="$root/fuzz-artifacts/modules"
module() { # $1 = module name, then its sources
    local name="$1"; shift
    mkdir -p "$modules"
    swiftc "${flags[@]}" -wmo -module-name "$name" -I "$modules" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" -c -o "$modules/$name.o" "$@"
}

case "$target" in
    connection|handshake)
        entry="$root/Fuzz/$( [ "$target" = connection ] && echo Connection || echo Handshake )Fuzzer.swift"
        swiftc "${flags[@]}" -use-ld=lld -module-name BuzzerWebSocketFuzz \
            -I "$src/COpenSSL" -I "$src/CZlib" \
            "$src"/BuzzerWebSocket/*.swift "$root/Fuzz/FuzzInput.swift" "$entry" \
            -o "$binary"
        ;;
    client|archive)
        module BuzzerFormats $(find "$src/BuzzerFormats" -name '*.swift' | sort)
        module BuzzerGame $(find "$src/BuzzerGame" -name '*.swift' | sort)
        module BuzzerGameJSON $(find "$src/BuzzerGameJSON" -name '*.swift' | sort)
        if [ "$target" = client ]; then
            # ClientMessage.swift and its definitions need only BuzzerFormats, BuzzerGame and BuzzerGameJSON, not the rest of BuzzerApp.
            g="$src/BuzzerApp/Game"
            # The registry's two app commands are in it too, without their `perform` (BUZZER_CLIENT_FUZZ).
            swiftc "${flags[@]}" -D BUZZER_CLIENT_FUZZ -use-ld=lld -module-name BuzzerClientFuzz -I "$modules" \
                "$g/ClientMessage.swift" "$g/ClientMessage+Create.swift" "$g/ClientMessageType.swift" "$g/ClientFieldReader.swift" "$g/ClipControl.swift" \
                $(find "$g/Commands" -name '*.swift' | sort) \
                "$root/Fuzz/ClientMessageFuzzer.swift" \
                "$modules/BuzzerFormats.o" "$modules/BuzzerGame.o" "$modules/BuzzerGameJSON.o" -o "$binary"
        else
            # The reading half of BuzzerArchive (the writer needs swift-log) as its own module, built for
            # testing so that the harness reaches the internal fast paths, then the replay's
            # AnswerLineDecoder with the harness.
            a="$src/BuzzerArchive"
            module BuzzerArchive -enable-testing \
                "$a/ArchiveLine.swift" "$a/ArchiveLineEncoder.swift" "$a/ArchiveReader.swift" "$a/ArchiveProblem.swift" \
                "$a/ArchiveError.swift" "$a/ArchiveFileName.swift" "$a/ArchiveFileSystem.swift" "$a/FileModes.swift"
            swiftc "${flags[@]}" -use-ld=lld -module-name BuzzerArchiveFuzz -I "$modules" \
                "$src/BuzzerReplay/AnswerLineDecoder.swift" "$root/Fuzz/ArchiveLineFuzzer.swift" \
                "$modules/BuzzerArchive.o" "$modules/BuzzerFormats.o" "$modules/BuzzerGame.o" "$modules/BuzzerGameJSON.o" -o "$binary"
        fi
        ;;
esac

[ "$seconds" = 0 ] && { echo "built $binary"; exit 0; }

# Seeds first so a fresh corpus starts from the RFC vectors and real messages and lines; libFuzzer adds what it learns to corpus/.
cp -n "$root/Fuzz/seeds/$target"/* "$out/corpus/" 2>/dev/null || true

# The Swift runtime's own backtracer stalls under ASan at a crash; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$out/corpus" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 "$@"
