#!/usr/bin/env bash
# The long form of the chaos test (issue 10): Tests/BuzzerAppTests/ChaosTests.swift with 500 SIGKILLs
# of a real `buzzer serve` at random moments (lobby, reading, answers flowing, just after a reveal,
# just after resumes), each followed by a restart on the same log and a check of every promise a
# client was given; `buzzer replay verify --all` at the end. The README's test command runs 20.
#
#   Benchmarks/chaos/run.sh            # 500 kills, a random seed (printed)
#   Benchmarks/chaos/run.sh 2000 42    # 2000 kills, seed 42 (replays a failed run)
set -euo pipefail
cd "$(dirname "$0")/../.."
kills="${1:-500}"
seed="${2:-}"
[[ "$kills" =~ ^[0-9]+$ ]] || { echo "run.sh: error: the number of kills must be a whole number, got $kills" >&2; exit 1; }
swift build --build-tests >&2
export BUZZER_CHAOS_KILLS="$kills"
if [ -n "$seed" ]; then export BUZZER_CHAOS_SEED="$seed"; fi
# The test starts and stops its own servers; it fails on the first broken promise with the seed.
swift test --skip-build --filter ChaosTests 2>&1 | grep -E "chaos:|✘|✔ Test run|passed|failed"
