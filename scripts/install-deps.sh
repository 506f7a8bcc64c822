#!/usr/bin/env bash
# Installs the Debian 12 packages Facedown builds, tests and runs with.
# Safe to run again; as root, or through sudo.
set -euo pipefail
packages=(
  build-essential cmake pkg-config git ccache
  libspdlog-dev libfmt-dev libsqlite3-dev sqlite3 libsqlitecpp-dev
  nlohmann-json3-dev libcli11-dev libssl-dev catch2 libbenchmark-dev
  libcpp-httplib-dev
  libimgui-dev libstb-dev libglfw3-dev python3-glad libgl-dev
  fonts-nanum xvfb xauth x11-utils libx11-dev libgl1-mesa-dri imagemagick
  xdotool openbox chromium
  nginx libnginx-mod-nchan
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev ffmpeg
  webp
)
# The browser test's driver comes from npm (below); Node.js itself may come from
# elsewhere on the machine, so Debian's is installed only when there is none.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# tests/browser: playwright-core exactly as its lockfile says, from the npm
# registry, here and never at build time. It drives /usr/bin/chromium and must
# not fetch a browser of its own. Skipped when the installed tree already
# matches the lockfile.
browser_dir="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
if [ -f "$browser_dir/package-lock.json" ]; then
  stamp="$browser_dir/node_modules/.package-lock.json"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$browser_dir/package-lock.json" ]; then
    echo "install-deps: tests/browser node modules present"
  else
    echo "install-deps: npm ci in tests/browser"
    (cd "$browser_dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
fi
