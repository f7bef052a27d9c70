#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (tests/fuzz) and runs each for SECONDS (default 20)
# from its seed corpus (tests/fuzz/corpus_TARGET). A crash fails the script; the input that
# crashed is left in build/fuzz/ and named in the log.
#   bash scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
CXX=clang++ cmake -S tests/fuzz -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build/fuzz
for target in fuzz_card_code fuzz_event_json; do
  work="build/fuzz/corpus_$target"
  mkdir -p "$work"
  cp tests/fuzz/corpus_"${target#fuzz_}"/* "$work"/
  echo "fuzz: $target for ${seconds}s"
  if ! (cd build/fuzz && ./"$target" -max_total_time="$seconds" -print_final_stats=1 \
          "corpus_$target" > "$target.log" 2>&1); then
    tail -40 "build/fuzz/$target.log"
    echo "fuzz: $target FAILED (log: build/fuzz/$target.log)"
    exit 1
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "build/fuzz/$target.log" || true
done
