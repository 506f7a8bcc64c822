#!/usr/bin/env bash
# Idle cost of facedown-overlay: CPU share of one core over a window of N
# seconds, on a private Xvfb (Mesa llvmpipe, so every redraw costs real CPU), in
# three scenes: the store file missing (waiting), a finished match (nothing
# moves), and a live match idling with its turn clock running (one redraw per
# second). Usage: bench/overlay/idle_cpu.sh BUILD_DIR [SECONDS]
# OVERLAY_ARGS adds options to the overlay (e.g. --full-frames, the cost of
# rendering every frame whole). The load average is printed: the machine is shared.
set -euo pipefail
build=${1:?build dir}
secs=${2:-20}
overlay=$build/overlay/facedown-overlay
writer=$build/bench/overlay/overlay_store_writer
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$tmp/display" 2>/dev/null &
pids+=($!)
for _ in $(seq 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$tmp/display")"
export LIBGL_ALWAYS_SOFTWARE=1

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() {  # pid label
  sleep 3  # start-up (font atlas, first frames) is not idle
  local a b hz
  a=$(ticks "$1"); sleep "$secs"; b=$(ticks "$1"); hz=$(getconf CLK_TCK)
  awk -v a="$a" -v b="$b" -v hz="$hz" -v s="$secs" -v l="$2" 'BEGIN { printf "%-34s %5.2f %% of one core\n", l, 100 * (b - a) / hz / s }'
}

echo "load average: $(cut -d" " -f1-3 /proc/loadavg)${OVERLAY_ARGS:+, overlay $OVERLAY_ARGS}"
# shellcheck disable=SC2086 # OVERLAY_ARGS is a list of words
"$overlay" --db "$tmp/missing.db" ${OVERLAY_ARGS:-} &
pids+=($!); measure $! "waiting for a missing file"; kill "${pids[-1]}"

"$writer" --db "$tmp/finished.db" --commands 40 --min-ms 1 --max-ms 2 --finish >/dev/null
"$overlay" --db "$tmp/finished.db" ${OVERLAY_ARGS:-} &
pids+=($!); measure $! "finished match (result banner)"; kill "${pids[-1]}"

"$writer" --db "$tmp/live.db" --commands 12 --min-ms 1 --max-ms 2 --hold >/dev/null &
pids+=($!)
sleep 1
"$overlay" --db "$tmp/live.db" ${OVERLAY_ARGS:-} &
pids+=($!); measure $! "live match, turn clock running"; kill "${pids[-1]}"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
