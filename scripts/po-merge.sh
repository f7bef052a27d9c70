#!/usr/bin/env bash
# Brings po/marshal.pot up to date from the sources and merges new translations into po/LANG.po:
#   bash scripts/po-merge.sh [LANG [FRAGMENT.po]]     LANG = ru (default)
# FRAGMENT.po holds msgid/msgstr entries (with a header naming charset=UTF-8); its translations are
# added, po/LANG.po's header and translations kept. Lists what is still untranslated or fuzzy.
set -euo pipefail
cd "$(dirname "$0")/.."
lang="${1:-ru}"
fragment="${2:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake -DSOURCE_DIR="$PWD" -DOUTPUT="$PWD/po/marshal.pot" -P po/extract.cmake
msgattrib --translated --no-fuzzy "po/$lang.po" -o "$work/kept.po"
if [ -n "$fragment" ]; then
  msgcat --use-first "$work/kept.po" "$fragment" -o "$work/both.po"
else
  cp "$work/kept.po" "$work/both.po"
fi
msgmerge --quiet --no-fuzzy-matching --add-location=file --sort-output "$work/both.po" po/marshal.pot -o "$work/merged.po"
msgattrib --no-obsolete "$work/merged.po" -o "po/$lang.po"
msgfmt --check --statistics -o /dev/null "po/$lang.po"
msgattrib --untranslated --only-fuzzy "po/$lang.po" 2>/dev/null | grep '^msgid' | sed -n '2,$p' || true
msgattrib --untranslated "po/$lang.po" | grep '^msgid' | sed -n '2,$p' || true
