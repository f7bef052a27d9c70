#!/usr/bin/env bash
# Installs Marshal's Debian packages (scripts/debian-packages.txt) and builds a preset.
#   bash scripts/setup.sh [PRESET]     PRESET = dev (default) or ci
# Runs apt-get only for packages that are missing, so a second run is quick. The dev preset
# builds the programs, their translations, man pages and package files only (what the README's
# first command runs, and what cpack packs); `cmake --build --preset dev` builds the tests and
# benchmarks too. The ci preset builds all.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"

mapfile -t packages < <(grep -vE '^\s*(#|$)' scripts/debian-packages.txt)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
  echo "setup: the packages took ${SECONDS} s"
fi

cmake --preset "$preset" >/dev/null
if [ "$preset" = dev ]; then
  cmake --build --preset dev --target marshal marshal-gm marshal-kiosk marshal_translations marshal_install_files
else
  cmake --build --preset "$preset"
fi
