#!/usr/bin/env bash
# Installs the Debian 12 packages Facedown builds, tests and runs with.
# Safe to run again; as root, or through sudo.
set -euo pipefail
packages=(
  build-essential cmake pkg-config git
  libspdlog-dev libfmt-dev libsqlite3-dev sqlite3 libsqlitecpp-dev
  nlohmann-json3-dev libcli11-dev libssl-dev catch2 libbenchmark-dev
  libimgui-dev libstb-dev libglfw3-dev python3-glad libgl-dev
  fonts-nanum xvfb xauth x11-utils libx11-dev libgl1-mesa-dri imagemagick
  libcpp-httplib-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
