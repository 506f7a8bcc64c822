#!/usr/bin/env bash
# Held-out self-play calibration of the win probability (docs/analysis.md, "How
# well it predicts"), in resumable chunks of at most 14 minutes each, nice'd:
#   bash bench/analysis/calibration/run.sh MATCHES GAME...
# appends to bench/analysis/calibration/GAME.txt (matches already there are
# skipped), then prints the tables over every file:
#   build/ci/bench/analysis/win_bench calibration-report bench/analysis/calibration/*.txt
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${WIN_BENCH:-$here/../../../build/ci/bench/analysis/win_bench}
matches=$1
shift
for game in "$@"; do
  nice -n 19 "$bench" calibration-run "$here/$game.txt" "$game" 0 "$matches" "${PLAYOUTS:-100}" "${PUBLIC_EVERY:-10}" "${SECONDS_PER_RUN:-840}"
done
