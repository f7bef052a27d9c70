#!/usr/bin/env bash
# Marshal installed, run as an organiser would run it (issue 30; docs/install.md):
#   installed_test.sh BUILD_DIR tree   `cmake --install` into a fresh prefix
#   installed_test.sh BUILD_DIR deb    the Debian packages CPack makes, lintian's checks, their
#                                      Depends resolved by apt (simulated), unpacked into a fresh root
# Either way the installed programs must find the installed sample events and translations (not
# the source tree's): `marshal --version` names them; `marshal init` makes a ledger of the
# installed sample town, `marshal serve` answers on 127.0.0.1, the GM station's and the kiosk's
# --help run, and a Russian --help is Russian.
set -euo pipefail
build="$1"
mode="$2"
work="$(mktemp -d)"
trap 'kill "${server:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

case "$mode" in
  tree)
    prefix="$work/root/opt/marshal"
    cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
    ;;
  deb)
    prefix="$work/root/usr"
    (cd "$build" && cpack -G DEB -B "$work/packages" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
    shopt -s nullglob
    debs=("$work"/packages/*.deb)
    [ "${#debs[@]}" -eq 3 ] || fail "cpack made ${#debs[@]} packages, not 3: ${debs[*]}"
    for name in marshal marshal-gm marshal-kiosk; do
      deb=("$work"/packages/"${name}"_*.deb)
      [ "${#deb[@]}" -eq 1 ] || fail "no package $name"
      depends="$(dpkg-deb -f "${deb[0]}" Depends)"
      echo "$name Depends: $depends"
      # dpkg-shlibdeps's libraries, and the stations' marshal of the same version
      case "$name" in
        marshal) grep -q "libsqlite3" <<<"$depends" || fail "$name does not depend on libsqlite3" ;;
        *) grep -q "libwx" <<<"$depends" || fail "$name does not depend on wxWidgets"
           grep -Eq "(^|, )marshal \(= " <<<"$depends" || fail "$name does not depend on marshal of its version" ;;
      esac
      dpkg-deb -x "${deb[0]}" "$work/root"
    done
    # Debian's own checks of a package: no error (its warnings and notes are printed).
    lintian --fail-on error "${debs[@]}" >"$work/lintian.log" 2>&1 \
      || { cat "$work/lintian.log"; fail "lintian finds errors in the packages"; }
    cat "$work/lintian.log"
    # Every package the three name is one apt can install here (a simulation: nothing changes;
    # `dpkg --dry-run` was tried and passes unmet dependencies).
    apt-get install --simulate "${debs[@]}" >"$work/apt.log" 2>&1 \
      || { cat "$work/apt.log"; fail "apt could not install the packages"; }
    ;;
  *) fail "mode: tree or deb, not '$mode'" ;;
esac

bin="$prefix/bin"
for program in marshal marshal-gm marshal-kiosk; do
  [ -x "$bin/$program" ] || fail "$bin/$program is not installed"
done
[ -f "$prefix/share/marshal/events/lincoln-1875/characters.csv" ] || fail "no sample town under $prefix/share/marshal"
[ -f "$prefix/share/locale/ru/LC_MESSAGES/marshal.mo" ] || fail "no Russian catalogue under $prefix/share/locale"
[ -f "$prefix/share/doc/marshal/README.md" ] || fail "no documentation under $prefix/share/doc/marshal"
for program in marshal marshal-gm marshal-kiosk; do
  page="$prefix/share/man/man1/$program.1.gz"
  [ -f "$page" ] || fail "no man page $page"
  zcat "$page" | grep -i "this help" >/dev/null || fail "the man page of $program does not hold its --help"
done
[ ! -e "$prefix/share/doc/marshal/plans" ] || fail "docs/plans is for developers, not installed"

# The services as shipped, their programs those installed here: systemd says nothing of them
# (verify exits 0 past an unknown key, so any word it prints fails).
units="$prefix/lib/systemd/system"
for unit in marshal-ledger marshal-kiosk; do
  [ -f "$units/$unit.service" ] || fail "no $unit.service under $units"
  sed -e "s|/usr/bin/marshal|$bin/marshal|g" "$units/$unit.service" >"$work/$unit.service"
  said="$(systemd-analyze verify "$work/$unit.service" 2>&1)" || fail "systemd-analyze verify $unit.service: $said"
  [ -z "$said" ] || fail "systemd-analyze verify $unit.service: $said"
done

# The stations in a desktop's menu.
[ -f "$prefix/share/icons/hicolor/scalable/apps/marshal.svg" ] || fail "no icon"
for entry in marshal-gm marshal-kiosk; do
  file="$prefix/share/applications/$entry.desktop"
  [ -f "$file" ] || fail "no $file"
  said="$(desktop-file-validate "$file" 2>&1)" || fail "desktop-file-validate $entry.desktop: $said"
  [ -z "$said" ] || fail "desktop-file-validate $entry.desktop: $said"
done

# Run from elsewhere, with no variable pointing at the data: the programs find it themselves.
cd "$work"
unset MARSHAL_DATA_DIR MARSHAL_LOCALE_DIR
version="$(LANGUAGE= LC_ALL=C.UTF-8 "$bin/marshal" --version)"
echo "$version"
grep -qF "sample events: $prefix/share/marshal/events" <<<"$version" || fail "marshal does not find its installed events"
grep -qF "translations: $prefix/share/locale" <<<"$version" || fail "marshal does not find its installed translations"
russian="$(LANGUAGE= LC_ALL=ru_RU.UTF-8 LANG=ru_RU.UTF-8 "$bin/marshal" --help)"
grep -q "Использование: marshal" <<<"$russian" || fail "marshal --help in Russian is not Russian"

"$bin/marshal" init "$prefix/share/marshal/events/lincoln-1875" --db "$work/town.db" >"$work/init.log" \
  || { cat "$work/init.log"; fail "marshal init on the installed sample town"; }
"$bin/marshal" verify --db "$work/town.db" >/dev/null || fail "marshal verify of the new ledger"
# marshal demo's town is the sample it finds by itself, beside the program.
"$bin/marshal" demo --db "$work/demo.db" >"$work/demo.log" 2>&1 || { cat "$work/demo.log"; fail "marshal demo"; }
grep -q "hash chain intact" "$work/demo.log" || { cat "$work/demo.log"; fail "marshal demo did not audit its ledger"; }

# The ledger server as a venue runs it (TLS, its key made on first start), on 127.0.0.1.
port=$(( 20000 + RANDOM % 20000 ))
"$bin/marshal" serve --db "$work/town.db" --listen "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -fsSk "https://127.0.0.1:$port/health" >"$work/health.json" 2>/dev/null && break
  sleep 0.1
done
grep -q '"ok"' "$work/health.json" 2>/dev/null || { cat "$work/serve.log"; fail "marshal serve does not answer /health"; }
kill "$server"; wait "$server" 2>/dev/null || true; server=

"$bin/marshal-gm" --help >"$work/gm.log" 2>&1 || { cat "$work/gm.log"; fail "marshal-gm --help"; }
grep -q -- "--sample" "$work/gm.log" || fail "marshal-gm --help says nothing of --sample"
"$bin/marshal-kiosk" --help >"$work/kiosk.log" 2>&1 || { cat "$work/kiosk.log"; fail "marshal-kiosk --help"; }
echo "installed ($mode) under $prefix: ok"
