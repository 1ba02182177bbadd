#!/usr/bin/env bash
# Builds the bar-night load client: libc only, one file.
# Usage: Benchmarks/game/build.sh [output path]   (default: Benchmarks/game/game)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/game}"
"${CC:-cc}" -O2 -std=gnu11 -Wall -Wextra -o "$out" "$here/game.c"
echo "built $out" >&2
