#!/usr/bin/env bash
# Quick start command 1: installs what is needed, builds, then launches the
# operator console (and the audience overlay) on the default database
# ($XDG_DATA_HOME/facedown/facedown.db, else ~/.local/share/facedown/facedown.db).
# Without a display it says so and plays the bundled demo final through the
# console under Xvfb instead, saving screenshots into a folder it names.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
bin=build/release
console="$bin/console/facedown-console"
overlay="$bin/overlay/facedown-overlay"
facedown="$bin/tools/facedown/facedown"

data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
db="$data_home/facedown/facedown.db"

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  mkdir -p "$(dirname "$db")"
  echo "demo: console on $db"
  overlay_pid=""
  if [ -x "$overlay" ]; then
    echo "demo: overlay following the newest match in $db"
    "$overlay" --db "$db" --latest &
    overlay_pid=$!
  fi
  status=0
  "$console" --db "$db" || status=$?
  if [ -n "$overlay_pid" ]; then kill "$overlay_pid" 2>/dev/null || true; fi
  exit "$status"
fi

out="$PWD/build/demo-screenshots"
echo "demo: no display (DISPLAY and WAYLAND_DISPLAY are unset)."
echo "demo: playing the bundled demo final through the console under Xvfb instead;"
echo "demo: screenshots go to $out"
rm -rf "$out"
mkdir -p "$out"
demo_db="$out/demo.db"
xvfb-run -a -s "-screen 0 1920x1080x24" "$console" --db "$demo_db" --demo "$out"
if [ -x "$overlay" ]; then
  xvfb-run -a -s "-screen 0 1920x1080x24" "$overlay" --db "$demo_db" --latest \
    --capture "$out/overlay-final.png" --frames 30 || echo "demo: the overlay capture failed"
fi
echo "demo: the final as the public saw it:"
"$facedown" board --view public assets/matches/demo-genius.txt
echo "demo: screenshots in $out:"
ls "$out"
