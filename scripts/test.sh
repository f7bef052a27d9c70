#!/usr/bin/env bash
# Sets up, builds the ci preset (warnings as errors, AddressSanitizer + UBSan), fuzzes the event
# JSON and card-code parsers briefly, and runs every test. This is the README's test command and
# what .ci/run calls. FUZZ_SECONDS (default 20) sets how long each fuzz target runs. Each phase
# says how long it took (docs/development.md keeps the breakdown of CI's minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
phase_start=$SECONDS
took() {
  echo "test.sh: $1 took $((SECONDS - phase_start)) s"
  phase_start=$SECONDS
}
bash scripts/setup.sh ci
took "setup (packages and the ci build)"
bash scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
took "fuzzing"
ctest --preset ci
took "ctest"
echo "test.sh: all of it took ${SECONDS} s"
