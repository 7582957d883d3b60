# Sourced by .ci/run and bin/* scripts: makes JAVA_HOME point at a JDK 22 or newer.
# Keeps a JAVA_HOME that already qualifies; otherwise picks the newest JDK 22+ under the usual
# install roots. lcjwt needs the FFM API (JDK 22+); the build uses JDK 25 where it exists.

_lcjwt_java_major() {
  # The release file answers without starting a JVM (about 100 ms each, per script run).
  if [ -f "$1/release" ]; then
    _v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" | head -n1)"
    if [ -n "$_v" ]; then echo "$_v"; return 0; fi
  fi
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n1
}

_lcjwt_find_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    v="$(_lcjwt_java_major "$JAVA_HOME")"
    if [ -n "$v" ] && [ "$v" -ge 22 ]; then echo "$JAVA_HOME"; return 0; fi
  fi
  best=""; best_v=0
  for d in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/jdk* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [ -x "$d/bin/javac" ] || continue
    v="$(_lcjwt_java_major "$d")"
    [ -n "$v" ] || continue
    if [ "$v" -ge 22 ] && [ "$v" -gt "$best_v" ]; then best="$d"; best_v="$v"; fi
  done
  if [ -n "$best" ]; then echo "$best"; return 0; fi
  return 1
}

if _lcjwt_home="$(_lcjwt_find_jdk)"; then
  export JAVA_HOME="$_lcjwt_home"
  export PATH="$JAVA_HOME/bin:$PATH"
else
  echo "lcjwt needs a JDK 22 or newer (FFM API); none found in JAVA_HOME or /usr/lib/jvm. Install one and set JAVA_HOME." >&2
  return 1 2>/dev/null || exit 1
fi
