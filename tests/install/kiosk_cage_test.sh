#!/usr/bin/env bash
# The kiosk as a venue runs it (issue 30; packaging/marshal-kiosk.service, docs/kiosk.md): alone
# under cage, a Wayland compositor, here on its headless backend. cage refuses to run as root, so
# as root (CI) it runs as `nobody` in a folder of its own. The screenshot (grim) must show the
# kiosk's attract screen: its cream background and dark lines of text on it.
#   kiosk_cage_test.sh MARSHAL_KIOSK SOURCE_DIR SCREENSHOT.png
# The program and the sample events are copied into the test's folder: `nobody` may not read the
# folder the repository was cloned into.
set -euo pipefail
kiosk="$1"
source_dir="$2"
shot="$3"
mkdir -p "$(dirname "$shot")"
# How long the kiosk has to open its window and show the attract screen (s); the sanitised CI
# build opens in about 4 s on 2 cores.
readonly attract_within_s=30
work="$(mktemp -d)"
trap 'kill "${cage:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; [ -f "$work/cage.log" ] && tail -20 "$work/cage.log" >&2; exit 1; }

mkdir -p "$work/runtime" "$work/home" "$work/data"
chmod 700 "$work/runtime"
cp "$kiosk" "$work/marshal-kiosk"
cp -r "$source_dir/events" "$work/data/events"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  chmod 755 "$work"
  chown -R nobody:nogroup "$work/runtime" "$work/home"
  chmod -R a+rX "$work/data" "$work/marshal-kiosk"
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
wayland=(env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$work/runtime" HOME="$work/home")
"${as_user[@]}" "${wayland[@]}" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
  GDK_BACKEND=wayland LANGUAGE= LC_ALL=C.UTF-8 MARSHAL_DATA_DIR="$work/data" \
  cage -d -- "$work/marshal-kiosk" --sample >"$work/cage.log" 2>&1 &
cage=$!
disown "$cage"  # stopped at the end: bash need not report how

# The attract screen: most of the window cream (the theme's background), some of it dark text.
for _ in $(seq 1 "$attract_within_s"); do
  sleep 1
  kill -0 "$cage" 2>/dev/null || fail "cage stopped"
  [ -S "$work/runtime/wayland-0" ] || continue
  "${as_user[@]}" "${wayland[@]}" WAYLAND_DISPLAY=wayland-0 grim "$work/home/shot.png" 2>>"$work/grim.log" || continue
  corner="$(convert "$work/home/shot.png" -format '%[pixel:p{10,10}]' info:)"
  dark="$(convert "$work/home/shot.png" -crop 1024x600+0+0 -colorspace Gray -threshold 50% -negate -format '%[fx:mean]' info:)"
  if [ "$corner" = "srgb(250,246,236)" ] && awk -v d="$dark" 'BEGIN { exit !(d > 0.01 && d < 0.3) }'; then
    cp "$work/home/shot.png" "$shot"
    echo "the kiosk's attract screen under cage: $shot (dark share $dark)"
    exit 0
  fi
done
cp "$work/home/shot.png" "$shot" 2>/dev/null || true
tail -3 "$work/grim.log" >&2 2>/dev/null || true
fail "no attract screen within $attract_within_s s (corner ${corner:-none}, dark share ${dark:-none})"
