#!/usr/bin/env bash
# Quick start command 1: installs what is needed, builds, and runs the main job —
# the bundled demo final through the headless referee, printed as the public saw it
# and as the final state JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
bin=build/release/tools/facedown/facedown
"$bin" board --view referee assets/matches/demo-genius.txt
"$bin" play --final --view public assets/matches/demo-genius.txt
