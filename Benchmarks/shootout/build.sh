#!/usr/bin/env bash
# Builds the shootout load generator: libc only, one file.
# Usage: Benchmarks/shootout/build.sh [output path]   (default: Benchmarks/shootout/shootout)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/shootout}"
"${CC:-cc}" -O2 -std=gnu11 -Wall -Wextra -o "$out" "$here/shootout.c"
echo "built $out" >&2
