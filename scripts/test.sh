#!/usr/bin/env bash
# Sets up, builds the ci preset (warnings as errors, AddressSanitizer + UBSan) and runs every test.
# This is the README's test command and what .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh ci
ctest --preset ci
