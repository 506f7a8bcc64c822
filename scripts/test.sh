#!/usr/bin/env bash
# Quick start command 2: installs what is needed, builds, and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/compiler-cache.sh
bash scripts/build.sh ci
ctest --preset ci
# The sanitizer share: the fuzz test (an eighth of its cases in a Debug build)
# under AddressSanitizer and UndefinedBehaviorSanitizer (the dev preset). Only the
# fuzz target and what it links are built, so this adds a few minutes, not a
# second full build. Undefined behaviour fails the run instead of being printed.
cmake --preset dev >/dev/null
cmake --build --preset dev -j "$(nproc)" --target fuzz_tests >/dev/null
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ctest --preset dev -R fuzz
