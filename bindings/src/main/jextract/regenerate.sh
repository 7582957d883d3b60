#!/usr/bin/env bash
# Regenerates lcjwt's libcrypto bindings from aws-lc's headers with an installed jextract.
#
#   bindings/src/main/jextract/regenerate.sh           rewrite bindings/src/main/java/io/lcjwt/bindings/libcrypto
#   bindings/src/main/jextract/regenerate.sh --check   regenerate into a temp dir and fail if it differs
#
# Needs: jextract on PATH (or JEXTRACT=/path/to/jextract), and aws-lc's headers: AWS_LC_INCLUDE
# (default: the first of /opt/aws-lc/include, /usr/local/include, /usr/include that holds aws-lc's
# openssl/base.h). The output is never edited by hand: this script is the only way it changes.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module="$(cd "$here/../../.." && pwd)"
out_pkg_dir="io/lcjwt/bindings/libcrypto"

jextract="${JEXTRACT:-$(command -v jextract || true)}"
if [[ -z "$jextract" || ! -x "$jextract" ]]; then
  echo "regenerate.sh: no jextract found; put it on PATH or set JEXTRACT=/path/to/bin/jextract" >&2
  exit 2
fi

include="${AWS_LC_INCLUDE:-}"
if [[ -z "$include" ]]; then
  for d in /opt/aws-lc/include /usr/local/include /usr/include; do
    if grep -qs AWSLC_API_VERSION "$d/openssl/base.h"; then include="$d"; break; fi
  done
fi
if [[ -z "$include" ]] || ! grep -qs AWSLC_API_VERSION "$include/openssl/base.h"; then
  echo "regenerate.sh: aws-lc's headers not found; set AWS_LC_INCLUDE to the folder holding openssl/base.h of aws-lc" >&2
  exit 2
fi

check=false
[[ "${1:-}" == "--check" ]] && check=true

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Every name in the argfile must be known to jextract: a misspelled --include-* is skipped silently.
# jextract warns about every aws-lc type it skips; keep that in a log unless something fails.
"$jextract" -I "$include" --dump-includes "$work/includes.txt" "$here/lcjwt.h" >"$work/dump.log" 2>&1 \
  || { cat "$work/dump.log" >&2; exit 1; }
missing=0
while read -r flag name; do
  [[ "$flag" == --include-* ]] || continue
  if ! grep -qE -- "^$flag $name( |$)" "$work/includes.txt"; then
    echo "regenerate.sh: $flag $name is not declared in aws-lc's headers" >&2
    missing=1
  fi
done < <(grep -E '^--include-' "$here/lcjwt.argfile")
[[ $missing == 0 ]] || exit 1

"$jextract" -I "$include" --output "$work/src" @"$here/lcjwt.argfile" "$here/lcjwt.h" \
  >"$work/jextract.log" 2>&1 || { cat "$work/jextract.log" >&2; exit 1; }

# jextract's output targets JDK 23+ in one place: SymbolLookup.findOrThrow. The equivalent
# find(name).orElseThrow() keeps the bindings compilable with --release 22.
find "$work/src" -name '*.java' -print0 | xargs -0 sed -i -E \
  's/SYMBOL_LOOKUP\.findOrThrow\(([^)]*)\)/SYMBOL_LOOKUP.find(\1).orElseThrow()/g'

if $check; then
  if diff -ru "$module/src/main/java/$out_pkg_dir" "$work/src/$out_pkg_dir"; then
    echo "regenerate.sh: committed bindings match the argfile"
  else
    echo "regenerate.sh: committed bindings differ from what the argfile produces; run regenerate.sh" >&2
    exit 1
  fi
else
  rm -rf "$module/src/main/java/$out_pkg_dir"
  mkdir -p "$module/src/main/java/$out_pkg_dir"
  cp "$work/src/$out_pkg_dir"/*.java "$module/src/main/java/$out_pkg_dir/"
  echo "regenerate.sh: wrote $(ls "$module/src/main/java/$out_pkg_dir" | wc -l) files to bindings/src/main/java/$out_pkg_dir"
fi
