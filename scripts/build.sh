#!/usr/bin/env bash
# Configures and builds Facedown with a CMake preset (default: ci) into build/<preset>.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/compiler-cache.sh
preset="${1:-ci}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
