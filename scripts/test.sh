#!/usr/bin/env bash
# Sets up, builds the ci preset (warnings as errors, AddressSanitizer + UBSan), fuzzes the event
# JSON and card-code parsers briefly, and runs every test. This is the README's test command and
# what .ci/run calls. FUZZ_SECONDS (default 20) sets how long each fuzz target runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh ci
bash scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
ctest --preset ci
