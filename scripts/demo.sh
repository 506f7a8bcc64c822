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

# Under sudo the windows open as the user who asked, with that user's data dir
# (and X authority); installing and building needed root, running does not.
as_user=()
user_home="$HOME"
if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
  as_user=(sudo -u "$SUDO_USER" -H env "DISPLAY=${DISPLAY:-}" "WAYLAND_DISPLAY=${WAYLAND_DISPLAY:-}"
           "XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-}")
  user_home="$(getent passwd "$SUDO_USER" | cut -d: -f6)"
fi
data_home="${XDG_DATA_HOME:-$user_home/.local/share}"
db="$data_home/facedown/facedown.db"

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  "${as_user[@]}" mkdir -p "$(dirname "$db")"
  echo "demo: console on $db"
  overlay_pid=""
  if [ -x "$overlay" ]; then
    echo "demo: overlay following the newest match in $db"
    "${as_user[@]}" "$overlay" --db "$db" --latest &
    overlay_pid=$!
  fi
  status=0
  "${as_user[@]}" "$console" --db "$db" || status=$?
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
